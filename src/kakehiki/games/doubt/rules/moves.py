"""Doubt's whole moves: a play of several cards as one line (games/doubt/spec.md, Whole moves).

``play S5 S9 S10`` is the play of those three cards: ``add`` each but the last in card order,
then ``play`` the last, as the engine takes them.  The cards may be written in any order.
Every single action's text is a move of one step.

>>> [str(a) for a in parse_move("play S10 s5 S9")]
['add S5', 'add S9', 'play S10']
>>> move_text(parse_move("play S9 S5")), move_text(parse_move("doubt"))
('play S5 S9', 'doubt')
"""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.cards import Card
from kakehiki.errors import NotationError
from kakehiki.games.doubt.rules.actions import Add, DoubtAction, Play, parse_action, steps_of
from kakehiki.games.doubt.rules.state import OPTION_SPECS
from kakehiki.moves import cards_of, check_copies, words_of

_OPTIONS = {spec.name: spec for spec in OPTION_SPECS}
MOST_DECKS = int(_OPTIONS["decks"].maximum or 1)
MOST_JOKERS = int(_OPTIONS["jokers"].maximum or 0)


def parse_move(text: str) -> tuple[DoubtAction, ...]:
    """``play CARD CARD…`` as its steps; any other text as the one action it is."""
    words = words_of(text)
    if words[0].lower() != "play" or len(words) < 3:
        return (parse_action(text),)
    cards = cards_of(text, words[1:], 2)
    check_copies(text, cards, _copies, f"the game has at most {MOST_DECKS} decks and {MOST_JOKERS} jokers")
    return steps_of(cards)


def _copies(card: Card) -> int:
    return MOST_JOKERS if card.is_joker else MOST_DECKS


def move_text(steps: Sequence[DoubtAction]) -> str:
    """``play`` and the cards of the ``add``s and the ``play`` that end them; one step as its text."""
    if len(steps) == 1:
        return str(steps[0])
    adds, last = steps[:-1], steps[-1] if steps else None
    if not adds or not isinstance(last, Play) or not all(isinstance(a, Add) for a in adds):
        shown = ", ".join(str(s) for s in steps) or "no step"
        raise NotationError(f"{shown} is no Doubt move: a play is add … then play")
    cards = [a.card for a in adds if isinstance(a, Add)] + [last.card]
    if steps_of(cards) != tuple(steps):
        raise NotationError(f"{', '.join(str(s) for s in steps)}: a play's cards go down in card order")
    return "play " + " ".join(str(c) for c in cards)


def continues(action: DoubtAction) -> bool:
    """Only ``add`` leaves the play unmade: the seat goes on with it, and nobody else sees it."""
    return isinstance(action, Add)


__all__ = ["continues", "move_text", "parse_move"]
