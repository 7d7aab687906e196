"""A mutable working copy of a :class:`DaifugoState`, used inside one ``apply`` only."""

from __future__ import annotations

from typing import ClassVar

from kakehiki import base
from kakehiki.cards import Card
from kakehiki.games.daifugo.rules.model import DaifugoOptions, DaifugoState, FieldPlay, Phase, RoundOutcome
from kakehiki.games.daifugo.rules.plays import Lock


class Draft(base.Draft[DaifugoState]):
    STATE: ClassVar[type] = DaifugoState
    LISTS: ClassVar[tuple[str, ...]] = ("hands", "active", "passed", "scores", "known")

    options: DaifugoOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    outcomes: tuple[RoundOutcome, ...]
    phase: Phase
    steps: int
    scores: list[int]
    hands: list[tuple[Card, ...]]
    gone: tuple[Card, ...]
    active: list[bool]
    finished: tuple[int, ...]
    fallen: tuple[int, ...]
    known: list[tuple[tuple[int, Card], ...]]
    returns: tuple[tuple[int, int, int], ...]
    giving: tuple[Card, ...]
    forced: tuple[tuple[int, int, Card], ...]
    field: tuple[FieldPlay, ...]
    lock: Lock | None
    strict: bool
    revolution: bool
    eleven_back: bool
    turn: int
    last_player: int
    passed: list[bool]
    laying: tuple[Card, ...]
