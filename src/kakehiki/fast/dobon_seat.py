"""Dobon kernels for one learning seat per game against the kernel's policies: what the
vector environment on the compiled engine (:mod:`kakehiki.rl.fast`) steps.

As :class:`kakehiki.rl.single.SeatEnv` plays its bots: every other seat answers through its
policy, drawing from its own stream ``derive(seed, "bot", seat)``; a window the learner shares
with bots is answered by all on the same state and resolved as ``driver.resolve`` does; the
bots play on until the learner is asked again or the game is over.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.dobon_layout import OVER, PASS, PHASE, PLAYERS

njit = njit_for(__name__)
_rules = sibling(__name__, "dobon_kernel")
_play = sibling(__name__, "dobon_play")
actors, legal_mask, bot_streams = _rules.actors, _rules.legal_mask, _rules.bot_streams
choose, resolve_window = _play.choose, _play.resolve_window


@njit
def bots_play(s: Any, u: Any, ratio: float, learner: int, policies: Any, legal: Any, asked: Any, chosen: Any,
              again: Any) -> None:
    """The bots' windows, one after another, until ``learner`` is asked or the game is over."""
    while s[PHASE] != OVER:
        n = actors(s, asked)
        for k in range(n):
            if asked[k] == learner:
                return
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], policies[asked[k]], legal)
        resolve_window(s, u, ratio, n, asked, chosen, again)


@njit
def start_games(rows: Any, streams: Any, ratios: Any, games: Any, learners: Any, policies: Any) -> None:
    """Games ``games`` just dealt: start their bots' streams and play the bots until each
    game's learner is asked (or the game is over)."""
    legal = np.zeros(PASS + 1, dtype=np.int64)
    asked = np.zeros(16, dtype=np.int64)
    chosen = np.zeros(16, dtype=np.int64)
    again = np.zeros(16, dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        bot_streams(streams[g], rows[g, PLAYERS])
        bots_play(rows[g], streams[g], ratios[g], learners[g], policies[g], legal, asked, chosen, again)


@njit
def learner_steps(rows: Any, streams: Any, ratios: Any, learners: Any, actions: Any, policies: Any,
                  mask: Any) -> int:
    """Each game's learner answers ``actions[g]``: its window is resolved with the bots'
    answers on the same state, then the bots play until the learner is asked again.  Returns
    the first game (from 0) whose action is not legal, before anything is applied, or -1.  A
    game over is left alone."""
    legal = np.zeros(PASS + 1, dtype=np.int64)
    for g in range(rows.shape[0]):
        if rows[g, PHASE] != OVER:
            legal_mask(rows[g], learners[g], mask, legal)
            if actions[g] < 0 or actions[g] >= mask.shape[0] or mask[actions[g]] == 0:
                return g
    asked = np.zeros(16, dtype=np.int64)
    chosen = np.zeros(16, dtype=np.int64)
    again = np.zeros(16, dtype=np.int64)
    for g in range(rows.shape[0]):
        s, u, ratio, learner = rows[g], streams[g], ratios[g], learners[g]
        if s[PHASE] == OVER:
            continue
        n = actors(s, asked)
        for k in range(n):
            seat = asked[k]
            chosen[k] = actions[g] if seat == learner else choose(s, u, seat, policies[g, seat], legal)
        resolve_window(s, u, ratio, n, asked, chosen, again)
        bots_play(s, u, ratio, learner, policies[g], legal, asked, chosen, again)
    return -1
