"""Doubt actions and their one text form each.

A play of several cards is made one card at a time, in card order: ``add`` each card but
the last, then ``play`` the last, which puts the whole play down (see games/doubt/spec.md, Actions).

>>> [str(parse_action(t)) for t in ("play s4", "ADD h9", "doubt", "pass")]
['play S4', 'add H9', 'doubt', 'pass']
>>> [str(a) for a in steps_of([Card.parse(t) for t in ("H9", "S4", "JK")])]
['add S4', 'add H9', 'play JK']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kakehiki.cards import CARD_ORDER, CARDS, LONGEST_CARD, Card, card_of
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Put ``card`` face down as the last card of a play, and so make the play (B2, B3): the cards
    set aside by ``add`` before it, if any, go down with it, all claiming the running rank."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Add(Action):
    """Set ``card`` aside for the play being made, with more to come (B3, ``max_cards_per_play`` > 1).
    Only the seat making the play sees it: the play is face down and made only by ``play``."""

    card: Card

    def __str__(self) -> str:
        return f"add {self.card}"


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


DoubtAction = Play | Add | Doubt | Pass

# Actions are immutable values: one shared instance per card spares building them on every step.
PLAYS = tuple(Play(c) for c in CARDS)
ADDS = tuple(Add(c) for c in CARDS)
DOUBT = Doubt()
PASS = Pass()
_BARE: dict[str, DoubtAction] = {"doubt": DOUBT, "pass": PASS}


def steps_of(cards: Sequence[Card]) -> tuple[Add | Play, ...]:
    """The actions that make the play of ``cards`` (in any order, at least one): ``add`` each
    card but the last in card order, then ``play`` the last."""
    ordered = sorted(cards, key=CARD_ORDER)
    return (*(ADDS[c.index] for c in ordered[:-1]), PLAYS[ordered[-1].index])


def next_step(cards: Sequence[Card], picked: Sequence[Card]) -> Add | Play | None:
    """The next action towards the play of ``cards`` when ``picked`` are set aside already
    (``None`` if ``picked`` is not how that play begins)."""
    steps = steps_of(cards)
    done = len(picked)
    if done >= len(steps) or any(step.card != card for step, card in zip(steps, picked, strict=False)):
        return None
    return steps[done]


USAGE = "expected play CARD, add CARD, doubt or pass"


def parse_action(text: str) -> DoubtAction:
    """The action written ``text``; :class:`NotationError`, quoting a short excerpt, if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split(maxsplit=2)
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb in ("play", "add") and len(args) == 1:
        card = card_of(args[0])
        return PLAYS[card.index] if verb == "play" else ADDS[card.index]
    if verb == "play" and len(args) > 1:
        raise NotationError(f"a play names one card: {excerpt(text)} (add each card but the last, then play "
                            "the last: add S4, play H9)")
    raise NotationError(f"not a Doubt action: {excerpt(text)} ({USAGE})")


def parse_v1(text: str) -> tuple[Card, ...] | None:
    """A version-1 action text: the cards of a play, in card order, or ``None`` for ``doubt``/``pass``
    (:class:`NotationError` if malformed).  Version 1 wrote a play of several cards as one action."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split(maxsplit=1)
    if words and words[0].lower() in _BARE and len(words) == 1:
        return None
    if len(words) == 2 and words[0].lower() == "play" and len(text) <= 40 * (LONGEST_CARD + 1):
        return tuple(sorted((card_of(w) for w in words[1].split()), key=CARD_ORDER))
    raise NotationError(f"not a Doubt version-1 action: {excerpt(text)} (expected play CARD [CARD...], doubt, pass)")


__all__ = [
    "ADDS", "DOUBT", "PASS", "PLAYS", "Add", "Doubt", "DoubtAction", "Pass", "Play", "card_of",
    "next_step", "parse_action", "parse_v1", "steps_of",
]
