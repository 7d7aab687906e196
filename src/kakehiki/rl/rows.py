"""What the compiled vector environments share about their rows (``rl.fast``, ``rl.compiled``):
each row's generator, seeded as ``SeatEnv.reset`` is, and the draw of each new deal's seed,
learner and seating from it, so row ``i`` plays the game a ``SeatEnv`` seeded with ``s + i`` plays."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding

from kakehiki.rl.single import MAX_REDEALS
from kakehiki.rl.table import SEED_BOUND

Generators = list[np.random.Generator | None]


def reseed(rngs: Generators, seed: int | Sequence[int | None] | None) -> None:
    """``reset(seed=...)``: an int seeds row ``i`` with ``seed + i``; a list gives each its own;
    ``None`` goes on from each row's generator (seeded with 0 if never seeded)."""
    if seed is None:
        seeds: Sequence[int | None] = [None] * len(rngs)
    elif isinstance(seed, int):
        seeds = [seed + i for i in range(len(rngs))]
    else:
        seeds = list(seed)
        if len(seeds) != len(rngs):
            raise ValueError(f"{len(seeds)} seeds for {len(rngs)} games")
    for i, s in enumerate(seeds):
        if s is not None or rngs[i] is None:
            rngs[i] = seeding.np_random(0 if s is None else s)[0]


def count_redeals(redeals: npt.NDArray[np.int64], games: npt.NDArray[np.int64]) -> int:
    """Count ``games`` dealt again in ``redeals`` (per row, this deal); refuse an endless run of them."""
    redeals[games] += 1
    if redeals.max() > MAX_REDEALS:
        raise RuntimeError(f"{MAX_REDEALS} games in a row ended before the learner was asked "
                           f"(a step limit too low for the table?)")
    return len(games)


def draw_deals(
    rngs: Generators, games: npt.NDArray[np.int64], random_seat: bool, learners: npt.NDArray[np.int64],
    seating: Sequence[int], policies: npt.NDArray[np.int64],
) -> list[int]:
    """Each row's next deal seed (and, with ``random_seat``, its learner) from its generator, and
    its seats' policies: ``seating`` one per seat, or one per other seat in play order past the
    learner's (whose own entry is then ``seating[0]``, unused)."""
    n = policies.shape[1]
    seeds = []
    for g in games.tolist():
        rng = rngs[g]
        assert rng is not None
        seeds.append(int(rng.integers(SEED_BOUND)))
        if random_seat:
            learners[g] = int(rng.integers(n))
        learner = int(learners[g])
        others = iter(seating) if len(seating) == n - 1 else None
        policies[g] = [seating[s] if others is None else (seating[0] if s == learner else next(others))
                       for s in range(n)]
    return seeds
