"""Arithmetic Dobon's options and its immutable state."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import Action

# The sister game's phases (a chain is open to gaeshi, A5), outcomes and first-card owner (A4).
from kakehiki.games.dobon.rules.state import CHAIN as CHAIN
from kakehiki.games.dobon.rules.state import FIRST_CARD as FIRST_CARD
from kakehiki.games.dobon.rules.state import OVER as OVER
from kakehiki.games.dobon.rules.state import PHASE_TEXT as PHASE_TEXT
from kakehiki.games.dobon.rules.state import TURN as TURN
from kakehiki.games.dobon.rules.state import Phase as Phase
from kakehiki.games.dobon.rules.state import RoundOutcome as RoundOutcome
from kakehiki.options import OptionSpec, max_steps_option

MAX_PLAYERS = 8  # one 52-card deck: 8 × 5 dealt + 1 field leaves 11 in the stock

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("first_player", "int", "auto", "who deals and plays first in the first game: auto (at random) or a seat",
               "最初のゲームで配り、最初に出す人。auto（無作為）または座席番号", choices=("auto",),
               minimum=0, maximum=MAX_PLAYERS - 1, ruling="A1"),
    OptionSpec("draw_penalty_ends_turn", "bool", True,
               "drawing the cards owed for twos ends the turn (false: then take a normal turn)",
               "2で溜まった枚数を引いたら手番終了（false: 引いた後に通常の手番）", ruling="A6"),
    OptionSpec("min_field_to_rebuild", "int", 0, "the field under the top must hold more than this to become the stock",
               "場札（一番上を除く）がこの枚数以下なら山札にしない", minimum=0, ruling="A8"),
    OptionSpec("max_twos_ratio", "float", None, "no rebuild when this share of the field or more is twos",
               "場札の2の割合がこの値以上なら山札にしない（none: 制限なし）", minimum=0, maximum=1, ruling="A8"),
    OptionSpec("games", "int", 1, "games in the match", "1マッチのゲーム数", minimum=1, maximum=1000, ruling="A9"),
    max_steps_option(10000),
)


@dataclass(frozen=True, slots=True)
class ArithOptions(GameOptions):
    first_player: int | None  # None: at random
    draw_penalty_ends_turn: bool
    min_field_to_rebuild: int
    max_twos_ratio: float | None
    games: int
    max_steps: int

    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS


@dataclass(frozen=True, slots=True)
class PublicMove:
    """One turn action of the game in progress as every seat saw it, with the field it was taken on.

    ``top``, ``suit``, ``top_owner`` (None: the first field card) and ``pending`` are as they were
    just before the action; ``drawn`` counts the cards it drew (their faces stay hidden); ``shown``
    is the hand an owed reveal showed first (A6), else empty.  Dobon calls and declines are not
    moves: a call ends the game's turns, and a decline is seen only by its seat.
    """

    seat: int
    action: Action  # a Play, Draw or Pass (the opening turn's)
    top: Card
    suit: str
    top_owner: int | None
    pending: int
    drawn: int
    shown: tuple[Card, ...]


class Seating:
    """Who sits after whom, for the state and its draft alike."""

    players: int
    direction: int

    def seat_after(self, seat: int, count: int = 1) -> int:
        return (seat + self.direction * count) % self.players

    def priority_from(self, seat: int) -> tuple[int, ...]:
        """All seats in play order starting with ``seat`` (C4)."""
        return play_order(self.players, self.direction, seat)


@cache
def play_order(players: int, direction: int, seat: int) -> tuple[int, ...]:
    return tuple((seat + direction * i) % players for i in range(players))


@dataclass(frozen=True)
class ArithState(Seating):
    """A whole match.  Seats 0..n-1 sit clockwise; ``direction`` says which way play goes now.

    Hands are kept sorted by card; ``reach[seat]`` caches the values the hand can call
    Dobon on (A3), as JDA Dobon caches hand sums.  ``revealed[seat]`` are the cards of
    that hand everyone has seen (A6), sorted.  No ``__slots__``: :class:`Draft` copies
    ``__dict__`` wholesale, which keeps ``apply`` cheap.
    """

    # fixed for the match
    options: ArithOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None  # explicit deck for the first game, top card first
    # the match
    round_no: int  # the game of the match being played, from 0
    dealer: int
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    outcomes: tuple[RoundOutcome, ...]  # the games finished so far
    # the game in progress
    hands: tuple[tuple[Card, ...], ...]
    reach: tuple[frozenset[int], ...]
    revealed: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the next card to draw is stock[-1]
    field: tuple[Card, ...]  # the top card is field[-1]
    suit: str  # the suit to follow: the top card's, or the one an 8 named (A6)
    top_owner: int  # seat that played the top card, or FIRST_CARD
    turn: int
    direction: int  # 1 clockwise, -1 after an odd number of nines (A6)
    pending: int  # cards the turn seat owes for twos (A6)
    reveal_due: bool  # the turn seat must show its hand unless it plays a 13 (A6)
    opening: bool  # nobody has taken a turn yet: the turn seat may pass (A2)
    staged: tuple[Card, ...]  # the turn seat's play of several cards begun, bottom first, still in its hand (A2)
    phase: Phase
    window: tuple[int, ...]  # seats still to answer an offer, by priority; outside a chain never the turn seat (C4)
    chain: tuple[int, ...]  # Dobon callers in order (A5)
    rebuilds: int
    steps: int  # turn actions and Dobon calls applied in this game, not declines (C7)
    log: tuple[PublicMove, ...]  # the game's turn actions so far, oldest first

    @property
    def top(self) -> Card:
        return self.field[-1]
