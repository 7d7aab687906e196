"""One client's socket: its seat, its language, its queue of frames and its message budget."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

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
    """A client on the table socket; frames are sent in order by :meth:`write`."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.lang = "en"
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.limiter = RateLimiter(MESSAGES_PER_SECOND, BURST)
        self.chats = RateLimiter(CHATS_PER_SECOND, CHAT_BURST)
        self.closed = False
        self.close_code = 1000

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        """Close once the frames queued so far are sent, with ``code`` (1000: a normal goodbye)."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send the queued frames until the connection closes."""
        while (text := await self.queue.get()) is not None:
            try:
                await self.websocket.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                break  # the socket failed: close it, so the client knows to reconnect
        self.closed = True
        with contextlib.suppress(Exception):
            await self.websocket.close(code=self.close_code)

    async def receive(self) -> str | bytes | None:
        """The client's next message, or ``None`` once it has gone."""
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect" or self.closed:
            return None
        text: str | bytes | None = message.get("text")
        return text if text is not None else message.get("bytes", b"")
