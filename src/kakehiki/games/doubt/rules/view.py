"""What one seat (or a spectator) may see of a Doubt state."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from kakehiki.cards import Card
from kakehiki.core import jsonable
from kakehiki.games.doubt.rules.state import OVER, WINDOW, DoubtOptions, DoubtState, Habits, offered


class PileView(NamedTuple):
    """One play in the pile as a seat sees it: ``cards`` only if turned up by a doubt or its own."""

    seat: int
    rank: int
    size: int  # cards in the play
    cards: tuple[Card, ...] | None
    revealed: bool


class DoubtView(NamedTuple):
    """A seat's view: its hand, public counts and claims, and what it has seen.

    Face-down cards are hidden from everyone (pile plays show their cards only when a
    doubt turned them up, or to the seat that made them).  ``known[s]`` / ``sure[s]``
    are the cards this seat knows went into seat ``s``'s hand and may still be /
    certainly are still there (see ``knowledge.py``); its own entries are empty.
    ``picked`` is empty but for the seat to play while it sets cards aside for a play of several
    (``add``): to every other seat that play is not made yet, and nothing of it shows.
    Who is still to answer the doubt window is not shown, nor is it counted in ``steps``: while
    the window is open, other seats' passes are left out of it (a pass is seen by its seat alone, C4).
    """

    seat: int | None
    hand: tuple[Card, ...] | None
    picked: tuple[Card, ...]  # the seat's own play being made card by card (``add``), still in ``hand``
    hand_sizes: tuple[int, ...]
    phase: str  # "play", "doubt" or "over"
    turn: int  # "play": the seat to play; "doubt": the seat whose play may be doubted
    rank: int  # the rank the next play claims (after a caught lie it may yet change: B5)
    pile: tuple[PileView, ...]
    pile_size: int
    known: tuple[tuple[Card, ...], ...]
    sure: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    forfeited: tuple[int, ...]
    successes: tuple[int, ...]
    rank_counts: tuple[int, ...]  # copies of each rank in the game, jokers at index 0
    options: DoubtOptions
    plays: int  # plays made so far (round_limit counts them)
    steps: int
    habits: tuple[Habits, ...] = ()  # per seat: what the table saw it do (plays, doubted, lies caught, doubts)

    def to_dict(self) -> dict[str, Any]:
        return {name: jsonable(value) for name, value in self._asdict().items()}


PHASES = {WINDOW: "doubt", OVER: "over"}


@lru_cache(maxsize=32)
def rank_counts(copies: tuple[int, ...]) -> tuple[int, ...]:
    counts = [copies[52]] + [0] * 13
    for index in range(52):
        counts[index % 13 + 1] += copies[index]
    return tuple(counts)


def seen_steps(state: DoubtState, seat: int | None) -> int:
    """Actions applied so far as ``seat`` can count them: while a doubt window is open, the passes of
    other seats are not seen (C4), so they are left out until the window closes."""
    if state.phase != WINDOW:
        return state.steps
    unseen = sum(1 for s in offered(state.options, state.players, state.forfeited, state.turn)
                 if s != seat and s not in state.window)
    return state.steps - unseen


def build_view(state: DoubtState, seat: int | None) -> DoubtView:
    row = state.players if seat is None else seat
    pile = tuple(
        PileView(e.seat, e.rank, len(e.cards), e.cards if e.revealed or e.seat == seat else None, e.revealed)
        for e in state.pile
    )
    return DoubtView(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        picked=state.picked if seat == state.turn else (),
        hand_sizes=tuple(map(len, state.hands)),
        phase=PHASES.get(state.phase, "play"),
        turn=state.turn,
        rank=state.rank,
        pile=pile,
        pile_size=sum(p.size for p in pile),
        known=state.known[row],
        sure=state.sure[row],
        discard=state.discard,
        forfeited=state.forfeited,
        successes=state.successes,
        rank_counts=rank_counts(state.copies),
        options=state.options,
        plays=state.plays,
        steps=seen_steps(state, seat),
        habits=state.habits or (Habits(),) * state.players,
    )
