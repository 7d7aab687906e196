"""Million Doubt's deal, first leader, end of a game and match (``games/million_doubt/rules/match.py``),
and one action applied whole (``game._step``), as kernel functions (see :mod:`.md_layout`).

``s`` is one game's ``int32`` row, ``u`` its ``uint64`` stream slots.  The deal and the first
leader draw from ``derive(seed, "million-doubt", "deal" | "leader", round_no)``, as the reference.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.million_doubt.kernel.layout import (
    ASIDE,
    BINDING,
    BURSTS,
    CALLER,
    CARDS,
    CLAIM_HIDDEN,
    CLAIM_REV,
    CLAIMING,
    DECK,
    DOUBTED,
    DRAW,
    DRAWS,
    ELEVEN_BACK,
    END,
    FACES,
    FINISHED,
    FIRST_LAST_WINNER,
    GIVEN,
    HAND,
    LAST_FIRST,
    LAST_LOSERS,
    LAST_PLAYER,
    LAST_REASON,
    LAST_WINNERS,
    LEADER,
    LOCK,
    LOSSES,
    NASIDE,
    NBURSTS,
    NCLAIM_UP,
    NFCARDS,
    NFINISHED,
    NGIVEN,
    NHIDING,
    NLAYING,
    NOBODY,
    NPLAYS,
    NPOOL,
    NROUNDS,
    NWINDOW,
    OPT_DEAL_ALL,
    OPT_FIRST_LEADER,
    OPT_GAMES,
    OPT_MAX_STEPS,
    OVER,
    PASSES,
    PHASE,
    PLAYERS,
    PLAYING,
    PRESET,
    REASON_COUNTS,
    REVOLUTION,
    ROUND,
    SIZES,
    STATUS,
    STEPS,
    TRUTHFUL,
    TURN,
    TURN_SEAT,
    U_PREFIX,
    U_RULES,
    WINS,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
_prng = sibling(__name__, PRNG)
_rules = sibling(__name__, "kakehiki.games.million_doubt.kernel.rules")
below, fnv_int, fnv_text, seed_stream, shuffle = _prng.below, _prng.fnv_int, _prng.fnv_text, _prng.seed_stream, \
    _prng.shuffle
act, active_count = _rules.act, _rules.active_count

HAND_SIZE = 7  # M1
LABEL_DEAL = np.frombuffer(b"million-doubt/deal/", dtype=np.uint8)
LABEL_LEADER = np.frombuffer(b"million-doubt/leader/", dtype=np.uint8)


@njit
def rules_stream(u: Any, label: Any, round_no: int) -> None:
    """``derive(seed, "million-doubt", <label>, round_no)`` into the rules slot."""
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], label), round_no))


@njit
def deck_face(index: int) -> int:
    """The face (hand order) of ``make_deck(1, jokers=2)[index]``: ``Card.index`` is suit * 13 + rank - 1."""
    if index >= 52:
        return 52
    suit, rank = index // 13, index % 13 + 1
    return ((rank - 3) % 13) * 4 + suit


@njit
def new_match(s: Any, u: Any) -> None:
    """A fresh match on a row holding only its options."""
    s[ROUND], s[STEPS], s[NROUNDS] = 0, 0, 0
    s[LAST_REASON], s[LAST_FIRST] = NOBODY, NOBODY
    deal(s, u)


@njit
def deal(s: Any, u: Any) -> None:
    """Seven cards each (or every card, ``deal``), one at a time from seat 0; the rest set aside (M1)."""
    p = int(s[PLAYERS])
    if s[PRESET] > 0:  # an explicit deck, already in DECK
        s[PRESET] = 0
    else:
        for i in range(CARDS):
            s[DECK + i] = deck_face(i)
        rules_stream(u, LABEL_DEAL, s[ROUND])
        shuffle(u, U_RULES, s, DECK, CARDS)
    dealt = CARDS if s[OPT_DEAL_ALL] else HAND_SIZE * p
    for i in range(HAND, GIVEN + FACES):  # hands, known cards, cards gone, the pool, the cards given
        s[i] = 0
    for seat in range(p):
        s[SIZES + seat], s[STATUS + seat] = 0, PLAYING
    for i in range(dealt):
        seat = i % p
        s[HAND + seat * FACES + s[DECK + i]] += 1
        s[SIZES + seat] += 1
    for i in range(dealt, CARDS):
        s[ASIDE + i - dealt] = s[DECK + i]
    s[NASIDE] = CARDS - dealt
    s[NFINISHED], s[NBURSTS] = 0, 0
    s[NPLAYS], s[NFCARDS], s[BINDING], s[LOCK], s[REVOLUTION], s[ELEVEN_BACK] = 0, 0, -1, 0, 0, 0
    s[LAST_PLAYER], s[PASSES], s[PHASE], s[NWINDOW] = -1, 0, TURN, 0
    s[NLAYING], s[CLAIMING], s[NCLAIM_UP], s[CLAIM_HIDDEN], s[CLAIM_REV], s[NHIDING] = 0, 0, 0, 0, 0, 0
    s[CALLER], s[DOUBTED], s[TRUTHFUL], s[NPOOL], s[NGIVEN] = -1, -1, 0, 0, 0
    s[LEADER] = first_leader(s, u)
    s[TURN_SEAT] = s[LEADER]


@njit
def first_leader(s: Any, u: Any) -> int:
    """A fixed seat, the previous game's first seat out (``last_winner``), or random (M1)."""
    choice = int(s[OPT_FIRST_LEADER])
    if choice >= 0:
        return choice
    if choice == FIRST_LAST_WINNER and s[NROUNDS] > 0 and s[LAST_FIRST] >= 0:
        return int(s[LAST_FIRST])
    rules_stream(u, LABEL_LEADER, s[ROUND])
    return int(below(u, U_RULES, s[PLAYERS]))


@njit
def finish_game(s: Any, u: Any, reason: int) -> None:
    """Record the game (``outcome_of``); deal the next one, or end the match."""
    p = int(s[PLAYERS])
    winners, losers, first = 0, 0, NOBODY
    if reason == END:
        left = 0
        for seat in range(p):
            if s[STATUS + seat] == PLAYING:
                left |= 1 << seat
        bursts = 0
        for k in range(s[NBURSTS]):
            bursts |= 1 << s[BURSTS + k]
        if s[NFINISHED]:
            first = int(s[FINISHED])
            winners, losers = 1 << first, left | bursts
        else:
            winners, losers = left, bursts
            for seat in range(p - 1, -1, -1):
                if (left >> seat) & 1:
                    first = seat
    s[NROUNDS] += 1
    s[LAST_REASON], s[LAST_WINNERS], s[LAST_LOSERS], s[LAST_FIRST] = reason, winners, losers, first
    s[REASON_COUNTS + reason] += 1
    if winners == 0 and losers == 0:
        s[DRAWS] += 1
    for seat in range(p):
        s[WINS + seat] += (winners >> seat) & 1
        s[LOSSES + seat] += (losers >> seat) & 1
    if reason == DRAW or s[ROUND] + 1 >= s[OPT_GAMES]:
        s[PHASE], s[NWINDOW], s[NLAYING], s[NHIDING] = OVER, 0, 0, 0
        s[CLAIMING], s[NCLAIM_UP], s[CLAIM_HIDDEN], s[CLAIM_REV] = 0, 0, 0, 0
        return
    s[ROUND] += 1
    deal(s, u)


@njit
def apply(s: Any, u: Any, seat: int, action: int) -> None:
    """One legal action; the game ends when fewer than two seats play, the match at ``max_steps`` (C7)."""
    s[STEPS] += 1
    act(s, seat, action)
    if s[PHASE] != OVER and active_count(s) <= 1:
        finish_game(s, u, END)
    if s[PHASE] != OVER and s[STEPS] >= s[OPT_MAX_STEPS]:
        finish_game(s, u, DRAW)

