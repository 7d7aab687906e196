"""What Doubt actions cause.  Face-down cards are censored by ``seen_by``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kakehiki.cards import Card
from kakehiki.core import Dealt as Dealt  # shared events, re-exported
from kakehiki.core import Declined as Declined
from kakehiki.core import Event


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: int
    cards: int
    decks: int
    jokers: int


@dataclass(frozen=True, slots=True)
class TurnTo(Event):
    """``seat`` is to play next, claiming ``rank`` (B2, B5)."""

    seat: int
    rank: int


@dataclass(frozen=True, slots=True)
class Added(Event):
    """``seat`` set ``card`` aside for the play it is making (``add``).  Only that seat sees this:
    the play is face down, and the others see it only once it is made (``Played``)."""

    seat: int
    card: Card

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``count`` cards face down, claimed as ``rank``; only the player sees ``cards``."""

    seat: int
    rank: int
    count: int
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.cards is None else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class Unchallenged(Event):
    """Every seat offered the doubt let ``seat``'s play stand (B4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Doubted(Event):
    caller: int
    player: int
    rank: int
    count: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """The doubted play turned face up; ``lie`` when a card is neither the claimed rank nor a joker (B5)."""

    seat: int
    rank: int
    cards: tuple[Card, ...]
    lie: bool


@dataclass(frozen=True, slots=True)
class PileTaken(Event):
    """``seat`` takes the whole pile, ``count`` cards (B5, B7).  Everyone sees ``shown``, the
    cards a doubt turned up; only the taker sees all of them (``cards``), unless ``face_up``
    (``show_pile``, or a record of version 2 or older) shows them to everyone."""

    seat: int
    cards: tuple[Card, ...] | None
    reason: str  # "lie", "truth" or "no_success"
    count: int
    shown: tuple[Card, ...]
    face_up: bool

    def seen_by(self, seat: int | None) -> Event:
        return self if self.face_up or seat == self.seat or self.cards is None else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class CardsTaken(Event):
    """Two-card penalty (B7): ``taker`` draws ``count`` random cards from ``giver``; only they see which."""

    taker: int
    giver: int
    cards: tuple[Card, ...] | None
    count: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat in (self.taker, self.giver) or self.cards is None else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """Forfeit penalty (B7): ``seat`` discards its hand face up and is out."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` has no cards left and its last play stood (B6)."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str  # doubt_out, doubt_last_standing, max_steps
