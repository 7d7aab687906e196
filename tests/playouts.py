"""Random playouts for the property and conformance tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeVar

from kakehiki.core import Game

S = TypeVar("S")


def random_walk(
    game: Game[S, Any, Any], seed: int, players: int | None, options: Mapping[str, object] | None, limit: int,
    avoid: frozenset[str] = frozenset(),
) -> list[tuple[S, int, Any]]:
    """(state, seat, action) before every step of a uniform-random game — any actor, any legal
    action but those written as in ``avoid`` — then ``(final state, -1, None)``; at most ``limit`` steps."""
    rng = random.Random(seed)
    state = game.new(players=players, options=options, seed=seed)
    trail: list[tuple[S, int, Any]] = []
    while game.result(state) is None and len(trail) < limit:
        seat = rng.choice(game.actors(state))
        legal = game.legal_actions(state, seat)
        action = rng.choice([a for a in legal if str(a) not in avoid] if avoid else legal)
        trail.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    trail.append((state, -1, None))
    return trail
