"""A table socket's frames go out in the order they were sent: at once while the socket takes
them, through a task while it is full, and the close comes after the last of them."""

from __future__ import annotations

import asyncio

import pytest
from starlette.websockets import WebSocketDisconnect

from kakehiki.server.connection import QUEUE_LIMIT, Connection


class Socket:
    """A socket whose sends wait while ``full`` is clear, as a client that stops reading makes it."""

    def __init__(self) -> None:
        self.full = asyncio.Event()
        self.full.set()
        self.written: list[str] = []
        self.closed_with: int | None = None
        self.broken = False

    async def send_text(self, text: str) -> None:
        await self.full.wait()
        if self.broken:
            raise WebSocketDisconnect(1006)
        self.written.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def connection(socket: Socket) -> Connection:
    return Connection(socket)  # type: ignore[arg-type]


def full_socket(*frames: str) -> tuple[Socket, Connection]:
    """A connection whose socket is full (its client stopped reading), ``frames`` sent to it."""
    socket = Socket()
    conn = connection(socket)
    socket.full.clear()
    for frame in frames:
        conn.send(frame)
    return socket, conn


def test_a_frame_to_a_socket_with_room_is_written_at_once_without_a_task() -> None:
    async def play() -> None:
        socket = Socket()
        conn = connection(socket)
        conn.send("one")
        conn.send("two")
        assert socket.written == ["one", "two"]
        assert conn.writing is None

    asyncio.run(play())


def test_frames_sent_while_the_socket_is_full_follow_in_order_once_it_drains() -> None:
    async def play() -> None:
        socket = Socket()
        conn = connection(socket)
        conn.send("one")
        socket.full.clear()
        conn.send("two")
        conn.send("three")
        await asyncio.sleep(0.01)
        assert socket.written == ["one"]
        assert conn.writing is not None
        socket.full.set()
        await conn.done()
        conn.send("four")
        assert socket.written == ["one", "two", "three", "four"]
        assert conn.writing is None

    asyncio.run(play())


def test_a_close_waits_for_the_frames_sent_before_it() -> None:
    async def play() -> None:
        socket, conn = full_socket("one", "two")
        conn.close(4000)
        conn.send("after the close")
        await asyncio.sleep(0.01)
        assert socket.closed_with is None
        socket.full.set()
        await conn.done()
        assert socket.written == ["one", "two"]
        assert socket.closed_with == 4000

    asyncio.run(play())


def test_a_socket_that_fails_while_full_is_closed_and_takes_no_more_frames() -> None:
    async def play() -> None:
        socket, conn = full_socket("one", "two")
        socket.broken = True
        socket.full.set()
        await conn.done()
        conn.send("three")
        assert socket.written == []
        assert conn.closed
        assert socket.closed_with == 1000

    asyncio.run(play())


def test_a_client_that_never_reads_is_let_go_past_the_queue_limit() -> None:
    async def play() -> None:
        socket, conn = full_socket(*(str(number) for number in range(QUEUE_LIMIT + 2)))
        assert conn.closed
        assert len(conn.waiting) == QUEUE_LIMIT
        socket.full.set()
        await conn.done()
        assert socket.written == [str(n) for n in range(QUEUE_LIMIT + 1)]
        assert socket.closed_with == 1000

    asyncio.run(play())


@pytest.mark.parametrize("wait", ["future", "bare yield"])
def test_a_write_that_waits_is_finished_by_the_task_whatever_it_waits_on(wait: str) -> None:
    async def play() -> None:
        written: list[str] = []

        class Slow:
            async def send_text(self, text: str) -> None:
                if wait == "future":
                    await asyncio.sleep(0.001)
                else:
                    await asyncio.sleep(0)
                written.append(text)

            async def close(self, code: int = 1000) -> None:
                written.append(f"closed {code}")

        conn = Connection(Slow())  # type: ignore[arg-type]
        for text in ("a", "b", "c"):
            conn.send(text)
        conn.close()
        await conn.done()
        assert written == ["a", "b", "c", "closed 1000"]

    asyncio.run(play())
