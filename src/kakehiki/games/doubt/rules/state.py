"""Doubt's options and its immutable state."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import RoundResult
from kakehiki.options import OptionSpec, max_steps_option


class Phase(enum.IntEnum):
    PLAY = 0  # a seat must play
    WINDOW = 1  # the doubt window is open
    OVER = 2  # the game is over


PLAY, WINDOW, OVER = Phase.PLAY, Phase.WINDOW, Phase.OVER  # module aliases for the hot paths

Penalty = Literal["pile", "forfeit", "two_cards"]
PENALTIES: tuple[Penalty, ...] = ("pile", "forfeit", "two_cards")

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("max_cards_per_play", "int", 1, "cards put face down in one play, all claimed as the running rank",
               "1回に裏向きで出せる枚数（すべて現在の数字として出す）", minimum=1, maximum=4, ruling="B3"),
    OptionSpec("cheat", "bool", False, "Cheat: only the next seat may call a doubt",
               "チート：ダウトをかけられるのは次の人だけ", ruling="B4"),
    OptionSpec("repeat_rank_after_lie", "bool", False, "after a caught lie the next play claims the same rank again",
               "ウソが見抜かれたら、次の人は同じ数字から再開する", ruling="B5"),
    OptionSpec("doubter_leads", "bool", False, "after a successful doubt the doubter plays next",
               "ダウトに成功した人が次の番になる", ruling="B5"),
    OptionSpec("show_pile", "bool", False,
               "a doubted pile is taken face up: everyone sees every card of it, not only the doubted play",
               "引き取る場札を全員に表向きで見せる（ふつうはダウトされた札だけを見せる）", ruling="B5"),
    OptionSpec("rank_rest", "bool", True, "rank the seats that did not go out by the cards they hold",
               "上がれなかった人を残り枚数の少ない順に順位付けする", ruling="B6"),
    OptionSpec("decks", "int", 1, "52-card decks shuffled together", "使うトランプの組数",
               minimum=1, maximum=4, ruling="B7"),
    OptionSpec("jokers", "int", 0, "jokers added to the deck; wild, and may be the last card",
               "加えるジョーカーの枚数（どの数字にもなり、最後の1枚にもできる）", minimum=0, maximum=2, ruling="B7"),
    OptionSpec("penalty", "choice", "pile", "the loser of a doubt takes the pile, forfeits, or swaps two cards",
               "ダウトに負けた人の罰：場札を引き取る・手札を捨てて負け・2枚引かれる/引く",
               choices=PENALTIES, ruling="B7"),
    OptionSpec("require_successful_doubt", "bool", False,
               "going out without a successful doubt takes the pile instead",
               "ダウトを1回も成功させずに手札がなくなったら場札を引き取る", ruling="B7"),
    OptionSpec("round_limit", "int", 0,
               "end the game after this many rounds (each seat playing once a round), ranking every seat by "
               "cards left; 0: no limit",
               "この周回数（全員が1回ずつ出して1周）で終了し、全員を残り枚数の少ない順に順位付けする。0 は制限なし",
               minimum=0, maximum=1000, ruling="B6"),
    max_steps_option(20000),
)


@dataclass(frozen=True, slots=True)
class DoubtOptions(GameOptions):
    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    max_cards_per_play: int
    cheat: bool
    repeat_rank_after_lie: bool
    doubter_leads: bool
    show_pile: bool
    rank_rest: bool
    decks: int
    jokers: int
    penalty: Penalty
    require_successful_doubt: bool
    round_limit: int
    max_steps: int


def offered(options: DoubtOptions, players: int, forfeited: tuple[int, ...], player: int) -> tuple[int, ...]:
    """The seats offered the doubt on ``player``'s play, by priority: every other seat still playing
    from the next one onward, or with ``cheat`` only the next (B4, C4).  Public: it depends on no card."""
    seats = tuple(s for s in ((player + k) % players for k in range(1, players)) if s not in forfeited)
    return seats[:1] if options.cheat else seats


class Habits(NamedTuple):
    """What the table has seen of one seat this game (issue 19), every count public: its plays,
    how many were doubted and how many of those were lies (B5), the doubt windows on others'
    plays where its answer was heard (it doubted, or nobody did), and the doubts it called."""

    plays: int = 0
    doubted: int = 0
    lies: int = 0
    asked: int = 0
    doubts: int = 0

    def add(self, **counts: int) -> Habits:
        return self._replace(**{name: getattr(self, name) + n for name, n in counts.items()})


@dataclass(frozen=True, slots=True)
class PileEntry:
    """One play in the pile: who made it, the rank it claimed, the cards, and whether a doubt turned them up."""

    seat: int
    rank: int
    cards: tuple[Card, ...]
    revealed: bool

    @property
    def lie(self) -> bool:
        """True when some card is neither the claimed rank nor a joker (B5, B7)."""
        rank = self.rank
        for card in self.cards:  # noqa: SIM110 - a plain loop is cheaper on this path
            if card.rank != rank and card.rank != 0:
                return True
        return False


@dataclass(frozen=True, slots=True)
class RoundOutcome(RoundResult):
    """How the game ended: ``reason`` is doubt_out, doubt_last_standing or max_steps (C7, a draw)."""

    ranks: tuple[int, ...]
    draw: bool


Knowledge = tuple[tuple[tuple[Card, ...], ...], ...]  # [viewer][seat] -> cards; viewer ``players`` is the public


@dataclass(frozen=True)
class DoubtState:
    """One game of Doubt.

    ``known[v][s]`` are the cards viewer ``v`` knows to have gone into seat ``s``'s hand and has
    not seen leave (possibly still held); ``sure[v][s]`` those it knows ``s`` certainly still holds.
    Row ``players`` of both is what everyone knows (spectators).  See ``knowledge.py``.
    ``picked`` is a play of several cards being made one card at a time: only ``turn`` sees it.
    There are no ``__slots__``: the draft copies ``__dict__`` wholesale, which keeps ``apply`` cheap.
    """

    # fixed for the game
    options: DoubtOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None  # explicit deck, top card first
    copies: tuple[int, ...]  # copies of each card face (by index) in the game: public
    # the game in progress
    hands: tuple[tuple[Card, ...], ...]  # each sorted by card index
    pile: tuple[PileEntry, ...]  # oldest play first
    round_no: int  # always 0: Doubt is a single game
    rank: int  # the rank the next play claims (1..13)
    turn: int  # PLAY: the seat to play; WINDOW: the seat whose play awaits doubts
    phase: Phase
    window: tuple[int, ...]  # seats still to answer the doubt window, by priority (B4, C4)
    picked: tuple[Card, ...]  # PLAY: the cards ``turn`` has set aside with ``add`` (still in its hand), card order
    forfeited: tuple[int, ...]  # seats out by the forfeit penalty, in order (B7)
    discard: tuple[Card, ...]  # forfeited hands, face up
    successes: tuple[int, ...]  # successful doubts per seat
    known: Knowledge
    sure: Knowledge
    last_sure: tuple[tuple[Card, ...], ...]  # [viewer] the player's sure cards just before the last play
    penalty_draws: int  # two-card penalties drawn so far: the label of the next one's randomness
    plays: int  # plays made in the game (public): the measure of round_limit
    steps: int  # actions applied (C7)
    outcomes: tuple[RoundOutcome, ...]  # the game's outcome once over (one entry), else empty
    habits: tuple[Habits, ...] = ()  # per seat: what the table saw it do (public; filled in by the first play)
