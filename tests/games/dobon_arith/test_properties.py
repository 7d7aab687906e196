"""Property tests over random arithmetic Dobon games with random options (hypothesis)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, OptionError, get_game
from kakehiki.bots import make_bot
from kakehiki.cards import JOKER, STANDARD_DECK
from kakehiki.games.dobon_arith import ArithState, Bottom, Pass, Play, Stack, Top, waits
from kakehiki.games.dobon_arith.rules.actions import ACTIONS
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of
from playouts import random_walk

GAME = get_game("dobon-arith")

options = st.fixed_dictionaries({
    "first_player": st.sampled_from(["auto", 0]),
    "draw_penalty_ends_turn": st.booleans(),
    "games": st.integers(1, 3),
    "min_field_to_rebuild": st.integers(0, 3),
    "max_twos_ratio": st.sampled_from([None, 0.5]),
})


def walk(seed: int, players: int, opts: dict[str, Any], limit: int = 3000) -> list[tuple[ArithState, int, Any]]:
    return random_walk(GAME, seed, players, opts, limit)


def candidates(state: ArithState, seat: int) -> set[Any]:
    """Every action naming a card of the hand or the first card not held (play, bottom, stack, top,
    each suit for 8s), the bare ones, a play of 8s naming no suit, and a whole play of two cards."""
    hand = state.hands[seat]
    named = {*hand, next(c for c in STANDARD_DECK if c not in hand)}
    found: set[Any] = {a for a in ACTIONS if card_of(a) in named or card_of(a) is None}
    return found | {Play((STANDARD_DECK[0], STANDARD_DECK[13])), Play((STANDARD_DECK[7],))}


def card_of(action: Any) -> Any:
    if isinstance(action, Play):
        return action.cards[0]
    return action.card if isinstance(action, Bottom | Stack | Top) else None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), opts=options)
def test_cards_conserved_and_derived_facts_kept(seed: int, players: int, opts: dict[str, Any]) -> None:
    start: dict[int, Counter[int]] = {}
    for state, _, _ in walk(seed, players, opts):
        counts = Counter(c.index for c in GAME.all_cards(state))
        assert start.setdefault(state.round_no, counts) == counts and sum(counts.values()) == 52
        for seat in range(players):
            assert state.reach[seat] == reachable(values_of(state.hands[seat])) == set(waits(state.hands[seat]))
            assert set(state.revealed[seat]) <= set(state.hands[seat])
            assert list(state.hands[seat]) == sorted(state.hands[seat])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), opts=options)
def test_views_hide_unrevealed_cards_and_show_revealed_ones(seed: int, players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[::3]:
        for seat in range(players):
            view = GAME.view(state, seat)
            assert view.hand == state.hands[seat] and view.revealed == state.revealed
            sampled = GAME.sample_hidden(state, seat, rng)
            assert GAME.view(sampled, seat) == view
            assert GAME.legal_actions(sampled, seat) == GAME.legal_actions(state, seat)  # its own choices stay
            assert all(set(state.revealed[s]) <= set(sampled.hands[s]) for s in range(players))
        assert GAME.view(state, None).hand is None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_listed_actions_apply_and_others_are_refused_untouched(seed: int, players: int, opts: dict[str, Any]) -> None:
    for state, _, _ in walk(seed, players, opts)[:-1:3]:
        before = pickle.dumps(state)
        for seat in range(players):
            legal = set(GAME.legal_actions(state, seat))
            assert len(legal) == len(GAME.legal_actions(state, seat)), "no action listed twice"
            for action in legal:
                GAME.apply(state, seat, action)
                assert str(GAME.parse_action(str(action))) == str(action)
            for action in candidates(state, seat) - legal:
                try:
                    GAME.apply(state, seat, action)
                except IllegalActionError as err:
                    assert err.rule
                else:
                    raise AssertionError(f"{action} applied for seat {seat} but was not listed")
        assert pickle.dumps(state) == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(1, 300))
def test_random_games_end_within_max_steps(seed: int, players: int, steps: int) -> None:
    trail = walk(seed, players, {"max_steps": steps}, limit=10 * steps)
    result = GAME.result(trail[-1][0])
    counted = [a for state, seat, a in trail[:-1]
               if not (isinstance(a, Pass) and seat in state.window) and not isinstance(a, Bottom | Stack)]
    assert result is not None and len(counted) <= steps  # declines are not steps: only their seat sees them
    # a play of several cards is one step, counted when its top card is laid (C7)
    if result.reason == "max_steps":
        assert len(counted) == steps
        assert result.draw and not result.winners and not result.losers


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_same_seed_same_game(seed: int, players: int, opts: dict[str, Any]) -> None:
    first = [(s, str(a)) for _, s, a in walk(seed, players, opts)]
    assert first == [(s, str(a)) for _, s, a in walk(seed, players, opts)]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), opts=options)
def test_the_rule_bot_picks_a_listed_action(seed: int, players: int, opts: dict[str, Any]) -> None:
    bot, rng = make_bot("dobon-arith", "rule"), random.Random(seed)
    for state, _, _ in walk(seed, players, opts)[:-1:2]:
        for seat in GAME.actors(state):
            legal = GAME.legal_actions(state, seat)
            assert bot.choose(GAME.view(state, seat), legal, rng) in legal


DECK_KINDS = ("whole", "short", "long", "duplicate", "joker")


def mutated_deck(kind: str, rng: random.Random, cut: int) -> list[Any]:
    """A shuffled deck, whole or spoiled: cut short, one card too many, a card twice, a joker."""
    deck: list[Any] = list(STANDARD_DECK)
    rng.shuffle(deck)
    if kind == "short":
        return deck[:cut]
    if kind == "long":
        return [*deck, deck[cut % 52]]
    if kind == "duplicate":
        return [*deck[1:], deck[1 + cut % 51]]
    if kind == "joker":
        return [*deck[:-1], JOKER]
    return [str(c) for c in deck] if cut % 2 else deck  # as card texts too


@settings(max_examples=60, deadline=None)
@given(players=st.integers(0, 10), first=st.integers(0, 9), kind=st.sampled_from(DECK_KINDS),
       cut=st.integers(0, 51), seed=st.integers(0, 10**6), opts=options)
def test_item3_any_table_and_deck_deals_or_is_refused_naming_the_option(
        players: int, first: int, kind: str, cut: int, seed: int, opts: dict[str, Any]) -> None:
    """Every player count and explicit deck either deals a game that plays to its end without
    a crash, or is refused at ``new`` with an OptionError naming what is wrong."""
    rng = random.Random(seed)
    deck = mutated_deck(kind, rng, cut)
    wrong = {"players"} if not 2 <= players <= 8 else set()
    wrong |= {"deck"} if kind != "whole" else set()
    wrong |= {"first_player"} if first >= players else set()
    try:
        state = GAME.new(players=players, options={**opts, "first_player": first}, seed=seed, deck=deck)
    except OptionError as err:
        assert err.option in wrong, err
        return
    assert not wrong
    for _ in range(400):
        if GAME.result(state) is not None:
            break
        seat = rng.choice(GAME.actors(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
