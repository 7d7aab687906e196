"""The heuristic Million Doubt bot (``heuristic``).

It sees only its view.  It decides on whole plays (:class:`Lay`) and makes the chosen one
an action at a time (``show``, ``play``, ``hide``); it keeps nothing between calls, so each
later step decides again among the plays that go on from the cards already shown, which
finds the same play (its choice among them is the same minimum).  On its turn it goes out when it can, otherwise sheds
its weakest cards in the largest honest play, keeping jokers and 2s (3s under a
reversed order) for later while its hand is long.  When its honest plays are weak (none, or only
strong cards) it bluffs face down with its weakest cards, unless being caught
could burst it; now and then it lays an honest play partly face down as bait.
It doubts from card counting and from the public record: it deals the unseen cards
many times and asks how often the player could have made the claim true, takes the
player to lie otherwise and, when it could have told the truth, as often as its plays
turned up so far were lies (``million_doubt_model``: priors for a seat not seen yet),
and weighs the cards it stands to give or take (and a burst) against each other.  As the winner of a
doubt it gives the loser the weak cards (keeping strong ones out of play), or
everything when that bursts the loser.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.million_doubt import Done, Doubt, Give, Lay, MillionDoubtView, Pass
from kakehiki.games.million_doubt.bots.model import chance_of_lie, worth_calling
from kakehiki.games.million_doubt.rules.actions import HIDE, PASS
from kakehiki.games.million_doubt.rules.lays import FieldKey, lays
from kakehiki.games.million_doubt.rules.match import full_deck
from kakehiki.games.million_doubt.rules.plays import (
    Visible,
    card_key,
    completions,
    legal_on,
    strength,
    visible,
)

SAMPLES = 16  # deals of the unseen cards per doubt decision
SHED = 1.0  # how much shedding one more card is worth, against the value of the cards played
HOLD_UNTIL = 3  # with more cards than this, jokers and 2s are kept for later
BLUFF_WHEN_WEAK = 0.3  # chance to bluff when no honest play is worth making
BAIT = 0.3  # chance to lay a multi-card honest play partly face down


def value(card: Card, reversed_order: bool) -> float:
    """How much a card is worth keeping: 0 for the weakest rank … 1 for the strongest; jokers 1.5."""
    if card.is_joker:
        return 1.5
    level = strength(card.rank) / 12
    worth = 1 - level if reversed_order else level
    return worth + (0.3 if card.rank == 8 else 0.0)  # an 8 takes the lead back


def cost(cards: Sequence[Card], reversed_order: bool) -> float:
    return sum(value(c, reversed_order) for c in cards)


def binding_of(view: MillionDoubtView, before_last: bool = False) -> Visible | None:
    plays = view.field[:-1] if before_last else view.field
    for play in reversed(plays):
        if play.up:
            return visible(play.up, len(play.down), play.revolution)
    return None


def view_key(view: MillionDoubtView) -> FieldKey:
    """What a play is judged against, as the seat sees the field."""
    return binding_of(view), frozenset(view.lock) or None, view.reversed_order, view.spade3_beats_joker


def view_lays(view: MillionDoubtView) -> tuple[Lay, ...]:
    """Every whole play this seat may make now, whatever it has shown so far."""
    return lays(view.hand or (), view_key(view), view.face_down)


Choice = Lay | Pass  # what the bot decides on its turn: a whole play, or a pass


class MillionDoubtHeuristicBot:
    name = "heuristic"
    doubt_samples = SAMPLES  # deals of the unseen cards behind each doubt estimate

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "give":
            return self._give(view, legal)
        if view.phase == "doubt":
            return Doubt() if self._should_doubt(view, rng) else Pass()
        if view.phase == "hide":
            assert view.claim is not None
            return HIDE[self.hide_choice(view, *view.claim, named=view.hiding)[len(view.hiding)]]
        options = [lay for lay in view_lays(view) if lay.starts_with(view.laying)]
        choice = self.decide(view, options, PASS in legal, rng)
        if isinstance(choice, Pass):
            return choice
        return choice.next_step(view.laying)

    # -- the turn -----------------------------------------------------------------------------------
    def decide(self, view: MillionDoubtView, options: Sequence[Lay], can_pass: bool, rng: random.Random) -> Choice:
        """The play to make (or a pass) among ``options``, the whole plays open to it."""
        hand = view.hand or ()
        rev = view.reversed_order
        honest = [a for a in options if not a.hidden]
        for play in honest:
            if len(play.up) == len(hand):
                return play  # going out
        best = min(honest, key=lambda a: (cost(a.up, rev) - SHED * len(a.up), str(a)), default=None)
        if best is not None and not self._too_strong(view, best, len(hand)):
            if len(best.up) > 1 and rng.random() < BAIT:
                bait = Lay(best.up[:1], len(best.up) - 1)  # the same cards, all but one face down
                if bait in options:
                    return bait
            return best
        bluff = self._bluff(view, options, rng)
        if bluff is not None:
            return bluff
        if best is not None and not view.field:
            return best
        if can_pass:
            return PASS
        return best or next((a for a in options if a.hidden), options[0])

    @staticmethod
    def _too_strong(view: MillionDoubtView, play: Lay, hand_size: int) -> bool:
        """Worth keeping for later: only strong cards (jokers, 2s) while the hand is still long."""
        return bool(view.field) and hand_size > HOLD_UNTIL and cost(play.up, view.reversed_order) / len(play.up) > 1

    def _bluff(self, view: MillionDoubtView, options: Sequence[Lay], rng: random.Random) -> Lay | None:
        """A face-down play of weak cards, when being caught cannot burst us."""
        hand = view.hand or ()
        field_cards = sum(len(p.up) + len(p.down) for p in view.field)
        announced = [a for a in options if a.hidden and not a.revolution]
        if not view.field:
            announced = [a for a in announced if len(a.up) + a.hidden <= 2]
        room = len(hand) + field_cards + 1 < view.burst_at  # caught, we take at most the field back
        safe = [a for a in announced if room and len(a.up) + a.hidden < len(hand)]
        if not safe or rng.random() >= BLUFF_WHEN_WEAK:
            return None
        rev = view.reversed_order
        return min(safe, key=lambda a: (cost(a.up, rev) - 0.2 * (len(a.up) + a.hidden), str(a)))

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        """The face-down cards for a play showing ``up`` (in hand order): the cheapest, preferring a
        true claim unless the truth costs much more.  The same set at every step of naming them;
        should ``named`` (those named so far) not begin it, the best set that goes on from them."""
        rest = list(view.hand or ())
        for card in up + named:
            rest.remove(card)
        if named:
            rest = [c for c in rest if card_key(c) >= card_key(named[-1])]
        rev = view.reversed_order
        binding, lock = binding_of(view), (frozenset(view.lock) or None)
        field_cards = sum(len(p.up) + len(p.down) for p in view.field)
        bonus = 0.8 + 0.2 * field_cards

        def utility(cards: tuple[Card, ...]) -> tuple[float, str]:
            truthful = legal_on(visible(up + cards, 0, revolution), binding, lock, rev, view.spade3_beats_joker)
            return -cost(cards, rev) + (bonus if truthful else 0.0), " ".join(["hide", *map(str, cards)])

        return max((named + c for c in dict.fromkeys(combinations(rest, hidden - len(named)))), key=utility)

    # -- doubting -----------------------------------------------------------------------------------
    def _should_doubt(self, view: MillionDoubtView, rng: random.Random) -> bool:
        """Doubt when it pays (:func:`~kakehiki.games.million_doubt.bots.model.worth_calling`), the chance of
        a lie coming from the count and from what the table has seen the player do."""
        if not view.field[-1].down:
            return False
        lie = chance_of_lie(view, chance_honest_possible(view, rng, self.doubt_samples))
        return worth_calling(view, lie)

    # -- the penalty --------------------------------------------------------------------------------
    def _give(self, view: MillionDoubtView, legal: Sequence[Action]) -> Action:
        receiver = view.caller if view.truthful else view.doubted
        rev = view.reversed_order
        gives = sorted((a for a in legal if isinstance(a, Give)), key=lambda a: (value(a.card, rev), str(a)))
        if view.hand_sizes[receiver] + len(view.given) + len(view.pool) >= view.burst_at:
            return gives[0]  # everything: a burst
        weak = [a for a in gives if value(a.card, rev) < 0.6]
        if weak:
            return weak[0]
        return Done() if Done() in legal else gives[0]


def chance_honest_possible(view: MillionDoubtView, rng: random.Random, samples: int) -> float:
    """How often a deal of the unseen cards gives the last player a way to make its claim true."""
    play = view.field[-1]
    shown = visible(play.up, len(play.down), play.revolution)
    binding = binding_of(view, before_last=True)
    lock = frozenset(view.lock) or None
    unseen = unseen_cards(view)
    size = view.hand_sizes[play.seat] + len(play.down)
    if size > len(unseen):
        return 1.0
    hits = 0
    for _ in range(samples):
        held = rng.sample(unseen, size)
        if any(legal_on(visible(play.up + fill, 0, play.revolution), binding, lock, view.reversed_order,
                        view.spade3_beats_joker) for fill in completions(shown, held, lock)):
            hits += 1
    return hits / samples


def unseen_cards(view: MillionDoubtView) -> list[Card]:
    """Every card this seat has not seen and that is not publicly placed: the pool the player's hand came from."""
    counts = Counter(full_deck())
    seen: list[Card] = [*(view.hand or ()), *view.gone, *view.own_gone_down, *view.pool, *view.given]
    for play in view.field:
        seen += play.up
        seen += [c for c in play.down if c is not None]
    for known in view.known:
        seen += known
    for card in seen:
        if counts[card]:
            counts[card] -= 1
    return sorted(counts.elements(), key=lambda c: c.index)


