"""A clock that stops while the person reads a result: the table's clocks stop with it.

The table fixes its deadlines in this clock's time (C5), so a pause at the end of a round
neither runs a window out nor lets a bot's paced move through behind the result screen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from kakehiki.table import Clock


@dataclass
class PausableClock:
    """``base`` (monotonic seconds) less the time spent paused; call it for the time now."""

    base: Clock = time.monotonic
    _stopped_at: float | None = None
    _lost: float = 0.0

    def __call__(self) -> float:
        now = self.base() if self._stopped_at is None else self._stopped_at
        return now - self._lost

    @property
    def paused(self) -> bool:
        return self._stopped_at is not None

    def pause(self) -> None:
        if self._stopped_at is None:
            self._stopped_at = self.base()

    def resume(self) -> None:
        if self._stopped_at is not None:
            self._lost += self.base() - self._stopped_at
            self._stopped_at = None


@dataclass
class FakeClock:
    """A clock that moves only when told (tests; no real sleeping)."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
