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
written positions (``position()``: states made by hand, not dealt) and Daifugo's tables written by
hand are written into a kernel row by their ``test_fast.py``'s ``encode``, and so get a twin too.

The kernel reports no events; what the events say is checked through the state they leave.
"""

from __future__ import annotations

import copy
import importlib
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from kakehiki.cards import Card, parse_cards
from kakehiki.core import Event, Game
from kakehiki.fast.engines import batch_class, fast_games
from kakehiki.manifest import manifest

ENGINES = ("reference", "kernel")
Same = Callable[[Any, Any, str], None]  # (reference state, batch, note): assert game 0 of the batch holds it


@dataclass(frozen=True)
class Twin:
    """How a game's kernel follows the reference, found by discovery: its batch class (the
    manifest's ``kernel``), and in the game's own ``tests/games/<package>/test_fast.py`` the
    comparison of a state with game 0 of a batch (``same_state``) and, where the game's tests make
    states by hand, how to write one into a batch (``encode``, optional)."""

    game: str
    package: str

    @property
    def batch(self) -> Callable[..., Any]:
        found = batch_class(self.game)
        assert found is not None, f"{self.game} has no kernel"
        return found  # type: ignore[no-any-return]

    def tests(self) -> ModuleType:
        """The game's lockstep tests (imported late: a game's tests import this module's helpers)."""
        return importlib.import_module(f"games.{self.package}.test_fast")

    def same(self) -> Same:
        same: Same = self.tests().same_state
        return same

    @property
    def encode(self) -> Callable[[Any, Any], None] | None:
        found: Callable[[Any, Any], None] | None = getattr(self.tests(), "encode", None)
        return found


TWINS: dict[str, Twin] = {game: Twin(game, manifest(game).package.rpartition(".")[2]) for game in fast_games()}
"""Every game the compiled engine plays, with its twin (no list kept by hand: a game's kernel
and its ``test_fast.py`` are enough)."""


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
