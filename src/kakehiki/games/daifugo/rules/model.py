"""Daifugo (大富豪, game id ``daifugo``): options, actions, events, the state and the view.

A play is made card by card: ``show S5`` lays a card of the play being made (in hand order,
unseen by the others until the play is made), ``play`` makes it; ``pass`` passes.  In the
exchange before a later game of a match the richer seats hand back cards one by one
(``give C3``); the poorer seats' strongest cards go over by themselves (F9).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any, ClassVar

from kakehiki.base import GameOptions
from kakehiki.cards import JOKER, STANDARD_DECK, Card, card_of
from kakehiki.core import Action, Dealt, Declined, Event, RoundResult, jsonable
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.daifugo.rules.plays import Lock, sort_cards
from kakehiki.options import OptionSpec, max_steps_option

GAME_ID = "daifugo"
TWO_DECKS_FROM = 7  # F1: with decks=auto, seven or more players play with two decks


class Phase(IntEnum):
    EXCHANGE = 0
    TURN = 1
    OVER = 2


EXCHANGE, TURN, OVER = Phase
PHASE_NAMES = ("exchange", "turn", "over")

TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")  # 大富豪 富豪 平民 貧民 大貧民


def title_of(place: int, players: int) -> str:
    """The rank named by place (F10): first 大富豪, last 大貧民; with four or more, second 富豪
    and second-last 貧民; everyone else 平民."""
    if place == 0:
        return "daifugo"
    if place == players - 1:
        return "daihinmin"
    if players >= 4 and place == 1:
        return "fugo"
    if players >= 4 and place == players - 2:
        return "hinmin"
    return "heimin"


POINTS = {"common": {"daifugo": 2, "fugo": 1, "heimin": 0, "hinmin": -1, "daihinmin": -2}}


def points_for(place: int, players: int, scoring: str) -> int:
    """Points for a place (F11): common 2, 1, 0, -1, -2 by rank; uecda players - place (last 1)."""
    if scoring == "uecda":
        return players - place
    return POINTS["common"][title_of(place, players)]


def _bool(name: str, default: bool, en: str, ja: str, ruling: str) -> OptionSpec:
    return OptionSpec(name, "bool", default, en, ja, ruling=ruling)


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("games", "int", 3, "games in the match; ranks carry over and cards are exchanged before each later deal",
               "1マッチのゲーム数。階級を持ち越し、2ゲーム目からは配った後にカードを交換する",
               minimum=1, maximum=1000, ruling="F10"),
    OptionSpec("jokers", "int", 1, "jokers in each deck (one or two)", "1組あたりのジョーカーの枚数（1枚か2枚）",
               minimum=1, maximum=2, ruling="F1"),
    OptionSpec("decks", "int", "auto", "decks: 1, 2, or auto (two decks from seven players)",
               "使うトランプの組数: 1、2、または auto（7人以上で2組）", choices=("auto",), minimum=1, maximum=2,
               ruling="F1"),
    _bool("run_revolution", False, "stairs of five or more also make a revolution",
          "5枚以上の階段でも革命になる", "F5"),
    _bool("eight_cut", True, "a play with an 8 clears the field (8切り)", "8を含む出し方で場が流れる（8切り）", "F6"),
    _bool("eleven_back", True, "a play with a J reverses the order until the field clears (11バック)",
          "Jを含む出し方で場が流れるまで強さが逆になる（11バック）", "F6"),
    _bool("lock", True, "a play of the same suits as the one before locks those suits (縛り)",
          "直前と同じマークを出すとそのマークに縛られる（縛り）", "F7"),
    _bool("strict_lock", False, "a lock whose plays also climb one rank at a time must keep climbing so (激縛り)",
          "縛りに加えて数字が1つずつ続いたら、以降も次の数字しか出せない（激縛り）", "F7"),
    _bool("spade3", True, "a lone spade 3 beats a lone joker and clears the field (スペ3返し)",
          "スペードの3の1枚出しがジョーカー1枚に勝ち、場が流れる（スペ3返し）", "F4"),
    _bool("foul_two", True, "going out on a play with a 2 (outside a revolution) is a foul finish",
          "（革命中でないとき）2を含む出し方で上がると反則上がり", "F8"),
    _bool("foul_joker", True, "going out on a play with a joker is a foul finish",
          "ジョーカーを含む出し方で上がると反則上がり", "F8"),
    _bool("foul_eight", True, "going out on a play with an 8 is a foul finish",
          "8を含む出し方で上がると反則上がり", "F8"),
    _bool("foul_three", True, "going out on a play with a 3 during a revolution is a foul finish",
          "革命中に3を含む出し方で上がると反則上がり", "F8"),
    _bool("miyako_ochi", True, "the reigning daifugo who does not go out first drops to daihinmin (都落ち)",
          "前のゲームの大富豪が1番に上がれないと大貧民に落ちる（都落ち）", "F10"),
    OptionSpec("scoring", "choice", "common", "points per rank: common (2, 1, 0, -1, -2) or uecda (last place 1, "
               "each place above one more)", "階級ごとの得点: common（2、1、0、-1、-2）または uecda（最下位1点、"
               "順位が1つ上がるごとに1点多い）", choices=("common", "uecda"), ruling="F11"),
    max_steps_option(5000),
)


@dataclass(frozen=True, slots=True)
class DaifugoOptions(GameOptions):
    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    games: int
    jokers: int
    decks: int | None  # None: auto
    run_revolution: bool
    eight_cut: bool
    eleven_back: bool
    lock: bool
    strict_lock: bool
    spade3: bool
    foul_two: bool
    foul_joker: bool
    foul_eight: bool
    foul_three: bool
    miyako_ochi: bool
    scoring: str
    max_steps: int

    def deck_count(self, players: int) -> int:
        return self.decks if self.decks is not None else (2 if players >= TWO_DECKS_FROM else 1)


# -- actions ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Lay ``card`` in the play being made (after the cards laid before it, in hand order)."""

    card: Card

    def __str__(self) -> str:
        return f"show {self.card}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Make the play of the cards shown."""

    def __str__(self) -> str:
        return "play"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: sit the rest of the trick out (F3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """In the exchange, hand one card of your choice back to the poorer seat (F9)."""

    card: Card

    def __str__(self) -> str:
        return f"give {self.card}"


DaifugoAction = Show | Play | Pass | Give
PLAY, PASS = Play(), Pass()
FACES: tuple[Card, ...] = (*sort_cards(STANDARD_DECK), JOKER)
SHOW = {c: Show(c) for c in FACES}
GIVE = {c: Give(c) for c in FACES}
ALL_ACTIONS: tuple[DaifugoAction, ...] = (PASS, *SHOW.values(), PLAY, *GIVE.values())
USAGE = "show CARD, play, pass, give CARD"


def parse_action(text: str) -> DaifugoAction:
    """The action written ``text``; :class:`NotationError` quoting it if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if len(words) == 1 and words[0].lower() in ("play", "pass"):
        return PLAY if words[0].lower() == "play" else PASS
    if len(words) == 2 and words[0].lower() in ("show", "give"):
        card = card_of(words[1])
        return SHOW[card] if words[0].lower() == "show" else GIVE[card]
    raise NotationError(f"not a daifugo action: {excerpt(text)} (expected {USAGE}; a whole play is play CARD…)")


# -- events -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Starts(Event):
    """A game of the match starts (after its deal): ``leader`` will lead the first trick, as the
    holder of D3 in the first game (``why`` ``diamond3``), as the daihinmin in later ones
    (``daihinmin``), once the exchange is over."""

    round_no: int
    games: int
    leader: int
    why: str


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    cards: tuple[Card, ...]
    shape: str
    level: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Cleared(Event):
    """The field clears: ``why`` is ``passes``, ``eight`` (F6) or ``spade3`` (F4); ``leader`` leads."""

    why: str
    leader: int


@dataclass(frozen=True, slots=True)
class Revolution(Event):
    seat: int
    on: bool


@dataclass(frozen=True, slots=True)
class ElevenBack(Event):
    seat: int
    on: bool


@dataclass(frozen=True, slots=True)
class Locked(Event):
    suits: tuple[str, ...]
    strict: bool


@dataclass(frozen=True, slots=True)
class Finished(Event):
    """A seat went out: ``foul`` names the foul finish (F8, ranked at the bottom), else ``""``."""

    seat: int
    place: int
    foul: str


@dataclass(frozen=True, slots=True)
class Fell(Event):
    """都落ち (F10): the reigning daifugo did not go out first and drops to the bottom; its cards leave face up."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Gave(Event):
    """Cards handed over in the exchange (F9): seen by the two seats, counted by the others."""

    giver: int
    receiver: int
    cards: tuple[Card, ...] | None
    count: int
    forced: bool

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat in (self.giver, self.receiver) else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """A game of the match is over: places in order (first out first) and the points each scored."""

    order: tuple[int, ...]
    points: tuple[int, ...]


__all__ = ["Dealt", "Declined"]


# -- state ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldPlay:
    seat: int
    cards: tuple[Card, ...]
    shape: int
    level: int


@dataclass(frozen=True, slots=True)
class RoundOutcome(RoundResult):
    """One finished game: its order of places (F10)."""

    order: tuple[int, ...] = ()


@dataclass(frozen=True)
class DaifugoState:
    """A whole match.  Hands are kept in hand order (:func:`plays.sort_cards`)."""

    options: DaifugoOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    outcomes: tuple[RoundOutcome, ...]
    phase: Phase
    steps: int
    scores: tuple[int, ...]
    # the game
    hands: tuple[tuple[Card, ...], ...]
    gone: tuple[Card, ...]  # out of the game face up
    active: tuple[bool, ...]
    finished: tuple[int, ...]  # went out properly, in order
    fallen: tuple[int, ...]  # foul finishes and 都落ち, in order (the first lowest)
    known: tuple[tuple[tuple[int, Card], ...], ...]  # per seat: cards it handed to another seat, still there
    returns: tuple[tuple[int, int, int], ...]  # EXCHANGE: (giver, receiver, count) still to hand back
    giving: tuple[Card, ...]  # EXCHANGE: cards of the first return chosen so far (still in hand)
    forced: tuple[tuple[int, int, Card], ...]  # this game: (poor, rich, weakest card handed over by force)
    # the trick
    field: tuple[FieldPlay, ...]
    lock: Lock | None
    strict: bool
    revolution: bool
    eleven_back: bool
    turn: int
    last_player: int
    passed: tuple[bool, ...]
    laying: tuple[Card, ...]  # TURN: cards shown so far in the play being made (still in hand)

    @property
    def reversed_order(self) -> bool:
        return self.revolution != self.eleven_back


# -- view -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DaifugoView:
    seat: int | None
    phase: str
    round_no: int
    games: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    titles: tuple[str, ...]  # each seat's rank from the last game ("" in the first)
    field: tuple[tuple[int, tuple[Card, ...]], ...]
    lock: tuple[str, ...]
    strict: bool
    revolution: bool
    eleven_back: bool
    turn: int
    passed: tuple[bool, ...]
    active: tuple[bool, ...]
    finished: tuple[int, ...]
    fallen: tuple[int, ...]
    gone: tuple[Card, ...]  # every card played this game (face up), in hand order
    spade3: bool  # the option: public rules
    top: tuple[int, int] | None  # the last play's (shape, level): what to beat
    laying: tuple[Card, ...]
    known: tuple[tuple[int, Card], ...]
    returns: tuple[tuple[int, int, int], ...]
    giving: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        data = jsonable(self)
        assert isinstance(data, dict)
        return data
