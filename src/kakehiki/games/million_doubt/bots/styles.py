"""Million Doubt's style bots (the gauntlet, issue 19; see ``styles.py``).

Each changes one habit of the ``heuristic`` bot (``normal``) and keeps the rest:

* ``lie``: every play it can lay face down goes face down wholly (the fewest cards that can make
  a false claim: a single on a free field is always true, a pair need not be), its face-down
  cards chosen so that the claim is false whenever some set of its cards makes it so;
* ``truth``: never lies when it can: no bluffs, and its face-down cards make the claim true
  whenever some set of its cards does;
* ``all-down``: every play wholly face down, its weakest cards hidden, true or not;
* ``no-down``: never lays a card face down: its best honest play face up, or a pass;
* ``lowest``: the honest face-up play of its weakest cards (fewest cards first), or a pass;
* ``doubt-all`` / ``doubt-never`` / ``doubt-half``: every play with a face-down card doubted /
  none / each with probability one half;
* ``switch``: lays every play wholly face down and true (the heuristic's honest play, hidden)
  until two of its face-down plays were doubted and shown true, then plays as ``lie`` (issue
  35): it games a read that trusts a seat's whole record alike.

Each sees only its view and draws only from the generator it is handed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.million_doubt import Doubt, Lay, MillionDoubtView, Pass
from kakehiki.games.million_doubt.bots.heuristic import Choice, MillionDoubtHeuristicBot, binding_of, value
from kakehiki.games.million_doubt.bots.model import habits_of
from kakehiki.games.million_doubt.rules.actions import PASS
from kakehiki.games.million_doubt.rules.plays import card_key, legal_on, strength, visible

MAX_SETS = 4000  # face-down sets looked through for a false (or true) one at most


class DoubtStyle(MillionDoubtHeuristicBot):
    """The heuristic's play; a play with face-down cards doubted with probability ``chance``."""

    name = "doubt-style"
    chance = 0.0

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return Doubt() if view.field[-1].down and rng.random() < self.chance else Pass()
        return super().choose(view, legal, rng)


class DoubtAll(DoubtStyle):
    name = "doubt-all"
    chance = 1.0


class DoubtNever(DoubtStyle):
    name = "doubt-never"
    chance = 0.0


class DoubtHalf(DoubtStyle):
    name = "doubt-half"
    chance = 0.5


def _sets(view: MillionDoubtView, up: tuple[Card, ...], hidden: int,
          named: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """The face-down sets of ``hidden`` cards (in hand order) that go on from ``named``, weakest first."""
    rest = list(view.hand or ())
    for card in up + named:
        rest.remove(card)
    if named:
        rest = [c for c in rest if card_key(c) >= card_key(named[-1])]
    rev = view.reversed_order
    rest.sort(key=lambda c: (value(c, rev), c.index))
    found: list[tuple[Card, ...]] = []
    for combo in combinations(rest, hidden - len(named)):
        found.append(named + tuple(sorted(combo, key=card_key)))
        if len(found) >= MAX_SETS:
            break
    return found


def _true(view: MillionDoubtView, up: tuple[Card, ...], cards: tuple[Card, ...], revolution: bool) -> bool:
    lock = frozenset(view.lock) or None
    return legal_on(visible(up + cards, 0, revolution), binding_of(view), lock, view.reversed_order,
                    view.spade3_beats_joker)


class Liar(MillionDoubtHeuristicBot):
    """Lies whenever it can: wholly face-down plays with a false claim."""

    name = "lie"

    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        hand = view.hand or ()
        down = [a for a in options if a.hidden and not a.up and not a.revolution and a.hidden < len(hand)]
        down.sort(key=lambda a: (a.hidden, str(a)))
        false = (a for a in down if any(not _true(view, (), s, False) for s in _sets(view, (), a.hidden, ())))
        choice = next(false, down[0] if down else None)
        return choice if choice is not None else super().decide(view, options, can_pass, rng)

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        sets = _sets(view, up, hidden, named)
        return next((s for s in sets if not _true(view, up, s, revolution)), sets[0])


class Truthful(MillionDoubtHeuristicBot):
    """Never lies when it can: no bluffs, and true face-down cards whenever a true set exists."""

    name = "truth"

    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        honest = [a for a in options if not a.hidden or self._can_be_true(view, a)]
        return super().decide(view, honest or options, can_pass, rng)

    def _bluff(self, view: MillionDoubtView, options: Sequence[Lay], rng: random.Random) -> Lay | None:
        return None

    def _can_be_true(self, view: MillionDoubtView, lay: Lay) -> bool:
        return any(_true(view, lay.up, s, lay.revolution) for s in _sets(view, lay.up, lay.hidden, ()))

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        sets = _sets(view, up, hidden, named)
        return next((s for s in sets if _true(view, up, s, revolution)), sets[0])


class AllDown(MillionDoubtHeuristicBot):
    """Every play wholly face down (the heuristic's choice of how many cards), its weakest cards hidden."""

    name = "all-down"

    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        choice = super().decide(view, options, can_pass, rng)
        if isinstance(choice, Pass):
            return choice
        down = Lay((), len(choice.up) + choice.hidden, choice.revolution)
        return down if down in options else choice

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        return _sets(view, up, hidden, named)[0]


class NoDown(MillionDoubtHeuristicBot):
    """Never a card face down: the heuristic's honest play, or a pass."""

    name = "no-down"

    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        up = [a for a in options if not a.hidden]
        choice = super().decide(view, up or options, can_pass, rng)
        if isinstance(choice, Lay) and choice.hidden and up:
            return PASS if can_pass else up[0]
        return choice

    def _bluff(self, view: MillionDoubtView, options: Sequence[Lay], rng: random.Random) -> Lay | None:
        return None


class Lowest(MillionDoubtHeuristicBot):
    """The honest face-up play of its weakest cards, fewest first; a pass when it has none."""

    name = "lowest"

    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        up = [a for a in options if not a.hidden]
        if not up:
            return PASS if can_pass else options[0]
        rev = view.reversed_order

        def rank_of(card: Card) -> int:
            return 99 if card.is_joker else 12 - strength(card.rank) if rev else strength(card.rank)

        return min(up, key=lambda a: (max(map(rank_of, a.up)), len(a.up), str(a)))




class TrueDown(AllDown):
    """Every play wholly face down, as ``all-down``, but its face-down cards true whenever a true set exists."""

    name = "true-down"

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        sets = _sets(view, up, hidden, named)
        return next((s for s in sets if _true(view, up, s, revolution)), sets[0])


class Switcher:
    """True plays wholly face down until ``SHOWN_TRUE`` of its face-down plays were doubted and shown
    true (its public record), then ``lie`` for good: a seat that earns trust, then spends it."""

    name = "switch"
    SHOWN_TRUE = 2

    def __init__(self) -> None:
        self.truthful, self.liar = TrueDown(), Liar()

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.now(view).choose(view, legal, rng)

    def now(self, view: MillionDoubtView) -> MillionDoubtHeuristicBot:
        """The style it plays at this view: ``lie`` once its record shows enough truths turned up."""
        own = habits_of(view, view.seat if view.seat is not None else 0)
        shown_true = own.shown_doubted + own.blind_doubted - own.shown_lies - own.blind_lies
        return self.liar if shown_true >= self.SHOWN_TRUE else self.truthful
