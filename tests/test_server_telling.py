"""Issue 33: one frame per connection per change, the start and a welcome included, and a welcome
never shows what is not stored yet.  (The server in this process, its sockets fakes that keep
what they are sent.)"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from kakehiki.server.app import Server
from kakehiki.server.connection import Connection
from kakehiki.server.rooms import Room
from kakehiki.server.store import Store

UNTIMED = {"reaction": None, "turn": None, "grace": 60}


class Socket:
    """A client's socket that takes every frame at once and keeps it."""

    def __init__(self) -> None:
        self.written: list[str] = []

    async def send_text(self, text: str) -> None:
        self.written.append(text)

    async def close(self, code: int = 1000) -> None:
        pass

    def frames(self) -> list[dict[str, Any]]:
        """Every frame sent, a ``change`` frame's list read out in order."""
        out: list[dict[str, Any]] = []
        for text in self.written:
            frame = json.loads(text)
            out += frame["frames"] if frame["type"] == "change" else [frame]
        return out

    def kinds(self) -> list[str]:
        """The type of each socket frame, a ``change`` with the types it carries."""
        kinds = []
        for text in self.written:
            frame = json.loads(text)
            inner = "+".join(f["type"] for f in frame.get("frames", ()))
            kinds.append(f"change[{inner}]" if inner else frame["type"])
        return kinds


def connect(server: Server, room: Room, seat: int | None) -> Socket:
    """A client says hello on ``seat`` (``None``: a spectator)."""
    socket = Socket()
    conn = Connection(socket)  # type: ignore[arg-type]
    conn.seat = seat
    server.attach(room, conn)
    return socket


async def settled(server: Server) -> None:
    """Wait until the server has stored and told everything."""
    while server._flushing is not None and not server._flushing.done():
        await server._flushing


async def two_people(server: Server) -> tuple[Room, Socket, Socket, Socket]:
    """Ann and Bo seated and connected, a spectator watching, the game started by Ann."""
    room, ann_seat, _ = server.host.create({"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED})
    server.host.join(room.code, "Bo")
    await settled(server)
    ann, bo, watcher = connect(server, room, ann_seat), connect(server, room, 1 - ann_seat), connect(server, room, None)
    await settled(server)
    for socket in (ann, bo, watcher):
        socket.written.clear()
    server.host.start(room, ann_seat)
    server.started(room)
    await settled(server)
    return room, ann, bo, watcher


def test_the_start_is_one_frame_per_connection_the_room_then_the_deal_then_the_state(tmp_path: Path) -> None:
    async def play() -> None:
        server = Server(Store(str(tmp_path / "rooms.sqlite3")))
        room, ann, bo, watcher = await two_people(server)
        for socket, seat in ((ann, 0), (bo, 1), (watcher, None)):
            assert len(socket.written) == 1, socket.kinds()
            frames = socket.frames()
            assert frames[0]["type"] == "room" and frames[0]["room"]["status"] == "playing"
            assert frames[-1]["type"] == "state" and frames[-1]["status"] == "playing"
            events = frames[1:-1]
            assert events and all(f["type"] == "event" for f in events)
            assert len(events) == len(room.history[seat]), "the deal's events as the seat sees them, each once"
        server.host.store.close()

    asyncio.run(play())


def test_a_reconnect_is_told_its_history_chat_and_state_in_one_frame_after_the_welcome(tmp_path: Path) -> None:
    async def play() -> None:
        server = Server(Store(str(tmp_path / "rooms.sqlite3")))
        room, ann, _, _ = await two_people(server)
        room.chat.append({"type": "chat", "seat": 1, "name": "Bo", "text": "good luck"})
        again = connect(server, room, 0)  # Ann's second tab
        await settled(server)
        assert len(again.written) == 2 and again.kinds()[0] == "welcome", again.kinds()
        frames = again.frames()
        assert frames[0]["type"] == "welcome" and frames[-1]["type"] == "state"
        replayed = frames[1:-1]
        assert [f["type"] for f in replayed][-1] == "chat" and all(f.get("replay") for f in replayed)
        assert [f for f in replayed if f["type"] == "event"] == [
            {**f, "replay": True} for f in ann.frames() if f["type"] == "event"], "Ann's history, as she was told it"
        server.host.store.close()

    asyncio.run(play())


def test_a_welcomed_spectator_is_not_sent_the_same_state_again(tmp_path: Path) -> None:
    """A spectator comes to a quiet lobby (welcomed at once); when Bo then comes in, the
    spectator is told so, without the state it already has repeated."""

    async def play() -> None:
        server = Server(Store(str(tmp_path / "rooms.sqlite3")))
        room, _, _ = server.host.create({"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED})
        server.host.join(room.code, "Bo")
        await settled(server)
        watcher = connect(server, room, None)
        assert watcher.kinds() == ["welcome", "state"], "welcomed at once: nothing waits to be stored"
        connect(server, room, 1)
        await settled(server)
        assert watcher.kinds()[2:] == ["room"], watcher.kinds()
        server.host.store.close()

    asyncio.run(play())


def hold_writes(server: Server, monkeypatch: pytest.MonkeyPatch,
                bug: bool = False) -> tuple[threading.Event, threading.Event]:
    """Make the store's tick writes wait: the first event is set when one starts, and it goes
    on (to write, or with ``bug`` to fail as a bug would) once the second is set."""
    writing, release = threading.Event(), threading.Event()
    write = server.host.store.write

    def held(changes: Any) -> None:
        writing.set()
        release.wait(10)
        if bug:
            raise RuntimeError("a bug in the store")
        write(changes)

    monkeypatch.setattr(server.host.store, "write", held)
    return writing, release


async def a_move_being_stored(server: Server, room: Room, state: dict[str, Any], writing: threading.Event) -> None:
    """The seat to act in ``state`` (the last one Ann got) moves; wait until its tick is being written."""
    table = room.table
    assert table is not None, "the room is playing"
    actor = 0 if state["legal"] else 1
    server.host.act(room, actor, str(table.game.legal_actions(table.state, actor)[0]), at=len(table.actions))
    server.publish(room)
    while not writing.is_set():
        await asyncio.sleep(0.005)


def test_a_welcome_waits_for_the_move_being_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stored before told: a spectator who says hello while the tick's transaction is writing a
    move is welcomed once it is written, with that move in its state."""

    async def play() -> None:
        server = Server(Store(str(tmp_path / "rooms.sqlite3")))
        room, ann, _, _ = await two_people(server)
        writing, release = hold_writes(server, monkeypatch)
        await a_move_being_stored(server, room, ann.frames()[-1], writing)
        late = connect(server, room, None)
        await asyncio.sleep(0.05)
        assert late.written == [], "nothing told while the move is being stored"
        release.set()
        await settled(server)
        assert room.table is not None
        applied = len(room.table.actions)
        assert late.kinds()[0] == "welcome" and late.frames()[-1]["seq"] == applied
        stored = server.host.store.room(room.code)
        assert stored is not None and len(stored.actions) == applied, "what it was shown is stored"
        server.host.store.close()

    asyncio.run(play())


def test_a_hello_is_welcomed_even_when_storing_its_rooms_tick_fails_by_a_bug(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A tick whose transaction fails with a bug (not the store refusing) is logged and its
    frames wait for the rooms' next change; a person who said hello meanwhile is not left waiting."""

    async def play() -> None:
        server = Server(Store(str(tmp_path / "rooms.sqlite3")))
        room, ann, _, _ = await two_people(server)
        writing, release = hold_writes(server, monkeypatch, bug=True)
        await a_move_being_stored(server, room, ann.frames()[-1], writing)
        late = connect(server, room, None)
        release.set()
        await settled(server)
        assert late.kinds()[0] == "welcome" and late.frames()[-1]["type"] == "state"
        assert "storing a tick of 1 rooms failed" in caplog.text
        server.host.store.close()

    asyncio.run(play())
