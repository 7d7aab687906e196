"""The threshold Dhumbal bot: sheds points fast, picks up what completes sets and runs, and
shows once the chance that its hand is the strict lowest is high enough.

What it knows of the other hands is what the view makes public: their sizes, the cards
they took from the discards, and which cards were discarded.

A turn is played in steps (each card of the discard, then the take).  The bot plans the
whole turn at every step from the view alone (the cards already put down are in it) and
plays the plan's next step: the plan it makes once some cards are down is the one it made
before them, since the turns still open are among those it weighed, in the same order.  Every other card is
"unseen"; an unknown card in another hand is taken to be drawn from the unseen cards'
point values (an estimate: it ignores that players keep their low cards).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from kakehiki.cards import CARD_ORDER, STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.games.dhumbal import SHOW, DhumbalView, Show, Turn, whole_turns
from kakehiki.games.dhumbal.rules.melds import POINTS, total

MAX_POINTS = 10
Distribution = list[float]  # probability of each point value 0..10


def unseen_counts(view: DhumbalView) -> list[int]:
    """How many copies of each card (by index) this seat has not seen this round: in other
    hands unknown, or in the stock.  A bot asks at every step of a turn, so this is kept cheap."""
    counts = [view.decks] * len(STANDARD_DECK)
    for cards in (view.hand or (), view.discarding, view.buried, view.available):
        for card in cards:
            counts[card.index] -= 1
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            for card in known:
                counts[card.index] -= 1
    return counts


def unseen_cards(view: DhumbalView) -> Counter[Card]:
    """The cards this seat has not seen this round: in other hands unknown, or in the stock."""
    return Counter({STANDARD_DECK[i]: n for i, n in enumerate(unseen_counts(view)) if n > 0})


def unseen_values(view: DhumbalView) -> Distribution:
    """The point-value distribution of the cards this seat has not seen this round."""
    counts = [0.0] * (MAX_POINTS + 1)
    for card, n in zip(STANDARD_DECK, unseen_counts(view), strict=True):
        if n > 0:
            counts[POINTS[card.rank]] += n
    size = sum(counts) or 1.0
    return [c / size for c in counts]


def sum_distribution(values: Distribution, cards: int) -> Distribution:
    """Distribution of the total of ``cards`` independent draws from ``values``."""
    dist = [1.0]
    for _ in range(cards):
        nxt = [0.0] * (len(dist) + MAX_POINTS)
        for t, p in enumerate(dist):
            if p:
                for v, q in enumerate(values):
                    if q:
                        nxt[t + v] += p * q
        dist = nxt
    return dist


def show_chance(view: DhumbalView, values: Distribution) -> float:
    """Estimated chance that a Show now succeeds (D4): every other total above ours
    (or not below it, with ``show_tie=caller_wins``)."""
    hand = view.hand or ()
    mine = total(hand)
    chance = 1.0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        known = view.known[seat]
        need = mine - total(known)  # the unknown cards must total more than this (or as much, caller_wins)
        dist = sum_distribution(values, size - len(known))
        cut = need if view.show_tie == "caller_wins" else need + 1
        chance *= sum(dist[max(cut, 0):])
    return chance


def best_discard(hand: Sequence[Card]) -> int:
    """The most points one legal discard removes from ``hand`` (D3)."""
    best = 0
    by_rank: dict[int, int] = {}
    by_suit: dict[str, set[int]] = {}
    for card in hand:
        p = POINTS[card.rank]
        best = max(best, p)
        by_rank[card.rank] = by_rank.get(card.rank, 0) + p
        by_suit.setdefault(card.suit, set()).add(card.rank)
    best = max(best, *by_rank.values()) if by_rank else best
    for ranks in by_suit.values():
        for start in ranks:
            if start - 1 in ranks:
                continue
            end, run = start, POINTS[start]
            while end + 1 in ranks:
                end += 1
                run += POINTS[end]
                if end - start >= 2:
                    best = max(best, run)
    return best


def held(view: DhumbalView) -> list[Card]:
    """The hand as the turn began: what is held and what is put down so far, by card."""
    return sorted((*(view.hand or ()), *view.discarding), key=CARD_ORDER)


class Planner:
    """A bot that plans its whole turn at the start and plays it in steps: asked again after
    each card goes down, it plays the next step of the turn it plans then (the same turn, as
    long as its plan depends only on the hand as the turn began)."""

    def plan(self, view: DhumbalView, legal: Sequence[Action]) -> Show | Turn:
        """A Show, or the whole turn to play (its first steps may be down already)."""
        raise NotImplementedError

    def choose(self, view: DhumbalView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        plan = self.plan(view, legal)
        return plan if isinstance(plan, Show) else plan.step(len(view.discarding))


class ThresholdBot(Planner):
    """Shows when its estimated chance of success reaches the threshold; otherwise plays the
    turn that leaves the lowest ``total - lookahead * best next discard`` (expected over the
    stock when drawing).

    The threshold starts at ``confidence`` and, once ``grace`` rounds of turns have gone by
    without a Show, falls to 0 over ``span`` more: low hands that everybody can see (cards
    taken from the discards) would otherwise wait on each other for ever, each knowing a
    Show would be shown back.
    """

    name = "threshold"

    def __init__(self, confidence: float = 0.7, lookahead: float = 0.8, grace: float = 6, span: float = 6) -> None:
        self.confidence = confidence
        self.lookahead = lookahead
        self.grace = grace
        self.span = span

    def threshold(self, view: DhumbalView) -> float:
        cycles = view.round_turns / len(view.hand_sizes)
        late = max(0.0, cycles - self.grace) / self.span
        return self.confidence * max(0.0, 1 - late)

    def plan(self, view: DhumbalView, legal: Sequence[Action]) -> Show | Turn:
        values = unseen_values(view)
        if SHOW in legal and show_chance(view, values) >= self.threshold(view):
            return SHOW
        mean = sum(v * p for v, p in enumerate(values))
        hand = held(view)
        return min(whole_turns(view.hand or (), view.discarding, view.available),
                   key=lambda a: self.cost(hand, a, values, mean))

    def cost(self, hand: Sequence[Card], action: Turn, values: Distribution, mean: float) -> float:
        rest = list(hand)
        for card in action.discard:
            rest.remove(card)
        if action.take is not None:
            rest.append(action.take)
            return total(rest) - self.lookahead * best_discard(rest)
        # Drawing blind: the new card's points on average, and the discard it may become.
        keep = best_discard(rest)
        expected_best = sum(p * max(keep, v) for v, p in enumerate(values))
        return total(rest) + mean - self.lookahead * expected_best


