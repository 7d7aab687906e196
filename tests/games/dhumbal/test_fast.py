"""The compiled Dhumbal engine (``kakehiki.games.dhumbal.kernel.batch``) against the reference, in lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random among the actors (in Dhumbal, the turn seat alone);
after each step the test compares actors, every seat's mask, hands and what is known of them,
the cards down, the discards on offer, the buried pile, the stock, totals, scores, the last
round's outcome, what a seat observes and, at the end, the result.  The kernels run as plain
Python here (no numba needed, bounded time); the compiled variant runs when numba is installed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.fast import have_numba
from kakehiki.games.dhumbal import DhumbalState
from kakehiki.games.dhumbal.kernel import layout as L
from kakehiki.games.dhumbal.kernel.batch import POLICIES, DhumbalBatch
from kakehiki.games.dhumbal.rules.state import TURNED_UP
from lockstep import any_actor, same_first_actor_play_outs, same_result, walk

GAME = get_game("dhumbal")

options = st.fixed_dictionaries({}, optional={
    "decks": st.sampled_from(["auto", 1, 2, 4]),
    "show_max": st.sampled_from([0, 5, 12, 50]),
    "penalty": st.sampled_from([0, 30, 1000]),
    "show_tie": st.sampled_from(["caller_loses", "caller_wins"]),
    "limit": st.sampled_from([0, 15, 40, 100]),
    "starter_rotation": st.sampled_from(["right", "left"]),
    "max_steps": st.sampled_from([20000, 1, 25, 90]),
})
players = st.one_of(st.integers(2, 5), st.integers(6, 16))


def playable(count: int, opts: dict[str, Any]) -> bool:
    decks = opts.get("decks", "auto")
    return bool(decks == "auto" or count <= 8 * decks)


def faces(cards: Any) -> list[int]:
    return [card.index for card in cards]


def counts(cards: Any) -> list[int]:
    found = [0] * 52
    for card in cards:
        found[card.index] += 1
    return found


def same_state(state: DhumbalState, batch: DhumbalBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (match 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    hands, known = batch.hand_counts()[0], batch.known_counts()[0]
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        assert hands[seat].tolist() == counts(state.hands[seat]), f"{note}: hand of seat {seat}"
        assert known[seat].tolist() == counts(state.known[seat]), f"{note}: known of seat {seat}"
    assert batch.stock(0) == faces(state.stock), note
    assert batch.buried(0) == faces(state.buried), note
    assert batch.discarding(0) == faces(state.discarding), note
    assert batch.available(0) == faces(state.available), note
    scalars = {L.DECKS: state.decks, L.ROUND: state.round_no, L.STARTER: state.starter, L.PHASE: int(state.phase),
               L.STEPS: state.steps, L.TURN_SEAT: state.turn, L.ROUND_TURNS: state.round_turns,
               L.REBUILDS: state.rebuilds, L.AVAILABLE_OWNER: state.available_owner, L.NROUNDS: len(state.outcomes)}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    per_seat = {L.TOTALS: state.totals, L.SIZES: tuple(map(len, state.hands)), L.SCORES: state.scores}
    assert {k: tuple(row[k : k + p].tolist()) for k in per_seat} == per_seat, note
    if state.outcomes:
        last = state.outcomes[-1]
        assert L.REASONS[row[L.LAST_REASON]] == last.reason, note
        assert int(row[L.LAST_WINNERS]) == sum(1 << s for s in last.winners), note
        assert int(row[L.LAST_LOSERS]) == sum(1 << s for s in last.losers), note
        assert int(row[L.LAST_CALLER]) == (-1 if last.caller is None else last.caller), note
        assert tuple(row[L.ADDED : L.ADDED + p].tolist()) == last.added, note
    same_view(state, batch, state.turn, note)
    same_result(GAME.result(state), batch.results(), note, rounds=True)


def same_view(state: DhumbalState, batch: DhumbalBatch, seat: int, note: str) -> None:
    """``observe`` holds what ``DhumbalView`` shows ``seat``: its own hand, the rest public."""
    view, seen = GAME.view(state, seat), batch.observe([seat])
    assert seen["hand"][0].tolist() == counts(view.hand) and int(seen["total"][0]) == state.totals[seat], note
    assert seen["hand_sizes"][0].tolist() == list(view.hand_sizes), note
    assert seen["known"][0].tolist() == [counts(cards) for cards in view.known], note
    for name in ("discarding", "available", "buried"):
        assert seen[name][0].tolist() == counts(getattr(view, name)), f"{note}: {name}"
    owner = TURNED_UP if view.available_owner is None else view.available_owner
    scalars = (owner, view.stock_size, view.turn, view.round_turns, view.starter, view.round_no, view.decks)
    names = ("available_owner", "stock_size", "turn", "round_turns", "starter", "round_no", "decks")
    assert tuple(int(seen[name][0]) for name in names) == scalars, note
    assert tuple(seen["scores"][0].tolist()) == view.scores, note


def lockstep(
    seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int
) -> tuple[int, DhumbalState, int]:
    """Play one match in both engines with the same choices (any actor, any action); the
    actions taken, the last state and the most stock rebuilds seen in one round."""
    batch = DhumbalBatch([seed], count, opts, jit=jit)
    rebuilds = [0]

    def compare(state: DhumbalState, _steps: int, note: str) -> None:
        same_state(state, batch, note)
        rebuilds[0] = max(rebuilds[0], state.rebuilds)

    steps, state = walk(GAME, GAME.new(count, opts, seed=seed), batch, random.Random(walk_seed), limit, compare,
                        seat_of=any_actor)
    return steps, state, rebuilds[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_matches(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=False, limit=250)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=players, opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_matches(
    seed: int, count: int, opts: dict[str, Any], walk_seed: int
) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=True, limit=250)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
def test_compiled_playout_plays_the_matches_of_the_plain_kernels() -> None:
    """Whole random matches inside the compiled kernel: the same rows as the plain kernels'."""
    seeds, opts = list(range(20, 36)), {"limit": 60, "decks": 2, "starter_rotation": "left"}
    compiled, plain = DhumbalBatch(seeds, 9, opts, jit=True), DhumbalBatch(seeds, 9, opts, jit=False)
    assert compiled.jit and not plain.jit
    assert (compiled.playout() == plain.playout()).all()
    assert (compiled.rows == plain.rows).all() and compiled.tallies() == plain.tallies()


def test_a_whole_match_is_followed_to_its_end_over_several_rounds() -> None:
    """Shows on hands up to 20 and a low limit: a whole match of three rounds (a show-back among
    them), their new deals and a stock rebuild, in a few hundred actions, compared after each."""
    opts = {"show_max": 20, "limit": 60, "penalty": 5}
    steps, state, rebuilds = lockstep(5, 3, opts, walk_seed=9, jit=False, limit=5000)
    assert GAME.result(state) is not None and rebuilds == 1, (steps, rebuilds)
    assert [o.reason for o in state.outcomes] == ["show_back", "show", "show"]


def tied_shows(state: DhumbalState) -> list[tuple[str, int]]:
    """The finished rounds whose caller tied the lowest other total: their reason, and how
    many other seats shared that total with different hand sizes (D4's tie-breaks)."""
    found = []
    for o in state.outcomes:
        if o.caller is None:
            continue
        others = [s for s in range(state.players) if s != o.caller]
        low = min(o.totals[s] for s in others)
        lowest = [s for s in others if o.totals[s] == low]
        if o.totals[o.caller] == low or len({len(o.hands[s]) for s in lowest}) > 1:
            found.append((o.reason, len(lowest)))
    return found


@pytest.mark.parametrize("show_tie", ["caller_loses", "caller_wins"])
def test_a_show_tied_with_the_lowest_other_hand_is_scored_by_show_tie(show_tie: str) -> None:
    """D4: a caller tied with the lowest other seat fails (``caller_loses``) or wins."""
    opts = {"show_max": 50, "show_tie": show_tie}
    _, state, _ = lockstep(0, 2, opts, walk_seed=1, jit=False, limit=250)
    assert tied_shows(state) == [("show_back" if show_tie == "caller_loses" else "show", 1)]


def test_a_show_back_scores_0_for_the_fewest_cards_among_the_lowest_others() -> None:
    """D4: after a failed Show, of the other seats tied on the lowest total the one with fewer
    cards scores 0."""
    _, state, _ = lockstep(198, 6, {"show_max": 50, "penalty": 0}, walk_seed=198, jit=False, limit=400)
    assert ("show_back", 2) in tied_shows(state)


def test_two_copies_of_one_card_go_down_as_a_set() -> None:
    """With several decks a hand may hold one card twice: ``discard H9``, ``discard H9`` is a
    set (D3).  The first such deal among the seeds, played in lockstep through that set."""
    opts = {"decks": 4}
    seed, card = next((s, c) for s in range(500) for c in GAME.new(2, opts, seed=s).hands[0]
                      if GAME.new(2, opts, seed=s).hands[0].count(c) == 2)
    state, batch = GAME.new(2, opts, seed=seed), DhumbalBatch([seed], 2, opts, jit=False)
    space = GAME.action_space(state)
    for text in (f"discard {card}", f"discard {card}", "take stock"):
        index = space.index(GAME.parse_action(text))
        assert batch.masks([0])[0, index] == 1, text
        state, _ = GAME.apply(state, 0, space.at(index))
        batch.step([index], [0])
        same_state(state, batch, text)
    assert state.available == (card, card) and state.turn == 1


def reference_tallies(seed: int, count: int, opts: dict[str, Any], names: list[str]) -> tuple[int, dict[str, Any]]:
    """``driver.play_out`` with the bots ``names``: its actions and ``kakehiki sim``'s tallies."""
    bots = [make_bot("dhumbal", name) for name in names]
    done = play_out(GAME, GAME.new(count, opts, seed=seed), bots, seed=seed)
    result = GAME.result(done.state)
    assert result is not None
    reasons = Counter(r.reason for r in result.rounds)
    wins = [sum(s in r.winners for r in result.rounds) for s in range(count)]
    losses = [sum(s in r.losers for r in result.rounds) for s in range(count)]
    draws = sum(not r.winners and not r.losers for r in result.rounds)
    return done.steps, {"rounds": len(result.rounds), "reasons": dict(reasons), "wins": wins, "losses": losses,
                        "draws": draws, "result": result}


@settings(max_examples=8, deadline=None)
@given(first=st.integers(0, 10**9), count=st.integers(2, 9),
       opts=st.sampled_from([{"limit": 30}, {"show_max": 20, "limit": 60, "starter_rotation": "left"},
                             {"max_steps": 40}, {"show_tie": "caller_wins", "penalty": 0, "limit": 20}]))
def test_playout_plays_the_matches_of_the_random_bot(first: int, count: int, opts: dict[str, Any]) -> None:
    """The kernel's ``random`` policy is ``driver.play_out`` with the ``random`` bot in every
    seat (what ``kakehiki sim --bots random,...`` plays): the same actions, results and tallies."""
    seeds = [first + i for i in range(3)]
    batch = DhumbalBatch(seeds, count, opts, jit=False)
    steps, fast = batch.playout("random"), batch.results()
    expected: dict[str, Any] = {"rounds": 0, "reasons": Counter(), "wins": [0] * count, "losses": [0] * count,
                                "draws": 0}
    for g, seed in enumerate(seeds):
        taken, tally = reference_tallies(seed, count, opts, ["random"] * count)
        assert steps[g] == taken
        same_result(tally["result"], fast, f"seed {seed}", g, rounds=True)
        expected["rounds"] += tally["rounds"]
        expected["reasons"].update(tally["reasons"])
        expected["draws"] += tally["draws"]
        expected["wins"] = [a + b for a, b in zip(expected["wins"], tally["wins"], strict=True)]
        expected["losses"] = [a + b for a, b in zip(expected["losses"], tally["losses"], strict=True)]
    expected["reasons"] = dict(expected["reasons"])
    assert batch.tallies() == expected


def test_first_only_playout_is_the_benchmarks_playout() -> None:
    """``first_only``: the first actor alone, each seat drawing from its own ``derive(seed,
    "bot", seat)`` stream as the random bot does (in Dhumbal the same matches as without)."""
    seeds, opts = [11, 12], {"limit": 25}
    same_first_actor_play_outs(GAME, DhumbalBatch(seeds, 3, opts, jit=False), seeds, 3, opts)


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_matches_alone() -> None:
    batch = DhumbalBatch([7, 8], 3, {"limit": 10}, jit=False)
    before = batch.rows.copy()
    take_first = L.TAKE_STOCK  # a take before any card is down (D3)
    with pytest.raises(IllegalActionError):
        batch.step([take_first, batch.first_legal()[1]])
    with pytest.raises(IllegalActionError):
        batch.step(batch.first_legal(), [1, 0])  # not their turn (C2)
    assert (batch.rows == before).all()  # nothing applied, not even the legal one
    batch.playout()
    assert batch.done.all()
    finished = batch.rows.copy()
    batch.step([0, 0])
    assert (batch.rows == finished).all()


def test_a_seat_observes_its_own_hand_and_only_what_is_public() -> None:
    batch = DhumbalBatch([3, 4], 4, jit=False)
    seen = batch.observe([1, 2])
    hands = batch.hand_counts()
    assert (seen["hand"][0] == hands[0, 1]).all() and (seen["hand"][1] == hands[1, 2]).all()
    assert (seen["hand"].sum(axis=1) == [seen["hand_sizes"][0, 1], seen["hand_sizes"][1, 2]]).all()
    assert not seen["known"].any()  # nothing taken from the discards yet: no other card shows
    assert "totals" not in seen and "hands" not in seen


def test_deal_starts_chosen_matches_anew_from_new_seeds() -> None:
    batch = DhumbalBatch([1, 2, 3], 4, jit=False)
    batch.playout()
    batch.deal([1], [42])
    fresh = DhumbalBatch([42], 4, jit=False)
    assert (batch.rows[1] == fresh.rows[0]).all() and (batch.streams[1] == fresh.streams[0]).all()
    assert batch.done.tolist() == [True, False, True] and batch.seeds == [1, 42, 3]


def test_options_are_refused_as_the_reference_refuses_them() -> None:
    with pytest.raises(Exception, match="decks"):
        DhumbalBatch([1], 9, {"decks": 1}, jit=False)
    with pytest.raises(Exception, match="show_tie"):
        DhumbalBatch([1], 3, {"show_tie": "nobody"}, jit=False)
    with pytest.raises(Exception, match="players"):
        DhumbalBatch([1], 17, jit=False)
    assert POLICIES == {"random": 0}




def test_arena_on_the_fast_engine_plays_the_matches_of_the_random_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_arena_fast``: match ``i`` with seed ``seed + i``, played as ``driver.play_out``
    plays the random bots: the same winners, losers, ranks and actions."""
    from kakehiki.arena import run_arena_fast

    monkeypatch.setenv("KAKEHIKI_FAST_JIT", "0")  # the plain kernels: no compiling in this test
    opts = {"limit": 30}
    report = run_arena_fast("dhumbal", ("random",) * 3, 4, seed=40, options=opts)
    assert [r.index for r in report.games] == list(range(4))
    for record in report.games:
        steps, tally = reference_tallies(40 + record.index, 3, opts, ["random"] * 3)
        result = tally["result"]
        assert record.steps == steps
        assert (record.winners, record.losers, record.ranks) == (result.winners, result.losers, result.ranks)
