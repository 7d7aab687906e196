"""Daifugo's bots.  Each picks a whole play from its view, then makes it card by card.

``heuristic`` (levels easy, normal): the weakest play that may go on the field, as many cards as
it can; passes only when it has nothing.  ``expert`` (level hard): keeps its hand together —
never breaks a group or stairs for a weaker single, holds jokers, 2s and 8s back while the hand
is long, leads what it has most of, and in the endgame plays so that its last play is one it
can always make.  Style bots: ``lowest`` (one card at a time, weakest), ``shed-high`` (strongest
play), ``greedy`` (as many cards as it can).  In the exchange all give their weakest cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.cards import JOKER, Card
from kakehiki.core import Action
from kakehiki.games.daifugo.game import fits_on
from kakehiki.games.daifugo.plays import TOP, card_key, has_rank, readings, shaped_sets, strength
from kakehiki.games.daifugo.rules import PASS, PLAY, DaifugoView, Give, Show

Chooser = Callable[[DaifugoView, list[tuple[Card, ...]]], tuple[Card, ...] | None]


def playable(view: DaifugoView) -> list[tuple[Card, ...]]:
    """Every play of the view's hand that may go on the field now."""
    assert view.hand is not None
    last = None
    if view.field and view.top is not None:
        last = (view.field[-1][1], view.top[0], view.top[1])
    rev = view.revolution != view.eleven_back
    lock = frozenset(view.lock) if view.lock else None
    return [p for p in shaped_sets(view.hand) if fits_on(p, last, lock, view.strict, rev, view.spade3) is not None]


def weakness(cards: Sequence[Card], reversed_order: bool) -> int:
    """How weak a play's cards are in the order in force (low: weak)."""
    levels = [TOP if c.is_joker else strength(c.rank) for c in cards]
    worst = min(levels) if not reversed_order else -max(lv for lv in levels if lv != TOP) if any(
        lv != TOP for lv in levels) else TOP
    return worst


def step_towards(view: DaifugoView, legal: Sequence[Action], target: tuple[Card, ...] | None) -> Action:
    """The next step of ``target`` (``None``: pass), falling back on the first legal step."""
    if target is None:
        return PASS if PASS in legal else legal[-1]
    k = len(view.laying)
    if tuple(target[:k]) == view.laying:
        step: Action = PLAY if k == len(target) else Show(target[k])
        if step in legal:
            return step
    return PLAY if PLAY in legal else next((a for a in legal if isinstance(a, Show)), legal[0])


def give_weakest(view: DaifugoView, legal: Sequence[Action]) -> Action:
    return min((a for a in legal if isinstance(a, Give)), key=lambda a: card_key(a.card))


class _Bot:
    name = "daifugo"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        raise NotImplementedError

    def choose(self, view: DaifugoView, legal: Sequence[Action], rng: random.Random) -> Action:
        if any(isinstance(a, Give) for a in legal):
            return give_weakest(view, legal)
        plays = playable(view)
        if view.laying:
            plays = [p for p in plays if p[:len(view.laying)] == view.laying]
        return step_towards(view, legal, self.pick(view, plays) if plays else None)


def _rev(view: DaifugoView) -> bool:
    return view.revolution != view.eleven_back


class DaifugoHeuristicBot(_Bot):
    name = "heuristic"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        return min(plays, key=lambda p: (weakness(p, _rev(view)), p.count(JOKER), -len(p)))


class Lowest(_Bot):
    name = "lowest"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        return min(plays, key=lambda p: (len(p), weakness(p, _rev(view))))


class Highest(_Bot):
    name = "shed-high"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        return max(plays, key=lambda p: (weakness(p, _rev(view)), len(p)))


class Greedy(_Bot):
    name = "greedy"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        return min(plays, key=lambda p: (-len(p), weakness(p, _rev(view))))


def _strong(card: Card, reversed_order: bool) -> bool:
    if card.is_joker or card.rank == 8:
        return True
    return strength(card.rank) <= 1 if reversed_order else strength(card.rank) >= 11


class DaifugoExpertBot(_Bot):
    """The hard level: see the module's docstring."""

    name = "expert"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        assert view.hand is not None
        hand, rev = view.hand, _rev(view)
        if len(plays) == 0:
            return None
        finishing = [p for p in plays if len(p) == len(hand) and not _foul(p, view)]
        if finishing:
            return finishing[0]
        shapes = shaped_sets(hand)
        # a play that leaves a hand whose weakest remaining card set is small scores well
        def cost(p: tuple[Card, ...]) -> tuple[int, ...]:
            left = list(hand)
            for c in p:
                left.remove(c)
            breaks = sum(1 for s in shapes if len(s) > 1 and any(c in s for c in p) and not set(s) <= set(p)
                         and not any(c.is_joker for c in s))
            strong = sum(1 for c in p if _strong(c, rev))
            keep_strong = strong if len(hand) > 4 else 0
            return (keep_strong, breaks, weakness(p, rev), -len(p))
        if not view.field:
            return min(plays, key=cost)
        best = min(plays, key=cost)
        strong = sum(1 for c in best if _strong(c, rev))
        others_short = any(n <= 2 for s, n in enumerate(view.hand_sizes) if s != view.seat and view.active[s])
        if strong and len(hand) > 5 and not others_short and len(best) < len(hand):
            return None  # not worth a strong card yet
        return best


def _foul(play: tuple[Card, ...], view: DaifugoView) -> bool:
    return any(c.is_joker for c in play) or has_rank(play, 8) or (
        has_rank(play, 2) and not view.revolution) or (has_rank(play, 3) and view.revolution)


def expert() -> Any:
    return DaifugoExpertBot()


__all__ = ["DaifugoExpertBot", "DaifugoHeuristicBot", "Greedy", "Highest", "Lowest", "expert", "readings"]
