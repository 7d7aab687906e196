"""Million Doubt kernels over many games per call: create, read masks, step, and play out with
a policy inside the kernel (see :mod:`.md_kernel` and :mod:`.md_match` for one game's rules)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.million_doubt.kernel.layout import (  # noqa: F401 - the shared loops bind U_BOT, U_PREFIX
    A_PASS,
    MAX_PLAYERS,
    OVER,
    PHASE,
    PLAYERS,
    U_BOT,
    U_PREFIX,
)

njit = njit_for(__name__)
borrowing = njit_for(__name__, counted=False)  # for the functions that make no array
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
_rules = sibling(__name__, "kakehiki.games.million_doubt.kernel.rules")
_match = sibling(__name__, "kakehiki.games.million_doubt.kernel.match")
below = _prng.below
legal_mask, actors, is_actor, CTX = _rules.legal_mask, _rules.actors, _rules.is_actor, _rules.CTX
new_match, apply = _match.new_match, _match.apply

RANDOM = 0  # the playout policies

SEATS, SCRATCH = MAX_PLAYERS, CTX  # the sizes of the shared loops' scratch
actors_of, masks_of, first_illegal, step_games = specialise(
    globals(), njit, "million_doubt", "actors_of", "masks_of", "first_illegal", "step_games")
new_games, bot_streams, choose = specialise(
    globals(), borrowing, "million_doubt", "new_games", "bot_streams", "uniform_choice")
"""``RANDOM``, the ``random`` bot, is ``choose`` (:func:`kakehiki.fast.loops.uniform_choice`)."""


@borrowing
def play_game(s: Any, u: Any, first_only: bool, mask: Any, ctx: Any, asked: Any, chosen: Any) -> int:
    """Play one game to its end as ``driver.play_out`` does with the random bot at every seat:
    every actor decides on the same state; the first call (a doubt) by priority wins, and when
    all decline their passes are applied in order while each seat is still asked (C4).  With
    ``first_only`` only the first actor is asked, as ``driver.random_playout``.  The actions applied."""
    applied = 0
    while s[PHASE] != OVER:
        n = actors(s, asked)
        if n == 1 or first_only:
            apply(s, u, asked[0], choose(s, u, asked[0], mask, ctx))
            applied += 1
            continue
        claim = -1
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], mask, ctx)
            if claim < 0 and chosen[k] != A_PASS:
                claim = k
        if claim >= 0:
            apply(s, u, asked[claim], chosen[claim])
            applied += 1
            continue
        for k in range(n):
            if k > 0 and (s[PHASE] == OVER or not is_actor(s, asked[k])):
                break
            apply(s, u, asked[k], chosen[k])
            applied += 1
    return applied


@njit
def play_games(rows: Any, streams: Any, first_only: bool, mask: Any, applied: Any) -> None:
    ctx = np.zeros(CTX, dtype=np.int64)
    asked = np.zeros(MAX_PLAYERS, dtype=np.int64)
    chosen = np.zeros(MAX_PLAYERS, dtype=np.int64)
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], first_only, mask, ctx, asked, chosen)
