"""Bots that think off the host's own thread, within a budget (issue 33).

A server runs every table on one event loop: a bot deciding there stops every table until it
has decided (a room of search bots once stopped a server for 52 s).  :class:`Thinkers` runs
each decision on a worker thread instead, so the loop goes on serving the other tables, and
gives each decision a ``budget`` of seconds: past it, the table plays the seat's fallback
bot's move (a quick rule bot) and forgets the late thought.

One seat thinks about one state at a time: a seat's next decision starts on the worker only
once its previous one has ended (a bot object need not be thread-safe), and meanwhile the
table waits for it as for any other decision, up to the budget.  Each thought works on a copy
of the seat's generator; the table adopts the copy when it uses the thought, so a thought
thrown away leaves no trace in later decisions.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

T = TypeVar("T")

BUDGET: Final = 5.0
"""Seconds a bot may think about one decision on a server before its fallback move is played."""


@dataclass
class Thought(Generic[T]):
    """A decision being made on a worker: its future, the generator copy it draws from, when it began."""

    future: Future[T]
    rng: random.Random
    started: float

    def overdue(self, now: float, budget: float | None) -> bool:
        return budget is not None and not self.future.done() and now >= self.started + budget


class Thinkers:
    """Where a host's bots think: ``executor``'s workers, ``budget`` seconds a decision
    (``None``: no limit), ``notify`` called (from the worker) when a thought ends, so the host
    polls the table then rather than at its next deadline."""

    def __init__(self, executor: Executor, budget: float | None = BUDGET,
                 notify: Callable[[], None] | None = None) -> None:
        self.executor, self.budget, self.notify = executor, budget, notify
        self._last: dict[int, Future[object]] = {}
        self.overruns = 0
        """Decisions that ran past the budget (the fallback move was played instead)."""

    def think(self, seat: int, rng: random.Random, started: float,
              work: Callable[[random.Random], T]) -> Thought[T]:
        """Start ``work`` for ``seat`` on a copy of ``rng``, after the seat's previous thought."""
        before = self._last.get(seat)
        mine = copy.deepcopy(rng)

        def run() -> T:
            if before is not None:
                _wait_quietly(before)
            return work(mine)

        future: Future[T] = self.executor.submit(run)
        self._last[seat] = future  # type: ignore[assignment]
        if self.notify is not None:
            notify = self.notify
            future.add_done_callback(lambda _: notify())
        return Thought(future, mine, started)

    def with_notify(self, notify: Callable[[], None]) -> Thinkers:
        """The same workers and budget, telling ``notify`` (one per table: each its own seats)."""
        return Thinkers(self.executor, self.budget, notify)


def _wait_quietly(future: Future[object]) -> None:
    try:
        future.result()
    except BaseException:  # the earlier thought's failure was dealt with by its table
        return
