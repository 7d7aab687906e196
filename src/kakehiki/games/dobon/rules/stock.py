"""The stock both Dobon games share: drawing, and the empty-stock rule (J11; dobon-arith's A8
is the same rule)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kakehiki.cards import Card
from kakehiki.core import Event
from kakehiki.games.dobon.rules.events import StockRebuilt
from kakehiki.games.dobon.rules.state import RoundOutcome
from kakehiki.rng import derive


class RebuildOptions(Protocol):
    @property
    def min_field_to_rebuild(self) -> int: ...
    @property
    def max_twos_ratio(self) -> float | None: ...


class StockDraft(Protocol):
    """What drawing needs of a Dobon game's draft."""

    @property
    def options(self) -> RebuildOptions: ...
    @property
    def seed(self) -> int: ...
    @property
    def round_no(self) -> int: ...
    @property
    def hands(self) -> list[tuple[Card, ...]]: ...

    stock: tuple[Card, ...]
    field: tuple[Card, ...]
    rebuilds: int
    events: list[Event]

    def noted_rebuild(self, count: int) -> None:
        """What the game records of a rebuild besides its event."""


def draw_cards(d: StockDraft, game: str, seat: int, count: int) -> tuple[tuple[Card, ...], RoundOutcome | None]:
    """Take ``count`` cards for ``seat`` off the stock, rebuilding it when it runs out (J11).
    Should no stock be made, the cards taken so far and the game's end (nobody wins; the
    seats holding the most cards, those taken counted, lose)."""
    drawn: list[Card] = []
    for _ in range(count):
        if not d.stock and not rebuild_stock(d, game):
            sizes = [len(h) for h in d.hands]
            sizes[seat] += len(drawn)
            return tuple(drawn), RoundOutcome(winners=(), losers=most_cards_lose(sizes), reason="no_stock")
        drawn.append(d.stock[-1])
        d.stock = d.stock[:-1]
    return tuple(drawn), None


def rebuild_stock(d: StockDraft, game: str) -> bool:
    """Shuffle the field under its top card into a new stock, if the options allow (J11);
    ``game`` names the game's random streams."""
    under = d.field[:-1]
    if not may_rebuild(under, d.options.min_field_to_rebuild, d.options.max_twos_ratio):
        return False
    pool = list(under)
    derive(d.seed, game, "rebuild", d.round_no, d.rebuilds).shuffle(pool)
    d.stock = tuple(pool)
    d.field = d.field[-1:]
    d.rebuilds += 1
    d.events.append(StockRebuilt(len(pool)))
    d.noted_rebuild(len(pool))
    return True


def may_rebuild(under: Sequence[Card], min_field: int, max_twos_ratio: float | None) -> bool:
    """Whether the field under its top card may be shuffled into a new stock: it must hold more
    than ``min_field`` cards, and (if set) less than ``max_twos_ratio`` of them may be twos."""
    if len(under) <= min_field:
        return False
    return max_twos_ratio is None or sum(1 for c in under if c.rank == 2) < max_twos_ratio * len(under)


def most_cards_lose(sizes: Sequence[int]) -> tuple[int, ...]:
    """No stock can be made: the seats holding the most cards lose (nobody wins)."""
    most = max(sizes)
    return tuple(seat for seat, size in enumerate(sizes) if size == most)
