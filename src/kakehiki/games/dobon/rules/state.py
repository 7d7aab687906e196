"""Dobon's options and its immutable state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal, NamedTuple

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import RoundResult
from kakehiki.options import OptionSpec, max_steps_option


class Phase(IntEnum):
    """Where a match stands; Dobon-arith plays in the same three phases."""

    TURN = 0  # normal play
    CHAIN = 1  # a Dobon chain awaiting gaeshi
    OVER = 2  # the match is over


TURN, CHAIN, OVER = Phase.TURN, Phase.CHAIN, Phase.OVER  # module aliases for the hot paths
PHASE_TEXT = ("turn", "gaeshi", "over")  # a view's ``phase``, by Phase
FIRST_CARD = -1  # owner of the first field card, which nobody played (J9; Dobon-arith's A4)

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("decks", "int", "auto", "52-card decks; auto = fewest leaving 20+ cards in the stock",
               "使うトランプの組数。auto は山札が20枚以上残る最少の組数", choices=("auto",),
               minimum=1, maximum=8, ruling="J2"),
    OptionSpec("official", "bool", True, "official (公) rules: card draws for dealer and seats, reseating, delay",
               "公式ルール（親・座席のカード引き、席替え、遅延ペナルティ）", ruling="J4"),
    OptionSpec("first_dealer", "int", "auto", "first dealer: auto (official: card draw; simple: random) or a seat",
               "最初の親。auto（公式はカード引き、簡易は無作為）または座席番号", choices=("auto",),
               minimum=0, maximum=15, ruling="J12"),
    OptionSpec("interrupt_turn", "choice", "after_interrupter",
               "after a same-number interrupt, play goes on after the interrupter, or is unchanged",
               "同じ数字の割り込みの後、割り込んだ人の次から続けるか、順番を変えないか",
               choices=("after_interrupter", "unchanged"), ruling="J5"),
    OptionSpec("min_field_to_rebuild", "int", 0, "the field under the top must hold more than this to become the stock",
               "場札（一番上を除く）がこの枚数以下なら山札にしない", minimum=0, ruling="J11"),
    OptionSpec("max_twos_ratio", "float", None, "no rebuild when this share of the field or more is twos",
               "場札の2の割合がこの値以上なら山札にしない（none: 制限なし）", minimum=0, maximum=1, ruling="J11"),
    OptionSpec("games", "int", 1, "games in the match", "1マッチのゲーム数", minimum=1, maximum=1000, ruling="J13"),
    OptionSpec("min_games", "int", 0, "with a host's time limit, games played before the match may stop",
               "時間制限で終える場合の最低ゲーム数", minimum=0, ruling="J13"),
    max_steps_option(20000),
)


@dataclass(frozen=True, slots=True)
class DobonOptions(GameOptions):
    decks: int | None  # None: auto
    official: bool
    first_dealer: int | None  # None: auto
    interrupt_turn: Literal["after_interrupter", "unchanged"]
    min_field_to_rebuild: int
    max_twos_ratio: float | None
    games: int
    min_games: int
    max_steps: int

    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS


class Seen(NamedTuple):
    """One public move of the game in progress, as every seat saw it happen.

    ``kind`` is ``turned`` (the first field card), ``play``, ``interrupt`` (a same-number
    play out of turn, J5), ``draw`` (a turn's draw or a twos debt, J6), ``penalty`` (the
    delay penalty's draw, J14), ``dobon`` (a call; ``card`` is the chosen top, the hand is
    on the field) or ``rebuild`` (the field under the top became the stock, J11).  Which
    cards were drawn is never shown, and neither is a pass: it would tell that a seat had
    a choice (C4).
    """

    kind: str
    seat: int | None  # None for ``turned`` and ``rebuild``
    card: Card | None  # the card played or turned up, or a Dobon's top; None otherwise
    amount: int  # cards drawn, or rebuilt into the stock; 1 for a card


@dataclass(frozen=True, slots=True)
class RoundOutcome(RoundResult):
    """How one game of the match ended (Dobon-arith's games end the same way).

    ``reason`` is ``dobon``, ``gaeshi``, ``first_card``, ``self_dobon`` (Dobon only),
    ``no_stock`` or ``max_steps``."""


@dataclass(frozen=True)
class DobonState:
    """A whole match.

    ``seat`` everywhere means a participant (0..n-1 as in the record's ``seats``);
    ``order`` is where they sit, clockwise, which official reseating changes.
    Hands are kept sorted by card.  There are no ``__slots__``: :class:`Draft`
    copies ``__dict__`` wholesale, which is what makes ``apply`` cheap.
    """

    # fixed for the match
    options: DobonOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None  # explicit deck for the first game, top card first
    # the match
    round_no: int  # the game of the match being played, from 0
    deal_counts: tuple[int, ...]
    laps: tuple[int, ...]
    order: tuple[int, ...]
    position: tuple[int, ...]  # position[seat] = index of seat in order
    dealer: int
    outcomes: tuple[RoundOutcome, ...]  # the games finished so far
    stop_requested: bool
    # the game in progress
    decks: int
    hands: tuple[tuple[Card, ...], ...]
    sums: tuple[int, ...]
    stock: tuple[Card, ...]  # the next card to draw is stock[-1]
    field: tuple[Card, ...]  # the top card is field[-1]
    top_owner: int  # seat that played the top card, or FIRST_CARD
    turn: int
    pending: int  # cards the turn seat owes for twos (J6)
    twos: int  # twos in the unpaid run
    phase: Phase
    window: tuple[int, ...]  # seats still to answer an out-of-turn offer, by priority (C4)
    chain: tuple[int, ...]  # Dobon callers in order (J8)
    first_hit_owner: int  # owner of the card the first call hit
    rebuilds: int
    steps: int  # moves applied in this game, passes not counted: they are not public (C7)
    log: tuple[Seen, ...]  # this game's public moves, for the views

    @property
    def top(self) -> Card:
        return self.field[-1]

    def next_seat(self, seat: int) -> int:
        return self.order[(self.position[seat] + 1) % self.players]

    def priority_from(self, seat: int) -> tuple[int, ...]:
        """All seats in play order starting with ``seat`` (C4)."""
        start = self.position[seat]
        return self.order[start:] + self.order[:start]
