"""Dhumbal's whole turns as one line each (games/dhumbal/spec.md, Whole moves).

A turn is made in steps (``discard CARD`` for each card, then ``take …``); a person says it at
once, as version 1 wrote it: ``discard S4 S5 S6 take stock``, ``discard S10 H10 take C7``.  The
cards may be written in any order: the steps put them down in written order (by rank, then
suit).  Every single action's text is a move of one step.

>>> [str(a) for a in parse_move("discard S6 s4 S5 take stock")]
['discard S4', 'discard S5', 'discard S6', 'take stock']
>>> move_text(parse_move("discard H10 S10 take c7"))
'discard S10 H10 take C7'
"""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.errors import NotationError, excerpt
from kakehiki.games.dhumbal.rules.actions import DhumbalAction, Discard, Take, card_of, parse_action
from kakehiki.games.dhumbal.rules.state import OPTION_SPECS
from kakehiki.games.dhumbal.rules.turns import turn
from kakehiki.moves import cards_of, check_copies, check_round_trip, words_of

GAME = "dhumbal"
MOST_DECKS = int(next(s for s in OPTION_SPECS if s.name == "decks").maximum or 1)


def parse_move(text: str) -> tuple[DhumbalAction, ...]:
    """``discard CARD… take stock|CARD`` as its steps; any other text as the one action it is."""
    words = words_of(text)
    if words[0].lower() != "discard" or len(words) < 3:
        return (parse_action(text),)
    lowered = [w.lower() for w in words]
    if "take" not in lowered:
        raise NotationError(f"{excerpt(text)}: a discard of several cards ends with its take "
                            "(… take stock or take CARD)")
    split = lowered.index("take")
    if split == 1:
        raise NotationError(f"{excerpt(text)}: name the cards to discard before take")
    if len(words) != split + 2:
        raise NotationError(f"{excerpt(text)}: take names the stock or one card, and ends the turn")
    cards = cards_of(text, words[1:split], 2, card_of)
    check_copies(text, cards, lambda _: MOST_DECKS, f"the game has at most {MOST_DECKS} decks")
    taken = parse_action(" ".join(words[split:]))
    assert isinstance(taken, Take)
    return turn(cards, taken.card).steps()


def move_text(steps: Sequence[DhumbalAction]) -> str:
    """The text :func:`parse_move` reads back as ``steps``; :class:`NotationError` if they are no turn."""
    if len(steps) == 1:
        return str(steps[0])
    cards = [s.card for s in steps if isinstance(s, Discard)]
    last = steps[-1] if steps else None
    taken = str(last) if isinstance(last, Take) else "take"
    return check_round_trip(parse_move, GAME, steps, " ".join(["discard", *map(str, cards), taken]))


def continues(action: DhumbalAction) -> bool:
    """A card put down leaves the turn open: the seat goes on, and ends it with a take."""
    return isinstance(action, Discard)


__all__ = ["continues", "move_text", "parse_move"]
