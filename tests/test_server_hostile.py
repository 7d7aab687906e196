"""A hostile client against a real ``kakehiki serve`` on loopback (issue 33): forged forwarding
headers, too many sockets, guessed room codes, foreign host names and origins, binary frames,
look-alike nicknames, rooms left in the lobby, a store that cannot be written.  Each case is
bounded: a few dozen requests, never a flood."""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from kakehiki.server.guard import PROBES_PER_MINUTE
from serving import SRC, Client, LiveServer, play_until


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("hostile") / "rooms.sqlite3"),
                      extra=("--rooms-per-minute", "3", "--host-name", "cards.example.org")).start()
    try:
        yield live
    finally:
        live.stop()


def new_room(server: LiveServer, **headers: str) -> httpx.Response:
    return httpx.post(server.base + "/api/rooms", json={"game": "doubt", "players": 3, "nickname": "Ann"},
                      headers=headers, timeout=10)


@pytest.fixture(scope="module")
def room(server: LiveServer) -> str:
    """A room of Ann's, the first of the three this address may make a minute."""
    made = new_room(server)
    assert made.status_code == 201, made.text
    return str(made.json()["code"])


def test_a_forged_x_forwarded_for_does_not_pass_the_rooms_per_minute_limit(server: LiveServer, room: str) -> None:
    made = [new_room(server, **{"x-forwarded-for": f"10.0.0.{k}"}).status_code for k in range(5)]
    assert made == [201, 201, 429, 429, 429], "every forged address is the same client, 127.0.0.1: 3 a minute"


def test_one_address_holds_a_bounded_number_of_table_sockets_spectators_included(server: LiveServer,
                                                                                 room: str) -> None:
    url = f"ws://127.0.0.1:{server.port}/api/rooms/{room}/ws"
    with contextlib.ExitStack() as held:
        for _ in range(31):
            held.enter_context(connect(url, open_timeout=10))
        with connect(url, open_timeout=10), connect(url, open_timeout=10) as extra:  # the 32nd, the 33rd
            refused = json.loads(extra.recv(timeout=10))
            assert refused["type"] == "error" and refused["code"] == "too_many_sockets"
        again = Client(server, room)  # the 32nd closed: a new spectator gets in
        assert again.welcome["type"] == "welcome" and again.seat is None
        again.close()


def test_guessing_room_codes_is_slowed_to_a_few_a_minute(server: LiveServer, room: str) -> None:
    began = time.monotonic()
    answers = [server.get(f"/api/rooms/NOPE{k:04d}").status_code for k in range(40)]
    came_back = 1 + int(PROBES_PER_MINUTE / 60 * (time.monotonic() - began))  # refilled at any point of the run
    assert answers[0] == 404 and set(answers) == {404, 429}
    assert answers.count(404) <= PROBES_PER_MINUTE + came_back, "30 unknown codes a minute from one address"
    assert server.get(f"/api/rooms/{room}").status_code == 200, "a real code still opens its room"


def test_a_foreign_host_name_is_refused_and_a_configured_one_served(server: LiveServer, room: str) -> None:
    rebound = httpx.get(server.base + "/", headers={"host": "evil.example"}, timeout=10)
    assert rebound.status_code == 421 and rebound.json()["error"]["code"] == "bad_host"
    named = httpx.get(server.base + "/", headers={"host": "cards.example.org"}, timeout=10)
    assert named.status_code == 200
    assert httpx.get(server.base + "/", headers={"host": f"localhost:{server.port}"}, timeout=10).status_code == 200


def test_an_origin_must_match_in_scheme_too(server: LiveServer, room: str) -> None:
    own = f"http://127.0.0.1:{server.port}"
    body = {"nickname": "Bo"}
    other_scheme = httpx.post(f"{server.base}/api/rooms/{room}/join", json=body,
                              headers={"origin": own.replace("http:", "https:")}, timeout=10)
    assert other_scheme.status_code == 403 and other_scheme.json()["error"]["code"] == "bad_origin"
    assert httpx.post(f"{server.base}/api/rooms/{room}/join", json=body, headers={"origin": own},
                      timeout=10).status_code == 200


def test_every_answer_forbids_framing_and_foreign_scripts(server: LiveServer, room: str) -> None:
    for path in ("/", "/static/app.js", "/api/games", f"/r/{room}"):
        headers = server.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert "script-src 'self'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"


def test_a_binary_frame_is_refused_and_the_connection_lives_on(server: LiveServer, room: str) -> None:
    watcher = Client(server, room)
    watcher.ws.send(b'{"type": "ping"}')
    refused = watcher.until(lambda f: f["type"] == "error")
    assert refused["code"] == "text_only"
    watcher.send({"type": "ping", "ref": 7})
    assert watcher.until(lambda f: f["type"] == "pong")["ref"] == 7
    watcher.close()


@pytest.mark.parametrize("nickname", ["bot 1 (normal)", "Ann (hard)", "seat 2", "S5", "ＪＫ", "H10 C3", "\u3000",
                                      "An\u200bn", "ボット1（ふつう）", "アン（達人）", "席2"])
def test_a_nickname_that_could_pass_for_a_bot_a_card_or_nothing_is_refused(server: LiveServer, room: str,
                                                                           nickname: str) -> None:
    joined = server.post(f"/api/rooms/{room}/join", {"nickname": nickname})
    assert joined.status_code == 400 and joined.json()["error"]["code"] == "bad_nickname"


def test_the_server_refuses_to_start_on_a_store_it_cannot_write(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "kakehiki.cli.main", "serve", "--port", "0", "--db", "/proc/kakehiki.sqlite3"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "the store cannot be written" in done.stderr and "not starting" in done.stderr


def test_a_room_left_in_the_lobby_is_forgotten_here_and_in_the_store(tmp_path: Path) -> None:
    from kakehiki.server.host import LOBBY_KEPT, RoomHost
    from kakehiki.server.store import Store

    now = [1_000_000.0]
    store = Store(str(tmp_path / "rooms.sqlite3"))
    host = RoomHost(store, wall=lambda: now[0])
    waiting, _, _ = host.create({"game": "dobon", "players": 2, "nickname": "Ann"})
    started, seat, _ = host.create({"game": "dobon", "players": 2, "nickname": "Bo", "bots": {"1": "random"}})
    host.start(started, seat)
    now[0] += LOBBY_KEPT - 1
    assert host.expire_lobbies() == []
    now[0] += 1
    assert host.expire_lobbies() == [waiting.code]
    assert store.room(waiting.code) is None and host.find(waiting.code) is None
    assert host.find(started.code) is started, "a started room is never expired"
    again = RoomHost(store, wall=lambda: now[0])
    assert again.restore() == 1
    store.close()


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with the default limits, for the tests that make a few rooms of their own."""
    live = LiveServer(str(tmp_path_factory.mktemp("hostile-open") / "rooms.sqlite3")).start()
    try:
        yield live
    finally:
        live.stop()


UNTIMED = {"reaction": None, "turn": None, "pace": None}


def seated(server: LiveServer, body: dict[str, object]) -> Client:
    made = server.post("/api/rooms", body)
    assert made.status_code == 201, made.text
    return Client(server, made.json()["code"], made.json()["token"])


def test_a_room_of_fifteen_search_bots_holds_up_no_other_table(open_server: LiveServer) -> None:
    """Bots think on workers, one decision of a room at a time, within a budget and a share of
    the CPU: while fifteen search bots think, another table plays on (it was stalled 52 s)."""
    crowd = seated(open_server, {"game": "dobon", "players": 16, "nickname": "Ann", "clocks": UNTIMED,
                                 "bots": {str(s): "search" for s in range(1, 16)}})
    crowd.send({"type": "start"})
    crowd.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    bo = seated(open_server, {"game": "dobon", "players": 2, "nickname": "Bo", "clocks": UNTIMED,
                              "bots": {"1": "random"}})
    bo.send({"type": "start"})
    rng, moved = random.Random(3), 0
    while moved < 10:
        state = bo.until(lambda f: f["type"] in ("state", "over"), timeout=5)
        if state["type"] == "over":
            break
        if state["legal"]:
            bo.send({"type": "act", "action": rng.choice(state["moves"]), "at": state["seq"]})
            # answered at once: taken, or lost to the bot's call with priority (C4), both in time
            assert bo.until(lambda f: f["type"] == "notice", timeout=5)["kind"] in ("accepted", "lost_priority")
            moved += 1
    bo.send({"type": "ping", "ref": 1})
    assert bo.until(lambda f: f["type"] == "pong", timeout=5)["ref"] == 1
    crowd.close()
    bo.close()


def test_state_frames_stay_small_and_what_they_cut_comes_on_request(open_server: LiveServer) -> None:
    """A long game's log is cut to its end in every state frame (``cut``); ``earlier`` pages the
    rest, so nothing is lost; a request for a list the view has not is refused."""
    from kakehiki.server.connection import BURST, MESSAGES_PER_SECOND
    from kakehiki.server.rooms import VIEW_ENTRIES

    ann = seated(open_server, {"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED,
                               "bots": {"1": "random"}, "options": {"games": 10}})
    ann.send({"type": "start"})
    last = play_until([ann], random.Random(5), lambda _, f: f["type"] == "state" and "cut" in f, timeout=60)
    sizes = [len(raw) for raw in ann.raw]
    assert max(sizes) < 8_000, max(sizes)
    kept, cut = last["view"]["log"], last["cut"]["log"]
    assert len(kept) == VIEW_ENTRIES and cut > 0
    assert cut < VIEW_ENTRIES * BURST, "the pages fit in one burst of messages"
    time.sleep(BURST / MESSAGES_PER_SECOND)  # the game's answers spent the socket's burst: let it refill
    before, older = cut, list[dict[str, Any]]()
    while before > 0:
        ann.send({"type": "earlier", "field": "log", "before": before, "ref": before})
        page = ann.until(lambda f: f["type"] == "earlier")
        assert page["ref"] == before and page["seq"] >= last["seq"] and len(page["entries"]) <= VIEW_ENTRIES
        older = page["entries"] + older
        before = page["from"]
    assert len(older) == cut and page["total"] >= cut + VIEW_ENTRIES
    assert older[0]["kind"] == "turned", "the log from its first entry: the card turned up at the deal"
    ann.send({"type": "earlier", "field": "hand_sizes_x", "before": 3, "ref": "x"})
    refused = ann.until(lambda f: f["type"] == "error")
    assert refused["code"] == "bad_field" and refused["ref"] == "x"
    ann.send({"type": "earlier", "field": "log", "before": -1})
    assert ann.until(lambda f: f["type"] == "error")["code"] == "bad_field"
    ann.close()


def playing_state(ws: Any) -> dict[str, Any]:
    """Read a test client's socket on to its first state of a game in play."""
    while True:
        frame = ws.receive_json()
        for inner in frame["frames"] if frame["type"] == "change" else [frame]:
            if inner["type"] == "state" and inner["status"] == "playing":
                return dict(inner)


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_a_store_that_fails_mid_game_tells_every_player_and_closes_with_1011(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk or a read-only database: every connection of the room (spectators too) is told
    ``store_failed`` and closed with 1011, not the normal 1000; HTTP answers 503 in JSON."""
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from kakehiki.server.app import create_app
    from kakehiki.server.store import StoreError

    def refuse(*_: object) -> None:
        raise StoreError("disk full")

    app = create_app(str(tmp_path / "rooms.sqlite3"), host_names=["testserver"])
    with TestClient(app) as http:
        made = http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann", "clocks": UNTIMED})
        code = made.json()["code"]
        joined = http.post(f"/api/rooms/{code}/join", json={"nickname": "Bo"}).json()
        url = f"/api/rooms/{code}/ws"
        with http.websocket_connect(url) as ann, http.websocket_connect(url) as bo, \
                http.websocket_connect(url) as watcher:
            for ws, token in ((ann, made.json()["token"]), (bo, joined["token"]), (watcher, None)):
                ws.send_json({"type": "hello", **({"token": token} if token else {})})
            ann.send_json({"type": "start"})
            seats = {0: ann, 1: bo}
            states = {seat: playing_state(ws) for seat, ws in seats.items()}
            monkeypatch.setattr(app.state.server.host.store, "write", refuse)
            actor = next(seat for seat, frame in states.items() if frame["legal"])
            seats[actor].send_json({"type": "act", "action": states[actor]["moves"][0], "at": states[actor]["seq"]})
            for ws in (ann, bo, watcher):
                codes = []
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        frame = ws.receive_json()
                        inner = frame["frames"] if frame["type"] == "change" else [frame]
                        codes += [f.get("code") for f in inner if f["type"] == "error"]
                assert codes == ["store_failed"] and closed.value.code == 1011
        monkeypatch.setattr(app.state.server.host.store, "create_room", refuse)
        refused = http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Cy"})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "store_failed"


def test_a_request_body_that_never_ends_is_dropped_with_408(monkeypatch: pytest.MonkeyPatch) -> None:
    """Half a body, then nothing: answered ``slow_body`` once the body's time is up (10 s on a
    server; a tenth of a second here), holding nothing longer."""
    import asyncio

    from starlette.requests import Request

    from kakehiki.server import app as served
    from kakehiki.server.settings import RequestError

    monkeypatch.setattr(served, "BODY_SECONDS", 0.1)
    sent = [{"type": "http.request", "body": b'{"nick', "more_body": True}]

    async def receive() -> dict[str, object]:
        if sent:
            return sent.pop()
        await asyncio.Event().wait()  # the rest never comes
        raise AssertionError

    scope = {"type": "http", "method": "POST", "path": "/api/rooms", "headers": [(b"content-length", b"100")]}
    with pytest.raises(RequestError) as dropped:
        asyncio.run(served._body(Request(scope, receive)))
    assert dropped.value.code == "slow_body" and dropped.value.status == 408


def test_a_flood_of_idle_sockets_past_the_file_limit_is_answered_503_without_tracebacks(tmp_path: Path) -> None:
    """Under a file limit of 256 (soft and hard) the server takes 192 connections at once: the
    next are answered 503 at once, the log stays free of tracebacks, and once they close a
    visitor is served."""
    import resource
    import socket
    import time

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    port = __import__("serving").free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "kakehiki.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", str(tmp_path / "rooms.sqlite3")]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=low_limit)
    try:
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        held = []
        for _ in range(230):  # more than the server's 256 - 64 connections: idle, never a request
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            held.append(sock)
        answers = []
        for _ in range(50):  # the server accepts the idle ones as it gets to them
            answers.append(httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code)
            if answers[-1] == 503:
                break
            time.sleep(0.1)
        assert answers[-1] == 503, "past the limit a connection is refused at once, not left to time out"
        for sock in held:
            sock.close()
        for _ in range(100):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200:
                    break
            time.sleep(0.1)
        else:
            raise AssertionError("the server did not serve again once the idle sockets closed")
    finally:
        process.terminate()
        process.wait(30)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and len(text) < 20_000, text[-2000:]
