"""Million Doubt actions and their one text form each.

A play with face-down cards takes two actions of the same seat: ``play S5 *2``
announces it (the face-up cards, how many lie face down, an optional
``revolution``), then ``hide C4 D9`` names the face-down cards.  Splitting it keeps
every list of choices short: a hand of ten cards has thousands of ways to lay
cards face down, but only a few hundred announcements, and each announcement only
as many ``hide`` choices as there are sets of that size.

>>> [str(parse_action(t)) for t in ("play h5 s5", "PLAY s5 *2", "play *4 revolution", "hide c4 d9")]
['play S5 H5', 'play S5 *2', 'play *4 revolution', 'hide C4 D9']
>>> [str(parse_action(t)) for t in ("pass", "doubt", "give jk", "done")]
['pass', 'doubt', 'give JK', 'done']
"""

from __future__ import annotations

from dataclasses import dataclass

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.errors import NotationError
from kakehiki.games.million_doubt.plays import sort_cards

USAGE = "play CARDS [*N [revolution]], hide CARDS, pass, doubt, give CARD, done"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lay cards: ``up`` face up and ``hidden`` more face down (named next by :class:`Hide`)."""

    up: tuple[Card, ...]
    hidden: int = 0
    revolution: bool = False

    def __str__(self) -> str:
        parts = ["play", *map(str, self.up)]
        if self.hidden:
            parts.append(f"*{self.hidden}")
        if self.revolution:
            parts.append("revolution")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """The face-down cards of the play just announced."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(["hide", *map(str, self.cards)])


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass the turn (M8), or decline to doubt (M6)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Doubt(Action):
    """Call Doubt on the play just made (M6)."""

    def __str__(self) -> str:
        return "doubt"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """After a doubt, the winner hands one field card to the loser (M7)."""

    card: Card

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """After a doubt, the winner has handed over enough: the rest of the field leaves the game (M7)."""

    def __str__(self) -> str:
        return "done"


MillionDoubtAction = Play | Hide | Pass | Doubt | Give | Done

PASS = Pass()
DOUBT = Doubt()
DONE = Done()
_BARE: dict[str, MillionDoubtAction] = {"pass": PASS, "doubt": DOUBT, "done": DONE}


def play_of(up: tuple[Card, ...] | list[Card], hidden: int = 0, revolution: bool = False) -> Play:
    """A play with its cards in canonical order."""
    return Play(sort_cards(up), hidden, revolution)


LONGEST_CARD = 5  # "JOKER": no card's text is longer
MOST_HIDDEN = 54  # no play can hide more cards than the game has


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error: whole if short, else its first ``limit`` characters and its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


def card_of(token: str) -> Card:
    """One card from its text, quoting at most a short excerpt of a bad one (C1)."""
    if len(token) > LONGEST_CARD:
        raise NotationError(f"not a card: {excerpt(token, 10)} (expected suit S/H/D/C then rank, e.g. S4, H10, DQ)")
    return Card.parse(token)


def parse_action(text: str) -> MillionDoubtAction:
    """The action written ``text``; :class:`NotationError`, quoting a short excerpt, if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty action (expected {USAGE})")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb == "play" and args:
        return _parse_play(text, args)
    if verb == "hide" and args:
        return Hide(sort_cards(card_of(a) for a in args))
    if verb == "give" and len(args) == 1:
        return Give(card_of(args[0]))
    raise NotationError(f"not a Million Doubt action: {excerpt(text)} (expected {USAGE})")


def hidden_count(word: str) -> int | None:
    """``*N`` → N (1 to 54, plain digits, no leading zero); ``None`` for anything else."""
    count = word[1:]
    if not (1 <= len(count) <= 2 and count.isascii() and count.isdigit() and count[0] != "0"):
        return None
    return int(count) if int(count) <= MOST_HIDDEN else None


def _parse_play(text: str, args: list[str]) -> Play:
    revolution = args[-1].lower() == "revolution"
    if revolution:
        args = args[:-1]
    hidden = 0
    if args and args[-1].startswith("*"):
        count = hidden_count(args[-1])
        if count is None:
            raise NotationError(f"{excerpt(text)}: face-down cards are written *N with N from 1 to {MOST_HIDDEN}")
        hidden, args = count, args[:-1]
    if revolution and not hidden:
        raise NotationError(f"{excerpt(text)}: only a play with face-down cards declares a revolution")
    if not args and not hidden:
        raise NotationError(f"{excerpt(text)}: a play needs cards")
    return play_of([card_of(a) for a in args], hidden, revolution)
