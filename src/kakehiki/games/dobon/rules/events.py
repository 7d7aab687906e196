"""What Dobon actions cause.  Cards a seat may not see are censored by ``seen_by``.

Dobon-arith raises the same :class:`FieldTurned`, :class:`Drew`, :class:`StockRebuilt`,
:class:`GameEnded` and :class:`DealerChosen` (it imports them from here)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kakehiki.cards import Card
from kakehiki.core import Dealt as Dealt  # shared events, re-exported
from kakehiki.core import Declined as Declined
from kakehiki.core import Event


@dataclass(frozen=True, slots=True)
class SeatsDrawn(Event):
    """Official seat draw (J12): each seat's card and the clockwise seating that follows."""

    draws: tuple[Card | None, ...]
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    round_no: int
    dealer: int
    deal_counts: tuple[int, ...]
    decks: int


@dataclass(frozen=True, slots=True)
class FieldTurned(Event):
    card: Card


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: Card
    interrupt: bool


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    cards: tuple[Card, ...] | None
    count: int
    reason: str  # "turn", "twos" or (Dobon's J14) "delay"

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.cards is None else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class TwosPending(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class StockRebuilt(Event):
    count: int


@dataclass(frozen=True, slots=True)
class DobonCalled(Event):
    """A Dobon (or gaeshi) call: the caller's whole hand goes face up, ``top`` uppermost."""

    seat: int
    hand: tuple[Card, ...]
    top: Card
    hit: Card
    hit_owner: int | None  # None: the first field card, which nobody played


@dataclass(frozen=True, slots=True)
class DelayPenalty(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    round_no: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str  # dobon, gaeshi, first_card, self_dobon (Dobon only), no_stock, max_steps


@dataclass(frozen=True, slots=True)
class DealCountsChanged(Event):
    deal_counts: tuple[int, ...]
    laps: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    dealer: int
    reason: str  # Dobon: seat_draw, random, fixed, loser, most_behind, card_draw, unchanged;
    # Dobon-arith: random, fixed, loser, losers_draw, unchanged


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    ranks: tuple[int, ...]

