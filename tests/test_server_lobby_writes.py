"""The lobby's writes (a room made, a seat taken, a game started), and the reads and lease
writes about rooms not held here, are made on the store's writer thread, so the event loop that
runs every table never waits on the database; people are told of the writes only once they are
stored, and a refused one drops the room."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import sqlalchemy as sa
from starlette.testclient import TestClient

from kakehiki.server.app import create_app, store_in_order
from kakehiki.server.store import Store, StoreError

UNTIMED = {"reaction": None, "turn": None, "grace": 60}


def inner(frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames a socket frame carries: a ``change`` frame's list, or the frame itself."""
    frames: list[dict[str, Any]] = frame["frames"] if frame["type"] == "change" else [frame]
    return frames


def watch_threads(store: Store, seen: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("create_room", "set_seat", "start"):
        made = getattr(store, name)

        def wrapped(*args: Any, _made: Any = made, _name: str = name) -> Any:
            seen.append((_name, threading.current_thread().name))
            return _made(*args)

        monkeypatch.setattr(store, name, wrapped)


def test_making_joining_and_starting_a_room_write_on_the_store_thread(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(str(tmp_path / "rooms.sqlite3"), host_names=["testserver"])
    seen: list[tuple[str, str]] = []
    with TestClient(app) as http:
        watch_threads(app.state.server.host.store, seen, monkeypatch)
        made = http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED})
        code, token = made.json()["code"], made.json()["token"]
        assert app.state.server.host.store.room(code) is not None, "stored before the answer"
        http.post(f"/api/rooms/{code}/join", json={"nickname": "Bo"})
        with http.websocket_connect(f"/api/rooms/{code}/ws") as ann:
            ann.send_json({"type": "hello", "token": token})
            ann.send_json({"type": "start"})
            while not any(f["type"] == "room" and f["room"]["status"] == "playing" for f in inner(ann.receive_json())):
                pass
            stored = app.state.server.host.store.room(code)
            assert stored is not None and stored.room.status == "playing", "told once stored"
    assert [name for name, _ in seen] == ["create_room", "set_seat", "start"]
    assert all(thread.startswith("store") for _, thread in seen), seen


def test_a_room_the_store_refuses_to_make_is_not_kept_and_the_answer_says_so(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(str(tmp_path / "rooms.sqlite3"), host_names=["testserver"])

    def refuse(*_: object) -> None:
        raise StoreError("disk full")

    with TestClient(app) as http:
        monkeypatch.setattr(app.state.server.host.store, "create_room", refuse)
        made = http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED})
        assert made.status_code == 503 and made.json()["error"]["code"] == "store_failed"
        assert app.state.server.host.rooms == {}


def test_a_lobby_the_server_expires_is_forgotten_in_the_store_at_the_next_tick(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from kakehiki.server.host import LOBBY_KEPT

    app = create_app(str(tmp_path / "rooms.sqlite3"), host_names=["testserver"])
    with TestClient(app) as http:
        code = http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann"}).json()["code"]
        server = app.state.server
        monkeypatch.setattr(server.host, "wall", lambda: time.time() + LOBBY_KEPT + 1)

        async def expire_and_wait_a_tick() -> None:
            server.expire_lobbies()
            await asyncio.sleep(0.2)

        assert http.portal is not None
        http.portal.call(expire_and_wait_a_tick)
        assert code not in server.host.rooms
        assert server.host.store.room(code) is None


def watch_reads(store: Store, names: tuple[str, ...], seen: list[tuple[str, str]],
                monkeypatch: pytest.MonkeyPatch) -> None:
    for name in names:
        made = getattr(store, name)

        def wrapped(*args: Any, _made: Any = made, _name: str = name) -> Any:
            seen.append((_name, threading.current_thread().name))
            return _made(*args)

        monkeypatch.setattr(store, name, wrapped)


def test_a_code_not_held_here_is_looked_up_on_the_store_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(str(tmp_path / "rooms.sqlite3"), host_names=["testserver"])
    seen: list[tuple[str, str]] = []
    with TestClient(app) as http:
        watch_reads(app.state.server.host.store, ("room",), seen, monkeypatch)
        assert http.get("/api/rooms/ZZZZZZ").json()["error"]["code"] == "no_room"
        with http.websocket_connect("/api/rooms/ZZZZZY/ws") as probe:
            assert probe.receive_json()["code"] == "no_room"
    assert [name for name, _ in seen] == ["room", "room"]
    assert all(thread.startswith("store") for _, thread in seen), seen


def test_a_dead_process_s_rooms_are_claimed_and_read_on_the_store_thread(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes on one store: the first makes two rooms and stops renewing (its leases run
    out); the second takes one over when the proxy asks who holds it (``/_owner``), the other at
    its next lease round, and neither step reads or writes the store on the event loop."""
    from kakehiki.server.leases import LEASE

    path = str(tmp_path / "rooms.sqlite3")
    first = create_app(path, host_names=["testserver"], advertise="127.0.0.1:1")
    second = create_app(path, host_names=["testserver"], advertise="127.0.0.1:2")
    seen: list[tuple[str, str]] = []
    with TestClient(first) as one, TestClient(second) as two:
        codes = [one.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann",
                                              "clocks": UNTIMED}).json()["code"] for _ in range(2)]
        assert two.get(f"/_owner/{codes[0]}").headers["x-owner"] == "127.0.0.1:1", "held by a live process"
        server = second.state.server
        watch_reads(server.host.store, ("room", "lease", "claim", "renew", "orphans"), seen, monkeypatch)
        monkeypatch.setattr(server.host.leases, "wall", lambda: time.time() + LEASE + 1)  # the first's leases ran out
        assert two.get(f"/_owner/{codes[0]}").headers["x-owner"] == "127.0.0.1:2"
        assert codes[0] in server.host.rooms
        assert two.portal is not None
        two.portal.call(server.lease_round)
        assert codes[1] in server.host.rooms
    assert {name for name, _ in seen} >= {"room", "lease", "claim", "renew", "orphans"}
    assert all(thread.startswith("store") for _, thread in seen), seen


def test_a_tick_s_lobby_writes_share_one_commit_and_a_refused_room_loses_only_its_own(tmp_path: Path) -> None:
    """Three rooms made in one tick: one commit for all.  When the store refuses one of them
    (here a seat of a room it never had), the others are made again one by one and kept."""
    from test_server_store import SEATS, a_room

    store = Store(str(tmp_path / "rooms.sqlite3"))
    commits: list[object] = []
    sa.event.listen(store.engine, "commit", commits.append)

    def made(code: str) -> list[tuple[str, Any]]:
        return [(code, lambda: store.create_room(a_room(code), SEATS)), (code, lambda: store.start(code, 1.0))]

    assert store_in_order(store, [*made("AAAA"), *made("BBBB"), *made("CCCC")]) == {}
    assert len(commits) == 1

    refused = (("DDDD", lambda: store.set_seat("NEVER", SEATS[0])))
    failed = store_in_order(store, [*made("EEEE"), refused, *made("FFFF")])
    assert list(failed) == ["DDDD"] and "no room 'NEVER'" in str(failed["DDDD"])
    assert [store.room(code) is not None for code in ("EEEE", "FFFF")] == [True, True]
    store.close()
