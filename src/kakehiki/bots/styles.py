"""Style bots: simple, one-track opponents that the levels must beat (the gauntlet, issue 19).

Each style changes one habit of the game's ``normal`` bot, or replaces its play with a
single fixed rule, so that a level that only beats ``normal`` is seen to hold (or not)
against players who play differently.  They are registered like any bot, and
:data:`GAUNTLET` lists them per game (``kakehiki arena GAME --gauntlet LEVEL`` plays a
level against each).  Each game's styles are in its own
``games/<package>/bots/styles.py``.

Here: ``caller`` (both Dobons), which calls Dobon whenever it may (never a self-Dobon), else
plays a uniformly random action.

Like every bot they see only their view and draw only from the generator they are handed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from kakehiki.core import Action
from kakehiki.manifest import ByGame

GAUNTLET: Mapping[str, tuple[str, ...]] = ByGame(lambda m: m.styles or None)
"""The style bots each game's levels are measured against, besides ``random`` (each manifest's ``styles``)."""


class Caller:
    """Calls Dobon whenever it may, else plays at random: a call is any action whose text begins
    with ``dobon`` (both Dobons).  A game where a call on one's own card loses (Dobon's J10) names
    that call's class in ``own_call_loses`` (``games/dobon/bots/styles.py``)."""

    name = "caller"
    own_call_loses: tuple[type, ...] = ()

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        own = getattr(view, "top_owner", None) == getattr(view, "seat", None)
        calls = [a for a in legal if str(a).startswith("dobon")]
        if calls and not (own and isinstance(calls[0], self.own_call_loses)):
            return calls[0]
        return legal[rng.randrange(len(legal))]
