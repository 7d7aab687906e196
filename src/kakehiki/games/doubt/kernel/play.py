"""Doubt kernels over many games per call: create, read masks, step, and play out with a
policy inside the kernel (see :mod:`.doubt_kernel` and :mod:`.doubt_moves` for one game)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.doubt.kernel.layout import A_PASS, MAX_ACTIONS, MAX_PLAYERS, OVER, PHASE, PLAYERS, U_BOT

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.doubt.kernel.rules")
_moves = sibling(__name__, "kakehiki.games.doubt.kernel.moves")
below, apply = _prng.below, _moves.apply
new_game, legal_mask, legal_list, actors, bot_streams = (
    _rules.new_game, _rules.legal_mask, _rules.legal_list, _rules.actors, _rules.bot_streams)


@njit
def new_games(rows: Any, streams: Any) -> None:
    for g in range(rows.shape[0]):
        new_game(rows[g], streams[g])


SEATS, SCRATCH = MAX_PLAYERS, MAX_ACTIONS  # the sizes of the shared loops' scratch
actors_of, masks_of, first_illegal, step_games = specialise(
    globals(), njit, "doubt", "actors_of", "masks_of", "first_illegal", "step_games")


RANDOM = 0  # the playout policies


@njit
def choose(s: Any, u: Any, seat: int, policy: int, legal: Any) -> int:
    """The policy's action for ``seat``, as the bot of its name: ``RANDOM`` is ``random`` (a
    uniform legal action, in index order, from the seat's stream)."""
    n = legal_list(s, seat, legal)
    return int(legal[below(u, U_BOT + seat, n)])


@njit
def resolve_window(s: Any, u: Any, n: int, asked: Any, chosen: Any, again: Any) -> int:
    """Apply what ``driver.resolve`` picks from the answers ``chosen[k]`` of the ``n`` actors
    ``asked[k]`` (in priority order) to one state: the first call (``doubt``) wins, else every
    pass while its seat is still asked (no Doubt move yields to calls).  The number applied."""
    for k in range(n):
        if chosen[k] != s[A_PASS]:
            apply(s, u, asked[k], chosen[k])
            return 1
    applied = 0
    for k in range(n):
        if k > 0:
            still = actors(s, again)
            found = False
            for j in range(still):
                found = found or again[j] == asked[k]
            if not found:
                break
        apply(s, u, asked[k], chosen[k])
        applied += 1
    return applied


@njit
def play_game(s: Any, u: Any, policies: Any, first_only: bool, legal: Any, asked: Any, chosen: Any,
              again: Any) -> int:
    """Play one game to its end as ``driver.play_out`` does with a bot per seat: every actor
    decides on the same state and the first call by priority wins; when all decline their passes
    are applied (C4).  With ``first_only`` only the first actor is asked, as
    ``driver.random_playout`` and the benchmarks play.  The number of actions applied."""
    applied = 0
    while s[PHASE] != OVER:
        n = actors(s, asked)
        if n == 1 or first_only:
            apply(s, u, asked[0], choose(s, u, asked[0], policies[asked[0]], legal))
            applied += 1
            continue
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], policies[asked[k]], legal)
        applied += resolve_window(s, u, n, asked, chosen, again)
    return applied


@njit
def play_games(rows: Any, streams: Any, policies: Any, first_only: bool, applied: Any) -> None:
    legal = np.zeros(MAX_ACTIONS, dtype=np.int64)  # the legal actions of one seat, listed
    asked = np.zeros(MAX_PLAYERS, dtype=np.int64)
    chosen = np.zeros(MAX_PLAYERS, dtype=np.int64)
    again = np.zeros(MAX_PLAYERS, dtype=np.int64)
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], policies, first_only, legal, asked, chosen, again)
