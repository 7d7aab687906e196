"""Doubt bots: ``count`` (card counting) and ``honest`` (a simple baseline).

``count`` sees only its view.  For a play it may doubt, it counts the cards of the
claimed rank (and jokers) it can place outside the player's hand — its own hand,
the plays it made and the plays turned up in the pile, the discard, and the cards
other seats certainly hold — and so

* calls every lie it can prove (too few such cards left for the claim);
* otherwise estimates the chance the player could make the claim true (see
  :func:`claim_odds`), times how honest that seat has shown itself so far (a
  Bayesian estimate from its plays turned up, :class:`~kakehiki.games.doubt.bots.model.Honesty`),
  counts big claims as seldom bluffs, and calls when the expected gain beats the expected
  cost of the penalty in force;
* plays the truth whenever it can, bluffs with the card it will need last when it
  must, and adds a bluff card to an honest play when the seats offered it are seldom
  seen doubting (the public record);
* at two seats, against a seat seen doubting true plays too, plans its end game
  (:mod:`~kakehiki.games.doubt.bots.endgame`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.doubt import DOUBT, PASS, DoubtView
from kakehiki.games.doubt.bots.basics import calibrated
from kakehiki.games.doubt.bots.basics import follow as follow  # re-exported: styles and tests import them from here
from kakehiki.games.doubt.bots.basics import good as good
from kakehiki.games.doubt.bots.basics import least_needed as least_needed
from kakehiki.games.doubt.bots.basics import tail as tail
from kakehiki.games.doubt.bots.endgame import against_eager_doubter, answer_eager_doubter
from kakehiki.games.doubt.bots.model import Honesty, doubt_rate, habits_of
from kakehiki.games.doubt.rules.state import offered


@dataclass(frozen=True)
class Odds:
    """What a seat can work out about the last play from its view."""

    possible: bool  # could the claim be true at all?
    truth: float  # chance the player held enough cards for the claim


STILL_HELD = 0.8  # chance a card seen going into a hand, not certainly still there, still is


def claim_odds(view: DoubtView) -> Odds:
    """Count the claimed rank (and jokers) against everything this seat has seen.

    Whether the claim is possible at all is counted strictly.  The chance of the truth is an
    estimate: cards seen going into a hand are probably still there (``STILL_HELD`` each),
    face-down plays of others probably are what they claimed (so they hold none of this rank
    unless they claimed it), and the rest of the player's hand is drawn from the unseen cards."""
    last = view.pile[-1]
    player, rank, size = last.seat, last.rank, last.size
    seen: list[Card] = list(view.hand or ()) + list(view.discard)
    for entry in view.pile[:-1]:
        seen.extend(entry.cards or ())
    others = [s for s in range(len(view.hand_sizes)) if s != view.seat and s not in view.forfeited]
    for seat in others:
        seen.extend(view.sure[seat])
    unseen_good = view.rank_counts[rank] + view.rank_counts[0] - sum(1 for c in seen if good(c, rank))
    sure_good = sum(1 for c in view.sure[player] if good(c, rank))
    slots = view.hand_sizes[player] + size - len(view.sure[player])
    if sure_good + min(unseen_good, slots) < size:
        return Odds(False, 0.0)
    pool_good = unseen_good - sum(e.size for e in view.pile[:-1] if e.cards is None and e.rank == rank)
    pool = 0
    loose_good = elsewhere = 0
    unseen_piles = not view.options.show_pile
    for seat in others:
        held = view.hand_sizes[seat] + (size if seat == player else 0)
        loose = _loose(view.known[seat], view.sure[seat], held if unseen_piles else None)
        pool += max(0, held - len(view.sure[seat]) - len(loose))
        pool_good -= sum(1 for c in loose if good(c, rank))
        if seat == player:
            loose_good = sum(1 for c in loose if good(c, rank))
            slots = max(0, held - len(view.sure[seat]) - len(loose))
        elif unseen_piles:  # cards seen going in may have left unseen: each is back among the unseen
            elsewhere += sum(1 for c in loose if good(c, rank))
    need = size - sure_good
    truth = 0.0
    for k in range(loose_good + 1):  # k of the player's own loose cards of the rank still held
        for j in range(elsewhere + 1):  # j of other seats' loose cards of the rank gone back among the unseen
            weight = _binomial(loose_good, k, STILL_HELD) * _binomial(elsewhere, j, 1 - STILL_HELD)
            truth += weight * tail(pool + j, max(0, pool_good + j), slots, need - k)
    return Odds(True, truth)


def _binomial(n: int, k: int, p: float) -> float:
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def _loose(known: tuple[Card, ...], sure: tuple[Card, ...], held: int | None) -> list[Card]:
    """The known cards not certainly held, if the hand has room for them all.

    A card seen going in and played face down since stays known (possibly held) until it is
    seen again; under B5 a pile is taken unseen, so it may never be.  When they outnumber the
    cards of the hand not sure (``held``; ``None`` with ``show_pile``, where that cannot last),
    most have left it: they say nothing about the hand (none)."""
    rest = list(known)
    for card in sure:
        if card in rest:
            rest.remove(card)
    return rest if held is None or len(rest) <= held - len(sure) else []


NEED_SUCCESS_UNSEEN = 0.3  # a seat that cannot go out without a success then calls on even odds
LEADER_CALL, OTHER_CALL = 0.7, 0.85  # pile penalty: calling pays above these chances of a lie
CHEAT_EXTRA = 0.1  # and this much more with cheat=true, where piles grow large
LIE_SIZE_WEIGHT = (0.0, 1.0, 0.3, 0.1)  # how often a bluff puts down 1, 2, 3+ cards: big claims are seldom lies
BLUFF_DOUBTED = 0.3  # an extra bluff card pays only while a play of this seat's is doubted less often than this


class CountBot:
    """Counts cards, calls provable and likely lies, bluffs when it must or when it pays."""

    name = "count"

    def __init__(self) -> None:
        self.learnt = Honesty()

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.picked:  # the next card of a play under way: the same choice again, nothing new to learn
            return follow(self._choose_cards(view), view.picked, legal)
        self.learnt.observe(view)
        odds = claim_odds(view) if view.phase == "doubt" else None
        if odds is not None:
            self.learnt.watch(view, odds.truth)
        if against_eager_doubter(view):
            return answer_eager_doubter(view, legal)
        if odds is not None:
            return DOUBT if self._should_doubt(view, odds) else PASS
        return follow(self._choose_cards(view), (), legal)

    def honesty(self, seat: int) -> float:
        """The expected chance that ``seat`` tells the truth when it can."""
        return self.learnt.of(seat)

    def doubted_rate(self, view: DoubtView) -> float:
        """The chance that a play of this seat's is doubted, from the record of the seats offered it."""
        me = view.seat if view.seat is not None else 0
        stands = 1.0
        for seat in offered(view.options, len(view.hand_sizes), view.forfeited, me):
            stands *= 1 - doubt_rate(habits_of(view, seat))
        return 1 - stands

    # -- doubting ------------------------------------------------------------------------------
    def _should_doubt(self, view: DoubtView, odds: Odds) -> bool:
        if not odds.possible:
            return True
        truth = calibrated(view, odds.truth) * self.learnt.of(view.turn)
        lie = (1 - truth) * LIE_SIZE_WEIGHT[min(view.pile[-1].size, 3)]
        return lie / (lie + truth) >= self._threshold(view)

    def _threshold(self, view: DoubtView) -> float:
        """The chance of a lie above which calling pays, given what a wrong call costs.

        With the pile penalty a wrong call costs this seat the pile and a right one costs the
        player the same: worth a lot when the player is the one to beat, less otherwise
        (the other seats gain from it as much as this one)."""
        player, me = view.turn, view.seat if view.seat is not None else 0
        going_out = view.hand_sizes[player] == 0
        penalty = view.options.penalty
        if penalty == "forfeit":
            threshold = 0.4 if going_out else 0.85
        elif going_out:
            threshold = 0.05
        elif penalty == "two_cards":
            threshold = 0.45
        else:
            others = [view.hand_sizes[s] for s in range(len(view.hand_sizes))
                      if s not in (me, player) and s not in view.forfeited]
            leading = view.hand_sizes[player] <= min(others, default=99)
            threshold = LEADER_CALL if leading or view.hand_sizes[player] <= 2 else OTHER_CALL
            if view.options.cheat:
                threshold += CHEAT_EXTRA  # nobody else calls: piles grow large before anyone pays
        if view.options.require_successful_doubt and not view.successes[me]:
            threshold -= 0.1 if view.options.show_pile else NEED_SUCCESS_UNSEEN
        return threshold

    # -- playing -------------------------------------------------------------------------------
    def _choose_cards(self, view: DoubtView) -> tuple[Card, ...]:
        """The cards of this seat's play (made one by one, :func:`follow`); the same for the same
        view and memory, so a play of several cards is chosen once and followed through."""
        hand = list(view.hand or ())
        rank, most = view.rank, view.options.max_cards_per_play
        matching = [c for c in hand if c.rank == rank]
        jokers = [c for c in hand if c.is_joker]
        if len(hand) <= most and len(matching) + len(jokers) == len(hand):
            return tuple(hand)  # out with the truth
        if matching:
            cards = matching[:most]
            spare = [c for c in hand if c.rank != rank and not c.is_joker]
            if spare and len(cards) < most and self._bluff_pays(view, len(cards) + 1):
                cards.append(least_needed(view, spare))
            return tuple(cards)
        if jokers and len(hand) > 3:
            return tuple(jokers[:1])
        junk = [c for c in hand if not c.is_joker] or hand
        cards = [least_needed(view, junk)]
        if most > 1 and len(junk) > 2 and self._bluff_pays(view, 2):
            rest = list(junk)
            rest.remove(cards[0])
            cards.append(least_needed(view, rest))
        return tuple(cards)

    def _bluff_pays(self, view: DoubtView, claimed: int) -> bool:
        """An extra bluff card pays when this seat's plays are seldom doubted and the claim is not
        refutable from what everyone has seen."""
        if self.doubted_rate(view) >= BLUFF_DOUBTED:
            return False
        public = list(view.discard) + [c for e in view.pile if e.revealed for c in e.cards or ()]
        for seat, cards in enumerate(view.sure):
            if seat != view.seat:
                public.extend(cards)
        copies = view.rank_counts[view.rank] + view.rank_counts[0]
        return claimed + sum(1 for c in public if good(c, view.rank)) <= copies - 1


class HonestBot:
    """Tells the truth when it can, else plays a random card; calls only lies its own hand proves."""

    name = "honest"

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        hand = list(view.hand or ())
        if view.phase == "doubt":
            last = view.pile[-1]
            mine = sum(1 for c in hand if good(c, last.rank))
            left = view.rank_counts[last.rank] + view.rank_counts[0] - mine
            return DOUBT if left < last.size else PASS
        matching = [c for c in hand if good(c, view.rank)][: view.options.max_cards_per_play]
        if view.picked:
            return follow(matching, view.picked, legal)
        return follow(matching or [hand[rng.randrange(len(hand))]], (), legal)


