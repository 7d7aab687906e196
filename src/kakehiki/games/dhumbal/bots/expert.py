"""The expert Dhumbal bot (the ``hard`` level): reads the other hands from what their owners
shed, plays for fewer cards as much as for fewer points, and in a two-seat game weighs a
Show against waiting by playing the round out in a few dealt worlds.

Three ideas, each where the threshold bot (``normal``) is weakest:

- **Reading hands.**  A player who sheds a single card keeps cards worth no more than it
  (pairs and runs aside).  Replaying the round's public log gives every hidden card of an
  opponent a *bound*; a hidden card is then drawn from the unseen cards, with weight 1 if it
  is worth no more than its bound and ``slack`` otherwise.  The threshold bot draws them
  uniformly and so thinks its opponents hold more than they do: heads-up, its Shows at an
  estimated 80% succeed about 45% of the time; this estimate's come out near what they say.
- **Cards as well as points.**  A hand of five low cards still totals too much to Show; only
  sets and runs make a hand smaller.  A turn is scored by the hand it leaves: its points,
  a price per card held, less the best discard it then holds (its points and the cards it
  removes); a blind draw is averaged over every unseen card (:class:`Style` holds the
  weights, one set heads-up and one for larger tables).  Taking a discard that neither
  lowers the hand nor joins a set or run is never done: two bots passing the same low cards
  back and forth would otherwise stall the round until the step limit.
- **Waiting as a weapon (two seats).**  A failed Show costs its caller the hand plus the
  penalty and gives the other seat 0.  With a Show legal, the bot deals ``worlds`` worlds
  by its reading of the hidden hands, and in each compares Showing now with playing on (the
  opponent modelled as a threshold bot whose Show confidence is drawn, world by world, from
  what its Shows so far in the match say of it (:mod:`kakehiki.games.dhumbal.bots.model`); itself
  as the same bot without this search).  It Shows when that is worth more on average over
  the round: it lets a low hand wait for the opponent's Show to fail against it.  With more
  seats (where this did not pay in the arena) it Shows when its chance of the strict lowest
  total reaches the style's ``confidence``.

No memory is kept between calls; everything comes from the view (its ``log``) and, for the
search, the sampler the driver hands over.  A turn is played in steps (each card put down,
then the take): at each the bot plans the whole turn again and plays its next step, as the
threshold bot does; inside the search each seat's whole turn is applied at once.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from kakehiki.bots import fast_rng
from kakehiki.bots.search import Sampler
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.core import Action, Game
from kakehiki.games.dhumbal import SHOW, DhumbalState, DhumbalView, Show, Turn, whole_turns
from kakehiki.games.dhumbal.bots.heuristic import Planner, ThresholdBot, held, unseen_cards
from kakehiki.games.dhumbal.bots.model import TYPES, OpponentModel
from kakehiki.games.dhumbal.rules.melds import POINTS, total
from kakehiki.games.dhumbal.rules.state import HAND_SIZE, OVER

Rules = Game[DhumbalState, Action, DhumbalView]  # the game, as the plans and rollouts use it

MAX_POINTS = 10
HEADS_UP = 2
Distribution = list[float]  # probability of each total 0, 1, 2, ...


# -- what is known of the cards --------------------------------------------------------------------


def hidden_bounds(view: DhumbalView, seat: int) -> list[int]:
    """The most points each hidden card of ``seat`` is thought to be worth.

    Replays the round's log for ``seat``: five dealt cards, unbounded; a hidden card it sheds
    leaves from the loosest bound; shedding a single card bounds every card it keeps by that
    card's points; a card drawn from the stock comes in unbounded, one taken from the
    discards is known and has no bound.
    """
    bounds = [MAX_POINTS] * HAND_SIZE
    taken: Counter[Card] = Counter()
    for logged in view.log:
        if logged.seat != seat:
            continue
        for card in logged.discard:
            if taken[card]:
                taken[card] -= 1
            elif bounds:
                bounds.remove(max(bounds))
        if len(logged.discard) == 1:
            shed = POINTS[logged.discard[0].rank]
            bounds = [min(b, shed) for b in bounds]
        if logged.took is None:
            bounds.append(MAX_POINTS)
        else:
            taken[logged.took] += 1
    hidden = view.hand_sizes[seat] - len(view.known[seat])
    return bounds if len(bounds) == hidden else [MAX_POINTS] * hidden


def card_weight(card: Card, bound: int, slack: float) -> float:
    return 1.0 if POINTS[card.rank] <= bound else slack


def total_distribution(view: DhumbalView, seat: int, unseen: Counter[Card], slack: float) -> Distribution:
    """The distribution of ``seat``'s hand total: its known cards plus one draw per hidden
    card from the unseen cards, weighted by that card's bound (draws taken as independent)."""
    dist = [0.0] * total(view.known[seat]) + [1.0]
    for bound in hidden_bounds(view, seat):
        weights = [0.0] * (MAX_POINTS + 1)
        for card, n in unseen.items():
            weights[POINTS[card.rank]] += n * card_weight(card, bound, slack)
        size = sum(weights) or 1.0
        dist = convolve(dist, [w / size for w in weights])
    return dist


def convolve(a: Distribution, b: Distribution) -> Distribution:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[i + j] += p * q
    return out


def show_chance(view: DhumbalView, slack: float) -> float:
    """The estimated chance that a Show now succeeds (D4): every other total above ours, or
    not below it with ``show_tie=caller_wins``."""
    unseen = unseen_cards(view)
    mine = total(view.hand or ())
    cut = mine if view.show_tie == "caller_wins" else mine + 1
    chance = 1.0
    for seat in range(len(view.hand_sizes)):
        if seat != view.seat:
            chance *= sum(total_distribution(view, seat, unseen, slack)[max(cut, 0):])
    return chance


# -- scoring a turn by the hand it leaves ----------------------------------------------------------


def best_shed(hand: Sequence[Card], points_weight: float, cards_weight: float) -> float:
    """What the best single discard of ``hand`` is worth: ``points_weight`` per point it
    sheds plus ``cards_weight`` per card it takes out beyond the one drawn back."""
    best = 0.0
    by_rank: Counter[int] = Counter()
    by_suit: dict[str, set[int]] = {}
    for card in hand:
        best = max(best, points_weight * POINTS[card.rank])
        by_rank[card.rank] += 1
        by_suit.setdefault(card.suit, set()).add(card.rank)
    for rank, n in by_rank.items():
        if n > 1:
            best = max(best, points_weight * POINTS[rank] * n + cards_weight * (n - 1))
    for ranks in by_suit.values():
        for start, end in runs(ranks):
            points = sum(POINTS[r] for r in range(start, end + 1))
            best = max(best, points_weight * points + cards_weight * (end - start))
    return best


def runs(ranks: set[int]) -> list[tuple[int, int]]:
    """The longest runs of three or more in ``ranks``, as (first, last) ranks (D1)."""
    found = []
    for start in ranks:
        if start - 1 in ranks:
            continue
        end = start
        while end + 1 in ranks:
            end += 1
        if end - start >= 2:
            found.append((start, end))
    return found


def run_through(ranks: set[int], rank: int) -> tuple[int, int] | None:
    """The run of three or more that ``rank`` would make with ``ranks`` of its suit, if any."""
    first, last = rank, rank
    while first - 1 in ranks:
        first -= 1
    while last + 1 in ranks:
        last += 1
    return (first, last) if last - first >= 2 else None


def melds_with(card: Card, kept: Sequence[Card]) -> bool:
    """Whether ``card`` makes a set or a run with ``kept`` (it could go out with them)."""
    same_suit = {c.rank for c in kept if c.suit == card.suit}
    return any(c.rank == card.rank for c in kept) or run_through(same_suit, card.rank) is not None


def stalls(hand: Sequence[Card], action: Turn) -> bool:
    """Taking a discard that is worth no less than what went out and melds with nothing kept."""
    if action.take is None:
        return False
    kept = list(hand)
    for card in action.discard:
        kept.remove(card)
    if POINTS[action.take.rank] < max(POINTS[c.rank] for c in action.discard):
        return False
    return not melds_with(action.take, kept)


# -- the bot ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How the bot weighs things at one table size.

    ``confidence``: the estimated chance of a successful Show it needs (heads-up this only
    plays inside the search, as its own future policy).  ``per_card``: what holding one more
    card costs, in points; ``per_card_shed``: what a discard is worth per card it takes out
    beyond the one drawn back.  Heads-up rounds last longer for each seat, so a smaller
    hand pays off more; both were measured against ``normal`` in the arena.
    """

    confidence: float
    per_card: float
    per_card_shed: float


HEADS_UP_STYLE = Style(confidence=0.9, per_card=12.0, per_card_shed=4.0)
TABLE_STYLE = Style(confidence=0.75, per_card=3.0, per_card_shed=2.0)


class ExpertBot(Planner):
    """Calibrated Shows, turns scored by points and cards, and heads-up a search of Show
    against waiting (see the module docstring)."""

    name = "expert"

    def __init__(
        self,
        heads_up: Style = HEADS_UP_STYLE,
        table: Style = TABLE_STYLE,
        slack: float = 0.1,
        points_weight: float = 0.8,
        worlds: int = 32,
        horizon: int = 40,
    ) -> None:
        self.heads_up = heads_up
        self.table = table
        self.slack = slack
        self.points_weight = points_weight
        self.worlds = worlds
        self.horizon = horizon

    def style(self, view: DhumbalView) -> Style:
        return self.heads_up if len(view.hand_sizes) == HEADS_UP else self.table

    def plan(self, view: DhumbalView, legal: Sequence[Action]) -> Show | Turn:
        if SHOW in legal and show_chance(view, self.slack) >= self.style(view).confidence:
            return SHOW
        return self.best_turn(view)

    def choose_sampled(
        self, game: Rules, seat: int, view: DhumbalView, legal: Sequence[Action], rng: random.Random,
        sample: Sampler,
    ) -> Action:
        if SHOW not in legal or not self.worlds or len(view.hand_sizes) != HEADS_UP:
            return self.choose(view, legal, rng)
        turn = self.best_turn(view)
        return SHOW if self.show_beats(turn, game, view, fast_rng(rng), sample) > 0 else turn.step(0)  # many worlds

    # -- turns ---------------------------------------------------------------------------------

    def best_turn(self, view: DhumbalView) -> Turn:
        """The whole turn to play, among those still open once ``view.discarding`` is down."""
        hand = held(view)
        turns = whole_turns(view.hand or (), view.discarding, view.available)
        turns = [a for a in turns if not stalls(hand, a)] or turns
        unseen = unseen_cards(view)
        style = self.style(view)
        blind: dict[tuple[Card, ...], float] = {}

        def cost(action: Turn) -> float:
            kept = list(hand)
            for card in action.discard:
                kept.remove(card)
            if action.take is not None:
                return self.hand_value([*kept, action.take], style)
            key = tuple(kept)
            if key not in blind:
                blind[key] = self.blind_value(kept, unseen, style)
            return blind[key]

        return min(turns, key=cost)

    def hand_value(self, hand: Sequence[Card], style: Style) -> float:
        """How bad a hand is to hold after a turn: lower is better."""
        return total(hand) + style.per_card * len(hand) - best_shed(hand, self.points_weight, style.per_card_shed)

    def blind_value(self, kept: Sequence[Card], unseen: Counter[Card], style: Style) -> float:
        """:meth:`hand_value` after drawing blind, averaged over the unseen cards.  A drawn card
        can only add a new best discard through itself, so the kept hand is scored once and
        each card adds its points and the discards it could join."""
        weight, per_shed = self.points_weight, style.per_card_shed
        base_total, base_shed = total(kept), best_shed(kept, weight, per_shed)
        size = style.per_card * (len(kept) + 1)
        same_rank = Counter(c.rank for c in kept)
        suit_ranks: dict[str, set[int]] = {}
        for card in kept:
            suit_ranks.setdefault(card.suit, set()).add(card.rank)
        cards = sum(unseen.values()) or 1
        value = 0.0
        for card, n in unseen.items():
            points = POINTS[card.rank]
            shed = max(base_shed, weight * points)
            pair = same_rank[card.rank]
            if pair:
                shed = max(shed, weight * points * (pair + 1) + per_shed * pair)
            run = run_through(suit_ranks.get(card.suit, set()), card.rank)
            if run is not None:
                first, last = run
                shed = max(shed, weight * sum(POINTS[r] for r in range(first, last + 1)) + per_shed * (last - first))
            value += n * (base_total + points + size - shed)
        return value / cards

    # -- Show or wait (heads-up) ----------------------------------------------------------------

    def show_beats(
        self, turn: Turn, game: Rules, view: DhumbalView, rng: random.Random, sample: Sampler
    ) -> float:
        """How much more a Show now brings than playing ``turn`` and on, summed over worlds."""
        seat = view.seat
        assert seat is not None
        settled = copy.copy(self)
        settled.worlds = 0  # itself, without this search, in the worlds
        model = OpponentModel.read(view)
        by_type = {c: ThresholdBot(confidence=c) for c in TYPES}
        gain = 0.0
        for _ in range(self.worlds):
            bots: list[Planner] = [
                settled if s == seat else by_type[model.draw(s, rng)] for s in range(len(view.hand_sizes))
            ]
            world = deal_hidden(view, sample(rng), self.slack, rng)
            shown, _ = game.apply(world, seat, SHOW)
            waited = play_plan(game, world, seat, turn)
            gain += round_gain(shown, seat, world.round_no)
            gain -= round_gain(play_round_out(game, waited, bots, rng, self.horizon), seat, world.round_no)
        return gain


def deal_hidden(view: DhumbalView, sampled: DhumbalState, slack: float, rng: random.Random) -> DhumbalState:
    """``sampled`` with what ``view.seat`` cannot see dealt again by the hand reading: each
    hidden card of another seat drawn with its bound's weight, the rest shuffled as the stock."""
    pool = list(sampled.stock)
    for seat, hand in enumerate(sampled.hands):
        if seat != view.seat:
            pool.extend((Counter(hand) - Counter(sampled.known[seat])).elements())
    hands, totals = list(sampled.hands), list(sampled.totals)
    for seat in range(len(hands)):
        if seat == view.seat:
            continue
        cards = list(view.known[seat])
        for bound in hidden_bounds(view, seat):
            at = rng.choices(range(len(pool)), [card_weight(c, bound, slack) for c in pool])[0]
            cards.append(pool.pop(at))
        hands[seat] = tuple(sorted(cards, key=CARD_ORDER))
        totals[seat] = total(cards)
    rng.shuffle(pool)
    return dataclasses.replace(sampled, hands=tuple(hands), totals=tuple(totals), stock=tuple(pool))


def play_plan(game: Rules, state: DhumbalState, seat: int, plan: Show | Turn) -> DhumbalState:
    """``state`` once ``seat`` has played the whole of ``plan`` (a Show, or a turn's steps)."""
    for action in (plan,) if isinstance(plan, Show) else plan.steps()[len(state.discarding):]:
        state, _ = game.apply(state, seat, action)
    return state


def play_round_out(
    game: Rules, state: DhumbalState, bots: Sequence[Planner], rng: random.Random, horizon: int
) -> DhumbalState:
    """Play on until the round is scored, or for ``horizon`` turns at most; each seat plans its
    whole turn once."""
    round_no = state.round_no
    for _ in range(horizon):
        if state.round_no != round_no or state.phase == OVER:
            break
        seat = state.turn
        plan = bots[seat].plan(game.view(state, seat), game.legal_actions(state, seat))
        state = play_plan(game, state, seat, plan)
    return state


def round_gain(state: DhumbalState, seat: int, round_no: int) -> float:
    """What round ``round_no`` brought ``seat``: the others' mean points less its own.  A
    round still in play is read as if scored by the hands as they are."""
    scored = state.round_no != round_no or state.phase == OVER
    added = state.outcomes[round_no].added if scored else state.totals
    others = [a for s, a in enumerate(added) if s != seat]
    return sum(others) / len(others) - added[seat]


