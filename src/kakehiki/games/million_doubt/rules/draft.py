"""A mutable working copy of a :class:`MillionDoubtState`, used inside one ``apply`` only.

The rules read more plainly as small in-place steps; the draft is frozen back into
a new state at the end, so the caller's state is never touched.
"""

from __future__ import annotations

from kakehiki import base
from kakehiki.cards import Card, without
from kakehiki.games.million_doubt.rules.plays import Lock, sort_cards
from kakehiki.games.million_doubt.rules.state import (
    PLAYING,
    Claim,
    Derived,
    FieldPlay,
    Habits,
    MillionDoubtOptions,
    MillionDoubtState,
    Phase,
    RoundOutcome,
    Status,
)


class Draft(Derived, base.Draft[MillionDoubtState]):
    """Attributes mirror :class:`MillionDoubtState`; per-seat tuples become lists."""

    STATE = MillionDoubtState
    LISTS = ("scores", "hands", "known", "status")

    options: MillionDoubtOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    scores: list[int]
    outcomes: tuple[RoundOutcome, ...]
    steps: int
    leader: int
    hands: list[tuple[Card, ...]]
    known: list[tuple[Card, ...]]
    aside: tuple[Card, ...]
    gone: tuple[Card, ...]
    gone_down: tuple[tuple[int, Card], ...]
    status: list[Status]
    finished: tuple[int, ...]
    bursts: tuple[int, ...]
    field: tuple[FieldPlay, ...]
    binding: int
    lock: Lock | None
    revolution: bool
    eleven_back: bool
    turn: int
    last_player: int
    passes: int
    phase: Phase
    laying: tuple[Card, ...]
    claim: Claim | None
    hiding: tuple[Card, ...]
    window: tuple[int, ...]
    caller: int
    doubted: int
    truthful: bool
    pool: tuple[Card, ...]
    given: tuple[Card, ...]
    habits: tuple[Habits, ...]

    # -- helpers ------------------------------------------------------------------------------------
    def is_active(self, seat: int) -> bool:
        return self.status[seat] == PLAYING

    def active_count(self) -> int:
        return sum(1 for s in self.status if s == PLAYING)

    def next_active(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` still playing (``seat`` itself if it is the only one)."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.status[other] == PLAYING:
                return other
        return seat

    def active_from(self, seat: int) -> int:
        """``seat`` if it still plays, else the next one that does."""
        return seat if self.status[seat] == PLAYING else self.next_active(seat)

    def take(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Remove ``cards`` (a sub-multiset, checked by the caller) from ``seat``'s hand."""
        self.hands[seat] = without(self.hands[seat], cards)

    def note(self, seat: int, **counts: int) -> None:
        """Add to what the table has seen of ``seat`` (:class:`Habits`)."""
        habits = list(self.habits or (Habits(),) * self.players)
        habits[seat] = habits[seat].add(**counts)
        self.habits = tuple(habits)

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = sort_cards(self.hands[seat] + cards)
