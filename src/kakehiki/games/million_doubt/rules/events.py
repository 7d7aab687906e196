"""What Million Doubt actions cause.  Cards a seat may not see are censored by ``seen_by``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kakehiki.cards import Card
from kakehiki.core import Dealt as Dealt  # the shared deal event, re-exported
from kakehiki.core import Event


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    round_no: int
    leader: int
    how: str  # random, last_winner, fixed
    aside: int  # cards set aside unseen (M1)


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A play: ``down`` are its face-down cards, ``None`` for every seat but the player's."""

    seat: int
    up: tuple[Card, ...]
    down: tuple[Card | None, ...]
    revolution: bool  # declared (face-down plays only)
    lead: bool

    def seen_by(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        return replace(self, down=tuple(None for _ in self.down))


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TookBack(Event):
    """``seat`` took back the play it was making (``undo``); only that seat sees it happen,
    as only it saw the play being made."""

    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class Locked(Event):
    """A suit lock (M3)."""

    suits: str


@dataclass(frozen=True, slots=True)
class Revolution(Event):
    """A revolution turned the order over (M3); ``reversed_order`` is the order now in force."""

    seat: int
    revolution: bool
    reversed_order: bool


@dataclass(frozen=True, slots=True)
class ElevenBack(Event):
    seat: int
    eleven_back: bool
    reversed_order: bool


@dataclass(frozen=True, slots=True)
class EightCut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class FieldCleared(Event):
    """The field left the game: ``all_pass`` (M8), ``eight_cut`` (M3) or ``doubt`` (M7)."""

    reason: str
    count: int
    leader: int | None  # who leads next (None: the game is over)


@dataclass(frozen=True, slots=True)
class DoubtOffered(Event):
    """Everyone but the player may call Doubt, asked in this order (M6)."""

    player: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DoubtDeclined(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Doubted(Event):
    caller: int
    player: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """At a doubt every card on the field is turned up, play by play (M7)."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class Judged(Event):
    """The doubted play was ``legal`` on the field as it stood, or not (M7)."""

    player: int
    caller: int
    legal: bool
    chooser: int


@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    giver: int
    receiver: int
    card: Card


@dataclass(frozen=True, slots=True)
class Penalty(Event):
    """The doubt's penalty is settled: ``cards`` went to the loser, ``discarded`` left the game (M7)."""

    giver: int
    receiver: int
    cards: tuple[Card, ...]
    discarded: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """A seat emptied its hand; ``paid[s]`` is what seat ``s`` paid it (M9, M10)."""

    seat: int
    place: int
    paid: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Burst(Event):
    """A seat reached ``burst_at`` cards and is out; ``paid[s]`` is what it paid seat ``s`` (M9, M10)."""

    seat: int
    size: int
    paid: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    round_no: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    ranks: tuple[int, ...]
    scores: tuple[int, ...]

