"""The compiled Daifugo engine (``kakehiki.games.daifugo.kernel.batch``) against the reference, in
lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random; after each step the test compares actors, every seat's
mask, hands, the field play by play, the cards shown and chosen for a return, the returns still
to make, what each seat knows of the cards it handed over, the cards gone, the lock, the order
of strength, the seats out and fallen, scores and, at the end, the result.  The kernels run as
plain Python here (no numba needed, bounded time); the compiled variant runs when numba is
installed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kakehiki import get_game
from kakehiki.cards import JOKER, STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.errors import IllegalActionError, OptionError
from kakehiki.fast import have_numba
from kakehiki.games.daifugo.kernel import layout as L
from kakehiki.games.daifugo.kernel.batch import DaifugoBatch, option_header
from kakehiki.games.daifugo.rules.model import FACES, DaifugoState
from kakehiki.prng import fnv1a64
from lockstep import same_first_actor_play_outs, same_play_outs, same_result, walk

GAME = get_game("daifugo")
FACE = {card: face for face, card in enumerate(FACES)}
SUIT_BITS = {suit: 1 << k for k, suit in enumerate("SHDC")}

options = st.fixed_dictionaries({}, optional={
    "games": st.integers(1, 4),
    "jokers": st.sampled_from([1, 2]),
    "decks": st.sampled_from(["auto", 1, 2]),
    "run_revolution": st.booleans(),
    "eight_cut": st.booleans(),
    "eleven_back": st.booleans(),
    "lock": st.booleans(),
    "strict_lock": st.booleans(),
    "spade3": st.booleans(),
    "foul_two": st.booleans(),
    "foul_joker": st.booleans(),
    "foul_eight": st.booleans(),
    "foul_three": st.booleans(),
    "miyako_ochi": st.booleans(),
    "scoring": st.sampled_from(["common", "uecda"]),
    "max_steps": st.sampled_from([5000, 40, 150]),
})


def faces(cards: Sequence[Card]) -> list[int]:
    return [FACE[c] for c in cards]


def counts(cards: Sequence[Card]) -> list[int]:
    found = [0] * L.FACES
    for card in cards:
        found[FACE[card]] += 1
    return found


def encode(state: DaifugoState, batch: DaifugoBatch) -> None:
    """Write any Daifugo state (a table written by hand: its hands, turn, phase, field, the
    exchange...) into game 0 of ``batch``, field by field; later deals draw from its seed."""
    row, p, face = batch.rows[0], state.players, batch.deck_face
    batch._header = row[: L.HEADER] = option_header(state.options, p)
    row[L.HEADER :] = 0
    batch.seeds[0] = state.seed
    batch.streams[0, L.U_PREFIX] = fnv1a64(f"{state.seed}/".encode())
    lock = sum(1 << "SHDC".index(suit) for suit in state.lock or ())
    last = state.outcomes[-1] if state.outcomes else None
    row[[L.ROUND, L.STEPS, L.PHASE, L.TURN_SEAT, L.LAST_PLAYER, L.LOCK, L.STRICT, L.REVOLUTION,
         L.ELEVEN_BACK, L.NROUNDS, L.LAST_REASON]] = [
        state.round_no, state.steps, int(state.phase), state.turn, state.last_player, lock, int(state.strict),
        int(state.revolution), int(state.eleven_back), len(state.outcomes),
        L.NONE if last is None else L.REASONS.index(last.reason)]
    for outcome in state.outcomes:
        row[L.REASON_COUNTS + L.REASONS.index(outcome.reason)] += 1
        if outcome.order:
            row[L.LAST_ORDER : L.LAST_ORDER + p] = outcome.order
            row[L.WINS + outcome.order[0]] += 1
            row[L.LOSSES + outcome.order[-1]] += 1
    for seat, hand in enumerate(state.hands):
        for card in hand:
            row[L.HAND + seat * L.FACES + face(card)] += 1
        row[L.SIZES + seat], row[L.SCORES + seat] = len(hand), state.scores[seat]
        row[L.ACTIVE + seat], row[L.PASSED + seat] = int(state.active[seat]), int(state.passed[seat])
        row[L.NKNOWN + seat] = len(state.known[seat])
        for k, (holder, card) in enumerate(state.known[seat]):
            row[L.KNOWN_HOLDER + seat * L.MAX_KNOWN + k] = holder
            row[L.KNOWN_FACE + seat * L.MAX_KNOWN + k] = face(card)
    for card in state.gone:
        row[L.GONE + face(card)] += 1
    for column, count, values in ((L.FINISHED, L.NFINISHED, state.finished), (L.FALLEN, L.NFALLEN, state.fallen),
                                  (L.LAYING, L.NLAYING, [face(c) for c in state.laying]),
                                  (L.GIVING, L.NGIVING, [face(c) for c in state.giving]),
                                  (L.RETURNS, L.NRETURNS, [x for r in state.returns for x in r])):
        row[column : column + len(values)] = values
        row[count] = len(state.returns) if count == L.NRETURNS else len(values)
    start = 0
    for k, play in enumerate(state.field):
        row[L.FCARDS + start : L.FCARDS + start + len(play.cards)] = [face(c) for c in play.cards]
        row[[L.PSEAT + k, L.PSTART + k, L.PCOUNT + k, L.PSHAPE + k, L.PLEVEL + k]] = [
            play.seat, start, len(play.cards), play.shape, play.level]
        start += len(play.cards)
    row[L.NPLAYS], row[L.NFCARDS] = len(state.field), start


def same_state(state: DaifugoState, batch: DaifugoBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (game 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    hands = batch.hand_counts()[0]
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        assert hands[seat].tolist() == counts(state.hands[seat]), f"{note}: hand of seat {seat}"
        assert batch.known(0, seat) == [(h, FACE[c]) for h, c in state.known[seat]], f"{note}: known of seat {seat}"
    assert batch.field(0) == [(f.seat, faces(f.cards), f.shape, f.level) for f in state.field], note
    assert row[L.GONE : L.GONE + L.FACES].tolist() == counts(state.gone), note
    assert row[L.LAYING : L.LAYING + row[L.NLAYING]].tolist() == faces(state.laying), note
    assert row[L.GIVING : L.GIVING + row[L.NGIVING]].tolist() == faces(state.giving), note
    assert batch.returns(0) == list(state.returns), note
    lock = 0 if state.lock is None else sum(SUIT_BITS[suit] for suit in state.lock)
    scalars = {L.ROUND: state.round_no, L.STEPS: state.steps, L.PHASE: int(state.phase), L.TURN_SEAT: state.turn,
               L.LAST_PLAYER: state.last_player, L.LOCK: lock, L.STRICT: int(state.strict),
               L.REVOLUTION: int(state.revolution), L.ELEVEN_BACK: int(state.eleven_back),
               L.NROUNDS: len(state.outcomes)}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    per_seat = {L.SCORES: state.scores, L.ACTIVE: tuple(int(a) for a in state.active),
                L.PASSED: tuple(int(x) for x in state.passed), L.SIZES: tuple(len(h) for h in state.hands)}
    assert {k: tuple(row[k : k + p].tolist()) for k in per_seat} == per_seat, note
    lists = {L.FINISHED: (L.NFINISHED, state.finished), L.FALLEN: (L.NFALLEN, state.fallen)}
    assert {k: tuple(row[k : k + row[n]].tolist()) for k, (n, _) in lists.items()} == {
        k: v for k, (_, v) in lists.items()}, note
    if state.outcomes:
        last = state.outcomes[-1]
        assert L.REASONS[row[L.LAST_REASON]] == last.reason, note
        if last.order:
            assert tuple(row[L.LAST_ORDER : L.LAST_ORDER + p].tolist()) == last.order, note
    same_result(GAME.result(state), batch.results(), note, rounds=True)


def playing_often(rng: random.Random, legal: Sequence[Action]) -> Action:
    """Any legal action, but often the one that makes the play shown, so that plays come often."""
    ending = [a for a in legal if str(a) == "play"]
    return rng.choice(ending) if ending and rng.random() < 0.5 else rng.choice(legal)


def lockstep(seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int) -> int:
    """Play one match in both engines with the same choices; the steps taken."""
    state = GAME.new(count, opts, seed=seed)
    batch = DaifugoBatch([seed], count, opts, jit=jit)
    assert len(GAME.action_space(state)) == batch.actions
    steps, _ = walk(GAME, state, batch, random.Random(walk_seed), limit,
                    lambda state, _steps, note: same_state(state, batch, note), pick=playing_often)
    return steps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=st.integers(2, 8), opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=False, limit=200)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=st.integers(2, 8), opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=True, limit=200)


def test_F9_a_whole_match_of_three_games_in_lockstep_through_every_exchange() -> None:
    """Three games at four seats walked to the end: every deal, exchange by force and return."""
    state = GAME.new(4, {"games": 3}, seed=5)
    batch = DaifugoBatch([5], 4, {"games": 3}, jit=False)
    steps, last = walk(GAME, state, batch, random.Random(1), 10_000,
                       lambda state, _steps, note: same_state(state, batch, note), pick=playing_often)
    assert GAME.result(last) is not None and len(last.outcomes) == 3 and steps < 10_000


@settings(max_examples=6, deadline=None)
@given(first=st.integers(0, 10**9), count=st.integers(2, 8), opts=options)
def test_playout_plays_the_games_of_the_random_bot(first: int, count: int, opts: dict[str, Any]) -> None:
    """The kernel's ``random`` policy is ``driver.play_out`` with the random bot at every seat
    (what ``kakehiki sim daifugo --bots random`` plays): the same steps and results."""
    seeds = [first, first + 1]
    same_play_outs(GAME, DaifugoBatch(seeds, count, opts, jit=False), seeds, count, opts, ["random"] * count,
                   rounds=True)


def test_first_only_playout_plays_the_same_games() -> None:
    """One seat acts at a time: the benchmarks' play-out (the first actor alone) is the same."""
    seeds, opts = [11, 12, 13], {"games": 2}
    same_first_actor_play_outs(GAME, DaifugoBatch(seeds, 4, opts, jit=False), seeds, 4, opts)


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_games_alone() -> None:
    batch = DaifugoBatch([7, 8], 3, {"games": 1}, jit=False)
    before = batch.rows.copy()
    illegal = int(np.flatnonzero(batch.masks()[0] == 0)[0])
    with pytest.raises(IllegalActionError):
        batch.step([illegal, int(batch.first_legal()[1])])
    assert (batch.rows == before).all()  # nothing applied, not even the legal one
    others = (batch.first_actors() + 1) % 3
    with pytest.raises(IllegalActionError):
        batch.step([L.A_SHOW, L.A_SHOW], others)  # not their turn
    batch.playout()
    assert batch.done.all()
    finished = batch.rows.copy()
    batch.step([0, 0])
    assert (batch.rows == finished).all()


@pytest.mark.parametrize("action", [-1, L.ACTIONS, 10**9])
def test_an_action_index_outside_the_space_is_refused_and_changes_nothing(action: int) -> None:
    batch = DaifugoBatch([3], 4, jit=False)
    before = batch.rows.copy()
    with pytest.raises(IllegalActionError, match="game 0"):
        batch.step([action])
    assert (batch.rows == before).all()


def test_F1_a_batch_refuses_what_the_reference_refuses() -> None:
    with pytest.raises(OptionError):
        DaifugoBatch([1], 9, jit=False)
    with pytest.raises(OptionError):
        DaifugoBatch([1], 4, {"jokers": 3}, jit=False)
    with pytest.raises(OptionError) as err:
        DaifugoBatch([1], 4, jit=False, deck=list(STANDARD_DECK))
    with pytest.raises(OptionError) as ref:
        GAME.new(4, deck=list(STANDARD_DECK))
    assert str(err.value) == str(ref.value)


def test_F1_an_explicit_deck_deals_the_first_game_as_the_reference() -> None:
    deck = [*reversed(STANDARD_DECK), JOKER]
    state = GAME.new(5, {"games": 2}, deck=deck)
    batch = DaifugoBatch([0], 5, {"games": 2}, jit=False, deck=deck)
    same_state(state, batch, "after an explicit deal")
