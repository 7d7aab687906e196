"""Dobon kernels for one learning seat per game against the kernel's policies: what the
vector environment on the compiled engine (:mod:`kakehiki.rl.fast`) steps.

As :class:`kakehiki.rl.single.SeatEnv` plays its bots: every other seat answers through its
policy, drawing from its own stream ``derive(seed, "bot", seat)``; a window the learner shares
with bots is answered by all on the same state and resolved as ``driver.resolve`` does; the
bots play on until the learner is asked again or the game is over.

Beside each game's row, what the view's move log gives (``DobonView.log``), kept as moves are
applied and started anew when a match deals its next game: ``played[g, seat, face]``, cards each
seat played or interrupted with; ``drawn[g, seat]``, cards it drew; ``recent[g, k]``, the
``k``-th newest public move (``RECENT`` kept) as ``kind, seat, card, amount`` (kinds in the order
of ``KINDS``; -1 for no seat, no card, or no move).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.games.dobon.kernel.layout import (
    CHAIN_SEATS,
    COUNTS,
    DEALER,
    DECKS,
    DOBON,
    DRAW,
    FIELD,
    HAND,
    LAPS,
    NCHAIN,
    NFIELD,
    NSTOCK,
    OVER,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    POSITION,
    REBUILDS,
    ROUND,
    SIZES,
    TOP_OWNER,
    TURN_SEAT,
)

njit = njit_for(__name__)
_rules = sibling(__name__, "kakehiki.games.dobon.kernel.rules")
_play = sibling(__name__, "kakehiki.games.dobon.kernel.play")
actors, legal_mask, bot_streams = _rules.actors, _rules.legal_mask, _rules.bot_streams
choose, resolve_window = _play.choose, _play.resolve_window

KINDS = ("turned", "play", "interrupt", "draw", "penalty", "dobon", "rebuild")  # the reference encoder's
TURNED, PLAYED, INTERRUPT, DREW, PENALTY, CALLED, REBUILT = range(7)
RECENT = 8
SLICES = ("hand", "top", "field", "played", "hand_sizes", "drawn", "turn", "top_owner", "chain", "dealer", "phase",
          "scalars", "match", "recent")  # the encoder's slices, in the order observe_rows takes their starts


@njit
def saw(recent: Any, kind: int, seat: int, card: int, amount: int) -> None:
    """A public move, the newest."""
    for k in range(recent.shape[0] - 1, 0, -1):
        for f in range(4):
            recent[k, f] = recent[k - 1, f]
    recent[0, 0], recent[0, 1], recent[0, 2], recent[0, 3] = kind, seat, card, amount


@njit
def new_log(s: Any, played: Any, drawn: Any, recent: Any) -> None:
    """A game just dealt: its log holds the turned card alone."""
    played[:, :] = 0
    drawn[:] = 0
    recent[:, :] = -1
    saw(recent, TURNED, -1, s[FIELD + s[NFIELD] - 1], 1)


@njit
def logged_window(s: Any, u: Any, ratio: float, n: int, asked: Any, chosen: Any, again: Any, moved: Any,
                  played: Any, drawn: Any, recent: Any, before: Any) -> None:
    """``resolve_window``, noting the move applied in the game's log counts."""
    dealt, turn, field, rebuilds = s[ROUND], s[TURN_SEAT], s[NFIELD], s[REBUILDS]
    for k in range(n):
        before[k] = s[SIZES + asked[k]]  # hand sizes of those asked, before their moves
    resolve_window(s, u, ratio, n, asked, chosen, again, moved)
    if s[ROUND] != dealt:  # the match dealt its next game: a new log
        new_log(s, played, drawn, recent)
        return
    seat, action = moved[0], moved[1]
    if seat < 0:
        return
    size = 0
    for k in range(n):
        if asked[k] == seat:
            size = before[k]
    if action < 52:
        played[seat, action] += 1
        saw(recent, PLAYED if seat == turn else INTERRUPT, seat, action, 1)
    elif action == DRAW:
        if s[REBUILDS] != rebuilds:  # a draw rebuilds the stock at most once: the field is one card after
            saw(recent, REBUILT, -1, -1, field - 1)
        drawn[seat] += s[SIZES + seat] - size
        saw(recent, DREW, seat, -1, s[SIZES + seat] - size)
    elif action < PASS:
        saw(recent, CALLED, seat, action - DOBON, size)


@njit
def bots_play(s: Any, u: Any, ratio: float, learner: int, policies: Any, legal: Any, asked: Any, chosen: Any,
              again: Any, moved: Any, played: Any, drawn: Any, recent: Any, before: Any) -> None:
    """The bots' windows, one after another, until ``learner`` is asked or the game is over."""
    while s[PHASE] != OVER:
        n = actors(s, asked)
        for k in range(n):
            if asked[k] == learner:
                return
        for k in range(n):
            chosen[k] = choose(s, u, asked[k], policies[asked[k]], legal)
        logged_window(s, u, ratio, n, asked, chosen, again, moved, played, drawn, recent, before)


@njit
def start_games(rows: Any, streams: Any, ratios: Any, games: Any, learners: Any, policies: Any, played: Any,
                drawn: Any, recent: Any) -> None:
    """Games ``games`` just dealt: clear their counts, start their bots' streams and play the
    bots until each game's learner is asked (or the game is over)."""
    legal = np.zeros(PASS + 1, dtype=np.int64)
    asked = np.zeros(16, dtype=np.int64)
    chosen = np.zeros(16, dtype=np.int64)
    again = np.zeros(16, dtype=np.int64)
    moved = np.zeros(2, dtype=np.int64)
    before = np.zeros(16, dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        new_log(rows[g], played[g], drawn[g], recent[g])
        bot_streams(streams[g], rows[g, PLAYERS])
        bots_play(rows[g], streams[g], ratios[g], learners[g], policies[g], legal, asked, chosen, again, moved,
                  played[g], drawn[g], recent[g], before)


@njit
def learner_steps(rows: Any, streams: Any, ratios: Any, learners: Any, actions: Any, policies: Any,
                  mask: Any, played: Any, drawn: Any, recent: Any) -> int:
    """Each game's learner answers ``actions[g]``: its window is resolved with the bots'
    answers on the same state, then the bots play until the learner is asked again.  Returns
    the first game (from 0) whose action is not legal, before anything is applied, or -1.  A
    game over is left alone."""
    legal = np.zeros(PASS + 1, dtype=np.int64)
    for g in range(rows.shape[0]):
        if rows[g, PHASE] != OVER:
            legal_mask(rows[g], learners[g], mask, legal)
            if actions[g] < 0 or actions[g] >= mask.shape[0] or mask[actions[g]] == 0:
                return g
    asked = np.zeros(16, dtype=np.int64)
    chosen = np.zeros(16, dtype=np.int64)
    again = np.zeros(16, dtype=np.int64)
    moved = np.zeros(2, dtype=np.int64)
    before = np.zeros(16, dtype=np.int64)
    for g in range(rows.shape[0]):
        s, u, ratio, learner = rows[g], streams[g], ratios[g], learners[g]
        if s[PHASE] == OVER:
            continue
        n = actors(s, asked)
        for k in range(n):
            seat = asked[k]
            chosen[k] = actions[g] if seat == learner else choose(s, u, seat, policies[g, seat], legal)
        logged_window(s, u, ratio, n, asked, chosen, again, moved, played[g], drawn[g], recent[g], before)
        bots_play(s, u, ratio, learner, policies[g], legal, asked, chosen, again, moved, played[g], drawn[g],
                  recent[g], before)
    return -1


@njit
def observe_rows(rows: Any, seats: Any, games: Any, played: Any, drawn: Any, recent: Any, at: Any, matches: int,
                 out: Any) -> None:
    """``out[i]``: the observation of seat ``seats[g]`` of game ``g = games[i]``, as the reference
    encoder (:class:`kakehiki.games.dobon.obs.DobonEncoder`) lays it out; ``at`` holds where its
    slices start (``SLICES`` order), ``matches`` is the ``games`` option.  Only what the seat's
    view holds is read: its own hand, public counts, the field and the log's notes."""
    for i in range(games.shape[0]):
        g = games[i]
        observe_seat(rows[g], g, seats[g], played, drawn, recent, at, matches, out[i])


@njit
def observe_seat(s: Any, g: int, me: int, played: Any, drawn: Any, recent: Any, at: Any, matches: int, o: Any) -> None:
    """``o``: seat ``me``'s observation of game ``g`` (row ``s``)."""
    hand, top, field, play, sizes, drew, turn, owner, chain, dealer, phase, scalars, match, moves = (
        at[0], at[1], at[2], at[3], at[4], at[5], at[6], at[7], at[8], at[9], at[10], at[11], at[12], at[13])
    n = s[PLAYERS]
    mine = s[POSITION + me]
    o[:] = 0.0
    for face in range(52):
        o[hand + face] = s[HAND + me * 52 + face]
    laid = s[NFIELD]
    if laid > 0:
        o[top + s[FIELD + laid - 1]] = 1.0
    for k in range(laid):
        o[field + s[FIELD + k]] += 1.0
    for seat in range(n):
        r = (s[POSITION + seat] - mine + n) % n
        for face in range(52):
            o[play + r * 53 + face] = played[g, seat, face]
        o[sizes + r] = s[SIZES + seat]
        o[drew + r] = drawn[g, seat]
        o[match + r] = s[COUNTS + seat]
        o[match + n + r] = s[LAPS + seat]
    if 0 <= s[TURN_SEAT] < n:
        o[turn + (s[POSITION + s[TURN_SEAT]] - mine + n) % n] = 1.0
    if s[TOP_OWNER] < 0:
        o[owner + n] = 1.0
    else:
        o[owner + (s[POSITION + s[TOP_OWNER]] - mine + n) % n] = 1.0
    for k in range(s[NCHAIN]):
        o[chain + (s[POSITION + s[CHAIN_SEATS + k]] - mine + n) % n] = k + 1
    if 0 <= s[DEALER] < n:
        o[dealer + (s[POSITION + s[DEALER]] - mine + n) % n] = 1.0
    o[phase + s[PHASE]] = 1.0
    o[scalars], o[scalars + 1], o[scalars + 2], o[scalars + 3] = s[PENDING], s[NSTOCK], s[NFIELD], s[DECKS]
    o[match + 2 * n] = s[ROUND]
    o[match + 2 * n + 1] = matches
    width = 7 + n + 53 + 1
    for k in range(recent.shape[1]):
        kind = recent[g, k, 0]
        if kind < 0:
            continue
        base = moves + k * width
        o[base + kind] = 1.0
        if recent[g, k, 1] >= 0:
            o[base + 7 + (s[POSITION + recent[g, k, 1]] - mine + n) % n] = 1.0
        if recent[g, k, 2] >= 0:
            o[base + 7 + n + recent[g, k, 2]] = 1.0
        o[base + width - 1] = recent[g, k, 3]
