"""What the public history says about how soon each Dhumbal opponent Shows.

The heads-up search of ``hard`` plays rounds out with a model of the opponent.  That model
was the ``threshold`` bot (``normal``) for everyone; here it is a ``threshold`` bot whose
``confidence`` (the estimated chance of success it needs before it Shows) is read from the
seat's own Shows in the match so far.

Every finished round is public (:attr:`DhumbalView.outcomes`): who Showed, with which hand,
and every other hand's size.  From that we rebuild roughly how good the Show looked to its
caller: the chance that each other hand, drawn from the cards the caller could not see,
totals more than the caller's (:func:`show_chance_at`).  A seat of confidence ``c`` Shows
when that chance is at least ``c``; a Show below it is still possible (``threshold`` lowers
its bar late in a round), with likelihood :data:`BELOW_BAR`.  A Show at a high chance says
little (every type would have made it); a Show at a low chance marks an eager caller.

With no Show seen yet, the seat is a mix of the :data:`TYPES` by :data:`PRIOR`: mostly
``normal``, with a share of eager callers so that waiting for a Show to fail is not staked
on the opponent being patient.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.games.dhumbal import DhumbalView, RoundOutcome
from kakehiki.games.dhumbal.bots.heuristic import MAX_POINTS, Distribution, sum_distribution
from kakehiki.games.dhumbal.rules.melds import POINTS, total

TYPES = (0.0, 0.4, 0.7, 0.9)  # the Show confidences a seat may have
PRIOR = (0.2, 0.15, 0.45, 0.2)  # before any Show is seen: mostly ``normal`` (0.7)
BELOW_BAR = 0.15  # likelihood of a Show below the seat's bar (late in a round)


@dataclass(frozen=True)
class ShowSeen:
    """One Show a seat made: how likely to succeed it looked, and whether it did."""

    chance: float
    succeeded: bool


def values_without(hand: Sequence[Card], decks: int) -> Distribution:
    """The point-value distribution of the cards outside ``hand`` (what its holder could not see)."""
    counts = [0.0] * (MAX_POINTS + 1)
    for card in STANDARD_DECK:
        counts[POINTS[card.rank]] += decks
    for card in hand:
        counts[POINTS[card.rank]] -= 1
    size = sum(counts) or 1.0
    return [c / size for c in counts]


def show_chance_at(outcome: RoundOutcome, decks: int, caller_wins: bool) -> float:
    """Roughly the chance of success the caller saw when it Showed: each other hand, of its
    size at the Show, drawn from the cards outside the caller's hand, totals more than the
    caller's (or as much, with ``caller_wins``).  It ignores the discards the caller had seen."""
    assert outcome.caller is not None
    mine = outcome.hands[outcome.caller]
    values = values_without(mine, decks)
    cut = total(mine) if caller_wins else total(mine) + 1
    chance = 1.0
    for seat, hand in enumerate(outcome.hands):
        if seat != outcome.caller:
            chance *= sum(sum_distribution(values, len(hand))[max(cut, 0):])
    return chance


def shows_seen(view: DhumbalView, seat: int) -> list[ShowSeen]:
    """Every Show ``seat`` made in the finished rounds of the match."""
    caller_wins = view.show_tie == "caller_wins"
    return [
        ShowSeen(show_chance_at(o, view.decks, caller_wins), o.added[seat] == 0)
        for o in view.outcomes
        if o.caller == seat and o.hands
    ]


def likelihood(confidence: float, chance: float) -> float:
    """How likely a seat with this ``confidence`` was to Show at this ``chance``."""
    return 1.0 if chance >= confidence else BELOW_BAR


def posterior(shows: Sequence[ShowSeen]) -> tuple[float, ...]:
    """The weight of each of :data:`TYPES` given a seat's Shows (:data:`PRIOR` with none)."""
    weights = list(PRIOR)
    for show in shows:
        weights = [w * likelihood(c, show.chance) for w, c in zip(weights, TYPES, strict=True)]
    size = sum(weights)
    return tuple(w / size for w in weights)


@dataclass(frozen=True)
class OpponentModel:
    """The Show confidence of every seat, as weights over :data:`TYPES` (``None``: the reader's own seat)."""

    weights: tuple[tuple[float, ...] | None, ...]

    @classmethod
    def read(cls, view: DhumbalView) -> OpponentModel:
        return cls(tuple(
            None if seat == view.seat else posterior(shows_seen(view, seat))
            for seat in range(len(view.hand_sizes))
        ))

    def expected_confidence(self, seat: int) -> float:
        weights = self.weights[seat]
        assert weights is not None
        return sum(w * c for w, c in zip(weights, TYPES, strict=True))

    def draw(self, seat: int, rng: random.Random) -> float:
        """A confidence for ``seat`` drawn from its weights (one per dealt world)."""
        weights = self.weights[seat]
        assert weights is not None
        return rng.choices(TYPES, weights)[0]
