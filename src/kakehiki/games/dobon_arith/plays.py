"""Which plays a hand has on the field (A2, A6): one legal card with same-number cards stacked on it."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from kakehiki.cards import CARDS, SUITS, Card
from kakehiki.errors import IllegalActionError
from kakehiki.games.dobon_arith.actions import DRAW_TWO, PLAY8_OF, PLAY_OF, WILD, Play
from kakehiki.games.dobon_arith.state import ArithState


def legal_base(card: Card, top: Card, suit: str) -> bool:
    """The bottom card of a play follows the suit or the number, or is a wild 8 (A2, A6)."""
    return card.rank == WILD or card.suit == suit or card.rank == top.rank


def stacks(base: Card, others: list[Card]) -> Iterator[tuple[Card, ...]]:
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


# A lone card's plays, shared objects: one, or one per suit for an 8.
SINGLE: tuple[tuple[Play, ...], ...] = tuple(
    tuple(PLAY8_OF[c.index, s] for s in SUITS) if c.rank == WILD else (PLAY_OF[c.index],) for c in CARDS)


def hand_plays(hand: tuple[Card, ...], top: Card, suit: str, pending: int) -> list[Play]:
    """Every play of ``hand``: each legal bottom card alone or with same-number cards stacked on it;
    with twos owed only 2s may be played (A6)."""
    plays: list[Play] = []
    for card in hand:
        rank = card.rank
        if (pending and rank != DRAW_TWO) or not legal_base(card, top, suit):
            continue
        same = [c for c in hand if c.rank == rank and c is not card]
        if not same:
            plays.extend(SINGLE[card.index])
            continue
        for cards in stacks(card, same):
            plays.extend(as_plays(cards))
    return plays


def check_play(state: ArithState, seat: int, action: Play) -> None:
    """Raise unless ``action`` is one of the turn seat's plays (the caller checked whose turn it is)."""
    cards, hand = action.cards, state.hands[seat]
    if not cards:
        raise IllegalActionError("A2", "a play needs at least one card")
    for card in cards:
        if card not in hand:
            raise IllegalActionError("C6", f"seat {seat} does not hold {card}")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("C6", "the same card is named twice")
    rank = cards[0].rank
    if any(c.rank != rank for c in cards):
        raise IllegalActionError("A2", "only cards of one number may be stacked in one play")
    if (rank == WILD) != (action.suit is not None) or (action.suit is not None and action.suit not in SUITS):
        raise IllegalActionError("A6", "a play of 8s names a suit (S, H, D or C); other plays name none")
    if state.pending and rank != DRAW_TWO:
        raise IllegalActionError("A6", f"{state.pending} cards are owed for twos: play 2s or draw them")
    if not legal_base(cards[0], state.field[-1], state.suit):
        raise IllegalActionError(
            "A2", f"{cards[0]} follows neither the suit ({state.suit}) nor the number of {state.field[-1]}")
