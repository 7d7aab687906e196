"""Doubt ``expert``: races the table with a lookahead, and leaves uncertain doubts to others.

With ``show_pile`` (each pile taken face up) most of every hand is public among careful
players: after a few pickups a seat knows nearly every card the others hold, and a lie is caught
the moment it is told.  The game then runs almost like clockwork: the seat to play puts down the
claimed rank if it holds one, and otherwise lies and takes the pile.  By default (B5) a pile is
taken unseen but for the doubted play, so far less is known and the deals below are mostly
shuffled; the same rules hold.  ``expert`` uses that:

* **The race.**  Holding the claimed rank, it may still lie on purpose, to be caught and take
  the pile now, when that wins the race.  It deals the cards it cannot see several times
  (:func:`sample_world`: cards seen going into a hand are still there unless that seat has
  since claimed their rank, undoubted plays are what they claimed, the rest is shuffled),
  plays each deal out both ways by the clockwork rule (:func:`race`), and lies only when
  taking the pile now does clearly better over those deals.
* **Doubts.**  Each opponent is read from its own record (:class:`Honesty`, issue 35): how
  often it tells the truth when it can, learnt from its doubted plays with old evidence fading
  (``FORGET``), so a seat that changes its habits is read anew; and how often each seat doubts.
  With the pile penalty and piles taken unseen (the default) a call is made when it does better
  than letting the play be (:func:`doubt_pays`): a lie another seat would catch anyway needs no
  call, a wrong call that a seat sooner after the player makes too costs nothing, and every
  outcome is judged by this seat's share of the table by hand sizes.  A claim that only cards
  seen going into hands rule out is no proof (:func:`proven_lie`): with piles taken unseen they
  may have left.  Otherwise (other penalties, ``show_pile``) it calls only lies it is nearly sure
  of (:func:`call_threshold`), as before.  It calls every play that would take a seat out.
* **The race to go out** (:mod:`~kakehiki.games.doubt.bots.finish`, issue 35).  At one card a
  play each seat's last claim is fixed by its hand size, and careful players call every play that
  would go out, so the game is mostly settled by who holds the rank of its last play.  Where that
  is the game (:func:`races_for_it`), a seat whose own last play will be a lie calls likely lies of
  anyone, and one whose last play will be true calls a seat that would go out before it on a lie
  as likely as not.
* **Styles read from the record** (:mod:`doubt_model`).  At two seats, against a seat seen
  doubting true plays as well as lies, it plans its end game (:mod:`doubt_endgame`).  Where no
  other seat is seen doubting at all, a play of several cards is filled up with bluffs.
* Otherwise it plays like ``count``: the truth when it can, else the card it will need last.

Besides the honesty it learns, every decision is made from the view alone (a play of several
cards is chosen again, alike, at each of its steps).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from kakehiki.bots import fast_rng
from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.doubt import DOUBT, PASS, DoubtView, PileView
from kakehiki.games.doubt.bots.basics import calibrated, follow, good, least_needed, tail
from kakehiki.games.doubt.bots.endgame import against_eager_doubter, answer_eager_doubter
from kakehiki.games.doubt.bots.finish import ends_true, goes_out_before, models_table, pile_mends_end, seats_playing
from kakehiki.games.doubt.bots.model import BLIND, Honesty, doubt_rate, habits_of, nobody_doubts
from kakehiki.games.doubt.rules.state import offered

HONEST = 0.97  # chance that a seat able to tell the truth does, where nothing else is known
CLAIMED_AWAY = 0.1  # chance a card seen going into a hand is still there after its rank was claimed
BLUFFED = 0.3  # chance a face-down play by a seat was a bluff (one card of its hand, any)
CERTAIN = 0.9  # call a play only this likely to be a lie
ALONE_AHEAD, ALONE_BEHIND = 0.5, 0.75  # where nobody else doubts: the chance of a lie to call a seat ahead / behind
LEARN_PILE, LEARN_LIE, LEARN_SEEN = 2, 0.3, 3  # a doubt to learn from: pile at most, lie chance at least, plays seen
CALLED_ANYWAY = 0.5  # no doubt to learn from where a seat asked later calls this often
SUSPECT = 0.8  # a seat whose doubted plays were lies this often is a suspect
LIAR = 0.6  # a seat whose learnt honesty is this low has been seen lying
SAMPLES = 8  # deals played out per race decision
MARGIN = 1  # more deals won by lying on purpose than by the truth, to lie on purpose
RACE_ROUNDS = 50  # rounds of plays a race is followed before it is judged by hand sizes


# -- doubting --------------------------------------------------------------------------------------


def truth_chance(view: DoubtView, honesty: float = HONEST, strict: bool = False) -> float:
    """The chance the last play is true, if its player tells the truth with chance ``honesty``
    whenever it can.

    The player could make the claim true with a card seen going into its hand and still there
    (:func:`still_held`), or with cards of the unseen rest of its hand: a hypergeometric draw
    from every card this seat cannot place, less those that undoubted claims put in the pile.
    ``strict``: a claim is read as a sure lie only if the cards placed for certain prove it
    (:func:`proven_lie`); one that only cards seen going into hands rule out is true with chance
    ``honesty * SOFT_PROOF_TRUTH`` (measured: such claims were true a third of the time at three seats)."""
    last = view.pile[-1]
    player, rank, size = last.seat, last.rank, last.size
    others = [s for s in range(len(view.hand_sizes)) if s != view.seat and s not in view.forfeited]
    hidden = [e for e in view.pile[:-1] if e.cards is None]
    placed = list(view.hand or ()) + list(view.discard) + list(view.known[player])
    for entry in view.pile[:-1]:
        placed.extend(entry.cards or ())
    free = {}
    for seat in others:
        held = view.hand_sizes[seat] + (size if seat == player else 0)
        kept = list(view.known[seat]) if seat == player else kept_known(view.known[seat], hidden, seat)
        free[seat] = max(0, held - len(kept))
        if seat != player:
            placed.extend(kept)
    unseen_good = view.rank_counts[rank] + view.rank_counts[0] - sum(1 for c in placed if good(c, rank))
    claimed_good = sum(e.size for e in hidden if e.rank == rank)
    unseen_hit = tail(sum(free.values()), max(0, unseen_good - claimed_good), free.get(player, 0), size)
    known_miss = prod(1 - still_held(view, player, c) for c in view.known[player] if good(c, rank))
    known_good = sum(1 for c in view.known[player] if good(c, rank))
    if not view.options.show_pile and known_good + min(max(0, unseen_good), free.get(player, 0)) < size:
        if not strict or proven_lie(view):
            return 0.0  # a lie as counted: no reading lifts it (with show_pile the count below says so)
        return honesty * SOFT_PROOF_TRUTH
    return honesty * calibrated(view, 1 - known_miss * (1 - unseen_hit))


SOFT_PROOF_TRUTH = 0.55  # a claim that only cards seen going into hands rule out: read as true this often


def proven_lie(view: DoubtView) -> bool:
    """Whether the cards this seat can place for certain (its hand, the discard, plays turned up or
    its own, the cards other seats surely hold) leave too few of the claimed rank for the last play.
    Cards only seen going into a hand may have left it unseen since (B5): they prove nothing."""
    last = view.pile[-1]
    player, rank, size = last.seat, last.rank, last.size
    placed = list(view.hand or ()) + list(view.discard)
    for entry in view.pile[:-1]:
        placed.extend(entry.cards or ())
    for seat in range(len(view.hand_sizes)):
        if seat not in (view.seat, player):
            placed.extend(view.sure[seat])
    sure_good = sum(1 for c in view.sure[player] if good(c, rank))
    unseen_good = view.rank_counts[rank] + view.rank_counts[0] - sum(1 for c in placed if good(c, rank)) - sure_good
    slots = view.hand_sizes[player] + size - len(view.sure[player])
    return sure_good + min(max(0, unseen_good), slots) < size


def kept_known(known: tuple[Card, ...], hidden: Sequence[PileView], seat: int) -> list[Card]:
    """The cards seen going into ``seat``'s hand less one of a rank for each card it has since
    claimed of that rank face down (telling the truth when it can, it used them)."""
    kept = list(known)
    for entry in hidden:
        if entry.seat == seat:
            for _ in range(entry.size):
                used = next((c for c in kept if c.rank == entry.rank), None)
                if used is not None:
                    kept.remove(used)
    return kept


def still_held(view: DoubtView, seat: int, card: Card) -> float:
    """The chance ``seat`` still held ``card`` (seen going into its hand) before its last play.

    Every face-down play it made since is in the pile (a pile taken up shows its cards); one
    claiming the card's rank almost surely used it, any other only as a bluff."""
    earlier = [e for e in view.pile[:-1] if e.seat == seat and e.cards is None]
    hand = max(1, view.hand_sizes[seat] + len(earlier))
    return prod(CLAIMED_AWAY if good(card, e.rank) else 1 - BLUFFED / hand for e in earlier)


def call_threshold(view: DoubtView) -> float:
    """The chance of a lie above which this seat calls: high, as a wrong call costs this seat the
    whole pile (or its game, or two cards) while a caught liar's loss helps every other seat as
    much; a little lower while going out still needs a successful doubt.  At three seats or more,
    where no other seat is seen doubting, nobody else will pay for the call: a seat as far on as
    this one or further is called on even odds, the others on good ones.  (At two seats the
    caution holds: calling a quiet seat on even odds there hands the caller pile after pile.  So it
    does with piles taken unseen, B5, where a claim read as impossible is true half the time.)"""
    me = view.seat if view.seat is not None else 0
    threshold = CERTAIN
    alone = len(view.hand_sizes) - len(view.forfeited) > 2 and nobody_doubts(view)
    if view.options.penalty == "pile" and view.options.show_pile and alone:
        threshold = ALONE_AHEAD if view.hand_sizes[view.turn] <= view.hand_sizes[me] else ALONE_BEHIND
    if view.options.require_successful_doubt and not view.successes[me]:
        return threshold - 0.1
    return threshold


FORGET = 0.1  # how far each doubted play pulls a seat's honesty back to the prior first: about the last 10 count
DOUBT_MARGIN = 0.0  # at three seats or more: call whenever calling does better
TWO_SEAT_MARGIN = 0.04  # head to head a call must do this much better (tuned on seeds 100+)


def reads_table(view: DoubtView) -> bool:
    """Whether calls are weighed by :func:`doubt_pays`: the pile penalty with piles taken unseen
    (the default, B5), going out on any play that stands.  With ``show_pile`` nearly every hand is
    public and the fixed thresholds (:func:`call_threshold`) were measured to do well."""
    o = view.options
    return o.penalty == "pile" and not o.require_successful_doubt and not o.show_pile


def doubt_pays(view: DoubtView, lie: float) -> bool:
    """Whether calling the last play does better for this seat than letting it be, by the table's
    read: the chance ``lie`` that it is a lie, and each other seat's doubt rate from its record
    (a lie another seat would catch anyway needs no call of this seat's; a wrong call that a seat
    sooner after the player makes too costs this seat nothing).  Each outcome is judged by
    :func:`standing`, this seat's share of the table by hand sizes once the pile has gone."""
    me = view.seat if view.seat is not None else 0
    order = list(offered(view.options, len(view.hand_sizes), view.forfeited, view.turn))
    if me not in order:
        return False
    sizes = list(view.hand_sizes)
    skipped = frozenset(view.forfeited)

    def value(taker: int | None) -> float:
        after = list(sizes)
        if taker is not None:
            after[taker] += view.pile_size
        return standing(after, me, skipped)

    rates = {s: doubt_rate(habits_of(view, s)) for s in order if s != me}
    mine = order.index(me)
    before, others = order[:mine], [s for s in order if s != me]

    def first_callers(seats: list[int]) -> tuple[float, float]:
        """The expected value when the first of ``seats`` to call takes the pile, and the chance none calls."""
        none, total = 1.0, 0.0
        for seat in seats:
            total += none * rates[seat] * value(seat)
            none *= 1 - rates[seat]
        return total, none

    stand = value(None)
    caught = value(view.turn)
    called_by_other, no_other = first_callers(others)
    called_before, none_before = first_callers(before)
    passing = lie * ((1 - no_other) * caught + no_other * stand) + (1 - lie) * (called_by_other + no_other * stand)
    calling = lie * caught + (1 - lie) * (called_before + none_before * value(me))
    margin = TWO_SEAT_MARGIN if len(order) == 1 else DOUBT_MARGIN
    return calling > passing + margin


def called_after(view: DoubtView) -> float:
    """The chance that a seat asked after this one calls the last play, counting the seats seen
    calling blindly (a doubt rate above ``BLIND`` over at least ``LEARN_SEEN`` answers): a doubt
    of theirs teaches as much (:class:`~kakehiki.games.doubt.bots.model.Honesty` learns from
    blind callers too) at no risk to this seat.  A seat not seen answering yet counts for none."""
    me = view.seat if view.seat is not None else 0
    order = offered(view.options, len(view.hand_sizes), view.forfeited, view.turn)
    later = [habits_of(view, s) for s in (order[order.index(me) + 1:] if me in order else ())]
    rates = [doubt_rate(h) for h in later if h.asked >= LEARN_SEEN]
    return 1 - prod(1 - rate for rate in rates if rate >= BLIND)


def standing(sizes: list[int], me: int, skipped: frozenset[int]) -> float:
    """This seat's share of the table by hand sizes: each seat's inverse size over all (as :func:`share`)."""
    weights = [0.0 if seat in skipped else 1 / max(n, 0.5) for seat, n in enumerate(sizes)]
    return weights[me] / sum(weights)


# -- the race: the game played out as clockwork on rank counts -------------------------------------


@dataclass(frozen=True)
class World:
    """One deal of the cards a seat cannot see: every hand and the pile as counts per rank (0 = joker)."""

    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]


def rank_pool(view: DoubtView) -> list[int]:
    """Copies of each rank (0 = joker) this seat cannot place: not in its hand, its own or
    turned-up plays, or the discard."""
    pool = list(view.rank_counts)
    seen = list(view.hand or ()) + list(view.discard)
    for entry in view.pile:
        seen.extend(entry.cards or ())
    for card in seen:
        pool[card.rank] -= 1
    return pool


def sample_world(view: DoubtView, rng: random.Random) -> World:
    """Deal the unseen cards once: known cards stay where they were seen go, unless their seat
    has since claimed their rank; undoubted plays are what they claimed; the rest is shuffled."""
    me = view.seat if view.seat is not None else -1
    players = len(view.hand_sizes)
    pool = rank_pool(view)
    hands = [[0] * 14 for _ in range(players)]
    for card in view.hand or ():
        hands[me][card.rank] += 1
    hidden = [e for e in view.pile if e.cards is None]
    for seat in range(players):
        if seat != me:
            kept = kept_known(view.known[seat], hidden, seat)
            _place_known(hands[seat], pool, kept, view.hand_sizes[seat], rng)
    pile = [c.rank for e in view.pile for c in e.cards or ()]
    blanks = 0
    for entry in hidden:
        for _ in range(entry.size):
            if pool[entry.rank] > 0:
                pool[entry.rank] -= 1
                pile.append(entry.rank)
            else:
                blanks += 1
    rest = [rank for rank, n in enumerate(pool) for _ in range(max(0, n))]
    rng.shuffle(rest)
    pile.extend(rest.pop() for _ in range(min(blanks, len(rest))))
    for seat in range(players):
        for _ in range(max(0, view.hand_sizes[seat] - sum(hands[seat]))):
            if rest:
                hands[seat][rest.pop()] += 1
    return World(tuple(map(tuple, hands)), tuple(pile))


def _place_known(
    hand: list[int], pool: list[int], known: list[Card], size: int, rng: random.Random
) -> None:
    """Put into ``hand`` the cards a seat most likely still holds of those seen going in (at most ``size``)."""
    ranks = [c.rank for c in known]
    rng.shuffle(ranks)
    for rank in ranks[:size]:
        if pool[rank] > 0:
            pool[rank] -= 1
            hand[rank] += 1


@dataclass(frozen=True)
class RaceRules:
    """The options the clockwork race depends on."""

    players: int
    most: int  # cards per play
    repeat_rank: bool  # a caught lie is followed by the same rank
    skipped: frozenset[int]  # forfeited seats


def race(world: World, rules: RaceRules, rank: int, turn: int, me: int) -> float:
    """How well ``me`` does when every seat plays the claimed rank if it can (jokers when it has
    none) and otherwise lies and is caught at once: 1 if it goes out first, 0 if another does;
    if nobody does within ``RACE_ROUNDS`` rounds (or the game comes back to where it was at an
    earlier pickup, a loop), its share of the inverse hand sizes."""
    hands = [list(h) for h in world.hands]
    sizes = [sum(h) for h in hands]
    pile = list(world.pile)
    seen: set[tuple[int, int, tuple[tuple[int, ...], ...]]] = set()
    for _ in range(RACE_ROUNDS * rules.players):
        hand = hands[turn]
        put = min(rules.most, hand[rank]) or min(1, hand[0])
        if put:
            played = rank if hand[rank] else 0
            hand[played] -= put
            sizes[turn] -= put
            if not sizes[turn]:
                return 1.0 if turn == me else 0.0
            pile.extend([played] * put)
            rank = rank % 13 + 1
        else:
            for card in pile:
                hand[card] += 1
            sizes[turn] += len(pile)
            pile = []
            if not rules.repeat_rank:
                rank = rank % 13 + 1
            key = (rank, turn, tuple(map(tuple, hands)))
            if key in seen:
                break
            seen.add(key)
        turn = next_seat(rules, turn)
    return share(sizes, me, rules.skipped)


def share(sizes: list[int], me: int, skipped: frozenset[int]) -> float:
    """A rough chance to go out first from hand sizes alone: each seat's inverse size over all of them."""
    return (1 / sizes[me]) / sum(1 / n for seat, n in enumerate(sizes) if seat not in skipped)


def next_seat(rules: RaceRules, seat: int) -> int:
    for step in range(1, rules.players + 1):
        nxt = (seat + step) % rules.players
        if nxt not in rules.skipped:
            return nxt
    return seat


def raceable(view: DoubtView) -> bool:
    """The clockwork race models the pile penalty with going out on any play that stands, at a
    table where true plays stand: no other seat's doubt rate is above ``BLIND`` (a seat not seen
    answering yet has the even prior, so the race waits for the table's first answers).  A blind
    caller takes true plays too, so piles stay small, and lying on purpose to take one was
    measured to lose there (against ``doubt-all`` and ``doubt-half``)."""
    me = view.seat if view.seat is not None else -1
    others = [s for s in range(len(view.hand_sizes)) if s != me and s not in view.forfeited]
    return (view.options.penalty == "pile" and not view.options.require_successful_doubt
            and all(doubt_rate(habits_of(view, s)) < BLIND for s in others))


def lying_wins_race(view: DoubtView, rng: random.Random, truth: Sequence[Card]) -> bool:
    """Whether taking the pile now (a lie, caught) wins the race in clearly more deals than ``truth``."""
    me = view.seat if view.seat is not None else 0
    rules = RaceRules(len(view.hand_sizes), view.options.max_cards_per_play, view.options.repeat_rank_after_lie,
                      frozenset(view.forfeited))
    after = view.rank % 13 + 1
    nxt = next_seat(rules, me)
    told = [0] * 14
    for card in truth:
        told[card.rank] += 1
    by_truth = by_lie = 0.0
    for _ in range(SAMPLES):
        world = sample_world(view, rng)
        mine = world.hands[me]
        honest = tuple(a - b for a, b in zip(mine, told, strict=True))
        by_truth += race(_with_hand(world, me, honest, world.pile + tuple(c.rank for c in truth)),
                         rules, after, nxt, me)
        taken = list(mine)
        for taken_rank in world.pile:
            taken[taken_rank] += 1
        by_lie += race(_with_hand(world, me, tuple(taken), ()), rules, view.rank if rules.repeat_rank else after,
                       nxt, me)
    return by_lie >= by_truth + MARGIN


def _with_hand(world: World, seat: int, hand: tuple[int, ...], pile: tuple[int, ...]) -> World:
    hands = list(world.hands)
    hands[seat] = hand
    return World(tuple(hands), pile)


# -- the finish: calls that change who goes out first ----------------------------------------------

LOST_CALL = 0.3  # a seat whose last play will be a lie calls a play this likely to be a lie
RIVAL_CALL = 0.5  # a seat going out true calls, this likely a lie, a play of one that would go out first
RACE_CALL_SEATS = 4  # the two calls above are made at this many seats or more
MEND_PILE = 6  # a pile this small or smaller is worth taking to mend this seat's end


def races_for_it(view: DoubtView, lie: float) -> bool:
    """A call that pays by the race to go out (:mod:`~kakehiki.games.doubt.bots.finish`), not by the
    pile: where the race is the game and nobody calls blindly, a seat whose last play will be a lie
    loses as things stand and calls likely lies of anyone; one whose last play will be true calls
    only the seats that would go out before it, on a lie as likely as not (tuned on ``arena`` seeds
    0-2999 at a table of ``normal``s).  At four seats or more: at three they were measured to
    cost a little (356 wins of 1,000 with them among two ``normal``s, 382 without)."""
    if not models_table(view) or not raceable(view) or seats_playing(view) < RACE_CALL_SEATS:
        return False
    if not ends_true(view):
        return lie >= LOST_CALL
    return lie >= RIVAL_CALL and goes_out_before(view, view.turn)


def mends_its_end(view: DoubtView) -> bool:
    """A call that a seat whose last play will be a lie makes to take a small pile: if the play is
    true, the pile comes to this seat, and with it a new last play this seat can make true
    (:func:`~kakehiki.games.doubt.bots.finish.pile_mends_end`); if it is a lie, the liar takes it
    and this seat's end is as lost as it was.  Where the race is the game and nobody calls
    blindly, at three seats, where the calls of :func:`races_for_it` are not made (tuned on
    ``arena`` seeds 0-1999, piles of at most 3, 6 and 12 cards).  At four seats it gained nothing
    clear over those calls and cost a little at tables with ``easy`` seats."""
    return (models_table(view) and raceable(view) and seats_playing(view) < RACE_CALL_SEATS
            and view.pile_size <= MEND_PILE and not ends_true(view) and pile_mends_end(view))


# -- the bot ---------------------------------------------------------------------------------------


class ExpertBot:
    """Calls only near-certain lies and plays that go out; lies on purpose when taking the pile wins the race."""

    name = "expert"

    def __init__(self) -> None:
        self.learnt = Honesty()

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.learnt.forget = FORGET if reads_table(view) else 0.0
        self.learnt.observe(view)
        if view.phase == "doubt":
            self.learnt.watch(view, truth_chance(view, 1.0, strict=reads_table(view)))
        if against_eager_doubter(view):
            return answer_eager_doubter(view, legal)
        if view.phase == "doubt":
            return DOUBT if self.should_doubt(view) else PASS
        return follow(self.pad_with_bluffs(view, self.choose_play(view, rng)), view.picked, legal)

    def should_doubt(self, view: DoubtView) -> bool:
        if view.hand_sizes[view.turn] == 0:
            return True  # the play takes the player out unless caught: if it is true, the game is over anyway
        if reads_table(view):
            lie = 1 - truth_chance(view, self.learnt.of(view.turn), strict=True)
            return (doubt_pays(view, lie) or self.worth_learning(view, lie) or races_for_it(view, lie)
                    or mends_its_end(view))
        lie = 1 - truth_chance(view, self.learnt.of(view.turn))
        return lie >= call_threshold(view) or self.worth_learning(view, lie)

    def worth_learning(self, view: DoubtView, lie: float) -> bool:
        """A doubt that risks little (a small pile) and teaches what a suspect does: a seat whose
        doubted plays were mostly lies (perhaps only because careful callers chose them, so the
        record alone is not believed: it earns a few doubts of this seat's own), or one seen to lie
        (learnt honesty at most ``LIAR``) when a lie is the likelier."""
        if view.options.penalty != "pile" or view.pile_size > LEARN_PILE or called_after(view) >= CALLED_ANYWAY:
            return False
        record = habits_of(view, view.turn)
        suspect = record.doubted >= LEARN_SEEN and record.lies >= SUSPECT * record.doubted
        if suspect and lie >= LEARN_LIE and self.learnt.seen.get(view.turn, 0) < LEARN_SEEN:
            return True
        return lie >= 0.5 and self.learnt.of(view.turn) <= LIAR

    @staticmethod
    def choose_play(view: DoubtView, rng: random.Random) -> tuple[Card, ...]:
        """The cards of its play, made one by one (:func:`follow`).  A play of several cards is
        the truth, chosen again alike at each of its steps: the race, which may choose a lie
        instead, is run only before the play's first card."""
        hand = list(view.hand or ())
        most = view.options.max_cards_per_play
        matching = [c for c in hand if c.rank == view.rank][:most]
        jokers = [c for c in hand if c.is_joker]
        if len(hand) <= most and len(matching) + len(jokers) == len(hand):
            return tuple(hand)  # out with the truth
        junk = [c for c in hand if c.rank != view.rank and not c.is_joker]
        if matching:
            truth = tuple(matching)
            if junk and not view.picked and raceable(view) and lying_wins_race(view, fast_rng(rng), truth):
                return (least_needed(view, junk),)
            return truth
        if jokers and (len(hand) > 3 or not junk):
            return tuple(jokers[:1])
        return (least_needed(view, junk),)

    @staticmethod
    def pad_with_bluffs(view: DoubtView, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Where no other seat is seen doubting, fill the play up to the limit with the cards needed
        last (a play that stands takes them all out of the hand); never the last cards, which go
        out only if the play stands whatever it holds."""
        hand = list(view.hand or ())
        most = view.options.max_cards_per_play
        if most == 1 or len(cards) >= most or len(hand) <= most or not nobody_doubts(view):
            return cards
        spare = [c for c in hand if c not in cards]
        padded = list(cards)
        while len(padded) < most and spare:
            card = least_needed(view, spare)
            spare.remove(card)
            padded.append(card)
        return tuple(padded)


