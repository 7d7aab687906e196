"""Property tests over random Million Doubt games with random options (hypothesis)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.cards import CARDS, Card
from kakehiki.games.million_doubt import (
    MILLION_DOUBT,
    Done,
    Doubt,
    Give,
    Hide,
    Lay,
    MillionDoubtState,
    Pass,
    Play,
    Show,
)
from kakehiki.games.million_doubt.rules.actions import UNDO
from kakehiki.games.million_doubt.rules.match import full_deck
from kakehiki.games.million_doubt.rules.plays import sort_cards
from kakehiki.games.million_doubt.rules.state import HIDE, TURN
from playouts import random_walk
from transcript_million_doubt import whole_plays

GAME = get_game("million-doubt")

options = st.fixed_dictionaries({
    "face_down": st.booleans(),
    "spade3_beats_joker": st.booleans(),
    "burst_at": st.integers(8, 14),
    "burst_points": st.sampled_from(["auto", "hand", 3]),
    "first_leader": st.sampled_from(["random", "last_winner", 1]),
    "games": st.integers(1, 2),
})


def walk(seed: int, players: int, opts: dict[str, Any], limit: int = 1500) -> list[tuple[MillionDoubtState, int, Any]]:
    return random_walk(GAME, seed, players, opts, limit)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), opts=options)
def test_cards_conserved_and_hands_sorted(seed: int, players: int, opts: dict[str, Any]) -> None:
    deck = Counter(c.index for c in full_deck())
    for state, _, _ in walk(seed, players, opts):
        assert Counter(c.index for c in GAME.all_cards(state)) == deck
        assert all(list(h) == list(sort_cards(h)) for h in state.hands)
        if state.options.face_down:  # hands grow only by doubts; plain play deals all and only sheds
            assert all(len(h) < state.options.burst_at or state.status[s] != 0 for s, h in enumerate(state.hands))
        assert sum(state.scores) == 0, "points only move between seats"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), opts=options)
def test_views_hide_hands_and_face_down_cards(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[::3]:
        for seat in range(players):
            view = GAME.view(state, seat)
            assert view.hand == state.hands[seat]
            for play in view.field:
                assert play.seat == seat or all(c is None for c in play.down)
            assert GAME.view(GAME.sample_hidden(state, seat, rng), seat) == view
        assert GAME.view(state, None).hand is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), opts=options)
def test_listed_actions_apply_and_others_are_refused_untouched(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[:-1:5]:
        before = pickle.dumps(state)
        for seat in range(players):
            listed = set(GAME.legal_actions(state, seat))
            for action in listed:
                GAME.apply(state, seat, action)
            for action in candidates(state, seat, rng):
                if action in listed:
                    continue
                try:
                    GAME.apply(state, seat, action)
                except IllegalActionError as err:
                    assert err.rule
                else:
                    raise AssertionError(f"{action} applied for seat {seat} but was not listed")
        assert pickle.dumps(state) == before


def candidates(state: MillionDoubtState, seat: int, rng: random.Random) -> list[Any]:
    """Actions worth trying: every bare action, cards of the hand and of the deck to show, hide or
    give, and claims of any size."""
    hand = state.hands[seat]
    found: list[Any] = [Pass(), Doubt(), Done(), Play(), Give(rng.choice(full_deck()))]
    found += [Give(c) for c in state.pool]
    for card in (*hand, *rng.sample(full_deck(), 5)):
        found += [Show(card), Hide(card)]
    for _ in range(6):
        hidden = rng.randint(1, 12)
        found.append(Play(hidden, hidden <= 4 and rng.random() < 0.3))
    return found


def brute_force_plays(state: MillionDoubtState, seat: int) -> set[str]:
    """Every whole play the rules accept (``apply_lay``'s check, the one version 1 made of a play),
    found by trying every face-up part and face-down count."""
    hand = state.hands[seat]
    subsets = {sort_cards(c) for k in range(len(hand) + 1) for c in combinations(hand, k)}
    accepted = set()
    for up in subsets:
        rest = list(hand)
        for card in up:
            rest.remove(card)
        for hidden in range(len(hand) - len(up) + 1):
            for revolution in (False, True) if hidden else (False,):
                lay = Lay(up, hidden, revolution)
                try:
                    MILLION_DOUBT.apply_lay(state, seat, lay, tuple(rest[:hidden]))
                except IllegalActionError:
                    continue
                accepted.add(str(lay))
    return accepted


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), opts=options)
def test_turn_enumeration_is_complete(seed: int, players: int, opts: dict[str, Any]) -> None:
    """The plays reached through the one-card actions (``show`` … ``play``) are exactly the plays
    the rules accept, from positions of random games (hands up to 8)."""
    checked = 0
    for state, seat, _ in walk(seed, players, opts, limit=600)[:-1]:
        if state.phase != TURN or len(state.hands[seat]) > 8 or seat != state.turn or state.laying:
            continue
        reached = [str(lay) for lay in whole_plays(state, seat)]
        assert len(reached) == len(set(reached)), "each play is reached by one sequence of actions"
        assert set(reached) == brute_force_plays(state, seat)
        checked += 1
        if checked == 4:
            break


def hide_sequences(state: MillionDoubtState, seat: int, named: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every sequence of ``hide`` actions that completes the play announced, after ``named``."""
    legal = GAME.legal_actions(state, seat)
    assert legal, "a dead end"
    found: list[tuple[Card, ...]] = []
    assert legal[-1] == UNDO, "a play being named can be taken back"
    for action in legal[:-1]:
        assert isinstance(action, Hide)
        after = GAME.apply(state, seat, action)[0]
        if after.phase == HIDE:
            found += hide_sequences(after, seat, (*named, action.card))
        else:
            found.append((*named, action.card))
    return found


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_hide_choices_are_every_set_of_the_announced_size(seed: int, players: int) -> None:
    """Named one at a time in hand order, the face-down cards reach every set of the announced
    size exactly once, and never a dead end."""
    checked = 0
    for state, seat, _ in walk(seed, players, {}, limit=600)[:-1]:
        if state.phase != HIDE or state.hiding or checked == 3:
            continue
        assert state.claim is not None
        rest = list(state.hands[seat])
        for card in state.claim.up:
            rest.remove(card)
        reached = hide_sequences(state, seat, ())
        assert sorted(reached) == sorted(dict.fromkeys(combinations(rest, state.claim.hidden)))
        checked += 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), steps=st.integers(1, 300))
def test_random_games_end_within_max_steps(seed: int, players: int, steps: int) -> None:
    trail = walk(seed, players, {"max_steps": steps}, limit=steps + 1)
    result = GAME.result(trail[-1][0])
    assert result is not None and len(trail) - 1 <= steps
    if result.reason == "max_steps":
        assert result.draw and not result.winners and not result.losers


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), opts=options)
def test_same_seed_same_game(seed: int, players: int, opts: dict[str, Any]) -> None:
    first = [(s, str(a)) for _, s, a in walk(seed, players, opts)]
    again = [(s, str(a)) for _, s, a in walk(seed, players, opts)]
    assert first == again


def test_notation_round_trips_for_listed_actions() -> None:
    for state, _, _ in walk(3, 4, {})[::2]:
        for seat in GAME.actors(state):
            for action in GAME.legal_actions(state, seat):
                assert GAME.parse_action(str(action)) == action


def cards_in(value: object) -> list[Card]:
    """Every card held anywhere in ``value``: a state, its plays and claims, tuples of them."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in cards_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [c for name in value.__dataclass_fields__ for c in cards_in(getattr(value, name))]
    return []


def test_cards_are_interned_in_states() -> None:
    """Cards compare by identity: every card in every state along games (samples too) must be the
    one interned card ``CARDS[index]``, never a copy."""
    rng = random.Random(2)
    seen = 0
    for players, opts in ((3, {}), (2, {"games": 2, "burst_at": 8}), (5, {"face_down": False})):
        for state, seat, _ in walk(2, players, opts):
            for held in (state, GAME.sample_hidden(state, max(seat, 0), rng)):
                cards = cards_in(held)
                assert all(c is CARDS[c.index] for c in cards)
                seen += len(cards)
            assert len(cards_in(state)) >= len(GAME.all_cards(state))
    assert seen > 10_000


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_sampled_states_keep_public_cards_and_stay_playable(seed: int, players: int) -> None:
    """Search bots play on from ``sample_hidden`` states: public cards stay put, and every listed
    action of the sampled state applies."""
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, {}, limit=400)[:-1:3]:
        for seat in (*GAME.actors(state), None):
            sampled = GAME.sample_hidden(state, seat, rng)
            for other in range(players):
                assert Counter(state.known[other]) <= Counter(sampled.hands[other])
            if seat == state.turn:  # its own play in the making stays
                assert (sampled.laying, sampled.claim, sampled.hiding) == (state.laying, state.claim, state.hiding)
            else:  # another seat's is unseen: not yet begun in the sample
                assert (sampled.laying, sampled.claim, sampled.hiding) == ((), None, ())
            for actor in GAME.actors(sampled):
                for action in GAME.legal_actions(sampled, actor)[:5]:
                    GAME.apply(sampled, actor, action)


@settings(max_examples=60, deadline=None)
@given(options)
def test_options_round_trip_through_the_record_header(chosen: dict[str, Any]) -> None:
    """Each word of an option (``last_winner``, ``hand``, ...) comes back as itself, not as the first word."""
    state = GAME.new(players=3, options=chosen, seed=1)
    values = GAME.record_header(state)["options"]
    assert {k: values[k] for k in chosen} == chosen
    assert GAME.new(players=3, options=values, seed=1) == state
