"""Property tests over random Dobon games with random options (hypothesis)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kakehiki import CARDS, IllegalActionError, get_game
from kakehiki.games.dobon import Delay, Dobon, DobonState, Draw, Pass, Play
from kakehiki.games.dobon.rules import match
from playouts import random_walk

GAME = get_game("dobon")
ALL_ACTIONS = [Draw(), Pass(), Delay()] + [Play(c) for c in CARDS[:52]] + [Dobon(c) for c in CARDS[:52]]

options = st.fixed_dictionaries({
    "official": st.booleans(),
    "interrupt_turn": st.sampled_from(["after_interrupter", "unchanged"]),
    "games": st.integers(1, 4),
    "decks": st.sampled_from(["auto", 1, 2]),
    "min_field_to_rebuild": st.integers(0, 3),
    "max_twos_ratio": st.sampled_from([None, 0.5]),
})


def walk(seed: int, players: int, opts: dict[str, Any], limit: int = 3000) -> list[tuple[DobonState, int, Any]]:
    """A random game; option sets whose fixed ``decks`` cannot deal the match are skipped (J2)."""
    decks, games = opts.get("decks", "auto"), opts.get("games", 1)
    assume(decks == "auto" or match.largest_deal(players, games) <= 52 * decks)
    return random_walk(GAME, seed, players, opts, limit)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), opts=options)
def test_cards_conserved_and_hands_never_emptied_by_play(seed: int, players: int, opts: dict[str, Any]) -> None:
    trail = walk(seed, players, opts)
    start: dict[int, Counter[int]] = {}
    for state, seat, action in trail:
        cards = Counter(c.index for c in GAME.all_cards(state))
        assert start.setdefault(state.round_no, cards) == cards
        assert len(state.stock) + len(state.field) + sum(map(len, state.hands)) == 52 * state.decks
        assert all(state.sums[s] == sum(c.rank for c in state.hands[s]) for s in range(players))
        if isinstance(action, Play):
            assert len(state.hands[seat]) >= 2  # J7


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), opts=options)
def test_views_hide_other_hands(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[::5]:
        for seat in range(players):
            view = GAME.view(state, seat)
            assert view.hand is not None and sorted(view.hand) == sorted(state.hands[seat])
            assert GAME.view(GAME.sample_hidden(state, seat, rng), seat) == view
        assert GAME.view(state, None).hand is None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_listed_actions_apply_and_others_are_refused_untouched(seed: int, players: int, opts: dict[str, Any]) -> None:
    for state, _, _ in walk(seed, players, opts)[:-1:4]:
        before = pickle.dumps(state)
        for seat in range(players):
            legal = set(GAME.legal_actions(state, seat))
            for action in legal:
                GAME.apply(state, seat, action)
            for action in ALL_ACTIONS:
                if action not in legal:
                    try:
                        GAME.apply(state, seat, action)
                    except IllegalActionError as err:
                        assert err.rule
                    else:
                        raise AssertionError(f"{action} applied for seat {seat} but was not listed")
        assert pickle.dumps(state) == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(1, 400))
def test_random_games_end_within_max_steps(seed: int, players: int, steps: int) -> None:
    trail = walk(seed, players, {"max_steps": steps}, limit=(players + 1) * (steps + 1))
    final = trail[-1][0]
    result = GAME.result(final)
    assert result is not None, "a single game always ends by max_steps"
    moves = sum(1 for _, _, action in trail[:-1] if not isinstance(action, Pass))  # a pass is no step
    assert moves <= steps
    if moves == steps and result.reason == "max_steps":
        assert result.draw and not result.winners and not result.losers


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_same_seed_same_game(seed: int, players: int, opts: dict[str, Any]) -> None:
    first = [(s, str(a)) for _, s, a in walk(seed, players, opts)]
    again = [(s, str(a)) for _, s, a in walk(seed, players, opts)]
    assert first == again
