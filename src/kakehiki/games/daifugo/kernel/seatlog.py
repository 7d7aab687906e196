"""Daifugo kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: turns applied, and a
seat's observation built from the row, the reference encoder's
(:class:`kakehiki.games.daifugo.obs.DaifugoEncoder`) entry for entry.

Daifugo keeps no public record beyond its state: the row holds everything the view reads (the
last game's places for the titles, the cards each seat handed over and where they still are,
the cards gone), so there is no log to keep.  Card vectors are in card order (``Card.index``):
``index_of[face]`` maps the kernel's faces (strength × 4 + suit) to it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.daifugo.kernel.layout import (
    ACTIONS,
    ACTIVE,
    ELEVEN_BACK,
    EXCHANGE,
    FACES,
    FALLEN,
    FCARDS,
    FINISHED,
    GIVING,
    GONE,
    HAND,
    KNOWN_FACE,
    KNOWN_HOLDER,
    LAST_ORDER,
    LAST_REASON,
    LAYING,
    LOCK,
    MAX_KNOWN,
    NFALLEN,
    NFINISHED,
    NGIVING,
    NKNOWN,
    NLAYING,
    NPLAYS,
    NRETURNS,
    NROUNDS,
    OPT_GAMES,
    OPT_SPADE3,
    OVER,
    PASSED,
    PCOUNT,
    PHASE,
    PLAYERS,
    PLEVEL,
    PSEAT,
    PSHAPE,
    PSTART,
    RANKED,
    RETURNS,
    REVOLUTION,
    ROUND,
    SCORES,
    SIZES,
    STRICT,
    TURN,
    TURN_SEAT,
)

njit = njit_for(__name__)
_play = sibling(__name__, "kakehiki.games.daifugo.kernel.play")
_match = sibling(__name__, "kakehiki.games.daifugo.kernel.match")
choose, bot_streams, actors, legal_mask = _play.choose, _play.bot_streams, _play.actors, _play.legal_mask
CTX = _play.CTX
apply = _match.apply

SLICES = ("hand", "laying", "giving", "top", "top_info", "gone", "known", "hand_sizes", "scores", "titles", "active",
          "passed", "finished", "fallen", "turn", "returns", "phase", "lock", "flags", "scalars")
"""The encoder's slices, in the order :func:`observe_at` takes their starts."""
TITLES = 5  # daifugo, fugo, heimin, hinmin, daihinmin (rules.TITLES)
LOG_SCALE = 10.0  # rl.obs.layout.COUNT_LOG_SCALE


@njit
def start_at(rows: Any, streams: Any, games: Any) -> None:
    """Matches just dealt: the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    return (np.zeros(1, dtype=np.int64),)


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """The match's one actor answers ``chosen[0]`` (Daifugo has no calls out of turn)."""
    apply(rows[g], streams[g], asked[0], chosen[0])


@njit
def answer_bot(rows: Any, streams: Any, g: int, seat: int, policy: int, legal: Any, mask: Any, scratch: Any) -> int:
    """The ``random`` policy's answer (the kernel's one policy)."""
    return int(choose(rows[g], streams[g], seat, mask, legal))


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    ctx = np.zeros(CTX, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], ctx)


@njit
def scaled(count: float) -> float:
    """``rl.obs.layout.scaled``: ``sign(c) * log2(1 + |c|) / 10``."""
    return math.copysign(math.log2(1.0 + abs(count)) / LOG_SCALE, count)


@njit
def title_of(place: int, players: int) -> int:
    """``rules.title_of`` as an index of ``TITLES``."""
    if place == 0:
        return 0
    if place == players - 1:
        return 4
    if players >= 4 and place == 1:
        return 1
    if players >= 4 and place == players - 2:
        return 3
    return 2


@njit
def observe_at(rows: Any, games: Any, seats: Any, index_of: Any, at: Any, out: Any) -> None:
    """``out[i]``: seat ``seats[i]``'s observation of match ``games[i]`` (``at``: where the
    encoder's slices start, ``SLICES`` order).  Only what the seat's view holds is read: its
    own hand, its own play or return in the making, what it handed over, and the public state."""
    for i in range(games.shape[0]):
        observe_seat(rows[games[i]], seats[i], index_of, at, out[i])


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    observe_seat(rows[g], seat, log[0], at, out)


@njit
def observe_seat(s: Any, me: int, index_of: Any, at: Any, o: Any) -> None:
    """``o``: seat ``me``'s observation of the match in row ``s``."""
    n = s[PLAYERS]
    o[:] = 0.0
    for face in range(FACES):
        o[at[0] + index_of[face]] = s[HAND + me * FACES + face]
        o[at[5] + index_of[face]] = s[GONE + face]
    if me == s[TURN_SEAT]:
        for k in range(s[NLAYING]):
            o[at[1] + index_of[s[LAYING + k]]] += 1.0
    if s[PHASE] == EXCHANGE and s[NRETURNS] and me == s[RETURNS]:
        for k in range(s[NGIVING]):
            o[at[2] + index_of[s[GIVING + k]]] += 1.0
    observe_top(s, me, n, index_of, at, o)
    for k in range(s[NKNOWN + me]):
        holder = s[KNOWN_HOLDER + me * MAX_KNOWN + k]
        o[at[6] + (holder - me + n) % n * 53 + index_of[s[KNOWN_FACE + me * MAX_KNOWN + k]]] += 1.0
    observe_seats(s, me, n, at, o)
    o[at[16] + s[PHASE]] = 1.0
    for suit in range(4):
        o[at[17] + suit] = (s[LOCK] >> suit) & 1
    o[at[18]], o[at[18] + 1], o[at[18] + 2], o[at[18] + 3] = s[REVOLUTION], s[ELEVEN_BACK], s[STRICT], \
        s[OPT_SPADE3]
    o[at[19]], o[at[19] + 1] = s[ROUND], s[OPT_GAMES]


@njit
def observe_top(s: Any, me: int, n: int, index_of: Any, at: Any, o: Any) -> None:
    """The last play on the field: its cards, its seat, shape and level."""
    last = s[NPLAYS] - 1
    if last < 0:
        return
    start = s[PSTART + last]
    for k in range(s[PCOUNT + last]):
        o[at[3] + index_of[s[FCARDS + start + k]]] += 1.0
    o[at[4] + (s[PSEAT + last] - me + n) % n] = 1.0
    o[at[4] + n], o[at[4] + n + 1], o[at[4] + n + 2] = 1.0, (s[PSHAPE + last] + 1) / 4, s[PLEVEL + last] / 13


@njit
def observe_seats(s: Any, me: int, n: int, at: Any, o: Any) -> None:
    """Per seat (relative): hand size, scaled score, title, active, passed, place out, fallen,
    the turn, and the next hand-over due."""
    titled = s[NROUNDS] > 0 and s[LAST_REASON] == RANKED
    for seat in range(n):
        r = (seat - me + n) % n
        o[at[7] + r] = s[SIZES + seat]
        o[at[8] + r] = scaled(s[SCORES + seat])
        o[at[10] + r] = s[ACTIVE + seat]
        o[at[11] + r] = s[PASSED + seat]
    if titled:
        for place in range(n):
            seat = s[LAST_ORDER + place]
            o[at[9] + TITLES * ((seat - me + n) % n) + title_of(place, n)] = 1.0
    for k in range(s[NFINISHED]):
        o[at[12] + (s[FINISHED + k] - me + n) % n] = k + 1
    for k in range(s[NFALLEN]):
        o[at[13] + (s[FALLEN + k] - me + n) % n] = 1.0
    if s[PHASE] == TURN:
        o[at[14] + (s[TURN_SEAT] - me + n) % n] = 1.0
    if s[NRETURNS] and s[PHASE] != OVER:
        o[at[15] + (s[RETURNS] - me + n) % n] = 1.0
        o[at[15] + n + (s[RETURNS + 1] - me + n) % n] = 1.0
        o[at[15] + 2 * n] = s[RETURNS + 2] / 2


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "daifugo")[-1]

__all__ = ["ACTIONS", "SLICES"]
