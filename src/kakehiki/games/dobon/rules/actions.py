"""Dobon actions and their one text form each.

>>> [str(parse_action(t)) for t in ("play s4", "DRAW", "dobon top=h3", "pass")]
['play S4', 'draw', 'dobon top=H3', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass

from kakehiki.cards import CARDS, Card
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card: on your turn, or out of turn as a same-number interrupt (J5)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw one card, or the whole pending amount after twos (J6; Dobon-arith's A2, A6)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Dobon(Action):
    """Call Dobon, laying the whole hand on the field with ``top`` uppermost (J8)."""

    top: Card

    def __str__(self) -> str:
        return f"dobon top={self.top}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the out-of-turn call this seat was offered (C4); in Dobon-arith also the pass
    of the game's very first turn (A2)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Delay(Action):
    """Host only, official rules: the delay penalty for the turn seat (J14)."""

    def __str__(self) -> str:
        return "delay"


DobonAction = Play | Draw | Dobon | Pass | Delay

# Actions are immutable values: one shared instance per card spares building them on every step.
PLAY_OF = tuple(Play(c) for c in CARDS)
DOBON_OF = tuple(Dobon(c) for c in CARDS)

DRAW = Draw()
PASS = Pass()
DELAY = Delay()
_BARE: dict[str, DobonAction] = {"draw": DRAW, "pass": PASS, "delay": DELAY}


def parse_action(text: str) -> DobonAction:
    words = text.strip().split()
    if not words:
        raise NotationError("empty action (expected play CARD, draw, dobon top=CARD, pass)")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb == "play" and len(args) == 1:
        return Play(Card.parse(args[0]))
    if verb == "dobon" and len(args) == 1 and args[0].lower().startswith("top="):
        return Dobon(Card.parse(args[0][4:]))
    raise NotationError(f"not a Dobon action: {excerpt(text)} (expected play CARD, draw, dobon top=CARD, pass, delay)")
