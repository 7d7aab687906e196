"""Doubt actions and their one text form each.

>>> [str(parse_action(t)) for t in ("play s4", "PLAY h9 s4", "doubt", "pass")]
['play S4', 'play S4 H9', 'doubt', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from kakehiki.cards import CARDS, Card
from kakehiki.core import Action
from kakehiki.errors import NotationError

CARD_ORDER = attrgetter("index")  # the one card order used everywhere: suit S H D C, then rank; the joker last


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Put ``cards`` face down, claiming they are all of the running rank (B2, B3).

    The cards are kept sorted by card index, so a play has one text form whatever
    order it was typed in.  Build plays with :func:`play_of`.
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "play " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Doubt(Action):
    """Call "Doubt!" on the play just made (B4)."""

    def __str__(self) -> str:
        return "doubt"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the play just made stand (B4, C4)."""

    def __str__(self) -> str:
        return "pass"


DoubtAction = Play | Doubt | Pass

# Actions are immutable values: one shared instance per single card spares building them on every step.
SINGLE = tuple(Play((c,)) for c in CARDS)
DOUBT = Doubt()
PASS = Pass()
_BARE: dict[str, DoubtAction] = {"doubt": DOUBT, "pass": PASS}


def play_of(cards: tuple[Card, ...] | list[Card]) -> Play:
    """The play of these cards (in any order)."""
    if len(cards) == 1:
        return SINGLE[cards[0].index]
    return Play(tuple(sorted(cards, key=CARD_ORDER)))


USAGE = "expected play CARD [CARD...], doubt, pass"
LONGEST_CARD = 5  # "JOKER": no card's text is longer


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error: whole if short, else its first ``limit`` characters and its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


def card_of(token: str) -> Card:
    """One card from its text, quoting at most a short excerpt of a bad one (C1)."""
    if len(token) > LONGEST_CARD:
        raise NotationError(f"not a card: {excerpt(token, 10)} (expected suit S/H/D/C then rank, e.g. S4, H10, DQ)")
    return Card.parse(token)


def parse_action(text: str) -> DoubtAction:
    """The action written ``text``; :class:`NotationError`, quoting a short excerpt, if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb == "play" and args:
        return play_of([card_of(a) for a in args])
    raise NotationError(f"not a Doubt action: {excerpt(text)} ({USAGE})")
