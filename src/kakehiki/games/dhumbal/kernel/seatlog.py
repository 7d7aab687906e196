"""Dhumbal kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: turns applied with the
round's public log kept, and a seat's observation built from the row, the reference encoder's
(:class:`kakehiki.games.dhumbal.obs.DhumbalEncoder`) entry for entry.

The row holds everything the view reads but the round's ``log`` and the last Show's hand
totals (``outcomes[-1].totals``: the row's ``TOTALS`` are the next round's once it is dealt).
:func:`logged_apply` keeps them as the encoder reads them: ``discarded[g, seat, face]``, cards
each seat discarded this round; ``from_stock[g, seat]``, its takes from the stock;
``recent[g, k]``, the ``k``-th newest turn (``RECENT`` kept) as ``seat, took, n, faces…`` (``took``
-1 for the stock's top; ``seat`` -1 for no turn); ``shown[g, seat]``, the hand totals at the
last Show (zero before the first, and after a round stopped by ``max_steps``, which shows none).
A round dealt anew starts an empty log.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
from kakehiki.games.dhumbal.kernel.layout import (
    ACTIONS,
    ADDED,
    AVAILABLE,
    AVAILABLE_OWNER,
    BURIED,
    DECKS,
    DISCARDING,
    HAND,
    KNOWN,
    LAST_REASON,
    MAX_STEPS,
    NAVAILABLE,
    NBURIED,
    NDISCARDING,
    NROUNDS,
    NSTOCK,
    OPT_LIMIT,
    OPT_PENALTY,
    OPT_SHOW_MAX,
    OVER,
    PHASE,
    PLAYERS,
    ROUND,
    ROUND_TURNS,
    SCORES,
    SHOW,
    SIZES,
    STARTER,
    TAKE,
    TAKE_STOCK,
    TOTALS,
    TURN_SEAT,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dhumbal.kernel.rules")
_play = sibling(__name__, "kakehiki.games.dhumbal.kernel.play")
legal_mask, bot_streams, apply = _rules.legal_mask, _rules.bot_streams, _rules.apply
choose = _play.choose

SLICES = ("hand", "discarding", "available", "buried", "known", "discarded", "from_stock", "hand_sizes", "turn",
          "available_owner", "starter", "scores", "last_round", "phase", "scalars", "recent")
"""The encoder's slices, in the order :func:`observe_at` takes their starts."""
FACES_AT = 3  # recent[g, k]: seat, took, how many discarded, then their faces


@njit
def new_log(discarded: Any, from_stock: Any, recent: Any) -> None:
    discarded[:, :] = 0
    from_stock[:] = 0
    recent[:, :] = -1


@njit
def logged_apply(s: Any, u: Any, seat: int, action: int, discarded: Any, from_stock: Any, recent: Any,
                 shown: Any) -> None:
    """``apply``, with the turn it ends noted in the log (``rounds.take_turn``) and a Show's totals kept."""
    n, dealt = s[PLAYERS], s[ROUND]
    if action == SHOW:
        for other in range(n):
            shown[other] = s[TOTALS + other]
    taking = action >= TAKE_STOCK
    if taking:  # the turn's discard, before the take makes it the next seat's to take from
        for k in range(recent.shape[0] - 1, 0, -1):
            recent[k, :] = recent[k - 1, :]
        recent[0, 0], recent[0, 1], recent[0, 2] = seat, -1 if action == TAKE_STOCK else action - TAKE, s[NDISCARDING]
        for k in range(s[NDISCARDING]):
            recent[0, FACES_AT + k] = s[DISCARDING + k]
    apply(s, u, seat, action)
    if s[PHASE] == OVER and s[LAST_REASON] == MAX_STEPS:
        shown[:] = 0  # a round stopped unscored: no hands shown
    if s[ROUND] != dealt:  # the next round was dealt: a new log
        new_log(discarded, from_stock, recent)
        return
    if taking:
        for k in range(recent[0, 2]):
            discarded[seat, recent[0, FACES_AT + k]] += 1
        from_stock[seat] += action == TAKE_STOCK


@njit
def start_at(rows: Any, streams: Any, games: Any, discarded: Any, from_stock: Any, recent: Any, shown: Any) -> None:
    """Matches just dealt: a new log, no Show yet, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        new_log(discarded[g], from_stock[g], recent[g])
        shown[g, :] = 0
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    return (np.zeros(1, dtype=np.int64),)


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """The match's turn seat (its only actor) answers ``chosen[0]``, the log kept."""
    discarded, from_stock, recent, shown = log
    logged_apply(rows[g], streams[g], asked[0], chosen[0], discarded[g], from_stock[g], recent[g], shown[g])


@njit
def answer_bot(rows: Any, streams: Any, g: int, seat: int, policy: int, legal: Any, mask: Any, scratch: Any) -> int:
    return int(choose(rows[g], streams[g], seat, policy, legal))


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    buffer = np.zeros(ACTIONS, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], buffer)


@njit
def actors(s: Any, out: Any) -> int:
    """The match's turn seat, or nobody once it is over (no calls out of turn)."""
    if s[PHASE] == OVER:
        return 0
    out[0] = s[TURN_SEAT]
    return 1


@njit
def observe_at(rows: Any, games: Any, seats: Any, discarded: Any, from_stock: Any, recent: Any, shown: Any,
               at: Any, out: Any) -> None:
    """``out[i]``: seat ``seats[i]``'s observation of match ``games[i]`` (``at``: where the
    encoder's slices start, ``SLICES`` order).  Only what the seat's view holds is read: its
    own hand, the cards known to all, public counts, the discards and the log."""
    for i in range(games.shape[0]):
        observe_seat(rows, games[i], seats[i], discarded, from_stock, recent, shown, at, out[i])


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    discarded, from_stock, recent, shown = log
    observe_seat(rows, g, seat, discarded, from_stock, recent, shown, at, out)


@njit
def observe_seat(rows: Any, g: int, me: int, discarded: Any, from_stock: Any, recent: Any, shown: Any, at: Any,
                 o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g``."""
    s = rows[g]
    n = s[PLAYERS]
    o[:] = 0.0
    for face in range(52):
        o[at[0] + face] = s[HAND + me * 52 + face]
    for k in range(s[NDISCARDING]):
        o[at[1] + s[DISCARDING + k]] += 1.0
    for k in range(s[NAVAILABLE]):
        o[at[2] + s[AVAILABLE + k]] += 1.0
    for k in range(s[NBURIED]):
        o[at[3] + s[BURIED + k]] += 1.0
    over = s[NROUNDS] > 0
    for seat in range(n):
        r = (seat - me + n) % n
        for face in range(52):
            o[at[4] + r * 53 + face] = s[KNOWN + seat * 52 + face]  # card vectors: 53 entries (the joker's)
            o[at[5] + r * 53 + face] = discarded[g, seat, face]
        o[at[6] + r] = from_stock[g, seat]
        o[at[7] + r] = s[SIZES + seat]
        o[at[11] + r] = s[SCORES + seat]
        if over:
            o[at[12] + r] = s[ADDED + seat]
            o[at[12] + n + r] = shown[g, seat]
    o[at[8] + (s[TURN_SEAT] - me + n) % n] = 1.0
    o[at[9] + (n if s[AVAILABLE_OWNER] < 0 else (s[AVAILABLE_OWNER] - me + n) % n)] = 1.0
    o[at[10] + (s[STARTER] - me + n) % n] = 1.0
    o[at[13] + (0 if s[PHASE] != OVER else 1)] = 1.0
    o[at[14]], o[at[14] + 1], o[at[14] + 2], o[at[14] + 3] = s[NSTOCK], s[ROUND_TURNS], s[ROUND], s[DECKS]
    o[at[14] + 4], o[at[14] + 5], o[at[14] + 6] = s[OPT_SHOW_MAX], s[OPT_PENALTY], s[OPT_LIMIT]
    width = n + 2 * 53 + 1
    for k in range(recent.shape[1]):
        if recent[g, k, 0] < 0:
            continue
        base = at[15] + k * width
        o[base + (recent[g, k, 0] - me + n) % n] = 1.0
        for j in range(recent[g, k, 2]):
            o[base + n + recent[g, k, FACES_AT + j]] += 1.0
        took = recent[g, k, 1]
        if took < 0:
            o[base + width - 1] = 1.0
        else:
            o[base + n + 53 + took] = 1.0


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "dhumbal")[-1]
