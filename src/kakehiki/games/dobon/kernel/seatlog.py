"""Dobon kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (plug-in :mod:`.seatvec`):
windows resolved over chosen rows with the game's log kept, and a seat's observation, so any
opponent, a kernel bot or a numpy network, can answer.

Beside each game's row, what the view's move log gives (``DobonView.log``), kept as moves are
applied and started anew when a match deals its next game: ``played[g, seat, face]``, cards each
seat played or interrupted with; ``drawn[g, seat]``, cards it drew; ``recent[g, k]``, the
``k``-th newest public move (``RECENT`` kept) as ``kind, seat, card, amount`` (kinds in the order
of ``KINDS``; -1 for no seat, no card, or no move).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.dobon.kernel.layout import (
    CHAIN_SEATS,
    COUNTS,
    DEALER,
    DECKS,
    DOBON,
    DRAW,
    FIELD,
    HAND,
    LAPS,
    NCHAIN,
    NFIELD,
    NSTOCK,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    POSITION,
    REBUILDS,
    ROUND,
    SIZES,
    TOP_OWNER,
    TURN_SEAT,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
_play = sibling(__name__, "kakehiki.games.dobon.kernel.play")
legal_mask, bot_streams, actors = _rules.legal_mask, _rules.bot_streams, _rules.actors
choose, resolve_window = _play.choose, _play.resolve_window

KINDS = ("turned", "play", "interrupt", "draw", "penalty", "dobon", "rebuild")  # the reference encoder's
TURNED, PLAYED, INTERRUPT, DREW, PENALTY, CALLED, REBUILT = range(7)
RECENT = 8
SLICES = ("hand", "top", "field", "played", "hand_sizes", "drawn", "turn", "top_owner", "chain", "dealer", "phase",
          "scalars", "match", "recent")  # the encoder's slices, in the order observe_rows takes their starts


@njit
def saw(recent: Any, kind: int, seat: int, card: int, amount: int) -> None:
    """A public move, the newest."""
    for k in range(recent.shape[0] - 1, 0, -1):
        for f in range(4):
            recent[k, f] = recent[k - 1, f]
    recent[0, 0], recent[0, 1], recent[0, 2], recent[0, 3] = kind, seat, card, amount


@njit
def new_log(s: Any, played: Any, drawn: Any, recent: Any) -> None:
    """A game just dealt: its log holds the turned card alone."""
    played[:, :] = 0
    drawn[:] = 0
    recent[:, :] = -1
    saw(recent, TURNED, -1, s[FIELD + s[NFIELD] - 1], 1)


@njit
def logged_window(s: Any, u: Any, ratio: float, n: int, asked: Any, chosen: Any, again: Any, moved: Any,
                  played: Any, drawn: Any, recent: Any, before: Any) -> None:
    """``resolve_window``, noting the move applied in the game's log counts."""
    dealt, turn, field, rebuilds = s[ROUND], s[TURN_SEAT], s[NFIELD], s[REBUILDS]
    for k in range(n):
        before[k] = s[SIZES + asked[k]]  # hand sizes of those asked, before their moves
    resolve_window(s, u, ratio, n, asked, chosen, again, moved)
    if s[ROUND] != dealt:  # the match dealt its next game: a new log
        new_log(s, played, drawn, recent)
        return
    seat, action = moved[0], moved[1]
    if seat < 0:
        return
    size = 0
    for k in range(n):
        if asked[k] == seat:
            size = before[k]
    if action < 52:
        played[seat, action] += 1
        saw(recent, PLAYED if seat == turn else INTERRUPT, seat, action, 1)
    elif action == DRAW:
        if s[REBUILDS] != rebuilds:  # a draw rebuilds the stock at most once: the field is one card after
            saw(recent, REBUILT, -1, -1, field - 1)
        drawn[seat] += s[SIZES + seat] - size
        saw(recent, DREW, seat, -1, s[SIZES + seat] - size)
    elif action < PASS:
        saw(recent, CALLED, seat, action - DOBON, size)


@njit
def start_at(rows: Any, streams: Any, games: Any, played: Any, drawn: Any, recent: Any) -> None:
    """Games just dealt: a new log, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        new_log(rows[g], played[g], drawn[g], recent[g])
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    """The scratch of :func:`logged_window`."""
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


@njit
def observe_rows(rows: Any, seats: Any, games: Any, played: Any, drawn: Any, recent: Any, at: Any, matches: int,
                 out: Any) -> None:
    """``out[i]``: the observation of seat ``seats[g]`` of game ``g = games[i]``, as the reference
    encoder (:class:`kakehiki.games.dobon.obs.DobonEncoder`) lays it out; ``at`` holds where its
    slices start (``SLICES`` order), ``matches`` is the ``games`` option.  Only what the seat's
    view holds is read: its own hand, public counts, the field and the log's notes."""
    for i in range(games.shape[0]):
        g = games[i]
        observe_seat(rows[g], g, seats[g], played, drawn, recent, at, matches, out[i])


@njit
def observe_seat(s: Any, g: int, me: int, played: Any, drawn: Any, recent: Any, at: Any, matches: int, o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g`` (row ``s``)."""
    hand, top, field, play, sizes, drew, turn, owner, chain, dealer, phase, scalars, match, moves = (
        at[0], at[1], at[2], at[3], at[4], at[5], at[6], at[7], at[8], at[9], at[10], at[11], at[12], at[13])
    n = s[PLAYERS]
    mine = s[POSITION + me]
    o[:] = 0.0
    for face in range(52):
        o[hand + face] = s[HAND + me * 52 + face]
    laid = s[NFIELD]
    if laid > 0:
        o[top + s[FIELD + laid - 1]] = 1.0
    for k in range(laid):
        o[field + s[FIELD + k]] += 1.0
    for seat in range(n):
        r = (s[POSITION + seat] - mine + n) % n
        for face in range(52):
            o[play + r * 53 + face] = played[g, seat, face]
        o[sizes + r] = s[SIZES + seat]
        o[drew + r] = drawn[g, seat]
        o[match + r] = s[COUNTS + seat]
        o[match + n + r] = s[LAPS + seat]
    if 0 <= s[TURN_SEAT] < n:
        o[turn + (s[POSITION + s[TURN_SEAT]] - mine + n) % n] = 1.0
    if s[TOP_OWNER] < 0:
        o[owner + n] = 1.0
    else:
        o[owner + (s[POSITION + s[TOP_OWNER]] - mine + n) % n] = 1.0
    for k in range(s[NCHAIN]):
        o[chain + (s[POSITION + s[CHAIN_SEATS + k]] - mine + n) % n] = k + 1
    if 0 <= s[DEALER] < n:
        o[dealer + (s[POSITION + s[DEALER]] - mine + n) % n] = 1.0
    o[phase + s[PHASE]] = 1.0
    o[scalars], o[scalars + 1], o[scalars + 2], o[scalars + 3] = s[PENDING], s[NSTOCK], s[NFIELD], s[DECKS]
    o[match + 2 * n] = s[ROUND]
    o[match + 2 * n + 1] = matches
    width = 7 + n + 53 + 1
    for k in range(recent.shape[1]):
        kind = recent[g, k, 0]
        if kind < 0:
            continue
        base = moves + k * width
        o[base + kind] = 1.0
        if recent[g, k, 1] >= 0:
            o[base + 7 + (s[POSITION + recent[g, k, 1]] - mine + n) % n] = 1.0
        if recent[g, k, 2] >= 0:
            o[base + 7 + n + recent[g, k, 2]] = 1.0
        o[base + width - 1] = recent[g, k, 3]


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "dobon")[-1]
