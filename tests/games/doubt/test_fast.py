"""The compiled Doubt engine (``kakehiki.games.doubt.kernel.batch``) against the reference, in lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random among every actor (every seat offered the doubt, passes
included); after each step the test compares actors, every seat's mask, hands, the cards set
aside, the pile play by play, the discard, forfeits, the counters and, at the end, the result.
The kernels run as plain Python here (no numba needed, bounded time); the compiled variant runs
when numba is installed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.errors import OptionError
from kakehiki.fast import have_numba, kernels
from kakehiki.games.doubt import DoubtState
from kakehiki.games.doubt.kernel import layout as L
from kakehiki.games.doubt.kernel.batch import KERNEL_MODULES, DoubtBatch
from kakehiki.prng import stream, stream_key
from lockstep import same_first_actor_play_outs, same_play_outs, same_result, walk

GAME = get_game("doubt")

options = st.fixed_dictionaries({}, optional={
    "max_cards_per_play": st.integers(1, 4),
    "cheat": st.booleans(),
    "repeat_rank_after_lie": st.booleans(),
    "doubter_leads": st.booleans(),
    "show_pile": st.booleans(),
    "rank_rest": st.booleans(),
    "decks": st.integers(1, 4),
    "jokers": st.integers(0, 2),
    "penalty": st.sampled_from(["pile", "forfeit", "two_cards"]),
    "require_successful_doubt": st.booleans(),
    "round_limit": st.sampled_from([0, 1, 3, 12]),
    "max_steps": st.sampled_from([20000, 25, 120]),
})
players = st.one_of(st.integers(2, 5), st.integers(6, 12))


def counts(cards: Any) -> list[int]:
    found = [0] * 53
    for card in cards:
        found[card.index] += 1
    return found


def same_view(state: DoubtState, batch: DoubtBatch, seat: int, note: str) -> None:
    """``observe`` against the reference view of ``seat``: what it may see, no more."""
    view, seen = GAME.view(state, seat), batch.observe([seat])
    assert seen["hand"][0].tolist() == counts(view.hand) and seen["picked"][0].tolist() == counts(view.picked), note
    assert seen["hand_sizes"][0].tolist() == list(view.hand_sizes), note
    assert (int(seen["turn"][0]), int(seen["rank"][0]), int(seen["steps"][0]), int(seen["plays"][0])) == (
        view.turn, view.rank, view.steps, view.plays), note
    plays = int(seen["pile_plays"][0])
    assert [(int(seen["pile_seat"][0, k]), int(seen["pile_rank"][0, k]), int(seen["pile_count"][0, k]),
             bool(seen["pile_revealed"][0, k])) for k in range(plays)] == [
        (p.seat, p.rank, p.size, p.revealed) for p in view.pile], note
    assert seen["pile_seen"][0].tolist() == counts(c for p in view.pile for c in p.cards or ()), note
    assert int(seen["pile_size"][0]) == view.pile_size and seen["discard"][0].tolist() == counts(view.discard), note
    assert np.flatnonzero(seen["forfeited"][0]).tolist() == sorted(view.forfeited), note
    assert seen["successes"][0].tolist() == list(view.successes), note
    assert tuple(seen["rank_counts"][0].tolist()) == view.rank_counts, note


def same_state(state: DoubtState, batch: DoubtBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (game 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    hands = batch.hand_counts()
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        assert hands[0, seat].tolist() == counts(state.hands[seat]), f"{note}: hand of seat {seat}"
    assert batch.pile(0) == [(e.seat, e.rank, tuple(c.index for c in e.cards), e.revealed) for e in state.pile], note
    assert batch.picked(0) == [c.index for c in state.picked], note
    assert batch.forfeited(0) == list(state.forfeited), note
    assert row[L.DISCARD : L.DISCARD + 53].tolist() == counts(state.discard), note
    scalars = {L.RANK: state.rank, L.TURN_SEAT: state.turn, L.PHASE: int(state.phase), L.STEPS: state.steps,
               L.PLAYS: state.plays, L.PENALTY_DRAWS: state.penalty_draws}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    assert tuple(row[L.WINDOW_SEATS : L.WINDOW_SEATS + row[L.NWINDOW]].tolist()) == state.window, note
    assert tuple(row[L.SUCCESSES : L.SUCCESSES + p].tolist()) == state.successes, note
    same_result(GAME.result(state), batch.results(), note)


def lockstep(seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int) -> int:
    """Play one game in both engines with the same choices; the steps taken.  Every seventh
    step, one seat's observation is compared with its view as well."""
    state = GAME.new(count, opts, seed=seed)
    batch = DoubtBatch([seed], count, opts, jit=jit)
    assert batch.actions == len(GAME.action_space(state))
    rng = random.Random(walk_seed)

    def compare(state: DoubtState, steps: int, note: str) -> None:
        same_state(state, batch, note)
        if steps and steps % 7 == 0:
            same_view(state, batch, rng.randrange(count), note)

    return walk(GAME, state, batch, rng, limit, compare)[0]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=False, limit=150)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    lockstep(seed, count, opts, walk_seed, jit=True, limit=150)


def test_a_two_card_penalty_draws_what_the_reference_draws() -> None:
    """Five games with ``two_cards`` walked to their end: every penalty's cards (CPython's
    ``sample`` on the penalty stream, by a pool up to 21 cards and by rejection beyond) match."""
    for seed in range(5):
        assert lockstep(seed, 2 + seed % 3, {"penalty": "two_cards", "decks": 1 + seed % 2}, seed, False, 10**6) > 0


@settings(max_examples=12, deadline=None)
@given(first=st.integers(0, 10**9), count=st.integers(2, 7), opts=options)
def test_playout_plays_the_games_of_the_random_bot(first: int, count: int, opts: dict[str, Any]) -> None:
    """The kernel's ``random`` policy is ``driver.play_out`` with the ``random`` bot at every seat
    (what ``kakehiki sim --bots random`` plays): the same steps and results."""
    opts = {**opts, "max_steps": min(opts.get("max_steps", 20000), 600)}
    seeds = [first + i for i in range(3)]
    same_play_outs(GAME, DoubtBatch(seeds, count, opts, jit=False), seeds, count, opts, ["random"] * count)


def test_first_only_playout_asks_the_first_actor_alone() -> None:
    """``first_only``: the benchmarks' playout (``driver.random_playout``'s way), each seat
    drawing from its own ``derive(seed, "bot", seat)`` stream as the random bot does."""
    seeds, opts = [11, 12, 13], {"max_cards_per_play": 3, "penalty": "two_cards"}
    same_first_actor_play_outs(GAME, DoubtBatch(seeds, 3, opts, jit=False), seeds, 3, opts)


def test_randbelow_draws_the_words_of_cpythons_sample() -> None:
    """``randbelow`` is ``Random._randbelow`` of a :class:`kakehiki.prng.Stream` (what
    ``sample`` draws with): the same numbers from the same stream."""
    mods = kernels(jit=False, names=KERNEL_MODULES)
    for n in (1, 2, 3, 21, 22, 64, 65, 210):
        ref, slots = stream(99, "doubt", "penalty", n), np.zeros(1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            mods["prng"].seed_stream(slots, 0, np.uint64(stream_key(99, ("doubt", "penalty", n))))
            assert [mods["moves"].randbelow(slots, 0, n) for _ in range(20)] == [
                ref._randbelow(n) for _ in range(20)]  # type: ignore[attr-defined]  # CPython's private method: not in typeshed


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_games_alone() -> None:
    batch = DoubtBatch([7, 8], 3, {"penalty": "forfeit"}, jit=False)
    before = batch.rows.copy()
    illegal = int(np.where(batch.masks()[0] == 0)[0][0])
    with pytest.raises(IllegalActionError):
        batch.step([illegal, batch.first_legal()[1]])
    assert (batch.rows == before).all()  # nothing applied, not even the legal one
    with pytest.raises(IllegalActionError):
        batch.step([batch.actions - 1, batch.actions - 1], [0, 0])  # seat 0 to play: no passing (B3)
    batch.playout()
    assert batch.done.all()
    finished = batch.rows.copy()
    batch.step([0, 0])
    assert (batch.rows == finished).all()
    seen = batch.observe([0, 1])
    assert seen["hand"].shape == (2, 53) and (seen["hand"].sum(axis=1) == seen["hand_sizes"][:, :2].diagonal()).all()


def test_observe_shows_a_seat_its_own_cards_and_none_of_the_others() -> None:
    """Two batches dealt alike whose hidden cards differ (another seat's hand, a face-down play)
    look the same to the seat: ``observe`` reads nothing hidden from it."""
    batch = DoubtBatch([5], 4, {"max_cards_per_play": 2}, jit=False)
    batch.step(batch.first_legal())  # seat 0 puts down (or sets aside) its lowest card
    while batch.rows[0, L.PHASE] != L.WINDOW:
        batch.step(batch.first_legal())
    other = DoubtBatch([5], 4, {"max_cards_per_play": 2}, jit=False)
    other.rows[:], other.streams[:] = batch.rows, batch.streams
    hand_of_2 = L.HAND + 2 * L.FACES
    faces = np.flatnonzero(other.rows[0, hand_of_2 : hand_of_2 + 52])
    played = int(other.rows[0, L.PILE])
    other.rows[0, hand_of_2 + faces[0]] -= 1  # swap seat 2's lowest card with seat 0's face-down one
    other.rows[0, hand_of_2 + played] += 1
    other.rows[0, L.PILE] = faces[0]
    mine, theirs = batch.observe([1]), other.observe([1])
    assert all((mine[key] == theirs[key]).all() for key in mine)
    assert not (batch.observe([0])["pile_seen"] == other.observe([0])["pile_seen"]).all()  # seat 0 saw its own


def test_options_are_refused_as_the_reference_refuses_them() -> None:
    with pytest.raises(OptionError, match="max_cards_per_play"):
        DoubtBatch([1], 4, {"max_cards_per_play": 5}, jit=False)
    with pytest.raises(OptionError, match="penalty"):
        DoubtBatch([1], 4, {"penalty": "jail"}, jit=False)
    with pytest.raises(OptionError, match="players"):
        DoubtBatch([1], 13, jit=False)


def test_deal_starts_the_chosen_games_anew() -> None:
    batch = DoubtBatch([1, 2], 4, jit=False)
    batch.playout()
    batch.deal([1], [9])
    fresh = DoubtBatch([9], 4, jit=False)
    assert (batch.rows[1] == fresh.rows[0]).all() and batch.done.tolist() == [True, False]




def test_arena_on_the_fast_engine_plays_the_seat_rotated_games_of_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_arena_fast``: game ``i`` with seed ``seed + i`` is the game ``driver.play_out`` plays
    with the random bot at every seat."""
    from kakehiki.arena import run_arena_fast

    monkeypatch.setenv("KAKEHIKI_FAST_JIT", "0")  # the plain kernels: no compiling in this test
    names, opts = ("random", "random", "random"), {"penalty": "two_cards"}
    report = run_arena_fast("doubt", names, 5, seed=40, options=opts)
    assert [r.index for r in report.games] == list(range(5))
    for record in report.games:
        seed = 40 + record.index
        done = play_out(GAME, GAME.new(3, opts, seed=seed), [make_bot("doubt", n) for n in names], seed=seed)
        result = GAME.result(done.state)
        assert result is not None and record.steps == done.steps
        assert (record.winners, record.losers, record.ranks) == (result.winners, result.losers, result.ranks)
