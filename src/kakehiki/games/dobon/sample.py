"""Determinizations of a Dobon state for one seat: what it cannot see, dealt anew.

A sample carries nothing hidden from the seat: no seed and no explicit deck (either
would rebuild the real deal), and no list of who may claim out of turn, which is
worked out again from the sampled hands.  The hidden cards are pooled in card order
before shuffling, so two states that differ only in what the seat cannot see give
the same sample for the same generator.
"""

from __future__ import annotations

import random
from math import comb

from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dobon.draft import Draft
from kakehiki.games.dobon.state import CHAIN, TURN, DobonState
from kakehiki.games.dobon.turns import claimants, gaeshi_answerers


def sample_hidden(state: DobonState, seat: int | None, rng: random.Random) -> DobonState:
    """Every card ``seat`` cannot see (other hands, the stock) dealt anew, keeping all counts.

    The seat's own hand, and whether it is itself offered a call now, are kept: it knows
    both.  While a Dobon waits for gaeshi that ``seat`` cannot answer, the game not being
    over tells everyone that some other seat can: one such seat is dealt a hand that answers."""
    others = [s for s in range(state.players) if s != seat]
    pool = sorted([c for s in others for c in state.hands[s]] + list(state.stock), key=CARD_ORDER)
    d = Draft(state)
    d.seed, d.deck = 0, None
    dealt: dict[int, list[Card]] = {}
    if state.phase == CHAIN and seat not in state.window:
        dealt = _one_answerer(state, [s for s in others if s != state.chain[-1] and state.hands[s]], pool, rng)
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        if s not in dealt:
            dealt[s], pool = pool[:size], pool[size:]
        d.hands[s] = tuple(sorted(dealt[s], key=CARD_ORDER))
        d.sums[s] = sum(c.rank for c in dealt[s])
    d.stock = tuple(pool)
    d.window = _window(d, state, seat)
    return d.freeze()


def _window(d: Draft, state: DobonState, seat: int | None) -> tuple[int, ...]:
    """The out-of-turn offers of the sampled deal; ``seat``'s own stays as it is."""
    rank = d.field[-1].rank
    order = d.priority_from(d.turn)
    if d.phase == CHAIN:
        offered = set(gaeshi_answerers(rank, d.hands, d.sums, d.chain[-1], order))
    elif d.phase == TURN:
        offered = set(claimants(rank, d.hands, d.sums, order[1:]))
    else:
        return ()
    if seat is not None:
        offered.discard(seat)
        if seat in state.window:
            offered.add(seat)
    return tuple(s for s in order if s in offered)


def _one_answerer(state: DobonState, seats: list[int], pool: list[Card], rng: random.Random) -> dict[int, list[Card]]:
    """Deal one of ``seats`` (chosen in proportion to how many answering hands it could
    hold) a hand totalling the top card, uniformly among such hands; take it from ``pool``."""
    rank = state.field[-1].rank
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(card.rank, []).append(card)
    counts = [len(by_rank.get(v, ())) for v in range(14)]
    tables = {s: _ways(counts, len(state.hands[s]), rank) for s in seats}
    weights = [tables[s][1][len(state.hands[s])][rank] for s in seats]
    if not any(weights):
        return {}  # cannot happen for a state reached by play: its true answerer is one of them
    s = _weighted(rng, list(zip(seats, weights, strict=True)))
    hand: list[Card] = []
    table, size, total = tables[s], len(state.hands[s]), rank
    for value in range(1, 14):
        m = _weighted(rng, [(m, comb(counts[value], m) * table[value + 1][size - m][total - m * value])
                            for m in range(min(counts[value], size, total // value) + 1)])
        hand.extend(rng.sample(by_rank.get(value, []), m))
        size, total = size - m, total - m * value
    for card in hand:
        pool.remove(card)
    return {s: hand}


def _ways(counts: list[int], size: int, total: int) -> list[list[list[int]]]:
    """``ways[v][n][t]``: the number of ways to take ``n`` cards totalling ``t`` from the cards
    of values ``v``..13, there being ``counts[v]`` of each value."""
    ways = [[[0] * (total + 1) for _ in range(size + 1)] for _ in range(15)]
    ways[14][0][0] = 1
    for value in range(13, 0, -1):
        for n in range(size + 1):
            for t in range(total + 1):
                ways[value][n][t] = sum(comb(counts[value], m) * ways[value + 1][n - m][t - m * value]
                                        for m in range(min(counts[value], n, t // value) + 1))
    return ways


def _weighted(rng: random.Random, choices: list[tuple[int, int]]) -> int:
    """One of the ``(item, weight)`` choices, in proportion to its (whole-number) weight."""
    pick = rng.randrange(sum(weight for _, weight in choices))
    for item, weight in choices:
        if pick < weight:
            return item
        pick -= weight
    raise AssertionError("unreachable: the pick is below the total weight")
