"""Playing cards (RULINGS C1).

A card is one of 54 interned values: 52 suited cards and the joker ``JK``.
Several decks simply hold the same card more than once.  Cards are objects,
not strings: ``Card.parse("s4")`` gives the spade four and ``str()`` gives
back ``"S4"``.

>>> Card.parse("h12")
Card('HQ')
>>> str(Card.parse("c1")), str(Card.parse("S13"))
('CA', 'SK')
>>> [str(c) for c in sorted_cards(parse_cards("SK H3 S4"))]
['S4', 'SK', 'H3']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Final

from kakehiki.errors import NotationError, excerpt

SUITS: Final = ("S", "H", "D", "C")
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_ALIASES: Final = {"1": 1, "11": 11, "12": 12, "13": 13}
JOKER_INDEX: Final = 52


class Card:
    """One card face.  Use :meth:`parse` or :data:`CARDS`; never construct directly."""

    __slots__ = ("_text", "index", "rank", "suit")

    index: int
    suit: str  # "S" "H" "D" "C", or "" for the joker
    rank: int  # 1..13 (A..K); 0 for the joker
    _text: str

    def __init__(self, index: int) -> None:
        self.index = index
        if index == JOKER_INDEX:
            self.suit, self.rank, self._text = "", 0, "JK"
        else:
            self.suit = SUITS[index // 13]
            self.rank = index % 13 + 1
            self._text = self.suit + RANK_NAMES[self.rank - 1]

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER_INDEX

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Keep cards interned across pickling (worker processes).
        return (card_at, (self.index,))

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``S4``, ``h10``, ``DQ``, ``c1``, ``S13``, ``JK`` (case-insensitive)."""
        token = text.strip().upper()
        if token in ("JK", "JOKER"):
            return CARDS[JOKER_INDEX]
        if len(token) < 2 or token[0] not in SUITS:
            raise NotationError(f"not a card: {excerpt(text)} (expected suit S/H/D/C then rank, e.g. S4, H10, DQ)")
        suit, rank_text = token[0], token[1:]
        if rank_text in _RANK_ALIASES:
            rank = _RANK_ALIASES[rank_text]
        elif rank_text in RANK_NAMES:
            rank = RANK_NAMES.index(rank_text) + 1
        else:
            raise NotationError(f"not a card: {excerpt(text)} (unknown rank {excerpt(rank_text)})")
        return CARDS[SUITS.index(suit) * 13 + rank - 1]


LONGEST_CARD: Final = 5  # "JOKER": no card's text is longer


CARD_ORDER: Final[Callable[[Card], int]] = attrgetter("index")
"""The one card order of every game, as a sort key: suit S H D C, then rank A..K; the joker last."""


def without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards`` (a sub-multiset of it, checked by the caller)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def card_of(token: str) -> Card:
    """One card from its text, quoting at most a short excerpt of a bad one (C1)."""
    if len(token) > LONGEST_CARD:
        raise NotationError(f"not a card: {excerpt(token, 10)} (expected suit S/H/D/C then rank, e.g. S4, H10, DQ)")
    return Card.parse(token)


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(53))
JOKER: Final = CARDS[JOKER_INDEX]
STANDARD_DECK: Final[tuple[Card, ...]] = CARDS[:52]


def card_at(index: int) -> Card:
    return CARDS[index]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas."""
    return tuple(Card.parse(tok) for tok in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Sorted by suit (S H D C) then rank, jokers last."""
    return sorted(cards, key=lambda c: c.index)


def make_deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    return STANDARD_DECK * decks + (JOKER,) * jokers


def shuffled(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    pool = list(cards)
    rng.shuffle(pool)
    return tuple(pool)


def same_multiset(a: Iterable[Card], b: Iterable[Card]) -> bool:
    counts: dict[int, int] = {}
    for c in a:
        counts[c.index] = counts.get(c.index, 0) + 1
    for c in b:
        counts[c.index] = counts.get(c.index, 0) - 1
    return not any(counts.values())
