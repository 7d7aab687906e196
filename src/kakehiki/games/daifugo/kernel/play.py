"""Daifugo kernels over many matches per call: create, read masks, step, and play out with a
policy inside the kernel (see :mod:`.rules` and :mod:`.match` for one match's rules)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.daifugo.kernel.layout import MAX_PLAYERS, OVER, PHASE, PLAYERS, U_BOT, U_PREFIX  # noqa: F401 - the loops bind U_*

njit = njit_for(__name__)
borrowing = njit_for(__name__, counted=False)  # for the functions that make no array
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
_rules = sibling(__name__, "kakehiki.games.daifugo.kernel.rules")
_match = sibling(__name__, "kakehiki.games.daifugo.kernel.match")
below = _prng.below
legal_mask, actors, CTX = _rules.legal_mask, _rules.actors, _rules.CTX
new_match, apply = _match.new_match, _match.apply

RANDOM = 0  # the playout policies

SEATS, SCRATCH = MAX_PLAYERS, CTX  # the sizes of the shared loops' scratch
actors_of, masks_of, first_illegal, step_games = specialise(
    globals(), njit, "daifugo", "actors_of", "masks_of", "first_illegal", "step_games")
new_games, bot_streams, choose = specialise(
    globals(), borrowing, "daifugo", "new_games", "bot_streams", "uniform_choice")
"""``RANDOM``, the ``random`` bot, is ``choose`` (:func:`kakehiki.fast.loops.uniform_choice`)."""


@njit
def play_game(s: Any, u: Any, mask: Any, ctx: Any, asked: Any) -> int:
    """Play one match to its end as ``driver.play_out`` does with the random bot at every seat
    (one seat acts at a time in Daifugo: ``first_only`` changes nothing).  The actions applied."""
    applied = 0
    while s[PHASE] != OVER:
        actors(s, asked)
        apply(s, u, asked[0], choose(s, u, asked[0], mask, ctx))
        applied += 1
    return applied


@njit
def play_games(rows: Any, streams: Any, mask: Any, applied: Any) -> None:
    ctx = np.zeros(CTX, dtype=np.int64)
    asked = np.zeros(MAX_PLAYERS, dtype=np.int64)
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], mask, ctx, asked)
