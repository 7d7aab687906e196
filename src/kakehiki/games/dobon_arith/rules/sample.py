"""Determinizations of an arithmetic Dobon state for one seat (``Game.sample_hidden``).

A sample carries nothing hidden from the seat (the noninterference rule): the other
seats' unrevealed cards and the stock are dealt anew from one pool in card order,
shuffled by the caller's generator; revealed cards (A6, a Dobon call) stay with their
seats; the seed and the explicit deck are dropped; and the window of out-of-turn
offers is worked out anew from the sampled hands (C4).  Only the seat's own place in
the window is kept: it knows whether it has declined.  A play of several cards the turn
seat has begun (``staged``) stays only in the turn seat's own samples; for any other seat
the turn seat has yet to act.  Two states that differ only in what the seat cannot see
therefore give equal samples for the same generator.
"""

from __future__ import annotations

import random

from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dobon_arith.rules import turns
from kakehiki.games.dobon_arith.rules.draft import Draft
from kakehiki.games.dobon_arith.rules.state import OVER, ArithState


def sample_hidden(state: ArithState, seat: int | None, rng: random.Random) -> ArithState:
    """A state ``seat`` (``None``: a spectator) cannot tell from ``state``.

    A gaeshi chain asks every seat outside it (A5), so an open one tells nothing of the
    hidden cards and any deal of them will do."""
    others = [s for s in range(state.players) if s != seat]
    sizes = {s: len(state.hands[s]) - len(state.revealed[s]) for s in others}
    pool = sorted([c for s in others for c in state.hands[s] if c not in state.revealed[s]] + list(state.stock),
                  key=CARD_ORDER)
    d = dealt(state, others, sizes, pool, rng)
    d.window = window_for(d, seat, seat in state.window)
    return d.freeze()


def dealt(state: ArithState, others: list[int], sizes: dict[int, int], pool: list[Card],
          rng: random.Random) -> Draft:
    """A draft of ``state`` with ``pool`` shuffled into the other seats' hidden cards and the stock."""
    cards = list(pool)
    rng.shuffle(cards)
    d = Draft(state)
    d.seed, d.deck = 0, None
    if state.turn in others:
        d.staged = ()  # hidden from the others (and still in the turn seat's hand, now re-dealt)
    for s in others:
        size = sizes[s]
        d.set_hand(s, tuple(sorted(state.revealed[s] + tuple(cards[:size]), key=CARD_ORDER)))
        del cards[:size]
    d.stock = tuple(cards)
    return d


def window_for(d: Draft, seat: int | None, offered: bool) -> tuple[int, ...]:
    """The window on the sampled hands; ``seat`` stays in it only if it was ``offered`` (not declined)."""
    if d.phase == OVER or d.staged:
        return ()  # nobody may call between the steps of one play (A2)
    turns.open_window(d)
    return tuple(s for s in d.window if s != seat or offered)
