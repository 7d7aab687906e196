"""Issue 33: what a server's rooms change in a tick is stored in one transaction, before anyone is told."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
import sqlalchemy as sa

from hosting import FakeClock
from kakehiki.server.host import RoomHost
from kakehiki.server.rooms import Room
from kakehiki.server.store import ActionRow, RoomChange, Store, StoreError

UNTIMED = {"reaction": None, "turn": None, "pace": None, "grace": None}


def stored(store: Store, code: str) -> int:
    """How many actions the store holds for the room ``code``."""
    room = store.room(code)
    assert room is not None, f"no room {code} stored"
    return len(room.actions)


def applied(room: Room) -> int:
    """How many actions the room's table has applied."""
    assert room.table is not None, f"room {room.code} is not playing"
    return len(room.table.actions)


def playing_rooms(host: RoomHost, count: int) -> list[tuple[Room, int]]:
    rooms = []
    for k in range(count):
        room, seat, _ = host.create({"game": "dobon", "players": 2, "nickname": f"P{k}", "bots": {"1": "random"},
                                     "clocks": UNTIMED})
        host.start(room, seat)
        rooms.append((room, seat))
    return rooms


def test_the_moves_of_many_rooms_are_stored_in_one_transaction(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.sqlite3"))
    host = RoomHost(store, clock=FakeClock())
    rooms = playing_rooms(host, 5)
    host.deferred = True
    before = {room.code: stored(store, room.code) for room, _ in rooms}
    rng = random.Random(3)
    for room, seat in rooms:
        table = room.table
        assert table is not None, "the room is playing"
        legal = table.game.legal_actions(table.state, seat)
        if legal:
            host.act(room, seat, str(rng.choice(legal)), at=table.seq)
        host.poll(room)
    assert {room.code: stored(store, room.code) for room, _ in rooms} == before, "nothing written yet"
    assert any(applied(room) > before[room.code] for room, _ in rooms)
    commits: list[int] = []
    sa.event.listen(store.engine, "commit", lambda conn: commits.append(1))
    changes, settled = host.take_changes()
    store.write(changes)
    assert len(commits) == 1 and len(settled) == 5 and not host.dirty
    for room, _ in rooms:
        assert stored(store, room.code) == applied(room), "every applied action is stored"
    store.close()


def test_a_tick_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.sqlite3"))
    host = RoomHost(store, clock=FakeClock())
    (good, _), (other, _) = playing_rooms(host, 2)
    in_good, in_other = (stored(store, room.code) for room in (good, other))
    first = ActionRow(in_good, 0, 0, "draw", "move", 0.0)
    store.write([RoomChange(good.code, (first,))])
    again = dataclasses.replace(first, at=1.0)  # a number already in good's log
    fresh = ActionRow(in_other, 0, 0, "draw", "move", 0.0)
    with pytest.raises(StoreError):
        store.write([RoomChange(other.code, (fresh,)), RoomChange(good.code, (again,))])
    assert stored(store, other.code) == in_other, "the other room's action went with the tick"
    assert stored(store, good.code) == in_good + 1
    store.close()
