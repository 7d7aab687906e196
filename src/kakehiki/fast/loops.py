"""The loops over a batch's games that every game's kernel runs alike (issue 31): asking each
game's actors, masking each game's legal actions, and stepping every game not over.

They are written once, here, and *specialised* into each game's ``play`` module by
:func:`specialise`: the same code, bound to that module's names (its ``actors``, ``legal_mask``,
``apply``, ``PHASE``, ``OVER``, and ``SEATS`` and ``SCRATCH``, the sizes of its scratch).
So numba compiles each game's loops with static calls into that game's rules, as when every
game wrote them out (a loop taking the rules as a function argument would not be cached), and a
change of this file reaches every game.  Each specialisation is cached apart, under its game's
name (``loops.<game>.step_games-…nbi`` beside this file).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np

# Placeholders: a specialisation finds these in its game's play module (its rules, its layout).
actors: Any = None  # actors(row, out) -> n
legal_mask: Any = None  # legal_mask(row, seat, mask, scratch)
apply: Any = None  # apply(row, stream, seat, action), or with the game's ratio after the stream
new_match: Any = None  # new_match(row, stream): a fresh match on a row holding its options
seat_streams: Any = None  # kakehiki.fast.prng.seat_streams
below: Any = None  # kakehiki.fast.prng.below
U_PREFIX: Any = None  # the stream slots of the layout: "<seed>/" hashed, and the first seat's bot stream
U_BOT: Any = None
PHASE: Any = None
OVER: Any = None
SEATS: Any = None  # the most seats at a table
SCRATCH: Any = None  # the scratch a legal mask is built with


def actors_of(rows: Any, seats: Any, counts: Any) -> None:
    """Each game's actors by priority into ``seats`` (padded with -1), their number into ``counts``."""
    buffer = np.zeros(SEATS, dtype=np.int64)
    for g in range(rows.shape[0]):
        n = actors(rows[g], buffer)
        counts[g] = n
        for k in range(seats.shape[1]):
            seats[g, k] = buffer[k] if k < n else -1


def masks_of(rows: Any, seats: Any, out: Any) -> None:
    """``out[g]``: the legal mask of ``seats[g]`` in game ``g``."""
    scratch = np.zeros(SCRATCH, dtype=np.int64)
    for g in range(rows.shape[0]):
        legal_mask(rows[g], seats[g], out[g], scratch)


def first_illegal(rows: Any, seats: Any, actions: Any, mask: Any) -> int:
    """The first game (from 0) not over whose ``actions[g]`` is not legal for ``seats[g]``, or -1."""
    scratch = np.zeros(SCRATCH, dtype=np.int64)
    for g in range(rows.shape[0]):
        if rows[g, PHASE] != OVER:
            legal_mask(rows[g], seats[g], mask, scratch)
            if actions[g] < 0 or actions[g] >= mask.shape[0] or mask[actions[g]] == 0:
                return g
    return -1


def step_games(rows: Any, streams: Any, seats: Any, actions: Any, mask: Any) -> int:
    """Apply ``actions[g]`` for ``seats[g]`` in every game not over; the first game (from 0)
    whose action is illegal, before anything is applied, or -1.  A game over is left alone."""
    bad = first_illegal(rows, seats, actions, mask)
    if bad < 0:
        for g in range(rows.shape[0]):
            if rows[g, PHASE] != OVER:
                apply(rows[g], streams[g], seats[g], actions[g])
    return bad


def new_games(rows: Any, streams: Any) -> None:
    """Deal every row (its options written) as a new match, for a game whose deal takes no more."""
    for g in range(rows.shape[0]):
        new_match(rows[g], streams[g])


def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the play-out bots' generators."""
    seat_streams(u, U_PREFIX, U_BOT, players)


def uniform_choice(s: Any, u: Any, seat: int, mask: Any, scratch: Any) -> int:
    """The ``random`` bot: a uniform legal action of ``seat`` (in index order), drawn from its stream."""
    legal_mask(s, seat, mask, scratch)
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    pick = below(u, U_BOT + seat, n)
    for a in range(mask.shape[0]):
        if mask[a]:
            if pick == 0:
                return a
            pick -= 1
    return -1


def step_games_ratio(rows: Any, streams: Any, ratios: Any, seats: Any, actions: Any, mask: Any) -> int:
    """:func:`step_games` for a game whose ``apply`` also takes the game's ``max_twos_ratio``."""
    bad = first_illegal(rows, seats, actions, mask)
    if bad < 0:
        for g in range(rows.shape[0]):
            if rows[g, PHASE] != OVER:
                apply(rows[g], streams[g], ratios[g], seats[g], actions[g])
    return bad


def specialise(namespace: dict[str, Any], njit: Callable[[Any], Any], game: str, *names: str) -> list[Any]:
    """The loops ``names`` bound to ``namespace`` (a game's ``play`` module's globals) and
    compiled by its ``njit``; each is also put in ``namespace`` (so they may call each other),
    ``step_games_ratio`` under the name ``step_games``.  ``game`` names the specialisation (its
    numba cache files)."""
    made = []
    for name in names:
        template = globals()[name]
        bound = name.removesuffix("_ratio")
        fn = types.FunctionType(template.__code__, namespace, bound, template.__defaults__)
        fn.__qualname__ = f"{game}.{bound}"
        fn.__module__ = namespace["__name__"]
        fn.__doc__ = template.__doc__
        namespace[bound] = compiled = njit(fn)
        made.append(compiled)
    return made
