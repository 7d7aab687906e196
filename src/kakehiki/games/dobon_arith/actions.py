"""Arithmetic Dobon actions and their one text form each.

A play lists its cards bottom first: the first is the card that must be legal on
the field, the rest are cards of the same number stacked on it in the same action
(A2); the last one ends up on top.  Only the bottom and the top card mean
anything, so the cards in between are kept in card order (S, H, D, C; A..K),
whatever order they were typed in.  A play of 8s names a suit (A6).

>>> [str(parse_action(t)) for t in ("play s4", "PLAY s4 c4 d4 h4", "play s8 h8 suit=d", "dobon", "draw", "pass")]
['play S4', 'play S4 D4 C4 H4', 'play S8 H8 suit=D', 'dobon', 'draw', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from kakehiki.cards import CARDS, SUITS, Card
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt

SKIP, DRAW_TWO, WILD, REVERSE, REVEAL = 1, 2, 8, 9, 13  # the numbers with powers (A6); 8 is always legal
CARD_ORDER = attrgetter("index")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``cards`` (bottom first, all of one number) on your turn; ``suit`` is named by a play of 8s."""

    cards: tuple[Card, ...]
    suit: str | None = None

    def __post_init__(self) -> None:
        if len(self.cards) > 3:  # the cards between the bottom and the top go in card order: one form each
            middle = sorted(self.cards[1:-1], key=CARD_ORDER)
            object.__setattr__(self, "cards", (self.cards[0], *middle, self.cards[-1]))

    @property
    def rank(self) -> int:
        return self.cards[0].rank

    def __str__(self) -> str:
        named = "" if self.suit is None else f" suit={self.suit}"
        return "play " + " ".join(str(c) for c in self.cards) + named


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw one card, or the whole pending amount after twos (A2, A6)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Dobon(Action):
    """Call Dobon on the top card (A3): the hand is shown; the engine finds the expression."""

    def __str__(self) -> str:
        return "dobon"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an out-of-turn call (C4), or pass on the game's very first turn (A2)."""

    def __str__(self) -> str:
        return "pass"


ArithAction = Play | Draw | Dobon | Pass

DRAW = Draw()
DOBON = Dobon()
PASS = Pass()
_BARE: dict[str, ArithAction] = {"draw": DRAW, "dobon": DOBON, "pass": PASS}

# Single-card plays are the common case: one shared object each (8s: one per named suit).
PLAY_OF = tuple(Play((c,)) for c in CARDS)
PLAY8_OF = {(c.index, s): Play((c,), s) for c in CARDS if c.rank == WILD for s in SUITS}

USAGE = "expected play CARD [CARD…] [suit=S|H|D|C], draw, dobon, pass"


def parse_action(text: str) -> ArithAction:
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb == "play" and args:
        return _parse_play(text, args)
    raise NotationError(f"not a Dobon (arithmetic) action: {excerpt(text)} ({USAGE})")


def _parse_play(text: str, args: list[str]) -> Play:
    suit = None
    if args[-1].lower().startswith("suit="):
        suit = args.pop()[5:].upper()
        if suit not in SUITS:
            raise NotationError(f"{excerpt(text)}: suit= names S, H, D or C")
    if not args:
        raise NotationError(f"{excerpt(text)}: no card to play ({USAGE})")
    cards = tuple(Card.parse(a) for a in args)
    if cards[0].rank == WILD and suit is None:
        raise NotationError(f"{excerpt(text)}: a play of 8s names a suit, e.g. play {cards[0]} suit=H")
    if cards[0].rank != WILD and suit is not None:
        raise NotationError(f"{excerpt(text)}: only a play of 8s names a suit")
    if len(cards) == 1:
        return PLAY_OF[cards[0].index] if suit is None else PLAY8_OF[cards[0].index, suit]
    return Play(cards, suit)
