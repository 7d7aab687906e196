"""A mutable working copy of a :class:`DobonState`, used inside one ``apply`` only.

The rules read more plainly as small in-place steps; the draft is frozen back
into a new state at the end, so the caller's state is never touched.
"""

from __future__ import annotations

from operator import attrgetter

from kakehiki.cards import Card
from kakehiki.core import Event
from kakehiki.games.dobon.state import DobonOptions, DobonState, GameOutcome, Seen

CARD_ORDER = attrgetter("index")


class Draft:
    """Attributes mirror :class:`DobonState`; ``hands`` and ``sums`` become lists."""

    options: DobonOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    game_no: int
    deal_counts: tuple[int, ...]
    laps: tuple[int, ...]
    order: tuple[int, ...]
    position: tuple[int, ...]
    dealer: int
    outcomes: tuple[GameOutcome, ...]
    stop_requested: bool
    decks: int
    hands: list[tuple[Card, ...]]
    sums: list[int]
    stock: tuple[Card, ...]
    field: tuple[Card, ...]
    top_owner: int
    turn: int
    pending: int
    twos: int
    phase: int
    window: tuple[int, ...]
    chain: tuple[int, ...]
    first_hit_owner: int
    rebuilds: int
    steps: int
    history: tuple[Seen, ...]

    def __init__(self, state: DobonState) -> None:
        self.__dict__.update(state.__dict__)
        self.hands = list(state.hands)
        self.sums = list(state.sums)
        self.events: list[Event] = []

    def freeze(self) -> DobonState:
        """The new state.  The draft hands over its attribute dict and must not be used after."""
        values = self.__dict__
        del values["events"]
        values["hands"] = tuple(self.hands)
        values["sums"] = tuple(self.sums)
        new = object.__new__(DobonState)
        object.__setattr__(new, "__dict__", values)  # as dataclasses' own frozen __init__ does
        return new

    def finish(self) -> tuple[DobonState, tuple[Event, ...]]:
        """The new state and the events that led to it."""
        events = tuple(self.events)
        return self.freeze(), events

    # convenience mirrors of DobonState helpers
    def next_seat(self, seat: int) -> int:
        return self.order[(self.position[seat] + 1) % self.players]

    def priority_from(self, seat: int) -> tuple[int, ...]:
        start = self.position[seat]
        return self.order[start:] + self.order[:start]

    def saw(self, kind: str, seat: int | None, card: Card | None, amount: int = 1) -> None:
        """Add a public move to the game's history (what every view shows)."""
        self.history = (*self.history, Seen(kind, seat, card, amount))

    def take(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1:]
        self.sums[seat] -= card.rank

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + cards, key=CARD_ORDER))
        self.sums[seat] += sum(c.rank for c in cards)
