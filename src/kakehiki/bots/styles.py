"""Style bots: simple, one-track opponents that the levels must beat (the gauntlet, issue 19).

Each style changes one habit of the game's ``normal`` bot, or replaces its play with a
single fixed rule, so that a level that only beats ``normal`` is seen to hold (or not)
against players who play differently.  They are registered like any bot, and
:data:`GAUNTLET` lists them per game (``kakehiki arena GAME --gauntlet LEVEL`` plays a
level against each).  Million Doubt's and Dhumbal's styles are in
their games' ``bots/styles.py``.

Doubt (``count`` plays and doubts otherwise):

* ``lie``: always lies when it can (one card of a rank other than the one claimed);
* ``truth``: never lies when it can (every card of the claimed rank it holds, up to the limit);
* ``lowest``: plays its lowest card, alone, and never doubts;
* ``doubt-all`` / ``doubt-never`` / ``doubt-half``: ``count``'s plays, doubting every play /
  none / each with probability one half.

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
from kakehiki.bots.doubt import CountBot, follow, good
from kakehiki.cards import CARD_ORDER
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.actions import Dobon, Draw, Pass, Play
from kakehiki.games.dobon_arith import ArithView
from kakehiki.games.dobon_arith.actions import DOBON, DRAW, PASS
from kakehiki.games.dobon_arith.plays import next_step
from kakehiki.games.doubt import DOUBT, DoubtView
from kakehiki.games.doubt import PASS as DOUBT_PASS
from kakehiki.manifest import ByGame

GAUNTLET: Mapping[str, tuple[str, ...]] = ByGame(lambda m: m.styles or None)
"""The style bots each game's levels are measured against, besides ``random`` (each manifest's ``styles``)."""


# -- Doubt ---------------------------------------------------------------------------------------


class DoubtStyle(CountBot):
    """``count``'s play; the doubt window answered by :meth:`doubts` instead."""

    name = "doubt-style"
    chance = 0.0  # doubt with this probability

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return DOUBT if DOUBT in legal and rng.random() < self.chance else DOUBT_PASS
        return super().choose(view, legal, rng)


class DoubtAll(DoubtStyle):
    name = "doubt-all"
    chance = 1.0


class DoubtNever(DoubtStyle):
    name = "doubt-never"
    chance = 0.0


class DoubtHalf(DoubtStyle):
    name = "doubt-half"
    chance = 0.5


class DoubtLiar(CountBot):
    """``count``'s doubts; on its turn a single card of another rank whenever it holds one."""

    name = "lie"

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return super().choose(view, legal, rng)
        hand = sorted(view.hand or (), key=CARD_ORDER)
        lies = [c for c in hand if not good(c, view.rank)]
        return follow((lies or hand)[:1], view.picked, legal)


class DoubtTruthful(CountBot):
    """``count``'s doubts; on its turn every card of the claimed rank (and joker) it holds, up to the
    limit; a lie (its lowest card) only when it holds none."""

    name = "truth"

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return super().choose(view, legal, rng)
        hand = sorted(view.hand or (), key=CARD_ORDER)
        true = [c for c in hand if good(c, view.rank)][: view.options.max_cards_per_play]
        return follow(true or hand[:1], view.picked, legal)


class DoubtLowest:
    """Its lowest card alone on every turn; never doubts."""

    name = "lowest"

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return DOUBT_PASS
        hand = sorted(view.hand or (), key=CARD_ORDER)
        return follow(hand[:1], view.picked, legal)


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
