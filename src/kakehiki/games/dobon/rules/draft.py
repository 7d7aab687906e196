"""A mutable working copy of a :class:`DobonState`, used inside one ``apply`` only (see
:class:`kakehiki.base.Draft`)."""

from __future__ import annotations

from kakehiki.base import Draft as BaseDraft
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dobon.rules.state import DobonOptions, DobonState, Phase, RoundOutcome, Seen


class Draft(BaseDraft[DobonState]):
    """Attributes mirror :class:`DobonState`; ``hands`` and ``sums`` become lists."""

    STATE = DobonState
    LISTS = ("hands", "sums")

    options: DobonOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    deal_counts: tuple[int, ...]
    laps: tuple[int, ...]
    order: tuple[int, ...]
    position: tuple[int, ...]
    dealer: int
    outcomes: tuple[RoundOutcome, ...]
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
    phase: Phase
    window: tuple[int, ...]
    chain: tuple[int, ...]
    first_hit_owner: int
    rebuilds: int
    steps: int
    log: tuple[Seen, ...]

    # convenience mirrors of DobonState helpers
    def next_seat(self, seat: int) -> int:
        return self.order[(self.position[seat] + 1) % self.players]

    def priority_from(self, seat: int) -> tuple[int, ...]:
        start = self.position[seat]
        return self.order[start:] + self.order[:start]

    def saw(self, kind: str, seat: int | None, card: Card | None, amount: int = 1) -> None:
        """Add a public move to the game's log (what every view shows)."""
        self.log = (*self.log, Seen(kind, seat, card, amount))

    def take(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1:]
        self.sums[seat] -= card.rank

    def give(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + cards, key=CARD_ORDER))
        self.sums[seat] += sum(c.rank for c in cards)

    def noted_rebuild(self, count: int) -> None:
        """The field became a stock of ``count`` cards (J11): every seat saw it."""
        self.saw("rebuild", None, None, count)
