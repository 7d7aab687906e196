"""Whole plays (:class:`Lay`) and the tree of one-card actions that makes each of them.

The rules judge a play as a whole: its face-up cards, how many lie face down, a declared
revolution (M2-M5).  :func:`lays` lists every whole play a hand may make on a field; the
seat then makes it one card at a time (``show`` each face-up card in hand order, then
``play`` or ``play *N``), and :func:`tree` turns the list into what may follow each
sequence of cards shown, so no sequence offered leads nowhere.  Both are cached per hand
and field: the rollouts of a search meet the same ones again and again.

>>> from kakehiki.cards import parse_cards
>>> hand = sort_cards(parse_cards("S9 H9 JK"))
>>> key = (visible(parse_cards("D7 C7")), None, False, False)
>>> [str(lay) for lay in lays(hand, key, True)]
['play S9 H9', 'play S9 JK', 'play H9 JK', 'play *2', 'play S9 *1', 'play H9 *1', 'play JK *1']
>>> [str(a) for a in tree(hand, key, True)[()]]
['show S9', 'show H9', 'show JK', 'play *2']
>>> [str(a) for a in tree(hand, key, True)[parse_cards("S9")]]
['show H9', 'show JK', 'play *1']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kakehiki.cards import Card
from kakehiki.games.million_doubt.rules.actions import FACES, HIDE, SHOW, MillionDoubtAction, Play, Show, claim_of
from kakehiki.games.million_doubt.rules.plays import (
    REVOLUTION_SIZE,
    Lock,
    Visible,
    card_key,
    legal_on,
    shaped_sets,
    showable_sets,
    sort_cards,
    visible,
)

FieldKey = tuple[Visible | None, Lock | None, bool, bool]
"""What a play is judged against: the binding play, the lock, the order, the spade-3 option."""


@dataclass(frozen=True, slots=True)
class Lay:
    """A whole play as the table sees it: ``up`` face up (in hand order), ``hidden`` face down,
    a declared ``revolution``.  Not an action: :meth:`steps` are the actions that make it.

    Its text is version 1's one-action form (``play S5 *2``), which :func:`actions.legacy_actions`
    reads."""

    up: tuple[Card, ...]
    hidden: int = 0
    revolution: bool = False

    def __str__(self) -> str:
        parts = ["play", *map(str, self.up)]
        if self.hidden:
            parts.append(f"*{self.hidden}")
        if self.revolution:
            parts.append("revolution")
        return " ".join(parts)

    @property
    def size(self) -> int:
        return len(self.up) + self.hidden

    @property
    def shown(self) -> Visible:
        return visible(self.up, self.hidden, self.revolution)

    def steps(self, down: Sequence[Card] = ()) -> tuple[MillionDoubtAction, ...]:
        """The actions that make this play, its face-down cards being ``down``."""
        if len(down) != self.hidden:
            raise ValueError(f"{self} lays {self.hidden} card(s) face down, not {len(down)}")
        return (*(SHOW[c] for c in self.up), claim_of(self.hidden, self.revolution),
                *(HIDE[c] for c in sort_cards(down)))

    def next_step(self, laying: Sequence[Card]) -> MillionDoubtAction:
        """The action that goes on making this play once ``laying`` (a prefix of ``up``) is shown."""
        done = len(laying)
        return SHOW[self.up[done]] if done < len(self.up) else claim_of(self.hidden, self.revolution)

    def starts_with(self, laying: Sequence[Card]) -> bool:
        return self.up[: len(laying)] == tuple(laying)


def lay_of(up: Iterable[Card], hidden: int = 0, revolution: bool = False) -> Lay:
    """A play with its face-up cards in hand order."""
    return Lay(sort_cards(up), hidden, revolution)


# -- every whole play ----------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def lays(hand: tuple[Card, ...], key: FieldKey, face_down: bool) -> tuple[Lay, ...]:
    """Every play ``hand`` may make on the field ``key``: the valid face-up plays that beat it, then
    (with ``face_down``) every play with face-down cards that some reading could make legal (M4, M5)."""
    found = [Lay(cards) for cards in shaped_sets(hand) if legal_on(visible(cards), *key)]
    if face_down:
        found += announcements(key, hand)
    return tuple(found)


def announcements(key: FieldKey, hand: Sequence[Card]) -> list[Lay]:
    """Every play with face-down cards that some reading could make legal (M4, M5)."""
    binding = key[0]
    found: list[Lay] = []
    for up in showable_sets(hand):
        rest = len(hand) - len(up)
        counts = range(1, rest + 1) if binding is None else (binding.size - len(up),)
        for hidden in counts:
            if not 1 <= hidden <= rest:
                continue
            size = len(up) + hidden
            for revolution in (False, True) if size == REVOLUTION_SIZE else (False,):
                if legal_on(visible(up, hidden, revolution), *key):
                    found.append(Lay(up, hidden, revolution))
    return found


# -- the tree of one-card actions ----------------------------------------------------------------------

Tree = dict[tuple[Card, ...], tuple[MillionDoubtAction, ...]]

_FACE_ORDER = {c: i for i, c in enumerate(FACES)}


def _rank(action: MillionDoubtAction) -> tuple[int, int, int]:
    """Index order among turn actions: ``show`` by card, then ``play``, ``play *N`` by N, revolutions."""
    if isinstance(action, Show):
        return (0, _FACE_ORDER[action.card], 0)
    assert isinstance(action, Play)
    return (1, int(action.revolution), action.hidden)


@lru_cache(maxsize=1024)
def tree(hand: tuple[Card, ...], key: FieldKey, face_down: bool) -> Tree:
    """For every sequence of cards shown (in hand order) that some play starts with, the actions
    that may follow it, in index order: a next card to show, ``play``, ``play *N``."""
    children: dict[tuple[Card, ...], dict[MillionDoubtAction, None]] = {}
    for lay in lays(hand, key, face_down):
        up = lay.up
        for i in range(len(up)):
            children.setdefault(up[:i], {})[SHOW[up[i]]] = None
        children.setdefault(up, {})[claim_of(lay.hidden, lay.revolution)] = None
    return {prefix: tuple(sorted(after, key=_rank)) for prefix, after in children.items()}


def hide_choices(rest: Sequence[Card], hiding: Sequence[Card], hidden: int) -> tuple[Card, ...]:
    """The cards that may be named face down next, of ``hidden`` in all: those of ``rest`` (the hand
    less the face-up cards and less ``hiding``, those named already; in hand order) that come after
    the last one named, leaving enough after them to finish."""
    if hiding:
        last = card_key(hiding[-1])
        rest = [c for c in rest if card_key(c) >= last]
    need = hidden - len(hiding)
    return tuple(dict.fromkeys(rest[: len(rest) - need + 1]))


def forget() -> None:
    """Empty the caches (see ``bots/million_doubt_expert.forget_plays``)."""
    lays.cache_clear()
    tree.cache_clear()
