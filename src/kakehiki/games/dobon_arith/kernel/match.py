"""Arithmetic Dobon's match as kernel functions: the first dealer, the deal, applying an action
and the end of each game (wins, losses, the next dealer), over one game's plain arrays.

Mirrors ``kakehiki.games.dobon_arith.rules.match`` and ``DobonArithGame._apply``; one game's moves
are in :mod:`.arith_kernel`.
"""

from __future__ import annotations

from typing import Any

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.dobon_arith.kernel.layout import (
    BOTTOM,
    DEAL,
    DEALER,
    DECK,
    DIRECTION,
    DOBON,
    DRAW,
    FIELD,
    HAND,
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
    NSTAGED,
    NSTOCK,
    NWINDOW,
    OPENING,
    OPT_GAMES,
    OPT_MAX_STEPS,
    OPT_MIN_FIELD,
    OPT_PENALTY_ENDS_TURN,
    OUT_LOSERS,
    OUT_REASON,
    OUT_WINNERS,
    OVER,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    PRESET,
    REACH,
    REASON_COUNTS,
    REASONS,
    REBUILDS,
    REVEAL_DUE,
    REVEALED,
    ROUND,
    SCRATCH,
    SIZES,
    STAGED,
    STEPS,
    STOCK,
    SUIT,
    TOP,
    TOP_OWNER,
    TURN,
    TURN_SEAT,
    U_RULES,
    WINS,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.dobon_arith.kernel.rules")
below, shuffle = _prng.below, _prng.shuffle
rules_stream, give, reach_of, open_window = _rules.rules_stream, _rules.give, _rules.reach_of, _rules.open_window
play, draw_for_turn, call_dobon, decline, outcome = (
    _rules.play, _rules.draw_for_turn, _rules.call_dobon, _rules.decline, _rules.outcome)
in_window, start_turn, seat_after = _rules.in_window, _rules.start_turn, _rules.seat_after
played_face, named_suit = _rules.played_face, _rules.named_suit
LABEL_FIRST, LABEL_DEALER, LABEL_DEAL = _rules.LABEL_FIRST, _rules.LABEL_DEALER, _rules.LABEL_DEAL


@njit
def new_match(s: Any, u: Any, first_player: int) -> None:
    """``match.new_match`` for a row whose options, players and seed prefix are set."""
    for seat in range(s[PLAYERS]):
        s[WINS + seat] = 0
        s[LOSSES + seat] = 0
    for reason in range(len(REASONS)):
        s[REASON_COUNTS + reason] = 0
    s[ROUND] = 0
    s[NROUNDS] = 0
    s[LAST_REASON] = NOBODY
    s[LAST_WINNERS] = 0
    s[LAST_LOSERS] = 0
    s[MOVES] = 0
    if first_player >= 0:
        s[DEALER] = first_player
    else:
        rules_stream(u, LABEL_FIRST, 0)
        s[DEALER] = below(u, U_RULES, s[PLAYERS])
    deal(s, u)


@njit
def deal(s: Any, u: Any) -> None:
    """``match.deal``: five cards one at a time clockwise from the dealer, the next card turned
    up, the rest in order as the stock; the dealer plays first (A1, A9)."""
    players, dealer = s[PLAYERS], s[DEALER]
    rules_stream(u, LABEL_DEAL, s[ROUND])
    if s[PRESET] > 0:  # an explicit deck, already in DECK
        s[PRESET] = 0
    else:
        for face in range(52):
            s[DECK + face] = face
        shuffle(u, U_RULES, s, DECK, 52)
    for seat in range(players):
        s[SIZES + seat] = 0
        for face in range(52):
            s[HAND + seat * 52 + face] = 0
            s[REVEALED + seat * 52 + face] = 0
    at = DEAL * players
    for i in range(at):
        give(s, (dealer + i % players) % players, s[DECK + i])
    for seat in range(players):
        s[REACH + seat] = reach_of(s, seat)
    s[FIELD] = s[DECK + at]
    s[NFIELD] = 1
    rest = 52 - at - 1
    for k in range(rest):
        s[STOCK + k] = s[DECK + 51 - k]
    s[NSTOCK] = rest
    s[SUIT] = s[FIELD] // 13  # the first field card has no power: an 8 there names nothing
    s[TURN_SEAT], s[DIRECTION], s[PENDING] = dealer, 1, 0
    s[REVEAL_DUE], s[OPENING], s[NSTAGED], s[PHASE] = 0, 1, 0, TURN
    s[NCHAIN], s[TOP_OWNER], s[REBUILDS], s[STEPS] = 0, NOBODY, 0, 0
    open_window(s)


@njit
def apply(s: Any, u: Any, ratio: float, seat: int, action: int) -> None:
    """``DobonArithGame.apply`` of a legal action index."""
    s[MOVES] += 1
    s[OUT_REASON] = NOBODY
    if action == PASS and in_window(s, seat):
        decline(s, seat)  # seen only by its seat (C4): not a step
    elif BOTTOM <= action < TOP:
        s[STAGED + s[NSTAGED]] = (action - BOTTOM) % 52  # bottom or stack: not a step (C7)
        s[NSTAGED] += 1
        s[NWINDOW] = 0
        return
    else:
        move(s, u, ratio, seat, action)
        if s[OUT_REASON] == NOBODY and s[PHASE] == TURN:
            open_window(s)
        if s[OUT_REASON] == NOBODY and s[STEPS] >= s[OPT_MAX_STEPS]:
            outcome(s, MAX_STEPS, 0, 0)
    if s[OUT_REASON] != NOBODY:
        finish_game(s, u)


@njit
def move(s: Any, u: Any, ratio: float, seat: int, action: int) -> None:
    """A turn action or a Dobon call, one step (C7): ``game._move``."""
    s[STEPS] += 1
    if action < BOTTOM:
        s[STAGED] = played_face(action)
        play(s, seat, 1, named_suit(action))
    elif action < DRAW:
        s[STAGED + s[NSTAGED]] = played_face(action - TOP)
        play(s, seat, s[NSTAGED] + 1, named_suit(action - TOP))
    elif action == DRAW:
        draw_for_turn(s, u, ratio, seat, s[OPT_PENALTY_ENDS_TURN] != 0, s[OPT_MIN_FIELD])
    elif action == DOBON:
        call_dobon(s, seat)
    else:  # the opening turn's pass (A2)
        start_turn(s, seat, False)
        s[TURN_SEAT] = seat_after(s, seat, 1)


@njit
def finish_game(s: Any, u: Any) -> None:
    """``match.finish_game``: count the game's wins and losses, then deal the next game or end
    the match (A9)."""
    winners, losers = s[OUT_WINNERS], s[OUT_LOSERS]
    s[LAST_REASON], s[LAST_WINNERS], s[LAST_LOSERS] = s[OUT_REASON], winners, losers
    s[NROUNDS] += 1
    s[REASON_COUNTS + s[OUT_REASON]] += 1
    for seat in range(s[PLAYERS]):
        s[WINS + seat] += winners >> seat & 1
        s[LOSSES + seat] += losers >> seat & 1
    if s[ROUND] + 1 >= s[OPT_GAMES]:
        s[PHASE] = OVER
        s[NWINDOW] = 0
        return
    s[ROUND] += 1
    choose_next_dealer(s, u, losers)
    deal(s, u)


@njit
def choose_next_dealer(s: Any, u: Any, losers: int) -> None:
    """The loser deals next; among several losers one is drawn at random; with none the dealer stays (A9)."""
    n = 0
    for seat in range(s[PLAYERS]):
        if losers >> seat & 1:
            s[SCRATCH + n] = seat
            n += 1
    if n == 1:
        s[DEALER] = s[SCRATCH]
    elif n > 1:
        rules_stream(u, LABEL_DEALER, s[ROUND])
        s[DEALER] = s[SCRATCH + below(u, U_RULES, n)]
