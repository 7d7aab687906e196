"""The rules of the template game, "High card" (id ``my-game``): options, actions, events, the
state and the view.  The game's pure rules are this package, ``rules/``: this module with
``draft.py`` and ``game.py``.

Each seat is dealt ``hand`` cards; in turn, each plays one card face up onto the pile until
every hand is empty, and the seats whose played cards add up to the most win (X1).  A seat
holding the suit of the last card played must play that suit (X4).  A bigger
game splits its rules into more modules of ``rules/``; what matters is that they import only the
core and each other (``tests/test_layout.py``): none of the game's adapters (bots, narrator,
encoder, kernel, page) nor its manifest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from kakehiki.base import GameOptions
from kakehiki.cards import Card
from kakehiki.core import Action, Event, RoundResult, jsonable
from kakehiki.options import OptionSpec, max_steps_option

GAME_ID = "my-game"


class Phase(IntEnum):
    PLAY = 0
    OVER = 1


PHASE_TEXT = {Phase.PLAY: "play", Phase.OVER: "over"}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("hand", "int", 3, "cards dealt to each seat", "各プレイヤーに配る枚数", minimum=1, maximum=10,
               ruling="X1"),
    max_steps_option(1000),
)


@dataclass(frozen=True, slots=True)
class MyOptions(GameOptions):
    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    hand: int
    max_steps: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """``play S4``: the turn seat puts a card of its hand on the pile."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class MyState:
    """The standard fields (:class:`kakehiki.base.StandardState`) and the table."""

    options: MyOptions
    seed: int
    players: int
    deck: tuple[Card, ...] | None
    round_no: int
    outcomes: tuple[RoundResult, ...]
    phase: Phase
    steps: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[tuple[int, Card], ...]
    turn: int


@dataclass(frozen=True, slots=True)
class MyView:
    """What one seat sees: its own hand (``None`` for a spectator), every hand's size, the pile."""

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    pile: tuple[tuple[int, Card], ...]
    turn: int
    phase: str

    def to_dict(self) -> dict[str, Any]:
        data = jsonable(self)
        assert isinstance(data, dict)
        return data


def totals(pile: Sequence[tuple[int, Card]], players: int) -> tuple[int, ...]:
    """What each seat's played cards add up to (X1)."""
    sums = [0] * players
    for seat, card in pile:
        sums[seat] += card.rank
    return tuple(sums)


def suit_to_follow(hand: Sequence[Card], pile: Sequence[tuple[int, Card]]) -> str | None:
    """The suit a seat must play (X4): the last card's, when the hand holds one of it."""
    if not pile:
        return None
    suit = pile[-1][1].suit
    return suit if any(card.suit == suit for card in hand) else None
