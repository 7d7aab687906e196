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

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.dobon_layout import (
    CHAIN,
    CHAIN_SEATS,
    COUNTS,
    DEALER,
    DECK,
    DECKS,
    DOBON,
    DOBON_WIN,
    DRAW,
    FIELD,
    FIRST_CARD_WIN,
    FIRST_HIT,
    GAESHI,
    HAND,
    LAPS,
    LAST_LOSERS,
    LAST_REASON,
    LAST_WINNERS,
    MAX_STEPS,
    MOVES,
    NCHAIN,
    NFIELD,
    NO_STOCK,
    NOBODY,
    NROUNDS,
    NSTOCK,
    NWINDOW,
    OPT_AFTER_INTERRUPTER,
    OPT_DECKS,
    OPT_GAMES,
    OPT_MAX_STEPS,
    OPT_MIN_FIELD,
    OPT_OFFICIAL,
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
    SCORES,
    SCRATCH,
    SCRATCH2,
    SELF_DOBON,
    SIZES,
    STEPS,
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
_prng = sibling(__name__, "prng")
below, fnv_int, fnv_text, fnv_byte = _prng.below, _prng.fnv_int, _prng.fnv_text, _prng.fnv_byte
seed_stream, shuffle = _prng.seed_stream, _prng.shuffle

LABEL_SEATS = np.frombuffer(b"dobon/seats/", dtype=np.uint8)
LABEL_DEALER = np.frombuffer(b"dobon/dealer/", dtype=np.uint8)
LABEL_DEAL = np.frombuffer(b"dobon/deal/", dtype=np.uint8)
LABEL_REBUILD = np.frombuffer(b"dobon/rebuild/", dtype=np.uint8)
LABEL_BOT = np.frombuffer(b"bot/", dtype=np.uint8)
MIN_DEAL, MAX_DEAL, STOCK_RESERVE = 4, 12, 20
SLASH = 47


# -- streams and small helpers -------------------------------------------------
@njit
def rules_stream(u: Any, label: Any, round_no: int) -> None:
    """``derive(seed, "dobon", <label>, round_no)`` into the rules slot."""
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], label), round_no))


@njit
def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the playout policy's generators."""
    for seat in range(players):
        seed_stream(u, U_BOT + seat, fnv_int(fnv_text(u[U_PREFIX], LABEL_BOT), seat))


@njit
def top_rank(s: Any) -> int:
    return int(s[FIELD + s[NFIELD] - 1]) % 13 + 1


@njit
def seat_at(s: Any, seat: int, ahead: int) -> int:
    """The seat ``ahead`` places after ``seat`` in play order."""
    return int(s[ORDER + (s[POSITION + seat] + ahead) % s[PLAYERS]])


@njit
def auto_decks(s: Any) -> int:
    needed = 1 + STOCK_RESERVE
    for seat in range(s[PLAYERS]):
        needed += s[COUNTS + seat]
    return max(1, (needed + 51) // 52)


@njit
def fill_deck(s: Any, u: Any, decks: int) -> int:
    """``shuffled(make_deck(decks), rules stream)`` into ``DECK``; its size."""
    total = 52 * decks
    for i in range(total):
        s[DECK + i] = i % 52
    shuffle(u, U_RULES, s, DECK, total)
    return total


@njit
def strength(face: int) -> int:
    """J12's seat-draw strength: A > K > … > 2, then S > H > D > C."""
    rank = face % 13 + 1
    return (14 if rank == 1 else rank) * 4 + 3 - face // 13


@njit
def seat_draw(s: Any, u: Any, count: int, decks: int) -> None:
    """``draw_cards`` then ``seating_by_draw`` (J12) for the ``count`` seats in ``SCRATCH``:
    on return ``SCRATCH`` holds them strongest first, ``SCRATCH2`` each one's card by position."""
    pool = fill_deck(s, u, decks)
    todo = np.ones(count, dtype=np.bool_)
    left = count
    while left > 0:
        if pool < left:
            pool = fill_deck(s, u, decks)
        for k in range(count):
            if todo[k]:
                pool -= 1
                s[SCRATCH2 + k] = s[DECK + pool]
        left = 0
        for k in range(count):
            same = 0
            for j in range(count):
                if s[SCRATCH2 + j] == s[SCRATCH2 + k]:
                    same += 1
            todo[k] = same > 1
            left += same > 1
    for k in range(1, count):  # insertion sort, strongest first; faces are distinct now
        seat, face = s[SCRATCH + k], s[SCRATCH2 + k]
        j = k - 1
        while j >= 0 and strength(s[SCRATCH2 + j]) < strength(face):
            s[SCRATCH + j + 1] = s[SCRATCH + j]
            s[SCRATCH2 + j + 1] = s[SCRATCH2 + j]
            j -= 1
        s[SCRATCH + j + 1] = seat
        s[SCRATCH2 + j + 1] = face


@njit
def set_positions(s: Any) -> None:
    for i in range(s[PLAYERS]):
        s[POSITION + s[ORDER + i]] = i


# -- the start of a match and of each game ---------------------------------------
@njit
def new_match(s: Any, u: Any, first_dealer: int) -> None:
    """``match.new_match`` for a row whose options, players and seed prefix are set."""
    players = s[PLAYERS]
    for seat in range(players):
        s[COUNTS + seat] = MIN_DEAL
        s[LAPS + seat] = 0
        s[SCORES + seat] = 0
        s[ORDER + seat] = seat
    s[ROUND] = 0
    s[NROUNDS] = 0
    s[LAST_REASON] = NOBODY
    s[LAST_WINNERS] = 0
    s[LAST_LOSERS] = 0
    s[MOVES] = 0
    if first_dealer >= 0:
        s[DEALER] = first_dealer
    elif s[OPT_OFFICIAL]:
        rules_stream(u, LABEL_SEATS, 0)
        for seat in range(players):
            s[SCRATCH + seat] = seat
        decks = s[OPT_DECKS] if s[OPT_DECKS] > 0 else auto_decks(s)
        seat_draw(s, u, players, decks)
        for i in range(players):
            s[ORDER + i] = s[SCRATCH + i]
        s[DEALER] = s[ORDER]
    else:
        rules_stream(u, LABEL_DEALER, 0)
        s[DEALER] = below(u, U_RULES, players)
    set_positions(s)
    deal(s, u)


@njit
def add_card(s: Any, seat: int, face: int) -> None:
    s[HAND + seat * 52 + face] += 1
    s[SIZES + seat] += 1
    s[SUMS + seat] += face % 13 + 1


@njit
def deal(s: Any, u: Any) -> None:
    """``match.deal``: one card at a time clockwise from the dealer, the field card, the stock."""
    players = s[PLAYERS]
    decks = s[OPT_DECKS] if s[OPT_DECKS] > 0 else auto_decks(s)
    rules_stream(u, LABEL_DEAL, s[ROUND])
    total = fill_deck(s, u, decks)
    s[DECKS] = decks
    most = 0
    for seat in range(players):
        s[SIZES + seat] = 0
        s[SUMS + seat] = 0
        for face in range(52):
            s[HAND + seat * 52 + face] = 0
        most = max(most, s[COUNTS + seat])
    at = 0
    dealer = s[DEALER]
    for lap in range(most):
        for j in range(players):
            seat = seat_at(s, dealer, j)
            if lap < s[COUNTS + seat]:
                add_card(s, seat, s[DECK + at])
                at += 1
    s[FIELD] = s[DECK + at]
    s[NFIELD] = 1
    rest = total - at - 1
    for k in range(rest):
        s[STOCK + k] = s[DECK + total - 1 - k]
    s[NSTOCK] = rest
    s[TURN_SEAT] = dealer
    if s[FIELD] % 13 + 1 == 2:
        s[PENDING], s[TWOS] = 2, 1
    else:
        s[PENDING], s[TWOS] = 0, 0
    s[PHASE] = TURN
    s[NCHAIN] = 0
    s[FIRST_HIT] = NOBODY
    s[TOP_OWNER] = NOBODY
    s[REBUILDS] = 0
    s[STEPS] = 0
    open_window(s)


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
    """The seats that may answer the last Dobon call (J8)."""
    rank, turn, last, n = top_rank(s), s[TURN_SEAT], s[CHAIN_SEATS + s[NCHAIN] - 1], 0
    for j in range(s[PLAYERS]):
        seat = seat_at(s, turn, j)
        if seat != last and s[SIZES + seat] > 0 and s[SUMS + seat] == rank:
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
def legal_mask(s: Any, seat: int, mask: Any) -> int:
    """``legal_mask`` (one byte per action index) into ``mask``; how many are legal."""
    for i in range(mask.shape[0]):
        mask[i] = 0
    if s[PHASE] == OVER:
        return 0
    hand, rank, n = HAND + seat * 52, top_rank(s), 0
    can_dobon = s[SUMS + seat] == rank
    if in_window(s, seat):
        if s[PHASE] != CHAIN and s[SIZES + seat] >= 2:
            for suit in range(4):
                if s[hand + suit * 13 + rank - 1] > 0:
                    mask[suit * 13 + rank - 1] = 1
                    n += 1
        mask[PASS] = 1
        n += 1
    elif s[PHASE] == TURN and seat == s[TURN_SEAT]:
        if s[SIZES + seat] >= 2:
            top = s[FIELD + s[NFIELD] - 1]
            for face in range(52):
                if s[hand + face] > 0:
                    pending_two = s[PENDING] > 0 and face % 13 == 1
                    matches = s[PENDING] == 0 and (face // 13 == top // 13 or face % 13 == top % 13)
                    if pending_two or matches:
                        mask[face] = 1
                        n += 1
        mask[DRAW] = 1
        n += 1
    else:
        return 0
    if can_dobon:
        for face in range(52):
            if s[hand + face] > 0:
                mask[DOBON + face] = 1
                n += 1
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
def apply(s: Any, u: Any, ratio: float, seat: int, action: int) -> None:
    """``DobonGame.apply`` of a legal action index (``_apply`` then ``_settle``)."""
    s[MOVES] += 1
    s[OUT_REASON] = NOBODY
    passed = action == PASS
    if not passed:
        s[STEPS] += 1
    if action < 52:
        play(s, seat, action)
    elif action == DRAW:
        draw_for_turn(s, u, ratio, seat)
    elif action < PASS:
        call_dobon(s, seat, action - DOBON)
    else:
        decline(s, seat)
    if s[OUT_REASON] == NOBODY and not passed and s[PHASE] != CHAIN:
        open_window(s)
    if s[OUT_REASON] == NOBODY and s[STEPS] >= s[OPT_MAX_STEPS]:
        outcome(s, MAX_STEPS, 0, 0)
    if s[OUT_REASON] != NOBODY:
        finish_game(s, u)


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


# -- the end of a game --------------------------------------------------------------
@njit
def finish_game(s: Any, u: Any) -> None:
    """``match.finish_game``: deal counts and laps (J3), then the next game or the end (J13)."""
    players, winners, losers = s[PLAYERS], s[OUT_WINNERS], s[OUT_LOSERS]
    s[LAST_REASON], s[LAST_WINNERS], s[LAST_LOSERS] = s[OUT_REASON], winners, losers
    s[NROUNDS] += 1
    lapped = False
    for seat in range(players):
        if winners >> seat & 1:
            s[SCORES + seat] += 1
            s[COUNTS + seat] = max(MIN_DEAL, s[COUNTS + seat] - 2)
        if losers >> seat & 1:
            s[SCORES + seat] -= 1
            if s[COUNTS + seat] >= MAX_DEAL:
                s[COUNTS + seat] = MIN_DEAL
                s[LAPS + seat] += 1
                lapped = True
            else:
                s[COUNTS + seat] += 2
    played = s[ROUND] + 1
    if played >= s[OPT_GAMES]:  # request_stop is a host's: no batch asks for it, so min_games never applies
        s[PHASE] = OVER
        s[NWINDOW] = 0
        return
    s[ROUND] = played
    choose_next_dealer(s, u, losers)
    if lapped and s[OPT_OFFICIAL]:
        reseat(s, u)
    deal(s, u)


@njit
def choose_next_dealer(s: Any, u: Any, losers: int) -> None:
    """The last loser deals; among several, the most behind, then a card draw (J12, J4)."""
    n, worst = 0, -1
    for seat in range(s[PLAYERS]):
        if losers >> seat & 1:
            s[SCRATCH + n] = seat
            n += 1
            worst = max(worst, s[LAPS + seat] * 64 + s[COUNTS + seat])
    if n == 0:
        return
    if n > 1 and s[OPT_OFFICIAL]:
        kept = 0
        for k in range(n):
            seat = s[SCRATCH + k]
            if s[LAPS + seat] * 64 + s[COUNTS + seat] == worst:
                s[SCRATCH + kept] = seat
                kept += 1
        n = kept
    if n > 1:
        rules_stream(u, LABEL_DEALER, s[ROUND])
        if s[OPT_OFFICIAL]:
            seat_draw(s, u, n, 1)
        else:
            s[SCRATCH] = s[SCRATCH + below(u, U_RULES, n)]
    s[DEALER] = s[SCRATCH]


@njit
def reseat(s: Any, u: Any) -> None:
    """After a lap, seats are drawn again; the dealer stays the loser (J12)."""
    players = s[PLAYERS]
    for seat in range(players):
        s[SCRATCH + seat] = seat
    rules_stream(u, LABEL_SEATS, s[ROUND])
    seat_draw(s, u, players, 1)
    dealer = s[DEALER]
    s[ORDER] = dealer
    n = 1
    for k in range(players):
        if s[SCRATCH + k] != dealer:
            s[ORDER + n] = s[SCRATCH + k]
            n += 1
    set_positions(s)

