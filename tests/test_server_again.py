"""Playing again with the same people: ``again`` after the end makes one new room (same game,
seats, tokens, host and bots, a fresh seed), which every connection of the old room is told of
(``next``), which survives a restart, on SQLite and PostgreSQL, and which is the shard's own."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from kakehiki.server.rooms import shard_of
from serving import Client, Frame, LiveServer, play_to_the_end, running

NO_CLOCKS = {"reaction": None, "turn": None, "pace": None, "grace": 60}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(str(tmp_path_factory.mktemp("serve") / "rooms.sqlite3")) as live:
        yield live


def open_room(server: LiveServer) -> tuple[dict[str, Any], str]:
    """A one-game Dobon room: Ann (seat 0, host), Bo (seat 1) and an easy bot (seat 2).
    Returns the creation answer and Bo's token."""
    made = server.post("/api/rooms", {"game": "dobon", "players": 3, "options": {"games": 1},
                                      "clocks": NO_CLOCKS, "bots": {"2": "easy"}, "nickname": "Ann"})
    assert made.status_code == 201, made.text
    joined = server.post(f"/api/rooms/{made.json()['code']}/join", {"nickname": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    return made.json(), joined.json()["token"]


def played(server: LiveServer, seed: int) -> tuple[dict[str, Any], str, list[Client]]:
    """A room whose game Ann and Bo played to the end, a spectator watching: the creation
    answer, Bo's token, and the clients (Ann, Bo, the spectator)."""
    made, bo_token = open_room(server)
    code = made["code"]
    clients = [Client(server, code, made["token"]), Client(server, code, bo_token), Client(server, code)]
    clients[0].send({"type": "start"})
    play_to_the_end(clients, seed=seed)
    return made, bo_token, clients


def error_after(client: Client, message: dict[str, Any]) -> Frame:
    client.send(message)
    return client.until(lambda f: f["type"] == "error")


def told_next(client: Client) -> Frame:
    return client.until(lambda f: f["type"] == "room" and f["room"]["next"] is not None)


def test_again_before_the_end_is_refused_and_changes_nothing(server: LiveServer) -> None:
    made, bo_token = open_room(server)
    code = made["code"]
    ann, bo = Client(server, code, made["token"]), Client(server, code, bo_token)
    refused = error_after(bo, {"type": "again", "ref": "a1"})
    assert (refused["code"], refused["ref"]) == ("not_over", "a1")
    ann.send({"type": "start"})
    ann.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    assert error_after(ann, {"type": "again"})["code"] == "not_over"
    assert server.get(f"/api/rooms/{code}").json()["next"] is None


def test_after_the_end_again_makes_one_new_room_for_the_same_people(server: LiveServer) -> None:
    made, _, (ann, bo, watcher) = played(server, seed=1)
    code, old = made["code"], made["room"]
    assert server.get(f"/api/rooms/{code}").json()["next"] is None
    refused = error_after(watcher, {"type": "again", "ref": 5})
    assert (refused["code"], refused["ref"]) == ("spectator", 5)

    bo.send({"type": "again", "ref": "r"})
    new_code = told_next(bo)["room"]["next"]
    assert told_next(ann)["room"]["next"] == told_next(watcher)["room"]["next"] == new_code != code
    shown = server.get(f"/api/rooms/{code}").json()
    assert shown["next"] == new_code and shown["status"] == "over"

    ann.send({"type": "again"})
    assert told_next(ann)["room"]["next"] == new_code, "the same room, however often it is asked"
    bo.send({"type": "again"})
    assert told_next(bo)["room"]["next"] == new_code

    new = server.get(f"/api/rooms/{new_code}").json()
    assert (new["status"], new["next"], new["game"]) == ("lobby", None, "dobon")
    assert (new["options"], new["settings"]) == (old["options"], old["settings"])
    assert [(s["nickname"], s["bot"]) for s in new["seats"]] == [("Ann", None), ("Bo", None), (None, "easy")]
    assert new["commitment"] != old["commitment"], "a fresh seed"


def test_in_the_new_room_each_persons_old_token_is_their_same_seat(server: LiveServer) -> None:
    made, bo_token, (ann, _, _) = played(server, seed=2)
    ann.send({"type": "again"})
    new_code = told_next(ann)["room"]["next"]
    ann2, bo2 = Client(server, new_code, made["token"]), Client(server, new_code, bo_token)
    assert (ann2.seat, ann2.welcome["host"]) == (0, True)
    assert (bo2.seat, bo2.welcome["host"]) == (1, False)
    assert error_after(bo2, {"type": "start"})["code"] == "not_host"
    ann2.send({"type": "start"})
    for client in (ann2, bo2):
        client.until(lambda f: f["type"] == "room" and f["room"]["status"] == "playing")
    over = play_to_the_end([ann2, bo2], seed=3)
    record = server.get(f"/api/rooms/{new_code}/record").json()
    assert record["seats"] == ["Ann", "Bo", "bot 2 (easy)"] and over["result"] == record["result"]


def test_the_link_to_the_new_room_survives_a_restart_and_stays_in_the_shard(database: str) -> None:
    server = LiveServer(database, extra=("--shard", "1/2")).start()
    try:
        made, bo_token, (ann, _, _) = played(server, seed=4)
        code = made["code"]
        ann.send({"type": "again"})
        new_code = told_next(ann)["room"]["next"]
        assert shard_of(code, 2) == shard_of(new_code, 2) == 1
        server.stop(signal.SIGKILL)

        server.start()
        assert server.get(f"/api/rooms/{code}").json()["next"] == new_code
        assert server.get(f"/api/rooms/{new_code}").json()["status"] == "lobby", "the new room was resumed"
        bo = Client(server, code, bo_token)
        assert bo.welcome["room"]["next"] == new_code
        bo.send({"type": "again"})
        assert told_next(bo)["room"]["next"] == new_code, "still the same room after the restart"
        ann2, bo2 = Client(server, new_code, made["token"]), Client(server, new_code, bo_token)
        assert (ann2.seat, ann2.welcome["host"], bo2.seat) == (0, True, 1)
        ann2.send({"type": "start"})
        assert bo2.until(lambda f: f["type"] == "state" and f["status"] == "playing")["view"]["seat"] == 1
    finally:
        server.stop()
