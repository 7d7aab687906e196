"""The template game's bots, each declared in the manifest (``bots``): ``high`` plays its highest card;
``expert`` searches, rolling games out with ``high``.

A bot sees only its seat's view and the legal actions, and draws only from the generator it is
handed (:class:`kakehiki.bots.Bot`).  ``random``, ``search`` and the levels exist for every game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kakehiki.bots import Bot
from kakehiki.bots.search import SearchBot
from kakehiki.core import Action

from .rules.model import MyView, Play


class HighBot:
    name = "high"

    def choose(self, view: MyView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        return max(plays, key=lambda a: (a.card.rank, a.card.index)) if plays else legal[0]


def expert() -> Bot:
    return SearchBot(rollout=HighBot())
