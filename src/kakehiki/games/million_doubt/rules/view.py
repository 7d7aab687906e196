"""What one seat (or a spectator) may see of a Million Doubt state."""

from __future__ import annotations

from typing import Any, NamedTuple

from kakehiki.cards import Card
from kakehiki.core import jsonable
from kakehiki.games.million_doubt.rules.state import HIDE, PHASE_NAMES, STATUS_NAMES, TURN, Habits, MillionDoubtState


class SeenPlay(NamedTuple):
    """A play on the field: face-down cards are ``None`` except to their player."""

    seat: int
    up: tuple[Card, ...]
    down: tuple[Card | None, ...]
    revolution: bool


class MillionDoubtView(NamedTuple):
    """A seat's view: its own hand, its own face-down cards, and everything public.

    Public: hand sizes, the cards everyone saw go into a hand as a penalty (``known``),
    the field's face-up cards, the doubt window (everyone but the player is offered
    Doubt, so it reveals nothing), the penalty being chosen, the cards that left the
    game face up, points.  A play in the making (``laying``, ``claim``, ``hiding``) is
    its seat's alone: to every other seat it is still that seat's ``turn``, with nothing
    chosen yet.  A named tuple: immutable and cheap to build on every step.
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    status: tuple[str, ...]  # playing, out, burst
    scores: tuple[int, ...]
    phase: str  # turn, hide, doubt, give, over
    turn: int
    field: tuple[SeenPlay, ...]
    binding: int  # index in field of the play that binds the next one, -1: a free lead (M5)
    lock: str  # locked suits, "" when none
    revolution: bool
    eleven_back: bool
    reversed_order: bool
    last_player: int
    passes: int
    laying: tuple[Card, ...]  # own turn: the face-up cards shown so far
    claim: tuple[tuple[Card, ...], int, bool] | None  # own hide phase: face-up cards, face-down count, revolution
    hiding: tuple[Card, ...]  # own hide phase: the face-down cards named so far
    window: tuple[int, ...]
    caller: int
    doubted: int
    truthful: bool
    pool: tuple[Card, ...]
    given: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    gone: tuple[Card, ...]  # left the game face up
    gone_down: int  # left the game face down, unseen
    own_gone_down: tuple[Card, ...]  # this seat's own face-down cards among them
    aside: int
    finished: tuple[int, ...]
    bursts: tuple[int, ...]
    round_no: int
    games: int
    leader: int
    burst_at: int
    face_down: bool
    spade3_beats_joker: bool
    habits: tuple[Habits, ...] = ()  # per seat: what the table saw it do this match (plays, doubts, lies caught)

    def to_dict(self) -> dict[str, Any]:
        return {name: jsonable(value) for name, value in self._asdict().items()}


def build_view(state: MillionDoubtState, seat: int | None) -> MillionDoubtView:
    mine = seat == state.turn
    claim = state.claim if mine else None
    phase = state.phase if mine or state.phase != HIDE else TURN
    return MillionDoubtView(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        status=tuple(STATUS_NAMES[s] for s in state.status),
        scores=state.scores,
        phase=PHASE_NAMES[phase],
        turn=state.turn,
        field=tuple(SeenPlay(p.seat, p.up, p.down if p.seat == seat else (None,) * len(p.down), p.revolution)
                    for p in state.field),
        binding=state.binding,
        lock="".join(s for s in "SHDC" if state.lock and s in state.lock),
        revolution=state.revolution,
        eleven_back=state.eleven_back,
        reversed_order=state.reversed_order,
        last_player=state.last_player,
        passes=state.passes,
        laying=state.laying if mine else (),
        claim=None if claim is None else (claim.up, claim.hidden, claim.revolution),
        hiding=state.hiding if mine else (),
        window=state.window,
        caller=state.caller,
        doubted=state.doubted,
        truthful=state.truthful,
        pool=state.pool,
        given=state.given,
        known=state.known,
        gone=state.gone,
        gone_down=len(state.gone_down),
        own_gone_down=tuple(c for s, c in state.gone_down if s == seat),
        aside=len(state.aside),
        finished=state.finished,
        bursts=state.bursts,
        round_no=state.round_no,
        games=state.options.games,
        leader=state.leader,
        burst_at=state.options.burst_at,
        face_down=state.options.face_down,
        spade3_beats_joker=state.options.spade3_beats_joker,
        habits=state.habits or (Habits(),) * state.players,
    )
