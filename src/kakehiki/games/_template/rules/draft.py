"""A mutable working copy of a :class:`MyState`, used inside one ``apply`` only
(see :class:`kakehiki.base.Draft`)."""

from __future__ import annotations

from typing import ClassVar

from kakehiki import base
from kakehiki.cards import Card
from kakehiki.core import RoundResult

from .model import MyOptions, MyState, Phase


class Draft(base.Draft[MyState]):
    """Attributes mirror :class:`MyState`; ``hands`` and ``pile`` become lists."""

    STATE: ClassVar[type] = MyState
    LISTS: ClassVar[tuple[str, ...]] = ("hands", "pile")

    options: MyOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    outcomes: tuple[RoundResult, ...]
    phase: Phase
    steps: int
    hands: list[tuple[Card, ...]]
    stock: tuple[Card, ...]
    pile: list[tuple[int, Card]]
    turn: int
