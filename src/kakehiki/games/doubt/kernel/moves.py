"""Doubt's moves as kernel functions: plays, the doubt window, penalties and the end (B2–B7).

Mirrors ``kakehiki.games.doubt.rules.flow`` and ``DoubtGame._apply`` step for step, over one game's
row ``s`` and stream slots ``u`` (see :mod:`.doubt_layout`).  Actions are assumed legal: the
batch API checks them first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.doubt.kernel.layout import (
    A_ADD,
    A_DOUBT,
    A_PASS,
    DISCARD,
    ENTRY_RANK,
    ENTRY_REVEALED,
    ENTRY_SEAT,
    ENTRY_SIZE,
    FACES,
    FORFEIT,
    FORFEITED,
    HAND,
    LAST_STANDING,
    LOSERS,
    MAX_STEPS,
    MOVES,
    NENTRIES,
    NFORFEITED,
    NOBODY,
    NPICKED,
    NPILE,
    NWINDOW,
    OPT_DOUBTER_LEADS,
    OPT_MAX_STEPS,
    OPT_PENALTY,
    OPT_RANK_REST,
    OPT_REPEAT,
    OPT_ROUND_LIMIT,
    OUT,
    OVER,
    PENALTY_DRAWS,
    PHASE,
    PICKED,
    PILE,
    PILE_PENALTY,
    PLAY,
    PLAYERS,
    PLAYS,
    RANK,
    RANKS,
    REASON,
    ROUND_LIMIT,
    SIZES,
    STEPS,
    SUCCESSES,
    TURN_SEAT,
    U_PREFIX,
    U_RULES,
    WINDOW,
    WINDOW_SEATS,
    WINNERS,
)

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.doubt.kernel.rules")
fnv_int, fnv_text, seed_stream, next64 = _prng.fnv_int, _prng.fnv_text, _prng.seed_stream, _prng.next64
face_rank, forfeited, next_active = _rules.face_rank, _rules.forfeited, _rules.next_active
open_window, needs_success = _rules.open_window, _rules.needs_success

LABEL_PENALTY = np.frombuffer(b"doubt/penalty/", dtype=np.uint8)
KEY_CLASS = 1000  # a rank key's class (winner, playing, forfeited) outweighs any hand size
ONE = np.uint64(1)


# -- cards moving ------------------------------------------------------------------


@njit
def move_card(s: Any, seat: int, face: int, count: int) -> None:
    """``count`` copies of ``face`` into (or, negative, out of) ``seat``'s hand."""
    s[HAND + seat * FACES + face] += count
    s[SIZES + seat] += count


@njit
def take_pile(s: Any, seat: int) -> None:
    """``seat`` takes every card of the pile, face up (B5, B7)."""
    for k in range(s[NPILE]):
        move_card(s, seat, s[PILE + k], 1)
    s[NPILE], s[NENTRIES] = 0, 0


@njit
def forfeit(s: Any, seat: int) -> None:
    """``seat`` discards its hand face up and is out of the game (B7)."""
    for face in range(FACES):
        s[DISCARD + face] += s[HAND + seat * FACES + face]
        s[HAND + seat * FACES + face] = 0
    s[SIZES + seat] = 0
    s[FORFEITED + s[NFORFEITED]] = seat
    s[NFORFEITED] += 1


@njit
def getrandbits(u: Any, slot: int, bits: int) -> int:
    """``Stream.getrandbits`` for 1..63 bits: the low bits of one word."""
    return int(next64(u, slot) & ((ONE << np.uint64(bits)) - ONE))


@njit
def randbelow(u: Any, slot: int, n: int) -> int:
    """CPython's ``Random._randbelow_with_getrandbits`` (what ``random.sample`` draws with)."""
    bits = 0
    while (1 << bits) <= n:
        bits += 1
    r = getrandbits(u, slot, bits)
    while r >= n:
        r = getrandbits(u, slot, bits)
    return r


@njit
def card_at(s: Any, seat: int, position: int) -> int:
    """The face at ``position`` of ``seat``'s hand in card order."""
    hand = HAND + seat * FACES
    for face in range(FACES):
        position -= s[hand + face]
        if position < 0:
            return face
    return NOBODY


@njit
def take_two(s: Any, u: Any, giver: int, taker: int) -> None:
    """``taker`` draws two random cards (fewer if fewer) from ``giver`` (B7), as the reference's
    ``derive(seed, "doubt", "penalty", n).sample(range(len(hand)), min(2, len(hand)))``: CPython's
    ``sample`` picks from a pool list for a population of 21 or fewer, else by rejection."""
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], LABEL_PENALTY), s[PENALTY_DRAWS]))
    s[PENALTY_DRAWS] += 1
    n = s[SIZES + giver]
    if n == 0:
        return
    first = randbelow(u, U_RULES, n)
    second = NOBODY
    if n >= 2 and n <= 21:
        second = randbelow(u, U_RULES, n - 1)
        second = n - 1 if second == first else second
    elif n >= 2:
        second = randbelow(u, U_RULES, n)
        while second == first:
            second = randbelow(u, U_RULES, n)
    face = card_at(s, giver, first)
    other = card_at(s, giver, second) if second >= 0 else NOBODY
    move_card(s, giver, face, -1)
    move_card(s, taker, face, 1)
    if other >= 0:
        move_card(s, giver, other, -1)
        move_card(s, taker, other, 1)


# -- the end (B6, C7) --------------------------------------------------------------


@njit
def rank_by_keys(s: Any, keys: Any) -> None:
    """Competition ranks (1 = best; ties share) from keys, smaller better, into ``RANKS``."""
    n = s[PLAYERS]
    for seat in range(n):
        better = 0
        for other in range(n):
            if keys[other] < keys[seat]:
                better += 1
        s[RANKS + seat] = 1 + better


@njit
def rest_keys(s: Any, keys: Any, by_cards: bool) -> None:
    """Seats still playing by cards left (or all level), then forfeited seats, the earliest lowest."""
    for seat in range(s[PLAYERS]):
        keys[seat] = KEY_CLASS + (s[SIZES + seat] if by_cards else 0)
    for k in range(s[NFORFEITED]):
        keys[s[FORFEITED + k]] = 2 * KEY_CLASS + (KEY_CLASS - 1 - k)


@njit
def over(s: Any, reason: int, winners: int, losers: int) -> None:
    s[REASON], s[WINNERS], s[LOSERS] = reason, winners, losers
    s[PHASE], s[NWINDOW] = OVER, 0


@njit
def finish(s: Any, winner: int, reason: int) -> None:
    """``rules.finish``: ``winner`` went out or is the last seat standing; ``NOBODY`` is a draw
    (C7), every seat ranked 1."""
    n = s[PLAYERS]
    if winner == NOBODY:
        for seat in range(n):
            s[RANKS + seat] = 1
        over(s, reason, 0, 0)
        return
    keys = np.zeros(n, dtype=np.int64)
    rest_keys(s, keys, s[OPT_RANK_REST] != 0)
    keys[winner] = 0
    rank_by_keys(s, keys)
    worst, losers = 0, 0
    for seat in range(n):
        worst = max(worst, s[RANKS + seat])
    for seat in range(n):
        if s[RANKS + seat] == worst and seat != winner:
            losers |= 1 << seat
    over(s, reason, 1 << winner, losers)


@njit
def finish_at_round_limit(s: Any) -> None:
    """Every seat ranked by cards left, forfeited seats last; those ranked first win, those ranked
    last lose (none, if all are level)."""
    n = s[PLAYERS]
    keys = np.zeros(n, dtype=np.int64)
    rest_keys(s, keys, True)
    rank_by_keys(s, keys)
    worst, winners, losers = 0, 0, 0
    for seat in range(n):
        worst = max(worst, s[RANKS + seat])
    if worst > 1:
        for seat in range(n):
            if s[RANKS + seat] == 1:
                winners |= 1 << seat
            if s[RANKS + seat] == worst:
                losers |= 1 << seat
    over(s, ROUND_LIMIT, winners, losers)


@njit
def start_turn(s: Any, seat: int) -> None:
    s[TURN_SEAT], s[PHASE], s[NWINDOW] = seat, PLAY, 0


# -- plays and the doubt window (B2–B5) --------------------------------------------


@njit
def play(s: Any, seat: int, face: int) -> None:
    """The cards set aside and ``face`` go down, claiming the running rank (B2, B3); the doubt
    window opens (B4), or without a success under ``require_successful_doubt`` the pile comes back."""
    entry, start = s[NENTRIES], s[NPILE]
    for k in range(s[NPICKED]):
        s[PILE + start + k] = s[PICKED + k]
        move_card(s, seat, s[PICKED + k], -1)
    size = s[NPICKED] + 1
    s[PILE + start + size - 1] = face
    move_card(s, seat, face, -1)
    s[ENTRY_SEAT + entry], s[ENTRY_RANK + entry], s[ENTRY_SIZE + entry], s[ENTRY_REVEALED + entry] = (
        seat, s[RANK], size, 0)
    s[NENTRIES], s[NPILE], s[NPICKED] = entry + 1, start + size, 0
    s[PLAYS] += 1
    s[RANK] = s[RANK] % 13 + 1
    if s[SIZES + seat] == 0 and needs_success(s, seat):
        take_pile(s, seat)  # B7: nothing to doubt, the pile comes back whatever was played
        start_turn(s, next_active(s, seat))
        return
    open_window(s, seat)
    s[PHASE], s[TURN_SEAT] = WINDOW, seat


@njit
def decline(s: Any, seat: int) -> None:
    """``pass``: once every offered seat has passed the play stands."""
    kept = 0
    for k in range(s[NWINDOW]):
        if s[WINDOW_SEATS + k] != seat:
            s[WINDOW_SEATS + kept] = s[WINDOW_SEATS + k]
            kept += 1
    s[NWINDOW] = kept
    if kept:
        return
    player = s[TURN_SEAT]
    if s[SIZES + player] == 0:
        finish(s, player, OUT)
    else:
        start_turn(s, next_active(s, player))


@njit
def is_lie(s: Any, entry: int, start: int) -> bool:
    """Some card of the play is neither the claimed rank nor a joker (B5)."""
    rank = s[ENTRY_RANK + entry]
    for k in range(start, start + s[ENTRY_SIZE + entry]):
        card = face_rank(s[PILE + k])
        if card != rank and card != 0:
            return True
    return False


@njit
def penalise(s: Any, u: Any, loser: int, caller: int, player: int, lie: bool) -> None:
    if s[OPT_PENALTY] == PILE_PENALTY:
        take_pile(s, loser)
    elif s[OPT_PENALTY] == FORFEIT:
        forfeit(s, loser)
    else:
        take_two(s, u, caller if lie else player, loser)


@njit
def emptied(s: Any, seat: int) -> bool:
    """``seat``'s hand is empty after a doubt: it goes out, or with no successful doubt under
    ``require_successful_doubt`` it takes the pile and plays on (B6, B7)."""
    if needs_success(s, seat) and s[NPILE] > 0:
        take_pile(s, seat)
        return False
    finish(s, seat, OUT)
    return True


@njit
def out_of_cards(s: Any, seat: int) -> bool:
    return not forfeited(s, seat) and s[SIZES + seat] == 0


@njit
def doubt(s: Any, u: Any, caller: int) -> None:
    """Turn the last play up; the loser pays the penalty; play goes on after the doubted seat (B5, B7)."""
    entry = s[NENTRIES] - 1
    player, rank = s[ENTRY_SEAT + entry], s[ENTRY_RANK + entry]
    lie = is_lie(s, entry, s[NPILE] - s[ENTRY_SIZE + entry])
    s[NWINDOW] = 0
    s[ENTRY_REVEALED + entry] = 1
    if lie:
        s[SUCCESSES + caller] += 1
        if s[OPT_REPEAT]:
            s[RANK] = rank
    penalise(s, u, player if lie else caller, caller, player, lie)
    if out_of_cards(s, player) and emptied(s, player):
        return
    if out_of_cards(s, caller) and emptied(s, caller):
        return
    still, last = 0, NOBODY
    for seat in range(s[PLAYERS]):
        if not forfeited(s, seat):
            still += 1
            last = seat
    if still == 1:
        finish(s, last, LAST_STANDING)
        return
    start_turn(s, caller if lie and s[OPT_DOUBTER_LEADS] else next_active(s, player))


@njit
def apply(s: Any, u: Any, seat: int, action: int) -> None:
    """``DoubtGame._apply`` for a legal action index, then the step limit (C7) and ``round_limit``,
    both checked once no doubt window is open.  An ``add`` is no step and checks neither."""
    s[MOVES] += 1
    if action >= s[A_ADD] and action < s[A_DOUBT]:
        s[PICKED + s[NPICKED]] = action - s[A_ADD]
        s[NPICKED] += 1
        return
    s[STEPS] += 1
    if action == s[A_PASS]:
        decline(s, seat)
    elif action == s[A_DOUBT]:
        doubt(s, u, seat)
    else:
        play(s, seat, action)
    if s[REASON] == NOBODY and s[STEPS] >= s[OPT_MAX_STEPS] and s[PHASE] == PLAY:
        finish(s, NOBODY, MAX_STEPS)
    limit = s[OPT_ROUND_LIMIT]
    if limit and s[REASON] == NOBODY and s[PHASE] == PLAY and s[PLAYS] >= limit * s[PLAYERS]:
        finish_at_round_limit(s)
