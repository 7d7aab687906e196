"""Dobon kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: the seat kernel's pieces
(:mod:`.seat`: windows resolved with the log kept, the observation) over chosen rows, so any
opponent, a kernel bot or a numpy network, can answer."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.games.dobon.kernel.layout import PASS, PLAYERS

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
_play = sibling(__name__, "kakehiki.games.dobon.kernel.play")
_seat = sibling(__name__, "kakehiki.games.dobon.kernel.seat")
legal_mask, bot_streams, actors = _rules.legal_mask, _rules.bot_streams, _rules.actors
choose = _play.choose
new_log, logged_window = _seat.new_log, _seat.logged_window


@njit
def start_at(rows: Any, streams: Any, games: Any, played: Any, drawn: Any, recent: Any) -> None:
    """Games just dealt: a new log, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        new_log(rows[g], played[g], drawn[g], recent[g])
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def windows_at(rows: Any, streams: Any, ratios: Any, games: Any, asked: Any, counts: Any, chosen: Any,
               played: Any, drawn: Any, recent: Any) -> None:
    """Each game's window resolved with its actors' answers, the log kept."""
    again = np.zeros(16, dtype=np.int64)
    moved = np.zeros(2, dtype=np.int64)
    before = np.zeros(16, dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        logged_window(rows[g], streams[g], ratios[g], counts[i], asked[i], chosen[i], again, moved, played[g],
                      drawn[g], recent[g], before)


@njit
def choose_at(rows: Any, streams: Any, games: Any, seats: Any, policies: Any, out: Any) -> None:
    legal = np.zeros(PASS + 1, dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        out[i] = choose(rows[g], streams[g], seats[i], policies[i], legal)


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    buffer = np.zeros(PASS + 1, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], buffer)


@njit
def actors_at(rows: Any, games: Any, seats: Any, counts: Any) -> None:
    """The actors of games ``games`` by priority (C4), padded with -1, and how many."""
    buffer = np.zeros(16, dtype=np.int64)
    for i in range(games.shape[0]):
        n = actors(rows[games[i]], buffer)
        counts[i] = n
        for k in range(seats.shape[1]):
            seats[i, k] = buffer[k] if k < n else -1
