"""Small pieces every Doubt bot uses: what makes a claim true, a hypergeometric tail, the steps
of a chosen play, and the card a seat will be asked for last."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.doubt import DoubtView, next_step

# With piles taken unseen (B5) hands are no random draw: a seat keeps the ranks it will be asked
# soon and bluffs with the others, and cards seen going in leave unseen.  Claims a uniform count
# gives 0-20% are true about half the time (``count``, 4 seats, seeds 0-2): read them so.
UNSEEN_FLOOR = 0.5


def calibrated(view: DoubtView, could: float) -> float:
    """The chance a claim could be true, from a count that takes the unseen cards to be dealt at
    random: as it is with ``show_pile``, else at least :data:`UNSEEN_FLOOR`."""
    return could if view.options.show_pile else UNSEEN_FLOOR + (1 - UNSEEN_FLOOR) * could


def good(card: Card, rank: int) -> bool:
    """A card that makes a claim of ``rank`` true: that rank, or a joker (B7)."""
    return card.rank == rank or card.is_joker


def tail(pool: int, hits: int, draws: int, need: int) -> float:
    """P(at least ``need`` of ``hits`` marked cards among ``draws`` drawn from ``pool``): a hypergeometric tail."""
    if need <= 0:
        return 1.0
    draws = max(0, min(draws, pool))
    hits = max(0, min(hits, pool))
    total = comb(pool, draws)
    if total == 0:
        return 0.0
    return sum(comb(hits, k) * comb(pool - hits, draws - k) for k in range(need, min(hits, draws) + 1)) / total


def follow(cards: Sequence[Card], picked: Sequence[Card], legal: Sequence[Action]) -> Action:
    """The next step of the play of ``cards`` with ``picked`` set aside already (``add`` each card
    but the last in card order, then ``play`` the last); if that play cannot be reached from
    ``picked`` (a random step came between), the first legal action: the lowest card to finish with."""
    step = next_step(cards, picked)
    return step if step is not None and step in legal else legal[0]


def least_needed(view: DoubtView, cards: list[Card]) -> Card:
    """The card whose rank this seat will be asked for last (copies it must play one by one wait
    a whole cycle each): the bluff that costs it least."""
    players = len(view.hand_sizes) - len(view.forfeited)
    held: dict[int, int] = {}
    for card in view.hand or ():
        held[card.rank] = held.get(card.rank, 0) + 1
    most = view.options.max_cards_per_play

    def wait(card: Card) -> int:
        turns = next((k for k in range(1, 14) if (view.rank - 1 + k * players) % 13 + 1 == card.rank), 13)
        return turns + (-(-held.get(card.rank, 1) // most) - 1) * 13

    return max(cards, key=lambda c: (wait(c), c.index))
