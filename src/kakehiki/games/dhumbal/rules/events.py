"""What Dhumbal actions cause.  Cards drawn from the stock and other seats' deals are censored
by ``seen_by``; everything discarded, taken from the discards or shown at a Show is public."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kakehiki.cards import Card
from kakehiki.core import Dealt as Dealt  # the shared deal event, re-exported
from kakehiki.core import Event


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    starter: int
    decks: int


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """The card turned up to start the discards (D2)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """One card of a discard put down, face up (a turn's discard is put down one card at a time)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Took(Event):
    """A card taken from the previous seat's discards: it stays public while in the hand."""

    seat: int
    card: Card
    owner: int | None  # None: the turned-up card


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    card: Card | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.card is None else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class Buried(Event):
    """The previous discards nobody took (D3)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class StockRebuilt(Event):
    """The buried discards shuffled into a new stock (D7)."""

    count: int


@dataclass(frozen=True, slots=True)
class ShowCalled(Event):
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class HandsShown(Event):
    """Every hand laid open after a Show (D4)."""

    hands: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round_no: int
    reason: str  # show, show_back, max_steps
    added: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str  # limit or max_steps

