"""Daifugo's plays (F2-F8): shapes, jokers as wildcards, levels, what beats what, and every play a hand holds.

Pure functions over face-up cards; no game state.  Levels are strength indices, 3 = 0 … K = 10,
A = 11, 2 = 12; :data:`TOP` is the level of a play of jokers only (a lone joker, two jokers as a
pair), which beats everything in either order (F2).  A stairs' level is its lowest card.  A play
with a joker among natural cards may be read in several ways; its seat takes the strongest
reading in the order in force (F3).

>>> sorted(readings(parse_cards("S5 S6 JK")))  # stairs 4-5-6 or 5-6-7: lowest level 1 or 2
[(3, 1), (3, 2)]
>>> sorted(readings(parse_cards("H7 D7")))  # a group of 7s
[(1, 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from kakehiki.cards import JOKER, SUITS, Card, parse_cards

GROUP, STAIRS, SINGLE = 1, 3, 0
SHAPE_NAMES: Final = {SINGLE: "single", GROUP: "group", STAIRS: "stairs"}
TOP: Final = 13
HIGHEST: Final = 12
MIN_STAIRS: Final = 3
REVOLUTION_GROUP: Final = 4  # F5: four or more of a kind
REVOLUTION_STAIRS: Final = 5  # F5 (option): stairs of five or more

Reading = tuple[int, int]  # (shape, level)
Lock = frozenset[str]
__all__ = [
    "GROUP", "SINGLE", "STAIRS", "TOP", "beats", "card_key", "describe", "has_rank", "is_revolution", "keeps_lock",
    "parse_cards", "readings", "shaped_sets", "sort_cards", "strength", "strongest", "suits_of",
]


def strength(rank: int) -> int:
    """3 → 0, 4 → 1, … K → 10, A → 11, 2 → 12 (F2)."""
    return (rank - 3) % 13


def card_key(card: Card) -> tuple[int, int]:
    """Hand order: weakest first by the normal order, then suit S H D C; jokers last."""
    return (TOP, 0) if card.is_joker else (strength(card.rank), SUITS.index(card.suit))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


@lru_cache(maxsize=1 << 16)
def readings(cards: tuple[Card, ...]) -> frozenset[Reading]:
    """Every (shape, level) the cards can be read as, jokers wild (F2).  A single is shape
    ``SINGLE``, two or more of a rank ``GROUP``, three or more of one suit in sequence ``STAIRS``."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if len(cards) == 1:
        return frozenset({(SINGLE, TOP if jokers else strength(naturals[0].rank))})
    found: set[Reading] = set()
    ranks = {c.rank for c in naturals}
    if not naturals:
        found.add((GROUP, TOP))
    elif len(ranks) == 1:
        found.add((GROUP, strength(naturals[0].rank)))
    size = len(cards)
    if naturals and size >= MIN_STAIRS and size <= HIGHEST + 1 and len({c.suit for c in naturals}) == 1:
        levels = sorted(strength(c.rank) for c in naturals)
        if len(set(levels)) == len(levels):
            low = max(0, levels[-1] - size + 1)
            high = min(levels[0], HIGHEST - size + 1)
            found.update((STAIRS, level) for level in range(low, high + 1))
    return frozenset(found)


def beats(level: int, other: int, reversed_order: bool) -> bool:
    """Whether a reading of ``level`` is strictly stronger than one of ``other`` of the same shape."""
    if other == TOP:
        return False
    if level == TOP:
        return True
    return level < other if reversed_order else level > other


def strongest(shape_levels: Iterable[int], reversed_order: bool) -> int:
    """The strongest of some levels in the order in force."""
    levels = list(shape_levels)
    if TOP in levels:
        return TOP
    return min(levels) if reversed_order else max(levels)


def keeps_lock(cards: Sequence[Card], shape: int, lock: Lock | None) -> bool:
    """Whether the cards can follow a suit lock (F7): their natural cards of the locked suits,
    a joker standing in for any locked suit."""
    if lock is None:
        return True
    suits = [c.suit for c in cards if not c.is_joker]
    if shape == STAIRS:
        return len(lock) == 1 and set(suits) <= lock
    return len(lock) == len(cards) and set(suits) <= lock and len(set(suits)) == len(suits)


def is_revolution(cards: Sequence[Card], shape: int, run_revolution: bool) -> bool:
    """Four or more of a kind, or (option) stairs of five or more (F5)."""
    if shape == GROUP:
        return len(cards) >= REVOLUTION_GROUP
    return shape == STAIRS and run_revolution and len(cards) >= REVOLUTION_STAIRS


def has_rank(cards: Sequence[Card], rank: int) -> bool:
    """A natural card of ``rank`` in the play (8-cut, 11-back): a joker standing in for one does not count."""
    return any(c.rank == rank and not c.is_joker for c in cards)


def suits_of(cards: Sequence[Card]) -> Lock | None:
    """The suits of a play without jokers (``None`` with a joker: its suits are not fixed)."""
    if any(c.is_joker for c in cards):
        return None
    return frozenset(c.suit for c in cards)


# -- every play a hand holds ---------------------------------------------------------------------


def shaped_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct multiset of cards from ``hand`` that is a valid play of some shape, each in
    hand order (:func:`sort_cards`), sorted by size then hand order."""
    return list(_shaped_sets(sort_cards(hand)))


@lru_cache(maxsize=1 << 14)
def _shaped_sets(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = [c for c in hand if not c.is_joker]
    found: set[tuple[Card, ...]] = {(c,) for c in naturals}
    found.update((JOKER,) * k for k in range(1, jokers + 1))
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        for count in range(1, len(cards) + 1):
            for combo in set(combinations(cards, count)):
                for extra in range(jokers + 1):
                    if count + extra >= 2:
                        found.add(combo + (JOKER,) * extra)
    for suit in SUITS:
        have = {strength(c.rank): c for c in naturals if c.suit == suit}
        if not have:
            continue
        for low in range(HIGHEST + 1):
            for high in range(low + MIN_STAIRS - 1, HIGHEST + 1):
                window = [have.get(level) for level in range(low, high + 1)]
                held = [c for c in window if c is not None]
                missing = len(window) - len(held)
                if missing > jokers or not held:
                    if missing > jokers:
                        break
                    continue
                spare = jokers - missing  # jokers that may stand in for held cards too
                for drop in range(min(spare, len(held) - 1) + 1):
                    for kept in combinations(held, len(held) - drop):
                        found.add(sort_cards(kept + (JOKER,) * (missing + drop)))
    return tuple(sorted((sort_cards(s) for s in found if readings(sort_cards(s))),
                        key=lambda s: (len(s), [card_key(c) for c in s])))


def describe(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in sort_cards(cards))
