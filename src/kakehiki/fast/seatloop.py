"""The compiled vector environment's loop over its games (issue 34): every game's windows answered
and resolved in the kernel (the learner's action, the kernel bots' and the networks' answers)
until the game's learner is asked again or the game is over.

A network answers in the kernel too (:func:`kakehiki.fast.mlp.choose`, on the seat's
observation and legal mask), so a call plays every game of the batch through, whoever sits in
the other seats, and the host's cost is one call per step.

Like :mod:`kakehiki.fast.loops`, the code is written once and *specialised* into each game's
``seatlog`` kernel module by :func:`specialise`, bound to that module's names:

``actors(row, out) -> n`` and ``legal_mask(row, seat, mask, scratch)``
    the game's rules;
``new_scratch()``
    the scratch its windows and bots need, made once per call (a tuple);
``answer_bot(rows, streams, g, seat, policy, legal, mask, scratch) -> action``
    a kernel bot's answer (``policy`` >= 0, the batch module's ``POLICIES``);
``observe_one(rows, g, seat, log, at, out)``
    ``out`` (one row): the seat's observation, the reference encoder's;
``window_one(rows, streams, g, n, asked, chosen, log, scratch)``
    the window of ``g`` resolved with ``chosen[k]`` the answer of ``asked[k]``, its log kept;
``SEATS``, ``SCRATCH``
    the most seats, the size of a legal-mask scratch.

``log`` is the game's tuple of per-game records beside the rows (what its plug-in keeps).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np

from kakehiki.fast._loader import sibling

# Placeholders: a specialisation finds these in its game's seatlog module.
actors: Any = None
legal_mask: Any = None
new_scratch: Any = None
answer_bot: Any = None
observe_one: Any = None
window_one: Any = None
SEATS: Any = None
SCRATCH: Any = None
CYCLE_STEPS: Any = None  # the row's step counter (C7), or -1: a game whose positions are never skipped
CYCLE_LIMIT: Any = None  # the row's max_steps
cycle_log: Any = None  # cycle_log(log, g): game g's log, one array the position includes
net_choose: Any = None  # kakehiki.fast.mlp.choose (games have a choose of their own)
MLP = "kakehiki.fast.mlp"

WINDOWS, SNAP_AT, SNAP_NEXT = range(3)  # the columns of a game's ``state`` while it is played
STATE = 3


def play_at(rows: Any, streams: Any, games: Any, learners: Any, policies: Any, actions: Any, log: Any, at: Any,
            networks: Any, obs: Any, mask: Any, saved_row: Any, saved_stream: Any, saved_log: Any) -> None:
    """Play each game of ``games`` on until its learner is asked again or it is over.

    If ``actions[i] >= 0``, game ``games[i]``'s learner answers its window with it; else the
    opponents play until the learner is asked.  ``policies[g, seat]``: a kernel bot (>= 0) or
    network ``-1 - policies[g, seat]`` of ``networks`` (``weights, layers, nets``, packed by
    :func:`kakehiki.rl.packed.pack`).  ``obs`` (float32) and ``mask`` (uint8) are one seat's
    observation and legal mask; ``saved_*`` the position a game's loop compares
    (:func:`skip_cycles`)."""
    weights, layers, nets = networks
    scratch = new_scratch()
    legal = np.zeros(SCRATCH, dtype=np.int64)
    asked = np.zeros(2 * SEATS, dtype=np.int64)
    chosen = np.zeros(2 * SEATS, dtype=np.int64)
    state = np.zeros(STATE, dtype=np.int64)
    hidden = np.zeros((2, max(widest(layers, nets), 1)), dtype=np.float32)
    nonzero = np.zeros(obs.shape[0], dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        first = actions[i] >= 0
        state[WINDOWS], state[SNAP_AT], state[SNAP_NEXT] = 0, -1, 1
        while True:
            n = actors(rows[g], asked)
            mine = False
            for k in range(n):
                mine = mine or asked[k] == learners[g]
            if n == 0 or (mine and not first):
                break
            if CYCLE_STEPS >= 0 and not first:
                skip_cycles(rows[g], streams[g], cycle_log(log, g), state, saved_row, saved_stream, saved_log)
            for k in range(n):
                seat = asked[k]
                policy = policies[g, seat]
                if first and seat == learners[g]:
                    chosen[k] = actions[i]
                elif policy >= 0:
                    chosen[k] = answer_bot(rows, streams, g, seat, policy, legal, mask, scratch)
                else:
                    observe_one(rows, g, seat, log, at, obs)
                    legal_mask(rows[g], seat, mask, legal)
                    chosen[k] = net_choose(weights, layers, nets, -1 - policy, obs, mask, hidden, nonzero)
            window_one(rows, streams, g, n, asked, chosen, log, scratch)
            first = False


def widest(layers: Any, nets: Any) -> int:
    """The most units of any network's hidden layers (the width of the kernel's scratch)."""
    most = 0
    for k in range(nets.shape[0]):
        for layer in range(nets[k, 0], nets[k, 0] + nets[k, 1] - 1):
            most = max(most, layers[layer, 2])
    return most


def skip_cycles(s: Any, u: Any, record: Any, st: Any, saved: Any, saved_stream: Any, saved_record: Any) -> None:
    """A game back at a position it held some windows ago (the row but its step counter, its
    streams and its log all equal), with networks alone answering since (no learner, no draw
    from a stream), will go round the same windows again until the step limit: its step counter
    is moved on by whole rounds, to two or three rounds short of the limit, which the game then
    plays (exactly: the rounds skipped change nothing but the counter, which nothing it observes
    reads).  An untrained network that lays cards and takes them back, over and over, makes
    such rounds (Million Doubt: thousands of steps); nothing it observes counts the steps.
    Positions are kept at the 1st, 2nd, 4th, 8th… window (each compared with the next ones).
    ``st``: the game's ``state``."""
    w = st[WINDOWS]
    st[WINDOWS] = w + 1
    if w == st[SNAP_NEXT]:
        saved[:] = s
        saved_stream[:] = u
        saved_record[:] = record.ravel()
        st[SNAP_AT], st[SNAP_NEXT] = w, 2 * w
        return
    if st[SNAP_AT] < 0:
        return
    for k in range(s.shape[0]):
        if k != CYCLE_STEPS and s[k] != saved[k]:
            return
    for k in range(u.shape[0]):
        if u[k] != saved_stream[k]:
            return
    flat = record.ravel()
    for k in range(flat.shape[0]):
        if flat[k] != saved_record[k]:
            return
    d = s[CYCLE_STEPS] - saved[CYCLE_STEPS]
    if d > 0:
        rounds = (s[CYCLE_LIMIT] - s[CYCLE_STEPS] - 2 * d) // d
        if rounds > 0:
            s[CYCLE_STEPS] += rounds * d
    st[SNAP_AT], st[SNAP_NEXT] = -1, 2 * w


def _no_log(log: Any, g: int) -> Any:
    return np.zeros(1, dtype=np.int64)


def specialise(namespace: dict[str, Any], njit: Callable[[Any], Any], game: str,
               names: tuple[str, ...] = ("skip_cycles", "widest", "play_at")) -> list[Any]:
    """The functions ``names`` bound to ``namespace`` (a game's ``seatlog`` module's globals)
    and compiled by its ``njit``; each also put in ``namespace`` (so they call each other).
    ``game`` names the specialisation (its numba cache files, ``seatloop.<game>.play_at-…``)."""
    for constant in ("WINDOWS", "SNAP_AT", "SNAP_NEXT", "STATE"):
        namespace[constant] = globals()[constant]
    namespace["np"] = np
    namespace["net_choose"] = sibling(namespace["__name__"], MLP).choose
    namespace.setdefault("CYCLE_STEPS", -1)
    namespace.setdefault("CYCLE_LIMIT", -1)
    if "cycle_log" not in namespace:
        namespace["cycle_log"] = namespace["njit"](_no_log)
    made = []
    for name in names:
        template = globals()[name]
        fn = types.FunctionType(template.__code__, namespace, name, template.__defaults__)
        fn.__qualname__ = f"{game}.{name}"
        fn.__module__ = namespace["__name__"]
        fn.__doc__ = template.__doc__
        namespace[name] = compiled = njit(fn)
        made.append(compiled)
    return made
