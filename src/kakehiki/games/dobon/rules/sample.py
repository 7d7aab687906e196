"""Determinizations of a Dobon state for one seat: what it cannot see, dealt anew.

A sample carries nothing hidden from the seat: no seed and no explicit deck (either
would rebuild the real deal), and no list of who may claim out of turn, which is
worked out again from the sampled hands.  The hidden cards are pooled in card order
before shuffling, so two states that differ only in what the seat cannot see give
the same sample for the same generator.
"""

from __future__ import annotations

import random

from kakehiki.cards import CARD_ORDER
from kakehiki.games.dobon.rules.draft import Draft
from kakehiki.games.dobon.rules.state import CHAIN, TURN, DobonState
from kakehiki.games.dobon.rules.turns import claimants, gaeshi_askees


def sample_hidden(state: DobonState, seat: int | None, rng: random.Random) -> DobonState:
    """Every card ``seat`` cannot see (other hands, the stock) dealt anew, keeping all counts.

    The seat's own hand, and whether it is itself offered a call now, are kept: it knows
    both.  A gaeshi window asks every seat holding cards (J8), so an open one tells nothing
    of the other hands and any deal of them will do."""
    others = [s for s in range(state.players) if s != seat]
    pool = sorted([c for s in others for c in state.hands[s]] + list(state.stock), key=CARD_ORDER)
    d = Draft(state)
    d.seed, d.deck = 0, None
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        dealt, pool = pool[:size], pool[size:]
        d.hands[s] = tuple(sorted(dealt, key=CARD_ORDER))
        d.sums[s] = sum(c.rank for c in dealt)
    d.stock = tuple(pool)
    d.window = _window(d, state, seat)
    return d.freeze()


def _window(d: Draft, state: DobonState, seat: int | None) -> tuple[int, ...]:
    """The out-of-turn offers of the sampled deal; ``seat``'s own stays as it is."""
    rank = d.field[-1].rank
    order = d.priority_from(d.turn)
    if d.phase == CHAIN:
        offered = set(gaeshi_askees(d.hands, d.chain[-1], order))
    elif d.phase == TURN:
        offered = set(claimants(rank, d.hands, d.sums, order[1:]))
    else:
        return ()
    if seat is not None:
        offered.discard(seat)
        if seat in state.window:
            offered.add(seat)
    return tuple(s for s in order if s in offered)
