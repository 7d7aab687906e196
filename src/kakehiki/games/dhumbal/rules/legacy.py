"""Reading records of older versions of Dhumbal (see games/dhumbal/spec.md, Version History).

Version 1 → 2: a turn, one action ``discard S4 S5 S6 take stock`` before, is now made in
steps, ``discard S4``, ``discard S5``, ``discard S6``, ``take stock``.  ``show`` is unchanged,
and ``max_steps`` still counts whole turns, so a version-1 record replays to the same match.
"""

from __future__ import annotations

from kakehiki.errors import NotationError, excerpt
from kakehiki.games.dhumbal.rules.actions import USAGE, card_of
from kakehiki.games.dhumbal.rules.turns import Turn, turn

CURRENT = 2


def legacy_actions(version: int, seat: int | None, text: str) -> list[str]:
    """The version-2 action texts that do what ``text``, an action of a version-``version``
    record by ``seat``, did: ``show`` itself, a whole turn its steps.

    >>> legacy_actions(1, 0, "discard S6 s4 S5 take STOCK")
    ['discard S4', 'discard S5', 'discard S6', 'take stock']
    >>> legacy_actions(1, 2, "show"), legacy_actions(1, 1, "discard H9 take C7"), legacy_actions(2, 1, "take C7")
    (['show'], ['discard H9', 'take C7'], ['take C7'])
    """
    if version == CURRENT:
        return [text]
    if version != 1:
        raise NotationError(f"dhumbal has no version {excerpt(repr(version))} (this build plays {CURRENT})")
    if isinstance(text, str) and text.strip().lower() == "show":
        return ["show"]
    return [str(step) for step in parse_v1(text).steps()]


def parse_v1(text: str) -> Turn:
    """A version-1 turn, ``discard CARD… take stock|CARD`` (cards in any order, any case)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    lowered = [w.lower() for w in words]
    if not words or lowered[0] != "discard" or lowered.count("take") != 1:
        raise NotationError(f"not a version-1 Dhumbal turn: {excerpt(text)} (expected show, or discard CARD... "
                            f"take stock|CARD; now {USAGE})")
    at = lowered.index("take")
    cards, target = words[1:at], words[at + 1:]
    if not cards or len(target) != 1:
        raise NotationError(f"not a version-1 Dhumbal turn: {excerpt(text)}")
    take_card = None if target[0].lower() == "stock" else card_of(target[0])
    return turn((card_of(c) for c in cards), take_card)
