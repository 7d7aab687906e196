"""Playing the full-screen table by keys in tests: Textual's pilot, headless, on a fake clock.

A person's move is chosen among the moves on offer and then made with the keys a person
would press: ←/→ and space to pick each of its cards in the hand, ↓ to reach it among the
moves those cards make, Enter; a move without cards by its number key, ``p`` for pass and
``c`` for a call.  Time only moves when the test moves it (to the table's next deadline).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from kakehiki.cards import Card
from kakehiki.cli.choices import Choice
from kakehiki.cli.lang import set_language
from kakehiki.tui.app import PauseScreen, TableApp, screen_text
from kakehiki.tui.clock import FakeClock
from kakehiki.tui.controller import Controller
from kakehiki.tui.picking import hand_cards
from kakehiki.tui.play import Setup, build

SIZE = (120, 40)
SNAPSHOTS = Path(__file__).parent / "data" / "tui"
UPDATE = "KAKEHIKI_UPDATE_SNAPSHOTS"
"""Set to 1 to rewrite the screen snapshots instead of comparing with them."""


def table(game_id: str, lang: str, clock: FakeClock, **kwargs: Any) -> Setup:
    set_language(lang)
    return build(game_id, clock=clock, tick=None, **kwargs)


async def settle(pilot: Pilot[Any], control: Controller) -> None:
    """Until the screen shows the table's state (keys answer what is painted)."""
    for _ in range(20):
        if control.shown_at == control.table.seq or control.pause is not None:
            return
        await pilot.pause()
    raise AssertionError("the screen never showed the table's state")


async def wait_for_time(pilot: Pilot[Any], app: TableApp, clock: FakeClock) -> None:
    """Move the fake clock from deadline to deadline until the person has a choice (or a
    result to read), as the app's own ticks would, and paint once (states nobody looked at
    are not painted: a test has no eyes)."""
    control = app.controller
    for _ in range(200):
        due = control.table.next_deadline()
        assert due is not None, "the table waits for nobody"
        clock.now = max(clock.now, due)
        control.tick()
        if control.choices() or control.pause is not None or control.table.over:
            break
    app.redraw()
    await pilot.pause()


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """The keys, posted to the app as the terminal's driver posts them, in order, then one
    wait for the screen (``pilot.press`` waits for idle after every key: too slow for
    whole games on a loaded machine; the tests of single keys use it)."""
    for key in keys:
        pilot.app.simulate_key(key)
    await pilot.pause()


async def pick_cards(pilot: Pilot[Any], control: Controller, cards: list[Card]) -> None:
    """Pick ``cards`` in this order with the arrows and space, as a person does."""
    hand, cursor, keys = control.hand(), control.cursor, []
    taken: set[int] = set()
    for card in cards:
        position = next(i for i, c in enumerate(hand) if c == card and i not in taken)
        taken.add(position)
        keys += ["right" if position > cursor else "left"] * abs(position - cursor) + ["space"]
        cursor = position
    await press(pilot, *keys)


async def make(pilot: Pilot[Any], control: Controller, choice: Choice, by_number: bool) -> None:
    """Make ``choice`` by keys: ``p`` or ``c`` for a pass or a call; its number where it is
    on the list as offered and ``by_number``; else its cards picked, ↓ to it and Enter."""
    cards = hand_cards(choice.text, control.hand())
    if not cards and choice.text == "pass":
        await press(pilot, "p")
        return
    if not cards and choice.text.split()[0] in ("doubt", "dobon") and control.offered()[0] == choice:
        await press(pilot, "c")
        return
    offered = control.offered()
    if choice in offered[:9] and (by_number or not cards):
        await press(pilot, str(offered.index(choice) + 1))
        return
    await pick_cards(pilot, control, cards)
    index = control.offered().index(choice)
    await press(pilot, *["down"] * (index - control.highlight), "enter")


@dataclass
class Played:
    """What a game played by keys came to: the moves made by keys, the results read (one per
    round and one at the end) and the last result screen as text."""

    made: int = 0
    pauses: int = 0
    final: str = ""


async def first_choice(pilot: Pilot[Any], setup: Setup, clock: FakeClock) -> None:
    """Until the person first has a move to make, painted."""
    control = setup.controller
    await settle(pilot, control)
    while not control.choices():
        await wait_for_time(pilot, setup.app, clock)
    await settle(pilot, control)


async def play_game(pilot: Pilot[Any], setup: Setup, clock: FakeClock, seed: int, limit: int = 3000) -> Played:
    """Play the whole game by keys (random moves, calls now and then), reading each result."""
    app, control, rng = setup.app, setup.controller, random.Random(seed)
    played = Played()
    for _ in range(limit):
        if app.return_value is not None:
            return played
        if isinstance(app.screen, PauseScreen):
            played.pauses += 1
            played.final = screen_text(app)
            await press(pilot, "enter")
            continue
        await settle(pilot, control)
        choices = control.choices().every
        if choices and control.pause is None:
            await make(pilot, control, choose(list(choices), rng), rng.random() < 0.5)
            played.made += 1
        elif control.pause is None:
            await wait_for_time(pilot, app, clock)
        else:
            await pilot.pause()
    raise AssertionError(f"the game did not end in {limit} looks")


def choose(choices: list[Choice], rng: random.Random) -> Choice:
    """A whole move: a call now and then, else any other (plays of several cards included)."""
    calls = [c for c in choices if c.text.split()[0] in ("doubt", "dobon", "show")]
    if calls and rng.random() < 0.3:
        return calls[0]
    return rng.choice([c for c in choices if c not in calls] or calls)


def check_snapshot(app: App[Any], name: str) -> None:
    """The screen as plain text, compared with ``tests/data/tui/<name>.txt`` (rewritten with
    ``KAKEHIKI_UPDATE_SNAPSHOTS=1``)."""
    import os

    text = screen_text(app)
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get(UPDATE) == "1" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if os.environ.get(UPDATE) != "1":
            raise AssertionError(f"{path} was missing and has been written: check it and commit it")
    assert text == path.read_text(encoding="utf-8"), f"the screen differs from {path} (see {UPDATE})"
