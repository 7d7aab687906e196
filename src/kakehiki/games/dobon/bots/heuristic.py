"""The rule-aware Dobon bot: calls Dobon when it can, counters when it can, and avoids
handing out easy Dobons.

Its only knowledge of other hands is their sizes (from the view).  The chance that
a hand of ``k`` unseen cards sums to ``v`` is estimated with cards drawn uniformly
from A..K, which is close enough for ranking plays by danger.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.rules.actions import Dobon, Draw, Pass, Play

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


Danger = Callable[[int], float]  # value -> chance that some opponent's hand totals it
DANGER_WEIGHT = 4.0  # how much a play's danger outweighs the value it dumps


def play_score(hand: Sequence[Card], card: Card, danger: Danger) -> float:
    """Higher is better: dump high cards towards a callable sum, avoid dangerous values."""
    remaining = sum(c.rank for c in hand) - card.rank
    score = card.rank / 13
    if remaining <= MAX_REACHABLE:
        score += 0.5
    if card.rank == 2:
        score += 0.3  # passes a draw on
    return score - DANGER_WEIGHT * danger(card.rank)


def decide(view: DobonView, legal: Sequence[Action], danger: Danger) -> Action:
    """The rule bot's decision, given how it judges the danger of each value."""
    dobons = [a for a in legal if isinstance(a, Dobon)]
    if dobons and view.top_owner != view.seat:  # never a self-Dobon (J10)
        # the top least likely to be some opponent's total: a gaeshi would make us lose
        return min(dobons, key=lambda a: (danger(a.top.rank), a.top.rank))
    plays = [a for a in legal if isinstance(a, Play)]
    hand = view.hand or ()
    if Pass() in legal:  # out of turn: interrupt (J5) only with a clearly good play
        best = max(plays, key=lambda a: play_score(hand, a.card, danger), default=None)
        return best if best is not None and play_score(hand, best.card, danger) > 0.2 else Pass()
    if view.pending:
        return plays[0] if plays else Draw()
    if not plays:
        return Draw()
    best = max(plays, key=lambda a: play_score(hand, a.card, danger))
    return best if play_score(hand, best.card, danger) > -0.5 else Draw()


class DobonRuleBot:
    """The rules above, with the danger of a value from the uniform model (:func:`danger`);
    a subclass may judge danger better by overriding :meth:`danger_of`."""

    name = "rule"

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        return decide(view, legal, self.danger_of(view, rng))

    def danger_of(self, view: DobonView, rng: random.Random) -> Danger:
        return partial(danger, view)




class DobonGreedyBot:
    """Calls Dobon whenever it may, with its first card on top, unless the top card is its own
    (a sure loss, J10); otherwise a uniform choice among its other actions.  The compiled engine
    plays it inside its kernel (``kakehiki.fast``, policy ``greedy``), drawing from the same
    generator."""

    name = "greedy"

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        others = [action for action in legal if not isinstance(action, Dobon)]
        if len(others) < len(legal) and not (view.phase == "turn" and view.top_owner == view.seat):
            return next(action for action in legal if isinstance(action, Dobon))
        return others[rng.randrange(len(others))]  # never empty: a turn may draw, a window pass


