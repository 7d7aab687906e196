"""Doubt's style bots (the gauntlet, :mod:`kakehiki.bots.styles`); ``count`` plays and doubts otherwise:

* ``lie``: always lies when it can (one card of a rank other than the one claimed);
* ``truth``: never lies when it can (every card of the claimed rank it holds, up to the limit);
* ``lowest``: plays its lowest card, alone, and never doubts;
* ``doubt-all`` / ``doubt-never`` / ``doubt-half``: ``count``'s plays, doubting every play /
  none / each with probability one half.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kakehiki.cards import CARD_ORDER
from kakehiki.core import Action
from kakehiki.games.doubt import DOUBT, DoubtView
from kakehiki.games.doubt import PASS as DOUBT_PASS
from kakehiki.games.doubt.bots.heuristic import CountBot, follow, good


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
