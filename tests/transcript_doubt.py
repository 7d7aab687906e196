"""Transcript helpers for Doubt: fixed deals and moves written as text.

    state = new({0: "SA S2", 1: "HA H2"})            # seat 0 holds SA S2, seat 1 HA H2
    state = play(state, "0: play SA", "1: pass")

Doubt deals every card of the deck one at a time clockwise from seat 0 (B1), so an explicit
deck (top card first) is the hands interleaved: seat 0's first card, seat 1's first card, …
An explicit deck may be part of a deck: only its cards are in the game.
"""

from __future__ import annotations

from typing import Any

import pytest

from kakehiki import IllegalActionError, get_game, parse_cards
from kakehiki.cards import Card
from kakehiki.core import Event
from transcript import move

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
    events: list[Event] = []
    for text in moves:
        seat, action = move(text)
        state, caused = GAME.apply(state, seat, action)
        events.extend(caused)
    return state, events


def play(state: Any, *moves: str) -> Any:
    return run(state, *moves)[0]


def stand(state: Any) -> Any:
    """Every seat offered the doubt passes, in priority order: the play stands."""
    while state.window:
        state, _ = GAME.apply(state, state.window[0], "pass")
    return state


def refused(state: Any, text: str) -> IllegalActionError:
    """Apply ``"SEAT: ACTION"`` expecting a refusal; check the state is untouched; return the error."""
    seat, action = move(text)
    before = (state.hands, state.pile, state.window, state.turn, state.rank, state.steps)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert (state.hands, state.pile, state.window, state.turn, state.rank, state.steps) == before
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


def of_type(events: list[Event], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]


def known(state: Any, viewer: int | None, seat: int) -> str:
    return " ".join(str(c) for c in GAME.view(state, viewer).known[seat])


def sure(state: Any, viewer: int | None, seat: int) -> str:
    return " ".join(str(c) for c in GAME.view(state, viewer).sure[seat])
