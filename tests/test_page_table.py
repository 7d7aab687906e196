"""The browser table at one Doubt table: a call out of turn and one lost on priority (C4), a
reload that keeps the seat, a dropped connection that comes back by itself, the language
switch, and a phone-sized screen.

Ann (seat 0) and Bo (seat 1) play against a bot on seat 2 with a four-second window to
doubt.  When the bot has played, both people may doubt at once; Bo calls first, by the
keyboard, then Ann with the button: Ann is first after the bot in play order, so her call
wins and Bo's page says his lost on priority.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser import DESKTOP, PHONE, Person, join_room, make_room
from serving import LiveServer

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("table") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def table(browser: Any, server: LiveServer) -> Iterator[tuple[Person, Person]]:
    """A Doubt game under way: Ann on a desktop in English, Bo on a phone in Japanese."""
    ann = Person(browser, server.base, "en-US", DESKTOP)
    bo = Person(browser, server.base, "ja-JP", PHONE)
    make_room(ann, "doubt", 3, {2: "normal"}, {}, {"reaction": "4", "turn": "60"}, "Ann")
    join_room(bo, ann.page.get_attribute("#invite", "href") or "", "ボー")
    ann.page.wait_for_selector('.waiting-seats li[data-seat="1"]:has-text("ボー")')
    assert bo.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ann.page.click("#start")
    for person in (ann, bo):
        person.page.wait_for_selector("#hand")
    yield ann, bo
    ann.close()
    bo.close()


def legal(person: Person) -> list[str]:
    return list(person.app("app.state ? app.state.legal : []"))


def both_may_doubt(ann: Person, bo: Person) -> bool:
    last = ann.app("app.state.view.pile.length ? app.state.view.pile[app.state.view.pile.length - 1].seat : null")
    return last == 2 and "doubt" in legal(ann) and "doubt" in legal(bo)


def answer_calmly(person: Person) -> None:
    """Play the first card the page offers (picked, then sent with the move's button), or let a play
    stand: clicked in the page at once, as the playing script does (the table redraws with every
    frame, and a click that waits for an element to hold still may find it replaced, again and
    again, while the others play on)."""
    person.page.evaluate("""() => {
      const pass = document.querySelector('[data-action="pass"]');
      if (pass) return pass.click();
      const card = document.querySelector('#hand .card.playable');
      if (!card) return;
      card.click();
      const send = document.querySelector('#send:not([disabled])');
      if (send) send.click();
    }""")


def test_C4_a_call_out_of_turn_and_one_lost_on_priority(table: tuple[Person, Person]) -> None:
    ann, bo = table
    deadline = time.monotonic() + 60
    while not both_may_doubt(ann, bo):
        assert time.monotonic() < deadline, "the bot never played while both people could doubt"
        for person in (ann, bo):
            if legal(person) and not both_may_doubt(ann, bo):
                answer_calmly(person)
        time.sleep(0.3)
    for person in (ann, bo):  # the big button is there although it is nobody's turn
        assert person.page.locator("#call").is_visible()
        assert person.app("app.state.turn") is None
    assert "ダウト" in bo.page.inner_text("#call")
    bo.page.locator("#call").focus()
    bo.page.keyboard.press("Space")
    time.sleep(0.3)
    ann.page.click("#call")
    bo.page.wait_for_selector('.toast-item.warn', timeout=10_000)
    assert bo.app("app.log.some((e) => e.kind === 'lost_priority')")
    ann_doubted = "() => window.KKApp.log.some((e) => /doubt/i.test(e.text) && /Ann/.test(e.text))"
    ann.page.wait_for_function(ann_doubted, timeout=10_000)
    assert not ann.app("app.log.some((e) => e.kind === 'lost_priority')")


def test_a_reload_keeps_the_seat(table: tuple[Person, Person]) -> None:
    _, bo = table
    hand = bo.app("app.state.view.hand.length")
    bo.page.reload()
    bo.page.wait_for_selector("#hand")
    assert bo.app("app.seat") == 1
    assert bo.page.locator(".seat.me").get_attribute("data-seat") == "1"
    assert bo.page.locator("#hand .card").count() == bo.app("app.state.view.hand.length")
    assert abs(bo.app("app.state.view.hand.length") - hand) <= 8  # the same seat's hand, give or take a pile
    assert bo.app("app.log.length") > 0, "the history comes back after a reload"
    assert bo.errors == []


def test_a_dropped_connection_comes_back_by_itself(table: tuple[Person, Person]) -> None:
    ann, _ = table
    ann.page.evaluate("window.KKApp.socket.ws.close()")
    ann.page.wait_for_selector("#net.down", timeout=5_000)
    ann.page.wait_for_selector("#net.up", timeout=10_000)
    assert ann.app("app.seat") == 0
    ann.page.wait_for_selector("#hand")
    assert ann.errors == []


def test_switching_the_language(table: tuple[Person, Person]) -> None:
    ann, _ = table
    assert ann.page.inner_text("#lang") == "日本語"
    ann.page.click("#lang")
    ann.page.wait_for_function("() => document.documentElement.lang === 'ja'")
    ann.page.wait_for_function("() => window.KKApp.log.length > 0")
    assert ann.page.inner_text("#lang") == "English"
    assert JAPANESE.search(ann.page.inner_text(".log h3"))
    # The server words the history again in Japanese.
    kana = "() => [...document.querySelectorAll('#log-list li')].some((li) => /[\\u3040-\\u30ff]/.test(li.textContent))"
    ann.page.wait_for_function(kana)
    ann.page.click("#lang")
    ann.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert ann.page.inner_text(".log h3") == "What happened"
    ann.page.reload()  # the choice is remembered
    ann.page.wait_for_selector("#hand")
    assert ann.page.inner_text("#lang") == "日本語"


def test_a_phone_sized_screen(table: tuple[Person, Person]) -> None:
    _, bo = table
    page = bo.page
    assert page.viewport_size == PHONE
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    first = page.locator("#hand .card").first.bounding_box()
    assert first is not None and 30 <= first["width"] <= 70  # cards sized for a phone, not a desktop
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert JAPANESE.search(page.inner_text(".seats"))


def test_the_keyboard_plays_a_card(table: tuple[Person, Person]) -> None:
    ann, bo = table
    deadline = time.monotonic() + 60
    while not any(move.startswith("play ") for move in legal(ann)):
        assert time.monotonic() < deadline, "Ann never had a card to play"
        for person in (ann, bo):
            if legal(person):
                answer_calmly(person)
        time.sleep(0.3)
    seq = ann.app("app.state.seq")
    card = ann.page.locator("#hand .card.playable").first
    assert card.get_attribute("tabindex") == "0"  # reachable with Tab
    card_text = card.get_attribute("data-card") or ""
    focus = card.get_attribute("data-focus")
    card.focus()
    ann.page.keyboard.press("Enter")  # picks the card: nothing is sent yet, and the focus stays on it
    assert ann.page.evaluate("document.activeElement.dataset.focus") == focus
    assert ann.app(f"app.state.seq === {seq} && app.compose.picked.length === 1")
    for _ in range(40):  # back with Shift+Tab to the button that sends the move
        if ann.page.evaluate("document.activeElement.id") == "send":
            break
        ann.page.keyboard.press("Shift+Tab")
    ann.page.keyboard.press("Enter")
    ann.page.wait_for_function(f"() => window.KKApp.state.seq > {seq}", timeout=10_000)
    assert ann.app(f"app.log.some((e) => e.text.includes('Ann puts down') && e.text.includes('{card_text}'))")


def test_the_lobby_fits_a_phone(table: tuple[Person, Person]) -> None:
    _, bo = table
    lobby = bo.context.new_page()
    lobby.goto(bo.base + "/")
    lobby.wait_for_selector("#create")
    for game in ("dobon", "dobon-arith", "million-doubt"):  # the longest titles and the most house rules
        lobby.select_option('select[name="game"]', game)
        lobby.click("details.rules summary")
        lobby.click("details.clocks summary")
        assert lobby.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], game
    lobby.close()


def test_a_spectator_watches_without_a_hand_or_moves(table: tuple[Person, Person], browser: Any) -> None:
    ann, _ = table
    cy = Person(browser, ann.base, "en-US", DESKTOP)
    cy.open("/r/" + ann.app("app.code"))
    cy.page.click("#watch")
    cy.page.wait_for_selector("#table .seats")
    assert cy.app("app.seat") is None
    assert cy.page.locator("#hand").count() == 0
    assert cy.page.locator("[data-action], #call, #again").count() == 0
    assert cy.app("app.state.view.hand") is None
    cy.close()
