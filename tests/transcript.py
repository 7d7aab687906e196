"""A tiny helper for transcript-style tests: fixed deals and moves written as text.

    deck = deal_deck(hands={0: "S4 H9 C2 DK", 1: "HA H2 D5 C7"}, field="H3", stock="S5 D7")
    state = game.new(players=2, options={"first_dealer": 0, "official": False}, deck=deck)
    state = play(game, state, "0: play H9", "1: draw")

``deal_deck`` works out the deck order the engine deals from (top card first, one
card at a time clockwise from the dealer), then the field card, then the given
stock prefix, then every card of the deck(s) not named yet, so the deck is whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kakehiki import Card, Event, parse_cards
from kakehiki.cards import STANDARD_DECK, sorted_cards

SIMPLE = {"first_dealer": 0, "official": False}  # seats 0..n-1 in order, seat 0 deals and plays first


def deal_deck(
    hands: Mapping[int, str],
    field: str,
    stock: str = "",
    dealer: int = 0,
    order: Sequence[int] | None = None,
    decks: int = 1,
) -> list[Card]:
    """The full deck order (top card first) that deals ``hands`` and turns up ``field``.

    ``order`` is the clockwise seating (default ``0..n-1`` for the seats in ``hands``);
    the deal starts with ``dealer``.  After the field card come the ``stock`` cards in
    the order given (the first is drawn first), then the rest of the deck(s).

    >>> " ".join(map(str, deal_deck({0: "S4 H9", 1: "CA C2"}, field="H3", stock="S5")[:6]))
    'S4 CA H9 C2 H3 S5'
    """
    seating = list(order) if order is not None else sorted(hands)
    if set(seating) != set(hands):
        raise ValueError(f"hands given for seats {sorted(hands)}, seating is {seating}")
    start = seating.index(dealer)
    seats = seating[start:] + seating[:start]
    held = {seat: parse_cards(text) for seat, text in hands.items()}
    dealt: list[Card] = []
    for round_no in range(max(len(h) for h in held.values())):
        dealt.extend(held[seat][round_no] for seat in seats if round_no < len(held[seat]))
    named = [*dealt, *parse_cards(field), *parse_cards(stock)]
    if len(parse_cards(field)) != 1:
        raise ValueError(f"field must be one card, got {field!r}")
    left = list(STANDARD_DECK * decks)
    for card in named:
        if card not in left:
            raise ValueError(f"{card} is named more often than {decks} deck(s) hold it")
        left.remove(card)
    return named + left


def move(text: str) -> tuple[int, str]:
    """``"2: play H4"`` → ``(2, "play H4")``."""
    seat, sep, action = text.partition(":")
    if not sep:
        raise ValueError(f"a move is 'SEAT: ACTION', got {text!r}")
    return int(seat), action.strip()


OTHERS_PASS = "others: pass"
"""A transcript line: every seat still asked to answer declines, in priority order (C5)."""


def run(game: Any, state: Any, *moves: str) -> tuple[Any, list[Event]]:
    """Apply the moves in order; return the final state and every event caused."""
    events: list[Event] = []
    for text in moves:
        if text == OTHERS_PASS:
            while state.window and game.result(state) is None:
                state, caused = game.apply(state, state.window[0], "pass")
                events.extend(caused)
            continue
        seat, action = move(text)
        state, caused = game.apply(state, seat, action)
        events.extend(caused)
    return state, events


def play(game: Any, state: Any, *moves: str) -> Any:
    """Apply the moves in order; return the final state."""
    return run(game, state, *moves)[0]


def pass_window(game: Any, state: Any) -> Any:
    """Every seat still offered an out-of-turn call declines, in priority order."""
    while state.window and game.result(state) is None:
        state, _ = game.apply(state, state.window[0], "pass")
    return state


def cards(text: str) -> list[str]:
    """Cards as sorted text, for comparing hands: ``cards("H9 S4") == ["S4", "H9"]``."""
    return [str(c) for c in sorted_cards(parse_cards(text))]


def hand(game: Any, state: Any, seat: int) -> list[str]:
    """``seat``'s hand as sorted text, read through its own view."""
    return [str(c) for c in game.view(state, seat).hand]


def texts(actions: Iterable[object]) -> list[str]:
    return [str(a) for a in actions]


def of_type(events: Iterable[Event], name: str) -> list[Any]:
    """The events of one type (by class name), in order."""
    return [e for e in events if type(e).__name__ == name]
