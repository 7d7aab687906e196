"""What one seat (or a spectator) may see of an arithmetic Dobon state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from kakehiki.cards import Card
from kakehiki.core import jsonable
from kakehiki.games.dobon_arith.rules.state import FIRST_CARD, PHASE_TEXT, ArithState, PublicMove


class ArithView(NamedTuple):
    """A seat's view: its own hand, every revealed card, public counts and the field.

    The whole field since the last rebuild is public: every card on it was played face up.
    ``revealed[seat]`` are the cards of that seat's hand everyone has seen (a 13's reveal or
    a Dobon call), until they are played (A6).  Who else may call out of turn is not shown:
    it would reveal their cards.  The seat's own choices come from ``Game.legal_actions``;
    its waits from :func:`kakehiki.games.dobon_arith.waits` on ``hand``.  ``log`` is every
    turn action of the game so far as the table saw it: plays, draws (how many, not which)
    and reveals, each with the top card, suit, owner and twos owed it was taken on.
    ``staged`` is the play of several cards the seat has begun (``bottom``, ``stack``…) and
    not finished with ``top``: those cards are still in its hand, and nobody else sees them.
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    revealed: tuple[tuple[Card, ...], ...]
    top: Card
    suit: str  # the suit to follow (an 8's named suit)
    top_owner: int | None  # None: the first field card
    field: tuple[Card, ...]  # bottom first; the top card last
    stock_size: int
    turn: int
    direction: int  # 1 clockwise, -1 counter-clockwise
    pending: int  # cards the turn seat owes for twos
    reveal_due: bool  # the turn seat must show its hand unless it plays a 13
    opening: bool  # the first turn of the game, which may pass
    phase: str  # "turn", "gaeshi" or "over"
    chain: tuple[int, ...]
    dealer: int
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    round_no: int  # the game of the match being played, from 0
    games: int
    log: tuple[PublicMove, ...] = ()  # this game's turn actions so far, oldest first (see PublicMove)
    staged: tuple[Card, ...] = ()  # the seat's own play of several cards begun (bottom first); empty for others

    def to_dict(self) -> dict[str, Any]:
        return {name: jsonable(value) for name, value in self._asdict().items()}


def build_view(state: ArithState, seat: int | None) -> ArithView:
    return ArithView(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        revealed=state.revealed,
        top=state.field[-1],
        suit=state.suit,
        top_owner=None if state.top_owner == FIRST_CARD else state.top_owner,
        field=state.field,
        stock_size=len(state.stock),
        turn=state.turn,
        direction=state.direction,
        pending=state.pending,
        reveal_due=state.reveal_due,
        opening=state.opening,
        phase=PHASE_TEXT[state.phase],
        chain=state.chain,
        dealer=state.dealer,
        wins=state.wins,
        losses=state.losses,
        round_no=state.round_no,
        games=state.options.games,
        log=state.log,
        staged=state.staged if seat == state.turn else (),
    )


def hand_total(hand: Iterable[Card]) -> int:
    """What a hand sums to: the ranks of its cards (J1), the figure a Dobon call is made on."""
    return sum(card.rank for card in hand)
