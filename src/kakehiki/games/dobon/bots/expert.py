"""The expert Dobon bot: reads the opponents' hands from what they did, then plays the rule bot's game.

The rule bot rates a play by how likely some opponent's hand totals its value, with a
uniform A..K model per hand size.  This bot replaces that estimate with weighted samples
of the opponents' hands: dealt from the cards it has not seen (its hand and the field
are known), each weighted by how well it explains the seat's public story (the view's
``log``): it did not call Dobon when its total matched the top card, it drew rather than
played, it chose that card over the others.  No seat is assumed to play like the rule bot:
each chance is mixed over styles (:mod:`kakehiki.bots.style_mix`), of which the rule bot's is
one.  Which cards a draw brought is unknown, so going back over a draw is importance-sampled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from math import prod

from kakehiki.bots import fast_rng
from kakehiki.bots.style_mix import SURE, Fit, mean, missed_call, mixed, one_of, posterior, times
from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.bots.correction import corrected
from kakehiki.games.dobon.bots.heuristic import MAX_REACHABLE, Danger, DobonRuleBot, decide, sum_distribution
from kakehiki.games.dobon.bots.heuristic import danger as uniform_danger

# Step codes of one opponent's story, oldest first.  TURN: on its turn it played ``card`` or
# drew (None); QUIET: another seat moved next, so it made no claim; INTERRUPT: it played
# ``card`` out of turn; LOSE: ``card`` left its hand; GAIN: it drew ``count`` unknown cards.
TURN, QUIET, INTERRUPT, LOSE, GAIN = range(5)


@dataclass(frozen=True, slots=True)
class Moment:
    """What the table looked like when a seat decided."""

    top: Card
    top_owner: int | None
    pending: int
    sizes: tuple[int, ...]
    bases: dict[int, tuple[float, ...]]  # the rule bot's score bases, by deciding seat


Step = tuple[int, Moment | None, Card | None, int]  # code, table before a decision, card, count


def stories(view: DobonView) -> dict[int, list[Step]]:
    """Each opponent's decisions and hand changes since the deal, from the public log."""
    me = view.seat
    sizes = list(view.deal_counts)
    out: dict[int, list[Step]] = {s: [] for s in range(len(sizes)) if s != me}
    log = list(view.log)
    top: Card | None = None
    owner: int | None = None
    pending = twos = 0
    actions = [i for i, m in enumerate(log) if m.kind != "rebuild"]
    for pos, i in enumerate(actions):
        move = log[i]
        if move.kind == "turned":
            assert move.card is not None
            top, owner = move.card, None
            if top.rank == 2:
                pending, twos = 2, 1
        elif move.kind in ("play", "interrupt"):
            assert move.card is not None and move.seat is not None
            top, owner = move.card, move.seat
            sizes[move.seat] -= 1
            if top.rank == 2:
                twos += 1
                pending = 2**twos
        elif move.kind in ("draw", "penalty"):
            assert move.seat is not None
            sizes[move.seat] += move.amount
            if move.kind == "penalty" or pending:
                pending = twos = 0
        elif move.kind == "dobon":
            return out
        if top is None or pos + 1 >= len(actions):
            continue
        nxt = log[actions[pos + 1]]
        frozen = tuple(sizes)
        moment = Moment(top, owner, pending, frozen, {s: rule_bases(s, frozen) for s in out})
        for seat, story in out.items():
            if not sizes[seat]:
                continue
            if nxt.seat == seat:
                if nxt.kind == "play":
                    story.append((TURN, moment, nxt.card, 0))
                    story.append((LOSE, None, nxt.card, 0))
                elif nxt.kind == "interrupt":
                    story.append((INTERRUPT, moment, nxt.card, 0))
                    story.append((LOSE, None, nxt.card, 0))
                elif nxt.kind == "draw":
                    story.append((TURN, moment, None, 0))
                    story.append((GAIN, None, None, nxt.amount))
                elif nxt.kind == "penalty":
                    story.append((GAIN, None, None, nxt.amount))
            elif nxt.kind == "draw" or (nxt.kind == "play" and nxt.card is not None and nxt.card.rank != top.rank):
                # a same-number play may have been the turn seat's claim, made before others were asked
                story.append((QUIET, moment, None, 0))
    return out


@lru_cache(maxsize=4096)
def rule_danger(seat: int, sizes: tuple[int, ...]) -> tuple[float, ...]:
    """The rule bot's danger estimate by value (index 0..13) for ``seat`` given the hand sizes."""
    table = []
    for value in range(14):
        safe = 1.0
        for s, size in enumerate(sizes):
            if s != seat and size:
                dist = sum_distribution(size)
                safe *= 1 - (dist[value] if value < len(dist) else 0.0)
        table.append(1 - safe)
    return tuple(table)


@lru_cache(maxsize=4096)
def rule_bases(seat: int, sizes: tuple[int, ...]) -> tuple[float, ...]:
    """The rule bot's play score by rank, less the +0.5 for keeping a callable total."""
    danger = rule_danger(seat, sizes)
    return tuple(r / 13 + (0.3 if r == 2 else 0.0) - 4 * danger[r] for r in range(14))


EPS = 0.1  # chance the rule player makes any one decision other than its own
MISS_CALL = 0.02  # chance a seat that calls Dobon whenever it can lets one pass
MISSED = missed_call(MISS_CALL)


def best_score(hand: list[Card], total: int, bases: tuple[float, ...], suit: str, rank: int, any_suit: bool) -> float:
    """The rule bot's best play score from ``hand`` on a top of ``suit``/``rank`` (-9: none);
    ``any_suit`` False: only same-number cards (an interrupt)."""
    best = -9.0
    for c in hand:
        if c.rank == rank or (any_suit and c.suit == suit):
            sc = bases[c.rank] + (0.5 if total - c.rank <= MAX_REACHABLE else 0.0)
            if sc > best:
                best = sc
    return best


def turn_fit(hand: list[Card], total: int, bases: tuple[float, ...], top: Card, card: Card | None) -> bool:
    """Whether the rule bot holding ``hand`` would have played ``card`` (None: drawn) on its turn.

    A play of the top's number is also fine when it would have been the bot's interrupt."""
    best = best_score(hand, total, bases, top.suit, top.rank, True)
    if card is None:
        return best <= -0.5
    mine = bases[card.rank] + (0.5 if total - card.rank <= MAX_REACHABLE else 0.0)
    if mine >= best - 1e-9 and mine > -0.5:
        return True
    return card.rank == top.rank and mine >= best_score(hand, total, bases, top.suit, top.rank, False) > 0.2


def choice_fit(agrees: bool, options: int) -> Fit:
    """One decision among ``options``: its chance under each style.  The rule player's choice
    is 1 - EPS, any other EPS (as ten to one, however many there are)."""
    return one_of(1 - EPS if agrees else EPS, options)



def decision_fit(seat: int, kind: int, moment: Moment, card: Card | None, hand: list[Card], total: int) -> Fit:
    """The chance of one decision (a turn, or a same-number window) of ``seat`` holding ``hand``,
    whose ranks sum to ``total`` (kept by the caller as it walks back: no sum per decision)."""
    top = moment.top
    if total == top.rank and moment.top_owner != seat:
        return MISSED
    if len(hand) < 2:
        return SURE  # a last card cannot be played (J7)
    if kind == TURN and moment.pending:
        twos = [c.rank for c in hand].count(2)
        return choice_fit(card is not None, twos + 1) if twos else SURE
    rank = top.rank
    if kind == TURN:
        suit = top.suit
        playable = len([c for c in hand if c.rank == rank or c.suit == suit])
        if not playable:
            return SURE
        return choice_fit(turn_fit(hand, total, moment.bases[seat], top, card), playable + 1)
    same = [c.rank for c in hand].count(rank)
    if not same:
        return SURE
    best = best_score(hand, total, moment.bases[seat], top.suit, top.rank, False)
    return choice_fit((best > 0.2) == (kind == INTERRUPT), same + 1)


def segment_likelihood(seat: int, steps: list[Step], hand: list[Card]) -> tuple[Fit, list[Card]]:
    """The chance of the decisions in a stretch without draws, under each style, walking back
    from ``hand``; also the hand the seat held at the start of the stretch."""
    hand = list(hand)
    total = sum(c.rank for c in hand)
    fit = SURE
    for kind, moment, card, _count in reversed(steps):
        if kind == LOSE:
            assert card is not None
            hand.append(card)
            total += card.rank
            continue
        assert moment is not None
        fit = times(fit, decision_fit(seat, kind, moment, card, hand, total))
    return fit, hand


def split_story(story: list[Step]) -> tuple[list[list[Step]], list[int]]:
    """The story cut at each draw: stretches of decisions, and the draws' sizes between them."""
    stretches: list[list[Step]] = [[]]
    draws: list[int] = []
    for step in story:
        if step[0] == GAIN:
            draws.append(step[3])
            stretches.append([])
        else:
            stretches[-1].append(step)
    return stretches, draws


SUBSETS = 6  # random guesses at which cards a multi-card draw brought
MAX_DRAWS = 3  # draws walked back through; older decisions say little of today's hand


def likelihood(seat: int, story: list[Step], hand: list[Card], rng: random.Random) -> Fit:
    """P(the seat's public story | its current hand) under each style, walking back through
    its hand changes.

    Which cards each draw brought is unknown: going back over a draw, every way of taking
    cards back is tried, one is kept in proportion to how well it explains the stretch before
    the draw (the styles mixed), and each style's weight takes their mean (sequential
    importance sampling)."""
    stretches, draws = split_story(story)
    fit, hand = segment_likelihood(seat, stretches[-1], hand)
    for j in range(len(draws) - 1, max(-1, len(draws) - 1 - MAX_DRAWS), -1):
        count = min(draws[j], len(hand))
        if count == 1:
            options = [[c for k, c in enumerate(hand) if k != i] for i in range(len(hand))]
        else:
            options = []
            for _ in range(SUBSETS):
                kept = list(hand)
                for _ in range(count):
                    kept.pop(rng.randrange(len(kept)))
                options.append(kept)
        results = [segment_likelihood(seat, stretches[j], kept) for kept in options]
        fit = times(fit, mean([r[0] for r in results]))
        total = sum(mixed(r[0]) for r in results)
        if total <= 0:
            return 0.0, 0.0, 0.0
        pick = rng.random() * total
        for lik, before in results:
            pick -= mixed(lik)
            if pick <= 0:
                hand = before
                break
        else:
            hand = results[-1][1]
    return fit


@dataclass
class Belief:
    """Samples of the opponents' hands, with each seat's weight in each sample.

    The danger weighs each seat by its own story and treats the seats as independent: a
    joint weight (the product over seats) collapses onto a few samples at a full table."""

    hands: list[dict[int, list[Card]]]
    fits: list[dict[int, Fit]]

    @cached_property
    def totals(self) -> list[dict[int, int]]:
        """Each sample's total of each seat's hand."""
        return [{s: sum(c.rank for c in hand) for s, hand in hands.items()} for hands in self.hands]

    @cached_property
    def seat_weights(self) -> list[dict[int, float]]:
        """Each sample's weight for each seat: how well it explains that seat's story, the
        styles mixed by how well each explains it (:meth:`style`)."""
        return [{s: mixed(f) for s, f in fits.items()} for fits in self.fits]

    @property
    def weights(self) -> list[float]:
        """Each sample's joint weight: how well it explains every seat's story."""
        return [prod(w.values()) for w in self.seat_weights]

    def style(self, seat: int) -> dict[str, float]:
        """How likely each style is for ``seat``, after its public story (the samples' evidence)."""
        seen = [f[seat] for f in self.fits if seat in f]
        return posterior((sum(f[0] for f in seen), sum(f[1] for f in seen), sum(f[2] for f in seen)))

    def danger(self, value: int) -> float:
        """Chance that some opponent's hand totals ``value``."""
        safe = 1.0
        for seat in self.totals[0] if self.totals else ():
            mass = sum(w[seat] for w in self.seat_weights)
            hit = sum(w[seat] for t, w in zip(self.totals, self.seat_weights, strict=True) if t[seat] == value)
            safe *= 1 - (hit / mass if mass > 0 else 0.0)
        return 1 - safe


def unseen(view: DobonView) -> list[Card]:
    """Every card not in our hand or on the field: the opponents' hands and the stock."""
    counts = {c.index: view.decks for c in STANDARD_DECK}
    for c in (*(view.hand or ()), *view.field):
        counts[c.index] -= 1
    return [STANDARD_DECK[i] for i, n in counts.items() for _ in range(n)]


def belief(view: DobonView, rng: random.Random, samples: int = 50) -> Belief:
    """Opponents' hands dealt from the unseen cards, weighted by their public stories."""
    story = stories(view)
    pool = unseen(view)
    seats = [s for s in story if view.hand_sizes[s]]
    fits: list[dict[int, Fit]] = []
    hands: list[dict[int, list[Card]]] = []
    need = sum(view.hand_sizes[s] for s in seats)
    for _ in range(samples):
        dealt = rng.sample(pool, need)
        at = 0
        f: dict[int, Fit] = {}
        hs: dict[int, list[Card]] = {}
        for s in seats:
            hand = dealt[at:at + view.hand_sizes[s]]
            at += view.hand_sizes[s]
            hs[s] = hand
            f[s] = likelihood(s, story[s], hand, rng)
        fits.append(f)
        hands.append(hs)
    return Belief(hands, fits)


class DobonExpertBot(DobonRuleBot):
    """The rule bot's decisions (:class:`kakehiki.games.dobon.bots.heuristic.DobonRuleBot`), with the danger
    of a value read from sampled opponents' hands instead of a uniform model, then changed where
    the learned correction (:mod:`kakehiki.games.dobon.bots.correction`) expects another action to win
    more often (``correct=False``: the rule's choice as it is)."""

    name = "expert"

    def __init__(self, samples: int = 50, correct: bool = True) -> None:
        self.samples = samples
        self.correct = correct

    def choose(self, view: DobonView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]  # nothing to judge: skip the sampling
        read = self.danger_of(view, rng)
        chosen = decide(view, legal, read)
        return corrected(view, legal, chosen, partial(uniform_danger, view), read) if self.correct else chosen

    def danger_of(self, view: DobonView, rng: random.Random) -> Danger:
        return belief(view, fast_rng(rng), self.samples).danger  # many samples: a fast generator


