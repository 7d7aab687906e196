"""Dhumbal's options and its immutable state (a whole match of rounds)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal, NamedTuple

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import RoundResult
from kakehiki.options import OptionSpec, max_steps_option


class Phase(IntEnum):
    """Where the match stands: a round in progress, or the match over."""

    PLAY = 0
    OVER = 1


PLAY, OVER = Phase.PLAY, Phase.OVER
TURNED_UP = -1  # owner of the round's turned-up card, which nobody discarded (D2)
HAND_SIZE = 5  # cards dealt to each seat (D2)
SEATS_PER_DECK = 8  # D2: up to 8 players on one deck

ShowTie = Literal["caller_loses", "caller_wins"]
Rotation = Literal["right", "left"]

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("decks", "int", "auto", "52-card decks; auto = one per 8 players",
               "使うトランプの組数。auto は8人ごとに1組", choices=("auto",), minimum=1, maximum=4, ruling="D2"),
    OptionSpec("show_max", "int", 5, "a seat may Show when its hand totals this or less",
               "手札の合計がこの点数以下ならショウを宣言できる", minimum=0, maximum=50, ruling="D3"),
    OptionSpec("penalty", "int", 30, "points a failed Show adds on top of the caller's total",
               "ショウに失敗した人が手札の合計に加えて受け取る点数", minimum=0, maximum=1000, ruling="D4"),
    OptionSpec("show_tie", "choice", "caller_loses",
               "a tie between the caller and the lowest other seat: the Show fails, or succeeds",
               "ショウした人と他の最少点の人が同点のとき：ショウ失敗（caller_loses）か成功（caller_wins）か",
               choices=("caller_loses", "caller_wins"), ruling="D4"),
    OptionSpec("limit", "int", 100, "the match ends after a round in which a cumulative score exceeds this",
               "累積得点がこの点数を超えたラウンドの後でゲーム終了", minimum=0, maximum=10000, ruling="D5"),
    OptionSpec("starter_rotation", "choice", "right",
               "next round's first seat: the seat before the last first seat in play order (right), or after it",
               "次のラウンドの最初の人：前回の最初の人の右隣（right、手番順で一つ前）か左隣（left）か",
               choices=("right", "left"), ruling="D6"),
    max_steps_option(20000),
)


@dataclass(frozen=True, slots=True)
class DhumbalOptions(GameOptions):
    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    decks: int | None  # None: auto
    show_max: int
    penalty: int
    show_tie: ShowTie
    limit: int
    starter_rotation: Rotation
    max_steps: int


class LoggedTurn(NamedTuple):
    """One turn of the round in progress as every seat saw it (D3): who discarded what, and
    the card taken from the previous discard (``None``: the stock's top, which stays hidden)."""

    seat: int
    discard: tuple[Card, ...]
    took: Card | None


@dataclass(frozen=True, slots=True)
class RoundOutcome(RoundResult):
    """How one round ended and what it scored (D4).  All of it is public: hands are shown at a Show.

    ``winners`` are the seats that scored 0, ``losers`` those that scored the most this round;
    ``reason`` is ``show``, ``show_back`` or ``max_steps``."""

    round_no: int
    starter: int
    caller: int | None  # None: the round was cut short by max_steps (C7)
    hands: tuple[tuple[Card, ...], ...]  # revealed at the Show (empty for max_steps)
    totals: tuple[int, ...]  # hand totals at the Show
    added: tuple[int, ...]  # points each seat scored this round


@dataclass(frozen=True)
class DhumbalState:
    """A whole match.

    Hands and ``known`` are kept sorted by card.  ``known[seat]`` is the part of that hand
    every seat knows: cards it took from the discards and has not discarded since.
    ``discarding`` is the part of its discard the turn seat has put down so far (a turn is
    played in steps: each card, then the take).  ``available`` is the previous seat's last
    discard (or the turned-up card), the cards the turn seat may take; ``buried`` are the
    discards nobody took, since the last stock rebuild.  No ``__slots__``:
    :class:`~kakehiki.games.dhumbal.rules.draft.Draft` copies ``__dict__`` wholesale, which keeps ``apply`` cheap.
    """

    # fixed for the match
    options: DhumbalOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None  # explicit deck for the first round, top card first
    decks: int
    # the match
    round_no: int
    starter: int
    scores: tuple[int, ...]  # cumulative (D5)
    outcomes: tuple[RoundOutcome, ...]  # every finished round
    phase: Phase
    steps: int  # Shows and whole turns in the whole match (C7): a turn's steps count once
    # the round in progress
    hands: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]  # each hand's points (D1)
    known: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the next card to draw is stock[-1]
    discarding: tuple[Card, ...]  # the turn seat's discard put down so far this turn, face up (D3)
    available: tuple[Card, ...]
    available_owner: int  # seat that discarded ``available``, or TURNED_UP
    buried: tuple[Card, ...]
    turn: int
    round_turns: int  # turns taken in this round
    log: tuple[LoggedTurn, ...]  # this round's turns, in order; all of it public
    rebuilds: int  # stock rebuilds in this round (D7)
