"""Bots that think off the host's own thread, within a budget and a share of the CPU (issue 33).

A server runs every table on one event loop: a bot deciding there stops every table until it
has decided (a room of search bots once stopped a server for 52 s).  :class:`Thinkers` runs
each decision on a worker thread instead, so the loop goes on serving the other tables, and
gives each decision a ``budget`` of seconds: past it, the table plays the seat's fallback
bot's move (a quick rule bot) and forgets the late thought.

A room's bots think one decision at a time (:meth:`Thinkers.with_notify` gives each table its
own queue): a room of fifteen search bots holds one worker, never all of them, so the other
rooms' bots keep the rest.  A decision asked again before its earlier one started (the table
moved on past it) drops the earlier one.  Each room also has a share of the CPU (:class:`Allowance`):
its bots may spend :data:`CPU_BURST` CPU-seconds at once, earned back at :data:`CPU_SHARE` of a
core; a room that has spent it gets its fallback bot's moves at once until it has earned some
back.  So however many rooms' bots are busy, a table waits for a decision at most ``budget``
seconds, and no room takes more than its share of the workers' time.

Each thought works on a copy of the seat's generator; the table adopts the copy when it uses
the thought, so a thought thrown away leaves no trace in later decisions.
"""

from __future__ import annotations

import copy
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

T = TypeVar("T")

BUDGET: Final = 5.0
"""Seconds a bot may think about one decision on a server before its fallback move is played."""
CPU_SHARE: Final = 0.25
"""The share of one core a room's bots may use in the long run."""
CPU_BURST: Final = 10.0
"""The CPU-seconds a room's bots may use at once (two whole budgets) before the share applies."""


class OverShare(Exception):
    """A room's bots used their share of the CPU: the table plays the fallback bot's move."""


@dataclass
class Thought(Generic[T]):
    """A decision being made on a worker: its future, the generator copy it draws from, when it began."""

    future: Future[T]
    rng: random.Random
    started: float

    def overdue(self, now: float, budget: float | None) -> bool:
        return budget is not None and not self.future.done() and now >= self.started + budget


class Allowance:
    """A room's CPU-seconds for its bots: ``burst`` at most, earned back at ``share`` a second
    of ``clock``; spent by what the workers measure (thread CPU time).  Thread-safe."""

    def __init__(self, share: float = CPU_SHARE, burst: float = CPU_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.share, self.burst, self.clock = share, burst, clock
        self._left, self._then = burst, clock()
        self._lock = threading.Lock()

    def left(self) -> float:
        """CPU-seconds left now (below zero: overspent)."""
        with self._lock:
            now = self.clock()
            self._left = min(self.burst, self._left + (now - self._then) * self.share)
            self._then = now
            return self._left

    def spend(self, seconds: float) -> None:
        self.left()
        with self._lock:
            self._left -= seconds


@dataclass
class _Job:
    seat: int
    work: Callable[[random.Random], Any]
    rng: random.Random
    future: Future[Any]


class Thinkers:
    """Where a host's bots think: ``executor``'s workers, ``budget`` seconds a decision
    (``None``: no limit), ``notify`` called (from the worker) when a thought ends, so the host
    polls the table then rather than at its next deadline.  One instance per table
    (:meth:`with_notify`): its thoughts run one at a time and spend its :class:`Allowance`."""

    def __init__(self, executor: Executor, budget: float | None = BUDGET,
                 notify: Callable[[], None] | None = None, allowance: Allowance | None = None,
                 cpu: Callable[[], float] = time.thread_time) -> None:
        self.executor, self.budget, self.notify = executor, budget, notify
        self.allowance = allowance if allowance is not None else Allowance()
        self.cpu = cpu
        """The clock a worker measures a thought's CPU with (the thread's own CPU time)."""
        self._queue: deque[_Job] = deque()
        self._running = False
        self._lock = threading.Lock()
        self.overruns = 0
        """Decisions that ran past the budget (the fallback move was played instead)."""
        self.capped = 0
        """Decisions not thought about because the room had spent its share of the CPU."""

    def think(self, seat: int, rng: random.Random, started: float,
              work: Callable[[random.Random], T]) -> Thought[T]:
        """Start ``work`` for ``seat`` on a copy of ``rng``, after the room's thoughts before it;
        a thought whose future fails with :class:`OverShare` at once if the room has spent its share."""
        mine = copy.deepcopy(rng)
        future: Future[T] = Future()
        if self.notify is not None:
            notify = self.notify
            future.add_done_callback(lambda _: notify())
        if self.allowance.left() <= 0:
            self.capped += 1
            future.set_exception(OverShare(f"seat {seat}'s room has spent its bots' share of the CPU"))
            return Thought(future, mine, started)
        with self._lock:
            for job in [job for job in self._queue if job.seat == seat]:  # asked again: the table moved on
                self._queue.remove(job)
                job.future.cancel()
            self._queue.append(_Job(seat, work, mine, future))
            start = not self._running
            self._running = True
        if start:
            self.executor.submit(self._run)
        return Thought(future, mine, started)

    def _run(self) -> None:
        """On a worker: this room's queued thoughts, one after another, each measured and charged."""
        while True:
            with self._lock:
                if not self._queue:
                    self._running = False
                    return
                job = self._queue.popleft()
            if not job.future.set_running_or_notify_cancel():
                continue
            if self.allowance.left() <= 0:  # spent while it waited: the rest of the queue is not thought about
                self.capped += 1
                job.future.set_exception(OverShare(f"seat {job.seat}'s room has spent its bots' share of the CPU"))
                continue
            before = self.cpu()
            try:
                result = job.work(job.rng)
            except BaseException as exc:  # the table plays the fallback bot's move for a failed thought
                self.allowance.spend(self.cpu() - before)
                job.future.set_exception(exc)
            else:
                self.allowance.spend(self.cpu() - before)
                job.future.set_result(result)

    def with_notify(self, notify: Callable[[], None]) -> Thinkers:
        """The same workers and budget for one table, telling ``notify``, with its own queue and
        its own :class:`Allowance` (of this one's share and burst)."""
        allowance = Allowance(self.allowance.share, self.allowance.burst, self.allowance.clock)
        return Thinkers(self.executor, self.budget, notify, allowance, self.cpu)
