"""The lobby as people see it, in a real Chromium (issue 30): a rule set picked by name fills the house
rules, each option has a label and help in the page's language with a real control, the Japanese
page shows no option's name, and three friends play a rule set of each game to the end.

Screenshots of the lobby (desktop and phone, English and Japanese) go to ``test-artifacts/screenshots``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser import DESKTOP, PHONE, Person, join_room, make_room, set_option
from kakehiki.registry import game_ids, get_game
from serving import LiveServer

CLOCKS = {"reaction": "0.2", "turn": "30", "grace": "30", "pace": "0.05"}
RAW_WORD = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")  # first_leader, max_steps, caller_loses …
RAW_NAMES = {spec.name for g in game_ids() for spec in get_game(g).options}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("lobby") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


def person(browser: Any, server: LiveServer, locale: str, viewport: dict[str, int]) -> Person:
    return Person(browser, server.base, locale, viewport)


def open_rules(page: Any) -> None:
    """Unfold the house rules and their advanced part, as a curious person does."""
    for summary in ("details.rules > summary", "details.advanced > summary"):
        if page.locator(summary).count() and not page.locator(summary).evaluate("el => el.parentElement.open"):
            page.click(summary)


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("ja-JP", "ja")])
@pytest.mark.parametrize(("viewport", "where"), [(DESKTOP, ""), (PHONE, "-phone")])
def test_the_lobby_of_every_game_shows_words_not_option_names(browser: Any, server: LiveServer, locale: str,
                                                               lang: str, viewport: dict[str, int], where: str) -> None:
    visitor = person(browser, server, locale, viewport)
    page = visitor.page
    visitor.open("/")
    page.wait_for_selector("#rules")
    for game in game_ids():
        page.select_option('select[name="game"]', game)
        open_rules(page)
        shown = page.inner_text("#new-room")
        assert get_game(game).title(lang) in shown
        for rule_set in get_game(game).rule_sets:
            assert rule_set.name[1 if lang == "ja" else 0] in shown
        for spec in get_game(game).options:
            label = get_game(game).option_labels[spec.name]
            assert label.label[1 if lang == "ja" else 0] in shown
        if lang == "ja":
            assert not RAW_WORD.search(shown), RAW_WORD.findall(shown)
            assert not {name for name in RAW_NAMES if re.search(rf"\b{name}\b", shown)}
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        if game == "million-doubt":
            assert visitor.shot(f"lobby-{lang}{where}").stat().st_size > 10_000
    assert visitor.errors == []
    visitor.close()


def test_b6_picking_quick_doubt_fills_its_rules_and_makes_its_room(browser: Any, server: LiveServer) -> None:
    ann = person(browser, server, "en-US", DESKTOP)
    page = ann.page
    ann.open("/")
    page.select_option('select[name="game"]', "doubt")
    assert page.input_value("#rules") == "classic"
    page.select_option("#rules", "quick")
    assert "five rounds" in page.inner_text("#rule-summary")
    page.click("details.rules > summary")
    assert page.input_value('[name="opt-round_limit"]') == "5"
    # A change of one rule makes them the person's own, from the set; another set starts afresh.
    set_option(page, "jokers", "1")
    assert page.locator("#rules option:checked").inner_text() == "Custom"
    assert "“Quick”" in page.inner_text("#rule-summary")
    page.select_option("#rules", "several-cards")
    assert page.input_value('[name="opt-max_cards_per_play"]') == "4"
    assert page.input_value('[name="opt-jokers"]') == "0" and page.input_value('[name="opt-round_limit"]') == "0"
    page.select_option("#rules", "quick")
    set_option(page, "jokers", "2")
    set_option(page, "show_pile", "true")
    page.fill('input[name="nickname"]', "Ann")
    page.click("#create")
    page.wait_for_selector("#invite")
    options = ann.app("app.room.options")
    assert page.inner_text(".facts > summary") == "Rules in force — Custom"
    chosen = (options["round_limit"], options["jokers"], options["show_pile"], options["max_cards_per_play"])
    assert chosen == (5, 2, True, 1)
    assert ann.errors == []
    ann.close()


def test_m4_j4_a_japanese_host_picks_plain_daifugo_and_simple_dobon(browser: Any, server: LiveServer) -> None:
    host = person(browser, server, "ja-JP", PHONE)
    page = host.page
    host.open("/")
    page.select_option('select[name="game"]', "million-doubt")
    page.select_option("#rules", "daifugo")
    assert "大富豪" in page.inner_text("#rule-summary")
    page.click("details.rules > summary")
    assert not page.is_checked('[name="opt-face_down"]')
    page.select_option('select[name="game"]', "dobon")
    assert page.locator("#rules option:checked").inner_text() == "JDA公式"
    page.select_option("#rules", "simple")
    assert not page.is_checked('[name="opt-official"]')
    # Enumerated values are lists in words: the first dealer by the rules, or a seat.
    page.click("details.advanced > summary")
    dealers = page.locator('[name="opt-first_dealer"] option').all_inner_texts()
    assert dealers[0] == "ルールどおり" and dealers[1:] == ["席 #1", "席 #2", "席 #3", "席 #4"]
    set_option(page, "first_dealer", "2")
    page.fill('input[name="nickname"]', "ハナ")
    page.click("#create")
    page.wait_for_selector("#invite")
    options = host.app("app.room.options")
    assert (options["official"], options["first_dealer"]) == (False, 2)
    # The waiting room tells the rules in force in the same words.
    assert host.page.inner_text(".facts > summary").endswith("— カスタム")  # simple, with a first dealer
    host.page.click(".facts > summary")
    facts = host.page.inner_text(".facts ul")
    assert "JDA公式ルール: オフ" in facts and "最初の親: 席 #3" in facts and "制限なし" in facts
    assert not RAW_WORD.search(facts), facts
    assert host.errors == []
    host.close()


# One rule set of each game, played to the end by three friends and a bot; bounded by the rule
# set (a quick Doubt, a short Dhumbal made shorter) and fast clocks.
PLAYS: dict[str, tuple[str, dict[str, str], bool]] = {
    "dobon": ("simple", {}, True),
    "dobon-arith": ("standard", {}, True),
    "doubt": ("quick", {}, False),
    "million-doubt": ("daifugo", {}, False),
    "dhumbal": ("short", {"show_max": "15"}, False),
}


@pytest.mark.parametrize("game", list(PLAYS))
def test_three_friends_play_a_rule_set_to_the_end(browser: Any, server: LiveServer, game: str) -> None:
    rules, options, calls = PLAYS[game]
    friends = [person(browser, server, "en-US", DESKTOP), person(browser, server, "ja-JP", PHONE),
               person(browser, server, "en-US", PHONE)]
    ann, bo, cy = friends
    code = make_room(ann, game, 4, {3: "normal"}, options, CLOCKS, "Ann", rules=rules)
    invite = ann.page.get_attribute("#invite", "href") or ""
    join_room(bo, invite, "ボー")
    join_room(cy, invite, "Cy")
    ann.page.wait_for_selector('.waiting-seats li[data-seat="2"]:has-text("Cy")')
    rule_set = next(r for r in get_game(game).rule_sets if r.id == rules)
    named = rule_set.name[0] if not options else "Custom"
    assert ann.page.inner_text(".waiting .facts > summary") == f"Rules in force — {named}"
    ann.page.click("#start")
    for seat, friend in enumerate(friends):
        friend.page.wait_for_selector("#hand")
        assert friend.app("app.seat") == seat
        friend.start_playing(seed=11 + seat, prefer_calls=calls)
    wait_for_end(friends, timeout=180)
    for friend in friends:
        played = friend.played()
        assert played["violations"] == [], "the page offered moves the server did not list"
        assert friend.page.locator(".standings tbody tr").count() == 4
        assert "good" in (friend.page.locator("#verdict").get_attribute("class") or "")
        assert friend.errors == []
    record = ann.page.request.get(f"{server.base}/api/rooms/{code}/record").json()
    expected = {**rule_set.values(get_game(game).options), **{k: int(v) for k, v in options.items()}}
    assert record["options"] == expected
    for friend in friends:
        friend.close()


def wait_for_end(people: list[Person], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(p.page.locator("#over").count() for p in people):
            return
        time.sleep(0.25)
    seqs = [p.app("app.state && app.state.seq") for p in people]
    raise AssertionError(f"no end within {timeout} s (table at {seqs}; played {[p.played() for p in people]})")

