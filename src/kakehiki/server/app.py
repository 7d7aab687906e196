"""The ASGI app of ``kakehiki serve``: the lobby over HTTP, each table over a WebSocket, and
the browser table's page (``/``, ``/r/{code}``) with its files (``/static/...``).

One event loop owns every room, so a room changes only between two awaits and needs no
lock.  After each change the room's new frames go to every connection of every seat
(each through its own queue: a slow client never holds up a table), and a timer is set
for the table's next deadline (a window closing, a turn timer, a grace running out).
See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import json
import logging
import mimetypes
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from pathlib import Path
from typing import Any, Final, TypeVar

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from kakehiki.manifest import find
from kakehiki.server.catalog import games_catalog
from kakehiki.server.collector import keep_pauses_short
from kakehiki.server.connection import Connection, RateLimiter
from kakehiki.server.guard import SECURITY_HEADERS, SOCKETS_PER_ADDRESS, AddressLimits, HostNames
from kakehiki.server.host import LobbyWrite, RoomHost
from kakehiki.server.leases import RENEW_EVERY, Leases
from kakehiki.server.protocol import (
    ClientMessage,
    ProtocolError,
    chat_frame,
    chat_text,
    encode,
    error_frame,
    parse_client_message,
)
from kakehiki.server.rooms import Room
from kakehiki.server.rules import rules_page
from kakehiki.server.settings import RequestError
from kakehiki.server.store import Store, StoreError
from kakehiki.thinking import BUDGET, Thinkers

R = TypeVar("R")

LOG = logging.getLogger("kakehiki.serve")
MAX_BODY: Final = 16_384
BODY_SECONDS: Final = 10.0
"""How long a request body may take to arrive whole (a client that sends half of one and
waits holds nothing longer than this)."""
BOT_THREADS: Final = 4
"""Worker threads the bots of all rooms think on: the loop never waits for a bot."""
EXPIRY_CHECK: Final = 60.0
"""How often the rooms left in the lobby too long are looked for."""
MOVED: Final = 1012
"""The close code when another process took the room over: reconnect (through the proxy, to it)."""
STORE_FAILED: Final = 1011
"""The close code when the store fails: not the normal 1000, so the page knows it was no goodbye."""
HELLO_TIMEOUT: Final = 30.0
TICK: Final = 0.02
"""How often the clocks of the rooms are looked at (a window closes at most this late)."""
WRITE_TICK: Final = 0.01
"""A store transaction starts at most this often: the changes of every room made meanwhile are
stored together, in one transaction, before any of their frames go out (at most this much later)."""
ROOMS_PER_MINUTE: Final = 30
"""Rooms one address may make in a minute."""
STATIC: Final = Path(__file__).resolve().parent / "static"
"""The browser table's files, shipped in the package (``server/static/*`` is package data)."""
PAGE_TYPES: Final = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
                     ".png": "image/png", ".json": "application/json", ".woff2": "font/woff2"}
"""The page's file types, set here rather than left to the system's tables (some map ``.js`` to
``text/plain``, which a browser refuses to run)."""
for _suffix, _type in PAGE_TYPES.items():
    mimetypes.add_type(_type, _suffix)
NO_CACHE: Final = {"cache-control": "no-cache"}
"""The page's files change with each release: a browser checks (cheaply, by ETag) before reusing one."""


class Server:
    """The rooms and their connections; the routes below call into it."""

    def __init__(self, store: Store, allowed_origins: Sequence[str] = (),
                 rooms_per_minute: int = ROOMS_PER_MINUTE, shard: tuple[int, int] = (0, 1),
                 host_names: Sequence[str] = ()) -> None:
        self.bot_workers = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="bots")
        self.host = RoomHost(store, shard=shard, thinkers=Thinkers(self.bot_workers, BUDGET))
        self.host.on_thought = self._thought
        self.host.deferred = True
        self.writer = None if store.shared_connection else ThreadPoolExecutor(1, thread_name_prefix="store")
        """The one thread that writes the ticks' transactions (none for an in-memory SQLite store,
        whose one connection cannot be shared between threads)."""
        self.after_stored: list[Callable[[], None]] = []
        """What waits to be told until the lobby's writes made so far are stored."""
        self.opening: set[str] = set()
        """Rooms just started whose people are not yet told: their next frames open with the
        room (now playing) and the deal's events (:meth:`_send`)."""
        self.welcoming: dict[str, list[Connection]] = {}
        """Per room, connections that said hello while the room had changes not yet stored:
        they are welcomed once those are (stored before told)."""
        self.unstored: set[str] = set()
        """The rooms whose changes the tick's transaction is writing now."""
        self._flushing: asyncio.Task[None] | None = None
        self._leasing: asyncio.Task[None] | None = None
        """The lease round under way (its store's part on the writer thread), if any."""
        self._flushed_at = 0.0
        """When the last transaction started (the loop's clock): the next waits for its tick."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The loop that owns every room (set once it runs): bots' workers hand results back to it."""
        self.allowed_origins = frozenset(o.rstrip("/").lower() for o in allowed_origins)
        origin_hosts = (o.split("://", 1)[-1] for o in self.allowed_origins)
        self.host_names = HostNames((*host_names, *origin_hosts))
        self.limits = AddressLimits()
        self.listeners: dict[str, dict[int | None, set[Connection]]] = {}
        self.deadlines: dict[str, float] = {}
        self.due: list[tuple[float, str]] = []
        self.rooms_per_minute = rooms_per_minute
        self.creators = RateLimiter(rooms_per_minute / 60.0, rooms_per_minute)

    # -- sending -------------------------------------------------------------------------------
    def publish(self, room: Room) -> None:
        """Send every seat (and the spectators) its new frames once what changed is stored
        (stored before told): the room waits for the tick's one transaction (:meth:`_flush`)."""
        self.host.dirty[room.code] = room
        self._kick()

    def when_stored(self, send: Callable[[], None]) -> None:
        """Call ``send`` (it tells people of a change of the lobby) once the lobby's writes made so
        far are stored, at the next tick."""
        self.after_stored.append(send)
        self._kick()

    def _kick(self) -> None:
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush())

    async def store_lobby(self) -> None:
        """Make the lobby's queued writes on the writer thread, in order (the loop goes on), then
        send what waited for them.  A room whose write the store refused is dropped, its people
        told (:meth:`store_failed`); a caller that made the room finds it no longer held."""
        writes, waiting = self.host.take_lobby_writes(), self.after_stored
        self.after_stored = []
        if writes:
            failed = await self._off_loop(functools.partial(store_in_order, self.host.store, writes))
            for code, exc in failed.items():
                room = self.host.rooms.get(code)
                self.host.dirty.pop(code, None)
                if room is not None:
                    self.store_failed(room, exc)
        for send in waiting:
            send()

    async def stored(self, room: Room) -> None:
        """Wait until ``room``'s lobby writes are stored; :class:`StoreError` if they were refused."""
        await self.store_lobby()
        if self.host.rooms.get(room.code) is not room:
            raise StoreError(f"room {room.code}: the store refused it")

    async def _flush(self) -> None:
        """Write every waiting room's changes in one transaction (on the writer thread, so the
        loop goes on), then send the frames of the rooms with nothing left to store.  A room
        that changed again meanwhile waits for the next round; rounds go on while any waits."""
        loop = asyncio.get_running_loop()
        while self.host.dirty or self.host.lobby_writes or self.after_stored:
            await asyncio.sleep(max(0.0, self._flushed_at + WRITE_TICK - loop.time()))  # the tick gathers
            self._flushed_at = loop.time()
            await self.store_lobby()  # a room is stored before its first actions, and told of after
            changes, rooms = self.host.take_changes()
            self.unstored = {room.code for room in rooms}
            try:
                if changes:
                    await self._off_loop(functools.partial(self.host.store.write, changes))
            except StoreError as exc:
                for room in rooms:
                    self.store_failed(room, exc)
                continue
            except Exception:  # a bug: say so; the rooms' frames go out with their next change
                LOG.exception("storing a tick of %d rooms failed", len(rooms))
                for room in rooms:  # nobody who said hello is left waiting for that change
                    for conn in self.welcoming.pop(room.code, []):
                        self._welcome(room, conn)
                continue
            finally:
                self.unstored = set()
            for room in rooms:
                if room.code not in self.host.dirty and self.host.rooms.get(room.code) is room:
                    self._send(room)

    async def _off_loop(self, work: Callable[[], R]) -> R:
        """``work()`` on the writer thread (inline for an in-memory store, which has none): a
        tick's transaction, the lobby's writes, a read of the store, a lease's write."""
        if self.writer is None:
            return work()
        return await asyncio.get_running_loop().run_in_executor(self.writer, work)

    async def find(self, code: object) -> Room | None:
        """The room ``code`` names, held here or (finished) read back from the store on the
        writer thread; ``None`` if none."""
        if not isinstance(code, str) or not 0 < len(code) <= 12:
            return None
        room = self.host.rooms.get(code)
        if room is not None:
            return room
        return self.host.found(code, await self._off_loop(functools.partial(self.host.store.room, code)))

    async def holder(self, code: str) -> str | None:
        """The address of the process that holds room ``code``: this one if it holds it or takes it
        over now (its holder gone; read and claimed on the writer thread); ``None`` without leases."""
        host, leases = self.host, self.host.leases
        if leases is None:
            return None
        room = host.rooms.get(code)
        if room is not None and room.status != "over":
            return leases.address
        elsewhere, claimed = await self._off_loop(functools.partial(host.read_holder, code))
        if elsewhere is not None:
            return elsewhere
        if claimed is not None and host.adopt(claimed):
            LOG.warning("room %s: taken over (its server was gone)", code)
        return leases.address

    def _send(self, room: Room) -> None:
        """Send every seat (and the spectators) its new frames, one frame per connection (a
        game just started opens with the room and the deal); welcome the connections that
        waited for this change to be stored; then set the room's timer."""
        seats: list[int | None] = [*range(len(room.seats)), None]
        conns = self.listeners.get(room.code, {})
        over, moment = room.status == "over", room.moment()
        waiting = self.welcoming.pop(room.code, [])
        opening = room.code in self.opening
        self.opening.discard(room.code)
        lead = [{"type": "room", "room": room.public()}] if opening else []
        for seat in seats:
            told = list(room.history.get(seat, ())) if opening else []  # the deal's events
            messages = [*told, *room.take_messages(seat)]
            targets = conns.get(seat)
            if not targets:
                continue
            state = [] if room.sent.get(seat) == moment else [room.state_frame(seat)]
            room.sent[seat] = moment
            by_lang: dict[str, str | None] = {}
            for conn in targets:
                if conn in waiting:
                    continue  # its welcome below tells it all this
                if conn.lang not in by_lang:
                    by_lang[conn.lang] = one_frame([*lead, *room.message_frames(seat, messages, conn.lang), *state])
                text = by_lang[conn.lang]
                if text is not None:
                    conn.send(text)
                if over and state:  # once, with the last state
                    conn.send(encode(room.over_frame()))
        room.forget_refs()
        for conn in waiting:
            if conn in conns.get(conn.seat, ()):
                self._welcome(room, conn)
        self._set_timer(room)

    def publish_room(self, room: Room) -> None:
        """Tell every connection of the room its public information changed (seats, status)."""
        frame = encode({"type": "room", "room": room.public()})
        for conn in self.welcomed(room.code):
            conn.send(frame)

    def welcomed(self, code: str) -> Iterator[Connection]:
        """Every connection of room ``code`` that had its welcome (one still waiting for it is
        told everything with it)."""
        waiting = self.welcoming.get(code, ())
        for targets in self.listeners.get(code, {}).values():
            yield from (conn for conn in targets if conn not in waiting)

    def _forget(self, code: str) -> None:
        """Room ``code`` is no longer held here: nobody waits to be told of it."""
        self.opening.discard(code)
        self.welcoming.pop(code, None)

    def _set_timer(self, room: Room) -> None:
        """Note when the room's table next has something to do (see :meth:`tick`)."""
        table = room.table
        deadline = table.next_deadline() if table is not None and room.status == "playing" else None
        if deadline is None:
            self.deadlines.pop(room.code, None)
        elif self.deadlines.get(room.code) != deadline:
            self.deadlines[room.code] = deadline
            heapq.heappush(self.due, (deadline, room.code))

    async def tick(self) -> None:
        """Poll every room whose deadline came, every :data:`TICK` seconds.  (One clock for all
        rooms: a heap of deadlines, each checked against the room's latest when it comes up.)"""
        expiry = time.monotonic() + EXPIRY_CHECK
        renewal = time.monotonic() + RENEW_EVERY
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            if now >= expiry:
                expiry = now + EXPIRY_CHECK
                self.expire_lobbies()
            if now >= renewal and self.host.leases is not None:
                renewal = now + RENEW_EVERY
                if self._leasing is None or self._leasing.done():
                    self._leasing = asyncio.get_running_loop().create_task(self.lease_round())
            while self.due and self.due[0][0] <= now:
                deadline, code = heapq.heappop(self.due)
                room = self.host.rooms.get(code)
                if room is not None and self.deadlines.get(code) == deadline:
                    del self.deadlines[code]
                    self._on_timer(room)

    def _thought(self, code: str) -> None:
        """From a bot's worker: poll the room on the loop, which owns it, now that a bot has decided."""
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the server is stopping
                self.loop.call_soon_threadsafe(self._poll_now, code)

    def _poll_now(self, code: str) -> None:
        room = self.host.rooms.get(code)
        if room is not None and room.status == "playing":
            self._on_timer(room)

    async def lease_round(self) -> None:
        """Renew this process's leases (a room it lost goes, its sockets told to reconnect, which
        brings them to the holder), then take over the rooms whose holder is gone.  The store's
        part runs on the writer thread, after the lobby's writes made so far (so the leases of
        the rooms made until then are stored before they are renewed)."""
        host, leases = self.host, self.host.leases
        if leases is None:
            return
        try:
            await self.store_lobby()
            known = [code for code, room in host.rooms.items() if room.status != "over"]
            lost = host.drop_lost(await self._off_loop(leases.renew), known)
            claimed = await self._off_loop(functools.partial(host.claim_orphans, frozenset(host.rooms)))
        except StoreError:
            LOG.exception("renewing the leases failed")
            return
        taken = [stored.room.code for stored in claimed if host.adopt(stored)]
        for code in lost:
            self._forget(code)
            for targets in self.listeners.pop(code, {}).values():
                for conn in targets:
                    conn.send(encode(error_frame("moved", "another server holds this room now: reconnecting")))
                    conn.close(MOVED)
        for code in taken:
            LOG.warning("room %s: taken over (its server was gone)", code)
            self._set_timer(self.host.rooms[code])

    def expire_lobbies(self) -> None:
        """Forget the rooms left in the lobby too long (in the store at the next tick); whoever
        still waits there is told."""
        expired = self.host.expire_lobbies()
        if expired:
            self._kick()
        for code in expired:
            self._forget(code)
            for targets in self.listeners.pop(code, {}).values():
                for conn in targets:
                    conn.send(encode(error_frame("expired", "this room waited too long to start and is gone: "
                                                            "make a new one")))
                    conn.close()

    def store_failed(self, room: Room, exc: StoreError) -> None:
        """The store refused a change: nothing more is played in the room until a restart,
        and every connection of it is told so and closed (not with the normal code)."""
        LOG.error("room %s: the store failed: %s", room.code, exc)
        self.host.rooms.pop(room.code, None)  # what is in memory past the store is dropped: a restart resumes it
        self._forget(room.code)
        frame = encode(error_frame("store_failed", "the server cannot save this game now: nothing more "
                                                   "is played until it can (reconnect later)"))
        for targets in self.listeners.get(room.code, {}).values():
            for conn in targets:
                conn.send(frame)
                conn.close(STORE_FAILED)
        self.deadlines.pop(room.code, None)

    def _on_timer(self, room: Room) -> None:
        was, replaced = room.status, _replaced(room)
        try:
            self.host.poll(room)
            self.publish(room)
        except StoreError as exc:
            self.store_failed(room, exc)
        except Exception:  # a bug: say so in the log and keep the room's clock running
            LOG.exception("room %s: the timer failed", room.code)
            self._set_timer(room)
        if room.status != was or _replaced(room) != replaced:  # the end, or a bot stands in after a grace
            self.publish_room(room)

    # -- connections -------------------------------------------------------------------------------
    def attach(self, room: Room, conn: Connection) -> None:
        """A client that said hello: its seat is back (if it was away), then it is welcomed."""
        seats = self.listeners.setdefault(room.code, {})
        first = conn.seat is not None and not seats.get(conn.seat)
        if first and conn.seat is not None:
            room.present.add(conn.seat)
            self.host.connected(room, conn.seat)
            self.publish(room)
        seats.setdefault(conn.seat, set()).add(conn)
        self.welcome(room, conn)
        if first:
            self.publish_room(room)

    def move(self, room: Room, conn: Connection, seat: int) -> None:
        """In the lobby, every connection of a seat follows its person to the new seat."""
        seats = self.listeners.setdefault(room.code, {})
        moved = seats.pop(conn.seat, set())
        if conn.seat is not None:
            room.present.discard(conn.seat)
        room.present.add(seat)
        for other in moved:
            other.seat = seat
        seats.setdefault(seat, set()).update(moved)
        self.when_stored(lambda: self.publish_room(room))

    def started(self, room: Room) -> None:
        """The host started the game: once that is stored, each connection is sent one frame
        with the room (now playing), the deal's events as its seat sees them, and the state."""
        self.opening.add(room.code)
        self.publish(room)

    def detach(self, room: Room, conn: Connection) -> None:
        seats = self.listeners.get(room.code, {})
        targets = seats.get(conn.seat, set())
        targets.discard(conn)
        if conn.seat is not None and not targets:
            room.present.discard(conn.seat)
        if conn.seat is not None and not targets and room.code in self.host.rooms:
            self.host.disconnected(room, conn.seat)
            self.publish(room)
            self.publish_room(room)

    def welcome(self, room: Room, conn: Connection) -> None:
        """What a (re)connected client needs: the room, its seat, what it missed, the state now;
        once the room's changes made so far are stored (stored before told)."""
        if room.code in self.host.dirty or room.code in self.unstored:  # a start too: it is published
            self.welcoming.setdefault(room.code, []).append(conn)
            self._kick()
        else:
            self._welcome(room, conn)

    def _welcome(self, room: Room, conn: Connection) -> None:
        """The ``welcome`` frame, then one frame with the seat's history and the room's chat
        (both marked ``replay``) and the state, then ``over`` if the game has ended."""
        seat = conn.seat
        conn.send(encode({"type": "welcome", "room": room.public(), "seat": seat, "lang": conn.lang,
                          "host": seat is not None and room.seats[seat].token_hash == room.host_token_hash}))
        history = room.message_frames(seat, list(room.history.get(seat, ())), conn.lang)
        text = one_frame([*({**frame, "replay": True} for frame in history),
                          *({**said, "replay": True} for said in room.chat), room.state_frame(seat)])
        assert text is not None, "a state frame at least"
        conn.send(text)
        if self.listeners.get(room.code, {}).get(seat) == {conn}:
            room.sent[seat] = room.moment()  # the seat's only connection has this state now
        if room.status == "over":
            conn.send(encode(room.over_frame()))

    def origin_ok(self, conn: HTTPConnection) -> bool:
        """Browsers say where a page came from: only this server's own pages (scheme, name and
        port alike) or the allowed ones may use it.  A client that is no browser sends no
        ``Origin`` and is let in."""
        origin = conn.headers.get("origin")
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        secure = conn.url.scheme in ("https", "wss")
        own = f"{'https' if secure else 'http'}://{conn.headers.get('host', '').lower()}"
        return origin in self.allowed_origins or origin == own

    def address(self, conn: HTTPConnection) -> str:
        """The client's address (a proxy's ``X-Forwarded-For`` only when ``--trusted-proxy`` names it)."""
        return conn.client.host if conn.client else "?"

    async def lookup(self, conn: HTTPConnection, code: object) -> Room | None:
        """The room ``code`` names, or ``None``; lookups of unknown codes are limited per address."""
        room = await self.find(code)
        if room is None and not self.limits.may_probe(self.address(conn), time.monotonic()):
            per = self.limits.probes_per_minute
            raise RequestError("rate_limited", f"too many codes that name no room (at most {per} a minute "
                                               f"from one address): wait a minute", status=429)
        return room


def store_in_order(store: Store, writes: list[LobbyWrite]) -> dict[str, StoreError]:
    """Make the lobby's writes in order (on the writer thread); the rooms refused, with why.
    They are made in one transaction; if the store refuses any of them, all are rolled back
    and made again one by one, so that only the rooms refused lose theirs."""
    if len(writes) > 1:
        with contextlib.suppress(StoreError):
            store.together(functools.partial(_each_write, writes, stop=True))
            return {}
    return _each_write(writes)


def _each_write(writes: list[LobbyWrite], stop: bool = False) -> dict[str, StoreError]:
    """Make the writes one by one; a room refused once has its later writes skipped (they
    follow from the first).  ``stop``: raise at the first refusal instead."""
    failed: dict[str, StoreError] = {}
    for code, write in writes:
        if code in failed:
            continue
        try:
            write()
        except StoreError as exc:
            if stop:
                raise
            failed[code] = exc
    return failed


def one_frame(frames: list[dict[str, Any]]) -> str | None:
    """What one change tells one seat, as one frame: itself if it is alone, else a ``change``
    frame listing them in order (events, notices, then the state); ``None`` for nothing."""
    if not frames:
        return None
    return encode(frames[0] if len(frames) == 1 else {"type": "change", "frames": frames})


# -- HTTP ------------------------------------------------------------------------------------------
def _error(exc: RequestError) -> JSONResponse:
    body = {"error": {"code": exc.code, "message": str(exc), **({"field": exc.field} if exc.field else {})}}
    return JSONResponse(body, status_code=exc.status)


async def _body(request: Request) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise RequestError("too_large", f"a request body may be at most {MAX_BODY} bytes", status=413)
    try:
        raw = await asyncio.wait_for(_read_body(request), BODY_SECONDS)
    except TimeoutError:
        raise RequestError("slow_body", f"the request body did not arrive within {BODY_SECONDS:g} s",
                           status=408) from None
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise RequestError("bad_json", "the body must be a JSON object (this is not valid JSON)") from None
    if not isinstance(data, dict):
        raise RequestError("bad_json", "the body must be a JSON object")
    return data


async def _read_body(request: Request) -> bytes:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise RequestError("too_large", f"a request body may be at most {MAX_BODY} bytes", status=413)
    return raw


Handler = Callable[[Server, Request], Awaitable[Response]]


def _route(handler: Handler, check_origin: bool = False) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        server: Server = request.app.state.server
        try:
            if check_origin and not server.origin_ok(request):
                raise RequestError("bad_origin", "requests from another site's pages are refused", status=403)
            return await handler(server, request)
        except RequestError as exc:
            return _error(exc)
        except StoreError as exc:
            LOG.error("%s %s: the store failed: %s", request.method, request.url.path, exc)
            return _error(RequestError("store_failed", "the server cannot save anything now: try again later",
                                       status=503))
    return endpoint


async def list_games(server: Server, request: Request) -> Response:
    return JSONResponse(games_catalog())


async def game_rules(server: Server, request: Request) -> Response:
    return JSONResponse(rules_page(request.path_params["game"], request.query_params.get("lang", "en")))


async def create_room(server: Server, request: Request) -> Response:
    client = request.client.host if request.client else "?"
    if not server.creators.take(client, time.monotonic()):
        limit = server.rooms_per_minute
        raise RequestError("rate_limited", f"at most {limit} rooms a minute from one address", status=429)
    room, seat, token = server.host.create(await _body(request))
    await server.stored(room)
    return JSONResponse({"code": room.code, "seat": seat, "token": token, "invite": f"/r/{room.code}",
                         "room": room.public()}, status_code=201)


async def _room(server: Server, request: Request) -> Room:
    code = request.path_params["code"]
    room = await server.lookup(request, code)
    if room is None:
        raise RequestError("no_room", f"no room {str(code)[:20]!r}", "code", status=404)
    return room


async def show_room(server: Server, request: Request) -> Response:
    return JSONResponse((await _room(server, request)).public())


async def join_room(server: Server, request: Request) -> Response:
    room = await _room(server, request)
    body = await _body(request)
    seat, token = server.host.join(room.code, body.get("nickname"), body.get("seat"))
    await server.stored(room)
    server.publish_room(room)
    return JSONResponse({"code": room.code, "seat": seat, "token": token, "room": room.public()})


async def room_record(server: Server, request: Request) -> Response:
    room = await _room(server, request)
    if room.record is None:
        raise RequestError("not_over", "the record is there once the game is over", status=409)
    headers = {"content-disposition": f'attachment; filename="kakehiki-{room.code}.json"'}
    return JSONResponse(room.record, headers=headers)


async def owner(server: Server, request: Request) -> Response:
    """Who holds a room (for the proxy's lookup): ``X-Owner: HOST:PORT``, taking the room over
    first if its holder is gone.  Only where several processes share the store (``--advertise``)."""
    code = request.path_params.get("code") or _room_code(request.headers.get("x-original-uri", ""))
    held = await server.holder(code)
    if held is None:
        raise RequestError("not_found", "this server runs alone: no lookup of holders", status=404)
    room = server.host.rooms.get(code)
    if room is not None and room.table is not None:
        server._set_timer(room)
    return JSONResponse({"code": code, "owner": held}, headers={"x-owner": held})


ROOM_URI: Final = re.compile(r"^/api/rooms/([A-Za-z0-9]{1,12})(?:[/?].*)?$")


def _room_code(uri: str) -> str:
    """The room code in a proxied request's original URI (``/api/rooms/CODE/...``), or ``""``."""
    found = ROOM_URI.match(uri)
    return found.group(1) if found else ""


async def health(server: Server, request: Request) -> Response:
    return JSONResponse({"ok": True, "rooms": len(server.host.rooms)})


# -- the browser table's page ---------------------------------------------------------------------
async def page(request: Request) -> Response:
    """The one page of the browser table, at ``/`` and at every invitation ``/r/{code}``.  A code
    that names no room still gets the page: the page asks for the room and shows the error."""
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8", headers=NO_CACHE)


async def game_page(request: Request) -> Response:
    """A game's renderer, ``/games/{id}/page.js``: the module its manifest names in its folder (404 for
    a game without one), checked again before reuse like the page's other files."""
    found = find(request.path_params["game"])
    if found is None or found.page is None:
        raise HTTPException(404)
    path = Path(str(files(found.package).joinpath(found.page)))
    if not path.is_file():
        raise HTTPException(404)
    response = FileResponse(path, media_type="text/javascript; charset=utf-8", headers=NO_CACHE,
                            stat_result=path.stat())
    if request.headers.get("if-none-match") == response.headers["etag"]:
        return Response(status_code=304, headers={"etag": response.headers["etag"], **NO_CACHE})
    return response


class PageFiles(StaticFiles):
    """The page's scripts, styles and images, each to be checked again before it is reused."""

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(NO_CACHE)
        return response


# -- the table socket ------------------------------------------------------------------------------
async def table_socket(websocket: WebSocket) -> None:
    server: Server = websocket.app.state.server
    if not server.origin_ok(websocket):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    address = server.address(websocket)
    if not server.limits.open_socket(address):
        await websocket.accept()
        limit = server.limits.sockets
        await websocket.send_text(encode(error_frame("too_many_sockets", f"at most {limit} open table sockets "
                                                                          f"from one address: close some first")))
        await websocket.close(code=1013)
        return
    try:
        await _table(server, websocket)
    finally:
        server.limits.close_socket(address)


async def _table(server: Server, websocket: WebSocket) -> None:
    try:
        room = await server.lookup(websocket, websocket.path_params["code"])
    except RequestError as exc:
        await websocket.accept()
        await websocket.send_text(encode(error_frame(exc.code, str(exc))))
        await websocket.close(code=1013)
        return
    await websocket.accept()
    if room is None:
        await websocket.send_text(encode(error_frame("no_room", "no such room")))
        await websocket.close(code=4404)
        return
    conn = Connection(websocket)
    try:
        if await _greet(server, room, conn):
            server.attach(room, conn)
            await _serve(server, room, conn)
    except WebSocketDisconnect:
        pass
    finally:
        server.detach(room, conn)
        conn.close()
        await conn.done()


async def _greet(server: Server, room: Room, conn: Connection) -> bool:
    """Wait for a good ``hello``: with a seat token it is that seat, without one a spectator."""
    while True:
        try:
            raw = await asyncio.wait_for(conn.receive(), HELLO_TIMEOUT)
        except TimeoutError:
            conn.send(encode(error_frame("hello_timeout", f"no hello within {HELLO_TIMEOUT:g} seconds: goodbye")))
            return False
        if raw is None:
            return False
        try:
            message = parse_client_message(raw)
            if message.type != "hello":
                raise ProtocolError("hello_first", "say hello first (with your seat token, or none to watch)")
            token = message.get("token")
            conn.seat = room.seat_for_token(token) if token is not None else None
            conn.lang = message.get("lang", "en")
        except (ProtocolError, RequestError) as exc:
            conn.send(encode(error_frame(getattr(exc, "code", "bad_message"), str(exc))))
            continue
        return True


async def _serve(server: Server, room: Room, conn: Connection) -> None:
    status = room.status
    while True:
        raw = await conn.receive()
        if raw is None:
            return
        if not conn.limiter.take("", time.monotonic()):
            conn.send(encode(error_frame("rate_limited", "too many messages: slow down (nothing was done)")))
            continue
        try:
            _dispatch(server, room, conn, parse_client_message(raw))
        except StoreError as exc:
            server.store_failed(room, exc)
            return
        except ProtocolError as exc:
            conn.send(encode(error_frame(exc.code, str(exc), exc.ref)))
        except RequestError as exc:
            conn.send(encode(error_frame(exc.code, str(exc), _ref(raw))))
        else:
            if room.status == "over" != status:  # an action ended the game (a start says so itself)
                server.publish_room(room)
        status = room.status


def _replaced(room: Room) -> frozenset[int]:
    return frozenset(room.table.replaced) if room.table is not None else frozenset()


def _ref(raw: str | bytes) -> str | int | None:
    """The ``ref`` of a message already checked (to echo it with an error about the room)."""
    try:
        ref: str | int | None = parse_client_message(raw).get("ref")
        return ref
    except ProtocolError:
        return None


def _dispatch(server: Server, room: Room, conn: Connection, message: ClientMessage) -> None:
    seat, kind, ref = conn.seat, message.type, message.get("ref")
    if kind == "ping":
        conn.send(encode({"type": "pong", **({"ref": ref} if ref is not None else {})}))
    elif kind == "sync":
        server.welcome(room, conn)
    elif kind == "lang":
        conn.lang = message.get("lang")
    elif kind == "earlier":
        conn.send(encode({**room.earlier_frame(seat, message.get("field"), message.get("before")),
                          **({"ref": ref} if ref is not None else {})}))
    elif kind == "hello":
        raise ProtocolError("hello_twice", "this connection has said hello already", ref)
    elif seat is None:
        raise ProtocolError("spectator", "a spectator watches: only a seat may act, sit, start, play again or chat",
                            ref)
    elif kind in ("chat", "react"):
        _chat(server, room, conn, seat, message)
    elif kind == "act":
        at = len(room.table.actions) if room.table is not None else 0
        room.answered(seat, server.host.act(room, seat, message.get("action"), message.get("at")), ref, at)
        server.publish(room)
    elif kind == "sit":
        server.move(room, conn, server.host.sit(room, seat, message.get("seat")))
    elif kind == "start":
        server.host.start(room, seat)
        server.started(room)
    elif kind == "again":
        _again(server, room, conn, seat)


def _chat(server: Server, room: Room, conn: Connection, seat: int, message: ClientMessage) -> None:
    """A chat line or a reaction: to every connection of the room (spectators read it too)."""
    if not conn.chats.take("", time.monotonic()):
        raise ProtocolError("chat_rate", "too much chat: wait a few seconds (that line was not sent)",
                            message.get("ref"))
    text = chat_text(message.get("text")) if message.type == "chat" else None
    frame = chat_frame(seat, room.seats[seat].label(seat), text, message.get("emoji"))
    room.chat.append(frame)
    encoded = encode(frame)
    for target in server.welcomed(room.code):
        target.send(encoded)


def _again(server: Server, room: Room, conn: Connection, seat: int) -> None:
    """Play again: the first ``again`` tells every connection of the room where (``next``);
    a later one, already told, answers its own connection only."""
    first = room.made_next is None and room.next is None
    server.host.again(room, seat)
    if first:
        server.when_stored(lambda: server.publish_room(room))
    else:
        conn.send(encode({"type": "room", "room": room.public()}))


# -- the app ---------------------------------------------------------------------------------------
def create_app(store_url: str, allowed_origins: Sequence[str] = (),
               rooms_per_minute: int = ROOMS_PER_MINUTE, shard: tuple[int, int] = (0, 1),
               host_names: Sequence[str] = (), sockets_per_address: int = SOCKETS_PER_ADDRESS,
               advertise: str | None = None, own_process: bool = False) -> Guarded:
    """The app, storing its rooms at ``store_url`` (a SQLite path or a PostgreSQL URL); the
    ``shard``-th ``(k, n)`` of n processes sharing that store; answering to the ``Host``
    names ``host_names`` besides addresses and ``localhost`` (see :class:`HostNames`).
    ``own_process``: the process is the server's alone (``kakehiki serve``), so the server may
    tune its garbage collector (:mod:`kakehiki.server.collector`)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(store_url)
        store.check_writable()
        server = Server(store, allowed_origins, rooms_per_minute, shard, host_names)
        server.limits = AddressLimits(sockets=sockets_per_address)
        if advertise is not None:
            server.host.leases = Leases(store, advertise, time.time)
        server.loop = asyncio.get_running_loop()
        server.host.restore()
        app.state.server = server
        for room in server.host.rooms.values():
            server._set_timer(room)
        ticker = asyncio.create_task(server.tick())
        collector = asyncio.create_task(keep_pauses_short()) if own_process else None
        try:
            yield
        finally:
            ticker.cancel()
            if server._leasing is not None:
                server._leasing.cancel()
            if collector is not None:
                collector.cancel()
            server.bot_workers.shutdown(wait=False, cancel_futures=True)
            if server._flushing is not None:
                with contextlib.suppress(Exception):
                    await server._flushing  # what was accepted is stored before the store closes
            if server.writer is not None:
                server.writer.shutdown(wait=True)
            store.close()

    routes = [
        Route("/api/games", _route(list_games)),
        Route("/api/games/{game}/rules", _route(game_rules)),
        Route("/api/rooms", _route(create_room, check_origin=True), methods=["POST"]),
        Route("/api/rooms/{code}", _route(show_room)),
        Route("/api/rooms/{code}/join", _route(join_room, check_origin=True), methods=["POST"]),
        Route("/api/rooms/{code}/record", _route(room_record)),
        Route("/healthz", _route(health)),
        Route("/_owner", _route(owner)),
        Route("/_owner/{code}", _route(owner)),
        WebSocketRoute("/api/rooms/{code}/ws", table_socket),
        Route("/", page),
        Route("/r/{code}", page),
        Route("/games/{game}/page.js", game_page),
        Mount("/static", PageFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: _http_error})
    return Guarded(app)


class Guarded:
    """The app behind two checks every request passes: its ``Host`` must be one this server
    answers to (no DNS rebinding), and every HTTP answer carries :data:`SECURITY_HEADERS`.

    A table socket goes straight to :func:`table_socket`, past Starlette's middleware and router:
    they add a dozen coroutines and closures to every open socket (which the garbage collector
    then walks, at every full collection, for as long as the socket is open) and two wrappers to
    every frame sent, and do nothing for a socket that :func:`table_socket` does not already do."""

    def __init__(self, app: Starlette) -> None:
        self.app = app

    @property
    def state(self) -> Any:
        return self.app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        server: Server | None = getattr(self.app.state, "server", None)
        host = dict(scope.get("headers") or []).get(b"host")
        if server is not None and not server.host_names.allows(host.decode("latin-1") if host else None):
            await _refuse_host(scope, send)
            return
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)


    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = TABLE_SOCKET.match(scope.get("path", ""))
        if found is None:
            await self.app(scope, receive, send)  # the router closes it, as for any unknown path
            return
        scope["app"] = self.app
        scope["path_params"] = {"code": found.group(1)}
        await table_socket(WebSocket(scope, receive, send))


TABLE_SOCKET: Final = re.compile(r"^/api/rooms/([^/]+)/ws$")
"""The table socket's path (also routed in :func:`create_app`, for the record of routes)."""


async def _refuse_host(scope: Scope, send: Send) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": "unknown host name"})
        return
    body = json.dumps({"error": {"code": "bad_host", "message": "this server does not answer to that host name "
                                                               "(see kakehiki serve --host-name)"}}).encode()
    await send({"type": "http.response.start", "status": 421,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _http_error(request: Request, exc: Exception) -> Response:
    """A wrong path or method answers in the same JSON shape as every other error."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    code = {404: "not_found", 405: "bad_method"}.get(status, "http_error")
    detail = exc.detail if isinstance(exc, HTTPException) else "error"
    return JSONResponse({"error": {"code": code, "message": str(detail)}}, status_code=status)
