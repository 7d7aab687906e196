"""A whole game of each of the five games, played through the browser table by two people and a bot.

Ann (English, a desktop window) makes the room with the lobby's form, Bo (Japanese, a
phone-sized window) follows the invitation link and joins, a ``normal`` bot takes the
third seat, and Ann starts.  Both then play only by clicking what their page offers,
until the page shows the end: the standings, the seed checked against the commitment the
page saw before the deal, and the record to download.  Screenshots of each table, in
English and Japanese, go to ``test-artifacts/screenshots``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser import DESKTOP, PHONE, Person, join_room, make_room
from serving import LiveServer

# House rules that make each game neither too short for both people to play (a Dobon can end on
# the first card) nor too long for clicking people.
GAMES: dict[str, dict[str, Any]] = {  # calls: whether people call when they can; keys: the key hint
    "dobon": {"options": {"games": "2"}, "calls": True, "keys": "Space: go on · D: call · Esc: close"},
    "dobon-arith": {"options": {"games": "2"}, "calls": True, "keys": "Space: go on · D: call · Esc: close"},
    "doubt": {"options": {}, "calls": False, "keys": "Space: go on · D: call · Esc: close"},
    "million-doubt": {"options": {}, "calls": False, "keys": "Space: go on · D: call · Esc: close"},
    "dhumbal": {"options": {"show_max": "15"}, "calls": False, "keys": "Esc: close a menu"},  # no calls out of turn:
    "daifugo": {"options": {"games": "1"}, "calls": False, "keys": "Esc: close a menu"},  # no D, no Space
}
CLOCKS = {"reaction": "0.2", "turn": "30", "grace": "30", "pace": "0.05"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("page") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


@pytest.fixture
def people(browser: Any, server: LiveServer) -> Iterator[tuple[Person, Person]]:
    ann = Person(browser, server.base, "en-US", DESKTOP)
    bo = Person(browser, server.base, "ja-JP", PHONE)
    yield ann, bo
    ann.close()
    bo.close()


def sit_down(ann: Person, bo: Person, game: str, options: dict[str, str]) -> str:
    code = make_room(ann, game, 3, {2: "normal"}, options, CLOCKS, "Ann")
    join_room(bo, ann.page.get_attribute("#invite", "href") or "", "ボー")
    ann.page.wait_for_selector('.waiting-seats li[data-seat="1"]:has-text("ボー")')
    ann.page.click("#start")
    for person in (ann, bo):
        person.page.wait_for_selector("#hand")
    return code


def wait_for_end(people: tuple[Person, ...], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(p.page.locator("#over").count() for p in people):
            return
        time.sleep(0.25)
    seqs = [p.app("app.state && app.state.seq") for p in people]
    raise AssertionError(f"no end within {timeout} s (table at {seqs} actions; played {[p.played() for p in people]})")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_through_the_page(people: tuple[Person, Person], server: LiveServer, game: str) -> None:
    ann, bo = people
    setup = GAMES[game]
    code = sit_down(ann, bo, game, setup["options"])
    assert ann.app("app.seat") == 0 and bo.app("app.seat") == 1
    assert bo.page.evaluate("document.documentElement.lang") == "ja"

    ann.start_playing(seed=7, prefer_calls=setup["calls"])
    bo.start_playing(seed=8, prefer_calls=setup["calls"])
    ann.page.wait_for_function("() => window.__kkPlayed.clicks >= 2 || window.KKApp.over !== null", timeout=30_000)
    for person in (ann, bo):
        person.pause(True)
    time.sleep(0.4)
    ann.shot(f"{game}-en")
    bo.shot(f"{game}-ja-phone")
    if ann.page.locator("#key-hint").count():  # shown while the game is on
        assert ann.page.inner_text("#key-hint") == setup["keys"]
    for person in (ann, bo):
        person.pause(False)

    wait_for_end((ann, bo), timeout=150)
    for person in (ann, bo):
        played = person.played()
        assert played["clicks"] > 0
        assert played["violations"] == [], "the page offered moves the server did not list"
        verdict = person.page.locator("#verdict")
        assert "good" in (verdict.get_attribute("class") or ""), verdict.inner_text()
        assert person.page.locator(".standings tbody tr").count() == 3
        assert person.errors == []
    assert "✓" in bo.page.inner_text("#verdict") and "シード" in bo.page.inner_text("#verdict")

    # The record the page offers is the game just played.
    href = ann.page.get_attribute("#record", "href")
    assert href == f"/api/rooms/{code}/record"
    record = json.loads(ann.page.request.get(server.base + href).text())
    assert record["game"] == game
    assert record["result"] == ann.app("app.over.result")
    assert record["seats"][:2] == ["Ann", "ボー"]
    assert str(record["seed"]) == ann.app("app.seedText")
    # The phone's page never scrolls sideways.
    assert bo.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_play_again_with_the_same_people(people: tuple[Person, Person]) -> None:
    ann, bo = people
    first = sit_down(ann, bo, "dobon-arith", {})
    ann.start_playing(seed=1, prefer_calls=True)
    bo.start_playing(seed=2, prefer_calls=True)
    wait_for_end((ann, bo), timeout=120)

    ann.page.click("#again")
    ann.page.wait_for_selector(".waiting")
    second = ann.app("app.code")
    assert second != first and ann.page.url.endswith(f"/r/{second}")
    bo.page.wait_for_function("() => window.KKApp.room && window.KKApp.room.next !== null", timeout=10_000)
    bo.page.click("#again")
    bo.page.wait_for_selector(".waiting")
    assert bo.app("app.code") == second
    # The same seats, by the tokens the people already had; the host can start again.
    assert ann.app("app.seat") == 0 and bo.app("app.seat") == 1
    assert ann.page.locator("#start").count() == 1 and bo.page.locator("#start").count() == 0
    assert ann.page.locator('.waiting-seats li[data-seat="1"]').inner_text().startswith("ボー")
    ann.page.click("#start")
    bo.page.wait_for_selector("#hand")
    assert ann.errors == [] and bo.errors == []
