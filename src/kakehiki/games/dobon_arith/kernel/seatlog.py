"""Dobon-arith kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: windows resolved
with the game's public move log kept, and a seat's observation built from the row, the
reference encoder's (:class:`kakehiki.games.dobon_arith.obs.ArithEncoder`) entry for entry.

The row holds everything the view reads but its ``log`` (``ArithView.log``: this game's turn
actions), which :func:`logged_apply` keeps as the counts the encoder reads: ``played[g, seat,
face]``, cards each seat played this game; ``drawn[g, seat]``, cards it drew; ``recent[g, k]``,
the ``k``-th newest turn action (``RECENT`` kept) as ``kind, seat, drawn, cards`` (kinds in the
order of ``obs.KINDS``, -1 for no move; ``cards`` a bit mask of the faces played).  Dobon calls,
declines and the first steps of a play of several cards are no turn actions; a game dealt anew
starts an empty log.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.dobon_arith.kernel.layout import (
    ACTIONS,
    BOTTOM,
    CHAIN_SEATS,
    DEALER,
    DIRECTION,
    DRAW,
    FIELD,
    HAND,
    LOSSES,
    MAX_PLAYERS,
    NCHAIN,
    NFIELD,
    NSTAGED,
    NSTOCK,
    OPENING,
    OPT_GAMES,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    REVEAL_DUE,
    REVEALED,
    ROUND,
    SIZES,
    STAGED,
    SUIT,
    TOP,
    TOP_OWNER,
    TURN_SEAT,
    WINS,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dobon_arith.kernel.rules")
_match = sibling(__name__, "kakehiki.games.dobon_arith.kernel.match")
_play = sibling(__name__, "kakehiki.games.dobon_arith.kernel.play")
legal_mask, bot_streams, actors, in_window = _rules.legal_mask, _rules.bot_streams, _rules.actors, _rules.in_window
played_face, yields_to_calls = _rules.played_face, _rules.yields_to_calls
apply = _match.apply
choose, still_asked = _play.choose, _play.still_asked

PLAYED, DREW, PASSED = range(3)  # obs.KINDS
SLICES = ("hand", "staged", "top", "suit", "field", "revealed", "played", "hand_sizes", "drawn", "turn", "top_owner",
          "chain", "dealer", "phase", "scalars", "match", "recent")  # the encoder's, in the order observe_at takes


@njit
def new_log(played: Any, drawn: Any, recent: Any) -> None:
    played[:, :] = 0
    drawn[:] = 0
    recent[:, :] = -1


BIT_AT = np.zeros(67, dtype=np.int64)  # 2**i % 67 -> i: 2 generates the units mod 67, so each i < 66 has its own
for _i in range(66):
    BIT_AT[2**_i % 67] = _i


@njit
def saw(recent: Any, kind: int, seat: int, got: int, cards: Any) -> None:
    """A turn action, the newest (``cards``: an int64 bit mask of faces)."""
    for k in range(recent.shape[0] - 1, 0, -1):
        for f in range(4):
            recent[k, f] = recent[k - 1, f]
    recent[0, 0], recent[0, 1], recent[0, 2], recent[0, 3] = kind, seat, got, cards


@njit
def logged_apply(s: Any, u: Any, ratio: float, seat: int, action: int, played: Any, drawn: Any, recent: Any) -> None:
    """``apply``, with the turn action it makes noted in the log (``turns.log_move``)."""
    kind, cards, count, one = -1, np.int64(0), 0, np.int64(1)  # int64: the row's int32 would overflow
    if action < BOTTOM:
        kind, cards, count = PLAYED, one << np.int64(played_face(action)), 1
    elif TOP <= action < DRAW:
        kind, cards, count = PLAYED, one << np.int64(played_face(action - TOP)), 1 + s[NSTAGED]
        for k in range(s[NSTAGED]):
            cards |= one << np.int64(s[STAGED + k])
    elif action == DRAW:
        kind = DREW
    elif action == PASS and not in_window(s, seat):
        kind = PASSED  # the opening turn's pass (A2); a decline is seen only by its seat
    dealt, size = s[ROUND], s[SIZES + seat]
    apply(s, u, ratio, seat, action)
    if s[ROUND] != dealt:  # the match dealt its next game: a new log
        new_log(played, drawn, recent)
        return
    if kind < 0:
        return
    got = s[SIZES + seat] - size + count
    bits = cards
    while bits:  # the play's faces, from its set bits
        low = bits & -bits
        played[seat, BIT_AT[low % 67]] += 1
        bits ^= low
    drawn[seat] += got
    saw(recent, kind, seat, got, cards)


@njit
def logged_window(s: Any, u: Any, ratio: float, n: int, asked: Any, chosen: Any, again: Any, played: Any,
                  drawn: Any, recent: Any) -> None:
    """``play.resolve_window`` with :func:`logged_apply`."""
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
        logged_apply(s, u, ratio, asked[claim], chosen[claim], played, drawn, recent)
        return
    for k in range(n):
        if k > 0 and not still_asked(s, asked[k], again):
            break
        logged_apply(s, u, ratio, asked[k], chosen[k], played, drawn, recent)


@njit
def start_at(rows: Any, streams: Any, games: Any, played: Any, drawn: Any, recent: Any) -> None:
    """Games just dealt: a new log, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        new_log(played[g], drawn[g], recent[g])
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    return (np.zeros(2 * MAX_PLAYERS, dtype=np.int64),)


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """The game's window resolved with its actors' answers, the log kept."""
    ratios, played, drawn, recent = log
    logged_window(rows[g], streams[g], ratios[g], n, asked, chosen, scratch[0], played[g], drawn[g], recent[g])


@njit
def answer_bot(rows: Any, streams: Any, g: int, seat: int, policy: int, legal: Any, mask: Any, scratch: Any) -> int:
    return int(choose(rows[g], streams[g], seat, policy, legal))


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    buffer = np.zeros(ACTIONS, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], buffer)


@njit
def observe_at(rows: Any, games: Any, seats: Any, played: Any, drawn: Any, recent: Any, at: Any, out: Any) -> None:
    """``out[i]``: seat ``seats[i]``'s observation of game ``games[i]`` (``at``: where the
    encoder's slices start, ``SLICES`` order).  Only what the seat's view holds is read: its
    own hand and staged play, the revealed cards, public counts, the field and the log."""
    for i in range(games.shape[0]):
        observe_seat(rows, games[i], seats[i], played, drawn, recent, at, out[i])


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    _, played, drawn, recent = log
    observe_seat(rows, g, seat, played, drawn, recent, at, out)


@njit
def observe_seat(rows: Any, g: int, me: int, played: Any, drawn: Any, recent: Any, at: Any, o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g``."""
    s = rows[g]
    n = s[PLAYERS]
    o[:] = 0.0
    for face in range(52):
        o[at[0] + face] = s[HAND + me * 52 + face]
    if s[TURN_SEAT] == me:
        for k in range(s[NSTAGED]):
            o[at[1] + s[STAGED + k]] += 1.0
    laid = s[NFIELD]
    o[at[2] + s[FIELD + laid - 1]] = 1.0
    o[at[3] + s[SUIT]] = 1.0
    for k in range(laid):
        o[at[4] + s[FIELD + k]] += 1.0
    for seat in range(n):
        r = (seat - me + n) % n
        for face in range(52):
            o[at[5] + r * 53 + face] = s[REVEALED + seat * 52 + face]
            o[at[6] + r * 53 + face] = played[g, seat, face]
        o[at[7] + r] = s[SIZES + seat]
        o[at[8] + r] = drawn[g, seat]
        o[at[15] + r] = s[WINS + seat]
        o[at[15] + n + r] = s[LOSSES + seat]
    o[at[9] + (s[TURN_SEAT] - me + n) % n] = 1.0
    o[at[10] + (n if s[TOP_OWNER] < 0 else (s[TOP_OWNER] - me + n) % n)] = 1.0
    for k in range(s[NCHAIN]):
        o[at[11] + (s[CHAIN_SEATS + k] - me + n) % n] = k + 1
    o[at[12] + (s[DEALER] - me + n) % n] = 1.0
    o[at[13] + s[PHASE]] = 1.0
    o[at[14]], o[at[14] + 1], o[at[14] + 2] = s[PENDING], s[NSTOCK], s[DIRECTION]
    o[at[14] + 3], o[at[14] + 4] = s[REVEAL_DUE], s[OPENING]
    o[at[15] + 2 * n], o[at[15] + 2 * n + 1] = s[ROUND], s[OPT_GAMES]
    width = n + 3 + 53 + 1  # card vectors have 53 entries (the joker's)
    for k in range(recent.shape[1]):
        kind = recent[g, k, 0]
        if kind < 0:
            continue
        base = at[16] + k * width
        o[base + (recent[g, k, 1] - me + n) % n] = 1.0
        o[base + n + kind] = 1.0
        bits = recent[g, k, 3]
        while bits:  # the set bits only: a play holds a few of the 52 faces
            low = bits & -bits
            o[base + n + 3 + BIT_AT[low % 67]] = 1.0
            bits ^= low
        o[base + width - 1] = recent[g, k, 2]


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "dobon_arith")[-1]
