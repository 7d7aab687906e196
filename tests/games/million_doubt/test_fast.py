"""The compiled Million Doubt engine (``kakehiki.games.million_doubt.kernel.batch``) against the reference, in
lockstep.

Both engines start from the same seed, players and options and take the same (seat, action
index) at every step, chosen at random among every actor (each seat offered Doubt included);
after each step the test compares actors, every seat's mask, hands, the field play by play, the
cards shown or named, the doubt window and penalty, the cards gone and set aside, scores and, at
the end, the result.  The kernels run as plain Python here (no numba needed, bounded time); the
compiled variant runs when numba is installed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kakehiki import get_game
from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.errors import IllegalActionError, OptionError
from kakehiki.fast import have_numba
from kakehiki.games.million_doubt import MillionDoubtState
from kakehiki.games.million_doubt.kernel import layout as L
from kakehiki.games.million_doubt.kernel.batch import MillionDoubtBatch, option_header
from kakehiki.games.million_doubt.rules.actions import FACES
from kakehiki.games.million_doubt.rules.state import OPTION_SPECS, MillionDoubtOptions, largest_hand
from kakehiki.options import resolve_options
from lockstep import same_first_actor_play_outs, same_play_outs, same_result, walk

GAME = get_game("million-doubt")
FACE = {card: face for face, card in enumerate(FACES)}

options = st.fixed_dictionaries({}, optional={
    "first_leader": st.sampled_from(["random", "last_winner", 0, 1]),
    "spade3_beats_joker": st.booleans(),
    "face_down": st.booleans(),
    "deal": st.sampled_from(["auto", "seven", "all"]),
    "burst_at": st.sampled_from([11, 2, 5, 8, 30, 54]),
    "burst_points": st.sampled_from(["auto", "hand", 0, 3]),
    "games": st.integers(1, 4),
    "max_steps": st.sampled_from([5000, 30, 120]),
})


def playable(count: int, opts: dict[str, Any]) -> bool:
    """Whether the reference accepts these options for ``count`` seats."""
    values = MillionDoubtOptions.from_values(resolve_options(OPTION_SPECS, opts))
    first = values.first_leader
    if isinstance(first, int) and first >= count:
        return False
    return not (values.face_down and largest_hand(values, count) >= values.burst_at)


def faces(cards: tuple[Card, ...]) -> list[int]:
    return [FACE[c] for c in cards]


def counts(cards: tuple[Card, ...]) -> list[int]:
    found = [0] * L.FACES
    for card in cards:
        found[FACE[card]] += 1
    return found


def encode(state: MillionDoubtState, batch: MillionDoubtBatch) -> None:
    """Write a written position (:func:`kakehiki.games.million_doubt.rules.position.position`: hands,
    field, turn, order and lock, the rest as dealt) into game 0 of ``batch``."""
    if state.phase != 0 or state.laying or state.claim is not None or state.window or state.outcomes:
        raise NotImplementedError("only positions between turns are written into a kernel row")
    row, p, face = batch.rows[0], state.players, batch.deck_face
    batch._header = row[: L.ROUND] = option_header(state.options, p)
    batch.actions = L.action_count(int(row[L.OPT_MOST_HIDDEN]))  # the options may differ from the batch's
    batch._mask = np.zeros(batch.actions, dtype=np.uint8)
    row[L.HAND : L.GIVEN + L.FACES] = 0
    for seat, hand in enumerate(state.hands):
        for card in hand:
            row[L.HAND + seat * L.FACES + face(card)] += 1
        for card in state.known[seat]:
            row[L.KNOWN + seat * L.FACES + face(card)] += 1
        row[L.SIZES + seat], row[L.STATUS + seat] = len(hand), int(state.status[seat])
    start = 0
    for k, play in enumerate(state.field):
        cards = [face(c) for c in (*play.up, *play.down)]
        row[L.FCARDS + start : L.FCARDS + start + len(cards)] = cards
        row[L.PSEAT + k], row[L.PSTART + k], row[L.PUP + k] = play.seat, start, len(play.up)
        row[L.PDOWN + k], row[L.PREV + k] = len(play.down), int(play.revolution)
        start += len(cards)
    row[L.NPLAYS], row[L.NFCARDS] = len(state.field), start
    row[L.ASIDE : L.ASIDE + len(state.aside)] = [face(c) for c in state.aside]
    row[L.NASIDE] = len(state.aside)
    lock = 0 if state.lock is None else sum(1 << "SHDC".index(suit) for suit in state.lock)
    row[[L.LEADER, L.TURN_SEAT, L.LAST_PLAYER, L.BINDING, L.LOCK, L.REVOLUTION, L.ELEVEN_BACK]] = [
        state.leader, state.turn, state.last_player, state.binding, lock, int(state.revolution),
        int(state.eleven_back)]


def same_state(state: MillionDoubtState, batch: MillionDoubtBatch, note: str) -> None:
    """Every field the kernel keeps, against the reference state (game 0 of the batch)."""
    row, p = batch.rows[0], state.players
    seats, count = batch.actors()
    assert tuple(seats[0, : count[0]]) == GAME.actors(state), note
    hands = batch.hand_counts()[0]
    for seat in range(p):
        assert bytes(batch.masks([seat])[0]) == GAME.legal_mask(state, seat), f"{note}: mask of seat {seat}"
        assert hands[seat].tolist() == counts(state.hands[seat]), f"{note}: hand of seat {seat}"
        assert row[L.KNOWN + seat * L.FACES : L.KNOWN + (seat + 1) * L.FACES].tolist() == counts(
            state.known[seat]), f"{note}: known cards of seat {seat}"
        down = tuple(c for s, c in state.gone_down if s == seat)
        assert row[L.GONE_DOWN + seat * L.FACES : L.GONE_DOWN + (seat + 1) * L.FACES].tolist() == counts(down), note
    assert batch.field(0) == [(f.seat, faces(f.up), faces(f.down), f.revolution) for f in state.field], note
    assert batch.aside(0) == faces(state.aside), note
    assert row[L.GONE : L.GONE + L.FACES].tolist() == counts(state.gone), note
    assert row[L.POOL : L.POOL + L.FACES].tolist() == counts(state.pool), note
    assert row[L.GIVEN : L.GIVEN + L.FACES].tolist() == counts(state.given), note
    laying = state.laying if state.claim is None else state.claim.up
    shown = L.NLAYING if state.claim is None else L.NCLAIM_UP
    assert row[L.LAYING : L.LAYING + row[shown]].tolist() == faces(laying), note
    assert row[L.HIDING : L.HIDING + row[L.NHIDING]].tolist() == faces(state.hiding), note
    claim = state.claim
    assert (row[L.CLAIMING], row[L.CLAIM_HIDDEN], row[L.CLAIM_REV]) == (
        (0, 0, 0) if claim is None else (1, claim.hidden, int(claim.revolution))), note
    lock = 0 if state.lock is None else sum(1 << "SHDC".index(suit) for suit in state.lock)
    scalars = {L.ROUND: state.round_no, L.STEPS: state.steps, L.LEADER: state.leader, L.TURN_SEAT: state.turn,
               L.LAST_PLAYER: state.last_player, L.PASSES: state.passes, L.PHASE: int(state.phase),
               L.BINDING: state.binding, L.LOCK: lock, L.REVOLUTION: int(state.revolution),
               L.ELEVEN_BACK: int(state.eleven_back), L.CALLER: state.caller, L.DOUBTED: state.doubted,
               L.TRUTHFUL: int(state.truthful), L.NROUNDS: len(state.outcomes)}
    assert {k: int(row[k]) for k in scalars} == scalars, note
    per_seat = {L.SCORES: state.scores, L.STATUS: tuple(int(x) for x in state.status),
                L.SIZES: tuple(len(h) for h in state.hands)}
    assert {k: tuple(row[k : k + p].tolist()) for k in per_seat} == per_seat, note
    lists = {L.WINDOW: (L.NWINDOW, state.window), L.FINISHED: (L.NFINISHED, state.finished),
             L.BURSTS: (L.NBURSTS, state.bursts)}
    assert {k: tuple(row[k : k + row[n]].tolist()) for k, (n, _) in lists.items()} == {
        k: v for k, (_, v) in lists.items()}, note
    if state.outcomes:
        last = state.outcomes[-1]
        assert L.REASONS[row[L.LAST_REASON]] == last.reason, note
        assert int(row[L.LAST_WINNERS]) == sum(1 << s for s in last.winners), note
        assert int(row[L.LAST_LOSERS]) == sum(1 << s for s in last.losers), note
    same_result(GAME.result(state), batch.results(), note)


def ending_often(rng: random.Random, legal: Sequence[Action]) -> Action:
    """Any legal action, but often one that ends what is being made (a play, a doubt, done),
    so that plays (and doubts) come often."""
    ending = [a for a in legal if str(a).startswith(("play", "doubt", "done"))]
    return rng.choice(ending) if ending and rng.random() < 0.4 else rng.choice(legal)


def lockstep(seed: int, count: int, opts: dict[str, Any], walk_seed: int, jit: bool, limit: int) -> int:
    """Play one match in both engines with the same choices; the steps taken."""
    state = GAME.new(count, opts, seed=seed)
    batch = MillionDoubtBatch([seed], count, opts, jit=jit)
    assert len(GAME.action_space(state)) == batch.actions
    steps, _ = walk(GAME, state, batch, random.Random(walk_seed), limit,
                    lambda state, _steps, note: same_state(state, batch, note), pick=ending_often)
    return steps


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**40), 2**63), count=st.integers(2, 7), opts=options, walk_seed=st.integers(0, 2**32))
def test_plain_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=False, limit=150)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), count=st.integers(2, 7), opts=options, walk_seed=st.integers(0, 2**32))
def test_compiled_kernels_play_the_reference_games(seed: int, count: int, opts: dict[str, Any], walk_seed: int) -> None:
    assume(playable(count, opts))
    lockstep(seed, count, opts, walk_seed, jit=True, limit=150)


@settings(max_examples=6, deadline=None)
@given(first=st.integers(0, 10**9), count=st.integers(2, 7), opts=options)
def test_playout_plays_the_games_of_the_random_bot(first: int, count: int, opts: dict[str, Any]) -> None:
    """The kernel's ``random`` policy is ``driver.play_out`` with the random bot at every seat
    (what ``kakehiki sim million-doubt --bots random`` plays): every seat offered Doubt answers
    on the same state, the first doubt by priority wins, else all the passes: the same steps
    and results."""
    assume(playable(count, opts))
    seeds = [first, first + 1]
    same_play_outs(GAME, MillionDoubtBatch(seeds, count, opts, jit=False), seeds, count, opts, ["random"] * count)


def test_M10_a_batch_names_the_seats_ranked_first_as_winners_as_the_reference_does() -> None:
    # Seed 7, three seats: the first seat out (0) ranks second on points; seat 2 wins.
    batch = MillionDoubtBatch([7, 8, 9], 3, {}, jit=False)
    same_play_outs(GAME, batch, [7, 8, 9], 3, {}, ["random"] * 3)
    fast = batch.results()
    assert fast["ranks"][0].tolist() == [2, 3, 1] and fast["winners"][0].tolist() == [False, False, True]
    assert fast["losers"][0].tolist() == [False, True, False]


def test_first_only_playout_asks_the_first_actor_alone() -> None:
    """``first_only``: the benchmarks' playout (``driver.random_playout``'s way), each seat
    drawing from its own ``derive(seed, "bot", seat)`` stream as the random bot does."""
    seeds, opts = [11, 12, 13], {"games": 2}
    same_first_actor_play_outs(GAME, MillionDoubtBatch(seeds, 4, opts, jit=False), seeds, 4, opts)


def test_a_batch_refuses_an_illegal_action_and_leaves_finished_games_alone() -> None:
    batch = MillionDoubtBatch([7, 8], 3, {"first_leader": 0}, jit=False)
    before = batch.rows.copy()
    illegal = int(np.flatnonzero(batch.masks()[0] == 0)[0])
    with pytest.raises(IllegalActionError):
        batch.step([illegal, int(batch.first_legal()[1])])
    assert (batch.rows == before).all()  # nothing applied, not even the legal one
    with pytest.raises(IllegalActionError):
        batch.step([L.A_SHOW, L.A_SHOW], [1, 1])  # seat 1 is not to play
    batch.playout()
    assert batch.done.all()
    finished = batch.rows.copy()
    batch.step([0, 0])
    assert (batch.rows == finished).all()


def test_a_seat_observes_its_own_cards_only() -> None:
    """A seat sees its hand and every hand size; another seat's play in the making is unseen."""
    batch = MillionDoubtBatch([5], 4, {"first_leader": 0}, jit=False)
    mask = batch.masks([0])[0]
    show = int(np.flatnonzero(mask[L.A_SHOW : L.A_PLAY])[0])
    batch.step([L.A_SHOW + show], [0])
    mine, theirs = batch.observe([0]), batch.observe([1])
    assert mine["laying"][0, show] == 1 and theirs["laying"][0].sum() == 0
    assert (theirs["hand"][0] == batch.hand_counts()[0, 1]).all()
    assert (mine["hand_sizes"][0] == 7).all() and mine["field_up"][0].sum() == 0
    batch.step([L.A_PLAY + 1], [0])  # play *1: one card to name face down
    assert batch.observe([0])["phase"][0] == L.HIDE and batch.observe([1])["phase"][0] == L.TURN
    hide = int(np.flatnonzero(batch.masks([0])[0])[0])
    batch.step([hide], [0])
    mine, theirs = batch.observe([0]), batch.observe([1])
    assert mine["field_down_own"][0].sum() == 1 and theirs["field_down_own"][0].sum() == 0
    assert theirs["field_down"][0].tolist() == [1, 0, 0, 0] and theirs["phase"][0] == L.DOUBT


def test_options_are_refused_as_the_reference_refuses_them() -> None:
    with pytest.raises(OptionError, match="deal"):
        MillionDoubtBatch([1], 4, {"deal": "all"}, jit=False)
    with pytest.raises(OptionError, match="first_leader"):
        MillionDoubtBatch([1], 3, {"first_leader": 5}, jit=False)
    with pytest.raises(OptionError, match="players"):
        MillionDoubtBatch([1], 8, jit=False)




def test_deal_starts_chosen_games_as_new_matches() -> None:
    """``deal``: game ``g`` becomes the match a fresh batch of its new seed holds; the rest stay."""
    opts = {"games": 2, "first_leader": "last_winner"}
    batch = MillionDoubtBatch([1, 2, 3], 3, opts, jit=False)
    batch.playout()
    kept = batch.rows[1].copy()
    batch.deal([0, 2], [40, 41])
    fresh = MillionDoubtBatch([40, 41], 3, opts, jit=False)
    assert (batch.rows[[0, 2]] == fresh.rows).all() and (batch.rows[1] == kept).all()
    assert batch.seeds == [40, 2, 41] and not batch.done[[0, 2]].any()
    assert (batch.playout()[[0, 2]] == fresh.playout()).all()
