"""A mutable working copy of a :class:`DhumbalState`, used inside one ``apply`` only
(see :class:`kakehiki.base.Draft`)."""

from __future__ import annotations

from typing import ClassVar

from kakehiki import base
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dhumbal.rules.melds import POINTS
from kakehiki.games.dhumbal.rules.state import DhumbalOptions, DhumbalState, LoggedTurn, Phase, RoundOutcome


class Draft(base.Draft[DhumbalState]):
    """Attributes mirror :class:`DhumbalState`; ``hands``, ``totals`` and ``known`` become lists."""

    STATE: ClassVar[type] = DhumbalState
    LISTS: ClassVar[tuple[str, ...]] = ("hands", "totals", "known")

    options: DhumbalOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    decks: int
    round_no: int
    starter: int
    scores: tuple[int, ...]
    outcomes: tuple[RoundOutcome, ...]
    phase: Phase
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

    def give(self, seat: int, card: Card, public: bool) -> None:
        """Add ``card`` to a hand; one taken from the discards (``public``) is known to all (D3)."""
        self.hands[seat] = tuple(sorted((*self.hands[seat], card), key=CARD_ORDER))
        self.totals[seat] += POINTS[card.rank]
        if public:
            self.known[seat] = tuple(sorted((*self.known[seat], card), key=CARD_ORDER))
