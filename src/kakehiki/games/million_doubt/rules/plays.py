"""The Daifugo play model of Million Doubt (M2, M3, M5): shapes, jokers, readings, comparisons.

Pure functions over cards; no game state.  A play is described by what the table
sees of it (:class:`Visible`): its face-up natural cards, its face-up jokers, how
many cards lie face down, and whether a revolution was declared.  A face-up play
is simply a play with nothing face down.

A *reading* of a play is one way to see it as a valid Daifugo play: a shape
(single, group, stairs) and a level.  Levels are strength indices, 3 = 0 … K = 10,
A = 11, 2 = 12 (no wrap); a stair's level is its lowest card; :data:`TOP` is the
level of a play made only of face-up jokers (a lone joker, or the two jokers as a
pair), which beats everything in either order (M2).  Jokers mixed with natural
cards and face-down cards are wild: they may be read as any card that makes the
whole a valid play.  Readings only use what the play shows (M5): which other
cards exist elsewhere is not considered.

>>> legal_on(visible(parse_cards("H7 S7")), binding=visible(parse_cards("D5 C5")))
True
>>> legal_on(visible(parse_cards("H7 S7")), binding=visible(parse_cards("D5 C5")), reversed_order=True)
False
>>> legal_on(visible(parse_cards("S8"), hidden=2), binding=visible(parse_cards("H5"), hidden=2))  # M5 example
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

from kakehiki.cards import JOKER, SUITS, Card, parse_cards

SINGLE, GROUP, STAIRS = 1, 2, 3
SHAPE_NAMES: Final = {SINGLE: "single", GROUP: "group", STAIRS: "stairs"}
TOP: Final = 13  # the level of a play made only of face-up jokers
HIGHEST: Final = 12  # the level of a 2, the strongest natural rank
MAX_GROUP: Final = 4  # M2: groups are 2-4 cards
MIN_STAIRS: Final = 3
REVOLUTION_SIZE: Final = 4  # M3: four of one rank

Reading = tuple[int, int]  # (shape, level)
Lock = frozenset[str]


def strength(rank: int) -> int:
    """3 → 0, 4 → 1, … K → 10, A → 11, 2 → 12 (M2)."""
    return (rank - 3) % 13


def card_key(card: Card) -> tuple[int, int]:
    """Display order: by strength, then suit S H D C; jokers last."""
    if card.is_joker:
        return (TOP, 0)
    return (strength(card.rank), SUITS.index(card.suit))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


@dataclass(frozen=True, slots=True)
class Visible:
    """What everyone sees of a play: face-up naturals, face-up jokers, the face-down count,
    and a declared revolution (M4)."""

    naturals: tuple[Card, ...]
    jokers: int = 0
    hidden: int = 0
    revolution: bool = False

    @property
    def size(self) -> int:
        return len(self.naturals) + self.jokers + self.hidden

    @property
    def plain(self) -> bool:
        """Wholly face up and without jokers: its suits are known exactly (M3's suit lock)."""
        return not self.jokers and not self.hidden

    @property
    def face_up(self) -> bool:
        return not self.hidden

    def suits(self) -> Lock:
        return frozenset(c.suit for c in self.naturals)


def visible(up: Sequence[Card], hidden: int = 0, revolution: bool = False) -> Visible:
    """The visible part of a play whose face-up cards are ``up``."""
    return _visible(tuple(up), hidden, revolution)


@lru_cache(maxsize=1 << 16)
def _visible(up: tuple[Card, ...], hidden: int, revolution: bool) -> Visible:
    naturals = tuple(c for c in up if not c.is_joker)
    return Visible(naturals, len(up) - len(naturals), hidden, revolution)


# -- readings ----------------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def readings(play: Visible, lock: Lock | None = None) -> frozenset[Reading]:
    """Every (shape, level) the play can be read as, keeping to ``lock`` when one is in force.

    A declared revolution restricts the readings to a group of four (M4, M7).
    """
    size = play.size
    found: set[Reading] = set()
    if size == 1:
        found |= _single_readings(play, lock)
    if 2 <= size <= MAX_GROUP:
        found |= _group_readings(play, lock)
    if size >= MIN_STAIRS:
        found |= _stairs_readings(play, lock)
    if play.revolution:
        found = {r for r in found if r[0] == GROUP} if size == REVOLUTION_SIZE else set()
    return frozenset(found)


def _single_readings(play: Visible, lock: Lock | None) -> set[Reading]:
    if lock is not None and len(lock) != 1:
        return set()
    if play.naturals:
        card = play.naturals[0]
        return {(SINGLE, strength(card.rank))} if lock is None or card.suit in lock else set()
    if play.jokers:
        return {(SINGLE, TOP)}
    return {(SINGLE, level) for level in range(TOP + 1)}  # a face-down card may be any card, a joker too


def _group_readings(play: Visible, lock: Lock | None) -> set[Reading]:
    size = play.size
    if lock is not None and (len(lock) != size or not play.suits() <= lock):
        return set()
    ranks = {c.rank for c in play.naturals}
    if len(ranks) > 1:
        return set()
    if ranks:
        return {(GROUP, strength(ranks.pop()))}
    if play.jokers == size:  # the two jokers face up: the strongest pair (M2)
        return {(GROUP, TOP)}
    levels = {(GROUP, level) for level in range(HIGHEST + 1)}
    if size == 2:  # a face-down card beside a joker (or two face down) may be the other joker
        levels.add((GROUP, TOP))
    return levels


def _stairs_readings(play: Visible, lock: Lock | None) -> set[Reading]:
    size = play.size
    suits = play.suits()
    if len(suits) > 1 or size > HIGHEST + 1:
        return set()
    if lock is not None and (len(lock) != 1 or not suits <= lock):
        return set()
    levels = [strength(c.rank) for c in play.naturals]
    if len(set(levels)) != len(levels):
        return set()
    low = max(0, max(levels, default=0) - size + 1)
    high = min(min(levels, default=HIGHEST), HIGHEST - size + 1)
    return {(STAIRS, level) for level in range(low, high + 1)}


def may_be_spade3(play: Visible, lock: Lock | None = None) -> bool:
    """Whether the play can be read as the single spade 3 (``spade3_beats_joker``, M2)."""
    if play.size != 1 or (lock is not None and lock != frozenset("S")):
        return False
    if play.naturals:
        card = play.naturals[0]
        return card.suit == "S" and card.rank == 3
    return play.hidden == 1


# -- comparing --------------------------------------------------------------------------------------


def beats(level: int, other: int, reversed_order: bool) -> bool:
    """Whether a reading of ``level`` is strictly stronger than one of ``other`` of the same shape."""
    if other == TOP:
        return False
    if level == TOP:
        return True
    return level < other if reversed_order else level > other


@lru_cache(maxsize=1 << 17)
def legal_on(
    play: Visible,
    binding: Visible | None = None,
    lock: Lock | None = None,
    reversed_order: bool = False,
    spade3_beats_joker: bool = False,
) -> bool:
    """Whether some reading of ``play`` is a legal play on the field (M2, M3, M5).

    ``binding`` is the last play on the field that showed a face-up card (``None``:
    a free lead, where any valid shape will do).  The play must have the binding
    play's size and shape and beat *some* reading of it (the reader's favourable
    reading), keep to the suit lock, and, if it declares a revolution, be readable
    as a group of four.
    """
    mine = readings(play, lock)
    if not mine:
        return False
    if binding is None:
        return True
    if binding.size != play.size:
        return False
    for shape, other in readings(binding):
        if other == TOP and shape == SINGLE and spade3_beats_joker and may_be_spade3(play, lock):
            return True
        if any(s == shape and beats(level, other, reversed_order) for s, level in mine):
            return True
    return False


# -- what a face-up play does (M3) --------------------------------------------------------------------


def is_revolution(play: Visible) -> bool:
    """Four cards readable as one rank, wholly face up (jokers wild)."""
    return play.face_up and play.size == REVOLUTION_SIZE and any(s == GROUP for s, _ in readings(play))


def has_rank(play: Visible, rank: int) -> bool:
    """A face-up natural card of ``rank`` (8-cut: 8; 11-back: 11).  A joker standing in for one does not count."""
    return play.face_up and any(c.rank == rank for c in play.naturals)


def locks(play: Visible, previous: Visible | None) -> Lock | None:
    """The suit lock a play sets on ``previous`` (M3): both wholly face up without jokers, same suits.

    A play whose suits are not known exactly (a joker, a face-down card) sets no lock:
    the next reader takes the favourable reading.
    """
    if previous is None or not play.plain or not previous.plain:
        return None
    suits = play.suits()
    return suits if suits == previous.suits() else None


# -- enumerating ------------------------------------------------------------------------------------


def shaped_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct set of cards from ``hand`` that is a valid play of some shape (M2), sorted.

    Jokers are wild; the two jokers are identical cards, so sets are multisets.
    """
    found: set[tuple[Card, ...]] = set()
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = sort_cards({c for c in hand if not c.is_joker})
    found.update((c,) for c in naturals)
    if jokers:
        found.add((JOKER,))
    if jokers == 2:
        found.add((JOKER, JOKER))
    for rank_cards in _by(naturals, lambda c: c.rank):
        for count in range(1, min(len(rank_cards), MAX_GROUP) + 1):
            for combo in combinations(rank_cards, count):
                for extra in range(jokers + 1):
                    if 2 <= count + extra <= MAX_GROUP:
                        found.add(combo + (JOKER,) * extra)
    for suit_cards in _by(naturals, lambda c: c.suit):
        for combo in _stairs_subsets(suit_cards, jokers):
            gaps = _gaps(combo)
            for extra in range(gaps, jokers + 1):
                if len(combo) + extra >= MIN_STAIRS:
                    found.add(combo + (JOKER,) * extra)
    return sorted(found, key=lambda cards: (len(cards), [card_key(c) for c in cards]))


def _by(cards: Sequence[Card], key: Callable[[Card], object]) -> list[list[Card]]:
    groups: dict[object, list[Card]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card)
    return list(groups.values())


def _gaps(cards: Sequence[Card]) -> int:
    """Missing ranks between the lowest and highest of same-suit cards (sorted by strength)."""
    levels = [strength(c.rank) for c in cards]
    return levels[-1] - levels[0] + 1 - len(levels)


def _stairs_subsets(suit_cards: Sequence[Card], jokers: int) -> Iterator[tuple[Card, ...]]:
    """Subsets of one suit's cards (sorted by strength) with at most ``jokers`` missing ranks inside."""
    for count in range(1, len(suit_cards) + 1):
        for combo in combinations(suit_cards, count):
            if _gaps(combo) <= jokers:
                yield combo


def showable_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct set of cards that could be the face-up part of a play with face-down cards:
    nothing, cards of one rank (with jokers), or cards of one suit (with jokers) (M4)."""
    found: set[tuple[Card, ...]] = {()}
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = sort_cards({c for c in hand if not c.is_joker})
    for extra in range(1, jokers + 1):
        found.add((JOKER,) * extra)
    for rank_cards in _by(naturals, lambda c: c.rank):
        for count in range(1, min(len(rank_cards), MAX_GROUP - 1) + 1):
            for combo in combinations(rank_cards, count):
                found.update(combo + (JOKER,) * extra for extra in range(jokers + 1))
    for suit_cards in _by(naturals, lambda c: c.suit):
        for count in range(2, len(suit_cards) + 1):
            for combo in combinations(suit_cards, count):
                found.update(combo + (JOKER,) * extra for extra in range(jokers + 1))
    return sorted(found, key=lambda cards: (len(cards), [card_key(c) for c in cards]))


def completions(play: Visible, hand: Sequence[Card], lock: Lock | None = None) -> Iterator[tuple[Card, ...]]:
    """Sets of ``play.hidden`` cards from ``hand`` that turn what ``play`` shows into a valid play.

    At most one set per target (a rank for groups, a suit and lowest card for stairs), natural
    cards before jokers, suits kept to ``lock``: enough to tell whether a hand can make a claim
    true (check each with :func:`legal_on`) and to find a cheap way to.
    """
    need = play.hidden
    jokers = tuple(c for c in hand if c.is_joker)
    naturals = [c for c in hand if not c.is_joker and (lock is None or c.suit in lock)]
    seen: set[tuple[Card, ...]] = set()
    if play.size == 1:
        candidates: Iterable[tuple[Card, ...]] = ((c,) for c in (*naturals, *jokers[:1]))
    else:
        candidates = _group_fills(play, naturals, jokers, need) if play.size <= MAX_GROUP else ()
        if play.size >= MIN_STAIRS:
            candidates = (*candidates, *_stairs_fills(play, naturals, jokers, need))
    for cards in candidates:
        if len(cards) == need and cards not in seen:
            seen.add(cards)
            yield cards


def _group_fills(play: Visible, naturals: list[Card], jokers: tuple[Card, ...], need: int) -> list[tuple[Card, ...]]:
    ranks = {c.rank for c in play.naturals} or set(range(1, 14))
    fills = [tuple(jokers[:need])] if not play.naturals and len(jokers) >= need else []
    for rank in ranks:
        same = [c for c in naturals if c.rank == rank][:need]
        if len(same) + len(jokers) >= need:
            fills.append(tuple(same) + jokers[: need - len(same)])
    return fills


def _stairs_fills(play: Visible, naturals: list[Card], jokers: tuple[Card, ...], need: int) -> list[tuple[Card, ...]]:
    size = play.size
    shown = {strength(c.rank) for c in play.naturals}
    suits = play.suits() or set(SUITS)
    fills = []
    for suit in suits:
        by_level = {strength(c.rank): c for c in naturals if c.suit == suit}
        for low in range(HIGHEST - size + 2):
            window = range(low, low + size)
            if not shown <= set(window):
                continue
            found = tuple(by_level[level] for level in window if level in by_level and level not in shown)[:need]
            if len(found) + len(jokers) >= need:
                fills.append(found + jokers[: need - len(found)])
    return fills


def describe(play: Visible) -> str:
    """``S5 JK *2`` style text of what a play shows."""
    parts = [str(c) for c in sort_cards(play.naturals)] + ["JK"] * play.jokers
    if play.hidden:
        parts.append(f"*{play.hidden}")
    if play.revolution:
        parts.append("revolution")
    return " ".join(parts)


def parse_visible(text: str) -> Visible:
    """The inverse of :func:`describe` (tests and position files)."""
    words = text.split()
    revolution = bool(words) and words[-1].lower() == "revolution"
    if revolution:
        words = words[:-1]
    hidden = 0
    if words and words[-1].startswith("*"):
        hidden = int(words[-1][1:])
        words = words[:-1]
    return visible(parse_cards(" ".join(words)), hidden, revolution)
