"""Doubt's end game at two seats against a seat that doubts every play (issue 19).

Against such a seat every play is turned up: a true one sends the pile to it, a lie brings the
pile back.  Playing the truth whenever possible then runs as clockwork that seldom ends: each
turn this seat cannot match, it takes back the other seat's last card, which is the rank it will
be asked six turns later, so its hand fills as fast as it empties (with the default options a
game may run to ``max_steps``).  What ends it is a plan: the hand can go out only on a true last
card, so the order of plays must leave exactly one card, of the rank asked, at the end.

At two seats every card is either in this seat's hand, the other's, or the pile, so the other
hand is known but for its face-down plays (whether or not piles are taken face up, B5): those are
taken to be true whenever they could be.  The other seat is modelled as telling the truth whenever it can
(else a lie with the card it needs last, as ``count`` does) and doubting every play; this seat's
choices are whether to doubt the other's play and whether to tell the truth.  :func:`plan` finds
a sequence of those that empties this hand first, by depth-first search with a sure lower bound
on the turns still needed (a card goes only when its rank is asked; copies of a rank go a cycle
apart), and returns its first step.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from kakehiki.core import Action
from kakehiki.games.doubt import DOUBT, PASS, DoubtView
from kakehiki.games.doubt.bots.basics import follow, least_needed
from kakehiki.games.doubt.bots.model import eager_doubter

ME, THEM = 0, 1
Hand = tuple[int, ...]  # copies of each rank 1..13 at index rank; index 0 (jokers) unused here
PileCards = tuple[tuple[int, int, bool], ...]  # (owner, card rank, lie), oldest first

MAX_EXCHANGES = 16  # deepest plan looked for, in turns of this seat
NODE_BUDGET = 30000  # positions searched per decision at most
TIME_BUDGET = 0.5  # seconds per decision at most


@dataclass(frozen=True)
class Step:
    """This seat's next choice in a plan: doubt the play on the pile (in the doubt window) and
    tell the truth on its next play."""

    doubt: bool
    truth: bool


def plannable(view: DoubtView) -> bool:
    """The planner models the default table: two seats, one card a play, no jokers, the pile
    penalty, the rank always moving on, going out on any play that stands."""
    o = view.options
    return (len(view.hand_sizes) - len(view.forfeited) == 2 and len(view.hand_sizes) == 2
            and o.max_cards_per_play == 1 and o.jokers == 0 and o.penalty == "pile"
            and not o.repeat_rank_after_lie and not o.require_successful_doubt and not o.doubter_leads)


# -- the position, as this seat can work it out ----------------------------------------------------


@dataclass(frozen=True)
class Position:
    mine: Hand
    theirs: Hand
    pile: PileCards
    rank: int  # the rank the next play claims


def read_position(view: DoubtView) -> Position | None:
    """Counts per rank of both hands and the pile; the other seat's face-down plays taken to be
    true whenever the cards it could have held allow (else its most plentiful other rank).
    ``None`` if the counts do not add up."""
    me = view.seat if view.seat is not None else 0
    other = 1 - me
    unseen = Counter({rank: view.rank_counts[rank] for rank in range(1, 14)})
    mine = Counter(c.rank for c in view.hand or ())
    unseen.subtract(mine)
    unseen.subtract(c.rank for c in view.discard)
    for entry in view.pile:
        unseen.subtract(c.rank for c in entry.cards or ())
    pile: list[tuple[int, int, bool]] = []
    for entry in view.pile:
        owner = ME if entry.seat == me else THEM
        if entry.cards is not None:
            pile.extend((owner, c.rank, c.rank != entry.rank) for c in entry.cards)
            continue
        for _ in range(entry.size):
            card = entry.rank if unseen[entry.rank] > 0 else max(range(1, 14), key=lambda r: unseen[r])
            unseen[card] -= 1
            pile.append((owner, card, card != entry.rank))
    theirs = tuple(max(0, unseen[r]) if r else 0 for r in range(14))
    if any(unseen[r] < 0 for r in range(1, 14)) or sum(theirs) != view.hand_sizes[other]:
        return None
    return Position(tuple(mine[r] if r else 0 for r in range(14)), theirs, tuple(pile), view.rank)


# -- the clockwork ---------------------------------------------------------------------------------


def asked_in(rank_now: int, rank: int) -> int:
    """Turns of one seat (two seats at the table) until it is asked ``rank``: 0 if it is asked it now."""
    return next(k for k in range(13) if (rank_now - 1 + 2 * k) % 13 + 1 == rank)


def lie_of(hand: Hand, rank_now: int, claim: int) -> int:
    """The rank of the lie ``count`` tells when asked ``claim`` (its next turns asked from ``rank_now``
    on): the card it will be asked for last, copies waiting a cycle each."""
    cards = [r for r in range(1, 14) if hand[r] and r != claim]
    return max(cards, key=lambda r: asked_in(rank_now, r) + 13 * (hand[r] - 1), default=claim)


def turns_needed(hand: Hand, rank_now: int) -> int:
    """A sure lower bound on this seat's turns before its hand is empty: a card goes only on a turn
    that asks its rank, one card a turn, so copies of a rank go a whole cycle apart."""
    return max((asked_in(rank_now, r) + 13 * (hand[r] - 1) + 1 for r in range(1, 14) if hand[r]), default=0)


def take(hand: Hand, pile: PileCards) -> Hand:
    counts = list(hand)
    for _, card, _ in pile:
        counts[card] += 1
    return tuple(counts)


def minus(hand: Hand, card: int) -> Hand:
    counts = list(hand)
    counts[card] -= 1
    return tuple(counts)


Outcome = Position | bool  # the next window's position, or True (this seat went out) / False (the other did)


def my_play(pos: Position, truth: bool) -> Outcome:
    """This seat plays (the truth or its least needed card), the other seat doubts it, then plays."""
    rank, mine, theirs = pos.rank, pos.mine, pos.theirs
    card = rank if truth else lie_of(mine, rank, rank)
    mine = minus(mine, card)
    pile = (*pos.pile, (ME, card, card != rank))
    if card == rank:
        if not sum(mine):
            return True  # a true last card: out, doubted or not
        theirs = take(theirs, pile)
    else:
        mine = take(mine, pile)
    return their_play(Position(mine, theirs, (), rank % 13 + 1))


def their_play(pos: Position) -> Outcome:
    rank, theirs = pos.rank, pos.theirs
    card = rank if theirs[rank] else lie_of(theirs, rank, rank)
    return Position(pos.mine, minus(theirs, card), (*pos.pile, (THEM, card, card != rank)), rank % 13 + 1)


def window(pos: Position, doubt: bool) -> Position | bool:
    """This seat answers the other's play on top of the pile; the other goes out on a last card
    that stands or is true."""
    out = not sum(pos.theirs)
    if not doubt:
        return False if out else pos
    if not pos.pile[-1][2]:
        return False if out else Position(take(pos.mine, pos.pile), pos.theirs, (), pos.rank)
    return Position(pos.mine, take(pos.theirs, pos.pile), (), pos.rank)


# -- the search ------------------------------------------------------------------------------------


@dataclass
class Search:
    nodes: int = 0
    deadline: float = 0.0
    failed: dict[Position, int] = field(default_factory=dict)  # position -> turns searched from it in vain

    def exhausted(self) -> bool:
        return self.nodes >= NODE_BUDGET or (self.nodes % 256 == 0 and time.perf_counter() > self.deadline)


def choices(pos: Position) -> Iterator[bool]:
    """Truth first when this seat holds the rank asked; a lie is always possible but with only that rank."""
    holds = pos.mine[pos.rank] > 0
    if holds:
        yield True
    if any(pos.mine[r] for r in range(1, 14) if r != pos.rank) or not holds:
        yield False


def wins_from_play(pos: Position, turns: int, search: Search) -> bool | None:
    """Whether some choices win within ``turns`` of this seat's plays from its turn to play;
    ``None`` if the search ran out of budget."""
    if turns_needed(pos.mine, pos.rank) > turns:
        return False
    for truth in choices(pos):
        result = my_play(pos, truth)
        if result is True:
            return True
        if result is False:
            continue
        found = wins_from_window(result, turns - 1, search)
        if found is not False:
            return found
    return False


def wins_from_window(pos: Position, turns: int, search: Search) -> bool | None:
    search.nodes += 1
    if search.exhausted():
        return None
    failed = search.failed
    if failed.get(pos, -1) >= turns or turns_needed(pos.mine, pos.rank) > turns:
        return False
    for doubt in (not pos.mine[pos.rank], bool(pos.mine[pos.rank])):
        after = window(pos, doubt)
        if isinstance(after, bool):
            continue
        found = wins_from_play(after, turns, search)
        if found is not False:
            return found
    failed[pos] = turns
    return False


def plan(view: DoubtView, max_turns: int = MAX_EXCHANGES) -> Step | None:
    """The first step of a plan that empties this seat's hand before the other's, if one is found."""
    pos = read_position(view)
    if pos is None:
        return None
    search = Search(deadline=time.perf_counter() + TIME_BUDGET)
    for turns in range(1, max_turns + 1):
        step = _first_step(pos, view.phase == "doubt", turns, search)
        if step is not None or search.exhausted():
            return step
    return None


def _first_step(pos: Position, in_window: bool, turns: int, search: Search) -> Step | None:
    if turns_needed(pos.mine, pos.rank) > turns:
        return None
    doubts = (not pos.mine[pos.rank], bool(pos.mine[pos.rank])) if in_window else (False,)
    for doubt in doubts:
        after = window(pos, doubt) if in_window else pos
        if isinstance(after, bool):
            continue
        for truth in choices(after):
            result = my_play(after, truth)
            if result is True or (isinstance(result, Position) and wins_from_window(result, turns - 1, search)):
                return Step(doubt, truth)
    return None


# -- the answer --------------------------------------------------------------------------------------


def against_eager_doubter(view: DoubtView) -> bool:
    """Two seats, the default table, and the other seat seen doubting nearly every play, true ones too."""
    me = view.seat if view.seat is not None else 0
    return plannable(view) and eager_doubter(view, 1 - me)


def answer_eager_doubter(view: DoubtView, legal: Sequence[Action]) -> Action:
    """Follow a plan that goes out first (:mod:`doubt_endgame`) if one is found; else doubt the
    other's play exactly when this seat's own next play must be a lie (caught, it takes the pile
    back anyway, so a doubt costs nothing then and catches a lie otherwise left in the pile) and
    tell the truth whenever possible."""
    hand = list(view.hand or ())
    holds = any(c.rank == view.rank for c in hand)
    step = plan(view)
    if view.phase == "doubt":
        if not view.hand_sizes[view.turn]:
            return DOUBT  # the play takes the other out unless it is a lie
        doubt = step.doubt if step is not None else not holds
        return DOUBT if doubt else PASS
    truth = holds and (step is None or step.truth)
    junk = [c for c in hand if c.rank != view.rank]
    cards = [c for c in hand if c.rank == view.rank][:1] if truth or not junk else [least_needed(view, junk)]
    return follow(cards, view.picked, legal)
