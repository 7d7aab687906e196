"""``kakehiki learn`` on the full-screen table (issue 36 with issue 30's guides), headless with
Textual's pilot: a newcomer follows each game's guide by keys to the hand-over, a move other
than the one the guide points at is refused with the guide's reason and nothing is played."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from kakehiki.cli.lang import set_language
from kakehiki.learn import learnable, load_lesson
from kakehiki.tui.app import screen_text
from kakehiki.tui.clock import FakeClock
from kakehiki.tui.learn import LearnController, build_learn
from kakehiki.tui.play import Setup
from tui_driver import SIZE, make, press, settle, wait_for_time


def learning(game_id: str, lang: str, clock: FakeClock) -> Setup:
    set_language(lang)
    return build_learn(game_id, clock=clock, tick=None, pace=0.05)


async def follow_the_guide(pilot: Pilot[Any], setup: Setup, clock: FakeClock) -> int:
    """Make every move the guide points at, by keys, until its script is over; how many."""
    control = setup.controller
    assert isinstance(control, LearnController) and control.lesson is not None
    lesson, made = control.lesson, 0
    for _ in range(400):
        if lesson.over(control.table.seq) or control.table.over:
            return made
        if control.pause is not None:  # a round's result on screen: read, then a key goes on
            await press(pilot, "enter")
            continue
        await settle(pilot, control)
        ask = lesson.ask(control.table.seq)
        if ask is not None and control.choices():
            matching = [c for c in control.choices().every if lesson.same_move(ask, c.text, control.table.state)]
            assert matching, (ask.move, control.choices().texts()[:20], control.table.seq)
            choice = matching[0]
            await make(pilot, control, choice, by_number=False)
            made += 1
        else:
            await wait_for_time(pilot, setup.app, clock)
    raise AssertionError("the guide's script never ended")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", learnable())
def test_a_newcomer_follows_the_guide_to_the_hand_over(game_id: str, lang: str) -> None:
    clock, lesson = FakeClock(), load_lesson(game_id)
    setup = learning(game_id, lang, clock)

    async def main() -> None:
        async with setup.app.run_test(size=SIZE) as pilot:
            made = await follow_the_guide(pilot, setup, clock)
            assert made == len(lesson.asks), "every decision of the guide was the learner's, by keys"
            await pilot.pause()
            shown = screen_text(setup.app)
            assert lesson.word("step", lang, n=1, of=len(lesson.asks)) in "\n".join(
                line.text for line in setup.controller.log), "the guide spoke in the log"
            if not setup.table.over:
                assert "handover" in setup.controller.told  # type: ignore[attr-defined]
            assert shown

    asyncio.run(main())


def test_a_move_the_guide_does_not_point_at_is_refused_and_nothing_is_played() -> None:
    clock = FakeClock()
    setup = learning("doubt", "en", clock)
    control = setup.controller

    async def main() -> None:
        async with setup.app.run_test(size=SIZE) as pilot:
            await settle(pilot, control)
            while not control.choices():
                await wait_for_time(pilot, setup.app, clock)
            seq = control.table.seq
            lesson = control.lesson  # type: ignore[attr-defined]
            ask = lesson.ask(seq)
            other = next(c for c in control.offered() if not lesson.same_move(ask, c.text))
            await press(pilot, str(control.offered().index(other) + 1))
            assert control.table.seq == seq and control.last_notice is not None
            assert control.last_notice.kind == "refused" and ask.move in control.last_notice.text
            assert f"Make this move: {ask.move}" in control.prompt()

    asyncio.run(main())
