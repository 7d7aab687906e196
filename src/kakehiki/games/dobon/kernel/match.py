"""Dobon's match as kernel functions: the seat draw, the deal, applying an action and the end of
each game (deal counts, laps, the next dealer, reseating), over one game's plain arrays.

Mirrors ``kakehiki.games.dobon.rules.match``; one game's moves are in :mod:`.dobon_kernel`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.dobon.kernel.layout import (
    CHAIN,
    COUNTS,
    DEALER,
    DECK,
    DECKS,
    DOBON,
    DRAW,
    FIELD,
    FIRST_HIT,
    HAND,
    LAPS,
    LAST_LOSERS,
    LAST_REASON,
    LAST_WINNERS,
    LOSSES,
    MAX_STEPS,
    MOVES,
    NCHAIN,
    NFIELD,
    NOBODY,
    NROUNDS,
    NSTOCK,
    NWINDOW,
    OPT_DECKS,
    OPT_GAMES,
    OPT_MAX_STEPS,
    OPT_OFFICIAL,
    ORDER,
    OUT_LOSERS,
    OUT_REASON,
    OUT_WINNERS,
    OVER,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    POSITION,
    PRESET,
    REASON_COUNTS,
    REBUILDS,
    ROUND,
    SCORES,
    SCRATCH,
    SCRATCH2,
    SIZES,
    STEPS,
    STOCK,
    SUMS,
    TOP_OWNER,
    TURN,
    TURN_SEAT,
    TWOS,
    U_RULES,
    WINS,
)

njit = njit_for(__name__)
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
below, shuffle = _prng.below, _prng.shuffle
rules_stream, seat_at, add_card, open_window = _rules.rules_stream, _rules.seat_at, _rules.add_card, _rules.open_window
play, draw_for_turn, call_dobon, decline, outcome = (
    _rules.play, _rules.draw_for_turn, _rules.call_dobon, _rules.decline, _rules.outcome)
LABEL_SEATS, LABEL_DEALER, LABEL_DEAL = _rules.LABEL_SEATS, _rules.LABEL_DEALER, _rules.LABEL_DEAL
MIN_DEAL, MAX_DEAL, STOCK_RESERVE = 4, 12, 20  # J3, J2


@njit
def fill_deck(s: Any, u: Any, decks: int) -> int:
    """``shuffled(make_deck(decks), rules stream)`` into ``DECK``; its size."""
    total = 52 * decks
    for i in range(total):
        s[DECK + i] = i % 52
    shuffle(u, U_RULES, s, DECK, total)
    return total


@njit
def auto_decks(s: Any) -> int:
    needed = 1 + STOCK_RESERVE
    for seat in range(s[PLAYERS]):
        needed += s[COUNTS + seat]
    return max(1, (needed + 51) // 52)


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


@njit
def new_match(s: Any, u: Any, first_dealer: int) -> None:
    """``match.new_match`` for a row whose options, players and seed prefix are set."""
    players = s[PLAYERS]
    for seat in range(players):
        s[COUNTS + seat] = MIN_DEAL
        s[LAPS + seat] = 0
        s[SCORES + seat] = 0
        s[WINS + seat] = 0
        s[LOSSES + seat] = 0
        s[ORDER + seat] = seat
    for reason in range(MAX_STEPS + 1):
        s[REASON_COUNTS + reason] = 0
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
def deal(s: Any, u: Any) -> None:
    """``match.deal``: one card at a time clockwise from the dealer, the field card, the stock."""
    players = s[PLAYERS]
    decks = s[OPT_DECKS] if s[OPT_DECKS] > 0 else auto_decks(s)
    rules_stream(u, LABEL_DEAL, s[ROUND])
    if s[PRESET] > 0:  # an explicit deck, kept in STOCK until now (a seat draw uses DECK)
        total, s[PRESET] = s[PRESET], 0
        decks = total // 52
        for i in range(total):
            s[DECK + i] = s[STOCK + i]
    else:
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
def finish_game(s: Any, u: Any) -> None:
    """``match.finish_game``: deal counts and laps (J3), then the next game or the end (J13)."""
    players, winners, losers = s[PLAYERS], s[OUT_WINNERS], s[OUT_LOSERS]
    s[LAST_REASON], s[LAST_WINNERS], s[LAST_LOSERS] = s[OUT_REASON], winners, losers
    s[NROUNDS] += 1
    s[REASON_COUNTS + s[OUT_REASON]] += 1
    lapped = False
    for seat in range(players):
        if winners >> seat & 1:
            s[SCORES + seat] += 1
            s[WINS + seat] += 1
            s[COUNTS + seat] = max(MIN_DEAL, s[COUNTS + seat] - 2)
        if losers >> seat & 1:
            s[SCORES + seat] -= 1
            s[LOSSES + seat] += 1
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
