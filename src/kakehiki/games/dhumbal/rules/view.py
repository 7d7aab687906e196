"""What one seat (or a spectator) may see of a Dhumbal state."""

from __future__ import annotations

from typing import Any, NamedTuple

from kakehiki.cards import Card
from kakehiki.core import jsonable
from kakehiki.games.dhumbal.rules.state import TURNED_UP, DhumbalState, LoggedTurn, Phase, RoundOutcome

PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)  # a view's phase, by Phase


class DhumbalView(NamedTuple):
    """A seat's view: its own hand, and of the others only what is public.

    Public: every hand's size and the cards each seat took from the discards and still
    holds (``known``); the cards the turn seat has put down so far this turn (``discarding``:
    face up, as each goes down); the previous seat's last discard (``available``, what the turn
    seat may take); the discards buried since the last stock rebuild (everything
    discarded was seen face up); the round's turns as everyone saw them (``log``: who
    discarded what and took which discard, or the stock's hidden top); scores, options and every finished round with the
    hands shown at its Show.  A named tuple: immutable and cheap to build.
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    discarding: tuple[Card, ...]  # the turn seat's discard put down so far this turn
    available: tuple[Card, ...]
    available_owner: int | None  # None: the turned-up card
    buried: tuple[Card, ...]
    stock_size: int
    turn: int
    round_turns: int  # turns taken in this round so far
    log: tuple[LoggedTurn, ...]  # this round's turns: seat, discard, card taken (None: the stock's top)
    starter: int
    round_no: int
    scores: tuple[int, ...]
    outcomes: tuple[RoundOutcome, ...]  # every finished round
    phase: str  # "play" or "over"
    decks: int
    show_max: int
    penalty: int
    show_tie: str
    limit: int

    def to_dict(self) -> dict[str, Any]:
        return {name: jsonable(value) for name, value in self._asdict().items()}


def build_view(state: DhumbalState, seat: int | None) -> DhumbalView:
    options = state.options
    return DhumbalView(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        known=state.known,
        discarding=state.discarding,
        available=state.available,
        available_owner=None if state.available_owner == TURNED_UP else state.available_owner,
        buried=state.buried,
        stock_size=len(state.stock),
        turn=state.turn,
        round_turns=state.round_turns,
        log=state.log,
        starter=state.starter,
        round_no=state.round_no,
        scores=state.scores,
        outcomes=state.outcomes,
        phase=PHASE_NAMES[state.phase],
        decks=state.decks,
        show_max=options.show_max,
        penalty=options.penalty,
        show_tie=options.show_tie,
        limit=options.limit,
    )
