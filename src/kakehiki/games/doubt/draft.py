"""A mutable working copy of a :class:`DoubtState`, used inside one ``apply`` only.

The rules read more plainly as small in-place steps; the draft is frozen back
into a new state at the end, so the caller's state is never touched.
"""

from __future__ import annotations

from kakehiki.cards import CARD_ORDER, Card
from kakehiki.core import Event
from kakehiki.games.doubt.state import DoubtOptions, DoubtState, Knowledge, Outcome, PileEntry


class Draft:
    """Attributes mirror :class:`DoubtState`; ``hands`` and ``successes`` become lists."""

    options: DoubtOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    copies: tuple[int, ...]
    hands: list[tuple[Card, ...]]
    pile: tuple[PileEntry, ...]
    rank: int
    turn: int
    phase: int
    window: tuple[int, ...]
    picked: tuple[Card, ...]
    forfeited: tuple[int, ...]
    discard: tuple[Card, ...]
    successes: list[int]
    known: Knowledge
    sure: Knowledge
    last_sure: tuple[tuple[Card, ...], ...]
    penalty_draws: int
    steps: int
    outcome: Outcome | None

    def __init__(self, state: DoubtState) -> None:
        self.__dict__.update(state.__dict__)
        self.hands = list(state.hands)
        self.successes = list(state.successes)
        self.events: list[Event] = []

    def freeze(self) -> DoubtState:
        """The new state.  The draft hands over its attribute dict and must not be used after."""
        values = self.__dict__
        del values["events"]
        values["hands"] = tuple(self.hands)
        values["successes"] = tuple(self.successes)
        new = object.__new__(DoubtState)
        object.__setattr__(new, "__dict__", values)  # as dataclasses' own frozen __init__ does
        return new

    def finish(self) -> tuple[DoubtState, tuple[Event, ...]]:
        events = tuple(self.events)
        return self.freeze(), events

    def active(self, seat: int) -> bool:
        return seat not in self.forfeited

    def next_active(self, seat: int) -> int:
        """The next seat clockwise that has not forfeited (C2, B7)."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.forfeited:
                return other
        return seat

    def take(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Remove ``cards`` (a sub-multiset, checked by the caller) from ``seat``'s hand."""
        hand = list(self.hands[seat])
        for card in cards:
            hand.remove(card)
        self.hands[seat] = tuple(hand)

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + cards, key=CARD_ORDER))
