"""Property tests over random Dhumbal matches with random options (hypothesis)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import CARDS, IllegalActionError, get_game
from kakehiki.games.dhumbal import ALL_ACTIONS, DhumbalState, Discard
from kakehiki.games.dhumbal.rules.melds import total
from playouts import random_walk

GAME = get_game("dhumbal")

options = st.fixed_dictionaries({
    "decks": st.sampled_from(["auto", 2]),
    "show_max": st.integers(0, 12),
    "penalty": st.sampled_from([0, 30]),
    "show_tie": st.sampled_from(["caller_loses", "caller_wins"]),
    "limit": st.integers(0, 60),
    "starter_rotation": st.sampled_from(["right", "left"]),
})


def walk(seed: int, players: int, opts: dict[str, Any], limit: int = 1500) -> list[tuple[DhumbalState, int, Any]]:
    return random_walk(GAME, seed, players, opts, limit)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10), opts=options)
def test_cards_conserved_and_hands_consistent(seed: int, players: int, opts: dict[str, Any]) -> None:
    for state, _, _ in walk(seed, players, opts):
        cards = Counter(c.index for c in GAME.all_cards(state))
        assert cards == Counter(c.index for c in CARDS[:52] * state.decks)
        for s in range(players):
            down = len(state.discarding) if s == state.turn else 0  # mid-turn a run of 5 empties the hand
            assert 1 <= len(state.hands[s]) + down <= 5
            assert state.totals[s] == total(state.hands[s])
            assert not Counter(state.known[s]) - Counter(state.hands[s]), "known cards are in the hand"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10), opts=options)
def test_views_hide_what_is_hidden_and_keep_known_cards(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[::7]:
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            sampled = GAME.sample_hidden(state, seat, rng)
            assert GAME.view(sampled, seat) == view
            assert sampled.known == state.known
            assert Counter(GAME.all_cards(sampled)) == Counter(GAME.all_cards(state))
            if seat is not None:
                assert view.hand == state.hands[seat] == sampled.hands[seat]
        assert GAME.view(state, None).hand is None


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_listed_actions_apply_and_others_are_refused_untouched(seed: int, players: int, opts: dict[str, Any]) -> None:
    for state, _, _ in walk(seed, players, opts, limit=400)[:-1:7]:
        before = pickle.dumps(state)
        for seat in range(players):
            listed = GAME.legal_actions(state, seat)
            legal = set(listed)
            assert len(legal) == len(listed), "no action listed twice"
            indices = [GAME.action_index(state, a) for a in listed]
            assert indices == sorted(indices), "listed in index order"
            assert GAME.legal_mask(state, seat) == bytes(a in legal for a in ALL_ACTIONS)
            for action in legal:
                GAME.apply(state, seat, action)
            for action in set(ALL_ACTIONS) - legal:  # the whole action space
                try:
                    GAME.apply(state, seat, action)
                except IllegalActionError as err:
                    assert err.rule
                else:
                    raise AssertionError(f"{action} applied for seat {seat} but was not listed")
        assert pickle.dumps(state) == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(1, 300))
def test_matches_end_within_max_steps(seed: int, players: int, steps: int) -> None:
    """C7 counts Shows and whole turns; a turn takes at most 6 actions (5 cards put down, a take)."""
    trail = walk(seed, players, {"max_steps": steps}, limit=6 * steps + 1)
    result = GAME.result(trail[-1][0])
    assert result is not None, "a match always ends by max_steps"
    turns = sum(1 for _, _, action in trail[:-1] if not isinstance(action, Discard))
    assert turns <= steps
    if result.reason == "max_steps":
        assert turns == steps and result.draw and not result.winners and not result.losers


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), opts=options)
def test_same_seed_same_match(seed: int, players: int, opts: dict[str, Any]) -> None:
    first = walk(seed, players, opts)
    again = walk(seed, players, opts)
    assert [(s, str(a)) for _, s, a in first] == [(s, str(a)) for _, s, a in again]
    assert first[-1][0] == again[-1][0]
