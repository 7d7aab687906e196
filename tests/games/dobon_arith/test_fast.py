"""The compiled arithmetic Dobon engine (``games/dobon_arith/kernel/batch.py``) against the reference, in lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random among every actor (calls out of turn, gaeshi, declines
and the steps of a play of several cards included); after each step the test compares actors,
every seat's mask, hands, revealed cards, reach, the play begun, field, stock, the counters of
the match, a seat's view and, at the end, the result.  The kernels run as plain Python here
(no numba needed, bounded time); the compiled variant runs when numba is installed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.cards import STANDARD_DECK
from kakehiki.fast import have_numba, kernels
from kakehiki.games.dobon_arith import ArithState
from kakehiki.games.dobon_arith.kernel import layout as L
from kakehiki.games.dobon_arith.kernel.batch import KERNEL_MODULES, DobonArithBatch
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of
from kakehiki.games.dobon_arith.rules.state import FIRST_CARD
from lockstep import same_first_actor_play_outs, same_play_outs, same_result, walk

GAME = get_game("dobon-arith")

options = st.fixed_dictionaries({}, optional={
    "first_player": st.sampled_from(["auto", 0, 1]),
    "draw_penalty_ends_turn": st.booleans(),
    "min_field_to_rebuild": st.sampled_from([0, 2, 8, 30]),
    "max_twos_ratio": st.sampled_from([None, 0.0, 0.1, 0.5]),
    "games": st.integers(1, 6),
    "max_steps": st.sampled_from([10000, 30, 120]),
})
players = st.integers(2, 8)


def faces(cards: Any) -> list[int]:
    """Counts per card face (0–51) of ``cards``."""
    counts = [0] * 52
    for card in cards:
        counts[card.index] += 1
    return counts


def same_state(state: ArithState, batch: DobonArithBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (game 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    hands, shown = batch.hand_counts()[0], batch.revealed()[0]
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        assert hands[seat].tolist() == faces(state.hands[seat]), f"{note}: hand of seat {seat}"
        assert shown[seat].tolist() == faces(state.revealed[seat]), f"{note}: revealed of seat {seat}"
        reach = {v for v in range(1, 14) if row[L.REACH + seat] >> v & 1}
        assert reach == state.reach[seat], f"{note}: reach of seat {seat}"
    assert batch.field(0) == [c.index for c in state.field], note
    assert batch.stock(0) == [c.index for c in state.stock], note
    assert batch.staged(0) == [c.index for c in state.staged], note
    top_owner = -1 if state.top_owner == FIRST_CARD else state.top_owner
    scalars = {L.ROUND: state.round_no, L.DEALER: state.dealer, L.TURN_SEAT: state.turn,
               L.DIRECTION: state.direction, L.PENDING: state.pending, L.REVEAL_DUE: int(state.reveal_due),
               L.OPENING: int(state.opening), L.SUIT: "SHDC".index(state.suit), L.PHASE: int(state.phase),
               L.STEPS: state.steps, L.TOP_OWNER: top_owner, L.REBUILDS: state.rebuilds,
               L.NROUNDS: len(state.outcomes)}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    assert tuple(row[L.WINDOW : L.WINDOW + row[L.NWINDOW]].tolist()) == state.window, note
    assert tuple(row[L.CHAIN_SEATS : L.CHAIN_SEATS + row[L.NCHAIN]].tolist()) == state.chain, note
    assert (tuple(row[L.WINS : L.WINS + p].tolist()), tuple(row[L.LOSSES : L.LOSSES + p].tolist())) == (
        state.wins, state.losses), note
    if state.outcomes:
        last = state.outcomes[-1]
        assert L.REASONS[row[L.LAST_REASON]] == last.reason, note
        assert int(row[L.LAST_WINNERS]) == sum(1 << s for s in last.winners), note
        assert int(row[L.LAST_LOSERS]) == sum(1 << s for s in last.losers), note
    same_view(state, batch, state.turn, note)
    same_result(GAME.result(state), batch.results(), note, rounds=True)


def same_view(state: ArithState, batch: DobonArithBatch, seat: int, note: str) -> None:
    """``observe`` holds what ``GAME.view`` shows the seat (its log aside), and nothing more."""
    view, seen = GAME.view(state, seat), {k: v[0] for k, v in batch.observe([seat]).items()}
    assert seen["hand"].tolist() == faces(view.hand), note
    assert seen["staged"].tolist() == faces(view.staged), note
    assert [row.tolist() for row in seen["revealed"]] == [faces(cards) for cards in view.revealed], note
    assert seen["field"].tolist() == faces(view.field) and seen["hand_sizes"].tolist() == list(view.hand_sizes), note
    owner = -1 if view.top_owner is None else view.top_owner
    public = {"top": view.top.index, "suit": "SHDC".index(view.suit), "top_owner": owner,
              "stock_size": view.stock_size, "turn": view.turn, "direction": view.direction,
              "pending": view.pending, "reveal_due": int(view.reveal_due), "opening": int(view.opening),
              "chain_length": len(view.chain), "dealer": view.dealer, "round_no": view.round_no}
    assert {k: int(seen[k]) for k in public} == public, note
    assert (tuple(seen["wins"].tolist()), tuple(seen["losses"].tolist())) == (view.wins, view.losses), note


def lockstep(seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int) -> int:
    """Play one match in both engines with the same choices; the steps taken."""
    batch = DobonArithBatch([seed], count, opts, jit=jit)
    steps, _ = walk(GAME, GAME.new(count, opts, seed=seed), batch, random.Random(walk_seed), limit,
                    lambda state, _steps, note: same_state(state, batch, note))
    return steps


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=False, limit=250)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=True, limit=250)


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.sampled_from(STANDARD_DECK), max_size=14, unique=True))
def test_a_hands_reach_is_the_references(hand: list[Any]) -> None:
    """A3's test of every hand: sum, differences, product and quotients, as ``arith.reachable``."""
    rules = kernels(False, KERNEL_MODULES)["rules"]
    row = np.zeros(L.WIDTH, dtype=np.int32)
    for card in hand:
        rules.give(row, 0, card.index)
    reach = rules.reach_of(row, 0)
    assert {v for v in range(1, 14) if reach >> v & 1} == reachable(values_of(hand))


@settings(max_examples=15, deadline=None)
@given(first=st.integers(0, 10**9), count=players, opts=options)
def test_playout_plays_the_games_of_the_random_bots(first: int, count: int, opts: dict[str, Any]) -> None:
    """The kernel's ``random`` policy is ``driver.play_out`` with the ``random`` bot in every
    seat (what ``kakehiki sim dobon-arith --bots random,...`` plays): the same steps and results."""
    seeds = [first + i for i in range(3)]
    same_play_outs(GAME, DobonArithBatch(seeds, count, opts, jit=False), seeds, count, opts, ["random"] * count,
                   rounds=True)


def test_first_only_playout_asks_the_first_actor_alone() -> None:
    """``first_only``: the benchmarks' playout (``driver.random_playout``'s way), each seat
    drawing from its own ``derive(seed, "bot", seat)`` stream as the random bot does."""
    seeds, opts = [11, 12, 13], {"games": 2}
    same_first_actor_play_outs(GAME, DobonArithBatch(seeds, 3, opts, jit=False), seeds, 3, opts)


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_games_alone() -> None:
    batch = DobonArithBatch([7, 8], 3, {"first_player": 0}, jit=False)
    before = batch.rows.copy()
    illegal = np.where(batch.masks()[0] == 0)[0][0]
    with pytest.raises(IllegalActionError):
        batch.step([illegal, batch.first_legal()[1]])
    assert (batch.rows == before).all()  # nothing applied, not even the legal one
    batch.playout()
    assert batch.done.all()
    finished = batch.rows.copy()
    batch.step([0, 0])
    assert (batch.rows == finished).all()
    seen = batch.observe([0, 1])
    assert seen["hand"].shape == (2, 52) and (seen["hand"].sum(axis=1) == seen["hand_sizes"][:, :2].diagonal()).all()


def test_deal_starts_the_chosen_games_anew_and_leaves_the_others() -> None:
    """``deal``: what a vector environment does when a game ends; game 1 becomes the match of
    seed 99, as a batch of that seed alone holds it, and games 0 and 2 play on untouched."""
    batch = DobonArithBatch([1, 2, 3], 4, {"games": 2}, jit=False)
    batch.playout()
    finished = batch.rows.copy()
    batch.deal([1], [99])
    fresh = DobonArithBatch([99], 4, {"games": 2}, jit=False)
    assert (batch.rows[1] == fresh.rows[0]).all() and (batch.streams[1] == fresh.streams[0]).all()
    assert (batch.rows[[0, 2]] == finished[[0, 2]]).all() and batch.done.tolist() == [True, False, True]
    assert batch.seeds == [1, 99, 3]


def test_a_play_of_several_cards_is_seen_whole_by_the_others() -> None:
    """Seat 0 holds three 4s on a 4: it begins a play with ``bottom``; only it sees the cards
    staged, and nobody is offered a call until ``top`` lays the whole play (A2)."""
    for seed in range(2000):
        batch = DobonArithBatch([seed], 3, {"first_player": 0}, jit=False)
        bottoms = np.flatnonzero(batch.masks([0])[0][L.BOTTOM : L.STACK])
        if len(bottoms):
            break
    else:
        pytest.fail("no deal with a bottom for seat 0 in 2000 seeds")
    batch.step([L.BOTTOM + int(bottoms[0])], [0])
    assert batch.staged(0) == [int(bottoms[0])]
    mine, theirs = batch.observe([0])["staged"][0], batch.observe([1])["staged"][0]
    assert mine.sum() == 1 and theirs.sum() == 0
    assert batch.actors()[1].tolist() == [1]  # the window closed; only the turn seat acts


def test_options_are_refused_as_the_reference_refuses_them() -> None:
    with pytest.raises(Exception, match="first_player"):
        DobonArithBatch([1], 3, {"first_player": 5}, jit=False)
    with pytest.raises(Exception, match="players"):
        DobonArithBatch([1], 9, jit=False)
    with pytest.raises(Exception, match="games"):
        DobonArithBatch([1], 3, {"games": 0}, jit=False)

