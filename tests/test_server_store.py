"""The storage of `kakehiki serve`: rooms, seats, the append-only action log and pending answers,
on SQLite (a file) and, when KAKEHIKI_TEST_POSTGRES_URL is set, on PostgreSQL (`.ci/postgres`)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")

import sqlalchemy as sa

from kakehiki.errors import KakehikiError
from kakehiki.server.store import ActionRow, RoomChange, RoomRow, SeatRow, Store, StoredRoom, StoreError

SRC = Path(__file__).resolve().parents[1] / "src"
POSTGRES_URL = os.environ.get("KAKEHIKI_TEST_POSTGRES_URL", "")
NO_POSTGRES = "set KAKEHIKI_TEST_POSTGRES_URL (.ci/postgres starts a server) to test PostgreSQL"
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(not POSTGRES_URL, reason=NO_POSTGRES))]

Opener = Callable[[], Store]


@pytest.fixture(params=BACKENDS)
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens a new Store on this test's own database (on PostgreSQL, a schema of its own):
    a second call is the server restarting."""
    schema = f"kk_test_{uuid.uuid4().hex[:16]}" if request.param == "postgresql" else None
    opened: list[Store] = []

    def open_store() -> Store:
        store = Store(POSTGRES_URL, schema=schema) if schema else Store(str(tmp_path / "rooms.db"))
        opened.append(store)
        return store

    yield open_store
    for store in opened:
        store.close()
    if schema:
        engine = sa.create_engine(POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://", 1))
        with engine.begin() as conn:
            conn.execute(sa.schema.DropSchema(schema, cascade=True))
        engine.dispose()


@pytest.fixture
def store(opener: Opener) -> Store:
    return opener()


def a_room(code: str = "ABCD1234", seed: int = 42, created_at: float = 1_700_000_000.25) -> RoomRow:
    return RoomRow(
        code=code,
        game="dobon",
        version=3,
        options={"deck": "jokers", "rounds": 4, "rules": {"double": True}},
        settings={"clocks": {"reaction": 3.0}, "bots": ["normal", "expert"]},
        seats_count=4,
        seed=seed,
        salt="00112233445566778899aabbccddeeff",
        commitment="9f" * 32,
        host_token_hash="h" * 64,
        status="lobby",
        created_at=created_at,
    )


SEATS = (
    SeatRow(0, "はなこ", "t0" * 32, None),
    SeatRow(1, None, None, "normal"),
    SeatRow(2, "Bob", "t2" * 32, None),
    SeatRow(3, None, None, None),
)


def moves(first: int, count: int, round_no: int = 0) -> list[ActionRow]:
    seqs = range(first, first + count)
    return [ActionRow(seq, round_no, seq % 4, f"play S{seq}", "move", 1_700_000_100.5 + seq) for seq in seqs]


def playing(store: Store, code: str = "ABCD1234", created_at: float = 1_700_000_000.25) -> None:
    store.create_room(a_room(code, created_at=created_at), SEATS)
    store.start(code, created_at + 60)


def logged(store: Store, code: str = "ABCD1234") -> list[int]:
    stored = store.room(code)
    assert stored is not None
    return [row.seq for row in stored.actions]


def test_a_room_comes_back_with_its_seats_as_it_was_stored(store: Store) -> None:
    store.create_room(a_room(), SEATS)
    assert store.room("ABCD1234") == StoredRoom(a_room(), SEATS, (), {})
    assert store.room("NOSUCH") is None


def test_a_seat_is_replaced_and_start_records_the_time_and_the_settings(store: Store) -> None:
    store.create_room(a_room(), SEATS)
    store.set_seat("ABCD1234", SeatRow(3, "Carol", "t3" * 32, None))
    store.set_seat("ABCD1234", SeatRow(1, None, None, "expert"))
    store.start("ABCD1234", 1_700_000_060.5, {"clocks": {"reaction": 5.0}})
    stored = store.room("ABCD1234")
    assert stored is not None
    assert stored.seats == (SEATS[0], SeatRow(1, None, None, "expert"), SEATS[2], SeatRow(3, "Carol", "t3" * 32, None))
    assert (stored.room.status, stored.room.started_at) == ("playing", 1_700_000_060.5)
    assert stored.room.settings == {"clocks": {"reaction": 5.0}}


def test_a_seat_not_stored_yet_is_added_and_a_started_room_takes_no_second_start(store: Store) -> None:
    store.create_room(a_room(), SEATS[:2])
    store.set_seat("ABCD1234", SEATS[3])
    store.start("ABCD1234", 5.0)
    with pytest.raises(StoreError, match="room 'ABCD1234' is playing: cannot start it"):
        store.start("ABCD1234", 6.0)
    stored = store.room("ABCD1234")
    assert stored is not None and stored.seats == (SEATS[0], SEATS[1], SEATS[3])
    assert stored.room.started_at == 5.0


def test_taking_a_seat_and_starting_are_one_statement_each_that_checks_the_room_itself(store: Store) -> None:
    """A server makes these for every table it opens: no read of the room's status first (the
    update's own condition checks it), and only the seat's own columns set."""
    store.create_room(a_room(), SEATS)
    sql: list[str] = []
    sa.event.listen(store.engine, "before_cursor_execute", lambda _c, _cur, statement, *_: sql.append(statement))
    store.set_seat("ABCD1234", SeatRow(3, "Carol", "t3" * 32, None))
    store.start("ABCD1234", 5.0)
    assert [statement.split()[0] for statement in sql] == ["UPDATE", "UPDATE"]
    assert "SET nickname=" in sql[0] and "code=" not in sql[0].split("WHERE")[0]


def test_writes_made_together_share_one_commit_and_a_refused_one_undoes_them_all(store: Store) -> None:
    commits: list[object] = []
    sa.event.listen(store.engine, "commit", commits.append)

    def open_a_table(code: str, seat_code: str) -> None:
        store.create_room(a_room(code), SEATS)
        store.set_seat(seat_code, SeatRow(3, "Carol", "t3" * 32, None))
        store.start(code, 60.0)

    store.together(lambda: open_a_table("FIRST", "FIRST"))
    assert len(commits) == 1

    def a_tick() -> None:
        store.write([RoomChange("FIRST", tuple(moves(0, 2)))])
        store.set_pending("FIRST", {1: "pass"})

    store.together(a_tick)
    assert len(commits) == 2 and logged(store, "FIRST") == [0, 1], "a tick's write joins the shared transaction"
    stored = store.room("FIRST")
    assert stored is not None and stored.room.status == "playing" and stored.seats[3].nickname == "Carol"

    with pytest.raises(StoreError, match="no room 'NOSUCH'"):
        store.together(lambda: open_a_table("SECOND", "NOSUCH"))
    assert store.room("SECOND") is None, "the room made before the refusal was rolled back with it"
    assert len(commits) == 2


@pytest.mark.parametrize("seed", [0, 2**31, 2**63 - 1, 2**63, 2**64 - 1])
def test_a_64_bit_seed_comes_back_exactly(store: Store, seed: int) -> None:
    store.create_room(a_room(seed=seed), [])
    stored = store.room("ABCD1234")
    assert stored is not None and stored.room.seed == seed


def test_a_room_code_is_taken_once(store: Store) -> None:
    store.create_room(a_room(), SEATS)
    with pytest.raises(StoreError, match="room code 'ABCD1234' is taken"):
        store.create_room(a_room(seed=7), [])
    stored = store.room("ABCD1234")
    assert stored is not None and stored.room.seed == 42


def test_the_log_takes_only_its_next_actions_and_a_refusal_leaves_it_as_it_was(store: Store) -> None:
    playing(store)
    store.append_actions("ABCD1234", moves(0, 3))
    with pytest.raises(StoreError, match="action 2 is already logged"):
        store.append_actions("ABCD1234", [ActionRow(2, 0, 1, "draw", "move", 9.0)])
    with pytest.raises(StoreError, match=r"action 5 out of turn \(the next is 4\)"):
        store.append_actions("ABCD1234", [*moves(3, 1), ActionRow(5, 0, 1, "draw", "move", 9.0)])
    with pytest.raises(StoreError, match=r"action 3 out of turn \(the next is 4\)"):
        store.append_actions("ABCD1234", [*moves(3, 1), *moves(3, 1)])
    assert logged(store) == [0, 1, 2]
    stored = store.room("ABCD1234")
    assert stored is not None and stored.actions == tuple(moves(0, 3))
    store.append_actions("ABCD1234", moves(3, 2))
    assert logged(store) == [0, 1, 2, 3, 4]


def test_an_action_of_an_unknown_kind_is_refused(store: Store) -> None:
    playing(store)
    with pytest.raises(StoreError, match="action kind 'undo' is not one of move, host, timeout"):
        store.append_actions("ABCD1234", [ActionRow(0, 0, None, "undo", "undo", 1.0)])
    assert logged(store) == []


def test_pending_answers_are_replaced_wholesale_and_dropped_when_the_game_ends(store: Store) -> None:
    playing(store)
    store.set_pending("ABCD1234", {2: "call", 0: "pass"})
    store.set_pending("ABCD1234", {1: "pass"})
    stored = store.room("ABCD1234")
    assert stored is not None and stored.pending == {1: "pass"}
    store.finish("ABCD1234", 1_700_000_900.0, {"winner": 1}, {"game": "dobon", "actions": ["pass"]})
    stored = store.room("ABCD1234")
    assert stored is not None and stored.pending == {}
    assert (stored.room.status, stored.room.ended_at) == ("over", 1_700_000_900.0)
    assert (stored.room.result, stored.room.record) == ({"winner": 1}, {"game": "dobon", "actions": ["pass"]})


def test_a_finished_room_takes_no_more_writes_and_an_unknown_room_none(store: Store) -> None:
    playing(store)
    store.finish("ABCD1234", 2.0, {}, {})
    with pytest.raises(StoreError, match="room 'ABCD1234' is over: cannot append actions"):
        store.append_actions("ABCD1234", moves(0, 1))
    with pytest.raises(StoreError, match="room 'ABCD1234' is over: cannot keep pending answers"):
        store.set_pending("ABCD1234", {0: "pass"})
    with pytest.raises(StoreError, match="room 'ABCD1234' is over: cannot start it"):
        store.start("ABCD1234", 3.0)
    with pytest.raises(StoreError, match="no room 'ZZZ'"):
        store.set_seat("ZZZ", SEATS[0])
    assert logged(store) == []


def test_live_rooms_are_the_unfinished_ones_oldest_first_with_their_logs_in_order(store: Store) -> None:
    playing(store, "LATE", created_at=300.0)
    playing(store, "EARLY", created_at=100.0)
    playing(store, "OVER", created_at=200.0)
    store.create_room(a_room("LOBBY", created_at=400.0), SEATS[:2])
    for first in range(0, 12, 3):  # interleaved batches, so the rows are not stored in log order
        store.append_actions("LATE", moves(first, 3, round_no=first // 6))
        store.append_actions("EARLY", moves(first, 3))
        store.append_actions("OVER", moves(first, 3))
    store.set_pending("LATE", {3: "pass"})
    store.finish("OVER", 500.0, {}, {})
    live = store.live_rooms()
    assert [stored.room.code for stored in live] == ["EARLY", "LATE", "LOBBY"]
    assert [stored.room.status for stored in live] == ["playing", "playing", "lobby"]
    assert live[1].actions == tuple(moves(0, 6, round_no=0) + moves(6, 6, round_no=1))
    assert [stored.pending for stored in live] == [{}, {3: "pass"}, {}]
    assert [len(stored.seats) for stored in live] == [4, 4, 2]


def test_a_new_store_on_the_same_database_finds_everything_again(opener: Opener) -> None:
    first = opener()
    playing(first)
    first.append_actions("ABCD1234", moves(0, 5))
    first.set_pending("ABCD1234", {0: "call"})
    before = first.room("ABCD1234")
    first.close()
    restarted = opener()
    assert restarted.live_rooms() == [before]
    restarted.append_actions("ABCD1234", moves(5, 1))
    assert logged(restarted) == [0, 1, 2, 3, 4, 5]


def next_of(store: Store, code: str) -> str | None:
    stored = store.room(code)
    assert stored is not None
    return stored.next


def test_a_finished_room_links_to_the_room_played_next_once(opener: Opener) -> None:
    store = opener()
    playing(store)
    assert next_of(store, "ABCD1234") is None
    with pytest.raises(StoreError, match="room 'ABCD1234' is playing: cannot be played again"):
        store.create_room(a_room("NEXT0001"), SEATS, follows="ABCD1234")
    store.finish("ABCD1234", 2.0, {}, {})
    store.create_room(a_room("NEXT0001"), SEATS, follows="ABCD1234")
    with pytest.raises(StoreError, match="room 'ABCD1234' is played again in 'NEXT0001' already"):
        store.create_room(a_room("NEXT0002"), SEATS, follows="ABCD1234")
    with pytest.raises(StoreError, match="no room 'NOSUCH'"):
        store.create_room(a_room("NEXT0003"), SEATS, follows="NOSUCH")
    assert store.room("NEXT0002") is None and store.room("NEXT0003") is None, "a refused link stores no room"
    store.close()
    restarted = opener()
    old, new = restarted.room("ABCD1234"), restarted.room("NEXT0001")
    assert old is not None and new is not None
    assert (old.next, new.next) == ("NEXT0001", None)
    assert new.seats == SEATS and new.room.status == "lobby"
    assert [(stored.room.code, stored.next) for stored in restarted.live_rooms()] == [("NEXT0001", None)]


def test_a_database_from_before_the_rematch_table_gains_it_and_keeps_its_rooms(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    store = Store(str(path))
    playing(store)
    store.finish("ABCD1234", 2.0, {}, {})
    store.close()
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TABLE kk_rematches")
    store = Store(str(path))
    stored = store.room("ABCD1234")
    assert stored is not None and stored.next is None and stored.seats == SEATS
    store.create_room(a_room("NEXT0001"), SEATS, follows="ABCD1234")
    assert next_of(store, "ABCD1234") == "NEXT0001"
    store.close()


def test_sqlite_runs_in_wal_mode_with_synchronous_normal_and_foreign_keys(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.close()
    with sqlite3.connect(tmp_path / "rooms.db") as raw:  # WAL is a property of the file itself
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        tables = {name for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"kk_rooms", "kk_seats", "kk_actions", "kk_pending", "kk_rematches", "kk_owners"}


def test_an_in_memory_store_is_one_database_for_all_its_calls_from_any_thread() -> None:
    store = Store(":memory:")
    playing(store)
    with ThreadPoolExecutor(1) as other:  # e.g. a call moved off the event loop
        other.submit(store.append_actions, "ABCD1234", moves(0, 2)).result()
        assert other.submit(logged, store).result() == [0, 1]
    assert logged(store) == [0, 1] and [stored.room.code for stored in store.live_rooms()] == ["ABCD1234"]


def test_an_unknown_url_scheme_is_named_and_its_password_masked() -> None:
    with pytest.raises(StoreError) as refused:
        Store("mysql://kakehiki:hunter2@db.example.org/rooms")
    message = str(refused.value)
    assert "'mysql'" in message and "kakehiki:***@db.example.org" in message and "hunter2" not in message
    assert isinstance(refused.value, KakehikiError)


def test_an_unreachable_postgresql_is_a_store_error_with_the_password_masked() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as refused:
        Store("postgresql://kakehiki:hunter2@127.0.0.1:1/rooms")
    message = str(refused.value)
    assert "creating the tables" in message and "postgresql+psycopg://kakehiki:***@127.0.0.1:1/rooms" in message
    assert "hunter2" not in message


def test_a_schema_is_for_postgresql_only(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"a schema \('test'\) needs PostgreSQL"):
        Store(str(tmp_path / "rooms.db"), schema="test")


WRITER = """
import sys
import time
from kakehiki.server.store import ActionRow, RoomRow, Store

store = Store(sys.argv[1])
store.create_room(RoomRow("KILL", "doubt", 1, {}, {}, 4, 2**64 - 1, "s", "c", "h", "lobby", 1.0), [])
store.start("KILL", 2.0)
for batch in range(20):
    rows = [ActionRow(5 * batch + i, batch, i % 4, f"play {batch}.{i}", "move", 3.0) for i in range(5)]
    store.append_actions("KILL", rows)
store.set_pending("KILL", {2: "doubt"})
print("done", flush=True)
time.sleep(120)
"""


def test_what_a_sqlite_store_committed_survives_a_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-c", WRITER, str(path)]
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as writer:
        try:
            assert writer.stdout is not None and writer.stdout.readline() == "done\n"
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    assert (tmp_path / "rooms.db-wal").stat().st_size > 0  # the rows are in the log, never checkpointed
    store = Store(str(path))
    stored = store.room("KILL")
    store.close()
    assert stored is not None and stored.room.seed == 2**64 - 1
    assert [row.seq for row in stored.actions] == list(range(100))
    assert stored.actions[-1] == ActionRow(99, 19, 0, "play 19.4", "move", 3.0)
    assert stored.pending == {2: "doubt"}


@pytest.mark.skipif(not POSTGRES_URL, reason=NO_POSTGRES)
def test_a_tick_after_postgresql_dropped_its_connections_is_stored_on_a_fresh_one(opener: Opener) -> None:
    """No connection is checked before use (a round trip per transaction); a tick written on one
    the database dropped (a restart, an idle timeout) is tried again once, on a new one."""
    from kakehiki.server.store import RoomChange

    store = opener()
    if store.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL only")
    playing(store)
    store.write([RoomChange("ABCD1234", tuple(moves(0, 2)))])
    killer = sa.create_engine(POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://", 1))
    with killer.begin() as conn:
        dropped = conn.execute(sa.text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                       "WHERE pid <> pg_backend_pid() AND datname = current_database() "
                                       "AND usename = current_user AND backend_type = 'client backend'")).scalar()
    killer.dispose()
    assert dropped and dropped >= 1
    store.write([RoomChange("ABCD1234", tuple(moves(2, 2)))])
    assert logged(store) == [0, 1, 2, 3]
