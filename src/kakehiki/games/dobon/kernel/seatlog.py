"""Dobon kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: the seat kernel's pieces
(:mod:`.seat`: windows resolved with the log kept, the observation) over chosen rows, so any
opponent, a kernel bot or a numpy network, can answer."""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.dobon.kernel.layout import PASS, PLAYERS

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
_play = sibling(__name__, "kakehiki.games.dobon.kernel.play")
_seat = sibling(__name__, "kakehiki.games.dobon.kernel.seat")
legal_mask, bot_streams, actors = _rules.legal_mask, _rules.bot_streams, _rules.actors
choose = _play.choose
new_log, logged_window, observe_seat = _seat.new_log, _seat.logged_window, _seat.observe_seat


@njit
def start_at(rows: Any, streams: Any, games: Any, played: Any, drawn: Any, recent: Any) -> None:
    """Games just dealt: a new log, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        new_log(rows[g], played[g], drawn[g], recent[g])
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    """The scratch of ``seat.logged_window``."""
    return np.zeros(16, dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(16, dtype=np.int64)


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """The game's window resolved with its actors' answers, the log kept."""
    ratios, played, drawn, recent, _ = log
    again, moved, before = scratch
    logged_window(rows[g], streams[g], ratios[g], n, asked, chosen, again, moved, played[g], drawn[g], recent[g],
                  before)


@njit
def answer_bot(rows: Any, streams: Any, g: int, seat: int, policy: int, legal: Any, mask: Any, scratch: Any) -> int:
    return int(choose(rows[g], streams[g], seat, policy, legal))


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    _, played, drawn, recent, matches = log
    observe_seat(rows[g], g, seat, played, drawn, recent, at, matches, out)


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    buffer = np.zeros(PASS + 1, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], buffer)


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "dobon")[-1]
