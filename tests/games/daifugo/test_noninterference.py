"""Daifugo's hidden hand-overs (F9): a seat outside an exchange learns nothing of the cards returned.

Two matches reach the exchange alike; in one the daifugo hands back its two weakest cards, in the
other two others.  For every seat but the two of that hand-over, the views, the events seen, the
offers and the states a search bot samples are the same; the two seats themselves tell them apart.
"""

from __future__ import annotations

import random
from typing import cast

from kakehiki.bots import make_bot
from kakehiki.core import Event
from kakehiki.games.daifugo import DAIFUGO as GAME
from kakehiki.games.daifugo import DaifugoAction, DaifugoState
from kakehiki.games.daifugo.rules.plays import card_key


def at_exchange(seed: int) -> DaifugoState:
    state = GAME.new(players=4, seed=seed, options={"games": 2})
    bot, rng = make_bot("daifugo", "heuristic"), random.Random(seed)
    while state.round_no == 0:
        seat = GAME.actors(state)[0]
        action = cast(DaifugoAction, bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
        state, _ = GAME.apply(state, seat, action)
    return state


def test_F9_a_return_tells_the_other_seats_only_how_many() -> None:
    for seed in range(3):
        state = at_exchange(seed)
        giver, receiver, _ = state.returns[0]
        hand = state.hands[giver]
        seen_one: list[Event] = []
        seen_two: list[Event] = []
        one, two = state, state
        for card in hand[:2]:
            one, events = GAME.apply(one, giver, f"give {card}")
            seen_one += events
        for card in hand[2:4]:
            two, events = GAME.apply(two, giver, f"give {card}")
            seen_two += events
        for seat in range(4):
            same = GAME.view(one, seat) == GAME.view(two, seat)
            assert same == (seat not in (giver, receiver)), seat
            if same:
                assert [e.seen_by(seat) for e in seen_one] == [e.seen_by(seat) for e in seen_two]
                assert GAME.legal_actions(one, seat) == GAME.legal_actions(two, seat)
                assert GAME.sample_hidden(one, seat, random.Random(seed)) == GAME.sample_hidden(
                    two, seat, random.Random(seed))


def test_F9_the_giver_keeps_what_it_knows_in_a_sample() -> None:
    state = at_exchange(5)
    giver, receiver, _ = state.returns[0]
    hand = state.hands[giver]
    for card in hand[:2]:
        state, _ = GAME.apply(state, giver, f"give {card}")
    sample = GAME.sample_hidden(state, giver, random.Random(1))
    assert set(hand[:2]) <= set(sample.hands[receiver])
    assert GAME.view(sample, giver) == GAME.view(state, giver)


def test_F9_a_seat_that_took_the_strongest_cards_samples_the_poorer_hand_weaker() -> None:
    for seed in range(3):
        state = at_exchange(seed)
        for poor, rich, weakest in state.forced:
            for k in range(5):
                sample = GAME.sample_hidden(state, rich, random.Random(k))
                assert all(card_key(c) < card_key(weakest) for c in sample.hands[poor]), (seed, poor)
                assert GAME.view(sample, rich) == GAME.view(state, rich)
            assert GAME.sample_hidden(state, poor, random.Random(0)).forced == ()  # others do not know it
