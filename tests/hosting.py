"""What the table tests share: a fake clock and Dobon positions reached by random play."""

from __future__ import annotations

import random
from typing import Any

from kakehiki import get_game

DOBON = get_game("dobon")
OPTIONS = {"official": False, "first_dealer": 0}


class FakeClock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def random_position(seed: int, moves: int) -> Any:
    """A three-seat Dobon game after ``moves`` uniform-random moves of its first actors."""
    state = DOBON.new(players=3, seed=seed, options=OPTIONS)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = DOBON.actors(state)[0]
        legal = DOBON.legal_actions(state, seat)
        state, _ = DOBON.apply(state, seat, legal[rng.randrange(len(legal))])
    return state
