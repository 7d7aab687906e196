"""Million Doubt's options and its immutable state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, NamedTuple

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import RoundResult
from kakehiki.games.million_doubt.rules.plays import Lock, Visible, visible
from kakehiki.options import OptionSpec, max_steps_option


class Phase(IntEnum):
    """What the game waits for: a turn, face-down cards named, answers to Doubt, a penalty; or nothing."""

    TURN = 0
    HIDE = 1
    DOUBT = 2
    GIVE = 3
    OVER = 4


class Status(IntEnum):
    """A seat in the game in progress: still playing, gone out, or burst (M9)."""

    PLAYING = 0
    OUT = 1
    BURST = 2


TURN, HIDE, DOUBT, GIVE, OVER = Phase  # the rules' hot paths read these
PLAYING, OUT, BURST = Status
PHASE_NAMES = tuple(p.name.lower() for p in Phase)  # a view's phase: turn, hide, doubt, give, over
STATUS_NAMES = tuple(s.name.lower() for s in Status)  # a view's status: playing, out, burst

HAND_SIZE = 7  # M1


def deals_all(options: MillionDoubtOptions) -> bool:
    """Whether every card is dealt (``deal``: ``all``, or ``auto`` without ``face_down``)."""
    return options.deal == "all" or (options.deal == "auto" and not options.face_down)


def largest_hand(options: MillionDoubtOptions, players: int) -> int:
    """The most cards a seat is dealt: seven, or its share of all 54 (M1)."""
    return -(-54 // players) if deals_all(options) else HAND_SIZE
TWO_PLAYER_BURST_POINTS = 11  # M10: with two players the source fixes a burst at 11 points

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("first_leader", "int", "random",
               "who leads the first trick: random, last_winner (the previous game's first seat out; "
               "the first game random), or a seat number (that seat leads every game)",
               "最初の親: random（無作為）、last_winner（前のゲームで最初に上がった人。最初のゲームは無作為）、"
               "または座席番号（毎ゲームその席）",
               choices=("random", "last_winner"), minimum=0, maximum=6, ruling="M1"),
    OptionSpec("spade3_beats_joker", "bool", False, "a single spade 3 beats a lone joker",
               "スペードの3の1枚出しがジョーカー1枚に勝つ", ruling="M2"),
    OptionSpec("face_down", "bool", True, "cards may be played face down and doubted; false plays plain Daifugo "
               "(without ranks or exchange: for those play the game daifugo)",
               "裏向きに出してダウトできる。false なら普通の大富豪（階級と交換はなし。それらはゲーム「大富豪」で）",
               ruling="M4"),
    OptionSpec("deal", "choice", "auto",
               "cards dealt to each seat: seven (the rest set aside unseen), all (every card, as plain Daifugo "
               "deals), or auto (seven with face_down, all without)",
               "配る枚数: seven（7枚ずつ、残りは伏せて除外）、all（全部配る。普通の大富豪の配り方）、"
               "auto（face_down なら7枚、そうでなければ全部）",
               choices=("auto", "seven", "all"), ruling="M1"),
    OptionSpec("burst_at", "int", 11, "a hand of this many cards or more bursts",
               "手札がこの枚数以上になるとバースト", minimum=2, maximum=54, ruling="M9"),
    OptionSpec("burst_points", "int", "auto",
               "what a burst seat pays each active seat: hand (its hand size), a fixed number, "
               "or auto (hand with 3+ players, 11 with 2)",
               "バーストした人が残りの各人に払う点: hand（手札の枚数）、固定の点数、"
               "または auto（3人以上は手札の枚数、2人は11点）",
               choices=("auto", "hand"), minimum=0, maximum=1000, ruling="M10"),
    OptionSpec("games", "int", 1, "games in the match; points add up", "1マッチのゲーム数（得点は累計）",
               minimum=1, maximum=1000, ruling="M10"),
    max_steps_option(5000),
)


@dataclass(frozen=True, slots=True)
class MillionDoubtOptions(GameOptions):
    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    first_leader: str | int  # "random", "last_winner" or a seat
    spade3_beats_joker: bool
    face_down: bool
    deal: str  # "auto", "seven" or "all"
    burst_at: int
    burst_points: str | int  # "auto", "hand" or a number
    games: int
    max_steps: int


@dataclass(frozen=True, slots=True)
class FieldPlay:
    """One play on the field: its face-up and face-down cards and a declared revolution (M4)."""

    seat: int
    up: tuple[Card, ...]
    down: tuple[Card, ...]
    revolution: bool = False

    @property
    def shown(self) -> Visible:
        """What the table sees of it."""
        return visible(self.up, len(self.down), self.revolution)

    @property
    def actual(self) -> Visible:
        """The play as it really is, once turned up (M7)."""
        return visible(self.up + self.down, 0, self.revolution)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.up + self.down


@dataclass(frozen=True, slots=True)
class Claim:
    """A play with face-down cards, announced and waiting for its face-down cards (``hide``).

    Only its seat knows of it until the last card is named (the play is made then)."""

    up: tuple[Card, ...]
    hidden: int
    revolution: bool


@dataclass(frozen=True, slots=True)
class RoundOutcome(RoundResult):
    """One finished game of the match (M9, M10)."""


class Derived:
    """What a state and its draft (:class:`~kakehiki.games.million_doubt.rules.draft.Draft`) both
    read off the trick and the doubt."""

    field: tuple[FieldPlay, ...]
    binding: int
    revolution: bool
    eleven_back: bool
    caller: int
    doubted: int
    truthful: bool

    @property
    def reversed_order(self) -> bool:
        return self.revolution != self.eleven_back

    @property
    def binding_play(self) -> Visible | None:
        return None if self.binding < 0 else self.field[self.binding].shown

    @property
    def giver(self) -> int:
        return self.doubted if self.truthful else self.caller

    @property
    def receiver(self) -> int:
        return self.caller if self.truthful else self.doubted


class Habits(NamedTuple):
    """What the table has seen of one seat over the match (issue 19): every count public.

    ``shown``: plays with a card face down that show a card too; ``blind``: wholly face-down
    plays; ``*_doubted`` of those were doubted, ``*_lies`` of those turned out false (M7).
    ``asked``: doubt windows on other seats' plays where its answer was heard (it doubted, or
    nobody did); ``doubts``: the doubts it called."""

    plays: int = 0
    shown: int = 0
    blind: int = 0
    shown_doubted: int = 0
    shown_lies: int = 0
    blind_doubted: int = 0
    blind_lies: int = 0
    asked: int = 0
    doubts: int = 0

    def add(self, **counts: int) -> Habits:
        return self._replace(**{name: getattr(self, name) + n for name, n in counts.items()})


@dataclass(frozen=True)
class MillionDoubtState(Derived):
    """A whole match (usually of one game).

    Hands are kept sorted (:func:`plays.sort_cards`).  No ``__slots__``: the draft copies
    ``__dict__`` wholesale, which keeps ``apply`` cheap.
    """

    # fixed for the match
    options: MillionDoubtOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None  # explicit deck for the first game
    # the match
    round_no: int  # the game of the match being played, from 0
    scores: tuple[int, ...]  # points over the match (M10)
    outcomes: tuple[RoundOutcome, ...]
    steps: int  # actions applied in the match (C7)
    # the game in progress
    leader: int  # who led the game's first trick
    hands: tuple[tuple[Card, ...], ...]
    known: tuple[tuple[Card, ...], ...]  # cards everyone saw go into each hand (a penalty), still there
    aside: tuple[Card, ...]  # set aside unseen at the deal (M1)
    gone: tuple[Card, ...]  # left the game face up, seen by all
    gone_down: tuple[tuple[int, Card], ...]  # left the game face down: (who played it, card)
    status: tuple[Status, ...]  # per seat
    finished: tuple[int, ...]  # seats that went out, in order (M9)
    bursts: tuple[int, ...]  # seats that burst, in order (M9)
    # the trick
    field: tuple[FieldPlay, ...]
    binding: int  # index in field of the last play with a face-up card; -1: none (M5)
    lock: Lock | None  # suit lock (M3)
    revolution: bool  # M3, until the next revolution
    eleven_back: bool  # M3, until the field clears
    turn: int
    last_player: int  # who made the last play of the trick; -1 on an empty field
    passes: int  # turn passes in a row since the last play (M8)
    phase: Phase
    laying: tuple[Card, ...]  # TURN: the face-up cards shown so far in the play being made (still in hand)
    claim: Claim | None  # HIDE: the announced play
    hiding: tuple[Card, ...]  # HIDE: the face-down cards named so far (still in hand)
    window: tuple[int, ...]  # DOUBT: seats still to answer, in order (M6)
    caller: int  # GIVE: who called Doubt
    doubted: int  # GIVE: whose play was turned up
    truthful: bool  # GIVE: the play was legal (M7)
    pool: tuple[Card, ...]  # GIVE: turned-up field cards not yet handed over
    given: tuple[Card, ...]  # GIVE: cards chosen for the loser so far
    habits: tuple[Habits, ...] = ()  # per seat, over the match: public (filled in by the first play)

    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.status[s] == PLAYING)
