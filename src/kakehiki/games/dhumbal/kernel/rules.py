"""Dhumbal's rules as kernel functions over one match's plain arrays (see :mod:`.dhumbal_layout`).

Each function mirrors the reference engine (``kakehiki.games.dhumbal``) step for step: the
same moves, the same random streams drawn in the same order (``derive(seed, "dhumbal",
"deal", round)`` for each deal, ``derive(seed, "dhumbal", "rebuild", round, n)`` for each
stock rebuild), so a seed gives the same matches.  ``s`` is one match's ``int32`` row, ``u``
its ``uint64`` stream slots.  Actions are assumed legal: the batch API checks them.  Written
in the subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.dhumbal.kernel.layout import (
    ADDED,
    AVAILABLE,
    AVAILABLE_OWNER,
    BURIED,
    DECK,
    DECKS,
    DISCARD,
    DISCARDING,
    HAND,
    HAND_SIZE,
    KNOWN,
    LAST_CALLER,
    LAST_LOSERS,
    LAST_REASON,
    LAST_WINNERS,
    LIMIT,
    LOSSES,
    MATCH_REASON,
    MAX_STEPS,
    MOVES,
    NAVAILABLE,
    NBURIED,
    NDISCARDING,
    NOBODY,
    NROUNDS,
    NSTOCK,
    OPT_CALLER_WINS,
    OPT_DECKS,
    OPT_LEFT,
    OPT_LIMIT,
    OPT_MAX_STEPS,
    OPT_PENALTY,
    OPT_SHOW_MAX,
    OVER,
    PHASE,
    PLAY,
    PLAYERS,
    PRESET,
    REASON_COUNTS,
    REBUILDS,
    ROUND,
    ROUND_TURNS,
    SCORES,
    SEATS_PER_DECK,
    SHOW,
    SHOW_BACK,
    SHOW_WON,
    SIZES,
    STARTER,
    STEPS,
    STOCK,
    TAKE,
    TAKE_STOCK,
    TOTALS,
    TURN_SEAT,
    TURNED_UP,
    U_BOT,
    U_PREFIX,
    U_RULES,
    WINS,
)

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
fnv_int, fnv_text, fnv_byte = _prng.fnv_int, _prng.fnv_text, _prng.fnv_byte
seed_stream, shuffle = _prng.seed_stream, _prng.shuffle

LABEL_DEAL = np.frombuffer(b"dhumbal/deal/", dtype=np.uint8)
LABEL_REBUILD = np.frombuffer(b"dhumbal/rebuild/", dtype=np.uint8)
SLASH = 47
MAX_RANK = 13  # K: runs never wrap to the ace (D1)


# -- streams and small helpers -------------------------------------------------


@njit
def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the playout policy's generators."""
    seat_streams(u, U_PREFIX, U_BOT, players)


@njit
def points(face: int) -> int:
    """A = 1, 2–10 at face value, J Q K = 10 (D1)."""
    return min(face % 13 + 1, 10)


@njit
def give(s: Any, seat: int, face: int, public: bool) -> None:
    """``Draft.give``: a card into a hand; one taken from the discards is known to all (D3)."""
    s[HAND + seat * 52 + face] += 1
    s[TOTALS + seat] += points(face)
    s[SIZES + seat] += 1
    if public:
        s[KNOWN + seat * 52 + face] += 1


# -- the start of a match and of each round --------------------------------------


@njit
def new_match(s: Any, u: Any) -> None:
    """``rounds.new_match`` on a row whose option header is filled in (the rest zero)."""
    n = s[PLAYERS]
    s[DECKS] = s[OPT_DECKS] if s[OPT_DECKS] > 0 else (n + SEATS_PER_DECK - 1) // SEATS_PER_DECK
    s[ROUND], s[STARTER], s[PHASE], s[STEPS], s[NROUNDS], s[MOVES] = 0, 0, PLAY, 0, 0, 0
    s[LAST_REASON], s[LAST_CALLER], s[MATCH_REASON] = NOBODY, NOBODY, NOBODY
    deal(s, u)


@njit
def deal(s: Any, u: Any) -> None:
    """``rounds.deal``: five cards one at a time from the starter, the next turned up, the
    rest the stock, drawn from the front of the shuffled deck (D2)."""
    n, total = s[PLAYERS], 52 * s[DECKS]
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], LABEL_DEAL), s[ROUND]))
    if s[PRESET] > 0:  # an explicit deck of DECKS decks, already in DECK
        s[PRESET] = 0
    else:
        for i in range(total):
            s[DECK + i] = i % 52
        shuffle(u, U_RULES, s, DECK, total)
    for i in range(n * 52):
        s[HAND + i] = 0
        s[KNOWN + i] = 0
    for seat in range(n):
        s[TOTALS + seat], s[SIZES + seat] = 0, 0
    for at in range(HAND_SIZE * n):
        give(s, (s[STARTER] + at % n) % n, s[DECK + at], False)
    dealt = HAND_SIZE * n
    s[NSTOCK] = total - dealt - 1
    for i in range(s[NSTOCK]):
        s[STOCK + i] = s[DECK + total - 1 - i]  # the next card to draw last
    s[AVAILABLE], s[NAVAILABLE], s[AVAILABLE_OWNER] = s[DECK + dealt], 1, TURNED_UP
    s[NDISCARDING], s[NBURIED], s[REBUILDS] = 0, 0, 0
    s[TURN_SEAT], s[ROUND_TURNS] = s[STARTER], 0


# -- who may act, and what -------------------------------------------------------


@njit
def continuations(s: Any, seat: int, out: Any, n: int) -> int:
    """``melds.continuations``: the cards held that may follow the cards down, as discard
    actions ascending, appended to ``out[n:]``; the new length.  By card index: the same card
    again (several decks), the next rank of the suit, then the later suits of the rank."""
    hand, down = HAND + seat * 52, s[NDISCARDING]
    first, last = s[DISCARDING], s[DISCARDING + down - 1]
    rank = last % 13 + 1
    as_set = first % 13 + 1 == rank
    if as_set and s[hand + last] > 0:
        out[n] = DISCARD + last
        n += 1
    if first // 13 == last // 13 and rank - (first % 13 + 1) == down - 1 and rank < MAX_RANK:
        after = last + 1
        if s[hand + after] > 0 and (down > 1 or (rank + 1 < MAX_RANK and s[hand + last + 2] > 0)):
            out[n] = DISCARD + after
            n += 1
    if as_set:
        for suit in range(last // 13 + 1, 4):
            face = suit * 13 + rank - 1
            if s[hand + face] > 0:
                out[n] = DISCARD + face
                n += 1
    return n


@njit
def is_discard(s: Any) -> bool:
    """``melds.is_discard`` of the cards down: one card, a set of one rank, or a run of 3+ of
    one suit (D3).  The cards down go in written order, so a run's ranks rise one by one."""
    down, first = s[NDISCARDING], s[DISCARDING]
    if down == 1:
        return True
    same_rank, run = True, down >= 3
    for k in range(1, down):
        face = s[DISCARDING + k]
        same_rank = same_rank and face % 13 == first % 13
        run = run and face // 13 == first // 13 and face % 13 == first % 13 + k
    return same_rank or run


@njit
def legal_list(s: Any, seat: int, out: Any) -> int:
    """``legal_actions`` as action indices, ascending, into ``out``; how many."""
    if s[PHASE] == OVER or seat != s[TURN_SEAT]:
        return 0
    n, hand = 0, HAND + seat * 52
    if s[NDISCARDING] == 0:  # the start of the turn: Show, or put down any card held
        if s[TOTALS + seat] <= s[OPT_SHOW_MAX]:
            out[0] = SHOW
            n = 1
        for face in range(52):
            if s[hand + face] > 0:
                out[n] = DISCARD + face
                n += 1
        return n
    n = continuations(s, seat, out, 0)
    if is_discard(s):
        out[n] = TAKE_STOCK
        n += 1
        for k in range(s[NAVAILABLE]):  # ascending: a discard is in card order
            face = s[AVAILABLE + k]
            if k == 0 or face != s[AVAILABLE + k - 1]:
                out[n] = TAKE + face
                n += 1
    return n


@njit
def legal_mask(s: Any, seat: int, mask: Any, buffer: Any) -> None:
    """``legal_mask`` into ``mask`` (one byte per action index); ``buffer`` is scratch."""
    mask[:] = 0
    for k in range(legal_list(s, seat, buffer)):
        mask[buffer[k]] = 1


# -- acting -----------------------------------------------------------------------


@njit
def apply(s: Any, u: Any, seat: int, action: int) -> None:
    """``DhumbalGame.apply`` of a legal action: a card put down is no step; a Show or a
    take is one (C7), after which ``max_steps`` may end the match."""
    s[MOVES] += 1
    if DISCARD <= action < TAKE_STOCK:
        put_down(s, seat, action - DISCARD)
        return
    s[STEPS] += 1
    if action == SHOW:
        show(s, u, seat)
    else:
        take_turn(s, u, seat, -1 if action == TAKE_STOCK else action - TAKE)
    if s[PHASE] != OVER and s[STEPS] >= s[OPT_MAX_STEPS]:
        stop_at_step_limit(s)


@njit
def put_down(s: Any, seat: int, face: int) -> None:
    """``rounds.put_down``: one card of the discard goes down, face up (D3)."""
    s[HAND + seat * 52 + face] -= 1
    s[TOTALS + seat] -= points(face)
    s[SIZES + seat] -= 1
    if s[KNOWN + seat * 52 + face] > 0:  # a card taken from the discards goes back down
        s[KNOWN + seat * 52 + face] -= 1
    s[DISCARDING + s[NDISCARDING]] = face
    s[NDISCARDING] += 1


@njit
def take_turn(s: Any, u: Any, seat: int, face: int) -> None:
    """``rounds.take_turn``: take one of the previous discards (``face``) or the stock's top
    (``face < 0``); bury the rest; the discard is the next seat's to take from (D3)."""
    skip = -1  # the offered card taken (its first copy), not buried
    if face < 0:
        s[NSTOCK] -= 1
        give(s, seat, s[STOCK + s[NSTOCK]], False)
    else:
        for k in range(s[NAVAILABLE] - 1, -1, -1):
            if s[AVAILABLE + k] == face:
                skip = k
        give(s, seat, face, True)
    for k in range(s[NAVAILABLE]):
        if k != skip:
            s[BURIED + s[NBURIED]] = s[AVAILABLE + k]
            s[NBURIED] += 1
    for k in range(s[NDISCARDING]):
        s[AVAILABLE + k] = s[DISCARDING + k]
    s[NAVAILABLE], s[NDISCARDING], s[AVAILABLE_OWNER] = s[NDISCARDING], 0, seat
    s[TURN_SEAT] = (seat + 1) % s[PLAYERS]
    s[ROUND_TURNS] += 1
    if s[NSTOCK] == 0:
        rebuild_stock(s, u)


@njit
def rebuild_stock(s: Any, u: Any) -> None:
    """``rounds.rebuild_stock``: the buried discards, shuffled, become the new stock (D7)."""
    key = fnv_int(fnv_text(u[U_PREFIX], LABEL_REBUILD), s[ROUND])
    seed_stream(u, U_RULES, fnv_int(fnv_byte(key, SLASH), s[REBUILDS]))
    count = s[NBURIED]
    for i in range(count):
        s[STOCK + i] = s[BURIED + i]
    shuffle(u, U_RULES, s, STOCK, count)
    s[NSTOCK], s[NBURIED] = count, 0
    s[REBUILDS] += 1


# -- the end of a round and of the match --------------------------------------------


@njit
def score_show(s: Any, caller: int) -> tuple[int, int]:
    """``rounds.score_show`` into ``ADDED``: the reason and the seats scoring 0 (a bit mask)."""
    n, mine, low = s[PLAYERS], s[TOTALS + caller], 1 << 30
    for seat in range(n):
        if seat != caller:
            low = min(low, s[TOTALS + seat])
    if mine < low or (mine == low and s[OPT_CALLER_WINS] != 0):
        for seat in range(n):
            s[ADDED + seat] = 0 if seat == caller else s[TOTALS + seat]
        return SHOW_WON, 1 << caller
    fewest = 1 << 30
    for seat in range(n):
        if seat != caller and s[TOTALS + seat] == low:
            fewest = min(fewest, s[SIZES + seat])
    zero = 0
    for seat in range(n):
        if seat != caller and s[TOTALS + seat] == low and s[SIZES + seat] == fewest:
            zero |= 1 << seat
        s[ADDED + seat] = 0 if (zero >> seat) & 1 else s[TOTALS + seat]
    s[ADDED + caller] = mine + s[OPT_PENALTY]
    return SHOW_BACK, zero


@njit
def show(s: Any, u: Any, seat: int) -> None:
    """``rounds.show``: every hand scored (D4); then the match ends (D5) or the next round is
    dealt from the next starter (D6)."""
    n = s[PLAYERS]
    reason, winners = score_show(s, seat)
    most = 0
    for k in range(n):
        most = max(most, s[ADDED + k])
    losers, highest = 0, 0
    for k in range(n):
        if s[ADDED + k] == most:
            losers |= 1 << k
        s[SCORES + k] += s[ADDED + k]
        highest = max(highest, s[SCORES + k])
    record_round(s, reason, winners, losers, seat)
    if highest > s[OPT_LIMIT]:
        end_match(s, LIMIT)
        return
    s[ROUND] += 1
    s[STARTER] = (s[STARTER] + (1 if s[OPT_LEFT] != 0 else n - 1)) % n
    deal(s, u)


@njit
def record_round(s: Any, reason: int, winners: int, losers: int, caller: int) -> None:
    """A finished round: the last outcome, and the tallies ``kakehiki sim`` keeps of every round."""
    s[NROUNDS] += 1
    s[LAST_REASON], s[LAST_WINNERS], s[LAST_LOSERS], s[LAST_CALLER] = reason, winners, losers, caller
    s[REASON_COUNTS + reason] += 1
    for seat in range(s[PLAYERS]):
        s[WINS + seat] += (winners >> seat) & 1
        s[LOSSES + seat] += (losers >> seat) & 1


@njit
def stop_at_step_limit(s: Any) -> None:
    """``max_steps`` reached: the round stops unscored and the match ends as a draw (C7)."""
    for seat in range(s[PLAYERS]):
        s[ADDED + seat] = 0
    record_round(s, MAX_STEPS, 0, 0, NOBODY)
    end_match(s, MAX_STEPS)


@njit
def end_match(s: Any, reason: int) -> None:
    s[PHASE] = OVER
    s[MATCH_REASON] = reason
