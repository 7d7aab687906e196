"""A mutable working copy of a :class:`DhumbalState`, used inside one ``apply`` only.

The rules read more plainly as small in-place steps; the draft is frozen back into
a new state at the end, so the caller's state is never touched.
"""

from __future__ import annotations

from operator import attrgetter

from kakehiki.cards import Card
from kakehiki.core import Event
from kakehiki.games.dhumbal.melds import POINTS
from kakehiki.games.dhumbal.state import DhumbalOptions, DhumbalState, LoggedTurn, RoundOutcome

CARD_ORDER = attrgetter("index")


class Draft:
    """Attributes mirror :class:`DhumbalState`; ``hands``, ``totals`` and ``known`` become lists."""

    options: DhumbalOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    decks: int
    round_no: int
    starter: int
    scores: tuple[int, ...]
    history: tuple[RoundOutcome, ...]
    phase: int
    steps: int
    hands: list[tuple[Card, ...]]
    totals: list[int]
    known: list[tuple[Card, ...]]
    stock: tuple[Card, ...]
    discarding: tuple[Card, ...]
    available: tuple[Card, ...]
    available_owner: int
    buried: tuple[Card, ...]
    turn: int
    round_turns: int
    log: tuple[LoggedTurn, ...]
    rebuilds: int

    def __init__(self, state: DhumbalState) -> None:
        self.__dict__.update(state.__dict__)
        self.hands = list(state.hands)
        self.totals = list(state.totals)
        self.known = list(state.known)
        self.events: list[Event] = []

    def freeze(self) -> DhumbalState:
        """The new state.  The draft hands over its attribute dict and must not be used after."""
        values = self.__dict__
        del values["events"]
        values["hands"] = tuple(self.hands)
        values["totals"] = tuple(self.totals)
        values["known"] = tuple(self.known)
        new = object.__new__(DhumbalState)
        object.__setattr__(new, "__dict__", values)  # as dataclasses' own frozen __init__ does
        return new

    def finish(self) -> tuple[DhumbalState, tuple[Event, ...]]:
        events = tuple(self.events)
        return self.freeze(), events

    def remove(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Take ``cards`` out of a hand; a discarded card stops being known (D3)."""
        hand, known = list(self.hands[seat]), list(self.known[seat])
        for card in cards:
            hand.remove(card)
            if card in known:
                known.remove(card)
            self.totals[seat] -= POINTS[card.rank]
        self.hands[seat] = tuple(hand)
        self.known[seat] = tuple(known)

    def give(self, seat: int, card: Card, public: bool) -> None:
        self.hands[seat] = tuple(sorted((*self.hands[seat], card), key=CARD_ORDER))
        self.totals[seat] += POINTS[card.rank]
        if public:
            self.known[seat] = tuple(sorted((*self.known[seat], card), key=CARD_ORDER))
