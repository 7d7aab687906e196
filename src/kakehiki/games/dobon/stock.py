"""The empty-stock rule both Dobon games share (J11; dobon-arith's A8 is the same rule)."""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.cards import Card


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
