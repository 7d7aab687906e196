"""The server's garbage-collector schedule: survivors frozen often, everything collected now and then."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from kakehiki.server.collector import YOUNG_THRESHOLD, keep_pauses_short


class Node:
    """Something that can hold itself in a reference cycle and be watched by a weak reference."""

    def __init__(self) -> None:
        self.me: Node | None = None


def cyclic_garbage() -> weakref.ref[Node]:
    node = Node()
    node.me = node  # only the collector frees it
    return weakref.ref(node)


def test_frozen_garbage_waits_for_the_full_pass_and_nothing_stays_frozen() -> None:
    watched: list[weakref.ref[Node]] = []
    alive: list[bool] = []

    before = gc.get_threshold()

    async def fake_sleep(seconds: float) -> None:
        assert seconds == 1
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:])
        if watched:
            gc.collect()  # an ordinary pass does not see what is frozen
            alive.append(watched[0]() is not None)
        else:
            watched.append(cyclic_garbage())
        if len(alive) == 2:
            raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(keep_pauses_short(fake_sleep, freeze_every=1, full_every=2))
    assert alive == [True, False]  # frozen after the first pass, freed by the full one
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before, "the thresholds are given back"
