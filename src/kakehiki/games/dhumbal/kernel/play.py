"""Dhumbal kernels over many matches per call: create, read masks, step, and play out with a
policy inside the kernel (see :mod:`.dhumbal_kernel` for one match's rules)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.dhumbal.kernel.layout import ACTIONS, MAX_PLAYERS, OVER, PHASE, PLAYERS, TURN_SEAT, U_BOT

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.dhumbal.kernel.rules")
below = _prng.below
new_match, apply, bot_streams = _rules.new_match, _rules.apply, _rules.bot_streams
legal_mask, legal_list = _rules.legal_mask, _rules.legal_list


@njit
def new_games(rows: Any, streams: Any) -> None:
    for g in range(rows.shape[0]):
        new_match(rows[g], streams[g])


SEATS, SCRATCH = MAX_PLAYERS, ACTIONS  # the sizes of the shared loops' scratch
masks_of, first_illegal, step_games = specialise(
    globals(), njit, "dhumbal", "masks_of", "first_illegal", "step_games")


@njit
def actors_of(rows: Any, seats: Any, counts: Any) -> None:
    """``DhumbalGame.actors``: the turn seat alone, or nobody once over (no calls out of turn)."""
    for g in range(rows.shape[0]):
        seats[g, :] = -1
        counts[g] = 0
        if rows[g, PHASE] != OVER:
            seats[g, 0] = rows[g, TURN_SEAT]
            counts[g] = 1


RANDOM = 0  # the playout policies


@njit
def choose(s: Any, u: Any, seat: int, policy: int, legal: Any) -> int:
    """The policy's action for ``seat``, as the bot of its name: ``RANDOM`` is ``random`` (a
    uniform legal action, ``legal[rng.randrange(len(legal))]``, from the seat's stream)."""
    n = legal_list(s, seat, legal)
    return int(legal[below(u, U_BOT + seat, n)])


@njit
def play_game(s: Any, u: Any, policies: Any, legal: Any) -> int:
    """Play one match to its end as ``driver.play_out`` does with a bot per seat: the turn
    seat is the only actor, so it alone is asked (``driver.random_playout``'s first actor
    too).  The number of actions applied."""
    applied = 0
    while s[PHASE] != OVER:
        seat = s[TURN_SEAT]
        apply(s, u, seat, choose(s, u, seat, policies[seat], legal))
        applied += 1
    return applied


@njit
def play_games(rows: Any, streams: Any, policies: Any, applied: Any) -> None:
    legal = np.zeros(ACTIONS, dtype=np.int64)  # the legal actions of one seat, listed
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], policies, legal)
