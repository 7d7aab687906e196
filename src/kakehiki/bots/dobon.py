"""The rule-aware Dobon bot: calls Dobon when it can, counters when it can, and avoids
handing out easy Dobons.

Its only knowledge of other hands is their sizes (from the view).  The chance that
a hand of ``k`` unseen cards sums to ``v`` is estimated with cards drawn uniformly
from A..K, which is close enough for ranking plays by danger.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from kakehiki.bots import register_bot
from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.actions import Dobon, Draw, Pass, Play

MAX_REACHABLE = 13  # a hand summing to more can never call Dobon


@lru_cache(maxsize=64)
def sum_distribution(k: int) -> tuple[float, ...]:
    """P(sum of k uniform card values == v), for v in 0..13k."""
    dist = [1.0]
    for _ in range(k):
        nxt = [0.0] * (len(dist) + 13)
        for total, p in enumerate(dist):
            if p:
                for value in range(1, 14):
                    nxt[total + value] += p / 13
        dist = nxt
    return tuple(dist)


def danger(view: DobonView, value: int) -> float:
    """Estimated chance that some opponent can Dobon on a card of ``value``."""
    safe = 1.0
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat and size:
            dist = sum_distribution(size)
            safe *= 1 - (dist[value] if value < len(dist) else 0.0)
    return 1 - safe


class DobonRuleBot:
    name = "rule"

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        dobons = [a for a in legal if isinstance(a, Dobon)]
        if dobons and view.top_owner != view.seat:  # never a self-Dobon (J10)
            return min(dobons, key=lambda a: (danger(view, a.top.rank), a.top.rank))
        plays = [a for a in legal if isinstance(a, Play)]
        hand = view.hand or ()
        if Pass() in legal:
            return self._interrupt_or_pass(view, plays, hand)
        if view.pending:
            return plays[0] if plays else Draw()
        if not plays:
            return Draw()
        best = max(plays, key=lambda a: self._play_score(view, hand, a.card))
        return best if self._play_score(view, hand, best.card) > -0.5 else Draw()

    def _interrupt_or_pass(self, view: DobonView, plays: list[Play], hand: Sequence[Card]) -> Action:
        if plays:
            best = max(plays, key=lambda a: self._play_score(view, hand, a.card))
            if self._play_score(view, hand, best.card) > 0.2:
                return best
        return Pass()

    @staticmethod
    def _play_score(view: DobonView, hand: Sequence[Card], card: Card) -> float:
        """Higher is better: dump high cards towards a callable sum, avoid dangerous values."""
        remaining = sum(c.rank for c in hand) - card.rank
        score = card.rank / 13
        if remaining <= MAX_REACHABLE:
            score += 0.5
        if card.rank == 2:
            score += 0.3  # passes a draw on
        return score - 4 * danger(view, card.rank)


register_bot("dobon", "rule", DobonRuleBot)
