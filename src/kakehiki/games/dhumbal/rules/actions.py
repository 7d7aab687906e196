"""Dhumbal actions, their one text form each, and their numbering (D3; issue 13).

A turn is made in steps by the same seat: ``discard CARD`` puts one card of its discard down,
once, or again for each further card of a set or run, and ``take stock`` or ``take CARD`` ends
the turn.  ``show`` is one action, at the very start of a turn.  Every action is one of 106
shared instances, numbered in :data:`ALL_ACTIONS` order whatever the players and decks.

>>> [str(parse_action(t)) for t in ("show", "Discard s4", "take STOCK", "take c1")]
['show', 'discard S4', 'take stock', 'take CA']
>>> [ALL_ACTIONS.index(parse_action(t)) for t in ("show", "discard SA", "discard CK", "take stock", "take CK")]
[0, 1, 52, 53, 105]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.cards import card_of as any_card_of
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt

STOCK_WORD = "stock"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Show, at the very start of a turn (D3, D4)."""

    def __str__(self) -> str:
        return "show"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put ``card`` down face up as the first or next card of this turn's discard (D3).

    The cards of a set or run are put down in their written order: by rank, then suit."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """End the turn: take ``card`` from the previous seat's last discard, or the stock's top
    card when ``None`` (D3)."""

    card: Card | None

    def __str__(self) -> str:
        return f"take {STOCK_WORD if self.card is None else self.card}"


DhumbalAction = Show | Discard | Take
SHOW: Final = Show()
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in STANDARD_DECK)  # by card index
TAKE_STOCK: Final = Take(None)
TAKES: Final[tuple[Take, ...]] = tuple(Take(c) for c in STANDARD_DECK)  # by card index
ALL_ACTIONS: Final[tuple[DhumbalAction, ...]] = (SHOW, *DISCARDS, TAKE_STOCK, *TAKES)
"""Every action in index order: ``show`` 0, ``discard CARD`` 1 + card index (1–52),
``take stock`` 53, ``take CARD`` 54 + card index (54–105)."""


def discard(card: Card) -> Discard:
    return DISCARDS[card.index]


def take(card: Card | None) -> Take:
    return TAKE_STOCK if card is None else TAKES[card.index]


USAGE = "expected show, discard CARD, take stock or take CARD"


def card_of(token: str) -> Card:
    """One card of a standard deck from its text, quoting at most a short excerpt of a bad one (C1)."""
    card = any_card_of(token)
    if card.is_joker:
        raise NotationError("Dhumbal is played without jokers")
    return card


def parse_action(text: str) -> DhumbalAction:
    """The action written ``text`` (one of the shared instances); :class:`NotationError`,
    quoting a short excerpt, if malformed.  A whole turn in one text (version 1's
    ``discard S4 S5 S6 take stock``) is refused with a hint: it is made in steps now."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.split(maxsplit=2)
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb = words[0].lower() if len(words[0]) <= len("discard") else ""
    if verb == "show" and len(words) == 1:
        return SHOW
    if verb in ("discard", "take") and len(words) == 2:
        target = words[1]
        if verb == "take" and target.lower() == STOCK_WORD:
            return TAKE_STOCK
        card = card_of(target)
        return DISCARDS[card.index] if verb == "discard" else TAKES[card.index]
    if verb == "discard" and len(words) == 3:
        raise NotationError(f"not a Dhumbal action: {excerpt(text)} (a turn is made in steps: discard one card "
                            "at a time, then take, e.g. discard S4, discard S5, discard S6, take stock)")
    raise NotationError(f"not a Dhumbal action: {excerpt(text)} ({USAGE})")
