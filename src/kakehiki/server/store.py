"""Where `kakehiki serve` keeps its rooms, so that a restart (or a crash) loses no game.

A room is kept as it happened, not as it stands: the room row (game, options, the seed
committed to, the host's token hash, the status), its seats, and an append-only log of
every action applied at the table (``kk_actions``, numbered 0, 1, 2 … within the room).
After a restart the server rebuilds each live table by replaying its log from the seed,
as a record replays, so the store never holds a game state and knows no game's rules.
Answers a seat gave that the table accepted but has not applied yet (a simultaneous
decision waiting for the others) are kept aside in ``kk_pending``, replaced wholesale.
A finished room that its people play again links to the new room in ``kk_rematches``
(one row, written with the new room, never changed after).  Every table is created where
missing when a store opens, so a database from before a table was added gains it as is.

The log is append-only for real: :meth:`Store.append_actions` takes the next numbers
only (a number already used, or one leaving a gap, is refused with :class:`StoreError`
and the log is left as it was), and nothing updates or deletes an action.  A finished
room (status ``over``) takes no more writes.

The server calls the store synchronously from its one event loop, so every call is
short: each write is one transaction (``engine.begin()``), committed when the call
returns; a read loads the rooms and then each child table with one query (no query per
room).  Errors from the database become :class:`StoreError` naming what was refused.

Backends: SQLite (a file path or ``sqlite:///path``; ``:memory:`` for tests) with WAL
journal mode, ``synchronous=NORMAL`` and foreign keys set on every connection, so a
committed transaction survives a kill of the process (not necessarily a power cut); or
PostgreSQL through psycopg 3 (``postgresql://`` or ``postgresql+psycopg://``), optionally
in a schema of its own.  The columns are portable: JSON is kept as text, and the seed
(up to 2**64-1, past a signed BIGINT) as its decimal text.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, RowMapping
from sqlalchemy.pool import StaticPool

from kakehiki.errors import KakehikiError, excerpt

T = TypeVar("T")

STATUSES: Final = ("lobby", "playing", "over")
LIVE: Final = ("lobby", "playing")
KINDS: Final = ("move", "host", "timeout")
CODE_LENGTH: Final = 12
SCHEMES: Final = ("sqlite", "sqlite+pysqlite", "postgresql", "postgresql+psycopg")
SQLITE_PRAGMAS: Final = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON")


class StoreError(KakehikiError):
    """A write the store refused (a taken room code, an action out of turn, an unknown or
    finished room) or a database it could not use; the message says which (passwords masked)."""


@dataclass(frozen=True)
class RoomRow:
    """One room as stored.  ``options`` and ``settings`` are opaque JSON objects to the store."""

    code: str
    game: str
    version: int
    options: dict[str, Any]
    settings: dict[str, Any]
    seats_count: int
    seed: int
    salt: str
    commitment: str
    host_token_hash: str
    status: str
    created_at: float
    started_at: float | None = None
    ended_at: float | None = None
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatRow:
    """One seat: who sits there (a nickname and the hash of their token) or which bot."""

    seat: int
    nickname: str | None
    token_hash: str | None
    bot: str | None


@dataclass(frozen=True)
class ActionRow:
    """One applied action: ``seq`` is its place in the room's log, ``seat`` None for the host."""

    seq: int
    round_no: int
    seat: int | None
    action: str
    kind: str
    at: float


@dataclass(frozen=True)
class RoomChange:
    """What one live room adds to the store in a tick: actions appended (numbered on from
    what the room has stored), its pending answers replaced (``None``: unchanged), and,
    once it is over, its end (``ended_at``, ``result``, ``record``)."""

    code: str
    actions: tuple[ActionRow, ...] = ()
    pending: Mapping[int, str] | None = None
    ended: tuple[float, dict[str, Any], dict[str, Any]] | None = None


@dataclass(frozen=True)
class StoredRoom:
    """A room with its seats (by seat), its log (by seq) and its pending answers (by seat)."""

    room: RoomRow
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]
    pending: dict[int, str]
    next: str | None = None
    """The room its people went on to play in (``again``), once there is one."""


@dataclass(frozen=True)
class _Tables:
    meta: sa.MetaData
    rooms: sa.Table
    seats: sa.Table
    actions: sa.Table
    pending: sa.Table
    rematches: sa.Table
    owners: sa.Table


def _define(schema: str | None) -> _Tables:
    meta = sa.MetaData(schema=schema)
    rooms = sa.Table(
        "kk_rooms",
        meta,
        sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("seats_count", sa.Integer, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("salt", sa.Text, nullable=False),
        sa.Column("commitment", sa.Text, nullable=False),
        sa.Column("host_token_hash", sa.Text, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, index=True),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("started_at", sa.Double),
        sa.Column("ended_at", sa.Double),
        sa.Column("result", sa.Text),
        sa.Column("record", sa.Text),
        sa.CheckConstraint("status IN ('lobby', 'playing', 'over')", name="kk_rooms_status"),
    )
    return _Tables(meta, rooms, _seats(meta, rooms), _actions(meta, rooms), _pending(meta, rooms),
                   _rematches(meta, rooms), _owners(meta, rooms))


def _room_key(rooms: sa.Table) -> sa.Column[Any]:
    return sa.Column("code", sa.String(CODE_LENGTH), sa.ForeignKey(rooms.c.code), primary_key=True)


def _seats(meta: sa.MetaData, rooms: sa.Table) -> sa.Table:
    return sa.Table(
        "kk_seats",
        meta,
        _room_key(rooms),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("nickname", sa.Text),
        sa.Column("token_hash", sa.Text),
        sa.Column("bot", sa.Text),
    )


def _actions(meta: sa.MetaData, rooms: sa.Table) -> sa.Table:
    return sa.Table(
        "kk_actions",
        meta,
        _room_key(rooms),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.CheckConstraint("kind IN ('move', 'host', 'timeout')", name="kk_actions_kind"),
    )


def _pending(meta: sa.MetaData, rooms: sa.Table) -> sa.Table:
    return sa.Table(
        "kk_pending",
        meta,
        _room_key(rooms),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
    )


def _rematches(meta: sa.MetaData, rooms: sa.Table) -> sa.Table:
    return sa.Table(
        "kk_rematches",
        meta,
        _room_key(rooms),
        sa.Column("next_code", sa.String(CODE_LENGTH), sa.ForeignKey(rooms.c.code), nullable=False, unique=True),
    )


def _owners(meta: sa.MetaData, rooms: sa.Table) -> sa.Table:
    """Which process holds each live room, where it listens, and until when its lease runs."""
    return sa.Table(
        "kk_owners",
        meta,
        _room_key(rooms),
        sa.Column("owner", sa.String(40), nullable=False, index=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("lease_until", sa.Double, nullable=False),
    )


@dataclass(frozen=True)
class Lease:
    """A room's holder: the process ``owner`` listening at ``address`` until ``until`` (wall clock)."""

    owner: str
    address: str
    until: float


class _LobbyStatements:
    """The lobby's writes, built once with bound parameters (``k_…``: the row's key): a server
    makes several for every table it opens, and building a statement costs more than running it."""

    def __init__(self, t: _Tables) -> None:
        rooms, seats = t.rooms, t.seats
        code: sa.BindParameter[str] = sa.bindparam("k_code")
        live = sa.exists().where(rooms.c.code == code, rooms.c.status.in_(LIVE))
        self.taken = sa.select(rooms.c.code).where(rooms.c.code == code)
        self.room = rooms.insert()
        self.seat = seats.insert()
        self.seat_change = seats.update().where(seats.c.code == code, seats.c.seat == sa.bindparam("k_seat"), live) \
            .values(nickname=sa.bindparam("nickname"), token_hash=sa.bindparam("token_hash"), bot=sa.bindparam("bot"))
        in_lobby = (rooms.c.code == code) & (rooms.c.status == "lobby")
        started: dict[str, Any] = {"status": sa.bindparam("status"), "started_at": sa.bindparam("started_at")}
        self.start = rooms.update().where(in_lobby).values(**started)
        self.start_with_settings = rooms.update().where(in_lobby).values(**started, settings=sa.bindparam("settings"))


class Store:
    """The rooms of one server, in SQLite or PostgreSQL (see the module's docstring).

    ``schema`` (PostgreSQL only) keeps the tables in a schema of their own, created if missing."""

    def __init__(self, url: str, *, schema: str | None = None) -> None:
        target = _parse(url)
        self.url_for_display = _mask(target.render_as_string(hide_password=True))
        if schema is not None and target.get_backend_name() != "postgresql":
            raise StoreError(f"a schema ({excerpt(schema)}) needs PostgreSQL, not {self.url_for_display}")
        self.engine: Engine = _engine(target)
        self._shared = threading.local()
        """The transaction that :meth:`together`'s writes share, per thread (none outside it)."""
        self._schema = schema
        self._t = _define(schema)
        self._made = _LobbyStatements(self._t)
        try:
            self.create_all()
        except StoreError:
            self.engine.dispose()
            raise

    def create_all(self) -> None:
        """Create the schema and the tables where missing (the constructor calls it)."""
        with self._writing("creating the tables") as conn:
            if self._schema is not None:
                conn.execute(sa.schema.CreateSchema(self._schema, if_not_exists=True))
            self._t.meta.create_all(conn)

    @property
    def shared_connection(self) -> bool:
        """Whether every call shares one connection (in-memory SQLite), so one thread must make them all."""
        return isinstance(self.engine.pool, StaticPool)

    def close(self) -> None:
        """Close every connection; the store is not used after."""
        self.engine.dispose()

    def create_room(self, room: RoomRow, seats: Sequence[SeatRow], follows: str | None = None) -> None:
        """Store a new room and its seats; a code already taken is refused.  With ``follows``,
        the room is that finished room's next one, linked in the same transaction: a room
        that is not over, or has a next room already, is refused and nothing is stored."""
        _check_code(room.code)
        _check_choice("status", room.status, STATUSES)
        made = self._made
        with self._writing(f"room {excerpt(room.code)}") as conn:
            if conn.execute(made.taken, {"k_code": room.code}).first() is not None:
                raise StoreError(f"room code {excerpt(room.code)} is taken")
            if follows is not None:
                self._check_follows(conn, follows)
            conn.execute(made.room, _room_values(room))
            if seats:
                conn.execute(made.seat, [_seat_values(room.code, seat) for seat in seats])
            if follows is not None:
                conn.execute(self._t.rematches.insert(), {"code": follows, "next_code": room.code})

    def _check_follows(self, conn: Connection, code: str) -> None:
        self._require(conn, code, ("over",), "be played again")
        rematches = self._t.rematches
        taken = conn.execute(sa.select(rematches.c.next_code).where(rematches.c.code == code)).scalar()
        if taken is not None:
            raise StoreError(f"room {excerpt(code)} is played again in {excerpt(taken)} already")

    def set_seat(self, code: str, seat: SeatRow) -> None:
        """Store one seat of a live room, replacing what sat there."""
        # only the seat's own columns: a key named as another column would be set as well
        changed = {"k_code": code, "k_seat": seat.seat, "nickname": seat.nickname, "token_hash": seat.token_hash,
                   "bot": seat.bot}
        with self._writing(f"room {excerpt(code)}: seat {seat.seat}") as conn:
            if conn.execute(self._made.seat_change, changed).rowcount:
                return  # the room is live (the update checks) and the seat was there
            self._require(conn, code, LIVE, "change a seat")
            conn.execute(self._made.seat, _seat_values(code, seat))

    def start(self, code: str, started_at: float, settings: dict[str, Any] | None = None) -> None:
        """A room in the lobby starts playing (its settings replaced when given)."""
        values: dict[str, Any] = {"k_code": code, "status": "playing", "started_at": started_at}
        with self._writing(f"room {excerpt(code)}: starting") as conn:
            if settings is None:
                started = conn.execute(self._made.start, values).rowcount
            else:
                started = conn.execute(self._made.start_with_settings, {**values, "settings": _dump(settings)}).rowcount
            if not started:  # not in the lobby (or gone): say which
                self._require(conn, code, ("lobby",), "start it")
                raise StoreError(f"room {excerpt(code)} did not start")

    def append_actions(self, code: str, rows: Sequence[ActionRow]) -> None:
        """Append to a live room's log, in one transaction: the rows must be numbered from the
        log's length on, one by one; anything else is refused and the log is left as it was."""
        if not rows:
            return
        actions = self._t.actions
        rooms = self._t.rooms
        last_seq = sa.select(sa.func.max(actions.c.seq)).where(actions.c.code == code).scalar_subquery()
        with self._writing(f"room {excerpt(code)}: appending actions") as conn:
            found = conn.execute(sa.select(rooms.c.status, last_seq).where(rooms.c.code == code)).first()
            self._check_status(code, None if found is None else found[0], LIVE, "append actions")
            last = None if found is None else found[1]
            _check_next(code, 0 if last is None else int(last) + 1, rows)
            conn.execute(actions.insert(), [_action_values(code, row) for row in rows])

    def write(self, changes: Sequence[RoomChange]) -> None:
        """Store the changes of many rooms in one transaction (a server's tick): all of them or,
        on any error, none.  The owner process alone writes its rooms' logs, so nothing is read
        first: a number already used in a log is refused by the key (``kk_actions``' primary
        key is the room and the number), and a room that is not live by the status check of
        the finishing update."""
        if not changes:
            return
        t = self._t
        rows = [_action_values(c.code, row) for c in changes for row in c.actions]
        cleared = [c.code for c in changes if c.pending is not None or c.ended is not None]
        refill = [{"code": c.code, "seat": seat, "action": action} for c in changes
                  if c.pending is not None and c.ended is None for seat, action in sorted(c.pending.items())]
        codes = ", ".join(excerpt(c.code) for c in changes[:3]) + (", …" if len(changes) > 3 else "")

        def store(conn: Connection) -> None:
            if rows:
                conn.execute(t.actions.insert(), rows)
            if cleared:
                conn.execute(t.pending.delete().where(t.pending.c.code.in_(cleared)))
            if refill:
                conn.execute(t.pending.insert(), refill)
            for c in changes:
                if c.ended is not None:
                    self._end(conn, c.code, *c.ended)

        self._transaction(f"rooms {codes}: storing {len(rows)} actions", store)

    def _transaction(self, what: str, work: Callable[[Connection], None]) -> None:
        """``work`` in one transaction, tried again once on a fresh connection when the first
        one had gone (a database restarted): nothing is checked before each use (no pre-ping:
        a round trip per transaction), and a stale connection costs one retry, not the tick.
        Inside :meth:`together`, in its transaction (a second connection would wait on it)."""
        if self._shared_conn() is not None:
            with self._writing(what) as conn:
                work(conn)
            return
        for attempt in (1, 2):
            try:
                with self.engine.begin() as conn:
                    work(conn)
                return
            except sa.exc.DBAPIError as exc:
                if attempt == 1 and exc.connection_invalidated:
                    continue
                raise StoreError(f"{what}: {_reason(exc)} ({self.url_for_display})") from exc

    def _end(self, conn: Connection, code: str, ended_at: float, result: dict[str, Any],
             record: dict[str, Any]) -> None:
        rooms = self._t.rooms
        values = {"status": "over", "ended_at": ended_at, "result": _dump(result), "record": _dump(record)}
        done = conn.execute(rooms.update().where(rooms.c.code == code, rooms.c.status.in_(LIVE)).values(values))
        if done.rowcount != 1:
            raise StoreError(f"room {excerpt(code)} is not live: cannot finish it")

    def set_pending(self, code: str, pending: Mapping[int, str]) -> None:
        """Replace a live room's pending answers (seat -> action text) by ``pending``."""
        table = self._t.pending
        with self._writing(f"room {excerpt(code)}: pending answers") as conn:
            self._require(conn, code, LIVE, "keep pending answers")
            conn.execute(table.delete().where(table.c.code == code))
            if pending:
                values = [{"code": code, "seat": seat, "action": action} for seat, action in sorted(pending.items())]
                conn.execute(table.insert(), values)

    def finish(self, code: str, ended_at: float, result: dict[str, Any], record: dict[str, Any]) -> None:
        """A live room is over: its result and record are kept and its pending answers dropped."""
        rooms, pending = self._t.rooms, self._t.pending
        values = {"status": "over", "ended_at": ended_at, "result": _dump(result), "record": _dump(record)}
        with self._writing(f"room {excerpt(code)}: finishing") as conn:
            self._require(conn, code, LIVE, "finish it")
            conn.execute(rooms.update().where(rooms.c.code == code).values(values))
            conn.execute(pending.delete().where(pending.c.code == code))

    def forget_lobby(self, code: str) -> None:
        """Delete a room that never started (its seats, and its link from the room it follows):
        a lobby left alone too long (see ``RoomHost.expire_lobbies``).  A started room is refused."""
        t = self._t
        with self._writing(f"room {excerpt(code)}: forgetting an unstarted room") as conn:
            self._require(conn, code, ("lobby",), "forget it")
            conn.execute(t.owners.delete().where(t.owners.c.code == code))
            conn.execute(t.rematches.delete().where(t.rematches.c.next_code == code))
            conn.execute(t.seats.delete().where(t.seats.c.code == code))
            conn.execute(t.rooms.delete().where(t.rooms.c.code == code))

    # -- leases: which process holds a room (several processes, one store) --------------------------
    def claim(self, code: str, lease: Lease, now: float) -> bool:
        """Hold ``code`` for ``lease.owner`` if nobody does, it already does, or the holder's lease
        ran out before ``now``; whether it is now the holder (one transaction: two processes
        claiming at once cannot both win)."""
        owners = self._t.owners
        values = {"owner": lease.owner, "address": lease.address, "lease_until": lease.until}
        with self._writing(f"room {excerpt(code)}: claiming") as conn:
            taken = conn.execute(owners.update().where(
                owners.c.code == code, sa.or_(owners.c.owner == lease.owner, owners.c.lease_until < now),
            ).values(values))
            if taken.rowcount == 1:
                return True
            if conn.execute(sa.select(owners.c.code).where(owners.c.code == code)).first() is not None:
                return False
            conn.execute(owners.insert(), {"code": code, **values})
            return True

    def renew(self, owner: str, until: float) -> set[str]:
        """Extend every lease ``owner`` holds to ``until``; the codes it still holds."""
        owners = self._t.owners
        with self._writing(f"renewing the leases of {excerpt(owner)}") as conn:
            conn.execute(owners.update().where(owners.c.owner == owner).values(lease_until=until))
            return {row[0] for row in conn.execute(sa.select(owners.c.code).where(owners.c.owner == owner))}

    def lease(self, code: str) -> Lease | None:
        owners = self._t.owners
        with self._reading() as conn:
            row = conn.execute(sa.select(owners.c.owner, owners.c.address, owners.c.lease_until)
                               .where(owners.c.code == code)).first()
        return None if row is None else Lease(str(row[0]), str(row[1]), float(row[2]))

    def orphans(self, now: float) -> list[str]:
        """The live rooms nobody holds: no lease, or one that ran out before ``now`` (oldest first)."""
        rooms, owners = self._t.rooms, self._t.owners
        query = (sa.select(rooms.c.code).select_from(rooms.outerjoin(owners, owners.c.code == rooms.c.code))
                 .where(rooms.c.status.in_(LIVE), sa.or_(owners.c.code.is_(None), owners.c.lease_until < now))
                 .order_by(rooms.c.created_at, rooms.c.code))
        with self._reading() as conn:
            return [str(row[0]) for row in conn.execute(query)]

    def check_writable(self) -> None:
        """Raise :class:`StoreError` unless the store takes writes (a read-only file, a full
        disk or a read-only database user is found here, at start, not at the first move)."""
        probe = RoomRow("~probe", "-", 0, {}, {}, 0, 0, "", "", "", "lobby", 0.0)
        with self._writing("checking the store takes writes") as conn:
            conn.execute(self._t.rooms.insert(), _room_values(probe))
            conn.rollback()  # nothing is kept

    def room(self, code: str) -> StoredRoom | None:
        """One room with everything in it, or None when there is no such room."""
        found = self._load(self._t.rooms.c.code == code)
        return found[0] if found else None

    def live_rooms(self) -> list[StoredRoom]:
        """The rooms in the lobby or playing (oldest first), to resume them after a restart."""
        return self._load(self._t.rooms.c.status.in_(LIVE))

    def _load(self, where: sa.ColumnElement[bool]) -> list[StoredRoom]:
        t = self._t
        with self._reading() as conn:
            rooms = conn.execute(sa.select(t.rooms).where(where).order_by(t.rooms.c.created_at, t.rooms.c.code))
            room_rows = rooms.mappings().all()
            seats = self._children(conn, t.seats, t.seats.c.seat, where)
            actions = self._children(conn, t.actions, t.actions.c.seq, where)
            pending = self._children(conn, t.pending, t.pending.c.seat, where)
            nexts = self._nexts(conn, where)
        return [
            StoredRoom(
                _room_row(row),
                tuple(_seat_row(seat) for seat in seats.get(row["code"], [])),
                tuple(_action_row(action) for action in actions.get(row["code"], [])),
                {item["seat"]: item["action"] for item in pending.get(row["code"], [])},
                nexts.get(row["code"]),
            )
            for row in room_rows
        ]

    def _nexts(self, conn: Connection, where: sa.ColumnElement[bool]) -> dict[str, str]:
        """The next room of each room ``where`` selects that has one.  (Its own join: the link
        names two rooms, so which one to join on must be said.)"""
        t = self._t
        linked = t.rematches.join(t.rooms, t.rooms.c.code == t.rematches.c.code)
        query = sa.select(t.rematches.c.code, t.rematches.c.next_code).select_from(linked).where(where)
        return {code: next_code for code, next_code in conn.execute(query)}

    def _children(
        self, conn: Connection, table: sa.Table, order: sa.Column[Any], where: sa.ColumnElement[bool]
    ) -> dict[str, list[RowMapping]]:
        """The rows of a child table for the rooms ``where`` selects, by room code, in ``order``."""
        query = sa.select(table).join(self._t.rooms).where(where).order_by(table.c.code, order)
        grouped: dict[str, list[RowMapping]] = {}
        for row in conn.execute(query).mappings():
            grouped.setdefault(row["code"], []).append(row)
        return grouped

    def _require(self, conn: Connection, code: str, allowed: tuple[str, ...], doing: str) -> None:
        rooms = self._t.rooms
        status = conn.execute(sa.select(rooms.c.status).where(rooms.c.code == code)).scalar()
        self._check_status(code, status, allowed, doing)

    @staticmethod
    def _check_status(code: str, status: str | None, allowed: tuple[str, ...], doing: str) -> None:
        if status is None:
            raise StoreError(f"no room {excerpt(code)}")
        if status not in allowed:
            raise StoreError(f"room {excerpt(code)} is {status}: cannot {doing}")

    def together(self, work: Callable[[], T]) -> T:
        """``work()``, whose writes through this store (on this thread) share one transaction:
        all of them stored if it returns, none if it raises.  A server makes its tick's lobby
        writes so (rooms made, seats taken, games started): one commit for all, not one each."""
        if self._shared_conn() is not None:
            return work()  # already inside: the outer transaction holds these writes too
        try:
            with self.engine.begin() as conn:
                self._shared.conn = conn
                try:
                    return work()
                finally:
                    self._shared.conn = None
        except sa.exc.DBAPIError as exc:
            raise StoreError(f"storing writes together: {_reason(exc)} ({self.url_for_display})") from exc

    def _shared_conn(self) -> Connection | None:
        """The connection of the :meth:`together` running on this thread, if one is."""
        conn: Connection | None = getattr(self._shared, "conn", None)
        return conn

    @contextmanager
    def _writing(self, what: str) -> Iterator[Connection]:
        shared = self._shared_conn()
        try:
            if shared is not None:
                yield shared  # committed, or rolled back, by together()
                return
            with self.engine.begin() as conn:
                yield conn
        except sa.exc.DBAPIError as exc:
            raise StoreError(f"{what}: {_reason(exc)} ({self.url_for_display})") from exc

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as conn:
                yield conn
        except sa.exc.DBAPIError as exc:
            raise StoreError(f"reading rooms: {_reason(exc)} ({self.url_for_display})") from exc


def _parse(url: str) -> URL:
    """The SQLAlchemy URL for a storage URL or a plain path (SQLite); other schemes are refused."""
    if not url:
        raise StoreError("empty storage URL: give a file path, sqlite:///path or postgresql://user@host/db")
    if url == ":memory:":
        return URL.create("sqlite+pysqlite", database=":memory:")
    if "://" not in url:
        return URL.create("sqlite+pysqlite", database=str(Path(url).expanduser()))
    scheme = url.split("://", 1)[0]
    if scheme.lower() not in SCHEMES:
        raise StoreError(
            f"storage URL scheme {excerpt(scheme)} is not supported ({_mask(excerpt(url, 80))}): "
            "give a file path, sqlite:///path or postgresql://user@host/db"
        )
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError as exc:
        raise StoreError(f"malformed storage URL {_mask(excerpt(url, 80))}") from exc
    if parsed.get_backend_name() == "postgresql":
        return parsed.set(drivername="postgresql+psycopg")
    return parsed


def _mask(text: str) -> str:
    """``text`` with the password of a URL (``user:secret@``, ``password=secret``) replaced by ``***``."""
    text = re.sub(r"(://[^/@:]*:)[^/@]*@", r"\1***@", text)
    return re.sub(r"(password=)[^&]*", r"\1***", text, flags=re.IGNORECASE)


def _engine(url: URL) -> Engine:
    if url.get_backend_name() == "postgresql":
        return sa.create_engine(url)  # no pre-ping: see Store._transaction
    if url.database in (None, "", ":memory:"):
        engine = sa.create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = sa.create_engine(url, connect_args={"timeout": 10.0})
    sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL, synchronous=NORMAL and foreign keys, on every new SQLite connection."""
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _reason(exc: sa.exc.DBAPIError) -> str:
    """The database's own complaint, first line only and short."""
    lines = str(exc.orig if exc.orig is not None else exc).strip().splitlines()
    return _mask(excerpt(lines[0] if lines else type(exc).__name__, 160).strip("'\""))


def _check_code(code: str) -> None:
    if not 1 <= len(code) <= CODE_LENGTH:
        raise StoreError(f"room code {excerpt(code)} must have 1 to {CODE_LENGTH} characters")


def _check_choice(what: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise StoreError(f"{what} {excerpt(str(value))} is not one of {', '.join(allowed)}")


def _check_next(code: str, first: int, rows: Sequence[ActionRow]) -> None:
    """Refuse rows not numbered ``first``, ``first + 1``, …: the log takes its next entries only."""
    for expected, row in enumerate(rows, start=first):
        if row.seq < first:
            raise StoreError(f"room {excerpt(code)}: action {row.seq} is already logged (the log is append-only)")
        if row.seq != expected:
            raise StoreError(f"room {excerpt(code)}: action {row.seq} out of turn (the next is {expected})")
        _check_choice("action kind", row.kind, KINDS)


def _dump(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _load_json(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    value: dict[str, Any] = json.loads(text)
    return value


def _room_values(room: RoomRow) -> dict[str, Any]:
    values = {name: getattr(room, name) for name in RoomRow.__dataclass_fields__}
    values.update(options=_dump(room.options), settings=_dump(room.settings), seed=str(room.seed))
    values.update(result=_dump_or_none(room.result), record=_dump_or_none(room.record))
    return values


def _dump_or_none(value: dict[str, Any] | None) -> str | None:
    return None if value is None else _dump(value)


def _seat_values(code: str, seat: SeatRow) -> dict[str, Any]:
    return {"code": code, "seat": seat.seat, "nickname": seat.nickname, "token_hash": seat.token_hash, "bot": seat.bot}


def _action_values(code: str, row: ActionRow) -> dict[str, Any]:
    return {"code": code, **{name: getattr(row, name) for name in ActionRow.__dataclass_fields__}}


def _room_row(row: RowMapping) -> RoomRow:
    values = dict(row)
    values.update(options=_load_json(row["options"]), settings=_load_json(row["settings"]), seed=int(row["seed"]))
    values.update(result=_load_json(row["result"]), record=_load_json(row["record"]))
    return RoomRow(**values)


def _seat_row(row: RowMapping) -> SeatRow:
    return SeatRow(seat=row["seat"], nickname=row["nickname"], token_hash=row["token_hash"], bot=row["bot"])


def _action_row(row: RowMapping) -> ActionRow:
    return ActionRow(**{name: row[name] for name in ActionRow.__dataclass_fields__})
