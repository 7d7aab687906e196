"""The order of the person's numbered choices in the terminal, one rule for every game.

The game's moves and calls come first, in the game's own order (a Dobon, a doubt, an
interrupt, a play); the decline, ``pass``, comes after them; and a call that loses at once
(a Dobon on one's own card, J10) comes last of all, so that no habit of typing ``1`` makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kakehiki.core import Action

DECLINE = "pass"
"""The action text that lets a chance, or a turn where the game allows it, pass."""


def in_order(legal: Sequence[Action], loses_at_once: Callable[[Action], bool]) -> tuple[Action, ...]:
    """``legal`` as numbered on screen: moves and calls, then ``pass``, then a sure loss."""

    def place(action: Action) -> int:
        if loses_at_once(action):
            return 2
        return 1 if str(action) == DECLINE else 0

    return tuple(sorted(legal, key=place))  # stable: the game's order within each group
