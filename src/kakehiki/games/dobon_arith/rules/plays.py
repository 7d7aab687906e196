"""Which plays a hand has on the field (A2, A6): one legal card with same-number cards stacked on it.

A play of one card is the action ``play``; a play of several is made in steps, ``bottom``,
``stack``… and ``top``, with the cards laid so far held in ``ArithState.staged`` (see
:mod:`kakehiki.games.dobon_arith.rules.actions`).  Every function here lists actions in index
order, as ``legal_actions`` must, without sorting.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from kakehiki.cards import SUITS, Card
from kakehiki.errors import IllegalActionError
from kakehiki.games.dobon_arith.rules.actions import (
    BOTTOM_OF,
    DRAW_TWO,
    PLAYS_BY_CARD,
    STACK_OF,
    TOPS_BY_CARD,
    WILD,
    ArithAction,
    Bottom,
    Play,
    Stack,
    Top,
)
from kakehiki.games.dobon_arith.rules.state import ArithState


def legal_base(card: Card, top: Card, suit: str) -> bool:
    """The bottom card of a play follows the suit or the number, or is a wild 8 (A2, A6)."""
    return card.rank == WILD or card.suit == suit or card.rank == top.rank


def turn_plays(hand: tuple[Card, ...], top: Card, suit: str, pending: int) -> list[ArithAction]:
    """The first step of every play of ``hand`` (sorted): each legal card alone (``play``), then
    each legal card that has another of its number to stack on it (``bottom``); with twos owed
    only 2s (A2, A6)."""
    plays: list[ArithAction] = []
    bottoms: list[ArithAction] = []
    for card in hand:
        rank = card.rank
        if (pending and rank != DRAW_TWO) or not legal_base(card, top, suit):
            continue
        plays.extend(PLAYS_BY_CARD[card.index])
        if any(c.rank == rank and c is not card for c in hand):
            bottoms.append(BOTTOM_OF[card.index])
    return plays + bottoms


def stack_steps(hand: tuple[Card, ...], staged: tuple[Card, ...]) -> list[ArithAction]:
    """The next step of the play begun with ``staged``: ``stack`` a card of the number that leaves
    another for the top, after the cards stacked so far in card order; or ``top`` any of them."""
    rank = staged[0].rank
    left = [c for c in hand if c.rank == rank and c not in staged]
    after = staged[-1].index if len(staged) > 1 else -1
    steps: list[ArithAction] = [STACK_OF[c.index] for c in left if c.index > after] if len(left) > 1 else []
    for card in left:
        steps.extend(TOPS_BY_CARD[card.index])
    return steps


# -- whole plays (bots plan with them) ----------------------------------------------------------------


def stacks(base: Card, others: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """``base`` alone, then with each subset of ``others`` stacked on it, each member of
    the subset once on top (the cards in between stay in hand order: see :class:`Play`)."""
    yield (base,)
    for size in range(1, len(others) + 1):
        for chosen in combinations(others, size):
            for top in chosen:
                yield (base, *(c for c in chosen if c is not top), top)


def as_plays(cards: tuple[Card, ...]) -> list[Play]:
    """The play of these cards; a play of 8s once per suit it may name."""
    return [Play(cards, s) for s in SUITS] if cards[0].rank == WILD else [Play(cards)]


def hand_plays(hand: tuple[Card, ...], top: Card, suit: str, pending: int, staged: tuple[Card, ...] = ()) -> list[Play]:
    """Every whole play of ``hand``: each legal bottom card alone or with same-number cards stacked
    on it; with twos owed only 2s (A6).  With a play begun (``staged``), the plays that finish it."""
    plays: list[Play] = []
    for card in hand:
        rank = card.rank
        if staged and card is not staged[0]:
            continue
        if (pending and rank != DRAW_TWO) or not legal_base(card, top, suit):
            continue
        same = [c for c in hand if c.rank == rank and c is not card]
        for cards in stacks(card, same):
            if not staged or (len(cards) > len(staged) and cards[1:len(staged)] == staged[1:]):
                plays.extend(as_plays(cards))
    return plays


def next_step(play: Play, staged: tuple[Card, ...]) -> ArithAction:
    """The action that takes the play begun with ``staged`` (maybe nothing yet) towards ``play``."""
    return play.steps()[len(staged)]


# -- refusals ------------------------------------------------------------------------------------------


def check_play(state: ArithState, seat: int, action: Play) -> None:
    """Raise unless ``action`` (one card) is a play of the turn seat's (the caller checked whose turn it is)."""
    if len(action.cards) != 1:
        raise IllegalActionError("A2", "a play of several cards is made one card at a time: bottom, stack…, top")
    check_first(state, seat, action.cards[0])
    if (action.cards[0].rank == WILD) != (action.suit is not None) or (
            action.suit is not None and action.suit not in SUITS):
        raise IllegalActionError("A6", "a play of 8s names a suit (S, H, D or C); other plays name none")


def check_bottom(state: ArithState, seat: int, action: Bottom) -> None:
    card = action.card
    check_first(state, seat, card)
    if not any(c.rank == card.rank and c is not card for c in state.hands[seat]):
        raise IllegalActionError("A2", f"no other card of {card}'s number to stack on it: play {card} alone")


def check_first(state: ArithState, seat: int, card: Card) -> None:
    if card not in state.hands[seat]:
        raise IllegalActionError("C6", f"seat {seat} does not hold {card}")
    if state.pending and card.rank != DRAW_TWO:
        raise IllegalActionError("A6", f"{state.pending} cards are owed for twos: play 2s or draw them")
    if not legal_base(card, state.field[-1], state.suit):
        raise IllegalActionError(
            "A2", f"{card} follows neither the suit ({state.suit}) nor the number of {state.field[-1]}")


def check_step(state: ArithState, seat: int, action: Stack | Top) -> None:
    """Raise unless ``action`` continues the play the turn seat has begun."""
    staged, card = state.staged, action.card
    if not staged:
        raise IllegalActionError("A2", f"no play of several cards begun: {action} comes after bottom")
    if card not in state.hands[seat]:
        raise IllegalActionError("C6", f"seat {seat} does not hold {card}")
    if card in staged:
        raise IllegalActionError("C6", f"{card} is already in this play")
    if card.rank != staged[0].rank:
        raise IllegalActionError("A2", "only cards of one number may be stacked in one play")
    if isinstance(action, Top):
        if (card.rank == WILD) != (action.suit is not None) or (action.suit is not None and action.suit not in SUITS):
            raise IllegalActionError("A6", "the top card of a play of 8s names a suit (S, H, D or C); others none")
        return
    if len(staged) > 1 and card.index < staged[-1].index:
        raise IllegalActionError("A2", f"cards between the bottom and the top are stacked in card order "
                                       f"(S H D C): {card} goes before {staged[-1]}")
    if not any(c.rank == card.rank and c is not card and c not in staged for c in state.hands[seat]):
        raise IllegalActionError("A2", f"no card would be left for the top: finish with top {card}")
