"""Arithmetic Dobon kernels over many games per call: create, read masks, step, and play out
with a policy inside the kernel (see :mod:`.arith_kernel` for one game's rules)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.dobon_arith.kernel.layout import ACTIONS, MAX_PLAYERS, OVER, PASS, PHASE, PLAYERS, U_BOT

njit = njit_for(__name__)
borrowing = njit_for(__name__, counted=False)  # for the functions that make no array
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.dobon_arith.kernel.rules")
_match = sibling(__name__, "kakehiki.games.dobon_arith.kernel.match")
below = _prng.below
new_match, apply = _match.new_match, _match.apply
legal_mask, legal_list, actors = _rules.legal_mask, _rules.legal_list, _rules.actors
yields_to_calls, bot_streams = _rules.yields_to_calls, _rules.bot_streams

RANDOM = 0  # the playout policies: the bots of these names


@borrowing
def new_games(rows: Any, streams: Any, first_players: Any) -> None:
    for g in range(rows.shape[0]):
        new_match(rows[g], streams[g], first_players[g])


SEATS, SCRATCH = MAX_PLAYERS, ACTIONS  # the sizes of the shared loops' scratch
actors_of, masks_of, first_illegal, step_games = specialise(
    globals(), njit, "dobon_arith", "actors_of", "masks_of", "first_illegal", "step_games_ratio")


@borrowing
def choose(s: Any, u: Any, seat: int, policy: int, legal: Any) -> int:
    """The policy's action for ``seat``: ``RANDOM`` is the ``random`` bot, a uniform legal
    action (in index order, as ``legal_actions`` lists them) from the seat's own stream."""
    n = legal_list(s, seat, legal)
    return int(legal[below(u, U_BOT + seat, n)])


@borrowing
def play_game(
    s: Any, u: Any, ratio: float, policies: Any, first_only: bool, legal: Any, asked: Any, chosen: Any, again: Any
) -> int:
    """Play one game to its end as ``driver.play_out`` does with a bot per seat: every actor
    decides on the same state; the first call by priority wins, a turn seat's ordinary move
    yields to calls, and when all decline their passes are applied (C4).  ``policies[seat]``
    is each seat's policy.  With ``first_only`` only the first actor is asked, as
    ``driver.random_playout`` and the benchmarks play.  The number of actions applied."""
    applied = 0
    while s[PHASE] != OVER:
        n = actors(s, asked)
        if n == 1 or first_only:
            apply(s, u, ratio, asked[0], choose(s, u, asked[0], policies[asked[0]], legal))
            applied += 1
            continue
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], policies[asked[k]], legal)
        applied += resolve_window(s, u, ratio, n, asked, chosen, again)
    return applied


@borrowing
def resolve_window(s: Any, u: Any, ratio: float, n: int, asked: Any, chosen: Any, again: Any) -> int:
    """Apply what ``driver.resolve`` picks from the answers ``chosen[k]`` of the ``n`` actors
    ``asked[k]`` (in priority order) to one state: the first call wins, else the turn seat's
    ordinary move, else every pass while its seat is still asked.  The number applied."""
    ordinary, claim = -1, -1
    for k in range(n):
        if yields_to_calls(s, asked[k], chosen[k]):
            if ordinary < 0:
                ordinary = k
            continue
        if chosen[k] == PASS:
            continue
        claim = k
        break
    if claim < 0:
        claim = ordinary
    if claim >= 0:
        apply(s, u, ratio, asked[claim], chosen[claim])
        return 1
    applied = 0
    for k in range(n):
        if k > 0 and not still_asked(s, asked[k], again):
            break
        apply(s, u, ratio, asked[k], chosen[k])
        applied += 1
    return applied


@borrowing
def still_asked(s: Any, seat: int, again: Any) -> bool:
    """``driver.still_asked``: the game goes on and ``seat`` is still an actor."""
    n = actors(s, again)
    for j in range(n):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if again[j] == seat:
            return True
    return False


@njit
def play_games(rows: Any, streams: Any, ratios: Any, policies: Any, first_only: bool, applied: Any) -> None:
    legal = np.zeros(ACTIONS, dtype=np.int64)  # the legal actions of one seat, listed
    asked = np.zeros(MAX_PLAYERS, dtype=np.int64)
    chosen = np.zeros(MAX_PLAYERS, dtype=np.int64)
    again = np.zeros(MAX_PLAYERS, dtype=np.int64)
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], ratios[g], policies, first_only, legal, asked, chosen, again)
