"""Dobon's rules as kernel functions over one game's plain arrays (see :mod:`.dobon_layout`).

Each function mirrors the reference engine (``kakehiki.games.dobon``) step for step: the same
moves, the same random streams drawn in the same order, so a seed gives the same games.
``s`` is one game's ``int32`` row, ``u`` its ``uint64`` stream slots, ``ratio`` its
``max_twos_ratio`` (negative: none).  Actions are assumed legal: the batch API checks them.
Written in the subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.dobon.kernel.layout import (
    CHAIN,
    CHAIN_SEATS,
    DOBON,
    DOBON_WIN,
    DRAW,
    FIELD,
    FIRST_CARD_WIN,
    FIRST_HIT,
    GAESHI,
    HAND,
    NCHAIN,
    NFIELD,
    NO_STOCK,
    NOBODY,
    NSTOCK,
    NWINDOW,
    OPT_AFTER_INTERRUPTER,
    OPT_MIN_FIELD,
    ORDER,
    OUT_LOSERS,
    OUT_REASON,
    OUT_WINNERS,
    OVER,
    PASS,
    PENDING,
    PENDING_CAP,
    PHASE,
    PLAYERS,
    POSITION,
    REBUILDS,
    ROUND,
    SELF_DOBON,
    SIZES,
    STOCK,
    SUMS,
    TOP_OWNER,
    TURN,
    TURN_SEAT,
    TWOS,
    U_BOT,
    U_PREFIX,
    U_RULES,
    WINDOW,
)

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
below, fnv_int, fnv_text, fnv_byte = _prng.below, _prng.fnv_int, _prng.fnv_text, _prng.fnv_byte
seed_stream, shuffle = _prng.seed_stream, _prng.shuffle

LABEL_SEATS = np.frombuffer(b"dobon/seats/", dtype=np.uint8)
LABEL_DEALER = np.frombuffer(b"dobon/dealer/", dtype=np.uint8)
LABEL_DEAL = np.frombuffer(b"dobon/deal/", dtype=np.uint8)
LABEL_REBUILD = np.frombuffer(b"dobon/rebuild/", dtype=np.uint8)
SLASH = 47


# -- streams and small helpers -------------------------------------------------


@njit
def rules_stream(u: Any, label: Any, round_no: int) -> None:
    """``derive(seed, "dobon", <label>, round_no)`` into the rules slot."""
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], label), round_no))


@njit
def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the playout policy's generators."""
    seat_streams(u, U_PREFIX, U_BOT, players)


@njit
def top_rank(s: Any) -> int:
    return int(s[FIELD + s[NFIELD] - 1]) % 13 + 1


@njit
def seat_at(s: Any, seat: int, ahead: int) -> int:
    """The seat ``ahead`` places after ``seat`` in play order."""
    return int(s[ORDER + (s[POSITION + seat] + ahead) % s[PLAYERS]])


# -- the start of a match and of each game ---------------------------------------


@njit
def add_card(s: Any, seat: int, face: int) -> None:
    s[HAND + seat * 52 + face] += 1
    s[SIZES + seat] += 1
    s[SUMS + seat] += face % 13 + 1


# -- who may act, and what -------------------------------------------------------


@njit
def holds_rank(s: Any, seat: int, rank: int) -> bool:
    base = HAND + seat * 52 + rank - 1
    return bool(s[base] > 0 or s[base + 13] > 0 or s[base + 26] > 0 or s[base + 39] > 0)


@njit
def open_window(s: Any) -> None:
    """``turns.open_window``: the other seats that may claim out of turn, by priority (C4)."""
    if s[PHASE] == CHAIN:
        gaeshi_window(s)
        return
    rank, turn, n = top_rank(s), s[TURN_SEAT], 0
    for j in range(1, s[PLAYERS]):
        seat = seat_at(s, turn, j)
        if s[SUMS + seat] == rank or (s[SIZES + seat] >= 2 and holds_rank(s, seat, rank)):
            s[WINDOW + n] = seat
            n += 1
    s[NWINDOW] = n


@njit
def gaeshi_window(s: Any) -> None:
    """``turns.gaeshi_window``: every seat still holding cards but the last caller, by
    priority: each is asked whether it answers the call (J8, C4)."""
    turn, last, n = s[TURN_SEAT], s[CHAIN_SEATS + s[NCHAIN] - 1], 0
    for j in range(s[PLAYERS]):
        seat = seat_at(s, turn, j)
        if seat != last and s[SIZES + seat] > 0:
            s[WINDOW + n] = seat
            n += 1
    s[NWINDOW] = n


@njit
def actors(s: Any, out: Any) -> int:
    """``DobonGame.actors`` into ``out``; how many."""
    if s[PHASE] == OVER:
        return 0
    n = 0
    if s[PHASE] == TURN:
        out[0] = s[TURN_SEAT]
        n = 1
    for k in range(s[NWINDOW]):
        out[n] = s[WINDOW + k]
        n += 1
    return n


@njit
def in_window(s: Any, seat: int) -> bool:
    for k in range(s[NWINDOW]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[WINDOW + k] == seat:
            return True
    return False


@njit
def legal_list(s: Any, seat: int, out: Any) -> int:
    """``legal_actions`` as action indices, ascending, into ``out``; how many."""
    if s[PHASE] == OVER:
        return 0
    hand, rank, n = HAND + seat * 52, top_rank(s), 0
    window = in_window(s, seat)
    if window:
        if s[PHASE] != CHAIN and s[SIZES + seat] >= 2:
            for suit in range(4):
                if s[hand + suit * 13 + rank - 1] > 0:
                    out[n] = suit * 13 + rank - 1
                    n += 1
    elif s[PHASE] == TURN and seat == s[TURN_SEAT]:
        if s[SIZES + seat] >= 2:
            top = s[FIELD + s[NFIELD] - 1]
            for suit in range(4):  # by suit, then rank: ascending faces
                if s[PENDING] > 0:
                    if s[hand + suit * 13 + 1] > 0:
                        out[n] = suit * 13 + 1
                        n += 1
                elif suit == top // 13:
                    for face in range(suit * 13, suit * 13 + 13):
                        if s[hand + face] > 0:
                            out[n] = face
                            n += 1
                elif s[hand + suit * 13 + rank - 1] > 0:
                    out[n] = suit * 13 + rank - 1
                    n += 1
        out[n] = DRAW
        n += 1
    else:
        return 0
    if s[SUMS + seat] == rank:
        for face in range(52):
            if s[hand + face] > 0:
                out[n] = DOBON + face
                n += 1
    if window:
        out[n] = PASS
        n += 1
    return n


@njit
def legal_mask(s: Any, seat: int, mask: Any, buffer: Any) -> int:
    """``legal_mask`` (one byte per action index) into ``mask``; how many are legal."""
    for i in range(mask.shape[0]):
        mask[i] = 0
    n = legal_list(s, seat, buffer)
    for k in range(n):
        mask[buffer[k]] = 1
    return n


@njit
def yields_to_calls(s: Any, seat: int, action: int) -> bool:
    """``DobonGame.yields_to_calls`` for an action index."""
    if s[PHASE] != TURN or seat != s[TURN_SEAT] or s[NWINDOW] == 0:
        return False
    if action == DRAW:
        return True
    return action < 52 and action % 13 + 1 != top_rank(s)


# -- acting -------------------------------------------------------------------------


@njit
def outcome(s: Any, reason: int, winners: int, losers: int) -> None:
    s[OUT_REASON] = reason
    s[OUT_WINNERS] = winners
    s[OUT_LOSERS] = losers


@njit
def play(s: Any, seat: int, face: int) -> None:
    """``turns.play``: a normal play or a same-number interrupt (J5); twos (J6)."""
    interrupt = seat != s[TURN_SEAT]
    s[HAND + seat * 52 + face] -= 1
    s[SIZES + seat] -= 1
    s[SUMS + seat] -= face % 13 + 1
    s[FIELD + s[NFIELD]] = face
    s[NFIELD] += 1
    s[TOP_OWNER] = seat
    two = face % 13 == 1
    if not interrupt or two or s[OPT_AFTER_INTERRUPTER]:
        s[TURN_SEAT] = seat_at(s, seat, 1)
    if two:
        s[TWOS] += 1
        s[PENDING] = PENDING_CAP if s[TWOS] >= 30 else 1 << s[TWOS]


@njit
def draw_for_turn(s: Any, u: Any, ratio: float, seat: int) -> None:
    if s[PENDING] > 0:
        amount = s[PENDING]
        s[PENDING], s[TWOS] = 0, 0
        draw(s, u, ratio, seat, amount)
        return
    s[TURN_SEAT] = seat_at(s, seat, 1)
    draw(s, u, ratio, seat, 1)


@njit
def draw(s: Any, u: Any, ratio: float, seat: int, count: int) -> None:
    """``stock.draw_cards`` and ``Draft.give``: rebuild the stock when empty (J11); with no
    stock to be made the seats holding the most cards lose."""
    for _ in range(count):
        if s[NSTOCK] == 0 and not rebuild_stock(s, u, ratio):
            most, losers = -1, 0
            for other in range(s[PLAYERS]):
                if s[SIZES + other] > most:
                    most, losers = s[SIZES + other], 0
                if s[SIZES + other] == most:
                    losers |= 1 << other
            outcome(s, NO_STOCK, 0, losers)
            return
        s[NSTOCK] -= 1
        add_card(s, seat, s[STOCK + s[NSTOCK]])


@njit
def rebuild_stock(s: Any, u: Any, ratio: float) -> bool:
    """``stock.rebuild_stock``: the field under its top card, shuffled, is the new stock."""
    under = s[NFIELD] - 1
    if under <= s[OPT_MIN_FIELD]:
        return False
    if ratio >= 0.0:
        twos = 0
        for i in range(under):
            twos += s[FIELD + i] % 13 == 1
        if not twos < ratio * under:
            return False
    key = fnv_int(fnv_text(u[U_PREFIX], LABEL_REBUILD), s[ROUND])
    seed_stream(u, U_RULES, fnv_int(fnv_byte(key, SLASH), s[REBUILDS]))
    for i in range(under):
        s[STOCK + i] = s[FIELD + i]
    shuffle(u, U_RULES, s, STOCK, under)
    s[FIELD] = s[FIELD + under]
    s[NFIELD] = 1
    s[NSTOCK] = under
    s[REBUILDS] += 1
    return True


@njit
def call_dobon(s: Any, seat: int, top: int) -> None:
    """``turns.call_dobon``: the hand goes on the field, ``top`` uppermost; gaeshi window (J8)."""
    hit_owner = s[TOP_OWNER] if s[NCHAIN] == 0 else s[CHAIN_SEATS + s[NCHAIN] - 1]
    hand = HAND + seat * 52
    s[hand + top] -= 1
    n = s[NFIELD]
    for face in range(52):
        for _ in range(s[hand + face]):
            s[FIELD + n] = face
            n += 1
        s[hand + face] = 0
    s[FIELD + n] = top
    s[NFIELD] = n + 1
    s[SIZES + seat] = 0
    s[SUMS + seat] = 0
    if s[NCHAIN] == 0:
        s[FIRST_HIT] = hit_owner
    s[CHAIN_SEATS + s[NCHAIN]] = seat
    s[NCHAIN] += 1
    s[TOP_OWNER] = seat
    s[PHASE] = CHAIN
    gaeshi_window(s)
    if s[NWINDOW] == 0:
        chain_outcome(s)


@njit
def chain_outcome(s: Any) -> None:
    """Who won and lost once nobody answers the last call (J8, J9, J10)."""
    last = s[CHAIN_SEATS + s[NCHAIN] - 1]
    if s[NCHAIN] > 1:
        outcome(s, GAESHI, 1 << last, 1 << s[CHAIN_SEATS + s[NCHAIN] - 2])
        return
    victim = s[FIRST_HIT]
    if victim == NOBODY:
        outcome(s, FIRST_CARD_WIN, 1 << last, ((1 << s[PLAYERS]) - 1) & ~(1 << last))
    elif victim == last:
        outcome(s, SELF_DOBON, 0, 1 << last)
    else:
        outcome(s, DOBON_WIN, 1 << last, 1 << victim)


@njit
def decline(s: Any, seat: int) -> None:
    """``pass``: leave the window; an emptied gaeshi window ends the game."""
    n = 0
    for k in range(s[NWINDOW]):
        if s[WINDOW + k] != seat:
            s[WINDOW + n] = s[WINDOW + k]
            n += 1
    s[NWINDOW] = n
    if s[PHASE] == CHAIN and n == 0:
        chain_outcome(s)
