"""The expert Million Doubt bot (``expert``, the ``hard`` level): the heuristic, plus a lookahead on its turns.

What the heuristic (``games/million_doubt/bots/heuristic.py``) misses is mostly *when* a play pays: whether a
weak card laid face down will be believed, whether an honest play hands the lead to a seat
that then sheds faster, whether a pass keeps the control cards for the end.  Those depend on
how the other seats answer, so the expert looks ahead on every turn with a real choice:

* **Candidates** (:func:`candidates`): the best few honest plays by the heuristic's own score,
  a pass, and every wholly face-down play (its face-down cards chosen by :func:`hide_cards`:
  the weakest cards, or a true play when that costs little more).
* **Lookahead** (:func:`first_out`): each candidate is played on the same determinizations
  (``Game.sample_hidden``: every card the seat cannot see dealt anew) and the game is played
  on by the heuristic for every seat until the next seat goes out; a candidate scores the
  share of those games in which this seat goes out next.  The rollouts model the opponents
  as the heuristic plays, bluffs and doubts, with its doubt estimates made from fewer
  samples (``ROLLOUT_DOUBT_SAMPLES``) to save time.  Sequential halving spends
  ``rollouts`` games per decision, dropping the worse half of the candidates each round.
* **Steps**: it decides on whole plays and makes the chosen one an action at a time.  It keeps
  no plan between calls, so when a play is begun it looks again only among the candidates that
  go on from the cards shown (usually one; else it searches among those), and names face-down
  cards by :func:`hide_cards`, the same set at every step.
* **Doubt** (:func:`worth_doubting`, no lookahead: the sampler deals face-down cards
  uniformly, which would make every claim look like a lie): every claim the count proves
  false (:func:`claim_impossible`) is doubted.  Beyond that it reads the player's public
  record (``million_doubt_model``): how often its face-down plays of this kind (wholly face
  down, or showing a card) were lies when turned up, with even odds for a seat not seen yet,
  each newly turned-up play weighing that seat's earlier ones by half (:class:`RecentLies`,
  issue 35: a seat that changes its habits is read anew), and doubts when the cards at stake
  say it pays.
* **Opponents in the rollouts** play as the heuristic, but doubt as often as their record
  says they do (:class:`RolloutPolicy`), so a bluff is judged against the doubters at the table.
* Hiding and the penalty follow the same rules as in the lookahead: the weakest cards face
  down (:func:`hide_cards`), and the heuristic's penalty (weak cards to the loser).

The bot sees only its view and the sampler, keeps between calls only that read of the public
record (:class:`RecentLies`), and draws every random number from the generator it is handed,
so arena runs are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kakehiki.bots import fast_rng
from kakehiki.bots.search import Sampler
from kakehiki.cards import Card
from kakehiki.core import Action, Game
from kakehiki.games.million_doubt import Lay, MillionDoubtState, MillionDoubtView, Pass
from kakehiki.games.million_doubt.bots.heuristic import (
    SHED,
    Choice,
    MillionDoubtHeuristicBot,
    binding_of,
    chance_honest_possible,
    cost,
    unseen_cards,
    value,
    view_lays,
)
from kakehiki.games.million_doubt.bots.model import (
    RecentLies,
    chance_of_lie,
    doubt_rate,
    doubt_weight,
    habits_of,
    worth_calling,
)
from kakehiki.games.million_doubt.rules.actions import DOUBT, PASS
from kakehiki.games.million_doubt.rules.game import MILLION_DOUBT
from kakehiki.games.million_doubt.rules.lays import forget
from kakehiki.games.million_doubt.rules.legal import FieldKey, field_key, legal_actions
from kakehiki.games.million_doubt.rules.plays import Visible, completions, legal_on, shaped_sets, sort_cards, visible
from kakehiki.games.million_doubt.rules.state import OVER, TURN

RECENT = True  # read each seat's lies with its older plays fading (issue 35)
ROLLOUTS = 48  # games played on per decision, over all candidates (sequential halving)
HONEST_CANDIDATES = 3  # honest plays looked at, the best by the heuristic's score
ROLLOUT_DOUBT_SAMPLES = 6  # deals behind each doubt estimate inside a rollout (the heuristic uses 16)
EXPERT_DOUBT_SAMPLES = 16  # and behind the expert's own doubts
TRUTH_MARGIN = 0.25  # a true set of face-down cards is named when it costs at most this much more
MAX_ROLLOUT_STEPS = 400  # a rollout still going after this many actions counts as half a win
STEP_BUDGET = 6000  # rollout actions per decision at most (about 0.4 s on one core); most use far fewer

Rules = Game[MillionDoubtState, Action, MillionDoubtView]  # the game, as the rollouts use it


# -- the rollout policy ------------------------------------------------------------------------------


class RolloutPolicy(MillionDoubtHeuristicBot):
    """Another seat inside a rollout: the heuristic (its doubt estimate drawn from fewer deals), but
    doubting as often as that seat's record says, as far as the record goes (:func:`doubt_weight`):
    a seat that doubts everything, or nothing, is modelled as doing so."""

    name = "heuristic-rollout"
    doubt_samples = ROLLOUT_DOUBT_SAMPLES

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt" and view.seat is not None:
            habits = habits_of(view, view.seat)
            if rng.random() < doubt_weight(habits):
                return DOUBT if view.field[-1].down and rng.random() < doubt_rate(habits) else PASS
        return super().choose(view, legal, rng)


class OwnRolloutPolicy(RolloutPolicy):
    """The searching seat's later decisions inside its rollouts: its own doubts and face-down cards."""

    name = "expert-rollout"

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "doubt":
            return DOUBT if worth_doubting(view, rng, ROLLOUT_DOUBT_SAMPLES) else PASS
        return super().choose(view, legal, rng)

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        return expert_hide_choice(self, view, up, hidden, revolution, named)


ROLLOUT_POLICY = RolloutPolicy()
OWN_ROLLOUT_POLICY = OwnRolloutPolicy()


@lru_cache(maxsize=1 << 12)
def _shaped_plays(hand: tuple[Card, ...]) -> tuple[tuple[Lay, Visible], ...]:
    """Every valid play from ``hand`` (M2), with what it shows."""
    return tuple((Lay(cards), visible(cards)) for cards in shaped_sets(hand))


def _single_plays(hand: tuple[Card, ...]) -> tuple[tuple[Lay, Visible], ...]:
    """Every single from ``hand``: all a single on the field can be answered with, without listing groups and stairs."""
    return tuple((Lay((card,)), visible((card,))) for card in dict.fromkeys(hand))


@lru_cache(maxsize=1 << 12)
def honest_plays(hand: tuple[Card, ...], key: FieldKey) -> tuple[Lay, ...]:
    """Every face-up play from ``hand`` legal on the field ``key`` (the same hands and fields recur
    across rollouts)."""
    binding = key[0]
    plays = _single_plays(hand) if binding is not None and binding.size == 1 else _shaped_plays(hand)
    return tuple(play for play, shown in plays if legal_on(shown, *key))


def forget_plays() -> None:
    """Empty the play caches: they pay within one decision, whose rollouts meet the same hands
    again and again, but kept across decisions they only churn, and a large, churning cache
    makes Python's garbage collector pause for most of a second now and then."""
    _shaped_plays.cache_clear()
    honest_plays.cache_clear()
    forget()


def policy_lays(state: MillionDoubtState, seat: int) -> list[Lay]:
    """The whole plays the heuristic can choose among, listed far more cheaply than all of them.

    On a turn the heuristic plays an honest play, lays one as bait (its first card face up,
    the rest face down), passes, or bluffs with a wholly face-down play (it prefers those to
    any face-down play showing cards); listing only these leaves its choice unchanged.
    """
    hand = state.hands[seat]
    key = field_key(state)
    honest = honest_plays(hand, key)
    found = list(honest)
    if state.options.face_down:
        found += [Lay(p.up[:1], len(p.up) - 1) for p in honest if len(p.up) > 1]
        binding = key[0]
        sizes = range(1, len(hand) + 1) if binding is None else (binding.size,)
        found += [Lay((), k) for k in sizes if 1 <= k <= len(hand) and legal_on(visible((), k), *key)]
    return found


@dataclass
class Budget:
    """The rollout actions a decision may still spend: it bounds the rare decision whose
    rollouts run long, so every decision stays well inside a second."""

    steps_left: int = STEP_BUDGET


def first_out(
    game: Rules, state: MillionDoubtState, seat: int, rng: random.Random, budget: Budget | None = None
) -> float:
    """Play on with the rollout policy at every seat until the next seat goes out (or the game ends).

    1 when ``seat`` is that seat (or wins a game ended by bursts), else 0; 0.5 when the rollout
    is cut short (``MAX_ROLLOUT_STEPS``, or the decision's ``budget`` spent).  Several seats offered
    Doubt at once are asked together and the first to call it in the window's order is heard (C4).
    """
    finished, round_no = len(state.finished), state.round_no
    for _ in range(MAX_ROLLOUT_STEPS):
        if len(state.finished) > finished:
            return 1.0 if state.finished[finished] == seat else 0.0
        if state.phase == OVER or state.round_no != round_no:
            outcome = state.outcomes[round_no] if len(state.outcomes) > round_no else None
            return 1.0 if outcome is not None and seat in outcome.winners else 0.0
        if budget is not None:
            if budget.steps_left <= 0:
                break
            budget.steps_left -= 1
        state = _step(game, state, seat, rng)
    return 0.5


def _step(game: Rules, state: MillionDoubtState, me: int, rng: random.Random) -> MillionDoubtState:
    """One action, or a doubt window answered by every seat offered it; ``me`` plays by its own rules."""

    def policy(seat: int) -> RolloutPolicy:
        return OWN_ROLLOUT_POLICY if seat == me else ROLLOUT_POLICY

    actors = game.actors(state)
    if len(actors) == 1:
        seat = actors[0]
        view = game.view(state, seat)
        if state.phase != TURN:
            return game.apply(state, seat, policy(seat).choose(view, legal_actions(state, seat), rng))[0]
        choice = policy(seat).decide(view, policy_lays(state, seat), bool(state.field), rng)
        return _after(game, state, seat, _move(policy(seat), view, choice))
    for seat in actors:  # a doubt window
        if policy(seat).choose(game.view(state, seat), (PASS, DOUBT), rng) == DOUBT:
            return game.apply(state, seat, DOUBT)[0]
    for seat in actors:
        state = game.apply(state, seat, PASS)[0]
    return state


# -- choosing ----------------------------------------------------------------------------------------


def honest_score(play: Lay, reversed_order: bool) -> float:
    """The heuristic's score of an honest play: the value of the cards given up less one per card shed."""
    return cost(play.up, reversed_order) - SHED * len(play.up)


@dataclass(frozen=True)
class Move:
    """A decision on a turn: a pass, or a whole play with its face-down cards, of which the first
    ``shown`` cards are shown already."""

    choice: Choice
    down: tuple[Card, ...] = ()
    shown: int = 0

    def steps(self) -> tuple[Action, ...]:
        """The actions still to take."""
        if isinstance(self.choice, Pass):
            return (self.choice,)
        return self.choice.steps(self.down)[self.shown:]


def _move(policy: MillionDoubtHeuristicBot, view: MillionDoubtView, choice: Choice) -> Move:
    """``choice`` with the policy's face-down cards, going on from the cards shown so far."""
    if isinstance(choice, Pass) or not choice.hidden:
        return Move(choice, (), len(view.laying))
    return Move(choice, policy.hide_choice(view, choice.up, choice.hidden, choice.revolution), len(view.laying))


def _after(game: Rules, state: MillionDoubtState, seat: int, move: Move) -> MillionDoubtState:
    """The state once ``move`` is made: a whole play at once when begun from nothing (the same as
    its steps, without listing the hand's plays to check each)."""
    if isinstance(move.choice, Lay) and not move.shown:
        return MILLION_DOUBT.apply_lay(state, seat, move.choice, move.down)[0]
    for action in move.steps():
        state = game.apply(state, seat, action)[0]
    return state


def candidates(view: MillionDoubtView, lays: Sequence[Lay], can_pass: bool) -> list[Choice]:
    """The turn choices worth looking ahead on, among the whole plays ``lays``: going out if it can
    (alone), else the best honest plays, a pass, and the wholly face-down plays."""
    hand = view.hand or ()
    honest = [a for a in lays if not a.hidden]
    going_out = [a for a in honest if len(a.up) == len(hand)]
    if going_out:
        return [going_out[0]]
    honest.sort(key=lambda a: (honest_score(a, view.reversed_order), str(a)))
    chosen: list[Choice] = [*honest[:HONEST_CANDIDATES]]
    if can_pass:
        chosen.append(PASS)
    chosen += [a for a in lays if a.hidden and not a.up and not a.revolution]
    return chosen


def hide_cards(view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool) -> tuple[Card, ...]:
    """The face-down cards for an announced play: the cheapest set, where a true one gets ``TRUTH_MARGIN``.

    A true set is worth a little more (a doubt on it fails), but not the jokers and 2s the
    heuristic would spend on it."""
    rest = list(view.hand or ())
    for card in up:
        rest.remove(card)
    rev = view.reversed_order
    binding, lock = binding_of(view), (frozenset(view.lock) or None)
    weakest = tuple(sorted(rest, key=lambda c: (value(c, rev), c.index))[:hidden])
    options = [weakest, *completions(visible(up, hidden, revolution), rest, lock)]

    def price(cards: tuple[Card, ...]) -> tuple[float, str]:
        true = legal_on(visible(up + cards, 0, revolution), binding, lock, rev, view.spade3_beats_joker)
        return cost(cards, rev) - (TRUTH_MARGIN if true else 0.0), " ".join(map(str, cards))

    return min((o for o in options if len(o) == hidden), key=price)


def expert_hide_choice(bot: MillionDoubtHeuristicBot, view: MillionDoubtView, up: tuple[Card, ...], hidden: int,
                       revolution: bool, named: tuple[Card, ...]) -> tuple[Card, ...]:
    """:func:`hide_cards` in hand order; should ``named`` (the cards named so far, by another
    choice) not begin them, the heuristic's best set that goes on from them."""
    cards = sort_cards(hide_cards(view, up, hidden, revolution))
    if cards[: len(named)] == named:
        return cards
    return MillionDoubtHeuristicBot.hide_choice(bot, view, up, hidden, revolution, named)


def claim_impossible(view: MillionDoubtView) -> bool:
    """No card this seat has not seen can make the last play's claim true: a certain lie.

    Card counting: the player's face-down cards came from the cards unseen by this seat, so when
    no set of those (say, a fifth 9 or a third joker) reads as a legal play, a doubt cannot fail."""
    play = view.field[-1]
    shown = visible(play.up, len(play.down), play.revolution)
    binding, lock = binding_of(view, before_last=True), (frozenset(view.lock) or None)
    return not any(
        legal_on(visible(play.up + fill, 0, play.revolution), binding, lock, view.reversed_order,
                 view.spade3_beats_joker)
        for fill in completions(shown, unseen_cards(view), lock)
    )


def worth_doubting(view: MillionDoubtView, rng: random.Random, samples: int = EXPERT_DOUBT_SAMPLES,
                   recent: RecentLies | None = None) -> bool:
    """Doubt a claim the count proves false; else when it pays, the chance of a lie read from the
    count and from the player's record (:mod:`~kakehiki.games.million_doubt.bots.model`).

    The expert used to believe every play showing a card and doubt every wholly face-down one:
    right against the heuristic, exploitable by anyone who lies differently (issue 19).  The
    record of each seat says how it lies; the count says when it cannot be telling the truth."""
    play = view.field[-1]
    if not play.down:
        return False
    if claim_impossible(view):
        return True
    q = recent.rate(play.seat, blind=not play.up) if recent is not None else None
    return worth_calling(view, chance_of_lie(view, chance_honest_possible(view, rng, samples), q))


class MillionDoubtExpertBot(MillionDoubtHeuristicBot):
    """The heuristic's play, improved by a lookahead of ``rollouts`` games per turn decision."""

    name = "expert"

    def __init__(self, rollouts: int = ROLLOUTS, step_budget: int = STEP_BUDGET) -> None:
        self.rollouts = rollouts
        self.step_budget = step_budget
        self.recent = RecentLies()

    def choose(self, view: MillionDoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Without a sampler: the heuristic's turn, with the expert's doubts and face-down cards."""
        if view.phase == "doubt":
            if RECENT:
                self.recent.observe(view)
            recent = self.recent if RECENT else None
            return DOUBT if worth_doubting(view, fast_rng(rng), recent=recent) else PASS  # dealt many times
        return super().choose(view, legal, rng)

    def choose_sampled(
        self, game: Rules, seat: int, view: MillionDoubtView, legal: Sequence[Action],
        rng: random.Random, sample: Sampler,
    ) -> Action:
        """On a turn, the candidates (:func:`candidates`) that go on from the cards shown so far
        (all of them before the first), searched when there are several."""
        if view.phase != "turn" or len(legal) == 1:
            return self.choose(view, legal, rng)
        begun = bool(view.laying)
        options = [c for c in candidates(view, view_lays(view), not begun and PASS in legal)
                   if isinstance(c, Pass) or c.starts_with(view.laying)]
        if not options:
            return self.choose(view, legal, rng)
        # several candidates: searched on many deals, drawn from a fast generator
        best = options[0] if len(options) == 1 else self._best(game, seat, view, options, fast_rng(rng), sample)
        return _move(self, view, best).steps()[0]

    def hide_choice(self, view: MillionDoubtView, up: tuple[Card, ...], hidden: int, revolution: bool,
                    named: tuple[Card, ...] = ()) -> tuple[Card, ...]:
        return expert_hide_choice(self, view, up, hidden, revolution, named)

    def _best(
        self, game: Rules, seat: int, view: MillionDoubtView, options: list[Choice],
        rng: random.Random, sample: Sampler,
    ) -> Choice:
        """Sequential halving: each round plays every candidate still in on the same fresh
        determinizations, then keeps the better half.  When the step budget runs out the
        candidates still in are ranked on the games played so far."""
        forget_plays()
        moves = [_move(self, view, a) for a in options]
        wins = [0.0] * len(options)
        games = [0] * len(options)
        alive = list(range(len(options)))
        per_round = self.rollouts / max(1, (len(options) - 1).bit_length())
        budget = Budget(self.step_budget)
        while len(alive) > 1 and budget.steps_left > 0:
            for _ in range(max(1, round(per_round / len(alive)))):
                if budget.steps_left <= 0:
                    break
                state, seed = sample(rng), rng.getrandbits(32)
                for i in alive:
                    after = _after(game, state, seat, moves[i])
                    wins[i] += first_out(game, after, seat, random.Random(seed), budget)
                    games[i] += 1
            alive.sort(key=lambda i: (-wins[i] / max(1, games[i]), i))
            alive = alive[: (len(alive) + 1) // 2] if len(alive) > 2 else alive[:1]
        return options[alive[0]]


