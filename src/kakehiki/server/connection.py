"""One client's socket: its seat, its language, its queue of frames and its message budget."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Coroutine, Generator
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

QUEUE_LIMIT: Final = 2000
"""Frames waiting for one slow client at most; past that it is disconnected (it can reconnect)."""
MESSAGES_PER_SECOND: Final = 20.0
BURST: Final = 40
"""A person clicks far slower; a script that plays faster is told to slow down."""
CHATS_PER_SECOND: Final = 0.5
CHAT_BURST: Final = 5
"""Chat lines and reactions together: five at once, then one every two seconds."""


class RateLimiter:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float) -> bool:
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        return True


class Connection:
    """A client on the table socket; frames are sent in order, each at once where the socket
    takes it (:meth:`send`).

    A frame is written the moment it is sent unless the socket is full (the client reads slower
    than the table moves): then the frames wait, in order, for a task that writes them as the
    socket drains.  (Most frames go out at once; a task step and a queue for every frame of
    every socket were a few per cent of the server's work.)"""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.lang = "en"
        self.waiting: deque[str] = deque()
        """Frames sent while an earlier one waits for the socket, written after it in order."""
        self.writing: asyncio.Task[None] | None = None
        """The task writing frames that had to wait, or closing the socket; ``None`` when idle."""
        self.limiter = RateLimiter(MESSAGES_PER_SECOND, BURST)
        self.chats = RateLimiter(CHATS_PER_SECOND, CHAT_BURST)
        self.closed = False
        self.close_code = 1000

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.writing is not None:
            if len(self.waiting) >= QUEUE_LIMIT:
                self.close()
                return
            self.waiting.append(text)
            return
        try:
            started = _start(self.websocket.send_text(text))
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.close()  # the socket failed: close it, so the client knows to reconnect
            return
        if started is not None:
            self.writing = asyncio.get_running_loop().create_task(self._write(started))

    def close(self, code: int = 1000) -> None:
        """Close once the frames sent so far are written, with ``code`` (1000: a normal goodbye)."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        if self.writing is None:
            self.writing = asyncio.get_running_loop().create_task(self._write(None))

    async def done(self) -> None:
        """Wait until the frames sent are written and, once closed, the socket too."""
        while (task := self.writing) is not None:
            await asyncio.wait({task})

    async def _write(self, started: _Started | None) -> None:
        """Finish the write that had to wait, then those sent meanwhile, in order; close the
        socket once :meth:`close` was called (or a write failed)."""
        try:
            try:
                if started is not None:
                    await started
                while self.waiting:
                    await self.websocket.send_text(self.waiting.popleft())
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.closed = True  # the socket failed: close it, so the client knows to reconnect
                self.waiting.clear()
            if self.closed:
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=self.close_code)
        finally:
            self.writing = None

    async def receive(self) -> str | bytes | None:
        """The client's next message, or ``None`` once it has gone."""
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect" or self.closed:
            return None
        text: str | bytes | None = message.get("text")
        return text if text is not None else message.get("bytes", b"")


class _Started:
    """A coroutine run by hand up to its first wait (:func:`_start`); awaiting it finishes it."""

    def __init__(self, coroutine: Coroutine[Any, Any, None], waits_on: object) -> None:
        self.coroutine, self.waits_on = coroutine, waits_on

    def __await__(self) -> Generator[Any, None, None]:
        """Go on as ``yield from`` would have (PEP 380): what the coroutine waits on goes to the
        task awaiting this, and what the task sends or throws back goes to the coroutine."""
        waits_on = self.waits_on
        while True:
            try:
                yield waits_on
            except BaseException as exc:  # handed to the coroutine, as yield from does
                try:
                    waits_on = self.coroutine.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    waits_on = self.coroutine.send(None)
                except StopIteration:
                    return


def _start(coroutine: Coroutine[Any, Any, None]) -> _Started | None:
    """Run ``coroutine`` until it finishes (``None``) or must wait (a :class:`_Started` to
    await).  Writing a frame to a socket that has room finishes at once, without a task."""
    try:
        waits_on = coroutine.send(None)
    except StopIteration:
        return None
    return _Started(coroutine, waits_on)
