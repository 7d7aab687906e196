"""One behaviour suite on both engines (issue 31): a rulings test run on the reference and, in
lockstep, on the game's compiled kernel (plain Python here).

In the ``kernel`` run of a test (``tests/conftest.py`` runs every ``tests/games/*/test_rulings.py`` test
once per engine), the game's ``start`` and ``apply`` are wrapped by a :class:`Mirror`.  A game started
from a seed or an explicit deck is also dealt in a one-game kernel batch (the same players,
options, seed and deck): its *twin*.  Every action applied to a state that has a twin is applied
to a copy of the twin by its action index, and after the deal and after every step the twin must
hold what the reference holds, field by field: the game's ``same_state`` of
``tests/games/<package>/test_fast.py`` (actors, every seat's legal mask, hands, field, scores, the
result...).  A rule changed in one engine alone thus fails in the other's run.  Million Doubt's
written positions (``position()``: states made by hand, not dealt) are written into a kernel row
by :func:`encode_million_doubt`, and so get a twin too; so are Daifugo's tables written by hand
(:func:`encode_daifugo`, any state).

The kernel reports no events; what the events say is checked through the state they leave.
"""

from __future__ import annotations

import copy
import importlib
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from kakehiki.cards import Card, parse_cards
from kakehiki.core import Event, Game
from kakehiki.games.daifugo.kernel import layout as DF
from kakehiki.games.daifugo.kernel.batch import DaifugoBatch
from kakehiki.games.daifugo.kernel.batch import option_header as daifugo_header
from kakehiki.games.dhumbal.kernel.batch import DhumbalBatch
from kakehiki.games.dobon.kernel.batch import DobonBatch
from kakehiki.games.dobon_arith.kernel.batch import DobonArithBatch
from kakehiki.games.doubt.kernel.batch import DoubtBatch
from kakehiki.games.million_doubt.kernel import layout as MD
from kakehiki.games.million_doubt.kernel.batch import MillionDoubtBatch, option_header
from kakehiki.prng import fnv1a64

ENGINES = ("reference", "kernel")
Same = Callable[[Any, Any, str], None]  # (reference state, batch, note): assert game 0 of the batch holds it


@dataclass
class Twin:
    """How a game's kernel follows the reference: its batch class, the comparison of a state
    with game 0 of a batch, and (where states are made by hand) how to write one into a batch."""

    batch: Callable[..., Any]
    same: Callable[[], Same]  # imported late: the comparisons live in the games' test_fast.py
    encode: Callable[[Any, Any], None] | None = None


def _same(module: str) -> Callable[[], Same]:
    def load() -> Same:
        same: Same = importlib.import_module(module).same_state
        return same
    return load


def encode_million_doubt(state: Any, batch: MillionDoubtBatch) -> None:
    """Write a written position (:func:`kakehiki.games.million_doubt.rules.position.position`: hands,
    field, turn, order and lock, the rest as dealt) into game 0 of ``batch``."""
    if state.phase != 0 or state.laying or state.claim is not None or state.window or state.outcomes:
        raise NotImplementedError("only positions between turns are written into a kernel row")
    row, p, face = batch.rows[0], state.players, batch.deck_face
    batch._header = row[: MD.ROUND] = option_header(state.options, p)
    batch.actions = MD.action_count(int(row[MD.OPT_MOST_HIDDEN]))  # the options may differ from the batch's
    batch._mask = np.zeros(batch.actions, dtype=np.uint8)
    row[MD.HAND : MD.GIVEN + MD.FACES] = 0
    for seat, hand in enumerate(state.hands):
        for card in hand:
            row[MD.HAND + seat * MD.FACES + face(card)] += 1
        for card in state.known[seat]:
            row[MD.KNOWN + seat * MD.FACES + face(card)] += 1
        row[MD.SIZES + seat], row[MD.STATUS + seat] = len(hand), int(state.status[seat])
    start = 0
    for k, play in enumerate(state.field):
        cards = [face(c) for c in (*play.up, *play.down)]
        row[MD.FCARDS + start : MD.FCARDS + start + len(cards)] = cards
        row[MD.PSEAT + k], row[MD.PSTART + k], row[MD.PUP + k] = play.seat, start, len(play.up)
        row[MD.PDOWN + k], row[MD.PREV + k] = len(play.down), int(play.revolution)
        start += len(cards)
    row[MD.NPLAYS], row[MD.NFCARDS] = len(state.field), start
    row[MD.ASIDE : MD.ASIDE + len(state.aside)] = [face(c) for c in state.aside]
    row[MD.NASIDE] = len(state.aside)
    lock = 0 if state.lock is None else sum(1 << "SHDC".index(suit) for suit in state.lock)
    row[[MD.LEADER, MD.TURN_SEAT, MD.LAST_PLAYER, MD.BINDING, MD.LOCK, MD.REVOLUTION, MD.ELEVEN_BACK]] = [
        state.leader, state.turn, state.last_player, state.binding, lock, int(state.revolution),
        int(state.eleven_back)]


def encode_daifugo(state: Any, batch: DaifugoBatch) -> None:
    """Write any Daifugo state (a table written by hand: its hands, turn, phase, field, the
    exchange...) into game 0 of ``batch``, field by field; later deals draw from its seed."""
    row, p, face = batch.rows[0], state.players, batch.deck_face
    batch._header = row[: DF.HEADER] = daifugo_header(state.options, p)
    row[DF.HEADER :] = 0
    batch.seeds[0] = state.seed
    batch.streams[0, DF.U_PREFIX] = fnv1a64(f"{state.seed}/".encode())
    lock = sum(1 << "SHDC".index(suit) for suit in state.lock or ())
    last = state.outcomes[-1] if state.outcomes else None
    row[[DF.ROUND, DF.STEPS, DF.PHASE, DF.TURN_SEAT, DF.LAST_PLAYER, DF.LOCK, DF.STRICT, DF.REVOLUTION,
         DF.ELEVEN_BACK, DF.NROUNDS, DF.LAST_REASON]] = [
        state.round_no, state.steps, int(state.phase), state.turn, state.last_player, lock, int(state.strict),
        int(state.revolution), int(state.eleven_back), len(state.outcomes),
        DF.NONE if last is None else DF.REASONS.index(last.reason)]
    for outcome in state.outcomes:
        row[DF.REASON_COUNTS + DF.REASONS.index(outcome.reason)] += 1
        if outcome.order:
            row[DF.LAST_ORDER : DF.LAST_ORDER + p] = outcome.order
            row[DF.WINS + outcome.order[0]] += 1
            row[DF.LOSSES + outcome.order[-1]] += 1
    for seat, hand in enumerate(state.hands):
        for card in hand:
            row[DF.HAND + seat * DF.FACES + face(card)] += 1
        row[DF.SIZES + seat], row[DF.SCORES + seat] = len(hand), state.scores[seat]
        row[DF.ACTIVE + seat], row[DF.PASSED + seat] = int(state.active[seat]), int(state.passed[seat])
        row[DF.NKNOWN + seat] = len(state.known[seat])
        for k, (holder, card) in enumerate(state.known[seat]):
            row[DF.KNOWN_HOLDER + seat * DF.MAX_KNOWN + k] = holder
            row[DF.KNOWN_FACE + seat * DF.MAX_KNOWN + k] = face(card)
    for card in state.gone:
        row[DF.GONE + face(card)] += 1
    for column, count, values in ((DF.FINISHED, DF.NFINISHED, state.finished), (DF.FALLEN, DF.NFALLEN, state.fallen),
                                  (DF.LAYING, DF.NLAYING, [face(c) for c in state.laying]),
                                  (DF.GIVING, DF.NGIVING, [face(c) for c in state.giving]),
                                  (DF.RETURNS, DF.NRETURNS, [x for r in state.returns for x in r])):
        row[column : column + len(values)] = values
        row[count] = len(state.returns) if count == DF.NRETURNS else len(values)
    start = 0
    for k, play in enumerate(state.field):
        row[DF.FCARDS + start : DF.FCARDS + start + len(play.cards)] = [face(c) for c in play.cards]
        row[[DF.PSEAT + k, DF.PSTART + k, DF.PCOUNT + k, DF.PSHAPE + k, DF.PLEVEL + k]] = [
            play.seat, start, len(play.cards), play.shape, play.level]
        start += len(play.cards)
    row[DF.NPLAYS], row[DF.NFCARDS] = len(state.field), start


TWINS: dict[str, Twin] = {
    "dobon": Twin(DobonBatch, _same("games.dobon.test_fast")),
    "dobon-arith": Twin(DobonArithBatch, _same("games.dobon_arith.test_fast")),
    "doubt": Twin(DoubtBatch, _same("games.doubt.test_fast")),
    "million-doubt": Twin(MillionDoubtBatch, _same("games.million_doubt.test_fast"), encode_million_doubt),
    "dhumbal": Twin(DhumbalBatch, _same("games.dhumbal.test_fast")),
    "daifugo": Twin(DaifugoBatch, _same("games.daifugo.test_fast"), encode_daifugo),
}


def cards_of(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    return tuple(card if isinstance(card, Card) else parse_cards(card)[0] for card in deck)


@dataclass
class Mirror:
    """The reference's ``start`` and ``apply``, each followed on the kernel twin of its state."""

    game: Game[Any, Any, Any]
    twin: Twin
    steps: int = 0  # actions checked on the kernel
    twinned: int = 0  # states given a twin
    twins: dict[int, tuple[weakref.ref[Any], Any]] = field(default_factory=dict)  # id(state): (state, batch)

    def __post_init__(self) -> None:
        self._start, self._apply, self._same = self.game.start, self.game.apply, self.twin.same()

    def start(self, players: int | None = None, options: Mapping[str, object] | None = None, seed: int = 0,
              deck: Sequence[Card | str] | None = None) -> tuple[Any, tuple[Event, ...]]:
        state, events = self._start(players, options, seed, deck)
        if type(seed) is int:  # a legacy seed deals as an old version did: the reference's alone
            cards = None if deck is None else cards_of(deck)
            batch = self.twin.batch([seed], self.game.players(state), options, jit=False, deck=cards)
            self._same(state, batch, "kernel twin: after the deal")
            self.keep(state, batch)
        return state, events

    def apply(self, state: Any, seat: int, action: Any) -> tuple[Any, tuple[Event, ...]]:
        twin = self.twin_of(state)
        after, events = self._apply(state, seat, action)
        if twin is not None:
            act = self.game.parse_action(action) if isinstance(action, str) else action
            batch = copy.copy(twin)
            batch.rows, batch.streams = twin.rows.copy(), twin.streams.copy()
            batch.step([self.game.action_index(state, act)], [seat])
            self._same(after, batch, f"kernel twin: after seat {seat}: {act}")
            self.keep(after, batch)
            self.steps += 1
        return after, events

    def keep(self, state: Any, batch: Any) -> None:
        """Hold ``batch`` as the twin of ``state`` while ``state`` lives."""
        key = id(state)
        self.twins[key] = (weakref.ref(state), batch)
        weakref.finalize(state, self.twins.pop, key, None)
        self.twinned += 1

    def twin_of(self, state: Any) -> Any:
        kept = self.twins.get(id(state))
        if kept is not None and kept[0]() is state:
            return kept[1]
        if self.twin.encode is None:
            return None
        try:
            batch = self.twin.batch([0], self.game.players(state), jit=False)
            self.twin.encode(state, batch)
        except NotImplementedError:
            return None
        self._same(state, batch, "kernel twin: the position written into a row")
        self.keep(state, batch)
        return batch


@contextmanager
def mirrored(game: Game[Any, Any, Any]) -> Iterator[Mirror]:
    """``game`` followed on its kernel until the block ends."""
    mirror = Mirror(game, TWINS[game.id])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "start", mirror.start)
        patch.setattr(game, "apply", mirror.apply)
        yield mirror


def rulings_game(module: str) -> str | None:
    """The game whose rulings the test module ``module`` holds (``games.dobon_arith.test_rulings``:
    ``dobon-arith``), or ``None`` for any other module."""
    parts = module.split(".")
    if len(parts) != 3 or parts[0] != "games" or parts[2] != "test_rulings":
        return None
    name = parts[1].replace("_", "-")
    return name if name in TWINS else None
