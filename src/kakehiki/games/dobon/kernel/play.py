"""Dobon kernels over many games per call: create, read masks, step, and play out with a
policy inside the kernel (see :mod:`.dobon_kernel` for one game's rules)."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.fast.loops import specialise
from kakehiki.games.dobon.kernel.layout import DOBON, MAX_PLAYERS, OVER, PASS, PHASE, PLAYERS, TOP_OWNER, TURN, U_BOT

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
_match = sibling(__name__, "kakehiki.games.dobon.kernel.match")
below = _prng.below
new_match, apply = _match.new_match, _match.apply
legal_mask, legal_list, actors = _rules.legal_mask, _rules.legal_list, _rules.actors
yields_to_calls, bot_streams = _rules.yields_to_calls, _rules.bot_streams


@njit
def new_games(rows: Any, streams: Any, first_dealers: Any) -> None:
    for g in range(rows.shape[0]):
        new_match(rows[g], streams[g], first_dealers[g])


SEATS, SCRATCH = MAX_PLAYERS, PASS + 1  # the sizes of the shared loops' scratch
actors_of, masks_of, first_illegal, step_games = specialise(
    globals(), njit, "dobon", "actors_of", "masks_of", "first_illegal", "step_games_ratio")


RANDOM, GREEDY = 0, 1  # the playout policies


@njit
def choose(s: Any, u: Any, seat: int, policy: int, legal: Any) -> int:
    """The policy's action for ``seat``, as the bot of its name: ``RANDOM`` is ``random`` (a
    uniform legal action from the seat's stream); ``GREEDY`` is ``greedy`` (calls Dobon whenever
    it may, unless the top card is its own (J10), with its first card on top; else a uniform
    choice among its other actions)."""
    n = legal_list(s, seat, legal)
    if policy == GREEDY:
        others = 0
        for k in range(n):
            if legal[k] < DOBON or legal[k] == PASS:
                legal[others] = legal[k]  # the others, in order, over the list
                others += 1
            elif s[PHASE] != TURN or s[TOP_OWNER] != seat:
                return int(legal[k])  # the first Dobon, when the top card is not its own
        n = others
    return int(legal[below(u, U_BOT + seat, n)])


@njit
def play_game(
    s: Any, u: Any, ratio: float, policies: Any, first_only: bool, mask: Any, asked: Any, chosen: Any, again: Any
) -> int:
    """Play one game to its end as ``driver.play_out`` does with a bot per seat: every
    actor decides on the same state; the first call by priority wins, a turn seat's
    ordinary move yields to calls, and when all decline their passes are applied (C4).
    ``policies[seat]`` is each seat's policy.  With ``first_only`` only the first actor is
    asked, as ``driver.random_playout`` and the benchmarks play.  The number of actions applied."""
    applied = 0
    moved = np.zeros(2, dtype=np.int64)
    while s[PHASE] != OVER:
        n = actors(s, asked)
        if n == 1 or first_only:
            apply(s, u, ratio, asked[0], choose(s, u, asked[0], policies[asked[0]], mask))
            applied += 1
            continue
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], policies[asked[k]], mask)
        applied += resolve_window(s, u, ratio, n, asked, chosen, again, moved)
    return applied


@njit
def resolve_window(s: Any, u: Any, ratio: float, n: int, asked: Any, chosen: Any, again: Any, moved: Any) -> int:
    """Apply what ``driver.resolve`` picks from the answers ``chosen[k]`` of the ``n`` actors
    ``asked[k]`` (in priority order) to one state: the first call wins, else the turn seat's
    ordinary move, else every pass while its seat is still asked.  The number applied;
    ``moved`` gets the seat and action of the move applied, or ``-1, PASS`` for passes."""
    moved[0], moved[1] = -1, PASS
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
        moved[0], moved[1] = asked[claim], chosen[claim]
        apply(s, u, ratio, asked[claim], chosen[claim])
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
        apply(s, u, ratio, asked[k], chosen[k])
        applied += 1
    return applied


@njit
def play_games(rows: Any, streams: Any, ratios: Any, policies: Any, first_only: bool, applied: Any) -> None:
    mask = np.zeros(PASS + 1, dtype=np.int64)  # the legal actions of one seat, listed
    asked = np.zeros(16, dtype=np.int64)
    chosen = np.zeros(16, dtype=np.int64)
    again = np.zeros(16, dtype=np.int64)
    for g in range(rows.shape[0]):
        bot_streams(streams[g], rows[g, PLAYERS])
        applied[g] = play_game(rows[g], streams[g], ratios[g], policies, first_only, mask, asked, chosen, again)
