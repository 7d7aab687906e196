"""Daifugo's rules inside one game (``games/daifugo/game.py``: the exchange, the tricks, going
out) as kernel functions over one game's plain arrays (see :mod:`.layout`).

Each function mirrors the reference step for step.  ``s`` is one game's ``int32`` row.
Actions are assumed legal: the batch API checks them against :func:`legal_mask`.  The end of
a game and the next deal are :mod:`.match`'s (they draw from the generator): :func:`act`
says when a game is over.  Written in the subset of Python numba compiles; loaded by
:func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.games.daifugo.kernel.layout import (
    A_GIVE,
    A_PASS,
    A_PLAY,
    A_SHOW,
    ACTIVE,
    ELEVEN_BACK,
    EXCHANGE,
    FACES,
    FALLEN,
    FCARDS,
    FINISHED,
    GIVING,
    GONE,
    GROUP,
    HAND,
    JOKER,
    KNOWN_FACE,
    KNOWN_HOLDER,
    LAST_ORDER,
    LAST_PLAYER,
    LAYING,
    LOCK,
    MAX_KNOWN,
    NFALLEN,
    NFCARDS,
    NFINISHED,
    NGIVING,
    NKNOWN,
    NLAYING,
    NPLAYS,
    NRETURNS,
    OPT_EIGHT_CUT,
    OPT_ELEVEN_BACK,
    OPT_FOUL_EIGHT,
    OPT_FOUL_JOKER,
    OPT_FOUL_THREE,
    OPT_FOUL_TWO,
    OPT_LOCK,
    OPT_MIYAKO_OCHI,
    OPT_RUN_REVOLUTION,
    OPT_SPADE3,
    OPT_STRICT_LOCK,
    OVER,
    PASSED,
    PCOUNT,
    PHASE,
    PLAYERS,
    PLEVEL,
    PSEAT,
    PSHAPE,
    PSTART,
    RETURNS,
    REVOLUTION,
    ROUND,
    SINGLE,
    SIZES,
    STAIRS,
    STRICT,
    TOP,
    TURN,
    TURN_SEAT,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
counted = njit_for(__name__)  # for play, which makes its scratch, and act, which calls it
_plays = sibling(__name__, "kakehiki.games.daifugo.kernel.plays")
fit, mark_plays, suits_of = _plays.fit, _plays.mark_plays, _plays.suits_of
has_strength, has_joker = _plays.has_strength, _plays.has_joker
C_LOCK, C_LAST_N, C_LAST_SHAPE, C_LAST_LEVEL = _plays.C_LOCK, _plays.C_LAST_N, _plays.C_LAST_SHAPE, _plays.C_LAST_LEVEL
C_LAST_JOKER, C_REVERSED, C_STRICT, C_SPADE3, C_SHOWN = (
    _plays.C_LAST_JOKER, _plays.C_REVERSED, _plays.C_STRICT, _plays.C_SPADE3, _plays.C_SHOWN)
SPADE3, EIGHT, JACK, TWO, THREE = _plays.SPADE3, _plays.EIGHT, _plays.JACK, _plays.TWO, _plays.THREE
CTX, FIELD_CTX = _plays.CTX, _plays.FIELD_CTX
REVOLUTION_GROUP = 4  # F5: four or more of a kind
REVOLUTION_STAIRS = 5  # F5 (option): stairs of five or more


# -- who acts, and what they may do -------------------------------------------------------------------


@njit
def actors(s: Any, out: Any) -> int:
    """The one seat with a choice: the seat handing cards back in the exchange, else the turn seat."""
    if s[PHASE] == OVER:
        return 0
    out[0] = s[RETURNS] if s[PHASE] == EXCHANGE else s[TURN_SEAT]
    return 1


@njit
def is_actor(s: Any, seat: int) -> bool:
    if s[PHASE] == OVER:
        return False
    return bool(seat == (s[RETURNS] if s[PHASE] == EXCHANGE else s[TURN_SEAT]))


@njit
def legal_mask(s: Any, seat: int, out: Any, ctx: Any) -> None:
    """``legal_mask``: 1 for each legal action index of ``seat`` (``out`` of the space's size)."""
    out[:] = 0
    if not is_actor(s, seat):
        return
    if s[PHASE] == EXCHANGE:
        give_mask(s, seat, out)
        return
    field_ctx(s, ctx)
    base = HAND + seat * FACES
    mark_plays(s[base : base + FACES], s[LAYING : LAYING + s[NLAYING]], ctx, out)
    if s[NPLAYS] and not s[NLAYING]:
        out[A_PASS] = 1


@njit
def field_ctx(s: Any, ctx: Any) -> None:
    """The field a play is fitted to (:mod:`.plays`' ``C_*``), read from the row."""
    last = int(s[NPLAYS]) - 1
    ctx[C_LOCK], ctx[C_REVERSED], ctx[C_STRICT] = s[LOCK], s[REVOLUTION] != s[ELEVEN_BACK], s[STRICT]
    ctx[C_SPADE3], ctx[C_SHOWN] = s[OPT_SPADE3], s[NLAYING]
    if last < 0:
        ctx[C_LAST_N], ctx[C_LAST_SHAPE], ctx[C_LAST_LEVEL], ctx[C_LAST_JOKER] = 0, 0, 0, 0
        return
    n = s[PCOUNT + last]
    ctx[C_LAST_N], ctx[C_LAST_SHAPE], ctx[C_LAST_LEVEL] = n, s[PSHAPE + last], s[PLEVEL + last]
    ctx[C_LAST_JOKER] = 1 if n == 1 and s[FCARDS + s[PSTART + last]] == JOKER else 0


@njit
def give_mask(s: Any, seat: int, out: Any) -> None:
    """The cards the seat may hand back next (F9): in hand order from the last one chosen,
    leaving enough after each for the rest of the return."""
    base = HAND + seat * FACES
    floor = s[GIVING + s[NGIVING] - 1] if s[NGIVING] else 0
    after = s[RETURNS + 2] - s[NGIVING] - 1
    total = 0
    for face in range(floor, FACES):
        total += rest_of(s, base, face)
    index = 0
    for face in range(floor, FACES):
        left = rest_of(s, base, face)
        if left:
            if total - index - 1 >= after:
                out[A_GIVE + face] = 1
            index += left
    return


@njit
def rest_of(s: Any, base: int, face: int) -> int:
    """How many of ``face`` the giver holds besides the cards chosen so far."""
    n = int(s[base + face])
    for k in range(s[NGIVING]):
        if s[GIVING + k] == face:
            n -= 1
    return n


# -- cards moving ---------------------------------------------------------------------------------


@njit
def forget(s: Any, holder: int, face: int) -> None:
    """A card left ``holder``'s hand: no seat knows it there any more (the first such note of each seat)."""
    for seat in range(s[PLAYERS]):
        base = seat * MAX_KNOWN
        n = int(s[NKNOWN + seat])
        for k in range(n):
            if s[KNOWN_HOLDER + base + k] == holder and s[KNOWN_FACE + base + k] == face:
                for j in range(k, n - 1):
                    s[KNOWN_HOLDER + base + j] = s[KNOWN_HOLDER + base + j + 1]
                    s[KNOWN_FACE + base + j] = s[KNOWN_FACE + base + j + 1]
                s[NKNOWN + seat] = n - 1
                break


@njit
def move(s: Any, giver: int, receiver: int, start: int, count: int) -> None:
    """The faces ``s[start:start + count]`` go from ``giver`` to ``receiver``, who is noted by
    the giver as holding them (the exchange, F9)."""
    for i in range(count):
        face = s[start + i]
        s[HAND + giver * FACES + face] -= 1
        s[HAND + receiver * FACES + face] += 1
        s[SIZES + giver] -= 1
        s[SIZES + receiver] += 1
    for i in range(count):
        forget(s, giver, s[start + i])
    for i in range(count):
        k = s[NKNOWN + giver]
        s[KNOWN_HOLDER + giver * MAX_KNOWN + k] = receiver
        s[KNOWN_FACE + giver * MAX_KNOWN + k] = s[start + i]
        s[NKNOWN + giver] = k + 1


@njit
def give(s: Any, face: int) -> None:
    """One card of a return chosen; with the last one the return is made (F9)."""
    s[GIVING + s[NGIVING]] = face
    s[NGIVING] += 1
    count = s[RETURNS + 2]
    if s[NGIVING] < count:
        return
    move(s, int(s[RETURNS]), int(s[RETURNS + 1]), GIVING, int(count))
    s[NGIVING] = 0
    for i in range(3):
        s[RETURNS + i] = s[RETURNS + 3 + i]
    s[NRETURNS] -= 1
    if s[NRETURNS]:
        s[TURN_SEAT] = s[RETURNS]
    else:
        s[PHASE] = TURN
        s[TURN_SEAT] = s[LAST_ORDER + s[PLAYERS] - 1]


# -- the trick ------------------------------------------------------------------------------------


@njit
def active_count(s: Any) -> int:
    n = 0
    for seat in range(s[PLAYERS]):
        n += s[ACTIVE + seat]
    return n


@njit
def next_active(s: Any, seat: int) -> int:
    p = s[PLAYERS]
    for k in range(1, p + 1):
        other = (seat + k) % p
        if s[ACTIVE + other]:
            return int(other)
    return seat


@njit
def clear_field(s: Any) -> None:
    s[NPLAYS], s[NFCARDS], s[LOCK], s[STRICT], s[ELEVEN_BACK], s[LAST_PLAYER] = 0, 0, 0, 0, 0, -1
    for seat in range(s[PLAYERS]):
        s[PASSED + seat] = 0


@njit
def clear(s: Any, leader: int) -> None:
    """The field clears; ``leader`` (or the next seat still in the game) leads (F3, F4, F6)."""
    if not s[ACTIVE + leader]:
        leader = next_active(s, leader)
    clear_field(s)
    s[TURN_SEAT] = leader


@njit
def next_turn(s: Any, start: int) -> None:
    """The next seat still in the trick after ``start``; back at the last player, the field clears (F3)."""
    p = s[PLAYERS]
    for k in range(1, p + 1):
        seat = (start + k) % p
        if seat == s[LAST_PLAYER]:
            break
        if s[ACTIVE + seat] and not s[PASSED + seat]:
            s[TURN_SEAT] = seat
            return
    clear(s, int(s[LAST_PLAYER]))


@njit
def is_revolution(s: Any, m: int, shape: int) -> bool:
    """Four or more of a kind, or (option) stairs of five or more (F5)."""
    if shape == GROUP:
        return m >= REVOLUTION_GROUP
    return shape == STAIRS and s[OPT_RUN_REVOLUTION] != 0 and m >= REVOLUTION_STAIRS


@njit
def is_foul(s: Any, start: int, m: int, revolution: int) -> bool:
    """Going out on this play is a foul finish (F8): a joker, an 8, a 2 outside a revolution, a 3 in one."""
    if s[OPT_FOUL_JOKER] and has_joker(s, start, m):
        return True
    if s[OPT_FOUL_EIGHT] and has_strength(s, start, m, EIGHT):
        return True
    if s[OPT_FOUL_TWO] and not revolution and has_strength(s, start, m, TWO):
        return True
    return bool(s[OPT_FOUL_THREE] and revolution and has_strength(s, start, m, THREE))


@njit
def clears(s: Any, start: int, m: int, on_joker: bool) -> bool:
    """The play at ``FCARDS + start`` clears the field: a lone spade 3 on a lone joker (F4), a play with an 8 (F6)."""
    if on_joker and m == 1 and s[FCARDS + start] == SPADE3 and s[OPT_SPADE3]:
        return True
    return bool(s[OPT_EIGHT_CUT] and has_strength(s, FCARDS + start, m, EIGHT))


@counted
def play(s: Any, seat: int) -> bool:
    """``play``: the cards shown go on the field (F3-F8); whether the game is over."""
    ctx = np.zeros(FIELD_CTX, dtype=np.int64)
    field_ctx(s, ctx)
    m = int(s[NLAYING])
    shape, level = fit(s[LAYING : LAYING + m], m, ctx)
    prev = int(s[NPLAYS]) - 1
    lock_before, reversed_before = int(s[LOCK]), ctx[C_REVERSED] != 0
    k, start = prev + 1, int(s[NFCARDS])
    for i in range(m):
        face = s[LAYING + i]
        s[HAND + seat * FACES + face] -= 1
        s[SIZES + seat] -= 1
        s[FCARDS + start + i] = face
    for i in range(m):
        forget(s, seat, s[LAYING + i])
        s[GONE + s[LAYING + i]] += 1
    s[NLAYING] = 0
    if prev >= 0 and s[OPT_LOCK] and s[LOCK] == 0:
        suits = suits_of(s, FCARDS + start, m)
        if suits and suits == suits_of(s, FCARDS + s[PSTART + prev], s[PCOUNT + prev]):
            s[LOCK] = suits
    step = -1 if reversed_before else 1
    climbing = prev >= 0 and shape != STAIRS and level != TOP and level == s[PLEVEL + prev] + step
    strict_now = s[OPT_STRICT_LOCK] != 0 and s[LOCK] != 0 and climbing and not s[STRICT]
    s[PSEAT + k], s[PSTART + k], s[PCOUNT + k], s[PSHAPE + k], s[PLEVEL + k] = seat, start, m, shape, level
    s[NPLAYS], s[NFCARDS] = k + 1, start + m
    s[LAST_PLAYER] = seat
    if s[LOCK] and (lock_before == 0 or strict_now):
        s[STRICT] = 1 if s[STRICT] or strict_now else 0
    was_revolution = int(s[REVOLUTION])
    if is_revolution(s, m, shape):
        s[REVOLUTION] = 1 - s[REVOLUTION]
    if s[OPT_ELEVEN_BACK] and has_strength(s, FCARDS + start, m, JACK):
        s[ELEVEN_BACK] = 1 - s[ELEVEN_BACK]
    cut = clears(s, start, m, prev >= 0 and ctx[C_LAST_JOKER] != 0)
    if s[SIZES + seat] == 0:
        go_out(s, seat, is_foul(s, FCARDS + start, m, was_revolution))
    if active_count(s) <= 1:
        return True
    if cut:
        clear(s, seat)
    else:
        next_turn(s, seat)
    return False


@njit
def go_out(s: Any, seat: int, foul: bool) -> None:
    """The seat is out (F8: a foul finish ranks at the bottom); the reigning daifugo who is not
    first out falls (都落ち, F10), its cards leaving face up."""
    s[ACTIVE + seat] = 0
    if foul:
        s[FALLEN + s[NFALLEN]] = seat
        s[NFALLEN] += 1
        return
    s[FINISHED + s[NFINISHED]] = seat
    s[NFINISHED] += 1
    if s[NFINISHED] != 1 or s[ROUND] == 0 or not s[OPT_MIYAKO_OCHI]:
        return
    reigning = int(s[LAST_ORDER])
    if reigning == seat or not s[ACTIVE + reigning]:
        return
    base = HAND + reigning * FACES
    for face in range(FACES):
        for _ in range(s[base + face]):
            forget(s, reigning, face)
        s[GONE + face] += s[base + face]
        s[base + face] = 0
    s[SIZES + reigning], s[ACTIVE + reigning] = 0, 0
    s[FALLEN + s[NFALLEN]] = reigning
    s[NFALLEN] += 1


@counted
def act(s: Any, seat: int, action: int) -> bool:
    """One action's move (``game._step``'s dispatch); whether it ended the game."""
    if action == A_PASS:
        s[PASSED + seat] = 1
        next_turn(s, seat)
    elif action < A_PLAY:
        s[LAYING + s[NLAYING]] = action - A_SHOW
        s[NLAYING] += 1
    elif action == A_PLAY:
        return play(s, seat)
    else:
        give(s, action - A_GIVE)
    return False


__all__ = ["CTX", "SINGLE", "act", "actors", "is_actor", "legal_mask"]
