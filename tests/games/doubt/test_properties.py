"""Property tests over random Doubt games with random options (hypothesis)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.games.doubt import DOUBT, PASS, DoubtState
from kakehiki.games.doubt.rules.actions import ADDS, PLAYS

GAME = get_game("doubt")

options = st.fixed_dictionaries({
    "max_cards_per_play": st.integers(1, 4),
    "cheat": st.booleans(),
    "repeat_rank_after_lie": st.booleans(),
    "doubter_leads": st.booleans(),
    "rank_rest": st.booleans(),
    "decks": st.integers(1, 2),
    "jokers": st.integers(0, 2),
    "penalty": st.sampled_from(["pile", "forfeit", "two_cards"]),
    "require_successful_doubt": st.booleans(),
})


def walk(seed: int, players: int, opts: dict[str, Any], limit: int = 300) -> list[tuple[DoubtState, int, Any, Any]]:
    """A uniform-random game: (state, seat, action, events caused) for every step, then the final state."""
    rng = random.Random(seed)
    state = GAME.new(players=players, options=opts, seed=seed)
    trail: list[tuple[DoubtState, int, Any, Any]] = []
    while GAME.result(state) is None and len(trail) < limit:
        seat = rng.choice(GAME.actors(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        after, events = GAME.apply(state, seat, action)
        trail.append((state, seat, action, events))
        state = after
    trail.append((state, -1, None, ()))
    return trail


def counts(cards: Any) -> Counter[int]:
    return Counter(c.index for c in cards)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_cards_conserved_and_knowledge_never_wrong(seed: int, players: int, opts: dict[str, Any]) -> None:
    trail = walk(seed, players, opts)
    first = counts(GAME.all_cards(trail[0][0]))
    for state, _, _, _ in trail:
        assert counts(GAME.all_cards(state)) == first
        for s in state.forfeited:
            assert state.hands[s] == ()
        for viewer in range(players + 1):
            located: Counter[int] = Counter()
            for seat in range(players):
                sure, known = counts(state.sure[viewer][seat]), counts(state.known[viewer][seat])
                held = counts(state.hands[seat])
                assert not sure - held, "a card said to be certainly held is held"
                assert not sure - known, "certain cards are among the known ones"
                located += known
            assert all(n <= state.copies[i] for i, n in located.items()), "no card known in more places than it exists"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_views_hide_face_down_cards_and_survive_resampling(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _, events in walk(seed, players, opts)[::3]:
        for seat in [*range(players), None]:
            view = GAME.view(state, seat)
            for entry, real in zip(view.pile, state.pile, strict=True):
                assert (entry.cards is not None) == (real.revealed or real.seat == seat)
            sampled = GAME.sample_hidden(state, seat, rng)
            assert GAME.view(sampled, seat) == view
            assert counts(GAME.all_cards(sampled)) == counts(GAME.all_cards(state))
            for other in range(players):
                assert not counts(view.sure[other]) - counts(sampled.hands[other])
            for event in events:
                seen = event.seen_by(seat)
                if type(event).__name__ == "Played" and seen is not None and event.seat != seat:
                    assert seen.cards is None
        assert GAME.view(state, None).hand is None


def unlisted(state: DoubtState, seat: int, rng: random.Random) -> list[Any]:
    """Actions to try that are not listed: window calls, and ``play`` and ``add`` of every card."""
    return [DOUBT, PASS, *PLAYS, *ADDS]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), opts=options)
def test_listed_actions_apply_and_others_are_refused_untouched(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _, _ in walk(seed, players, opts, limit=150)[:-1:5]:
        before = pickle.dumps(state)
        for seat in range(players):
            legal = GAME.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            for action in rng.sample(legal, min(len(legal), 12)):
                GAME.apply(state, seat, action)
            for action in unlisted(state, seat, rng):
                if action in legal:
                    continue
                try:
                    GAME.apply(state, seat, action)
                except IllegalActionError as err:
                    assert err.rule
                else:
                    raise AssertionError(f"{action} applied for seat {seat} but was not listed")
        assert pickle.dumps(state) == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(1, 300), opts=options)
def test_random_games_end_within_max_steps(seed: int, players: int, steps: int, opts: dict[str, Any]) -> None:
    trail = walk(seed, players, {**opts, "max_steps": steps}, limit=(steps + players) * 4)
    final = trail[-1][0]
    result = GAME.result(final)
    assert result is not None, "the step limit ends every game (C7)"
    made = [a for _, _, a, _ in trail[:-1] if not str(a).startswith("add ")]  # a card set aside is no step
    assert len(made) <= steps + players - 1, "at most one doubt window beyond the limit"
    assert len(trail) - 1 - len(made) <= 3 * len(made), "at most 3 cards set aside per play (max_cards_per_play 4)"
    if result.reason == "max_steps":
        assert result.draw and not result.winners and not result.losers and final.steps >= steps
    else:
        assert len(result.winners) == 1 and not result.draw


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_same_seed_same_game(seed: int, players: int, opts: dict[str, Any]) -> None:
    first = walk(seed, players, opts)
    again = walk(seed, players, opts)
    assert [(s, str(a)) for _, s, a, _ in first] == [(s, str(a)) for _, s, a, _ in again]
    assert first[-1][0] == again[-1][0]
