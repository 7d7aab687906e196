"""Keep the garbage collector's full passes from stalling every table at once.

CPython's full collection walks every object the process holds, with the one event loop that
runs all tables stopped meanwhile.  A server with a few hundred tables holds a quarter of a
million such objects (open sockets, their tasks, the games), so a full pass took 110–205 ms on
the 2-core machine of ``docs/load.md`` and came every few seconds: it set the 99th percentile of
the time from an action to the last seat's frame.

What lives that long is not garbage, so the server moves it out of the collector's sight
(:func:`gc.freeze`) every :data:`FREEZE_EVERY` seconds; the automatic passes then walk only what
was made since.  Objects freed by their reference counts (nearly all of them) are freed as usual;
only garbage held in reference cycles among frozen objects waits, for the full pass made every
:data:`FULL_EVERY` seconds (one pause of the old kind every ten minutes, not every few seconds).

The youngest generation is collected after :data:`YOUNG_THRESHOLD` new objects instead of
CPython's 700.  A server makes objects that live a few milliseconds (a change's frames, a move's
states) by the thousand; at 700 many of them were walked and promoted before they died, and the
passes over the middle generation that followed took 6 ms each.  At 300 busy tables that was
about 5 % of the server's CPU, and about 2 % at this threshold (``docs/load.md``).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable
from typing import Final

FREEZE_EVERY: Final = 2.0
"""Seconds between freezes: a new socket or game is walked by full passes for at most this long."""
FULL_EVERY: Final = 600.0
"""Seconds between full passes over everything, frozen or not (cyclic garbage is freed then)."""
YOUNG_THRESHOLD: Final = 10_000
"""New objects (allocations less deallocations) between passes over the youngest generation."""


async def keep_pauses_short(sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                            freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> None:
    """Freeze what has survived every ``freeze_every`` seconds, and collect everything every
    ``full_every`` seconds; until cancelled, and then unfreeze (so nothing stays frozen after the
    server, in a process that goes on, as a test run does), the thresholds as they were."""
    passes_per_full = max(1, round(full_every / freeze_every))
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        gc.collect()
        gc.freeze()
        passes = 0
        while True:
            await sleep(freeze_every)
            passes += 1
            if passes % passes_per_full == 0:
                gc.unfreeze()
                gc.collect()
            gc.freeze()
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
