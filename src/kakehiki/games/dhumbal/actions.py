"""Dhumbal actions and their one text form each (D3).

A turn is one action holding both of its halves: what is discarded and what is taken.

>>> [str(parse_action(t)) for t in ("show", "discard s6 s4 s5 take STOCK", "Discard h9 take c7")]
['show', 'discard S4 S5 S6 take stock', 'discard H9 take C7']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kakehiki.cards import Card, card_of
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.dhumbal.melds import discard_key

STOCK_WORD = "stock"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Show, at the very start of a turn (D3, D4)."""

    def __str__(self) -> str:
        return "show"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Discard ``discard`` (written by rank, then suit), then take ``take``: one of the
    previous seat's last discards, or the stock's top card when ``None`` (D3).
    Build it with :func:`turn`, which puts the cards in their written order."""

    discard: tuple[Card, ...]
    take: Card | None

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.discard)
        return f"discard {cards} take {STOCK_WORD if self.take is None else self.take}"


DhumbalAction = Show | Turn
SHOW = Show()


_TURNS: dict[tuple[tuple[Card, ...], Card | None], Turn] = {}
TURN_CACHE_SIZE = 1 << 15  # more than the distinct turns of real play; past it turns are built afresh


def turn(discard: Iterable[Card], take: Card | None) -> Turn:
    """A turn with its discard in the one written order."""
    return shared_turn(tuple(sorted(discard, key=discard_key)), take)


def shared_turn(discard: tuple[Card, ...], take: Card | None) -> Turn:
    """The one shared instance of a turn whose discard is already in written order.

    Actions are immutable values; reusing them spares building thousands per second
    in ``legal_actions``.  The table only grows to the turns actually offered, and never
    past ``TURN_CACHE_SIZE`` entries (parsed text does not go through it).
    """
    key = (discard, take)
    found = _TURNS.get(key)
    if found is None:
        found = Turn(discard, take)
        if len(_TURNS) < TURN_CACHE_SIZE:
            _TURNS[key] = found
    return found


USAGE = "expected show, or discard CARD... take stock|CARD (e.g. discard S4 S5 S6 take stock)"


def parse_action(text: str) -> DhumbalAction:
    """The action written ``text``; :class:`NotationError`, quoting a short excerpt, if malformed.

    Parsed turns are built afresh, not shared: hostile text cannot grow the shared table."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb = words[0].lower()
    if verb == "show" and len(words) == 1:
        return SHOW
    lowered = [w.lower() for w in words]
    if verb != "discard" or lowered.count("take") != 1:
        raise NotationError(f"not a Dhumbal action: {excerpt(text)} ({USAGE})")
    at = lowered.index("take")
    cards, target = words[1:at], words[at + 1:]
    if not cards or len(target) != 1:
        raise NotationError(f"not a Dhumbal action: {excerpt(text)} ({USAGE})")
    take = None if target[0].lower() == STOCK_WORD else card_of(target[0])
    return Turn(tuple(sorted((card_of(c) for c in cards), key=discard_key)), take)
