"""A mutable working copy of an :class:`ArithState`, used inside one ``apply`` only (see
:class:`kakehiki.base.Draft`)."""

from __future__ import annotations

from kakehiki.base import Draft as BaseDraft
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of
from kakehiki.games.dobon_arith.rules.state import ArithOptions, ArithState, Phase, PublicMove, RoundOutcome, Seating


class Draft(BaseDraft[ArithState], Seating):
    """Attributes mirror :class:`ArithState`; ``hands``, ``reach`` and ``revealed`` become lists."""

    STATE = ArithState
    LISTS = ("hands", "reach", "revealed")

    options: ArithOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    dealer: int
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    outcomes: tuple[RoundOutcome, ...]
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
    phase: Phase
    window: tuple[int, ...]
    chain: tuple[int, ...]
    rebuilds: int
    steps: int
    log: tuple[PublicMove, ...]

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

    def noted_rebuild(self, count: int) -> None:
        """A rebuild shows in the log through the move that drew (A8): nothing more to note."""
