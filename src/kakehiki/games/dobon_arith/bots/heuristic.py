"""The rule-aware bot for arithmetic Dobon: knows its waits, calls and counters when the
risk is worth it, and avoids playing a number opponents are likely to be waiting on.

What it knows of other hands is what its view shows: their sizes, their revealed cards
and every card on the field.  The chance that a seat can call on a value is estimated
by dealing that seat's unseen cards at random from the cards this seat has not seen
(a few samples per decision, from the bot's own generator) and asking the rules'
:func:`~kakehiki.games.dobon_arith.waits` of each sample.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from kakehiki.cards import STANDARD_DECK, SUITS, Card
from kakehiki.core import Action
from kakehiki.games.dobon_arith import ArithView, Play
from kakehiki.games.dobon_arith.rules.actions import DOBON, DRAW, DRAW_TWO, PASS, REVEAL, SKIP, WILD
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of
from kakehiki.games.dobon_arith.rules.plays import hand_plays, next_step

SAMPLES = 16  # hands dealt per opponent and decision
VALUES = range(14)  # index = card value; 0 unused


def call_chances(view: ArithView, seats: Sequence[int], rng: random.Random) -> list[float]:
    """For each value 0..13, the estimated chance that at least one of ``seats`` can call on it."""
    hand = view.hand or ()
    seen = {c.index for c in hand} | {c.index for c in view.field}
    seen |= {c.index for shown in view.revealed for c in shown}
    unseen = [c for c in STANDARD_DECK if c.index not in seen]
    safe = [1.0] * len(VALUES)
    for seat in seats:
        chances = seat_chances(view.revealed[seat], view.hand_sizes[seat], unseen, rng)
        for value, chance in enumerate(chances):
            safe[value] *= 1 - chance
    return [1 - s for s in safe]


def seat_chances(shown: tuple[Card, ...], size: int, unseen: list[Card], rng: random.Random) -> list[float]:
    """Per value, the share of sampled hands (``shown`` plus random unseen cards) that reach it."""
    hidden = size - len(shown)
    if size == 0:
        return [0.0] * len(VALUES)
    if hidden <= 0 or hidden > len(unseen):
        hit = reachable(values_of(shown))
        return [1.0 if v in hit else 0.0 for v in VALUES]
    counts: Counter[int] = Counter()
    for _ in range(SAMPLES):
        counts.update(reachable(values_of((*shown, *rng.sample(unseen, hidden)))))
    return [counts[v] / SAMPLES for v in VALUES]


class ArithRuleBot:
    name = "rule"

    def choose(self, view: ArithView, legal: Sequence[Action], rng: random.Random) -> Action:
        if DOBON in legal and self._worth_calling(view, rng):
            return DOBON
        staged = view.staged
        if DRAW not in legal and not staged:
            return PASS  # an out-of-turn offer it declines
        plays = whole_plays(view, legal)
        if view.pending:  # pass the twos on with as many as possible
            best: Action = max(plays, key=lambda p: len(p.cards)) if plays else DRAW
        else:
            best = self._best_turn(view, plays, None if staged else PASS if PASS in legal else DRAW, rng)
        return next_step(best, staged) if isinstance(best, Play) else best

    @staticmethod
    def _worth_calling(view: ArithView, rng: random.Random) -> bool:
        """Counter whenever the call would otherwise make this seat lose; otherwise call when the
        chance of being countered (which would make this seat lose) is under a half."""
        me = view.seat
        assert me is not None
        chain = view.chain
        if chain:
            doomed = chain[-2] if len(chain) > 1 else view.top_owner
            if doomed is None or doomed == me:
                return True
        rivals = [s for s in range(len(view.hand_sizes)) if s != me and s not in chain]
        return call_chances(view, rivals, rng)[view.top.rank] < 0.5

    def _best_turn(self, view: ArithView, plays: list[Play], other: Action | None, rng: random.Random) -> Action:
        """The best-scored play, or ``other`` (pass or draw) if no play scores better than it;
        ``other`` is ``None`` in the middle of a play, which must be finished."""
        me = view.seat
        assert me is not None and view.hand is not None
        danger = call_chances(view, [s for s in range(len(view.hand_sizes)) if s != me], rng)
        hand = view.hand
        best: Action = other or plays[0]
        best_score = -0.5 if other == PASS else -0.6 if other == DRAW else -float("inf")
        for play in plays:
            if play.suit is not None and play.suit != favourite_suit(hand, play.cards):
                continue
            score = play_score(hand, play, danger)
            if score > best_score:
                best, best_score = play, score
        return best


def whole_plays(view: ArithView, legal: Sequence[Action]) -> list[Play]:
    """The whole plays open to the seat on its turn (finishing the play it has begun, if any)
    whose next step is among ``legal``: a bot chooses among them and takes that step."""
    assert view.hand is not None
    offered = set(legal)
    staged = view.staged
    return [p for p in hand_plays(view.hand, view.top, view.suit, view.pending, staged)
            if next_step(p, staged) in offered]


def favourite_suit(hand: Sequence[Card], played: Sequence[Card]) -> str:
    """The suit this seat holds most of after the play (an 8 names it)."""
    counts = Counter(c.suit for c in hand if c not in played)
    return max(SUITS, key=lambda s: counts[s])


POWER_BONUS = {DRAW_TWO: 0.2, SKIP: 0.1, REVEAL: 0.1, WILD: -0.2}  # keep 8s for when nothing else fits


def play_score(hand: Sequence[Card], play: Play, danger: Sequence[float]) -> float:
    """The score of ``play`` from ``hand`` (see :func:`cards_score`)."""
    return cards_score(hand, play.cards, danger)


def cards_score(hand: Sequence[Card], played: Sequence[Card], danger: Sequence[float]) -> float:
    """Higher is better: shed cards, keep many waits, hurt the next seat, and above all do not
    play a number someone is likely to call on, unless this seat could counter it (A5)."""
    rest = tuple(c for c in hand if c not in played)
    if not rest:
        return -2.0  # an empty hand cannot win (A7)
    waits = reachable(values_of(rest))
    rank = played[0].rank
    risk = danger[rank] * (0.1 if rank in waits else 1.0)  # a call on it would be countered
    return -3 * risk + 0.08 * len(waits) + 0.05 * len(played) + POWER_BONUS.get(rank, 0.0)


