"""Million Doubt actions and their one text form each (version 2: one card per action).

A play is made by its seat one card at a time, in hand order (weakest first: 3 … 2, suits
S H D C, jokers last).  ``show S5`` lays a card face up; ``play`` ends a wholly face-up play;
``play *2`` says two cards go face down (``play *2 revolution`` declares a revolution) and
``hide C4``, ``hide D9`` name them; the play is made with the last one.  Nothing is seen by
the other seats, and nobody may doubt, before the play is complete.  So every choice is
among a few dozen actions, and the game has a fixed, numbered action space
(:func:`all_actions`).

>>> [str(parse_action(t)) for t in ("show h5", "PLAY", "play *2", "play *1 Revolution", "hide c4")]
['show H5', 'play', 'play *2', 'play *1 revolution', 'hide C4']
>>> [str(parse_action(t)) for t in ("pass", "doubt", "give jk", "done")]
['pass', 'doubt', 'give JK', 'done']
>>> legacy_actions(1, 0, "play H5 S5 *2")
['show S5', 'show H5', 'play *2']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kakehiki.cards import JOKER, STANDARD_DECK, Card, card_of
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.million_doubt.rules.plays import REVOLUTION_SIZE, sort_cards

USAGE = "show CARD, play [*N [revolution]], hide CARD, undo, pass, doubt, give CARD, done"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Lay ``card`` face up in the play being made (after the cards shown before it in hand order)."""

    card: Card

    def __str__(self) -> str:
        return f"show {self.card}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """End the cards shown: ``play`` makes them the whole play; ``play *N`` lays ``hidden`` more
    face down, named next by :class:`Hide`, with an optional declared ``revolution`` (M4)."""

    hidden: int = 0
    revolution: bool = False

    def __str__(self) -> str:
        if not self.hidden:
            return "play"
        return f"play *{self.hidden} revolution" if self.revolution else f"play *{self.hidden}"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """One face-down card of the play announced (after those named before it in hand order)."""

    card: Card

    def __str__(self) -> str:
        return f"hide {self.card}"


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


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Take back the play being made: the cards shown or named so far go back to the hand.
    Nobody else has seen any of it, so it tells the others nothing (M4)."""

    def __str__(self) -> str:
        return "undo"


MillionDoubtAction = Show | Play | Hide | Pass | Doubt | Give | Done | Undo

PASS = Pass()
DOUBT = Doubt()
DONE = Done()
PLAY = Play()
UNDO = Undo()
_BARE: dict[str, MillionDoubtAction] = {"pass": PASS, "doubt": DOUBT, "done": DONE, "play": PLAY, "undo": UNDO}

MOST_HIDDEN = 53  # no hand can hold more cards than the game has, less one


# -- the action space ----------------------------------------------------------------------------------

FACES: tuple[Card, ...] = (*sort_cards(STANDARD_DECK), JOKER)
"""The 53 card faces in hand order (3 … 2, suits S H D C, then the joker): the order of every
range of card actions in the space."""
SHOW = {c: Show(c) for c in FACES}
HIDE = {c: Hide(c) for c in FACES}
GIVE = {c: Give(c) for c in FACES}


def claim_of(hidden: int, revolution: bool = False) -> Play:
    """``play``, ``play *N`` or ``play *N revolution``."""
    return _claim(hidden, revolution)


@cache
def _claim(hidden: int, revolution: bool) -> Play:
    return Play(hidden, revolution) if hidden else PLAY


def all_actions(most_hidden: int) -> tuple[MillionDoubtAction, ...]:
    """Every action, in index order, for hands of at most ``most_hidden`` cards (games/million_doubt/spec.md)."""
    return (
        PASS, DOUBT,
        *(SHOW[c] for c in FACES),
        PLAY,
        *(claim_of(n) for n in range(1, most_hidden + 1)),
        *(claim_of(n, True) for n in range(1, REVOLUTION_SIZE + 1)),
        *(HIDE[c] for c in FACES),
        *(GIVE[c] for c in FACES),
        DONE,
        UNDO,
    )


# -- parsing -------------------------------------------------------------------------------------------


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
    verbs = [i for i, w in enumerate(words) if i and w.lower() in _VERBS]
    if verbs:  # e.g. "play *1 hide C3": two actions written as one
        first, rest = " ".join(words[: verbs[0]]), " ".join(words[verbs[0]:])
        raise NotationError(f"{excerpt(text)} is more than one action: {excerpt(first)}, then {excerpt(rest)}, "
                            "one at a time")
    if verb == "play" and args:
        return _parse_claim(text, args)
    if verb in ("show", "hide", "give") and len(args) == 1:
        card = card_of(args[0])
        return SHOW[card] if verb == "show" else HIDE[card] if verb == "hide" else GIVE[card]
    raise NotationError(f"not a Million Doubt action: {excerpt(text)} (expected {USAGE})")


_VERBS = frozenset({"play", "show", "hide", "give", "pass", "doubt", "done", "undo"})


def hidden_count(word: str) -> int | None:
    """``*N`` → N (1 to 53, plain digits, no leading zero); ``None`` for anything else."""
    count = word[1:]
    if not (word.startswith("*") and 1 <= len(count) <= 2 and count.isascii() and count.isdigit()
            and count[0] != "0"):
        return None
    return int(count) if int(count) <= MOST_HIDDEN else None


def _parse_claim(text: str, args: list[str]) -> Play:
    revolution = len(args) == 2 and args[1].lower() == "revolution"
    count = hidden_count(args[0]) if len(args) == 1 or revolution else None
    if count is None:
        raise NotationError(f"{excerpt(text)}: expected play, play *N or play *N revolution, with N from 1 to "
                            f"{MOST_HIDDEN} (cards are laid one at a time: show CARD)")
    if revolution and count > REVOLUTION_SIZE:
        raise NotationError(f"{excerpt(text)}: a revolution is four cards, so at most *{REVOLUTION_SIZE}")
    return claim_of(count, revolution)


# -- version 1 records ---------------------------------------------------------------------------------


def legacy_actions(version: int, seat: int | None, text: str) -> list[str]:
    """The texts of this version's actions that do what ``text`` did in a record of ``version``.

    Version 1 made a play in one action (``play S5 H5``, ``play S5 *2``, ``play *4 revolution``)
    and named its face-down cards in one more (``hide C4 D9``); version 2 lays one card per
    action, in hand order (and version 3 only added the ``deal`` option).  Every other action is
    unchanged.  ``seat`` is not needed here.
    Raises :class:`NotationError` for text that was malformed in ``version`` too."""
    if version >= 2:
        return [text]
    if version != 1:
        raise NotationError(f"million-doubt has no version {version!r} (this build reads 1 to 3)")
    words = text.strip().split() if isinstance(text, str) else []
    verb = words[0].lower() if words else ""
    if verb == "hide" and len(words) > 1:
        return [str(HIDE[c]) for c in sort_cards(card_of(w) for w in words[1:])]
    if verb in ("pass", "doubt", "done", "give"):
        return [str(parse_action(text))]
    if verb != "play" or len(words) == 1:
        raise NotationError(f"not a version 1 Million Doubt action: {excerpt(str(text))}")
    args = words[1:]
    revolution = args[-1].lower() == "revolution"
    if revolution:
        args = args[:-1]
    hidden = 0
    if args and args[-1].startswith("*"):
        count = hidden_count(args[-1])
        if count is None:
            raise NotationError(f"{excerpt(text)}: face-down cards are written *N with N from 1 to {MOST_HIDDEN}")
        hidden, args = count, args[:-1]
    if (revolution and not hidden) or not (args or hidden):
        raise NotationError(f"not a version 1 Million Doubt play: {excerpt(text)}")
    shows = [str(SHOW[c]) for c in sort_cards(card_of(a) for a in args)]
    return [*shows, str(claim_of(hidden, revolution))]
