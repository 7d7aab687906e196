"""Million Doubt kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: windows resolved
with the seats' public record (``habits``) kept, and a seat's observation built from the row,
the reference encoder's (:class:`kakehiki.games.million_doubt.obs.MillionDoubtEncoder`) entry
for entry.

The row holds everything the view reads but ``habits`` (per seat, over the match: plays; plays
with a card face up beside face-down ones, doubted, found false; wholly face-down plays,
doubted, found false; windows answered; doubts called), which :func:`logged_apply` notes as
``flow.play_face_up``, ``hide``, ``stand`` and ``doubt`` do.  Card vectors are in card order
(``Card.index``): ``index_of[face]`` maps the kernel's faces (strength × 4 + suit) to it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.million_doubt.kernel.layout import (
    A_DOUBT,
    A_PASS,
    A_PLAY,
    BINDING,
    BURSTS,
    CALLER,
    CLAIM_HIDDEN,
    CLAIM_REV,
    CLAIMING,
    DOUBT,
    DOUBTED,
    ELEVEN_BACK,
    FACES,
    FCARDS,
    FINISHED,
    GIVEN,
    GONE,
    GONE_DOWN,
    HAND,
    HIDE,
    HIDING,
    KNOWN,
    LAST_PLAYER,
    LAYING,
    LEADER,
    LOCK,
    NASIDE,
    NBURSTS,
    NCLAIM_UP,
    NFINISHED,
    NHIDING,
    NLAYING,
    NPLAYS,
    NWINDOW,
    OPT_BURST_AT,
    OPT_FACE_DOWN,
    OPT_GAMES,
    OPT_MAX_STEPS,
    OPT_MOST_HIDDEN,
    OPT_SPADE3,
    PASSES,
    PDOWN,
    PHASE,
    PLAYERS,
    PLAYING,
    POOL,
    PREV,
    PSEAT,
    PSTART,
    PUP,
    REVOLUTION,
    ROUND,
    SCORES,
    SIZES,
    STATUS,
    STEPS,
    TRUTHFUL,
    TURN,
    TURN_SEAT,
    WINDOW,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.million_doubt.kernel.rules")
_match = sibling(__name__, "kakehiki.games.million_doubt.kernel.match")
_play = sibling(__name__, "kakehiki.games.million_doubt.kernel.play")
legal_mask, actors, is_actor, CTX, judge = _rules.legal_mask, _rules.actors, _rules.is_actor, _rules.CTX, _rules.doubt
apply = _match.apply
choose, bot_streams = _play.choose, _play.bot_streams

HABITS = 12
PLAYS_H, SHOWN, SHOWN_DOUBTED, SHOWN_LIES, BLIND, BLIND_DOUBTED, BLIND_LIES, ASKED_H, DOUBTS_H = range(9)
SLICES = ("hand", "laying", "claim_up", "hiding", "claim", "bind_up", "bind_down", "bind", "field_up", "field_own",
          "field_by_seat", "pool", "given", "known", "gone", "own_gone", "status", "hand_sizes", "scores", "habits",
          "turn", "last_player", "window", "caller", "doubted", "leader", "finished", "bursts", "phase", "lock",
          "flags", "scalars")  # the encoder's slices, in the order observe_at takes their starts


@njit
def logged_apply(s: Any, u: Any, seat: int, action: int, habits: Any, g: int) -> None:
    """``apply``, with what the reference notes of the move in ``habits`` noted."""
    n = s[PLAYERS]
    phase, player, shown = s[PHASE], s[LAST_PLAYER], s[NCLAIM_UP] > 0
    completes = s[NHIDING] + 1 == s[CLAIM_HIDDEN]  # a ``hide`` now names the claim's last card
    up = s[PUP + s[NPLAYS] - 1] > 0 if s[NPLAYS] > 0 else False
    active = 0
    for other in range(n):
        if s[STATUS + other] == PLAYING:
            active |= 1 << other
    hide0 = A_PLAY + int(s[OPT_MOST_HIDDEN]) + 5
    truthful = 0
    if action == A_DOUBT:  # the judgment, read before the game may end and the match deal the next
        trial = s.copy()
        judge(trial, seat)
        truthful = trial[TRUTHFUL]
    apply(s, u, seat, action)
    if action == A_PLAY and phase == TURN:  # a wholly face-up play
        habits[g, seat, PLAYS_H] += 1
    elif hide0 <= action < hide0 + FACES and completes:
        habits[g, seat, PLAYS_H] += 1
        habits[g, seat, SHOWN if shown else BLIND] += 1
    elif action == A_PASS and phase == DOUBT and (s[NWINDOW] == 0 or s[PHASE] != DOUBT):  # nobody doubted
        for other in range(n):
            if other != player and (active >> other) & 1:
                habits[g, other, ASKED_H] += 1
    elif action == A_DOUBT:
        habits[g, seat, ASKED_H] += 1
        habits[g, seat, DOUBTS_H] += 1
        lie = 0 if truthful else 1
        if up:
            habits[g, player, SHOWN_DOUBTED] += 1
            habits[g, player, SHOWN_LIES] += lie
        else:
            habits[g, player, BLIND_DOUBTED] += 1
            habits[g, player, BLIND_LIES] += lie


@njit
def start_at(rows: Any, streams: Any, games: Any, habits: Any) -> None:
    for i in range(games.shape[0]):
        g = games[i]
        habits[g] = 0
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    return (np.zeros(1, dtype=np.int64),)


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """The window resolved as ``play.play_game`` does: the first call (a doubt) by priority
    wins, else every pass in order while its seat is still asked."""
    habits = log[0]
    s, u = rows[g], streams[g]
    claim = -1
    for k in range(n):
        if claim < 0 and chosen[k] != A_PASS:
            claim = k
    if claim >= 0:
        logged_apply(s, u, asked[claim], chosen[claim], habits, g)
        return
    for k in range(n):
        if k > 0 and (s[PHASE] == 4 or not is_actor(s, asked[k])):
            break
        logged_apply(s, u, asked[k], chosen[k], habits, g)


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
    return math.copysign(math.log2(1.0 + abs(count)) / 10.0, count)


@njit
def observe_at(rows: Any, games: Any, seats: Any, habits: Any, index_of: Any, at: Any, out: Any) -> None:
    """``out[i]``: seat ``seats[i]``'s observation of game ``games[i]`` (``at``: where the
    encoder's slices start, ``SLICES`` order).  Only what the seat's view holds is read."""
    for i in range(games.shape[0]):
        observe_seat(rows, games[i], seats[i], habits, index_of, at, out[i])


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    habits, index_of = log
    observe_seat(rows, g, seat, habits, index_of, at, out)


@njit
def observe_seat(rows: Any, g: int, me: int, habits: Any, index_of: Any, at: Any, o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g``."""
    s = rows[g]
    n = s[PLAYERS]
    o[:] = 0.0
    mine = s[TURN_SEAT] == me
    for f in range(FACES):
        c = index_of[f]
        o[at[0] + c] = s[HAND + me * FACES + f]
        o[at[11] + c] = s[POOL + f]
        o[at[12] + c] = s[GIVEN + f]
        o[at[14] + c] = s[GONE + f]
        o[at[15] + c] = s[GONE_DOWN + me * FACES + f]
    if mine:
        if s[CLAIMING]:
            for k in range(s[NCLAIM_UP]):
                o[at[2] + index_of[s[LAYING + k]]] += 1.0
            o[at[4]], o[at[4] + 1], o[at[4] + 2] = 1.0, s[CLAIM_HIDDEN], s[CLAIM_REV]
        else:
            for k in range(s[NLAYING]):
                o[at[1] + index_of[s[LAYING + k]]] += 1.0
        for k in range(s[NHIDING]):
            o[at[3] + index_of[s[HIDING + k]]] += 1.0
    for p in range(s[NPLAYS]):
        seat, start, nup, ndown = s[PSEAT + p], s[PSTART + p], s[PUP + p], s[PDOWN + p]
        r = (seat - me + n) % n
        for k in range(start, start + nup):
            o[at[8] + index_of[s[FCARDS + k]]] += 1.0
            if p == s[BINDING]:
                o[at[5] + index_of[s[FCARDS + k]]] += 1.0
        if seat == me:
            for k in range(start + nup, start + nup + ndown):
                o[at[9] + index_of[s[FCARDS + k]]] += 1.0
                if p == s[BINDING]:
                    o[at[6] + index_of[s[FCARDS + k]]] += 1.0
        o[at[10] + r] += nup + ndown
        if p == s[BINDING]:
            o[at[7] + r] = 1.0
            o[at[7] + n], o[at[7] + n + 1], o[at[7] + n + 2] = 1.0, ndown, s[PREV + p]
    gone_down = 0
    for seat in range(n):
        r = (seat - me + n) % n
        for f in range(FACES):
            o[at[13] + r * FACES + index_of[f]] = s[KNOWN + seat * FACES + f]
            gone_down += s[GONE_DOWN + seat * FACES + f]
        o[at[16] + 3 * r + s[STATUS + seat]] = 1.0
        o[at[17] + r] = s[SIZES + seat]
        o[at[18] + r] = scaled(s[SCORES + seat])
        h = habits[g, seat]
        base = at[19] + HABITS * r
        for k in range(9):
            o[base + k] = scaled(h[k])
        o[base + 9] = (h[SHOWN_LIES] + 1) / (h[SHOWN_DOUBTED] + 2)
        o[base + 10] = (h[BLIND_LIES] + 1) / (h[BLIND_DOUBTED] + 2)
        o[base + 11] = (h[DOUBTS_H] + 1) / (h[ASKED_H] + 2)
    for slot, field in ((20, TURN_SEAT), (21, LAST_PLAYER), (23, CALLER), (24, DOUBTED), (25, LEADER)):
        if 0 <= s[field] < n:
            o[at[slot] + (s[field] - me + n) % n] = 1.0
    for k in range(s[NWINDOW]):
        o[at[22] + (s[WINDOW + k] - me + n) % n] = 1.0
    for k in range(s[NFINISHED]):
        o[at[26] + (s[FINISHED + k] - me + n) % n] = k + 1
    for k in range(s[NBURSTS]):
        o[at[27] + (s[BURSTS + k] - me + n) % n] = 1.0
    phase = s[PHASE]
    o[at[28] + (TURN if phase == HIDE and not mine else phase)] = 1.0
    for suit in range(4):
        if (s[LOCK] >> suit) & 1:
            o[at[29] + suit] = 1.0
    o[at[30]], o[at[30] + 1] = s[REVOLUTION], s[ELEVEN_BACK]
    o[at[30] + 2] = 1.0 if s[REVOLUTION] != s[ELEVEN_BACK] else 0.0
    o[at[30] + 3], o[at[30] + 4], o[at[30] + 5] = s[TRUTHFUL], s[OPT_FACE_DOWN], s[OPT_SPADE3]
    o[at[31]], o[at[31] + 1], o[at[31] + 2] = s[PASSES], gone_down, s[NASIDE]
    o[at[31] + 3], o[at[31] + 4], o[at[31] + 5] = s[ROUND], s[OPT_GAMES], s[OPT_BURST_AT]


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
CYCLE_STEPS, CYCLE_LIMIT = STEPS, OPT_MAX_STEPS  # positions repeated by networks alone are skipped to the limit


@njit
def cycle_log(log: Any, g: int) -> Any:
    """What the game's position holds beside its row: the habits."""
    return log[0][g]


play_at = specialise(globals(), njit, "million_doubt")[-1]
