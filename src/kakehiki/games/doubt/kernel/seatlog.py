"""Doubt kernels for :class:`kakehiki.rl.compiled.CompiledVectorEnv`: windows resolved with the
public record kept, and a seat's observation built from the row, the reference encoder's
(:class:`kakehiki.games.doubt.obs.DoubtEncoder`) entry for entry.

Beside each game's row the kernel keeps what the reference state keeps for views and bots only
(:mod:`kakehiki.games.doubt.rules.knowledge`, ``Habits``), per game ``g``:

``known[g, v, seat, face]`` / ``sure[g, v, seat, face]``
    what viewer ``v`` knows may still be / is surely in ``seat``'s hand (the reference's
    ``known[v][seat]`` and ``sure[v][seat]`` as counts per face); ``last[g, v, face]`` is the
    sure count of the last player's hand before its play (``last_sure``).
``habits[g, seat, k]``
    plays, plays doubted, lies caught, windows answered, doubts called.
``offered[g]``
    the seats offered the doubt on the last play (a bit mask), for ``steps`` as a seat counts them.

Every move goes through :func:`logged_apply`, which notes in the reference's order what
``rules.play``, ``decline`` and ``doubt`` note.  The penalties ``pile`` (with or without
``show_pile``) and ``forfeit`` are kept; the plug-in refuses ``two_cards`` and
``require_successful_doubt``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.fast.seatloop import specialise
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
    FORFEITED,
    HAND,
    MAX_ACTIONS,
    MAX_PLAYERS,
    NENTRIES,
    NFORFEITED,
    NPICKED,
    NPILE,
    NWINDOW,
    OPT_DECKS,
    OPT_JOKERS,
    OPT_PENALTY,
    PHASE,
    PICKED,
    PILE,
    PILE_PENALTY,
    PLAYERS,
    PLAYS,
    RANK,
    SIZES,
    STEPS,
    SUCCESSES,
    TURN_SEAT,
    WINDOW,
    WINDOW_SEATS,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.doubt.kernel.rules")
_moves = sibling(__name__, "kakehiki.games.doubt.kernel.moves")
_play = sibling(__name__, "kakehiki.games.doubt.kernel.play")
legal_mask, actors, bot_streams = _rules.legal_mask, _rules.actors, _rules.bot_streams
apply, is_lie = _moves.apply, _moves.is_lie
choose = _play.choose

PLAYS_H, DOUBTED_H, LIES_H, ASKED_H, DOUBTS_H = range(5)
RANKS = 14
RECENT = 8
SLICES = ("hand", "picked", "pile_own", "pile_seen", "pile_claims", "pile_by_seat", "known", "sure", "discard",
          "hand_sizes", "turn", "forfeited", "successes", "habits", "phase", "rank", "rank_counts", "scalars",
          "recent")  # the encoder's slices, in the order observe_at takes their starts


@njit
def copies(s: Any, face: int) -> int:
    return int(s[OPT_JOKERS] if face == FACES - 1 else s[OPT_DECKS])


@njit
def entry_start(s: Any, entry: int) -> int:
    start = 0
    for k in range(entry):
        start += s[ENTRY_SIZE + k]
    return start


@njit
def reconcile(s: Any, v: int, faces: Any, known: Any, sure: Any, totals: Any) -> None:
    """``knowledge.reconcile``: strike ``v``'s known cards of ``faces`` beyond the copies in the
    game, from cards not sure, in seat order."""
    n = s[PLAYERS]
    if known[v].sum() == 0:
        return
    for f in range(FACES):
        totals[f] = 0
        if faces[f]:
            totals[f] = s[DISCARD + f] + s[HAND + v * FACES + f]
            for seat in range(n):
                totals[f] += known[v, seat, f]
    start = 0
    for e in range(s[NENTRIES]):
        size = s[ENTRY_SIZE + e]
        if s[ENTRY_REVEALED + e] or s[ENTRY_SEAT + e] == v:
            for k in range(start, start + size):
                if faces[s[PILE + k]]:
                    totals[s[PILE + k]] += 1
        start += size
    for f in range(FACES):
        if faces[f] and totals[f] > copies(s, f):
            surplus = totals[f] - copies(s, f)
            for seat in range(n):
                loose = known[v, seat, f] - sure[v, seat, f]
                if surplus > 0 and loose > 0:
                    strike = min(surplus, loose)
                    known[v, seat, f] -= strike
                    surplus -= strike


@njit
def reconcile_all(s: Any, faces: Any, known: Any, sure: Any, totals: Any) -> None:
    for v in range(s[PLAYERS]):
        reconcile(s, v, faces, known, sure, totals)


@njit
def logged_apply(s: Any, u: Any, seat: int, action: int, show: bool, known: Any, sure: Any, last: Any, habits: Any,
                 offered: Any, g: int, pile: Any, entries: Any, faces: Any, totals: Any, cards: Any) -> None:
    """``apply``, with what the reference notes of the move (knowledge, habits) noted."""
    n = s[PLAYERS]
    if action >= s[A_ADD] and action < s[A_DOUBT]:  # an ``add``: nothing seen
        apply(s, u, seat, action)
        return
    if action == s[A_PASS]:
        apply(s, u, seat, action)
        if s[NWINDOW] == 0:  # every offered seat declined: each answer was heard
            for other in range(n):
                if (offered[g] >> other) & 1:
                    habits[g, other, ASKED_H] += 1
        return
    if action != s[A_DOUBT]:  # a play
        apply(s, u, seat, action)
        size = s[ENTRY_SIZE + s[NENTRIES] - 1]
        habits[g, seat, PLAYS_H] += 1
        for v in range(n):
            for f in range(FACES):
                last[g, v, f] = sure[g, v, seat, f]
                sure[g, v, seat, f] = max(0, sure[g, v, seat, f] - size)
        mask = 0
        for k in range(s[NWINDOW]):
            mask |= 1 << s[WINDOW_SEATS + k]
        offered[g] = mask
        return
    # a doubt: turn the last play up, then the penalty
    entry = s[NENTRIES] - 1
    player, size = s[ENTRY_SEAT + entry], s[ENTRY_SIZE + entry]
    start = s[NPILE] - size
    lie = is_lie(s, entry, start)
    habits[g, seat, ASKED_H] += 1
    habits[g, seat, DOUBTS_H] += 1
    habits[g, player, DOUBTED_H] += 1
    habits[g, player, LIES_H] += 1 if lie else 0
    cards[:] = 0
    for k in range(start, start + size):
        cards[s[PILE + k]] += 1
    for v in range(n):
        for f in range(FACES):
            known[g, v, player, f] -= min(known[g, v, player, f], cards[f])
            sure[g, v, player, f] = max(0, last[g, v, f] - cards[f])
    s[ENTRY_REVEALED + entry] = 1  # as the reference's pile holds it from here on
    pile_penalty = s[OPT_PENALTY] == PILE_PENALTY
    for f in range(FACES):
        faces[f] = cards[f] > 0
    if not pile_penalty:
        reconcile_all(s, faces, known[g], sure[g], totals)
    loser = player if lie else seat
    # what the penalty moves, as it lay before: the pile (its entries' seats, revealed flags), the loser's hand
    npile, nentries = s[NPILE], s[NENTRIES]
    for k in range(npile):
        pile[k] = s[PILE + k]
    for e in range(nentries):
        entries[e, 0], entries[e, 1], entries[e, 2] = s[ENTRY_SEAT + e], s[ENTRY_SIZE + e], s[ENTRY_REVEALED + e]
    for f in range(FACES):
        cards[f] = s[HAND + loser * FACES + f]
    apply(s, u, seat, action)
    if pile_penalty:
        for f in range(FACES):
            faces[f] = False
        for k in range(npile):
            faces[pile[k]] = True
        for v in range(n):
            if v == loser:
                continue
            at = 0
            for e in range(nentries):
                seen = show or entries[e, 2] == 1 or entries[e, 0] == v
                for k in range(at, at + entries[e, 1]):
                    if seen:
                        known[g, v, loser, pile[k]] += 1
                        sure[g, v, loser, pile[k]] += 1
                at += entries[e, 1]
        reconcile_all(s, faces, known[g], sure[g], totals)
    else:  # forfeit: the hand discarded face up
        for v in range(n):
            for f in range(FACES):
                known[g, v, loser, f] = 0
                sure[g, v, loser, f] = 0
        for f in range(FACES):
            faces[f] = cards[f] > 0
        reconcile_all(s, faces, known[g], sure[g], totals)


@njit
def start_at(rows: Any, streams: Any, games: Any, known: Any, sure: Any, last: Any, habits: Any,
             offered: Any) -> None:
    """Games just dealt: nothing known, no habits, the bots' streams started."""
    for i in range(games.shape[0]):
        g = games[i]
        known[g] = 0
        sure[g] = 0
        last[g] = 0
        habits[g] = 0
        offered[g] = 0
        bot_streams(streams[g], rows[g, PLAYERS])


@njit
def new_scratch() -> Any:
    """The scratch of :func:`window_one` (``logged_apply``'s and ``play.resolve_window``'s)."""
    return (np.zeros(MAX_PLAYERS, dtype=np.int64), np.zeros(PILE, dtype=np.int64), np.zeros((PILE, 3), dtype=np.int64),
            np.zeros(FACES, dtype=np.bool_), np.zeros(FACES, dtype=np.int64), np.zeros(FACES, dtype=np.int64))


@njit
def window_one(rows: Any, streams: Any, g: int, n: int, asked: Any, chosen: Any, log: Any, scratch: Any) -> None:
    """Game ``g``'s window resolved as ``play.resolve_window`` (the first doubt wins, else every
    pass while its seat is still asked), each move through :func:`logged_apply`."""
    show, known, sure, last, habits, offered = log
    again, pile, entries, faces, totals, cards = scratch
    s, u = rows[g], streams[g]
    called = -1
    for k in range(n):
        if called < 0 and chosen[k] != s[A_PASS]:
            called = k
    if called >= 0:
        logged_apply(s, u, asked[called], chosen[called], show, known, sure, last, habits, offered, g, pile, entries,
                     faces, totals, cards)
        return
    for k in range(n):
        if k > 0:
            still = actors(s, again)
            found = False
            for j in range(still):
                found = found or again[j] == asked[k]
            if not found:
                break
        logged_apply(s, u, asked[k], chosen[k], show, known, sure, last, habits, offered, g, pile, entries, faces,
                     totals, cards)


@njit
def answer_bot(rows: Any, streams: Any, g: int, seat: int, policy: int, legal: Any, mask: Any, scratch: Any) -> int:
    return int(choose(rows[g], streams[g], seat, policy, legal))


@njit
def masks_at(rows: Any, games: Any, seats: Any, out: Any) -> None:
    buffer = np.zeros(MAX_ACTIONS, dtype=np.int64)
    for i in range(games.shape[0]):
        legal_mask(rows[games[i]], seats[i], out[i], buffer)


@njit
def scaled(count: float) -> float:
    """``kakehiki.rl.obs.layout.scaled``."""
    return math.copysign(math.log2(1.0 + abs(count)) / 10.0, count)


@njit
def observe_at(rows: Any, games: Any, seats: Any, known: Any, sure: Any, habits: Any, offered: Any, at: Any,
               out: Any) -> None:
    """``out[i]``: seat ``seats[i]``'s observation of game ``games[i]``, laid out as the reference
    encoder's (``at``: where its slices start, ``SLICES`` order).  Only what the seat's view holds
    is read: its own hand and picked cards, its own and turned-up plays, public counts, its knowledge."""
    for i in range(games.shape[0]):
        observe_seat(rows[games[i]], games[i], seats[i], known, sure, habits, offered, at, out[i])


@njit
def observe_one(rows: Any, g: int, seat: int, log: Any, at: Any, out: Any) -> None:
    _, known, sure, _, habits, offered = log
    observe_seat(rows[g], g, seat, known, sure, habits, offered, at, out)


@njit
def observe_seat(s: Any, g: int, me: int, known: Any, sure: Any, habits: Any, offered: Any, at: Any, o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g`` (row ``s``)."""
    n = s[PLAYERS]
    o[:] = 0.0
    for f in range(FACES):
        o[at[0] + f] = s[HAND + me * FACES + f]
        o[at[8] + f] = s[DISCARD + f]
    if s[TURN_SEAT] == me:
        for k in range(s[NPICKED]):
            o[at[1] + s[PICKED + k]] += 1.0
    width = n + RANKS + 2 + FACES
    nentries = s[NENTRIES]
    start = 0
    for e in range(nentries):
        seat, rank, size, shown = s[ENTRY_SEAT + e], s[ENTRY_RANK + e], s[ENTRY_SIZE + e], s[ENTRY_REVEALED + e]
        r = (seat - me + n) % n
        o[at[5] + r] += size
        visible = shown == 1 or seat == me
        if not visible:
            o[at[4] + rank] += size
        else:
            base = at[2] if seat == me else at[3]
            for k in range(start, start + size):
                o[base + s[PILE + k]] += 1.0
        if e >= nentries - RECENT:
            base = at[18] + (nentries - 1 - e) * width
            o[base + r] = 1.0
            o[base + n + rank] = 1.0
            o[base + n + RANKS] = size
            o[base + n + RANKS + 1] = shown
            if visible:
                for k in range(start, start + size):
                    o[base + n + RANKS + 2 + s[PILE + k]] += 1.0
        start += size
    unseen = 0
    for seat in range(n):
        r = (seat - me + n) % n
        for f in range(FACES):
            o[at[6] + r * FACES + f] = known[g, me, seat, f]
            o[at[7] + r * FACES + f] = sure[g, me, seat, f]
        o[at[9] + r] = s[SIZES + seat]
        o[at[12] + r] = scaled(s[SUCCESSES + seat])
        h = habits[g, seat]
        base = at[13] + 7 * r
        for k in range(5):
            o[base + k] = scaled(h[k])
        o[base + 5] = (h[LIES_H] + 1) / (h[DOUBTED_H] + 2)
        o[base + 6] = (h[DOUBTS_H] + 1) / (h[ASKED_H] + 2)
        if s[PHASE] == WINDOW and seat != me and (offered[g] >> seat) & 1:
            still = False
            for k in range(s[NWINDOW]):
                still = still or s[WINDOW_SEATS + k] == seat
            unseen += 0 if still else 1
    if 0 <= s[TURN_SEAT] < n:
        o[at[10] + (s[TURN_SEAT] - me + n) % n] = 1.0
    for k in range(s[NFORFEITED]):
        o[at[11] + (s[FORFEITED + k] - me + n) % n] = 1.0
    o[at[14] + s[PHASE]] = 1.0
    if 0 <= s[RANK] < RANKS:
        o[at[15] + s[RANK]] = 1.0
    o[at[16]] = s[OPT_JOKERS]
    for r in range(1, RANKS):
        o[at[16] + r] = 4 * s[OPT_DECKS]
    o[at[17]] = s[NPILE]
    o[at[17] + 1] = scaled(s[PLAYS])
    o[at[17] + 2] = scaled(s[STEPS] - unseen)


SEATS, SCRATCH = _play.SEATS, _play.SCRATCH
play_at = specialise(globals(), njit, "doubt")[-1]
