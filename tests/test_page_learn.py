"""Learning on the page, as a newcomer does it, in a real Chromium, in English and in Japanese.

For every game the newcomer opens the home page, reads the game's rules in the dialog, presses
the guided first game (for Million Doubt: opens the rules dialog's own link to it, as from a
friend's room), and follows the guide to its end: at each step the page says why and
marks the move's controls on the table; the newcomer clicks those (the cards marked, then the
move's button) or, where the table offers the move only through a menu, the guide's own button.
The guide ends with its hand-over: the game going on for real, or, where the guide played the
game to its end, the result and Play again, which starts a real game against an easy bot.
The bots' moves are shown 0.05 s apart (the room request is changed on its way) to keep it short.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser import DESKTOP, PHONE, Person
from kakehiki.learn import load_lesson
from kakehiki.registry import game_ids
from serving import LiveServer

STEP_TIMEOUT = 10_000  # ms


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("learn-page") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


def fast_bots(route: Any) -> None:
    """The learn room's request, with the bots' moves shown 0.05 s apart."""
    body = json.loads(route.request.post_data or "{}")
    if body.get("learn"):
        body["clocks"] = {"pace": 0.05}
    route.continue_(post_data=json.dumps(body))


def follow_step(person: Person, n: int, move: str) -> str:
    """Make step ``n``'s move as the page shows it; returns how (``table`` or ``guide``).  A click
    that lands while the page redraws (the bots' moves come 0.05 s apart) is made again."""
    for _ in range(5):
        way = click_move(person, move)
        try:
            person.page.wait_for_function(SENT, arg=[n, move], timeout=1500)
            return way
        except Exception:  # Playwright's timeout: click again
            continue
    raise AssertionError(f"step {n}: {move} could not be made")


SENT = """([n, move]) => { const app = window.KKApp;
  return (app.pending && app.pending.text === move) || !app.state.learn || app.state.learn.step !== n; }"""


def click_move(person: Person, move: str) -> str:
    """Click the control of ``move``, or pick its marked cards one by one (looked up afresh after
    each click: a click redraws the table) until it shows; else the guide's own button."""
    page = person.page
    for _ in range(8):
        direct = page.locator(f'#table [data-action="{move}"]')
        if direct.count():
            direct.first.click()
            return "table"
        card = page.locator("#table .guide-target:not(.picked)")
        if not card.count():
            break
        card.first.click()
    page.click("#guide-do")
    return "guide"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_newcomer_follows_every_guided_game_to_its_end(browser: Any, server: LiveServer, lang: str) -> None:
    person = Person(browser, server.base, "ja-JP" if lang == "ja" else "en-US", PHONE if lang == "ja" else DESKTOP)
    person.page.route("**/api/rooms", fast_bots)
    ways: list[str] = []
    try:
        for game_id in game_ids():
            lesson = load_lesson(game_id)
            person.open("/")
            person.page.click(f'button[data-rules="{game_id}"]')
            text = person.page.wait_for_selector("#rules-text")
            assert text is not None and text.get_attribute("lang") == lang
            if game_id == "doubt":
                person.shot(f"learn-rules-{game_id}-{lang}")
            link = person.page.get_attribute("#rules-learn", "href")
            assert link == f"/?learn={game_id}"
            person.page.click("#rules-close")
            if game_id == "million-doubt":  # the rules' own link, as from a room's page (it opens beside it)
                person.open(link)
            else:
                person.page.click(f'button[data-learn="{game_id}"]')
            for n, ask in enumerate(lesson.asks, start=1):
                person.page.wait_for_function(
                    "(n) => window.KKApp.state && window.KKApp.state.learn && window.KKApp.state.learn.step === n",
                    arg=n, timeout=STEP_TIMEOUT)
                why = person.page.inner_text("#guide-why")
                assert why == ask.hint(lang)
                if game_id == "doubt" and n == 2:
                    person.shot(f"learn-step-{game_id}-{lang}")
                ways.append(follow_step(person, n, ask.move))
            handover = person.page.wait_for_selector("#guide-handover", timeout=STEP_TIMEOUT)
            assert handover is not None
            # after the guide: either the game is over (a Dobon, once the bot has let it stand) or the
            # learner has a real move; wait for one of them before reading which
            person.page.wait_for_function(
                "() => { const s = window.KKApp.state; return !!s && (s.status === \"over\" || s.legal.length > 0); }",
                timeout=STEP_TIMEOUT)
            finished = person.page.locator("#over").count() > 0
            words = lesson.word("handover_over" if finished else "handover", lang)
            assert person.page.inner_text("#guide-handover") == words  # as drawn now, not as first drawn
            if finished and game_id == "dobon":
                person.shot(f"learn-handover-{game_id}-{lang}")
                person.page.click("#again")
                person.page.click("#start", timeout=STEP_TIMEOUT)
                person.page.wait_for_selector("#hand", timeout=STEP_TIMEOUT)
                assert person.page.locator("#guide").count() == 0
        assert ways.count("table") >= 3 * len(ways) // 4, ways  # the table's own controls, mostly
        if lang == "ja":
            assert person.page.evaluate("document.documentElement.lang") == "ja"
        assert not person.errors, person.errors
    except Exception as exc:
        person.shot(f"learn-failed-{lang}")
        person.errors.append(f"{type(exc).__name__}: {str(exc)[:300]}")  # the failure itself, in the message
        state = person.app("app.state && {seq: app.state.seq, status: app.state.status, legal: app.state.legal}")
        raise AssertionError(f"at {person.page.url}: {state}; errors {person.errors}") from None
    finally:
        person.close()
