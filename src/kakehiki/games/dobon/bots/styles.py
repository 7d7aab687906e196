"""Dobon's style bots (the gauntlet, :mod:`kakehiki.bots.styles`), ``rule`` otherwise:

* ``caller``: calls Dobon whenever it may (never a self-Dobon, J10), else a uniformly random action;
* ``shed-high``: calls when it may, else plays its highest card, draws when it cannot play, and
  never plays out of turn;
* ``no-interrupt``: ``rule``, but never a same-number interrupt (J5); its calls stay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kakehiki.bots.styles import Caller
from kakehiki.cards import CARD_ORDER
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.bots.heuristic import DobonRuleBot
from kakehiki.games.dobon.rules.actions import Dobon, Draw, Pass, Play


class DobonCaller(Caller):
    own_call_loses = (Dobon,)


class DobonShedHigh:
    """Calls when it may (never a self-Dobon), else plays its highest card; draws when it cannot
    play; never plays out of turn."""

    name = "shed-high"

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        own = view.top_owner == view.seat
        calls = [a for a in legal if isinstance(a, Dobon)]
        if calls and not own:
            return calls[0]
        if Pass() in legal:
            return Pass()
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return max(plays, key=lambda a: (a.card.rank, CARD_ORDER(a.card)))
        return Draw() if Draw() in legal else legal[0]


class DobonNoInterrupt(DobonRuleBot):
    """``rule``, declining every chance to play out of turn (J5); its calls stay."""

    name = "no-interrupt"

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        action = super().choose(view, legal, rng)
        return Pass() if Pass() in legal and isinstance(action, Play) else action
