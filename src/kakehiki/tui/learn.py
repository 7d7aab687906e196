"""``kakehiki learn GAME`` on the full-screen table: the guide's deal played at the table screen,
the guide's hint under the prompt at each of the learner's decisions, only the move it points at
taken; then the game goes on for real against the easy bot (or, where the guide played its game
to the end, a new real game follows on the same screen).  The line mode is ``cli/learn.py``."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from kakehiki.cli.common import console, load_game, random_seed
from kakehiki.cli.lang import language, t
from kakehiki.cli.rules import rules_text
from kakehiki.cli.seating import HUMAN, house_rules, seat_labels
from kakehiki.learn import Lesson, load_lesson
from kakehiki.learn.lesson import EASY, attach
from kakehiki.narrate import narrator_for
from kakehiki.table import Clock, Notice, Table
from kakehiki.tui.app import TableApp
from kakehiki.tui.clock import PausableClock
from kakehiki.tui.controller import Controller
from kakehiki.tui.play import PACE, Setup, run_table


@dataclass
class LearnController(Controller):
    """The learner at seat 0: the guide's hint with the prompt, and only the move it points at."""

    lesson: Lesson | None = None
    told: set[str] = field(default_factory=set)

    def prompt(self) -> str:
        """The kind of decision, and the move the guide points at (its reasons are in the log)."""
        base = super().prompt()
        ask = self.lesson.ask(self.table.seq) if self.lesson is not None and self.choices() else None
        if self.lesson is None or ask is None:
            return base
        return f"{base}  {self.lesson.word('point', self.lang, move=ask.move)}"

    def send(self, move: str, at: int) -> Notice | None:
        lesson = self.lesson
        refusal = lesson.refusal(at, move, self.lang, self.table.state) if lesson is not None else None
        if refusal is not None and at == self.table.seq:
            self.say(refusal, "yellow")
            self.last_notice = Notice("refused", HUMAN, refusal)
            return self.last_notice
        return super().send(move, at)

    def drain(self) -> None:
        """The inbox into the log, then the guide's words for the state now: why the move it
        points at is a good one (once per decision), or the hand-over once the script is over."""
        super().drain()
        lesson, seq = self.lesson, self.table.seq
        if lesson is None or self.table.over:
            return
        ask = lesson.ask(seq)
        if ask is not None and f"ask {seq}" not in self.told:
            self.told.add(f"ask {seq}")
            self.say(lesson.word("step", self.lang, n=lesson.number(ask), of=len(lesson.asks)), "bold cyan")
            self.say(ask.hint(self.lang), "cyan")
        if lesson.over(seq) and "handover" not in self.told:
            self.told.add("handover")
            self.say(lesson.word("handover", self.lang), "bold green")


def build_learn(game_id: str, clock: Clock | None = None, tick: float | None = 0.1, pace: float = PACE) -> Setup:
    """The guide's deal at the table screen, in the command's language (``clock``: tests' fake)."""
    game = load_game(game_id)
    lesson = load_lesson(game.id)
    initial, opening = lesson.start()
    time = PausableClock() if clock is None else PausableClock(clock)
    bots = lesson.bots()
    table = Table(game, initial, lesson.clocks(pace or None), clock=time, bots=dict(bots), seed=random_seed(),
                  fallback_bot=EASY)
    attach(bots, lambda: len(table.actions))
    names = [EASY] * (lesson.players - 1)
    labels = seat_labels(names)
    lang = language()
    narrator = narrator_for(game.id, lang, HUMAN)
    controller = LearnController(table, labels, narrator, time, lesson=lesson)
    controller.say(lesson.word("intro", lang), "bold")
    for event in opening:
        seen = event.seen_by(HUMAN)
        if seen is not None and (line := narrator.event(seen, labels)) is not None:
            controller.say(line)
    header = t("play.welcome", title=game.title(lang), seed=lesson.seed, players=lesson.players)
    in_force = t("play.house_rules", options=house_rules(game, initial))
    app = TableApp(controller, header, rules_text(game.id, lang) or "", in_force, tick=tick)
    return Setup(game, initial, lesson.seed, names, controller, app)


def run_learn_table(game_id: str) -> int:
    """Learn on the table screen; where the guide played its game to the end, a real game follows."""
    setup = build_learn(game_id)
    ending = setup.app.run()
    out = console()
    control = setup.controller
    result = setup.game.result(setup.table.state)
    if result is not None:
        for line in control.narrator.result(result, control.labels):
            out.print(Text(line))
    if ending == "over" and isinstance(control, LearnController) and control.lesson is not None \
            and "handover" not in control.told:
        out.print(Text(control.lesson.word("handover_next", language()), style="bold green"))
        return run_table(setup.game.id, None, None, control.lesson.players, EASY, None, None)
    return 0
