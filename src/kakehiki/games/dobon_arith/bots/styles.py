"""Dobon-arith's style bots (the gauntlet, :mod:`kakehiki.bots.styles`), ``rule`` otherwise:

* ``caller``: calls Dobon whenever it may, else a uniformly random action (:class:`kakehiki.bots.styles.Caller`);
* ``shed-high``: calls when it may, else plays its highest number with the most cards, draws when it
  cannot play, and declines every out-of-turn offer;
* ``no-interrupt``: ``rule``, but never a gaeshi (a counter-call on a Dobon, A5).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kakehiki.core import Action
from kakehiki.games.dobon_arith import ArithView
from kakehiki.games.dobon_arith.bots.heuristic import ArithRuleBot, whole_plays
from kakehiki.games.dobon_arith.rules.actions import DOBON, DRAW, PASS
from kakehiki.games.dobon_arith.rules.plays import next_step


class ArithShedHigh:
    """Calls when it may, else the play of its highest number with the most cards; draws when it
    cannot play; declines every out-of-turn offer."""

    name = "shed-high"

    def choose(self, view: ArithView, legal: Sequence[Action], rng: random.Random) -> Action:
        if DOBON in legal:
            return DOBON
        if DRAW not in legal and not view.staged:
            return PASS if PASS in legal else legal[0]
        plays = whole_plays(view, legal)
        if not plays:
            return DRAW if DRAW in legal else legal[0]
        best = max(plays, key=lambda p: (p.rank, len(p.cards), str(p)))
        return next_step(best, view.staged)


class ArithNoInterrupt(ArithRuleBot):
    """``rule``, but never a gaeshi: a Dobon already called is never countered (A5)."""

    name = "no-interrupt"

    def choose(self, view: ArithView, legal: Sequence[Action], rng: random.Random) -> Action:
        action = super().choose(view, legal, rng)
        return PASS if action == DOBON and view.chain and PASS in legal else action
