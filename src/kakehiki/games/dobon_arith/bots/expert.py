"""The expert arithmetic Dobon bot (``expert``; the ``hard`` level): it weighs each action by
the chance that it wins the game, over many guesses of the hands it cannot see.

What the rule bot (``normal``) leaves out, and this bot counts:

* **The other way to be hit.**  A card I play stays on top while the next seat draws; if that
  seat cannot (or will not) follow it, it draws, and a drawn card can make its hand reach the
  card.  A third of two-player games are won by calling right after one's own draw.
* **Drawing to win.**  Drawing is also a chance to reach the other seat's top card.
* **Traps.**  A card whose value my remaining hand also reaches is safe to play: a call on it
  is answered by my gaeshi, which wins (two players; with more, unless a third seat answers).
* **The answer.**  Each guessed hand of the next seat answers my card as a rule-like player
  would (the card it thinks least likely to be called on; it never plays its last card), and
  that answer may hit my own waits.
* **Reading the last play.**  Guessed hands are weighted by how likely a rule-like player
  holding them was to make the play it made last, and to let the cards it saw pass uncalled
  (``view.log``).  A seat that plays into a value I may wait on often holds the counter.
* **Hand sizes.**  After one exchange the game is valued by the hand sizes alone, as measured
  in games between rule bots: each halving of my hand against the others' is worth about a
  tenth of a win (two players).

The guesses deal each other seat's unseen cards at random from the cards this seat has not
seen (revealed cards stay where they are), :data:`SAMPLES` per seat, from the generator handed
in.  Everything it reads is in its view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, exp, log

from kakehiki.bots import fast_rng
from kakehiki.bots.style_mix import SURE, Fit, mean, missed_call, mixed, one_of, times
from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.games.dobon_arith import ArithView, Draw, Play
from kakehiki.games.dobon_arith.bots.heuristic import cards_score, whole_plays
from kakehiki.games.dobon_arith.rules.actions import DOBON, DRAW, DRAW_TWO, PASS, REVERSE, SKIP, WILD
from kakehiki.games.dobon_arith.rules.arith import reachable
from kakehiki.games.dobon_arith.rules.plays import next_step
from kakehiki.games.dobon_arith.rules.state import PublicMove

SAMPLES = 256  # hands guessed per other seat and decision
MAX_CANDIDATES = 16  # plays weighed per decision (big hands stack many ways)
EPS_CALL = 0.08  # chance a seat lets a card it can call on pass
EPS_DRAW = 0.12  # chance a seat draws while holding a card it could play
EPS_TWOS = 0.3  # chance a seat pays twos while holding a 2
TEMPERATURE = 0.1  # how sharply a rule-like player prefers its best-scored play
LOSS_WEIGHT = 0.5  # a loss counts this much against a win (more than two players)
DRAW_SCORE = -0.6  # the rule bot's score for drawing instead of playing
NO_VALUE = (0.0,) * 14

MISSED = missed_call(EPS_CALL)


def hand_reach(cards: Sequence[Card]) -> frozenset[int]:
    """The values these cards call Dobon on (A3)."""
    return reachable(tuple(sorted([c.rank for c in cards])))


def follows(card: Card, rank: int, suit: str) -> bool:
    return card.rank == WILD or card.suit == suit or card.rank == rank


def unseen_cards(view: ArithView) -> list[Card]:
    """Cards this seat has not seen: not in its hand, on the field, or shown by anyone."""
    seen = {c.index for c in view.hand or ()} | {c.index for c in view.field}
    seen |= {c.index for shown in view.revealed for c in shown}
    return [c for c in STANDARD_DECK if c.index not in seen]


# -- how a rule-like player sees the table ---------------------------------------------------------


@cache
def prior_reach(size: int) -> tuple[float, ...]:
    """Per value 0..13, the chance that ``size`` cards dealt at random from a full deck reach it."""
    size = min(size, 5)  # six or more cards reach almost nothing
    if size <= 0:
        return NO_VALUE
    total = comb(52, size)
    chances = [0.0] * 14
    for ranks in combinations_with_replacement(range(1, 14), size):
        ways = 1
        for count in Counter(ranks).values():
            ways *= comb(4, count)
        for value in reachable(ranks):
            chances[value] += ways / total
    return tuple(chances)


@lru_cache(maxsize=4096)
def table_danger(sizes: tuple[int, ...]) -> tuple[float, ...]:
    """Per value, the chance that at least one of hands of these sizes (unseen) reaches it."""
    safe = [1.0] * 14
    for size in sizes:
        for value, chance in enumerate(prior_reach(size)):
            safe[value] *= 1 - chance
    return tuple(1 - s for s in safe)


def rule_reply(hand: Sequence[Card], rank: int, suit: str, danger: Sequence[float]) -> Card | None:
    """The card a rule-like player holding ``hand`` plays on a top card (None: it draws)."""
    if len(hand) <= 1:
        return None  # it keeps its last card: an empty hand cannot win (A7)
    best: Card | None = None
    best_score = DRAW_SCORE
    for card in hand:
        if follows(card, rank, suit):
            score = cards_score(hand, (card,), danger)
            if score > best_score:
                best, best_score = card, score
    return best


def play_likelihood(hand: Sequence[Card], move: PublicMove, danger: Sequence[float]) -> Fit:
    """How likely a player holding ``hand`` made ``move`` (a play) rather than another
    single-card play or a draw.  A rule-like player: a softmax of the rule bot's scores; a
    player of unknown style: any of them alike."""
    assert isinstance(move.action, Play)
    played = move.action.cards
    chosen = cards_score(hand, played, danger)
    total = 1 + exp((DRAW_SCORE - chosen) / TEMPERATURE)
    options = 2
    for card in hand:
        if (card,) != played and follows(card, move.top.rank, move.suit):
            total += exp((cards_score(hand, (card,), danger) - chosen) / TEMPERATURE)
            options += 1
    return one_of(1 / total, options)


# -- guessing the hands this seat cannot see ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Guess:
    """One guess of a seat's hand, with the cards it would draw next (random unseen cards).

    ``weight`` is how well the hand explains the public log; ``quiet`` is the chance that a
    seat holding it lets the top card pass uncalled now (see :meth:`ArithExpertBot._tables`)."""

    weight: float
    hand: tuple[Card, ...]
    reach: frozenset[int]
    stock: tuple[Card, ...]
    quiet: float = 1.0


def call_likelihood(hand: Sequence[Card], seat: int, top: Card, owner: int | None) -> Fit:
    """A seat that could call on the top card (not its own) did not."""
    if seat != owner and hand and top.rank in hand_reach(hand):
        return MISSED
    return SURE


def draw_likelihood(hand: Sequence[Card], move: PublicMove) -> Fit:
    """A seat drew: a rule-like player most likely had nothing to play (or no 2 to pass twos
    on); one of unknown style drew as one of its choices."""
    if len(hand) <= 1:
        return SURE  # a last card is kept anyway
    if move.pending:
        twos = sum(1 for c in hand if c.rank == DRAW_TWO)
        return one_of(EPS_TWOS, twos + 1) if twos else SURE
    playable = sum(1 for c in hand if follows(c, move.top.rank, move.suit))
    return one_of(EPS_DRAW, playable + 1) if playable else SURE


def undo_draw(hand: list[Card], seat: int, move: PublicMove, shown: tuple[Card, ...],
              rng: random.Random) -> tuple[list[Card], Fit]:
    """The hand before a draw: which cards were the drawn ones is picked by how well the hand
    left explains the draw and the calls not made (the styles mixed); also returns that
    explanation's mean chance under each style."""
    free = [c for c in hand if c not in shown]
    if len(free) < move.drawn:
        return hand, SURE
    if comb(len(free), move.drawn) <= 64:
        options = [set(d) for d in combinations(free, move.drawn)]
    else:
        options = [set(rng.sample(free, move.drawn)) for _ in range(32)]
    befores = [[c for c in hand if c not in drawn] for drawn in options]
    fits = [times(draw_likelihood(b, move), call_likelihood(b, seat, move.top, move.top_owner)) for b in befores]
    likes = [mixed(f) for f in fits]
    pick = rng.random() * sum(likes)
    for before, like in zip(befores, likes, strict=True):
        pick -= like
        if pick <= 0:
            return before, mean(fits)
    return befores[-1], mean(fits)


def sizes_before(view: ArithView) -> list[tuple[int, ...]]:
    """Every seat's hand size just before each move of the log."""
    sizes = list(view.hand_sizes)
    before: list[tuple[int, ...]] = [()] * len(view.log)
    for i in range(len(view.log) - 1, -1, -1):
        move = view.log[i]
        if isinstance(move.action, Play):
            sizes[move.seat] += len(move.action.cards)
        else:
            sizes[move.seat] = max(0, sizes[move.seat] - move.drawn)
        before[i] = tuple(sizes)
    return before


def history_weight(view: ArithView, seat: int, hand: tuple[Card, ...], sizes: list[tuple[int, ...]],
                   rng: random.Random) -> float:
    """How well ``hand`` (a guess of ``seat``'s hand now) explains what the table saw since that
    seat's last play: the calls it did not make, its draws, and that play itself, the styles
    mixed (:mod:`kakehiki.bots.style_mix`).  The top card now is left out: whether the seat calls on it is
    not known yet."""
    return mixed(history_fit(view, seat, hand, sizes, rng))


def history_fit(view: ArithView, seat: int, hand: tuple[Card, ...], sizes: list[tuple[int, ...]],
                rng: random.Random) -> Fit:
    """:func:`history_weight` under each style."""
    cards = list(hand)
    fit = SURE
    for i in range(len(view.log) - 1, -1, -1):
        move = view.log[i]
        if move.seat == seat:
            if move.shown:
                return fit  # its hand was shown then: nothing more to learn
            if isinstance(move.action, Draw) and move.drawn:
                cards, factor = undo_draw(cards, seat, move, view.revealed[seat], rng)
                fit = times(fit, factor)
                continue
            if isinstance(move.action, Play):
                cards.extend(move.action.cards)
                fit = times(fit, call_likelihood(cards, seat, move.top, move.top_owner))
                if not move.pending:
                    others = tuple(n for s, n in enumerate(sizes[i]) if s != seat)
                    fit = times(fit, play_likelihood(cards, move, table_danger(others)))
                return fit
        fit = times(fit, call_likelihood(cards, seat, move.top, move.top_owner))
    return fit


def guess_hands(view: ArithView, seat: int, unseen: list[Card], count: int, sizes: list[tuple[int, ...]],
                rng: random.Random) -> list[Guess]:
    """``count`` weighted guesses of ``seat``'s hand, each with three cards it would draw next."""
    shown = view.revealed[seat]
    hidden = view.hand_sizes[seat] - len(shown)
    pool = unseen or list(view.field)
    if hidden <= 0 or hidden + 3 > len(unseen):
        guesses = []
        for _ in range(count):
            hand = (*shown, *rng.choices(pool, k=max(hidden, 0)))
            guesses.append(Guess(1.0, hand, hand_reach(hand), tuple(rng.choices(pool, k=3))))
        return guesses
    guesses = []
    for _ in range(count):
        picked = rng.sample(unseen, hidden + 3)
        hand = (*shown, *picked[:hidden])
        weight = history_weight(view, seat, hand, sizes, rng)
        quiet = mixed(call_likelihood(hand, seat, view.top, view.top_owner)) if not view.chain else 1.0
        guesses.append(Guess(weight, hand, hand_reach(hand), tuple(picked[hidden:]), quiet))
    return guesses


# -- what a position is worth ----------------------------------------------------------------------

# Chance to win (and to lose) at the start of one's turn, against the mean log hand size of the
# other seats minus one's own, fitted on games between rule bots: (base, slope) by table size.
WIN_FIT = {2: (0.5, 0.10), 3: (0.33, 0.17), 4: (0.28, 0.21)}
LOSE_FIT = {2: (0.5, 0.10), 3: (0.33, 0.12), 4: (0.255, 0.117)}


def position_value(mine: int, others: Sequence[int]) -> float:
    """Win minus weighted loss chance of the seat about to move, from hand sizes alone."""
    players = len(others) + 1
    lead = sum(log(max(n, 1)) for n in others) / len(others) - log(max(mine, 1))
    win_base, win_slope = WIN_FIT.get(players, (1 / players, 0.21))
    lose_base, lose_slope = LOSE_FIT.get(players, (1 / players, 0.1))
    win = min(0.97, max(0.01, win_base + win_slope * lead))
    lose = min(0.97, max(0.01, lose_base - lose_slope * lead))
    if players == 2:
        return win - LOSS_WEIGHT * (1 - win)
    return win - LOSS_WEIGHT * lose


WIN, LOSS = 1.0, -LOSS_WEIGHT


@dataclass
class Table:
    """One joint guess of the table from my seat: my hand and a guess for every other seat."""

    view: ArithView
    me: int
    guesses: dict[int, Guess]

    def seat_after(self, seat: int, direction: int, count: int = 1) -> int:
        return (seat + direction * count) % len(self.view.hand_sizes)

    def value_after(self, mine: int, changed: dict[int, int] | None = None) -> float:
        """The position once it is my turn again: my hand size, the others' (some ``changed``)."""
        changed = changed or {}
        return position_value(mine, [changed.get(s, len(g.hand)) for s, g in self.guesses.items()])

    def callers(self, rank: int, exclude: int | None = None) -> list[int]:
        return [s for s, g in self.guesses.items() if s != exclude and rank in g.reach]

    def answer_call(self, caller_wins: bool, counters: list[int]) -> float:
        """My call stands unless another seat can answer it (A5)."""
        return LOSS if counters else (WIN if caller_wins else 0.0)

    def danger_for(self, seat: int, my_size: int) -> tuple[float, ...]:
        """What ``seat`` fears, seeing only hand sizes: mine and the other guessed seats'."""
        sizes = [my_size] + [len(g.hand) for s, g in self.guesses.items() if s != seat]
        return table_danger(tuple(sorted(sizes)))


def play_value(table: Table, play: Play, rest: tuple[Card, ...], waits: frozenset[int]) -> float:
    """My play, the calls on it, the next seat's answer, then the hand sizes."""
    view, me = table.view, table.me
    rank, suit = play.rank, play.suit or play.cards[-1].suit
    trap = rank in waits
    callers = table.callers(rank)
    if callers:
        return hit_value(trap, len(callers))
    direction = -view.direction if rank == REVERSE and len(play.cards) % 2 else view.direction
    skipped = len(play.cards) if rank == SKIP else 0
    nxt = table.seat_after(me, direction, 1 + skipped)
    if nxt == me:
        return table.value_after(len(rest))
    guess = table.guesses[nxt]
    if rank == DRAW_TWO:
        return twos_value(table, play, rest, trap, nxt, direction)
    reply = rule_reply(guess.hand, rank, suit, table.danger_for(nxt, len(rest)))
    if reply is None:
        grown = (*guess.hand, guess.stock[0])
        if rank in hand_reach(grown):
            return hit_value(trap, 1)
        return table.value_after(len(rest), {nxt: len(grown)})
    left = tuple(c for c in guess.hand if c is not reply)
    if reply.rank in waits:
        counters = [s for s in table.callers(reply.rank, exclude=nxt)] + (
            [nxt] if reply.rank in hand_reach(left) else [])
        return table.answer_call(True, counters)
    return table.value_after(len(rest), {nxt: len(left)})


def hit_value(trap: bool, callers: int) -> float:
    """Someone calls on my card: with a counter (trap) I win if exactly one seat called."""
    return WIN if trap and callers == 1 else LOSS


def twos_value(table: Table, play: Play, rest: tuple[Card, ...], trap: bool, nxt: int, direction: int) -> float:
    """Twos: the next seat passes them on with its own 2s, or draws them all."""
    guess = table.guesses[nxt]
    owed = 2 * len(play.cards) + table.view.pending
    if any(c.rank == DRAW_TWO for c in guess.hand):
        if table.seat_after(nxt, direction) == table.me:
            return table.value_after(len(rest) + owed + 2, {nxt: len(guess.hand) - 1})
        return table.value_after(len(rest), {nxt: len(guess.hand) - 1})
    grown = (*guess.hand, *guess.stock[:owed])
    if DRAW_TWO in hand_reach(grown):
        return hit_value(trap, 1)
    return table.value_after(len(rest), {nxt: len(guess.hand) + owed})


def draw_value(table: Table, drawn: tuple[Card, ...], extra: int) -> float:
    """I draw (``drawn``: the cards, ``extra``: how many more beyond them), or pass the opening;
    then the next seat answers the same top card."""
    view, me = table.view, table.me
    hand = view.hand or ()
    grown = (*hand, *drawn)
    size = len(grown) + extra
    top = view.top
    mine = hand_reach(grown) if not extra else frozenset()
    if drawn and view.top_owner != me and top.rank in mine:
        counters = table.callers(top.rank)
        return table.answer_call(True, counters)
    nxt = table.seat_after(me, view.direction)
    guess = table.guesses[nxt]
    reply = rule_reply(guess.hand, top.rank, view.suit, table.danger_for(nxt, size))
    if reply is None:
        more = (*guess.hand, guess.stock[0])
        if view.top_owner == me and top.rank in hand_reach(more):
            return LOSS
        return table.value_after(size, {nxt: len(more)})
    left = tuple(c for c in guess.hand if c is not reply)
    if reply.rank in mine:
        counters = table.callers(reply.rank, exclude=nxt) + ([nxt] if reply.rank in hand_reach(left) else [])
        return table.answer_call(True, counters)
    return table.value_after(size, {nxt: len(left)})


def call_value(table: Table) -> float:
    """I call on the top card: it stands unless a seat outside the chain answers it (A5)."""
    view = table.view
    counters = [s for s in table.callers(view.top.rank) if s not in view.chain]
    return table.answer_call(True, counters)


# -- the bot -----------------------------------------------------------------------------------------


def candidate_plays(plays: Sequence[Play]) -> list[Play]:
    """One play per (cards, top card, named suit); for very big hands, single cards and the
    biggest stack of each number."""
    unique: dict[tuple[frozenset[int], int, str | None], Play] = {}
    for play in plays:
        unique.setdefault((frozenset(c.index for c in play.cards), play.cards[-1].index, play.suit), play)
    chosen = list(unique.values())
    if len(chosen) <= MAX_CANDIDATES:
        return chosen
    biggest: dict[tuple[int, str | None], Play] = {}
    for play in chosen:
        key = (play.rank, play.suit)
        if key not in biggest or len(play.cards) > len(biggest[key].cards):
            biggest[key] = play
    singles = [p for p in chosen if len(p.cards) == 1]
    return singles + [p for p in biggest.values() if len(p.cards) > 1]


class ArithExpertBot:
    """Picks the action with the best mean value over joint guesses of the other hands."""

    name = "expert"

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples

    def choose(self, view: ArithView, legal: Sequence[Action], rng: random.Random) -> Action:
        me = view.seat
        assert me is not None and view.hand is not None
        if len(legal) == 1:
            return legal[0]
        chain = view.chain
        if DOBON in legal and chain:
            doomed = chain[-2] if len(chain) > 1 else view.top_owner
            if doomed is None or doomed == me:
                return DOBON  # answering is the only way not to lose (A5)
        tables = self._tables(view, fast_rng(rng))  # many samples: a fast generator
        options = self._options(view, legal)
        values = [self._mean(tables, option.value, option.ordinary) for option in options]
        best = max(range(len(options)), key=lambda i: values[i])
        return options[best].action

    def _tables(self, view: ArithView, rng: random.Random) -> list[tuple[float, float, Table]]:
        """Joint guesses, each with two weights: by the log alone, and by the log and the other
        seats letting the top card pass.  My ordinary turn move takes effect only if nobody else
        calls on the top card (the host applies it once they have declined: C4), so it is valued
        on the second; my own call takes priority over theirs, so it is valued on the first."""
        me = view.seat
        assert me is not None
        unseen = unseen_cards(view)
        sizes = sizes_before(view)
        others = [s for s in range(len(view.hand_sizes)) if s != me]
        per_seat = {s: guess_hands(view, s, unseen, self.samples, sizes, rng) for s in others}
        count = min(len(g) for g in per_seat.values())
        tables = []
        for i in range(count):
            guesses = {s: per_seat[s][i] for s in others}
            weight = quiet = 1.0
            for g in guesses.values():
                weight *= g.weight
                quiet *= g.quiet
            tables.append((weight, weight * quiet, Table(view, me, guesses)))
        return tables

    @staticmethod
    def _mean(tables: list[tuple[float, float, Table]], value: Callable[[Table], float], ordinary: bool) -> float:
        """The weighted mean of ``value`` over the guesses (plain mean if every weight is zero);
        an ``ordinary`` turn move is weighted by the others letting the top card pass."""
        weighted = [(q if ordinary else w, t) for w, q, t in tables]
        total = sum(w for w, _ in weighted)
        if total <= 0:
            return sum(value(t) for _, t in weighted) / len(weighted)
        return sum(w * value(t) for w, t in weighted if w > 0) / total

    def _options(self, view: ArithView, legal: Sequence[Action]) -> list[Option]:
        hand = view.hand or ()
        options: list[Option] = []
        if DOBON in legal:
            options.append(Option(DOBON, call_value))
        if PASS in legal and DRAW not in legal:  # an offer out of turn
            options.append(Option(PASS, lambda t: t.value_after(len(hand))))
        if DRAW in legal:  # my turn: every other action is an ordinary move (C4)
            pending = view.pending
            options.append(Option(DRAW, lambda t: draw_value(
                t, t.guesses[min(t.guesses)].stock[2:] if not pending else (), pending), True))
            if PASS in legal:
                options.append(Option(PASS, lambda t: draw_value(t, (), 0), True))
        for play in candidate_plays(whole_plays(view, legal)):  # valued whole, made in steps
            step = next_step(play, view.staged)
            rest = tuple(c for c in hand if c not in play.cards)
            if not rest:
                options.append(Option(step, lambda t: LOSS, True))  # an empty hand cannot win (A7)
                continue
            options.append(Option(step, play_valuer(play, rest, hand_reach(rest)), True))
        return options


def play_valuer(play: Play, rest: tuple[Card, ...], waits: frozenset[int]) -> Callable[[Table], float]:
    """:func:`play_value` of this play, for one guessed table."""
    return lambda table: play_value(table, play, rest, waits)


@dataclass(frozen=True)
class Option:
    """An action and how to value it on one guessed table."""

    action: Action
    value: Callable[[Table], float]
    ordinary: bool = False  # a turn move, applied only if nobody else calls on the top card


