"""What one seat (or a spectator) may see of a Dobon state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from kakehiki.cards import Card
from kakehiki.core import jsonable
from kakehiki.games.dobon.rules.state import FIRST_CARD, PHASE_TEXT, DobonState, Seen


class DobonView(NamedTuple):
    """A seat's view: its own hand, public counts, the field and this game's public moves;
    never another hand.

    A named tuple: immutable and cheap to build on every step (bots and RL observe through it).

    The whole field since the last rebuild is public: every card on it was played face up,
    or laid down by a Dobon call.  ``log`` is what everyone at the table saw happen
    since the deal (:class:`Seen`): plays, how many cards each draw took, calls, rebuilds.
    Who else may call out of turn, or passed, is not shown: it would reveal their cards.
    The seat's own choices come from ``Game.legal_actions``.
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    top: Card
    top_owner: int | None  # None: the first field card
    field: tuple[Card, ...]  # bottom first; the top card last
    field_size: int
    stock_size: int
    turn: int
    pending: int
    phase: str  # "turn", "gaeshi" or "over"
    chain: tuple[int, ...]
    dealer: int
    order: tuple[int, ...]
    deal_counts: tuple[int, ...]
    laps: tuple[int, ...]
    round_no: int  # the game of the match being played, from 0
    games: int
    decks: int
    log: tuple[Seen, ...]

    def to_dict(self) -> dict[str, Any]:
        return {name: jsonable(value) for name, value in self._asdict().items()}


def build_view(state: DobonState, seat: int | None) -> DobonView:
    return DobonView(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        top=state.field[-1],
        top_owner=None if state.top_owner == FIRST_CARD else state.top_owner,
        field=state.field,
        field_size=len(state.field),
        stock_size=len(state.stock),
        turn=state.turn,
        pending=state.pending,
        phase=PHASE_TEXT[state.phase],
        chain=state.chain,
        dealer=state.dealer,
        order=state.order,
        deal_counts=state.deal_counts,
        laps=state.laps,
        round_no=state.round_no,
        games=state.options.games,
        decks=state.decks,
        log=state.log,
    )


def hand_total(hand: Iterable[Card]) -> int:
    """What a hand sums to: the ranks of its cards (J1), the figure a Dobon call is made on."""
    return sum(card.rank for card in hand)
