"""Issue 15: bad input to a real server gets a clear error, changes nothing, and the connection survives."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

import httpx
from websockets.exceptions import InvalidStatus

from kakehiki.registry import game_ids
from kakehiki.server.protocol import MAX_MESSAGE_BYTES, ProtocolError, parse_client_message
from serving import Client, LiveServer, play_until, running

NO_CLOCKS = {"reaction": None, "turn": None, "pace": None, "grace": 60}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(str(tmp_path_factory.mktemp("serve") / "rooms.sqlite3")) as live:
        yield live


def make_room(server: LiveServer, **extra: Any) -> dict[str, Any]:
    body = {"game": "dobon", "players": 3, "nickname": "Ann", "clocks": NO_CLOCKS, **extra}
    made = server.post("/api/rooms", body)
    assert made.status_code == 201, made.text
    return dict(made.json())


def started(server: LiveServer) -> tuple[Client, dict[str, Any]]:
    """Ann alone with two bots, the game started; returns her client and the first state she is asked
    in (no clocks: the table then waits for her, so nothing changes until she answers)."""
    room = make_room(server)
    ann = Client(server, room["code"], room["token"])
    ann.send({"type": "start"})
    state = ann.until(lambda f: f["type"] == "state" and f["status"] == "playing" and bool(f["legal"]))
    return ann, state


def error_after(client: Client, message: object) -> dict[str, Any]:
    client.send(message)
    return client.until(lambda f: f["type"] == "error")


def still_answers(client: Client) -> None:
    client.send({"type": "ping", "ref": "alive"})
    assert client.until(lambda f: f["type"] == "pong")["ref"] == "alive"


# -- the parser alone --------------------------------------------------------------------------------
@pytest.mark.parametrize(("raw", "code"), [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"type": "fly"}', "bad_type"),
    ('{"action": "draw"}', "bad_type"),
    ('{"type": "act"}', "missing_field"),
    ('{"type": "act", "action": 7}', "bad_field"),
    ('{"type": "act", "action": ""}', "bad_field"),
    ('{"type": "act", "action": "draw", "extra": 1}', "bad_field"),
    ('{"type": "act", "action": "draw", "at": -1}', "bad_field"),
    ('{"type": "act", "action": "draw", "at": "3"}', "bad_field"),
    ('{"type": "act", "action": "draw", "at": true}', "bad_field"),
    ('{"type": "act", "action": "draw", "at": 2.5}', "bad_field"),
    ('{"type": "act", "action": "draw", "at": 1000000000000}', "bad_field"),
    ('{"type": "sit", "seat": true}', "bad_field"),
    ('{"type": "lang", "lang": "fr"}', "bad_field"),
    ('{"type": "hello", "token": ""}', "bad_field"),
    ("[" * 5000, "too_large"),
    ('{"type": "act", "action": "' + "x" * 301 + '"}', "bad_field"),
    ("[" * 3000, "bad_json"),
])
def test_issue15_a_bad_message_is_named(raw: str, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(raw)
    assert caught.value.code == code and str(caught.value)


def test_issue15_a_good_message_is_taken_with_its_fields() -> None:
    message = parse_client_message('{"type": "act", "action": "play S7", "ref": 3}')
    assert message.type == "act" and message.get("action") == "play S7" and message.get("ref") == 3


# -- over the socket ---------------------------------------------------------------------------------
def test_issue15_malformed_and_oversized_messages_get_errors_and_the_socket_lives(server: LiveServer) -> None:
    ann, state = started(server)
    for bad, code in [("{oops", "bad_json"), ('"just a string"', "bad_message"), ('{"type": "teleport"}', "bad_type"),
                      ('{"type": "act", "action": ["draw"]}', "bad_field"),
                      ("x" * (MAX_MESSAGE_BYTES + 1), "too_large"), ("y" * 60_000, "too_large"),
                      (b"\xff\xfe binary", "text_only"), (b"{\"type\": \"ping\"}", "text_only")]:
        assert error_after(ann, bad)["code"] == code
    still_answers(ann)
    ann.send({"type": "sync"})
    again = ann.until(lambda f: f["type"] == "state")
    assert again["seq"] == state["seq"] and again["view"] == state["view"], "nothing changed"


def test_issue15_an_illegal_or_out_of_turn_action_is_refused_naming_the_rule(server: LiveServer) -> None:
    ann, state = started(server)
    ann.send({"type": "act", "action": "play XX"})
    refused = ann.until(lambda f: f["type"] == "notice")
    assert refused["kind"] == "refused" and refused["seat"] == 0
    if not state["legal"]:  # not her turn: any real card is out of turn
        ann.send({"type": "act", "action": "draw"})
        out_of_turn = ann.until(lambda f: f["type"] == "notice")
        assert out_of_turn["kind"] in ("refused", "too_late") and out_of_turn["text"]
    still_answers(ann)


def test_issue15_a_spectator_may_not_act_and_a_bad_token_is_no_seat(server: LiveServer) -> None:
    room = make_room(server)
    watcher = Client(server, room["code"])
    assert watcher.welcome["type"] == "welcome" and watcher.seat is None
    assert error_after(watcher, {"type": "act", "action": "draw"})["code"] == "spectator"
    assert error_after(watcher, {"type": "start"})["code"] == "spectator"
    impostor = Client(server, room["code"], token="not-a-real-token")
    assert impostor.welcome["type"] == "error" and impostor.welcome["code"] == "bad_token"
    impostor.send({"type": "hello"})  # may still watch
    assert impostor.until(lambda f: f["type"] == "welcome")["seat"] is None


def test_issue15_only_the_host_starts_and_acting_before_the_start_is_refused(server: LiveServer) -> None:
    room = make_room(server)
    joined = server.post(f"/api/rooms/{room['code']}/join", {"nickname": "Bo"}).json()
    bo = Client(server, room["code"], joined["token"])
    assert error_after(bo, {"type": "start"})["code"] == "not_host"
    assert error_after(bo, {"type": "act", "action": "draw"})["code"] == "not_playing"
    bo.send({"type": "sit", "seat": 2})
    assert bo.until(lambda f: f["type"] == "room")["room"]["seats"][2]["nickname"] == "Bo"
    assert error_after(bo, {"type": "sit", "seat": 0})["code"] == "seat_taken"


def test_issue15_a_flood_is_rate_limited_and_the_connection_survives(server: LiveServer) -> None:
    ann, _ = started(server)
    for i in range(120):
        ann.send({"type": "ping", "ref": i})
    codes: list[str] = []
    while len(codes) < 120:
        frame = ann.recv()
        if frame["type"] in ("pong", "error"):
            codes.append(frame.get("code", "pong"))
    assert "rate_limited" in codes and codes.count("pong") >= 30
    import time

    time.sleep(1.0)
    still_answers(ann)


def test_issue15_a_page_from_another_site_is_refused(server: LiveServer) -> None:
    room = make_room(server)
    with pytest.raises(InvalidStatus) as refused:
        Client(server, room["code"], room["token"], origin="http://evil.example")
    assert refused.value.response.status_code == 403
    same = Client(server, room["code"], room["token"], origin=f"http://127.0.0.1:{server.port}")
    assert same.seat == 0
    made = server.post("/api/rooms", {"game": "dobon", "nickname": "Eve"}, headers={"origin": "http://evil.example"})
    assert made.status_code == 403 and made.json()["error"]["code"] == "bad_origin"


@pytest.mark.parametrize(("body", "code", "field"), [
    ({"game": "chess", "nickname": "A"}, "bad_game", "game"),
    ({"game": "dobon", "nickname": "A", "players": 99}, "bad_players", "players"),
    ({"game": "dobon", "nickname": "A", "options": {"decks": 99}}, "bad_option", "options.decks"),
    ({"game": "dobon", "nickname": "A", "options": {"no_such": 1}}, "bad_option", "options.no_such"),
    ({"game": "dobon", "nickname": "A", "clocks": {"reaction": -1}}, "bad_settings", "clocks.reaction"),
    ({"game": "dobon", "nickname": "A", "clocks": {"turn": "soon"}}, "bad_settings", "clocks.turn"),
    ({"game": "dobon", "nickname": "A", "clocks": {"pace": -0.1}}, "bad_settings", "clocks.pace"),
    ({"game": "dobon", "nickname": "A", "clocks": {"pace": 60}}, "bad_settings", "clocks.pace"),
    ({"game": "dobon", "nickname": "A", "clocks": {"pace": "auto"}}, "bad_settings", "clocks.pace"),
    ({"game": "dobon", "nickname": "A", "clocks": {"reaction": "soon"}}, "bad_settings", "clocks.reaction"),
    ({"game": "dobon", "nickname": "A", "clocks": {"reaction": 6, "turn": 2}}, "bad_settings", "clocks.turn"),
    ({"game": "dobon", "nickname": "A", "bots": {"1": "genius"}}, "bad_bot", "bots.1"),
    ({"game": "dobon", "nickname": "A", "bots": {"7": "easy"}}, "bad_seat", "bots.7"),
    ({"game": "dobon", "nickname": "A", "bots": {"0": "easy"}}, "bad_seat", "bots.0"),
    ({"game": "dobon", "nickname": ""}, "bad_nickname", "nickname"),
    ({"game": "dobon", "nickname": "A\u0000B"}, "bad_nickname", "nickname"),
])
def test_issue15_a_bad_room_request_names_its_field(server: LiveServer, body: dict[str, Any], code: str,
                                                    field: str) -> None:
    answer = server.post("/api/rooms", body)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == (code, field) and error["message"]


def test_issue15_bad_http_bodies_and_unknown_rooms(server: LiveServer) -> None:
    raw = httpx.post(server.base + "/api/rooms", content=b"{nope", timeout=10)
    assert raw.status_code == 400 and raw.json()["error"]["code"] == "bad_json"
    big = httpx.post(server.base + "/api/rooms", content=json.dumps({"pad": "x" * 20_000}), timeout=10)
    assert big.status_code == 413
    assert server.get("/api/rooms/NOPE1234").status_code == 404
    assert server.post("/api/rooms/NOPE1234/join", {"nickname": "A"}).status_code == 404
    room = make_room(server, players=2)
    assert server.post(f"/api/rooms/{room['code']}/join", {"nickname": "Bo"}).status_code == 200
    full = server.post(f"/api/rooms/{room['code']}/join", {"nickname": "Cy"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "seat_taken"


def test_issue15_the_catalog_explains_every_option_in_english_and_japanese(server: LiveServer) -> None:
    games = server.get("/api/games").json()["games"]
    assert sorted(g["id"] for g in games) == sorted(game_ids())
    for game in games:
        assert "normal" in game["bots"] and game["players"]["min"] >= 2
        for option in game["options"]:
            assert option["help"] and option["help_ja"], (game["id"], option["name"])


@pytest.mark.parametrize("args", [["--shard", "2/2"], ["--shard", "x"], ["--shard", "0/99"],
                                  ["--rooms-per-minute", "0"], ["--port", "70000"],
                                  ["--sockets-per-address", "0"], ["--sockets-per-address", "many"],
                                  ["--trusted-proxy", "proxy.local"], ["--trusted-proxy", "10.0.0.0/33"],
                                  ["--host-name", "evil example"], ["--host-name", "x" * 300]])
def test_issue15_serve_refuses_bad_flags_before_starting(args: list[str]) -> None:
    from typer.testing import CliRunner

    from kakehiki.cli.main import build_app

    outcome = CliRunner().invoke(build_app(), ["serve", *args])
    assert outcome.exit_code == 2 and args[0] in outcome.output


def test_issue15_notices_are_worded_in_the_connections_language(server: LiveServer) -> None:
    room = make_room(server)
    ann = Client(server, room["code"], room["token"], lang="ja")
    ann.send({"type": "start"})
    ann.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    ann.send({"type": "act", "action": "play XX"})
    refused = ann.until(lambda f: f["type"] == "notice")
    assert refused["kind"] == "refused" and any(ord(c) > 0x3000 for c in refused["text"]), refused["text"]
    ann.send({"type": "lang", "lang": "en"})
    ann.send({"type": "act", "action": "play XX"})
    again = ann.until(lambda f: f["type"] == "notice")
    assert again["kind"] == "refused" and again["text"].isascii()


def test_an_act_typed_in_full_width_or_japanese_is_read_as_the_notation(server: LiveServer) -> None:
    room = make_room(server)
    ann = Client(server, room["code"], room["token"], lang="ja")
    ann.send({"type": "start"})
    state = ann.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    refused = notice_after(ann, {"type": "act", "action": "ｐｌａｙ　ｘｘ"})
    assert refused["kind"] == "refused" and "'xx' は札ではありません" in refused["text"], refused["text"]
    state = [f for f in ann.frames if f["type"] == "state"][-1]  # the latest, perhaps read while waiting above
    while not state["legal"]:  # untimed: the table waits for Ann wherever she is asked
        state = ann.until(lambda f: f["type"] == "state" and (bool(f["legal"]) or f["status"] == "over"))
        assert state["status"] == "playing", f"the bots ended the game before Ann was asked: {ann.frames[-6:]}"
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "　" for c in state["legal"][0])
    answer = notice_after(ann, {"type": "act", "action": wide})
    # Read as the notation: accepted, or beaten by a bot's call made on the same state (C4).
    assert answer["kind"] in ("accepted", "lost_priority") and answer["move"] == state["legal"][0], answer


# -- refs echoed in the notices about an act --------------------------------------------------------
def notice_after(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    client.send(message)
    return client.until(lambda f: f["type"] == "notice")


def test_the_notice_about_an_act_echoes_its_ref(server: LiveServer) -> None:
    ann, state = started(server)
    refused = notice_after(ann, {"type": "act", "action": "play XX", "ref": "x1"})
    assert (refused["kind"], refused["ref"]) == ("refused", "x1")
    assert "ref" not in notice_after(ann, {"type": "act", "action": "play XX"}), "no ref, none echoed"
    state = [f for f in ann.frames if f["type"] == "state"][-1]  # the latest, perhaps read while waiting above
    if not state["legal"]:
        state = ann.until(lambda f: f["type"] == "state" and (bool(f["legal"]) or f["status"] == "over"))
    action = state["legal"][0] if state["legal"] else "draw"
    answer = notice_after(ann, {"type": "act", "action": action, "ref": 0, "at": state["seq"]})
    # Whichever notice about the answer comes first (a bot may have called ahead of it) echoes its ref.
    assert answer["kind"] in ("accepted", "too_late", "lost_priority", "refused") and answer["ref"] == 0


def test_a_lost_priority_notice_echoes_the_ref_of_the_answer_that_lost(server: LiveServer) -> None:
    """Doubt: the bot (seat 2) plays, Ann and Bo both call doubt inside the window; Ann is ahead
    in priority, so Bo's call is not made, and Bo is told so with his call's ref."""
    made = make_room(server, game="doubt", bots={"2": "easy"},
                     clocks={"reaction": 1.0, "turn": None, "pace": 0.1, "grace": 60})
    bo_token = server.post(f"/api/rooms/{made['code']}/join", {"nickname": "Bo"}).json()["token"]
    ann, bo = Client(server, made["code"], made["token"]), Client(server, made["code"], bo_token)
    ann.send({"type": "start"})
    frame = play_until([ann, bo], random.Random(3), lambda c, f: f["type"] == "state" and bool(f["legal"])
                       and f["view"]["phase"] == "doubt" and f["view"]["turn"] == 2, timeout=60)
    for client in (ann, bo):  # neither has answered this state yet: play_until stops before answering
        if not any(f["type"] == "state" and f["seq"] == frame["seq"] for f in client.frames):
            client.until(lambda f: f["type"] == "state" and f["seq"] == frame["seq"])
    ann.send({"type": "act", "action": "doubt", "ref": "ann"})
    bo.send({"type": "act", "action": "doubt", "ref": "bo"})
    own = ann.until(lambda f: f["type"] == "notice" and f["seat"] == 0)
    assert (own["kind"], own["ref"]) == ("accepted", "ann")
    bo_notices = [bo.until(lambda f: f["type"] == "notice" and f["seat"] == 1) for _ in range(2)]
    assert [(n["kind"], n["ref"]) for n in bo_notices] == [("accepted", "bo"), ("lost_priority", "bo")]
    assert bo_notices[1]["by"] == 0
