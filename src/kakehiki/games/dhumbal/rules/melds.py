"""Card points and the shapes a discard may take (D1, D3).

>>> from kakehiki.cards import parse_cards
>>> [points(c) for c in parse_cards("SA S9 S10 SJ SQ SK")]
[1, 9, 10, 10, 10, 10]
>>> is_discard(parse_cards("HA H2 H3")), is_discard(parse_cards("SK SA S2")), is_discard(parse_cards("S10 H10"))
(True, False, True)
>>> [" ".join(map(str, d)) for d in discard_options(parse_cards("S4 S5 S6 H6"))]
['S4', 'S5', 'S6', 'H6', 'S6 H6', 'S4 S5 S6']
>>> [str(c) for c in continuations(parse_cards("S5 S6 H6 C6"), parse_cards("S4"))]
['S5']
>>> [str(c) for c in continuations(parse_cards("S4 S5 H6 C6"), parse_cards("S6"))], continuations([], [])
(['H6', 'C6'], [])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, pairwise

from kakehiki.cards import CARDS, Card

POINTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank: A=1 … 10, J Q K = 10 (D1)
MIN_SET, MIN_RUN = 2, 3
MAX_RANK = 13  # K: runs never wrap to the ace (D1)


def points(card: Card) -> int:
    return POINTS[card.rank]


def total(cards: Iterable[Card]) -> int:
    return sum(POINTS[c.rank] for c in cards)


def discard_key(card: Card) -> tuple[int, int]:
    """The order cards are written in a discard: by rank, then suit (S H D C)."""
    return card.rank, card.index


def is_set(cards: Sequence[Card]) -> bool:
    """Two or more cards of one rank (D3)."""
    return len(cards) >= MIN_SET and all(c.rank == cards[0].rank for c in cards)


def is_run(cards: Sequence[Card]) -> bool:
    """Three or more cards of one suit in consecutive ranks, A low only, no wrap (D1, D3)."""
    if len(cards) < MIN_RUN or any(c.suit != cards[0].suit for c in cards):
        return False
    ranks = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def is_discard(cards: Sequence[Card]) -> bool:
    """One card, a set of one rank or a run of one suit (D3)."""
    return len(cards) == 1 or is_set(cards) or is_run(cards)


def discard_options(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every discard the hand allows, each once (several decks may hold a card twice):
    singles in hand order, then sets by rank, then runs by suit."""
    singles = [(c,) for c in dict.fromkeys(hand)]
    return singles + _sets(hand) + _runs(hand)


def _sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    if len(by_rank) == len(hand):  # the usual case: no two cards of one rank
        return []
    found: dict[tuple[Card, ...], None] = {}
    for rank in sorted(by_rank):
        if len(by_rank[rank]) < MIN_SET:
            continue
        group = sorted(by_rank[rank], key=discard_key)
        for size in range(MIN_SET, len(group) + 1):
            for combo in combinations(group, size):
                found[combo] = None
    return list(found)


def _runs(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    by_suit: dict[str, dict[int, Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, {})[card.rank] = card
    runs: list[tuple[Card, ...]] = []
    for suit in ("S", "H", "D", "C"):
        ranks = by_suit.get(suit, {})
        if len(ranks) < MIN_RUN:
            continue
        for start in sorted(ranks):
            end = start
            while end + 1 in ranks:
                end += 1
                if end - start + 1 >= MIN_RUN:
                    runs.append(tuple(ranks[r] for r in range(start, end + 1)))
    return runs


def continuations(hand: Sequence[Card], pending: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` (sorted by card index) that may follow ``pending``, the cards of a
    discard put down so far in written order, each once and by card index (D3).

    ``pending`` is a prefix of some discard of ``hand`` + ``pending`` (the steps never leave
    it otherwise).  After one card: the same card again (several decks), a card of its rank
    from a later suit, or the next rank of its suit if the one after that is held too; after a
    set's cards, more of its rank; after a run's, the next rank of its suit.  By card index
    that is: the same card, the next rank of the suit, then the later suits' cards of the rank.
    """
    if not pending:
        return []
    first, last = pending[0], pending[-1]
    rank, done = last.rank, len(pending)
    as_set = first.rank == rank
    found: list[Card] = []
    if as_set and last in hand:
        found.append(last)
    if first.suit == last.suit and rank - first.rank == done - 1 and rank < MAX_RANK:
        after = CARDS[last.index + 1]  # the next rank of the suit
        if after in hand and (done > 1 or (rank + 1 < MAX_RANK and CARDS[last.index + 2] in hand)):
            found.append(after)
    if as_set:
        found.extend(dict.fromkeys(c for c in hand if c.rank == rank and c.index > last.index))
    return found
