"""Daifugo's deal, exchange by force, end of a game and match (``games/daifugo/game.py``: ``_deal``,
``_end_game``), and one action applied whole (``game._step``), as kernel functions (see :mod:`.layout`).

``s`` is one match's ``int32`` row, ``u`` its ``uint64`` stream slots.  Each deal after the first
draws from ``derive(seed, "daifugo", "deal", round_no)``, as the reference.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.daifugo.kernel.layout import (
    ACTIVE,
    DECK,
    EXCHANGE,
    FACES,
    FALLEN,
    FINISHED,
    GONE,
    HAND,
    JOKER,
    LAST_ORDER,
    LAST_REASON,
    LOSSES,
    MAX_STEPS,
    NFALLEN,
    NFINISHED,
    NGIVING,
    NKNOWN,
    NLAYING,
    NONE,
    NRETURNS,
    NROUNDS,
    OPT_DECKS,
    OPT_GAMES,
    OPT_JOKERS,
    OPT_MAX_STEPS,
    OPT_UECDA_SCORING,
    OVER,
    PHASE,
    PLAYERS,
    PRESET,
    RANKED,
    REASON_COUNTS,
    RETURNS,
    REVOLUTION,
    ROUND,
    SCORES,
    SIZES,
    STEPS,
    TURN,
    TURN_SEAT,
    U_PREFIX,
    U_RULES,
    WINS,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
counted = njit_for(__name__)  # for apply: rules.act makes scratch
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.daifugo.kernel.rules")
fnv_int, fnv_text, seed_stream, shuffle = _prng.fnv_int, _prng.fnv_text, _prng.seed_stream, _prng.shuffle
act, clear_field, move = _rules.act, _rules.clear_field, _rules.move

LABEL_DEAL = np.frombuffer(b"daifugo/deal/", dtype=np.uint8)
DIAMOND3 = 2  # the face of the diamond 3: it leads the first game (F1)


@njit
def deck_face(index: int, decks: int) -> int:
    """The face (hand order) of ``make_deck(decks, jokers)[index]``: ``Card.index`` is suit * 13 + rank - 1."""
    if index >= 52 * decks:
        return JOKER
    card = index % 52
    suit, rank = card // 13, card % 13 + 1
    return ((rank - 3) % 13) * 4 + suit


@njit
def new_match(s: Any, u: Any) -> None:
    """A fresh match on a row holding only its options."""
    s[ROUND], s[STEPS], s[NROUNDS], s[LAST_REASON] = 0, 0, 0, NONE
    deal(s, u)


@njit
def deal(s: Any, u: Any) -> None:
    """Every card one at a time from seat 0 round the table; then, before a later game, the
    poorer seats' strongest cards go to the richer ones (F1, F9)."""
    p, cards = int(s[PLAYERS]), int(52 * s[OPT_DECKS] + s[OPT_JOKERS])
    if s[PRESET] > 0:  # an explicit deck, already in DECK
        s[PRESET] = 0
    else:
        for i in range(cards):
            s[DECK + i] = deck_face(i, int(s[OPT_DECKS]))
        seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], LABEL_DEAL), s[ROUND]))
        shuffle(u, U_RULES, s, DECK, cards)
    for i in range(HAND, GONE + FACES):
        s[i] = 0
    for seat in range(p):
        s[SIZES + seat], s[ACTIVE + seat], s[NKNOWN + seat] = 0, 1, 0
    for i in range(cards):
        seat = i % p
        s[HAND + seat * FACES + s[DECK + i]] += 1
        s[SIZES + seat] += 1
    s[NFINISHED], s[NFALLEN], s[NRETURNS], s[NGIVING], s[NLAYING], s[REVOLUTION] = 0, 0, 0, 0, 0, 0
    clear_field(s)
    if s[ROUND] == 0:
        for seat in range(p):
            if s[HAND + seat * FACES + DIAMOND3]:
                s[TURN_SEAT] = seat
                break
        s[PHASE] = TURN
        return
    s[TURN_SEAT] = s[LAST_ORDER + p - 1]
    hand_over(s, 0, int(s[LAST_ORDER]), int(s[LAST_ORDER + p - 1]), 2)
    if p >= 4:
        hand_over(s, 1, int(s[LAST_ORDER + 1]), int(s[LAST_ORDER + p - 2]), 1)
    s[PHASE] = EXCHANGE


@njit
def hand_over(s: Any, k: int, rich: int, poor: int, count: int) -> None:
    """Return ``k`` of the exchange: ``poor`` hands its ``count`` strongest cards to ``rich`` by
    force (scratch: the giving slots), and ``rich`` will hand ``count`` back (F9)."""
    base, found = HAND + poor * FACES, 0
    for face in range(FACES - 1, -1, -1):
        for _ in range(s[base + face]):
            if found < count:
                found += 1
                s[DECK + count - found] = face  # weakest first, as in hand order
    move(s, poor, rich, DECK, count)
    s[RETURNS + 3 * k], s[RETURNS + 3 * k + 1], s[RETURNS + 3 * k + 2] = rich, poor, count
    s[NRETURNS] = k + 1


@njit
def points_for(place: int, players: int, uecda: bool) -> int:
    """F11: uecda, players - place; common, by rank (F10): 2, 1, 0, -1, -2."""
    if uecda:
        return players - place
    if place == 0:
        return 2
    if place == players - 1:
        return -2
    if players >= 4 and place == 1:
        return 1
    if players >= 4 and place == players - 2:
        return -1
    return 0


@njit
def end_game(s: Any, u: Any) -> None:
    """The seats still in the game place after those out and before the fallen; points are
    scored; the next game is dealt, or the match ends (F10, F11)."""
    p, place = int(s[PLAYERS]), 0
    for k in range(s[NFINISHED]):
        s[LAST_ORDER + place] = s[FINISHED + k]
        place += 1
    for seat in range(p):
        if s[ACTIVE + seat]:
            s[LAST_ORDER + place] = seat
            place += 1
            for face in range(FACES):
                s[GONE + face] += s[HAND + seat * FACES + face]
                s[HAND + seat * FACES + face] = 0
            s[SIZES + seat] = 0
    for k in range(s[NFALLEN] - 1, -1, -1):
        s[LAST_ORDER + place] = s[FALLEN + k]
        place += 1
    for place in range(p):
        s[SCORES + s[LAST_ORDER + place]] += points_for(place, p, s[OPT_UECDA_SCORING] != 0)
    s[NROUNDS] += 1
    s[LAST_REASON] = RANKED
    s[REASON_COUNTS + RANKED] += 1
    s[WINS + s[LAST_ORDER]] += 1
    s[LOSSES + s[LAST_ORDER + p - 1]] += 1
    clear_field(s)
    for seat in range(p):
        s[ACTIVE + seat] = 0
    if s[ROUND] + 1 < s[OPT_GAMES]:
        s[ROUND] += 1
        deal(s, u)
    else:
        s[PHASE] = OVER


@counted
def apply(s: Any, u: Any, seat: int, action: int) -> None:
    """One legal action; the match ends with its last game, or at ``max_steps`` (C7)."""
    s[STEPS] += 1
    if act(s, seat, action):
        end_game(s, u)
    if s[PHASE] != OVER and s[STEPS] >= s[OPT_MAX_STEPS]:
        s[NROUNDS] += 1
        s[LAST_REASON] = MAX_STEPS
        s[REASON_COUNTS + MAX_STEPS] += 1
        s[PHASE] = OVER
