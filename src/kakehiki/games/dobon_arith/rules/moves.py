"""Arithmetic Dobon's whole moves: a stack of several cards as one line (games/dobon_arith/spec.md,
Whole moves).

``play S4 C4 H4`` is the stack with S4 at the bottom and H4 on top: ``bottom S4``, ``stack C4``,
``top H4``, as the engine takes them.  The first card is the bottom and the last the top (the
cards between may be written in any order: they are stacked in card order), so the text reads as
the log writes the play; an 8 on top names the suit: ``play S8 H8 suit=C``.  Every single action's
text is a move of one step.

>>> [str(a) for a in parse_move("play s4 D4 H4 c4")]
['bottom S4', 'stack H4', 'stack D4', 'top C4']
>>> move_text(parse_move("play S8 H8 suit=c"))
'play S8 H8 suit=C'
"""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.cards import SUITS, Card
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.dobon_arith.rules.actions import WILD, ArithAction, Bottom, Play, Stack, Top, parse_action
from kakehiki.moves import cards_of, check_copies, check_round_trip, words_of

GAME = "dobon-arith"


def parse_move(text: str) -> tuple[ArithAction, ...]:
    """``play CARD CARD… [suit=S|H|D|C]`` as its steps; any other text as the one action it is."""
    words = words_of(text)
    named = words[-1].lower().startswith("suit=")
    cards_words = words[1:-1] if named else words[1:]
    if words[0].lower() != "play" or len(cards_words) < 2:
        return (parse_action(text),)
    suit = words[-1][5:].upper() if named else None
    if named and suit not in SUITS:
        raise NotationError(f"{excerpt(text)}: suit= names S, H, D or C")
    cards = cards_of(text, cards_words, 2, _card)
    check_copies(text, cards, lambda _: 1, "the game has one deck")
    if cards[-1].rank == WILD and suit is None:
        raise NotationError(f"{excerpt(text)}: an 8 on top names the suit to follow, e.g. {' '.join(words)} suit=H")
    if cards[-1].rank != WILD and suit is not None:
        raise NotationError(f"{excerpt(text)}: only a play with an 8 on top names a suit")
    return Play(cards, suit).steps()


def _card(word: str) -> Card:
    card = Card.parse(word)
    if card.is_joker:
        raise NotationError("there are no jokers in this game")
    return card


def move_text(steps: Sequence[ArithAction]) -> str:
    """The text :func:`parse_move` reads back as ``steps``; :class:`NotationError` if they are no play."""
    if len(steps) == 1:
        return str(steps[0])
    cards = [s.card for s in steps if isinstance(s, Bottom | Stack | Top)]
    last = steps[-1] if steps else None
    suit = f" suit={last.suit}" if isinstance(last, Top) and last.suit else ""
    return check_round_trip(parse_move, GAME, steps, " ".join(["play", *map(str, cards)]) + suit)


def continues(action: ArithAction) -> bool:
    """``bottom`` and ``stack`` leave the play unmade: the seat goes on with it, and nobody else sees it."""
    return isinstance(action, Bottom | Stack)


__all__ = ["continues", "move_text", "parse_move"]
