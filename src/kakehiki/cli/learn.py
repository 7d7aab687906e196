"""``kakehiki learn GAME``: a guided first game in the terminal, then a real game against an easy bot.

The guide's deal is played on a :class:`~kakehiki.table.Table` as ``kakehiki play`` plays,
with the learner at seat 0: at each of the learner's decisions the choices are listed as
usual and the guide points at one of them and says why; another move is not taken.  Once the
script is over the bot plays as the ``easy`` level, and the game goes on for real; a guide that
ends the game hands over to a new game against an easy bot (``kakehiki play --bots easy``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import typer
from rich.text import Text

from kakehiki.cli.common import Lang, console, fail, load_game, random_seed, use_language
from kakehiki.cli.lang import language, t
from kakehiki.cli.play import BlockingLines, Quit, Session, run_play, stdin_lines, table_screen
from kakehiki.cli.seating import HUMAN, seat_labels
from kakehiki.learn import Lesson, load_lesson
from kakehiki.learn.lesson import EASY, attach
from kakehiki.narrate import narrator_for
from kakehiki.table import Notice, Table


@dataclass
class LearnSession(Session):
    """A :class:`Session` that shows the guide's hints and takes only the move it points at."""

    lesson: Lesson | None = None
    told: set[str] = field(default_factory=set)

    def show_choices(self, everything: bool = False) -> None:
        super().show_choices(everything)
        self.hint()

    def hint(self) -> None:
        lesson = self.lesson
        ask = lesson.ask(self.step) if lesson is not None else None
        if lesson is None or ask is None:
            return
        lang = language()
        self.say(lesson.word("step", lang, n=lesson.number(ask), of=len(lesson.asks)), "bold cyan")
        self.say(ask.hint(lang), "cyan")
        self.say(lesson.word("point", lang, move=ask.move), "bold cyan")

    def submit(self, move: str, at: int) -> Notice:
        lesson = self.lesson
        refusal = lesson.refusal(at, move, language(), self.table.state) if lesson is not None else None
        if refusal is not None and at == self.step:
            self.say(refusal, "yellow")
            return Notice("refused", HUMAN, refusal)
        return super().submit(move, at)

    def show_inbox(self) -> None:
        super().show_inbox()
        lesson = self.lesson
        if lesson is not None and lesson.over(self.step) and "handover" not in self.told and not self.table.over:
            self.told.add("handover")
            self.say(lesson.word("handover", language()), "bold green")


def load_lesson_or_fail(game_id: str) -> Lesson:
    try:
        return load_lesson(game_id)
    except KeyError:
        fail(t("error.no_lesson", game=game_id), code=1)
        raise  # fail() exits; this keeps the type checker sure of it


def run_learn(game_id: str, lang: Lang | None, read: Callable[[str], str] | None = None) -> None:
    use_language(lang)
    game = load_game(game_id)
    lesson = load_lesson_or_fail(game.id)
    out = console()
    out.print(Text(lesson.word("intro", language()), style="bold"))
    initial, opening = lesson.start()
    bots = lesson.bots()
    table = Table(game, initial, lesson.clocks(), bots=dict(bots), seed=random_seed(), fallback_bot=EASY)
    attach(bots, lambda: len(table.actions))
    labels = seat_labels([EASY] * (lesson.players - 1))
    lines = BlockingLines(read) if read is not None else stdin_lines(out)
    session = LearnSession(table, labels, out, lines, narrator_for(game.id, language(), HUMAN), lesson=lesson)
    session.show_events(opening)
    result = session.run()
    for line in session.narrator.result(result, labels):
        out.print(Text(line))
    if lesson.over(table.seq) and "handover" not in session.told:  # the guide played the game to its end
        out.print(Text(lesson.word("handover_next", language()), style="bold green"))
        run_play(game.id, None, None, lesson.players, EASY, None, lang, read=read)


def learn_command(game_id: str, lang: Lang | None, plain: bool = False) -> None:
    """Run :func:`run_learn` (or the guide on the full-screen table, unless ``plain``), turning
    the person's leaving into a clean exit."""
    screen = None if plain else table_screen("run_learn_table")
    if screen is not None:
        use_language(lang)
        load_lesson_or_fail(load_game(game_id).id)
        raise typer.Exit(screen(game_id))
    try:
        run_learn(game_id, lang)
    except Quit as exc:
        typer.echo(t("play.quit"))
        raise typer.Exit(exc.code) from None
