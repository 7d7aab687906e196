"""Style bots: simple, one-track opponents that the levels must beat (the gauntlet, issue 19).

Each style changes one habit of the game's ``normal`` bot, or replaces its play with a
single fixed rule, so that a level that only beats ``normal`` is seen to hold (or not)
against players who play differently.  They are registered like any bot, and
:data:`GAUNTLET` lists them per game (``kakehiki arena GAME --gauntlet LEVEL`` plays a
level against each).  Each game's styles are in its own
``games/<package>/bots/styles.py``.

Dobon and Dobon-arith (``rule`` otherwise):

* ``caller``: calls Dobon whenever it may (never a self-Dobon), else a uniformly random action;
* ``shed-high``: calls when it may, else plays its highest card (the most cards of it in
  Dobon-arith), draws when it cannot play, and never plays out of turn;
* ``no-interrupt``: ``rule``, but never acts out of turn but to call: in Dobon no same-number
  interrupt (J5); in Dobon-arith, whose only out-of-turn moves are calls, no gaeshi (a counter-call
  on a Dobon, A5).

Like every bot they see only their view and draw only from the generator they are handed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from kakehiki.bots.dobon import DobonRuleBot
from kakehiki.bots.dobon_arith import ArithRuleBot, whole_plays
from kakehiki.cards import CARD_ORDER
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.actions import Dobon, Draw, Pass, Play
from kakehiki.games.dobon_arith import ArithView
from kakehiki.games.dobon_arith.actions import DOBON, DRAW, PASS
from kakehiki.games.dobon_arith.plays import next_step
from kakehiki.manifest import ByGame

GAUNTLET: Mapping[str, tuple[str, ...]] = ByGame(lambda m: m.styles or None)
"""The style bots each game's levels are measured against, besides ``random`` (each manifest's ``styles``)."""


# -- Dobon ---------------------------------------------------------------------------------------


class Caller:
    """Calls Dobon whenever it may (not on its own card: a self-Dobon loses, J10), else plays at random.
    It serves both Dobons: a call is any action whose text begins with ``dobon``."""

    name = "caller"

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        own = getattr(view, "top_owner", None) == getattr(view, "seat", None)
        calls = [a for a in legal if str(a).startswith("dobon")]
        if calls and not (own and isinstance(calls[0], Dobon)):
            return calls[0]
        return legal[rng.randrange(len(legal))]


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
