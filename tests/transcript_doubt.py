"""Transcript helpers for Doubt: fixed deals and moves written as text.

    state = new({0: "SA S2", 1: "HA H2"})            # seat 0 holds SA S2, seat 1 HA H2
    state = play(state, "0: play SA", "1: pass")

Doubt deals every card of the deck one at a time clockwise from seat 0 (B1), so an explicit
deck (top card first) is the hands interleaved: seat 0's first card, seat 1's first card, …
An explicit deck may be part of a deck: only its cards are in the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

import transcript
from kakehiki import IllegalActionError, get_game, parse_cards
from kakehiki.cards import Card
from kakehiki.core import Action, Event
from kakehiki.driver import play_out
from kakehiki.games.doubt.rules.state import Habits
from transcript import move
from transcript import of_type as of_type  # re-exported for the Doubt tests

GAME = get_game("doubt")


def deal_deck(hands: dict[int, str]) -> list[Card]:
    """The deck order (top card first) that deals ``hands`` to seats 0..n-1 (B1).

    >>> " ".join(map(str, deal_deck({0: "SA S2 S3", 1: "HA H2"})))
    'SA HA S2 H2 S3'
    """
    held = [parse_cards(hands[seat]) for seat in range(len(hands))]
    sizes = [len(h) for h in held]
    if any(sizes[i] < sizes[i + 1] for i in range(len(sizes) - 1)) or max(sizes) - min(sizes) > 1:
        raise ValueError(f"a round-robin deal cannot give hand sizes {sizes}")
    return [held[seat][i] for i in range(max(sizes)) for seat in range(len(held)) if i < sizes[seat]]


def new(hands: dict[int, str], seed: int = 0, **options: object) -> Any:
    """A game dealt from a fixed (possibly partial) deck."""
    return GAME.new(players=len(hands), options=options, seed=seed, deck=deal_deck(hands))


def run(state: Any, *moves: str) -> tuple[Any, list[Event]]:
    return transcript.run(GAME, state, *moves)


def play(state: Any, *moves: str) -> Any:
    return transcript.play(GAME, state, *moves)


def with_habits(state: Any, *habits: Habits) -> Any:
    """The same game with the table's record set to ``habits`` (one per seat)."""
    return replace(state, habits=habits)


def stand(state: Any) -> Any:
    """Every seat offered the doubt passes, in priority order: the play stands."""
    while state.window:
        state, _ = GAME.apply(state, state.window[0], "pass")
    return state


def refused(state: Any, text: str) -> IllegalActionError:
    """Apply ``"SEAT: ACTION"`` expecting a refusal; check the state is untouched; return the error."""
    seat, action = move(text)
    before = (state.hands, state.pile, state.window, state.picked, state.turn, state.rank, state.steps)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert (state.hands, state.pile, state.window, state.picked, state.turn, state.rank, state.steps) == before
    return info.value


def hand(state: Any, seat: int) -> str:
    return " ".join(str(c) for c in GAME.view(state, seat).hand)


def cards(text: str) -> str:
    """Cards as sorted text: ``cards("H9 S4") == "S4 H9"``."""
    return " ".join(str(c) for c in sorted(parse_cards(text), key=lambda c: c.index))


def sizes(state: Any) -> tuple[int, ...]:
    return tuple(GAME.view(state, None).hand_sizes)


def outcome(state: Any) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    result = GAME.result(state)
    assert result is not None, "the game is not over"
    return result.winners, result.losers, result.reason


def legal(state: Any, seat: int) -> set[str]:
    return {str(a) for a in GAME.legal_actions(state, seat)}


def known(state: Any, viewer: int | None, seat: int) -> str:
    return " ".join(str(c) for c in GAME.view(state, viewer).known[seat])


def sure(state: Any, viewer: int | None, seat: int) -> str:
    return " ".join(str(c) for c in GAME.view(state, viewer).sure[seat])


def bot_choice(state: Any, seat: int, bot: Any) -> str:
    """What ``bot`` does for ``seat`` now, each choice checked to be offered.  A play of several cards
    is followed through its steps (``add S4``, ``play H9``) and written as the cards it puts down,
    ``play S4 H9``."""
    steps: list[str] = []
    while True:
        legal = GAME.legal_actions(state, seat)
        action = bot.choose(GAME.view(state, seat), legal, random.Random(0))
        assert action in legal, f"{action} was not offered"
        verb, *card = str(action).split()
        steps += card or [verb]
        if verb != "add":
            return " ".join(["play", *steps] if card else steps)
        state, _ = GAME.apply(state, seat, action)


def watched_play_out(state: Any, bots: Sequence[Any], seed: int, watched: set[int]) -> tuple[Any, Counter[str]]:
    """Play ``state`` out with ``bots``, checking that every action chosen was among the seat's
    legal actions then.  Returns the result and a tally of what the ``watched`` seats did (``play``,
    ``add`` for cards set aside, ``multi`` for plays of several cards made, ``joker`` for a joker put
    down, ``doubt``, ``pass``) and of
    every event type (by class name)."""
    tally: Counter[str] = Counter()
    before = [state]

    def listen(after: Any, seat: int, action: Action, events: tuple[Event, ...]) -> None:
        assert action in GAME.legal_actions(before[0], seat), f"seat {seat} chose {action}, which it was not offered"
        before[0] = after
        tally.update(type(e).__name__ for e in events)
        if seat in watched:
            words = str(action).split()
            tally[words[0]] += 1
            tally["multi"] += any(type(e).__name__ == "Played" and getattr(e, "count", 0) > 1 for e in events)
            tally["joker"] += "JK" in words

    result = GAME.result(play_out(GAME, state, bots, seed=seed, listener=listen).state)
    assert result is not None
    return result, tally


def variant_shown(tally: Counter[str], options: dict[str, object]) -> None:
    """The watched seats played, doubted and passed, and used what the variant allows; the
    variant's own penalty came into play (B3, B4, B7)."""
    assert tally["play"] and tally["doubt"] and tally["pass"], dict(tally)
    if int(str(options.get("max_cards_per_play", 1))) > 1:
        assert tally["multi"] and tally["add"], "plays of several cards"
    if options.get("jokers"):
        assert tally["joker"], "plays with a joker"
    penalty_event = {"pile": "PileTaken", "forfeit": "Forfeited", "two_cards": "CardsTaken"}
    assert tally[penalty_event[str(options.get("penalty", "pile"))]], "the variant's penalty"
