"""The full-screen table (``kakehiki play`` in a terminal), headless with Textual's pilot.

Every game in both languages is played to its end by keys against seeded bots on a fake
clock, reading each round's result; a call is made within its countdown and a key pressed
after the deadline is refused as too late (C5: the host's clock, never the rules'); each
game's first screen is kept as text under ``tests/data/tui/`` (``KAKEHIKI_UPDATE_SNAPSHOTS=1``
rewrites them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from kakehiki.cli.lang import set_language
from kakehiki.i18n import t
from kakehiki.record import make_record, replay
from kakehiki.tui.app import screen_text
from kakehiki.tui.clock import FakeClock, PausableClock
from kakehiki.tui.play import Setup
from tui_driver import SIZE, check_snapshot, first_choice, play_game, press, table, wait_for_time

LANGS = ("en", "ja")
GAMES: dict[str, dict[str, Any]] = {  # short games that still show what each game has
    "doubt": {"players": 4, "options": ["max_cards_per_play=3", "round_limit=6"]},
    "dobon": {"players": 3},
    "dobon-arith": {"players": 3, "options": ["games=2"]},
    "million-doubt": {"players": 3, "options": ["games=2"]},
    "dhumbal": {"players": 3, "options": ["limit=50"]},
}


def run(setup: Setup, body: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with setup.app.run_test(size=SIZE) as pilot:
            await body(pilot)

    asyncio.run(main())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_played_by_keys(game_id: str, lang: str) -> None:
    clock = FakeClock()
    setup = table(game_id, lang, clock, seed=5, **GAMES[game_id])

    async def body(pilot: Pilot[Any]) -> None:
        await first_choice(pilot, setup, clock)
        check_snapshot(setup.app, f"{game_id}-{lang}")
        played = await play_game(pilot, setup, clock, seed=5)
        rounds = setup.game.round_results(setup.table.state)
        assert played.made > 0
        assert played.pauses == max(1, len(rounds))  # each round's result read (the last one's with the match's)
        assert t("result.title", lang=lang) in played.final

    run(setup, body)
    assert setup.app.return_value == "over" and setup.table.over
    assert any(seat == 0 for _, seat, _ in setup.table.actions)
    record = make_record(setup.game, setup.initial, setup.table.actions, ["human", *setup.names], setup.table.state)
    assert replay(record)[2] == setup.game.result(setup.table.state)  # the record replays to the same result


async def doubt_window(pilot: Pilot[Any], setup: Setup, clock: FakeClock) -> None:
    """Until the person may doubt a bot's play, its countdown running."""
    control = setup.controller
    await first_choice(pilot, setup, clock)
    while "doubt" not in control.choices().texts() or control.countdown() is None:
        await press(pilot, "1" if control.game.turn_seat(control.table.state) == 0 else "p")
        await wait_for_time(pilot, setup.app, clock)
    assert control.shown_at == control.table.seq


def doubts_by_you(setup: Setup) -> int:
    return sum(1 for _, seat, action in setup.table.actions if seat == 0 and str(action) == "doubt")


@pytest.mark.parametrize("lang", LANGS)
def test_C5_a_call_within_its_countdown_is_made(lang: str) -> None:
    clock = FakeClock()
    setup = table("doubt", lang, clock, seed=7)

    async def body(pilot: Pilot[Any]) -> None:
        await doubt_window(pilot, setup, clock)
        clock.advance(1.0)
        setup.app.tick()
        await pilot.pause()
        assert "2.0" in screen_text(setup.app)  # the countdown bar: two of the three seconds left
        before = doubts_by_you(setup)
        await pilot.press("c")
        control = setup.controller
        assert control.last_notice is not None and control.last_notice.kind == "accepted"
        assert doubts_by_you(setup) == before + 1  # the only person answered: made at once
        assert any("DOUBT" in line.text or "ダウト" in line.text for line in control.log[-4:])

    run(setup, body)


@pytest.mark.parametrize("lang", LANGS)
def test_C5_a_key_after_the_deadline_is_too_late(lang: str) -> None:
    clock = FakeClock()
    setup = table("doubt", lang, clock, seed=7)

    async def body(pilot: Pilot[Any]) -> None:
        await doubt_window(pilot, setup, clock)
        control = setup.controller
        at, before = control.shown_at, doubts_by_you(setup)
        clock.advance(3.5)  # the key comes after the window's deadline, before the screen moved on
        await pilot.press("c")
        notice = control.last_notice
        assert notice is not None and notice.kind == "too_late" and notice.move == "doubt"
        assert doubts_by_you(setup) == before and control.table.seq > at
        assert control.log[-1].style == "red" and "doubt" in control.log[-1].text
        assert any(line.text == t("play.window_passed", lang=lang) for line in control.log)

    run(setup, body)


def test_B3_a_pick_that_makes_no_move_is_refused_naming_the_rule_and_kept() -> None:
    clock = FakeClock()
    setup = table("doubt", "en", clock, seed=7)

    async def body(pilot: Pilot[Any]) -> None:
        await first_choice(pilot, setup, clock)
        control = setup.controller
        assert control.game.turn_seat(control.table.state) == 0
        await pilot.press("space", "right", "space")
        assert t("tui.no_move_with", lang="en") in screen_text(setup.app)
        await pilot.press("enter")
        notice = control.last_notice
        assert notice is not None and notice.kind == "refused" and notice.rule == "B3"
        assert "rule B3" in control.log[-1].text
        assert control.picked == [0, 1] and control.table.seq == control.shown_at  # nothing lost, nothing made

    run(setup, body)


def test_the_mouse_picks_a_card_and_plays_a_move() -> None:
    clock = FakeClock()
    setup = table("doubt", "en", clock, seed=7)

    async def body(pilot: Pilot[Any]) -> None:
        await first_choice(pilot, setup, clock)
        control = setup.controller
        first = control.hand()[0]
        await pilot.click("#hand", offset=(3, 2))  # the first card's label, inside the border
        assert control.picked == [0]
        await pilot.click("#moves", offset=(3, 1))  # the move those cards make: the first line
        assert control.last_notice is not None and control.last_notice.kind == "accepted"
        assert first not in control.hand()

    run(setup, body)


def test_the_result_pause_stops_the_tables_clocks() -> None:
    base = FakeClock()
    clock = PausableClock(base)
    base.advance(5.0)
    clock.pause()
    base.advance(30.0)
    assert clock() == 5.0
    clock.resume()
    base.advance(1.0)
    assert clock() == 6.0


@pytest.mark.parametrize("lang", LANGS)
def test_replay_show_steps_move_by_move_on_the_table_screen(lang: str, tmp_path: Any) -> None:
    from kakehiki.bots import make_bot
    from kakehiki.cli.replay import _table_show
    from kakehiki.registry import get_game
    from kakehiki.table import bots_table
    from kakehiki.tui.replay import ReplayApp
    from kakehiki.tui.widgets import HandView

    set_language(lang)
    game = get_game("doubt")
    initial = game.new(players=3, seed=2)
    done = bots_table(game, initial, [make_bot("doubt", "normal")] * 3, seed=2)
    record = make_record(game, initial, done.actions, ["ann", "bo", "cy"], done.state)
    recorder = _table_show(record, 0)
    replay(record, recorder)
    app = ReplayApp(recorder, "header", "rules")

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("right", "right", "right")
            seen = [i for i, frame in enumerate(recorder.frames) if frame.lines and i > 0]
            assert app.at == seen[2]  # the third move seat 0 saw something of
            steps = len(recorder.frames) - 1
            assert t("tui.replay_position", lang=lang, step=app.at, steps=steps) in screen_text(app)
            assert app.query_one(HandView).cards == game.view(recorder.frames[app.at].state, 0).hand
            check_snapshot(app, f"replay-doubt-{lang}")
            await pilot.press("end")
            last = len(recorder.frames) - 1
            assert t("tui.replay_position", lang=lang, step=last, steps=last) in screen_text(app)
            await pilot.press("left", "home")
            assert app.at == 0

    asyncio.run(main())


def test_the_tables_keys_do_nothing_behind_the_rules() -> None:
    clock = FakeClock()
    setup = table("doubt", "en", clock, seed=7)

    async def body(pilot: Pilot[Any]) -> None:
        await first_choice(pilot, setup, clock)
        control, seq = setup.controller, setup.table.seq
        await pilot.press("r")
        assert "Doubt" in screen_text(setup.app)
        await pilot.press("1", "space")
        assert control.last_notice is None and control.picked == [] and setup.table.seq == seq
        await pilot.press("escape", "1")
        assert control.last_notice is not None and control.last_notice.kind == "accepted"

    run(setup, body)


def test_a_terminal_gets_the_table_and_pipes_the_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    from kakehiki.cli import play
    from kakehiki.tui.play import run_table

    monkeypatch.setattr(play, "interactive", lambda: False)
    assert play.table_screen() is None
    monkeypatch.setattr(play, "interactive", lambda: True)
    assert play.table_screen() is run_table


def test_without_textual_a_terminal_plays_in_line_mode_with_a_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from kakehiki.cli import play

    set_language("en")
    monkeypatch.setattr(play, "interactive", lambda: True)
    monkeypatch.setitem(sys.modules, "kakehiki.tui.play", None)  # as if Textual were not installed
    assert play.table_screen() is None
    assert "pip install 'kakehiki[tui]'" in capsys.readouterr().err
