"""A mutable working copy of a :class:`DoubtState`, used inside one ``apply`` only.

See :class:`kakehiki.base.Draft`: the rules edit it in place and freeze it into the next state.
"""

from __future__ import annotations

from typing import ClassVar

from kakehiki import base
from kakehiki.cards import CARD_ORDER, Card, without
from kakehiki.games.doubt.rules.state import DoubtOptions, DoubtState, Habits, Knowledge, Phase, PileEntry, RoundOutcome


class Draft(base.Draft[DoubtState]):
    """Attributes mirror :class:`DoubtState`; ``hands`` and ``successes`` become lists."""

    STATE: ClassVar[type] = DoubtState
    LISTS: ClassVar[tuple[str, ...]] = ("hands", "successes")

    options: DoubtOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    copies: tuple[int, ...]
    hands: list[tuple[Card, ...]]
    pile: tuple[PileEntry, ...]
    round_no: int
    rank: int
    turn: int
    phase: Phase
    window: tuple[int, ...]
    picked: tuple[Card, ...]
    forfeited: tuple[int, ...]
    discard: tuple[Card, ...]
    successes: list[int]
    known: Knowledge
    sure: Knowledge
    last_sure: tuple[tuple[Card, ...], ...]
    penalty_draws: int
    plays: int
    steps: int
    outcomes: tuple[RoundOutcome, ...]
    habits: tuple[Habits, ...]

    def note(self, seat: int, **counts: int) -> None:
        """Add to what the table has seen of ``seat`` (:class:`Habits`)."""
        habits = list(self.habits or (Habits(),) * self.players)
        habits[seat] = habits[seat].add(**counts)
        self.habits = tuple(habits)

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
        self.hands[seat] = without(self.hands[seat], cards)

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + cards, key=CARD_ORDER))
