"""The server's learning: each game's rules as HTML, and a learn room that plays the guided game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from kakehiki.learn import load_lesson
from kakehiki.registry import game_ids
from serving import Client, Frame, LiveServer, running

pytest.importorskip("starlette")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(str(tmp_path_factory.mktemp("learn") / "rooms.db")) as live:
        yield live


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_come_as_safe_html_in_the_page_language(server: LiveServer, lang: str) -> None:
    for game_id in game_ids():
        page = server.get(f"/api/games/{game_id}/rules?lang={lang}").json()
        assert page["lang"] == lang and page["learn"] is True
        assert page["html"].startswith("<h1>") and "<table>" in page["html"]
        assert "<script" not in page["html"]
    assert server.get("/api/games/nope/rules").status_code == 404


def test_a_learn_room_points_at_each_move_and_takes_no_other(server: LiveServer, tmp_path: Path) -> None:
    lesson = load_lesson("doubt")
    made = server.post("/api/rooms", {"learn": True, "game": "doubt", "nickname": "Ann", "clocks": {"pace": 0}})
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["seat"] == 0 and body["room"]["status"] == "playing"
    assert body["room"]["settings"]["reaction"] is None and body["room"]["seats"][1]["bot"] == "easy"
    ann = Client(server, body["code"], body["token"], lang="ja")
    try:
        for n, ask in enumerate(lesson.asks, start=1):

            def asked(f: Frame, at: int = ask.at) -> bool:
                return bool(f["type"] == "state" and f["seq"] == at and f["legal"])

            state = ann.until(asked)
            assert state["learn"]["step"] == n and state["learn"]["move"] == ask.move
            assert state["learn"]["why"]["ja"] == ask.hint("ja")
            if n == 1:
                wrong = next(m for m in state["moves"] if m != ask.move)
                ann.send({"type": "act", "action": wrong, "at": ask.at, "ref": "w"})
                refused = ann.until(lambda f: f["type"] == "notice" and f.get("ref") == "w")
                assert refused["kind"] == "refused" and ask.move in refused["text"] and "ガイド" in refused["text"]
            ann.send({"type": "act", "action": ask.move, "at": ask.at})
        last = ann.until(lambda f: f["type"] == "state" and f["seq"] >= lesson.end and f["legal"])
        assert last["learn"]["over"] is True and "step" not in last["learn"]
        free = next(m for m in last["moves"])
        ann.send({"type": "act", "action": free, "at": last["seq"], "ref": "free"})
        assert ann.until(lambda f: f["type"] == "notice" and f.get("ref") == "free")["kind"] == "accepted"
    finally:
        ann.close()


def test_a_learn_room_needs_a_game_with_a_guide_and_a_name(server: LiveServer) -> None:
    assert server.post("/api/rooms", {"learn": True, "game": "nope", "nickname": "Ann"}).status_code == 400
    assert server.post("/api/rooms", {"learn": True, "game": "doubt"}).status_code == 400


def test_the_pages_learning_words_are_in_both_languages() -> None:
    catalog = (Path(__file__).resolve().parents[1] / "src/kakehiki/server/static/i18n.js").read_text(encoding="utf-8")
    english, japanese = catalog.split("const JA = {")
    keys = [sorted(re.findall(r'"(learn\.[a-z_]+)":', part)) for part in (english, japanese)]
    assert keys[0] == keys[1] and len(keys[0]) >= 8
    words = re.findall(r'"learn\.[a-z_]+": "([^"]*)"', japanese)
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", word) for word in words), "English on the Japanese page"


def test_a_learn_room_restored_after_a_restart_plays_on_without_the_guide(tmp_path: Path) -> None:
    from hosting import FakeClock
    from kakehiki.server.host import RoomHost
    from kakehiki.server.store import Store

    lesson, clock = load_lesson("doubt"), FakeClock()
    store = Store(str(tmp_path / "rooms.sqlite3"))
    host = RoomHost(store, clock=clock)
    room, seat, _ = host.learn({"game": "doubt", "nickname": "Ann", "clocks": {"pace": None}})
    assert room.table is not None
    for ask in lesson.asks[:3]:
        while room.table.seq != ask.at:
            clock.advance(1.0)
            host.poll(room)
        assert host.act(room, seat, ask.move, at=ask.at).kind == "accepted"
    done = [(r, s, str(a)) for r, s, a in room.table.actions]
    store.close()
    store = Store(str(tmp_path / "rooms.sqlite3"))
    again = RoomHost(store, clock=clock)
    assert again.restore() == 1
    back = again.rooms[room.code]
    assert back.table is not None and back.lesson is None
    assert [(r, s, str(a)) for r, s, a in back.table.actions[:len(done)]] == done  # then the bot answers
    assert "learn" not in back.state_frame(seat) and back.seats[1].bot == "easy"
    store.close()
