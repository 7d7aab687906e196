"""The compiled vector environment's loop over its games (issue 34): every game's windows answered
and resolved in the kernel (the learner's action, the kernel bots' answers) until the game's
learner is asked again or the game is over, pausing only where a numpy network must answer.

A call goes through the live games; a game runs window after window while its actors are the
learner (its first window) or kernel bots.  A window with a network among its actors is noted
(each such actor's observation and legal mask, written for the host) and the game waits; the
call returns how many answers it waits for.  The host runs each network once over all the
observations noted (one batched forward pass, as before the loop moved here) and calls again
with the answers: the waiting windows are resolved and the games go on.  So a batch costs one
call per round of network answers, whatever its kernel bots play in between.

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

LIVE, FIRST, WAITING, COUNT, WINDOWS, SNAP_AT, SNAP_NEXT = range(7)  # the columns of ``state`` (per game of the call)
STATE = 7
MARGIN = 64  # steps short of the step limit a repeated position is played through again, not skipped


def play_at(rows: Any, streams: Any, games: Any, learners: Any, policies: Any, actions: Any, log: Any, at: Any,
            state: Any, asked: Any, chosen: Any, answers: Any, answered: int, slots: Any, nets: Any, obs: Any,
            masks: Any, saved_rows: Any, saved_streams: Any, saved_logs: Any) -> int:
    """Play the games ``games`` on; returns how many network answers they wait for (0: done).

    First call (``answered`` < 0): ``state[i, FIRST]`` is set from ``actions[i] >= 0`` (game
    ``games[i]``'s learner answers its window with ``actions[i]``; else the opponents play until
    the learner is asked).  A waiting call returns ``p``: answer ``d < p`` is network
    ``nets[d]``'s (a policy code, ``-1 - network``) for the observation ``obs[d]`` and the legal
    mask ``masks[d]``; call again with ``answers[:p]`` and ``answered = p``.  ``slots[d]`` is
    where the answer goes (``i * width + k``: the ``k``-th actor of game ``i``).
    ``state``, ``asked``, ``chosen`` (``(len(games), width)``) are kept by the host between calls."""
    scratch = new_scratch()
    m, width = games.shape[0], asked.shape[1]
    legal = np.zeros(SCRATCH, dtype=np.int64)
    mask = np.zeros(masks.shape[1], dtype=np.uint8)
    if answered < 0:
        for i in range(m):
            state[i, LIVE], state[i, FIRST], state[i, WAITING], state[i, COUNT] = 1, actions[i] >= 0, 0, 0
            state[i, WINDOWS], state[i, SNAP_AT], state[i, SNAP_NEXT] = 0, -1, 1
    for d in range(max(answered, 0)):
        chosen[slots[d] // width, slots[d] % width] = answers[d]
    pending = 0
    for i in range(m):
        if state[i, LIVE] == 0:
            continue
        g = games[i]
        if state[i, WAITING]:
            window_one(rows, streams, g, state[i, COUNT], asked[i], chosen[i], log, scratch)
            state[i, WAITING], state[i, FIRST] = 0, 0
        while True:
            n = actors(rows[g], asked[i])
            mine = False
            for k in range(n):
                mine = mine or asked[i, k] == learners[g]
            if n == 0 or (mine and not state[i, FIRST]):
                state[i, LIVE] = 0
                break
            waits = 0
            for k in range(n):
                waits += policies[g, asked[i, k]] < 0 and not (state[i, FIRST] and asked[i, k] == learners[g])
            if pending + waits > obs.shape[0]:
                break  # no room left this call: the game goes on at the next
            if CYCLE_STEPS >= 0 and not state[i, FIRST]:
                skip_cycles(rows[g], streams[g], cycle_log(log, g), state[i], saved_rows[i], saved_streams[i],
                            saved_logs[i])
            for k in range(n):
                seat = asked[i, k]
                policy = policies[g, seat]
                if state[i, FIRST] and seat == learners[g]:
                    chosen[i, k] = actions[i]
                elif policy >= 0:
                    chosen[i, k] = answer_bot(rows, streams, g, seat, policy, legal, mask, scratch)
                else:
                    observe_one(rows, g, seat, log, at, obs[pending])
                    legal_mask(rows[g], seat, masks[pending], legal)
                    nets[pending] = policy
                    slots[pending] = i * width + k
                    pending += 1
            state[i, COUNT] = n
            if waits > 0:
                state[i, WAITING] = 1
                break
            window_one(rows, streams, g, n, asked[i], chosen[i], log, scratch)
            state[i, FIRST] = 0
    return pending


def skip_cycles(s: Any, u: Any, record: Any, st: Any, saved: Any, saved_stream: Any, saved_record: Any) -> None:
    """A game back at a position it held some windows ago (the row but its step counter, its
    streams and its log all equal), with networks alone answering since (no learner, no draw
    from a stream), will go round the same windows again until the step limit: its step counter
    is moved on by whole rounds, to ``MARGIN`` and two rounds short of the limit, which the game
    then plays.  An untrained network that lays cards and takes them back, over and over, makes
    such rounds (Million Doubt: thousands of steps); nothing it observes counts the steps.
    Positions are kept at the 1st, 2nd, 4th, 8th… window (each compared with the next ones)."""
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
        rounds = (s[CYCLE_LIMIT] - s[CYCLE_STEPS] - 2 * d - MARGIN) // d
        if rounds > 0:
            s[CYCLE_STEPS] += rounds * d
    st[SNAP_AT], st[SNAP_NEXT] = -1, 2 * w


def _no_log(log: Any, g: int) -> Any:
    return np.zeros(1, dtype=np.int64)


def specialise(namespace: dict[str, Any], njit: Callable[[Any], Any], game: str,
               names: tuple[str, ...] = ("skip_cycles", "play_at")) -> list[Any]:
    """The functions ``names`` bound to ``namespace`` (a game's ``seatlog`` module's globals)
    and compiled by its ``njit``; each also put in ``namespace`` (so they call each other).
    ``game`` names the specialisation (its numba cache files, ``seatloop.<game>.play_at-…``)."""
    for constant in ("LIVE", "FIRST", "WAITING", "COUNT", "WINDOWS", "SNAP_AT", "SNAP_NEXT", "MARGIN"):
        namespace[constant] = globals()[constant]
    namespace["np"] = np
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
