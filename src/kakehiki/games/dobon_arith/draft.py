"""A mutable working copy of an :class:`ArithState`, used inside one ``apply`` only.

The rules read more plainly as small in-place steps; the draft is frozen back
into a new state at the end, so the caller's state is never touched.
"""

from __future__ import annotations

from kakehiki.cards import Card
from kakehiki.core import Event
from kakehiki.games.dobon_arith.actions import CARD_ORDER
from kakehiki.games.dobon_arith.arith import reachable, values_of
from kakehiki.games.dobon_arith.state import ArithOptions, ArithState, GameOutcome, PublicMove, Seating


class Draft(Seating):
    """Attributes mirror :class:`ArithState`; ``hands``, ``reach`` and ``revealed`` become lists."""

    options: ArithOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    game_no: int
    dealer: int
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    outcomes: tuple[GameOutcome, ...]
    hands: list[tuple[Card, ...]]
    reach: list[frozenset[int]]
    revealed: list[tuple[Card, ...]]
    stock: tuple[Card, ...]
    field: tuple[Card, ...]
    suit: str
    top_owner: int
    turn: int
    direction: int
    pending: int
    reveal_due: bool
    opening: bool
    staged: tuple[Card, ...]
    phase: int
    window: tuple[int, ...]
    chain: tuple[int, ...]
    rebuilds: int
    steps: int
    log: tuple[PublicMove, ...]

    def __init__(self, state: ArithState) -> None:
        self.__dict__.update(state.__dict__)
        self.hands = list(state.hands)
        self.reach = list(state.reach)
        self.revealed = list(state.revealed)
        self.events: list[Event] = []

    def freeze(self) -> ArithState:
        """The new state.  The draft hands over its attribute dict and must not be used after."""
        values = self.__dict__
        del values["events"]
        values["hands"] = tuple(self.hands)
        values["reach"] = tuple(self.reach)
        values["revealed"] = tuple(self.revealed)
        new = object.__new__(ArithState)
        object.__setattr__(new, "__dict__", values)  # as dataclasses' own frozen __init__ does
        return new

    def finish(self) -> tuple[ArithState, tuple[Event, ...]]:
        """The new state and the events that led to it."""
        events = tuple(self.events)
        return self.freeze(), events

    def set_hand(self, seat: int, hand: tuple[Card, ...]) -> None:
        self.hands[seat] = hand
        self.reach[seat] = reachable(values_of(hand))

    def take(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Remove played cards from the hand; played cards are no longer revealed (A6)."""
        self.set_hand(seat, tuple(c for c in self.hands[seat] if c not in cards))
        if self.revealed[seat]:
            self.revealed[seat] = tuple(c for c in self.revealed[seat] if c not in cards)

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        if cards:
            self.set_hand(seat, tuple(sorted(self.hands[seat] + cards, key=CARD_ORDER)))
