"""Issue 15: nothing lost.  Reconnects within and past the grace, and a server killed mid-game
(SIGKILL) that resumes every table where its log ends, on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import random
import signal
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from kakehiki.fairness import verify
from kakehiki.record import replay
from serving import Client, Frame, LiveServer, play_until


def untimed(grace: float) -> dict[str, float | None]:
    """A room's clocks with no window, no turn clock and no bots' pace: only the grace runs."""
    return {"reaction": None, "turn": None, "pace": None, "grace": grace}

def open_room(server: LiveServer, game: str, clocks: dict[str, Any]) -> tuple[str, str, str]:
    """A three-seat room of Ann (seat 0, host), Bo (seat 1) and a bot; returns code and both tokens."""
    made = server.post("/api/rooms", {"game": game, "players": 3, "nickname": "Ann", "clocks": clocks})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    bo = server.post(f"/api/rooms/{code}/join", {"nickname": "Bo"}).json()
    return code, made.json()["token"], bo["token"]


def started(host: Client) -> Frame:
    """The host starts the room and reads on until the game has begun (a kill may come right after)."""
    host.send({"type": "start"})
    return host.until(lambda f: f["type"] == "state" and f["status"] == "playing")


def notices(client: Client, kind: str) -> list[Frame]:
    return [f for f in client.frames if f["type"] == "notice" and f["kind"] == kind]


def to_the_end(server: LiveServer, code: str, clients: list[Client], seed: int) -> dict[str, Any]:
    for client in clients:  # a state frame read while waiting for something else is asked for again
        client.send({"type": "sync"})
    play_until(clients, random.Random(seed), lambda c, f: f["type"] == "over")
    record: dict[str, Any] = server.get(f"/api/rooms/{code}/record").json()
    assert verify(record).fair
    return record


def test_issue15_C5_a_seat_reconnects_within_its_grace_and_nothing_was_played_for_it(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3")).start()
    try:
        code, ann_token, bo_token = open_room(server, "doubt", untimed(30))
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        rng = random.Random(1)
        play_until([ann, bo], rng, lambda c, f: f["type"] == "state" and f["seq"] >= 6)
        bo.close()
        ann.until(lambda f: f["type"] == "notice" and f["kind"] == "disconnected")
        again = Client(server, code, bo_token)
        assert again.seat == 1 and again.welcome["room"]["seats"][1]["away"] is False
        state = again.until(lambda f: f["type"] == "state")
        assert any(f.get("replay") for f in again.frames), "what happened before is sent again"
        assert ann.until(lambda f: f["type"] == "notice" and f["kind"] == "reconnected")["seat"] == 1
        assert not notices(ann, "replaced_by_bot")
        assert state["view"]["seat"] == 1 and state["view"]["hand"]
        record = to_the_end(server, code, [ann, again], seed=2)
        assert record["seats"] == ["Ann", "Bo", "bot 2 (normal)"]
    finally:
        server.stop()


def test_issue15_C5_past_its_grace_a_bot_plays_the_seat_until_its_person_comes_back(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3")).start()
    try:
        code, ann_token, bo_token = open_room(server, "doubt", untimed(0.5))
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        bo.close()
        rng = random.Random(3)
        play_until([ann], rng, lambda c, f: f["type"] == "notice" and f["kind"] == "replaced_by_bot")
        seq_then = max(f["seq"] for f in ann.frames if f["type"] == "state")
        shown = server.get(f"/api/rooms/{code}").json()["seats"][1]
        assert shown["replaced"] and shown["away"]
        play_until([ann], rng, lambda c, f: f["type"] == "state" and f["turn"] == 0 and f["seq"] > seq_then + 2)
        back = Client(server, code, bo_token)
        assert back.seat == 1 and not back.welcome["room"]["seats"][1]["replaced"]
        back_at = back.until(lambda f: f["type"] == "state")["seq"]
        ann.until(lambda f: f["type"] == "notice" and f["kind"] == "reconnected")
        record = to_the_end(server, code, [ann, back], seed=4)
        moves = [seat for game in record["actions"] for seat, _ in game]
        assert 1 in moves[:back_at], "the bot played seat 1 while Bo was away"
        assert 1 in moves[back_at:], "and Bo played it after he came back"
    finally:
        server.stop()


def test_issue15_a_server_killed_mid_game_resumes_every_table_and_loses_no_accepted_action(database: str) -> None:
    server = LiveServer(database).start()
    try:
        code, ann_token, bo_token = open_room(server, "doubt", untimed(60))
        other, other_ann, _ = open_room(server, "dobon", untimed(60))
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        started(Client(server, other, other_ann))
        rng = random.Random(5)
        play_until([ann, bo], rng, lambda c, f: f["type"] == "state" and f["seq"] >= 12)
        mover = ann if ann.frames[-1].get("legal") else bo
        last = mover.frames[-1]
        answer = last["legal"][0] if last.get("legal") else None
        if answer is not None:
            mover.send({"type": "act", "action": answer})
            assert mover.until(lambda f: f["type"] == "notice")["kind"] in ("accepted", "too_late")
        applied = max(f["seq"] for c in (ann, bo) for f in c.frames if f["type"] == "state")
        server.stop(signal.SIGKILL)

        server.start()
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        now = ann.until(lambda f: f["type"] == "state")
        assert now["seq"] >= applied, "every action applied before the kill is there"
        assert ann.welcome["room"]["seats"][1]["nickname"] == "Bo"
        assert any(f.get("replay") for f in ann.frames), "the history was rebuilt from the log"
        record = to_the_end(server, code, [ann, bo], seed=6)
        _, _, result = replay(record)
        assert result is not None
        assert server.get(f"/api/rooms/{other}").json()["status"] == "playing", "the other table resumed too"
    finally:
        server.stop()


def test_issue15_a_finished_game_is_still_there_after_a_restart(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3")).start()
    try:
        code, ann_token, bo_token = open_room(server, "dobon-arith", untimed(60))
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        record = to_the_end(server, code, [ann, bo], seed=8)
        server.stop()
        server.start()
        shown = server.get(f"/api/rooms/{code}").json()
        assert shown["status"] == "over" and shown["reveal"]["hash"] == shown["commitment"]
        assert server.get(f"/api/rooms/{code}/record").json() == record
        again = Client(server, code, ann_token)
        assert again.seat == 0 and again.until_over()["result"] == record["result"]
    finally:
        server.stop()


def test_issue15_finished_rooms_leave_memory_and_are_read_back_from_the_store(tmp_path: Path) -> None:
    from hosting import FakeClock
    from kakehiki.server.host import FINISHED_KEPT, FINISHED_LEFT_KEPT, RoomHost
    from kakehiki.server.store import Store

    clock, store = FakeClock(), Store(str(tmp_path / "rooms.sqlite3"))
    host = RoomHost(store, clock=clock)
    room, seat, _ = host.create({"game": "dobon", "players": 2, "nickname": "Ann", "bots": {"1": "random"},
                                 "clocks": {"reaction": None, "turn": None, "pace": None, "grace": None}})
    host.start(room, seat)
    rng = random.Random(9)
    while room.status != "over":
        assert room.table is not None
        legal = room.table.game.legal_actions(room.table.state, seat)
        if legal:
            host.act(room, seat, str(rng.choice(legal)), at=room.table.seq)
        clock.advance(1.0)  # the bot answers on the next poll
        host.poll(room)
    assert host.live_count() == 0 and host.evict_finished() == 0, "kept a while for its players"
    room.present.add(seat)  # Ann still looks at the result
    clock.advance(FINISHED_LEFT_KEPT)
    assert host.evict_finished() == 0, "kept while a player has it open"
    clock.advance(FINISHED_KEPT - FINISHED_LEFT_KEPT)
    assert host.evict_finished() == 1 and room.code not in host.rooms
    back = host.room(room.code)
    assert back.status == "over" and back.record == room.record and back is not room
    clock.advance(FINISHED_LEFT_KEPT)
    assert host.evict_finished() == 1, "read back and left by everyone: forgotten after a minute"
    store.close()


def test_issue15_two_processes_share_one_database_and_each_resumes_its_own_rooms(database: str) -> None:
    from kakehiki.server.rooms import shard_of

    servers = [LiveServer(database, extra=("--shard", f"{k}/2")).start() for k in range(2)]
    try:
        codes: list[list[str]] = [[], []]
        for k, server in enumerate(servers):
            for _ in range(3):
                code, token, _ = open_room(server, "dobon", untimed(60))
                started(Client(server, code, token))
                codes[k].append(code)
        assert all(shard_of(code, 2) == k for k in range(2) for code in codes[k])
        for server in servers:
            server.stop(signal.SIGKILL)
        for server in servers:
            server.start()
        for k, server in enumerate(servers):
            for code in codes[k]:
                assert server.get(f"/api/rooms/{code}").json()["status"] == "playing"
            for code in codes[1 - k]:
                assert server.get(f"/api/rooms/{code}").status_code == 404, "each process hosts only its own"
            assert server.get("/healthz").json()["rooms"] == 3
    finally:
        for server in servers:
            server.stop()


def test_issue15_J14_a_slow_turn_gets_the_delay_penalty_and_the_log_keeps_it(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3")).start()
    try:
        made = server.post("/api/rooms", {"game": "dobon", "players": 2, "nickname": "Ann", "bots": {"1": "random"},
                                          "clocks": {"reaction": None, "turn": 1.0, "pace": None, "grace": 60}})
        code, token = made.json()["code"], made.json()["token"]
        ann = Client(server, code, token)
        ann.send({"type": "start"})
        ann.until(lambda f: f["type"] == "state" and f["turn"] == 0 and bool(f["legal"]))
        slow = ann.until(lambda f: f["type"] == "notice" and f["kind"] == "timed_out", timeout=10)
        assert slow["seat"] == 0 and slow["move"] == "delay" and "delay" in slow["text"]
        server.stop(signal.SIGKILL)
        server.start()
        assert Client(server, code, token).seat == 0, "the room resumes from a log holding the host's delay"
        from kakehiki.server.store import Store

        store = Store(str(tmp_path / "rooms.sqlite3"))
        stored = store.room(code)
        store.close()
        assert stored is not None
        assert [(row.seat, row.action, row.kind) for row in stored.actions if row.kind == "host"][:1] == \
            [(None, "delay", "host")]
    finally:
        server.stop()


def test_issue15_an_answer_accepted_inside_a_window_survives_a_sigkill(database: str) -> None:
    server = LiveServer(database).start()
    try:
        code, ann_token, bo_token = open_room(server, "doubt",
                                               {"reaction": 1.0, "turn": None, "pace": 0.1, "grace": 60})
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        rng = random.Random(7)
        turn = play_until([ann, bo], rng, lambda c, f: f["type"] == "state" and f["seq"] >= 4 and
                          bool(f["legal"]) and bool(f["window_ms"]), timeout=60)
        mover = ann if turn["view"]["seat"] == 0 else bo
        answer = turn["legal"][0]
        mover.send({"type": "act", "action": answer})
        assert mover.until(lambda f: f["type"] == "notice")["kind"] == "accepted", "the window is open: it waits"
        server.stop(signal.SIGKILL)

        server.start()
        ann = Client(server, code, ann_token)
        now = ann.until(lambda f: f["type"] == "state")
        # Every applied action is there; the answer waits for its window, opened again at the
        # restart (a second), unless the restart and the reconnection took longer than that.
        assert now["seq"] in (turn["seq"], turn["seq"] + 1)
        applied = now if now["seq"] > turn["seq"] else \
            ann.until(lambda f: f["type"] == "state" and f["seq"] > turn["seq"], timeout=10)
        assert applied["seq"] >= turn["seq"] + 1
        from kakehiki.server.store import Store

        store = Store(database)
        stored = store.room(code)
        store.close()
        assert stored is not None
        made = stored.actions[turn["seq"]]
        assert (made.seat, made.action) == (mover.seat, answer), "the answer accepted before the kill was made"
    finally:
        server.stop()
