"""Doubt's deal and what a seat may do, as kernel functions over one game's plain arrays
(see :mod:`.doubt_layout`); the moves themselves are in :mod:`.doubt_moves`.

Each function mirrors the reference engine (``kakehiki.games.doubt``) step for step: the same
deal from the same stream, the same actors and legal actions in the same (ascending index)
order.  ``s`` is one game's ``int32`` row, ``u`` its ``uint64`` stream slots.  Written in the
subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.doubt.kernel.layout import (
    A_ADD,
    A_DOUBT,
    A_PASS,
    DECK,
    FACES,
    FORFEITED,
    HAND,
    HEADER,
    JOKER,
    NFORFEITED,
    NOBODY,
    NPICKED,
    NWINDOW,
    OPT_CHEAT,
    OPT_DECKS,
    OPT_JOKERS,
    OPT_MOST,
    OPT_NEED_SUCCESS,
    OVER,
    PHASE,
    PICKED,
    PLAY,
    PLAYERS,
    PRESET,
    RANK,
    REASON,
    SIZES,
    SUCCESSES,
    TURN_SEAT,
    U_BOT,
    U_PREFIX,
    U_RULES,
    WINDOW,
    WINDOW_SEATS,
)

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
fnv_text, seed_stream, shuffle = _prng.fnv_text, _prng.seed_stream, _prng.shuffle

LABEL_DEAL = np.frombuffer(b"doubt/deal", dtype=np.uint8)


@njit
def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the playout policy's generators."""
    seat_streams(u, U_PREFIX, U_BOT, players)


@njit
def face_rank(face: int) -> int:
    """A face's rank: 1..13 (A..K), 0 for the joker."""
    return 0 if face == JOKER else face % 13 + 1


@njit
def new_game(s: Any, u: Any) -> None:
    """``rules.new_game``: ``make_deck(decks, jokers)`` shuffled by ``derive(seed, "doubt",
    "deal")``, dealt one card at a time clockwise from seat 0 (B1); seat 0 plays, claiming A (B2)."""
    total = s[PRESET]  # an explicit deck, already in DECK, or 0
    for i in range(HEADER, DECK):
        s[i] = 0
    s[PRESET] = 0
    if total == 0:
        suited = 52 * s[OPT_DECKS]
        total = suited + s[OPT_JOKERS]
        for i in range(total):
            s[DECK + i] = i % 52 if i < suited else JOKER
        seed_stream(u, U_RULES, fnv_text(u[U_PREFIX], LABEL_DEAL))
        shuffle(u, U_RULES, s, DECK, total)
    n = s[PLAYERS]
    for i in range(total):
        seat = i % n
        s[HAND + seat * FACES + s[DECK + i]] += 1
        s[SIZES + seat] += 1
    s[RANK], s[TURN_SEAT], s[PHASE], s[REASON] = 1, 0, PLAY, NOBODY


@njit
def forfeited(s: Any, seat: int) -> bool:
    for k in range(s[NFORFEITED]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[FORFEITED + k] == seat:
            return True
    return False


@njit
def next_active(s: Any, seat: int) -> int:
    """The next seat clockwise that has not forfeited (C2, B7); ``seat`` itself if none."""
    n = s[PLAYERS]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not forfeited(s, other):
            return int(other)
    return seat


@njit
def open_window(s: Any, player: int) -> None:
    """``offered``: every other seat still playing from the next one on, or with ``cheat`` only
    the next (B4, C4), into the window."""
    n, count = s[PLAYERS], 0
    for k in range(1, n):
        seat = (player + k) % n
        if not forfeited(s, seat):
            s[WINDOW_SEATS + count] = seat
            count += 1
            if s[OPT_CHEAT]:
                break
    s[NWINDOW] = count


@njit
def in_window(s: Any, seat: int) -> bool:
    for k in range(s[NWINDOW]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[WINDOW_SEATS + k] == seat:
            return True
    return False


@njit
def needs_success(s: Any, seat: int) -> bool:
    return bool(s[OPT_NEED_SUCCESS] != 0 and s[SUCCESSES + seat] == 0)


@njit
def actors(s: Any, out: Any) -> int:
    """``DoubtGame.actors`` into ``out``; how many."""
    if s[PHASE] == PLAY:
        out[0] = s[TURN_SEAT]
        return 1
    if s[PHASE] == OVER:
        return 0
    for k in range(s[NWINDOW]):
        out[k] = s[WINDOW_SEATS + k]
    return int(s[NWINDOW])


@njit
def legal_list(s: Any, seat: int, out: Any) -> int:
    """``legal_actions`` as action indices, ascending, into ``out``; how many."""
    if s[PHASE] == WINDOW:
        if not in_window(s, seat):
            return 0
        out[0], out[1] = s[A_DOUBT], s[A_PASS]
        return 2
    if s[PHASE] != PLAY or seat != s[TURN_SEAT]:
        return 0
    return plays_of(s, seat, out)


@njit
def plays_of(s: Any, seat: int, out: Any) -> int:
    """``DoubtGame._plays``: ``play`` any face left (not before the last one set aside), then,
    while the play has room for another card, ``add`` any face that leaves one to finish with."""
    hand, faces, n = HAND + seat * FACES, s[A_ADD], 0
    picked = s[NPICKED]
    floor = s[PICKED + picked - 1] if picked > 0 else 0
    left = 0  # cards left from ``floor`` on, set-aside ones excepted
    for face in range(floor, faces):
        held = s[hand + face] - picked_of(s, face)
        if held > 0:
            out[n] = face
            n += 1
            left += held
    if picked + 1 >= s[OPT_MOST]:  # one card per play, or this card fills the play
        return n
    plays, before = n, 0  # ``before``: cards left ahead of the face; its first copy has ``left - before`` from it on
    for k in range(plays):
        if left - before < 2:
            break
        out[n] = faces + out[k]
        n += 1
        before += s[hand + out[k]] - picked_of(s, out[k])
    return n


@njit
def picked_of(s: Any, face: int) -> int:
    count = 0
    for k in range(s[NPICKED]):
        if s[PICKED + k] == face:
            count += 1
    return count


@njit
def legal_mask(s: Any, seat: int, mask: Any, buffer: Any) -> int:
    """``legal_mask`` (one byte per action index) into ``mask``; how many are legal."""
    for i in range(mask.shape[0]):
        mask[i] = 0
    n = legal_list(s, seat, buffer)
    for k in range(n):
        mask[buffer[k]] = 1
    return n
