"""Issue 30: chat and quick reactions over a real server — to everyone in the room, length and
rate limited, passed on as text (the page shows it with textContent), spectators reading only;
the totals of a hand where a game counts them; and a finished room read back after a restart
that still shows its final table to a spectator."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from kakehiki.server.protocol import MAX_CHAT_CHARS, REACTIONS
from serving import Client, Frame, LiveServer, play_until

UNTIMED = {"reaction": None, "turn": None, "pace": None, "grace": 60}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("chat") / "rooms.sqlite3")).start()
    yield live
    live.stop()


def room(server: LiveServer, game: str = "dobon", clocks: dict[str, Any] | None = None) -> tuple[str, str, str]:
    made = server.post("/api/rooms", {"game": game, "players": 3, "nickname": "Ann", "clocks": clocks or UNTIMED})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    bo = server.post(f"/api/rooms/{code}/join", {"nickname": "Bo"}).json()
    return code, made.json()["token"], bo["token"]


def chat(client: Client) -> Frame:
    return client.until(lambda f: f["type"] in ("chat", "error"))


def test_a_line_of_chat_reaches_everyone_as_it_was_typed(server: LiveServer) -> None:
    code, ann_token, bo_token = room(server)
    ann, bo, watcher = Client(server, code, ann_token), Client(server, code, bo_token), Client(server, code)
    line = '<img src=x onerror="alert(1)"> & 「こんにちは」'
    ann.send({"type": "chat", "text": "  " + line + "\n", "ref": 1})
    for client in (ann, bo, watcher):
        said = chat(client)
        assert said == {"type": "chat", "seat": 0, "name": "Ann", "text": line}
    bo.send({"type": "react", "emoji": "🎉"})
    for client in (ann, bo, watcher):
        assert chat(client) == {"type": "chat", "seat": 1, "name": "Bo", "emoji": "🎉"}
    # Whoever comes later is sent the latest lines again, as history.
    late = Client(server, code)
    late.until(lambda f: f["type"] == "state")
    replayed = [f for f in late.frames if f["type"] == "chat"]
    assert [f.get("text") or f.get("emoji") for f in replayed] == [line, "🎉"]
    assert all(f["replay"] is True for f in replayed)
    for client in (ann, bo, watcher, late):
        client.close()


def test_chat_is_limited_in_length_kind_and_rate(server: LiveServer) -> None:
    code, ann_token, _ = room(server)
    ann, watcher = Client(server, code, ann_token), Client(server, code)
    for bad, why in (({"type": "chat", "text": "x" * (MAX_CHAT_CHARS + 1)}, "200"),
                     ({"type": "chat", "text": " \n\t "}, "1 to"),
                     ({"type": "chat"}, "required"),
                     ({"type": "react", "emoji": "💩"}, "one of"),
                     ({"type": "chat", "text": 5}, "string")):
        ann.send({**bad, "ref": "r"})
        error = chat(ann)
        assert error["type"] == "error" and error["ref"] == "r" and why in error["message"], error
    ann.send({"type": "chat", "text": "x" * MAX_CHAT_CHARS})
    assert len(chat(ann)["text"]) == MAX_CHAT_CHARS
    # A spectator reads the chat but may not write in it.
    watcher.send({"type": "chat", "text": "hi", "ref": 9})
    error = watcher.until(lambda f: f["type"] == "error")
    assert error["type"] == "error" and error["code"] == "spectator"
    assert REACTIONS[0] == "👍"
    # Five at once, then the rate: the next lines are refused, not passed on.
    answers = []
    for i in range(8):
        ann.send({"type": "react", "emoji": "👍", "ref": i})
        answers.append(chat(ann))
    kinds = [a["type"] for a in answers]
    assert kinds.count("chat") <= 5 and kinds[-1] == "error" and answers[-1]["code"] == "chat_rate"
    ann.close()
    watcher.close()


def test_a_hand_total_where_the_game_counts_hands(server: LiveServer) -> None:
    for game, counts in (("dobon", True), ("dhumbal", True), ("doubt", False)):
        code, ann_token, _ = room(server, game)
        ann, watcher = Client(server, code, ann_token), Client(server, code)
        ann.send({"type": "start"})
        state = ann.until(lambda f: f["type"] == "state" and f["status"] == "playing")
        seen = watcher.until(lambda f: f["type"] == "state" and f["status"] == "playing")
        assert "hand_total" not in seen
        if not counts:
            assert "hand_total" not in state
            continue
        ranks = {"A": 1, "J": 11, "Q": 12, "K": 13} if game == "dobon" else {"A": 1, "J": 10, "Q": 10, "K": 10}
        assert state["hand_total"] == sum(ranks.get(c[1:], 0) or int(c[1:]) for c in state["view"]["hand"])
        ann.close()
        watcher.close()


def test_a_spectator_sees_the_final_table_of_a_room_read_back_after_a_restart(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3")).start()
    try:
        code, ann_token, bo_token = room(server, "dhumbal", {"reaction": None, "turn": None, "pace": None,
                                                             "grace": 60})
        ann, bo = Client(server, code, ann_token), Client(server, code, bo_token)
        ann.send({"type": "start"})
        play_until([ann, bo], random.Random(3), lambda c, f: f["type"] == "over")
        last = [f for f in ann.frames if f["type"] == "state"][-1]
        server.stop()
        server.start()
        watcher = Client(server, code)
        state = watcher.until(lambda f: f["type"] == "state")
        assert state["status"] == "over" and state["view"] is not None and state["legal"] == []
        assert state["view"]["scores"] == last["view"]["scores"]
        assert state["view"]["hand"] is None
        assert watcher.until(lambda f: f["type"] == "over")["result"]["scores"] is not None
        assert any(f["type"] == "event" and f.get("replay") for f in watcher.frames), "the game's history too"
        again = Client(server, code, ann_token)
        mine = again.until(lambda f: f["type"] == "state")
        assert mine["view"]["hand"] is not None and mine["seq"] == last["seq"]
        watcher.close()
        again.close()
    finally:
        server.stop()


def test_who_is_here_and_a_room_frame_once_a_bot_stands_in(server: LiveServer) -> None:
    code, ann_token, bo_token = room(server, "doubt", {"reaction": None, "turn": None, "pace": None, "grace": 0.5})
    ann = Client(server, code, ann_token)
    seats = ann.welcome["room"]["seats"]
    assert [s["here"] for s in seats] == [True, False, False]
    bo = Client(server, code, bo_token)
    shown = ann.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["here"])
    assert shown["room"]["seats"][1]["here"] is True
    ann.send({"type": "start"})
    ann.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    bo.close()
    gone = ann.until(lambda f: f["type"] == "room" and not f["room"]["seats"][1]["here"])
    assert gone["room"]["seats"][1]["away"] is True
    # Past the grace a room frame says a bot plays for Bo (the page shows it on his seat).
    replaced = ann.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["replaced"], timeout=10)
    assert replaced["room"]["seats"][1]["away"] is True
    ann.close()
