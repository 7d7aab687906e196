"""Doubt bots: ``count`` (card counting) and ``honest`` (a simple baseline).

``count`` sees only its view.  For a play it may doubt, it counts the cards of the
claimed rank (and jokers) it can place outside the player's hand — its own hand,
the plays it made and the plays turned up in the pile, the discard, and the cards
other seats certainly hold — and so

* calls every lie it can prove (too few such cards left for the claim);
* otherwise estimates the chance the player could make the claim true (see
  :func:`claim_odds`), times how honest that seat has shown itself so far (a
  Bayesian estimate from its plays turned up), counts big claims as seldom bluffs,
  and calls when the expected gain beats the expected cost of the penalty in force;
* plays the truth whenever it can, bluffs with the card it will need last when it
  must, and adds a bluff card to an honest play when its plays are seldom doubted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from kakehiki.bots import register_bot
from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.doubt import DOUBT, PASS, DoubtView, next_step


def good(card: Card, rank: int) -> bool:
    """A card that makes a claim of ``rank`` true: that rank, or a joker (B7)."""
    return card.rank == rank or card.is_joker


def tail(pool: int, hits: int, draws: int, need: int) -> float:
    """P(at least ``need`` of ``hits`` marked cards among ``draws`` drawn from ``pool``): a hypergeometric tail."""
    if need <= 0:
        return 1.0
    draws = max(0, min(draws, pool))
    hits = max(0, min(hits, pool))
    total = comb(pool, draws)
    if total == 0:
        return 0.0
    return sum(comb(hits, k) * comb(pool - hits, draws - k) for k in range(need, min(hits, draws) + 1)) / total


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
    loose_good = 0
    for seat in others:
        loose = _loose(view.known[seat], view.sure[seat])
        held = view.hand_sizes[seat] + (size if seat == player else 0)
        pool += max(0, held - len(view.sure[seat]) - len(loose))
        pool_good -= sum(1 for c in loose if good(c, rank))
        if seat == player:
            loose_good = sum(1 for c in loose if good(c, rank))
            slots = max(0, held - len(view.sure[seat]) - len(loose))
    need = size - sure_good
    truth = sum(comb(loose_good, k) * STILL_HELD ** k * (1 - STILL_HELD) ** (loose_good - k)
                * tail(pool, max(0, pool_good), slots, need - k) for k in range(loose_good + 1))
    return Odds(True, truth)


def _loose(known: tuple[Card, ...], sure: tuple[Card, ...]) -> list[Card]:
    """The known cards not certainly held."""
    rest = list(known)
    for card in sure:
        if card in rest:
            rest.remove(card)
    return rest


HONESTY_GRID = tuple((i + 0.5) / 10 for i in range(10))  # candidate chances that a seat able to tell the truth does
HONESTY_PRIOR = tuple(h**3 for h in HONESTY_GRID)  # most players tell the truth when they can
LEADER_CALL, OTHER_CALL = 0.7, 0.85  # pile penalty: calling pays above these chances of a lie
CHEAT_EXTRA = 0.1  # and this much more with cheat=true, where piles grow large
CONFIDENT = 0.75  # learn honesty only from plays this likely to have been possible to make true
LIE_SIZE_WEIGHT = (0.0, 1.0, 0.3, 0.1)  # how often a bluff puts down 1, 2, 3+ cards: big claims are seldom lies


@dataclass
class Memory:
    """What ``count`` learns during a game: each seat's honesty, and how often its own plays are doubted."""

    honesty: dict[int, list[float]] = field(default_factory=dict)  # seat -> weight of each HONESTY_GRID value
    mine: list[int] = field(default_factory=lambda: [0, 0])  # [my plays doubted, my plays]
    watching: tuple[int, int, int, int, float] | None = None  # (player, successes, plays, steps, P(could be true))
    steps: int = -1


class CountBot:
    """Counts cards, calls provable and likely lies, bluffs when it must or when it pays."""

    name = "count"

    def __init__(self) -> None:
        self.memory = Memory()

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.picked:  # the next card of a play under way: the same choice again, nothing new to learn
            return follow(self._choose_cards(view), view.picked, legal)
        self._learn(view)
        if view.phase == "doubt":
            odds = claim_odds(view)
            self.memory.watching = (view.turn, sum(view.successes), len(view.pile), view.steps, odds.truth)
            return DOUBT if self._should_doubt(view, odds) else PASS
        cards = self._choose_cards(view)
        me = view.seat if view.seat is not None else -1
        self.memory.watching = (me, sum(view.successes), len(view.pile) + 1, view.steps + 1, 1.0)
        return follow(cards, (), legal)

    # -- learning ------------------------------------------------------------------------------
    def _learn(self, view: DoubtView) -> None:
        """Compare with the window last seen: was that play doubted, and was it a lie?"""
        memory = self.memory
        if view.steps < memory.steps:
            self.memory = memory = Memory()
        memory.steps = view.steps
        if memory.watching is None:
            return
        player, successes, plays, steps, could = memory.watching
        memory.watching = None
        if view.steps - steps > (2 if view.options.cheat else len(view.hand_sizes) + 1):
            return  # too much happened since: nothing safe to learn
        lie = sum(view.successes) > successes
        doubted = lie or len(view.pile) < plays or (len(view.pile) >= plays and view.pile[plays - 1].revealed)
        if player == view.seat:
            memory.mine[0] += doubted
            memory.mine[1] += 1
        elif doubted and could >= CONFIDENT:
            # Bayes over the seat's honesty h: a play that could have been true (chance ``could``)
            # is true with chance could * h.  Which plays get doubted depends only on what was
            # known before the reveal, so the doubted ones are a fair sample.  Only plays the seat
            # very likely could have made true are weighed: there a lie says most about honesty,
            # and the rough estimate of ``could`` misleads least.
            weights = memory.honesty.setdefault(player, list(HONESTY_PRIOR))
            could = min(could, 0.98)  # never rule a value out
            for i, h in enumerate(HONESTY_GRID):
                weights[i] *= (1 - could * h) if lie else could * h
            total = sum(weights)
            weights[:] = [w / total for w in weights]

    def honesty(self, seat: int) -> float:
        """The expected chance that ``seat`` tells the truth when it can."""
        weights = self.memory.honesty.get(seat, list(HONESTY_PRIOR))
        return sum(w * h for w, h in zip(weights, HONESTY_GRID, strict=True)) / sum(weights)

    def doubted_rate(self) -> float:
        doubted, plays = self.memory.mine
        return (doubted + 1) / (plays + 2)

    # -- doubting ------------------------------------------------------------------------------
    def _should_doubt(self, view: DoubtView, odds: Odds) -> bool:
        if not odds.possible:
            return True
        truth = odds.truth * self.honesty(view.turn)
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
            threshold -= 0.1
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
        if self.doubted_rate() >= 0.3:
            return False
        public = list(view.discard) + [c for e in view.pile if e.revealed for c in e.cards or ()]
        for seat, cards in enumerate(view.sure):
            if seat != view.seat:
                public.extend(cards)
        copies = view.rank_counts[view.rank] + view.rank_counts[0]
        return claimed + sum(1 for c in public if good(c, view.rank)) <= copies - 1


def follow(cards: Sequence[Card], picked: Sequence[Card], legal: Sequence[Action]) -> Action:
    """The next step of the play of ``cards`` with ``picked`` set aside already (``add`` each card
    but the last in card order, then ``play`` the last); if that play cannot be reached from
    ``picked`` (a random step came between), the first legal action: the lowest card to finish with."""
    step = next_step(cards, picked)
    return step if step is not None and step in legal else legal[0]


def least_needed(view: DoubtView, cards: list[Card]) -> Card:
    """The card whose rank this seat will be asked for last (copies it must play one by one wait
    a whole cycle each): the bluff that costs it least."""
    players = len(view.hand_sizes) - len(view.forfeited)
    held: dict[int, int] = {}
    for card in view.hand or ():
        held[card.rank] = held.get(card.rank, 0) + 1
    most = view.options.max_cards_per_play

    def wait(card: Card) -> int:
        turns = next((k for k in range(1, 14) if (view.rank - 1 + k * players) % 13 + 1 == card.rank), 13)
        return turns + (-(-held.get(card.rank, 1) // most) - 1) * 13

    return max(cards, key=lambda c: (wait(c), c.index))


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


register_bot("doubt", "count", CountBot)
register_bot("doubt", "honest", HonestBot)
