"""The compiled Dobon engine (``kakehiki.fast``) against the reference, in lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random among every actor (calls out of turn and passes
included); after each step the test compares actors, every seat's mask, hands, field, stock,
the counters of the match and, at the end, the result.  The kernels run as plain Python here
(no numba needed, bounded time); the compiled variant runs when numba is installed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.fast import DobonBatch, have_numba, kernels
from kakehiki.games.dobon import DobonState
from kakehiki.games.dobon.kernel import layout as L
from kakehiki.games.dobon.rules import match
from kakehiki.prng import stream, stream_key
from lockstep import same_first_actor_play_outs, same_play_outs, same_result, walk

GAME = get_game("dobon")

options = st.fixed_dictionaries({}, optional={
    "official": st.booleans(),
    "interrupt_turn": st.sampled_from(["after_interrupter", "unchanged"]),
    "games": st.integers(1, 8),
    "decks": st.sampled_from(["auto", 1, 2, 3]),
    "first_dealer": st.sampled_from(["auto", 0, 1]),
    "min_field_to_rebuild": st.sampled_from([0, 2, 8, 30]),
    "max_twos_ratio": st.sampled_from([None, 0.0, 0.1, 0.5]),
    "max_steps": st.sampled_from([20000, 40, 150]),
})
players = st.one_of(st.integers(2, 5), st.integers(6, 16))


def playable(count: int, opts: dict[str, Any]) -> bool:
    decks, games = opts.get("decks", "auto"), opts.get("games", 1)
    first = opts.get("first_dealer", "auto")
    fits = decks == "auto" or match.largest_deal(count, games) <= 52 * decks
    return bool(fits and (first == "auto" or first < count))


def same_state(state: DobonState, batch: DobonBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (game 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        counts = [0] * 52
        for card in state.hands[seat]:
            counts[card.index] += 1
        assert batch.hand_counts()[0, seat].tolist() == counts, f"{note}: hand of seat {seat}"
    assert batch.field(0) == [c.index for c in state.field], note
    view, seen = GAME.view(state, 0), batch.observe([0])
    field = [0] * 52
    for card in view.field:
        field[card.index] += 1
    assert seen["field"][0].tolist() == field and seen["hand_sizes"][0].tolist() == list(view.hand_sizes), note
    assert (int(seen["top"][0]), int(seen["stock_size"][0]), int(seen["turn"][0])) == (
        view.top.index, view.stock_size, view.turn), note
    assert int(seen["top_owner"][0]) == (-1 if view.top_owner is None else view.top_owner), note
    assert batch.stock(0) == [c.index for c in state.stock], note
    scalars = {L.ROUND: state.round_no, L.DEALER: state.dealer, L.DECKS: state.decks, L.TURN_SEAT: state.turn,
               L.PENDING: state.pending, L.TWOS: state.twos, L.PHASE: int(state.phase), L.STEPS: state.steps,
               L.TOP_OWNER: state.top_owner, L.REBUILDS: state.rebuilds, L.NROUNDS: len(state.outcomes)}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    per_seat = {L.COUNTS: state.deal_counts, L.LAPS: state.laps, L.ORDER: state.order, L.SUMS: tuple(state.sums)}
    assert {k: tuple(row[k : k + p].tolist()) for k in per_seat} == per_seat, note
    assert tuple(row[L.CHAIN_SEATS : L.CHAIN_SEATS + row[L.NCHAIN]].tolist()) == state.chain, note
    if state.outcomes:
        last = state.outcomes[-1]
        assert L.REASONS[row[L.LAST_REASON]] == last.reason, note
        assert int(row[L.LAST_WINNERS]) == sum(1 << s for s in last.winners), note
        assert int(row[L.LAST_LOSERS]) == sum(1 << s for s in last.losers), note
    same_result(GAME.result(state), batch.results(), note)


def lockstep(seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int) -> int:
    """Play one game in both engines with the same choices; the steps taken."""
    batch = DobonBatch([seed], count, opts, jit=jit)
    steps, _ = walk(GAME, GAME.new(count, opts, seed=seed), batch, random.Random(walk_seed), limit,
                    lambda state, _steps, note: same_state(state, batch, note))
    return steps


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=False, limit=400)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=True, limit=400)


@settings(max_examples=20, deadline=None)
@given(first=st.integers(0, 10**9), count=st.integers(2, 9), opts=options,
       names=st.lists(st.sampled_from(["random", "greedy"]), min_size=16, max_size=16))
def test_playout_plays_the_games_of_the_bots_of_its_policies(
    first: int, count: int, opts: dict[str, Any], names: list[Any]
) -> None:
    """The kernel's policies are ``driver.play_out`` with the bots of their names, a policy per
    seat (what ``kakehiki sim --bots random,greedy`` plays): the same steps and results."""
    assume(playable(count, opts))
    seeds, names = [first + i for i in range(4)], names[:count]
    same_play_outs(GAME, DobonBatch(seeds, count, opts, jit=False), seeds, count, opts, names)


def test_the_generator_is_the_projects() -> None:
    """``below`` and ``shuffle`` draw the very words of :mod:`kakehiki.prng`."""
    prng = kernels(jit=False)["prng"]
    for labels in (("dobon", "deal", 0), ("bot", 3), ("dobon", "rebuild", 2, 7)):
        ref, slots = stream(12345, *labels), np.zeros(1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            key = prng.fnv_int(prng.fnv_text(np.uint64(0xCBF29CE484222325), np.frombuffer(b"12345", np.uint8)), 0)
            assert int(key) != 0
            prng.seed_stream(slots, 0, np.uint64(stream_key(12345, labels)))
            items, expected = np.arange(60), list(range(60))
            prng.shuffle(slots, 0, items, 0, 60)
            ref.shuffle(expected)
            assert items.tolist() == expected
            assert [int(prng.below(slots, 0, n)) for n in (1, 2, 7, 1000, 2**31)] == [
                ref.below(n) for n in (1, 2, 7, 1000, 2**31)]


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_games_alone() -> None:
    batch = DobonBatch([7, 8], 3, {"official": False, "first_dealer": 0}, jit=False)
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


def test_options_are_refused_as_the_reference_refuses_them() -> None:
    with pytest.raises(Exception, match="decks"):
        DobonBatch([1], 16, {"decks": 1, "games": 5}, jit=False)
    with pytest.raises(Exception, match="first_dealer"):
        DobonBatch([1], 3, {"first_dealer": 5}, jit=False)




def test_first_only_playout_asks_the_first_actor_alone() -> None:
    """``first_only``: the benchmarks' playout (``driver.random_playout``'s way), each seat
    drawing from its own ``derive(seed, "bot", seat)`` stream as the random bot does."""
    seeds, opts = [11, 12, 13], {"games": 2, "official": False}
    same_first_actor_play_outs(GAME, DobonBatch(seeds, 3, opts, jit=False), seeds, 3, opts)


@pytest.mark.parametrize(("names", "every_order"), [(("greedy", "random", "random"), False),
                                                    (("greedy", "greedy", "random", "random"), True)])
def test_arena_on_the_fast_engine_plays_the_seat_rotated_games_of_the_bots(
    monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...], every_order: bool
) -> None:
    """``run_arena_fast``: game ``i`` seats the bots rotated by ``i`` (in every order round the
    table, with ``every_order``) with seed ``seed + i``, and plays it as ``driver.play_out`` plays
    those bots.  (The reference arena's timing wrapper builds a sampler for every decision,
    drawing from the bot's generator, so its games for a seed are others, alike in law.)"""
    from kakehiki.arena import run_arena_fast, seating

    monkeypatch.setenv("KAKEHIKI_FAST_JIT", "0")  # the plain kernels: no compiling in this test
    opts: dict[str, object] = {"games": 2}
    report = run_arena_fast("dobon", names, 8, seed=40, options=opts, every_order=every_order)
    assert [r.index for r in report.games] == list(range(8))
    assert len({r.seats for r in report.games}) == (6 if every_order else 3)
    for record in report.games:
        seats, seed = seating(names, record.index, every_order), 40 + record.index
        done = play_out(GAME, GAME.new(len(names), opts, seed=seed), [make_bot("dobon", n) for n in seats],
                        seed=seed)
        result = GAME.result(done.state)
        assert result is not None and record.seats == seats and record.steps == done.steps
        assert (record.winners, record.losers, record.ranks) == (result.winners, result.losers, result.ranks)
