"""What arithmetic Dobon actions cause.  Cards a seat may not see are censored by ``seen_by``."""

from __future__ import annotations

from dataclasses import dataclass

from kakehiki.cards import Card
from kakehiki.core import Dealt as Dealt  # shared events, re-exported
from kakehiki.core import Declined as Declined
from kakehiki.core import Event

# The events of the sister game that mean the same here, re-exported.  ``Drew.reason`` is
# "turn" or "twos"; ``DealerChosen.reason`` random, fixed, loser, losers_draw or unchanged.
from kakehiki.games.dobon.rules.events import DealerChosen as DealerChosen
from kakehiki.games.dobon.rules.events import Drew as Drew
from kakehiki.games.dobon.rules.events import FieldTurned as FieldTurned
from kakehiki.games.dobon.rules.events import GameEnded as GameEnded
from kakehiki.games.dobon.rules.events import StockRebuilt as StockRebuilt


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    round_no: int
    dealer: int  # deals and plays first (A1, A9)


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A play, bottom card first; ``suit`` is the suit a play of 8s named (A2, A6)."""

    seat: int
    cards: tuple[Card, ...]
    suit: str | None


@dataclass(frozen=True, slots=True)
class Staged(Event):
    """``bottom`` or ``stack``: the cards ``seat`` has laid so far in a play of several cards,
    bottom first.  Only that seat sees this: the play is one act, shown whole by ``Played`` (A2)."""

    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """Aces: these seats lose their turn, in order (A6)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """Nines: the direction after them (1 clockwise, -1 counter-clockwise) (A6)."""

    direction: int


@dataclass(frozen=True, slots=True)
class DrawOwed(Event):
    """Twos: ``seat`` now owes ``amount`` cards (A6)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RevealOwed(Event):
    """A 13: ``seat`` must show its hand unless it plays a 13 (A6)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """These cards of ``seat`` are public until played (A6)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The first turn of the game was passed (A2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DobonCalled(Event):
    """A Dobon (or gaeshi) call on ``hit``: the caller's hand, shown, reaches its value with ``operators``.

    ``against`` is the seat this call makes lose if nobody answers: the card's player for
    the first call (``None``: the first field card), the previous caller for a gaeshi (A4, A5)."""

    seat: int
    hand: tuple[Card, ...]
    hit: Card
    against: int | None
    operators: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    ranks: tuple[int, ...]
