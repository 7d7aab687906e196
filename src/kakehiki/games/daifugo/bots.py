"""Daifugo's bots.  Each picks a whole play from its view, then makes it card by card.

``heuristic`` (levels easy, normal): the weakest play that may go on the field, as many cards as
it can; passes only when it has nothing.  ``expert`` (level hard): keeps its hand together —
leads its weakest group, stairs or single, never breaks a part while a whole one fits, answers a
play rather than pass (with weak parts first, then one nobody can beat), and in the endgame plays
so that its last play is one it can always make.  Style bots: ``lowest`` (one card at a time,
weakest), ``shed-high`` (strongest play), ``greedy`` (as many cards as it can).  In the exchange
all give their weakest cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kakehiki.cards import JOKER, STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.games.daifugo.rules.game import fits_on
from kakehiki.games.daifugo.rules.model import PASS, PLAY, DaifugoView, Give, Show
from kakehiki.games.daifugo.rules.plays import TOP, card_key, has_rank, readings, shaped_sets, sort_cards, strength

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


def partition(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The hand as few plays: each rank's cards as one group, runs of three or more of one suit
    among the cards left as stairs, the rest (jokers too) as singles."""
    naturals = [c for c in hand if not c.is_joker]
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    parts = [tuple(cards) for cards in by_rank.values() if len(cards) >= 2]
    loose = sort_cards(c for cards in by_rank.values() if len(cards) == 1 for c in cards)
    for suit in "SHDC":
        run: list[Card] = []
        for card in [c for c in loose if c.suit == suit] + [JOKER]:
            if run and not card.is_joker and strength(card.rank) == strength(run[-1].rank) + 1:
                run.append(card)
                continue
            if len(run) >= 3:
                parts.append(tuple(run))
                loose = tuple(c for c in loose if c not in run)
            run = [card] if not card.is_joker else []
    parts += [(c,) for c in loose] + [(c,) for c in hand if c.is_joker]
    return [sort_cards(p) for p in parts]


def unseen(view: DaifugoView) -> list[Card]:
    """Cards the seat has not seen: neither in its hand nor played (one deck's worth per deck)."""
    assert view.hand is not None
    total = sum(view.hand_sizes) + len(view.gone)  # every card is dealt: the game's whole deck
    decks = 2 if total > 54 else 1
    left = [*(c for c in sort_cards(STANDARD_DECK) for _ in range(decks)), *([JOKER] * max(0, total - 52 * decks))]
    for card in [*view.hand, *view.gone]:
        if card in left:
            left.remove(card)
    return left


def masters(play: tuple[Card, ...], view: DaifugoView, rest: list[Card]) -> bool:
    """Whether nobody can beat ``play`` (an 8-cut, or no stronger play among the unseen cards)."""
    rev = _rev(view)
    if has_rank(play, 8):
        return True
    reading = fits_on(play, None, None, False, rev, view.spade3)
    if reading is None:
        return False
    shape, level = reading
    last = (play, shape, level)
    return not any(fits_on(p, last, None, False, rev, view.spade3) for p in shaped_sets(rest) if len(p) == len(play))


class DaifugoExpertBot(_Bot):
    """The hard level: see the module's docstring."""

    name = "expert"

    def pick(self, view: DaifugoView, plays: list[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        assert view.hand is not None
        hand, rev = view.hand, _rev(view)
        if not plays:
            return None
        clean = [p for p in plays if len(p) == len(hand) and not _foul(p, view)]
        if clean:
            return clean[0]
        parts = partition(hand)
        rest = unseen(view)
        whole = [p for p in plays if p in parts]
        control = [p for p in whole if masters(p, view, rest)]
        foul_last = [p for p in parts if _foul(p, view)]
        if not view.field:
            if control and (len(parts) <= 2 + len(control) or len(parts) - len(foul_last) <= 1):
                return min(control, key=lambda p: weakness(p, rev))
            lead = [p for p in whole if p not in control] or whole or plays
            return min(lead, key=lambda p: (weakness(p, rev), -len(p)))
        return follow(plays, whole, control, rev)


def follow(plays: list[tuple[Card, ...]], whole: list[tuple[Card, ...]], control: list[tuple[Card, ...]],
           rev: bool) -> tuple[Card, ...]:
    """The expert's answer to a play on the field: it never passes while a play fits, since a pass
    hands the trick and the next lead away (measured: holding strong cards back lost to ``shed-high``).
    Its weakest whole part without strong cards; else a whole part, one nobody can beat first (it
    keeps the lead); else its weakest play, breaking a part."""
    soft = [p for p in whole if not any(_strong(c, rev) for c in p)]
    if soft:
        return min(soft, key=lambda p: weakness(p, rev))
    if whole:
        return min(whole, key=lambda p: (p not in control, weakness(p, rev)))
    return min(plays, key=lambda p: weakness(p, rev))


def _foul(play: tuple[Card, ...], view: DaifugoView) -> bool:
    """Whether going out on ``play`` would be a foul finish under the common rules (F8)."""
    return any(c.is_joker for c in play) or has_rank(play, 8) or (
        has_rank(play, 2) and not view.revolution) or (has_rank(play, 3) and view.revolution)


__all__ = ["DaifugoExpertBot", "DaifugoHeuristicBot", "Greedy", "Highest", "Lowest", "readings"]
