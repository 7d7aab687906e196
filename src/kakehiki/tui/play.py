"""``kakehiki play`` on the full-screen table: the same game, bots, table and record as the line mode.

:func:`build` sets a game up (tests call it with a fake clock); :func:`run_table` runs it in
the terminal and saves the record, finished or not, as the line mode does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text

from kakehiki.cli.common import (
    bot_names_for,
    console,
    fail,
    load_game,
    make_bots,
    parse_options,
    player_count,
    random_seed,
    start_game,
)
from kakehiki.cli.lang import language, t
from kakehiki.cli.rules import rules_text
from kakehiki.cli.seating import HUMAN_NAME, house_rules, seat_labels
from kakehiki.core import Game
from kakehiki.narrate import narrator_for
from kakehiki.record import make_record, save_record
from kakehiki.table import Clock, Clocks, Table
from kakehiki.tui.app import TableApp
from kakehiki.tui.clock import PausableClock
from kakehiki.tui.controller import HUMAN, Controller

PACE = 0.6
"""Seconds between a change and a bot's answer taking effect: the table's pace for people."""


@dataclass
class Setup:
    """A game set up at a table for the person at seat 0."""

    game: Game[Any, Any, Any]
    initial: Any
    seed: int
    names: list[str]
    controller: Controller
    app: TableApp

    @property
    def table(self) -> Table:
        return self.controller.table


def seconds(value: float | None, lang: str) -> str:
    return t("tui.clock_off") if not value else (f"{value:g} 秒" if lang == "ja" else f"{value:g} s")


def build(
    game_id: str, seed: int | None = None, players: int | None = None, options: Sequence[str] | None = None,
    bots: str = "normal", reaction: float = 3.0, pace: float = PACE, clock: Clock | None = None,
    tick: float | None = 0.1, rules: str | None = None,
) -> Setup:
    """The game, its bots, the table (``reaction`` 0: every chance to call waits for the
    person) and the app, in the command's language.  ``clock``: the time (tests: a fake)."""
    game = load_game(game_id)
    count = player_count(game, players)
    names = bot_names_for(bots, count - 1)
    seed = random_seed() if seed is None else seed
    initial, opening = start_game(game, count, parse_options(game, list(options or []), rules), seed)
    labels = seat_labels(names)
    narrator = narrator_for(game.id, language(), HUMAN)
    time = PausableClock() if clock is None else PausableClock(clock)
    clocks = Clocks(reaction=reaction if reaction > 0 else None, turn=None, grace=None, pace=pace or None)
    table = Table(game, initial, clocks, clock=time, bots=dict(enumerate(make_bots(game.id, names), start=1)),
                  seed=seed)
    controller = Controller(table, labels, narrator, time)
    for event in opening:
        seen = event.seen_by(HUMAN)
        if seen is not None and (line := narrator.event(seen, labels)) is not None:
            controller.say(line)
    lang = language()
    header = "\n".join([
        t("play.welcome", title=game.title(lang), seed=seed, players=count),
        t("tui.clocks", reaction=seconds(reaction, lang), pace=seconds(pace, lang)),
    ])
    in_force = t("play.house_rules", options=house_rules(game, initial))
    app = TableApp(controller, header, rules_text(game.id, lang) or "", in_force, tick=tick)
    return Setup(game, initial, seed, names, controller, app)


def run_table(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, reaction: float | None, rules: str | None = None,
) -> int:
    """Play on the full-screen table; the exit status (0, also when the person left)."""
    from kakehiki.cli.seating import REACTION, default_record_path

    setup = build(game_id, seed, players, options, bots, REACTION if reaction is None else reaction, rules=rules)
    ending = setup.app.run()
    out = console()
    table = setup.table
    result = setup.game.result(table.state)
    if result is not None:
        for line in setup.controller.narrator.result(result, setup.controller.labels):
            out.print(Text(line))
    elif ending != "over":
        out.print(Text(t("play.quit")))
    if table.actions:
        path = save if save is not None else default_record_path(setup.game.id, setup.seed)
        try:
            save_record(path, make_record(setup.game, setup.initial, table.actions, [HUMAN_NAME, *setup.names],
                                          table.state))
        except OSError as exc:
            fail(t("error.save", path=path, message=exc.strerror or str(exc)), code=1)
        out.print(Text(t("play.saved", path=path)))
    return 0
