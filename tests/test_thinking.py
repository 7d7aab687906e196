"""Bots thinking on worker threads within a budget (issue 33): the host's thread never waits
for a bot, a bot past its budget is replaced by its fallback move, and a late thought leaves
no trace."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from hosting import DOBON, OPTIONS, FakeClock
from kakehiki.bots import make_bot
from kakehiki.core import Action
from kakehiki.driver import decide
from kakehiki.rng import derive
from kakehiki.table import Clocks, Table
from kakehiki.thinking import Thinkers

UNTIMED = Clocks(reaction=None, turn=None, pace=None, grace=None)


class Stuck:
    """A bot that thinks until it is let go, then plays as ``normal`` would."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.normal = make_bot("dobon", "normal")

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        self.go.wait(10)
        action: Action = self.normal.choose(view, legal, rng)
        return action


@pytest.fixture
def workers() -> Iterator[ThreadPoolExecutor]:
    pool = ThreadPoolExecutor(2)
    yield pool
    pool.shutdown(wait=True, cancel_futures=True)


def two_bots(bot: Any, thinkers: Thinkers, clock: FakeClock) -> Table:
    """Dobon, two seats: seat 0 (the first to move) is ``bot``, seat 1 a person."""
    state = DOBON.new(players=2, seed=5, options=OPTIONS)
    assert DOBON.actors(state)[0] == 0
    return Table(DOBON, state, UNTIMED, clock, bots={0: bot}, pace_always=True, thinkers=thinkers)


def test_a_thinking_bot_never_holds_up_the_host(workers: ThreadPoolExecutor) -> None:
    clock, stuck, told = FakeClock(), Stuck(), threading.Event()
    table = two_bots(stuck, Thinkers(workers, budget=None, notify=told.set), clock)
    table.poll()  # asks the bot and returns at once: it thinks on a worker
    assert table.seq == 0 and not told.is_set()
    stuck.go.set()
    assert told.wait(10), "the host is told when the bot has decided"
    table.poll()
    assert table.seq >= 1 and table.actions[0][1] == 0, "its move is applied on the next poll"


def test_a_bot_past_its_budget_is_replaced_by_its_fallback_move(workers: ThreadPoolExecutor) -> None:
    clock, stuck = FakeClock(), Stuck()
    thinkers = Thinkers(workers, budget=2.0)
    table = two_bots(stuck, thinkers, clock)
    start = table.state
    table.poll()
    assert table.next_deadline() == clock.now + 2.0, "the budget is a deadline of the table"
    clock.advance(1.9)
    table.poll()
    assert table.seq == 0, "within its budget the bot is waited for"
    clock.advance(0.1)
    table.poll()
    rng = derive(0, "bot", 0)  # the seat's own generator, as the table derives it
    fallback = decide(DOBON, start, 0, make_bot("dobon", "normal"), rng)
    assert thinkers.overruns == 1 and table.actions[0][1:] == (0, fallback), "the fallback bot (normal) moved"
    stuck.go.set()  # the late thought ends, on a copy of the generator: it leaves no trace
    workers.shutdown(wait=True)
    assert table.rngs[0].getstate() == rng.getstate()


def test_a_seat_thinks_about_one_state_at_a_time(workers: ThreadPoolExecutor) -> None:
    order: list[str] = []
    gate = threading.Event()
    thinkers = Thinkers(workers, budget=None)
    rng = random.Random(1)

    def first(_: random.Random) -> str:
        gate.wait(10)
        order.append("first")
        return "first"

    def second(_: random.Random) -> str:
        order.append("second")
        return "second"

    a = thinkers.think(0, rng, 0.0, first)
    b = thinkers.think(0, rng, 0.0, second)
    assert not b.future.done() or order == []
    gate.set()
    assert b.future.result(10) == "second" and order == ["first", "second"]
    assert a.rng is not rng and a.rng.getstate() == rng.getstate(), "each thought draws from its own copy"


def test_a_rooms_bots_think_one_at_a_time_so_another_rooms_bot_gets_a_worker(workers: ThreadPoolExecutor) -> None:
    """Two workers; room A asks three stuck decisions at once, room B one: B decides while A's
    first still thinks, and A's others wait for it rather than taking the second worker."""
    base, gate, begun = Thinkers(workers, budget=None), threading.Event(), []
    room_a, room_b = base.with_notify(lambda: None), base.with_notify(lambda: None)

    def stuck(name: str) -> Any:
        def work(_: random.Random) -> str:
            begun.append(name)
            gate.wait(10)
            return name
        return work

    a = [room_a.think(seat, random.Random(seat), 0.0, stuck(f"a{seat}")) for seat in range(3)]
    b = room_b.think(0, random.Random(9), 0.0, lambda _: "b")
    assert b.future.result(10) == "b", "room B's bot had a worker although room A's bots are stuck"
    assert begun == ["a0"], "room A thinks about one decision at a time"
    gate.set()
    assert [t.future.result(10) for t in a] == ["a0", "a1", "a2"]


def test_a_decision_asked_again_drops_the_earlier_one_not_yet_begun(workers: ThreadPoolExecutor) -> None:
    gate = threading.Event()
    room = Thinkers(workers, budget=None).with_notify(lambda: None)
    first = room.think(0, random.Random(1), 0.0, lambda _: gate.wait(10) and "first")
    stale = room.think(1, random.Random(2), 0.0, lambda _: "stale")
    fresh = room.think(1, random.Random(2), 0.0, lambda _: "fresh")
    assert stale.future.cancelled(), "seat 1 was asked again: its earlier decision is not thought about"
    gate.set()
    assert first.future.result(10) == "first" and fresh.future.result(10) == "fresh"


class FakeCPU:
    """The CPU seconds a thought spent, as the work says it did (no real time is measured)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_room_that_spent_its_share_of_the_cpu_gets_fallback_moves_until_it_earns_some_back(
        workers: ThreadPoolExecutor) -> None:
    from kakehiki.thinking import CPU_BURST, CPU_SHARE, Allowance, OverShare

    cpu, wall = FakeCPU(), FakeClock()
    base = Thinkers(workers, budget=None, allowance=Allowance(CPU_SHARE, CPU_BURST, wall), cpu=cpu)
    greedy, other = base.with_notify(lambda: None), base.with_notify(lambda: None)

    def burn(seconds: float) -> Any:
        def work(_: random.Random) -> str:
            cpu.now += seconds
            return "thought"
        return work

    assert greedy.think(0, random.Random(1), 0.0, burn(CPU_BURST + 1)).future.result(10) == "thought"
    capped = greedy.think(0, random.Random(1), 0.0, burn(0.1))
    assert isinstance(capped.future.exception(10), OverShare) and greedy.capped == 1
    assert other.think(0, random.Random(1), 0.0, burn(0.1)).future.result(10) == "thought", \
        "another room's share is its own"
    wall.advance(1 / CPU_SHARE)  # one CPU-second earned back: zero left, still spent
    assert isinstance(greedy.think(0, random.Random(1), 0.0, burn(0.1)).future.exception(10), OverShare)
    wall.advance(2 / CPU_SHARE)
    assert greedy.think(0, random.Random(1), 0.0, burn(0.1)).future.result(10) == "thought"


def test_a_table_whose_room_spent_its_share_plays_the_fallback_move_at_once(workers: ThreadPoolExecutor) -> None:
    from kakehiki.thinking import Allowance

    clock, stuck = FakeClock(), Stuck()
    spent = Allowance(burst=1.0, clock=clock)
    spent.spend(2.0)
    thinkers = Thinkers(workers, budget=5.0, allowance=spent)
    table = two_bots(stuck, thinkers, clock)
    start = table.state
    table.poll()
    table.poll()
    rng = derive(0, "bot", 0)
    fallback = decide(DOBON, start, 0, make_bot("dobon", "normal"), rng)
    assert thinkers.capped == 1 and table.actions[0][1:] == (0, fallback), "no waiting for the budget"
    assert not stuck.go.is_set()
