"""``kakehiki play``: a person at seat 0 against bots, hosted by a :class:`~kakehiki.table.Table`.

The bots answer through the table as soon as they are asked; the person answers
whenever they type a line.  With a reaction window (``--reaction SECONDS``, 3 by
default in a terminal, J8) every change stays open to out-of-turn calls that long,
whoever could call: when the person may call, the choices are shown with the
countdown and saying nothing lets the chance pass.  ``--reaction 0`` (the default
for piped input, so scripts play deterministically) waits for the person's every
answer instead.  What the table tells the person (a call lost on priority, an
answer too late, a refusal with its rule) is narrated from the person's inbox.

Only ``game.view(state, 0)`` and the person's inbox (events passed through
``seen_by(0)``) are ever printed, so hidden cards cannot leak.
"""

from __future__ import annotations

import importlib
import math
import os
import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import typer
from rich.console import Console
from rich.text import Text

from kakehiki.bots import Bot
from kakehiki.cli.choices import Choice, Choices, choices_for
from kakehiki.cli.common import (
    Lang,
    bot_names_for,
    console,
    fail,
    load_game,
    make_bots,
    parse_options,
    player_count,
    random_seed,
    start_game,
    use_language,
)
from kakehiki.cli.lang import language, t, t_or
from kakehiki.cli.seating import HUMAN, HUMAN_NAME, REACTION, default_record_path, house_rules, seat_labels
from kakehiki.cli.show import interactive
from kakehiki.core import Action, Event, Game, Result
from kakehiki.errors import KakehikiError, excerpt
from kakehiki.narrate import Narrator, narrator_for
from kakehiki.narrate.notation import notation_reason
from kakehiki.narrate.notices import notice_line
from kakehiki.record import make_record, save_record
from kakehiki.table import Clock, Clocks, Notice, Table
from kakehiki.textin import normalise

LISTED = 40  # choices numbered on screen before the list is cut
ALL_LISTED = 500  # the most choices ``all`` numbers (the rest are typed)
MAX_REACTION = 3600
"""The longest reaction window ``--reaction`` takes, in seconds (a host's clock needs a finite one)."""
QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"", "?", "help"})
YES_WORDS = frozenset({"y", "yes", "はい"})
INTERRUPTED = 130  # the shell's status for Ctrl-C


class Quit(Exception):
    """The person left (``quit``, end of input or Ctrl-C); ``code`` is the exit status."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Lines(Protocol):
    """Where the person's lines come from."""

    def read(self, prompt: str, timeout: float | None) -> str | None:
        """The next line, after writing ``prompt``; ``None`` if ``timeout`` seconds pass first
        (``None``: wait).  End of input raises ``EOFError``."""
        ...


@dataclass
class BlockingLines:
    """Lines from a function that always waits (no timeout): test runners' stdin, scripts."""

    ask: Callable[[str], str]

    def read(self, prompt: str, timeout: float | None) -> str | None:
        return self.ask(prompt)


@dataclass
class SelectLines:
    """Lines from a file descriptor (a terminal or a pipe), waited for with ``select`` so that
    waiting can end at a deadline.  Piped lines are echoed, so a transcript reads like a session."""

    fd: int
    write: Callable[[str], None]
    echo: bool
    buffer: bytes = b""
    ended: bool = False
    typeahead: bool = False
    """A terminal, where a line already typed when new choices are shown was typed before
    the person saw them (a pipe's lines are a script: each answers the choices it meets)."""

    def typed_ahead(self) -> list[str]:
        """The whole lines typed so far and not read yet, without waiting (none from a pipe)."""
        if not self.typeahead:
            return []
        while not self.ended and select.select([self.fd], [], [], 0)[0]:
            chunk = os.read(self.fd, 4096)
            self.buffer += chunk
            self.ended = not chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        texts = [line.decode("utf-8", errors="replace").rstrip("\r") for line in lines]
        if self.echo:
            for text in texts:
                self.write(text + "\n")
        return texts

    def read(self, prompt: str, timeout: float | None) -> str | None:
        if prompt:
            self.write(prompt)
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.buffer and not self.ended:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.fd, 4096)
            self.buffer += chunk
            self.ended = not chunk
        if not self.buffer:
            raise EOFError
        line, _, self.buffer = self.buffer.partition(b"\n")
        text = line.decode("utf-8", errors="replace").rstrip("\r")
        if self.echo:
            self.write(text + "\n")
        return text


@dataclass
class Session:
    """One game between the person (seat 0) and the bots in the other seats, on a table.

    Every set of choices shown remembers the table's :attr:`~kakehiki.table.Table.seq` it was
    shown for (:attr:`shown_at`), and every line the person types answers the choices on
    screen when it came: it is submitted with that ``at``, so a number or a call typed for
    choices the table has moved past is too late and never made, nor read against the next."""

    table: Table
    labels: Sequence[str]
    out: Console
    lines: Lines
    narrator: Narrator
    clock: Clock = time.monotonic
    asked_at: int = -1  # the step (number of actions made) the person was last shown choices at
    answered_at: int = -1  # the step the person last answered (an answer the table took)
    countdown_at: int = -1  # the step the person was offered a countdown at
    prompt_open: bool = False  # a prompt is on screen, waiting for a line
    answer: str | None = None  # the person's last move taken by the table (its text)
    confirm: tuple[str, int] | None = None  # a losing self-Dobon (J10) to confirm, and the step it answers
    shown_at: int = 0  # the step the choices on screen were shown for: what a typed line answers
    numbered: tuple[Choice, ...] = ()  # the choices as numbered on screen
    cached: tuple[int, Choices] | None = None

    def __post_init__(self) -> None:
        self.shown_at = self.table.seq

    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.table.game

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def step(self) -> int:
        return self.table.seq

    def legal(self) -> Choices:
        """The person's whole moves now, in the order they are numbered (:mod:`kakehiki.cli.choices`)."""
        if self.cached is None or self.cached[0] != self.step:
            choices = choices_for(self.game, self.state, HUMAN, self.loses_at_once)
            self.cached = (self.step, choices)
        return self.cached[1]

    def run(self) -> Result:
        self.table.catch_up()  # the bots asked, and their first moves made
        self.show_inbox()  # the bots' first moves before the state they led to
        if not self.legal() and not self.table.over:
            self.show_view()
        while not self.table.over:
            self.show_inbox()
            if self.table.over:
                break
            if self.timeout() == 0.0:  # something is due now: bots to ask, a window closed
                self.close_window()
                continue
            asked = bool(self.legal()) and self.answered_at != self.step
            if asked and self.asked_at != self.step:
                if self.typed_ahead():
                    continue
                self.offer()
            timeout = self.timeout()
            if timeout is None and not asked:
                raise RuntimeError("the table waits for nobody")  # bots always answer at once
            at = self.shown_at
            line = self.read_line(self.prompt() if asked and not self.prompt_open else "", timeout)
            if line is None:
                self.close_window()
                continue
            self.prompt_open = False
            if self.timeout() == 0.0:  # the deadline came with the line: the window closed first
                self.close_window()
            self.handle(line, at)
        self.show_inbox()
        result = self.game.result(self.state)
        assert result is not None
        return result

    def timeout(self) -> float | None:
        deadline = self.table.next_deadline()
        return None if deadline is None else max(0.0, deadline - self.clock())

    def close_window(self) -> None:
        """A deadline came: let the table apply what is due (the bots asked and answered,
        a window closed); say so if the person's chance to call passed unanswered."""
        step = self.step
        self.table.catch_up()
        if self.step != step and self.countdown_at == step and self.answered_at != step:
            self.end_prompt()
            self.say(t("play.window_passed"), "dim")

    def typed_ahead(self) -> bool:
        """Lines typed before the next choices are shown answer the choices shown before
        (too late, if the table moved on since): whether there were any."""
        early = self.lines.typed_ahead() if isinstance(self.lines, SelectLines) else []
        at = self.shown_at
        for line in early:
            self.prompt_open = False
            self.handle(line, at)
        self.show_inbox()
        return bool(early)

    # -- the person ---------------------------------------------------------------
    def offer(self, everything: bool = False) -> None:
        """The view and the choices; what the person types next answers them."""
        self.asked_at = self.shown_at = self.step
        self.confirm = None
        self.show_view()
        self.show_choices(everything)

    def prompt(self) -> str:
        timeout = self.timeout()
        self.prompt_open = True
        if timeout is not None and self.game.turn_seat(self.state) != HUMAN:
            self.countdown_at = self.step
            return t("play.prompt_countdown", seconds=math.ceil(timeout))
        return t("play.prompt")

    def read_line(self, prompt: str, timeout: float | None) -> str | None:
        try:
            return self.lines.read(prompt, timeout)
        except EOFError:
            self.say("")
            raise Quit(0) from None
        except KeyboardInterrupt:
            self.say("")
            raise Quit(INTERRUPTED) from None

    def handle(self, text: str, at: int | None = None) -> None:
        """Act on a line: a choice (a number or a whole move), ``help``, ``all`` or ``quit``,
        answering the choices shown at step ``at`` (by default the ones on screen).  Several
        moves separated by commas are taken one after another, all answering those choices;
        steps of one move written apart (``show S5, play``) are that move.  Full-width and
        Japanese input is normalised first (:mod:`kakehiki.textin`)."""
        at = self.shown_at if at is None else at
        listed = [c.text for c in self.numbered] if at == self.step else []
        text = normalise(text, self.game.id, listed)
        parts = [part.strip() for part in text.split(",") if part.strip()]
        if len(parts) > 1:
            joined = self.one_move(parts) if at == self.step else None
            if joined is None:
                for part in parts:
                    self.handle(part, at)
                return
            text = joined
        text = text.strip()
        word = text.lower()
        if word in QUIT_WORDS:
            raise Quit(0)
        confirm, self.confirm = self.confirm, None
        if confirm is not None and word in YES_WORDS:
            self.submit(*confirm)
            return
        if word in HELP_WORDS or word == "all":
            if self.legal() and self.answered_at != self.step:
                self.offer(everything=word == "all")
            else:
                self.say(t("play.nothing_to_do"))
            return
        if not text.isdigit():
            self.by_text(text, at, confirm)
            return
        if not self.numbered:
            self.say(t("play.nothing_to_do"))
            return
        choice, problem = self.lookup(text)
        if problem is not None:
            self.say(problem, "red")
            self.say(t("play.again"))
        elif choice is not None:
            self.make(choice.text, choice.first, at, confirm)

    def one_move(self, parts: Sequence[str]) -> str | None:
        """The whole move that ``parts`` make as its steps, one after another, if they do."""
        state, last = self.state, len(parts) - 1
        steps = []
        try:
            for i, part in enumerate(parts):
                action = self.game.parse_action(part)
                self.game.check(state, HUMAN, action)
                if self.game.continues(state, HUMAN, action) != (i < last):
                    return None
                steps.append(action)
                state, _ = self.game.apply(state, HUMAN, action)
            return self.game.move_text(steps)
        except KakehikiError:
            return None

    def by_text(self, text: str, at: int, confirm: tuple[str, int] | None = None) -> None:
        """A move typed out: the table takes it or says why not (refused with its rule, or
        too late because the table moved on since the choices it answers)."""
        try:
            steps = self.game.parse_move(text)
            move = self.game.move_text(steps)
        except KakehikiError as exc:
            reason = notation_reason(str(exc), lang=language())  # the parser's reason, in the reader's words
            if reason is not None:
                self.say(t("play.bad_notation", message=reason), "red")
            else:  # a reason not known in this language: name the input and show examples
                examples = t_or(f"{self.game.id}.examples", t("play.examples_generic"))
                self.say(t("play.unreadable", text=excerpt(text), examples=examples), "red")
            self.say(t("play.commas") if "more than one action" in str(exc) else t("play.again"))
            return
        if at == self.step and len(steps) == 1 and HUMAN in self.game.actors(self.state) \
                and steps[0] not in self.game.legal_actions(self.state, HUMAN) \
                and self.game.can(self.state, HUMAN, steps[0]):  # allowed, but not a seat's choice (the host's delay)
            self.say(t("play.not_offered", action=move), "red")
            self.say(t("play.again"))
            return
        self.make(move, steps[0], at, confirm)

    def make(self, move: str, first: Action, at: int, confirm: tuple[str, int] | None) -> None:
        """Send ``move`` (answering step ``at``), unless it is a sure loss to ask about first."""
        if at == self.step and confirm != (move, at) and self.loses_at_once(first):
            self.confirm = (move, at)
            self.say(t("play.self_dobon", rule="J10"), "bold red")
            return
        if self.submit(move, at).kind != "accepted":
            self.show_inbox()
            if self.legal() and at == self.step:
                self.say(t("play.again"))

    def submit(self, move: str, at: int) -> Notice:
        step = self.step
        notice = self.table.submit(HUMAN, move, at=at)
        if notice.kind == "accepted":
            self.answer, self.answered_at = move, step
            if self.step == step:
                self.say(t("play.taken", action=move), "dim")
        return notice

    def loses_at_once(self, action: Action) -> bool:
        """A Dobon on the person's own card: a sure loss (J10)."""
        if not str(action).startswith("dobon"):
            return False
        return getattr(self.game.view(self.state, HUMAN), "top_owner", None) == HUMAN

    def lookup(self, text: str) -> tuple[Choice | None, str | None]:
        """The choice numbered ``text`` on screen, else why there is none."""
        number = int(text)
        if 1 <= number <= len(self.numbered):
            return self.numbered[number - 1], None
        return None, t("play.bad_number", number=number, count=len(self.numbered))

    # -- output -------------------------------------------------------------------
    def show_inbox(self) -> None:
        """The person's messages from the table: events (already censored) and notices."""
        for message in self.table.inbox(HUMAN):
            line = self.notice(message) if isinstance(message, Notice) else self.narrator.event(message, self.labels)
            if line is not None:
                self.say(line, "red" if isinstance(message, Notice) else None)

    def show_events(self, events: Sequence[Event]) -> None:
        for event in events:
            seen = event.seen_by(HUMAN)
            line = None if seen is None else self.narrator.event(seen, self.labels)
            if line is not None:
                self.say(line)

    def notice(self, notice: Notice) -> str | None:
        """A notice in the person's language; ``accepted`` says nothing (the events do)."""
        if notice.kind == "accepted":
            return None
        return notice_line(replace(notice, move=notice.move or self.answer or ""), self.narrator, self.labels)

    def show_view(self) -> None:
        self.end_prompt()
        self.out.rule(style="dim")
        for line in self.narrator.view(self.game.view(self.state, HUMAN), self.labels):
            self.say(line)

    def show_choices(self, everything: bool = False) -> None:
        """The numbered whole moves.  Where a game has many, the compact list (with how to type
        the others on one line); a long list is cut at :data:`LISTED`.  ``all`` numbers every
        move (up to :data:`ALL_LISTED`), the compact ones first, keeping their numbers."""
        choices = self.legal()
        first_steps = self.game.legal_actions(self.state, HUMAN)
        self.say(self.narrator.prompt(self.game.view(self.state, HUMAN), first_steps), "bold yellow")
        self.say(t("play.choices"), "bold")
        every = choices.every
        self.numbered = every[:ALL_LISTED] if everything else choices.listed[:LISTED]
        for number, choice in enumerate(self.numbered, start=1):
            self.say(f"  {number:>2}) {choice.text}")
        left = (len(every) if everything or choices.more else len(choices.listed)) - len(self.numbered)
        if choices.compact and not everything:
            several = t_or(f"{self.game.id}.several", t("play.several"))
            self.say(t("play.compact", several=several, count=len(every) - len(self.numbered)
                       if not choices.more else f"{len(every)}+"))
        elif left > 0 or choices.more:
            self.say(t("play.more_choices", count=f"{left}+" if choices.more else left))

    def end_prompt(self) -> None:
        """End the line of a prompt left waiting, so that what follows starts a line of its own."""
        if self.prompt_open:
            self.prompt_open = False
            self.out.print()

    def say(self, line: str, style: str | None = None) -> None:
        self.end_prompt()
        self.out.print(Text(line, style=style or ""))


def read_input(prompt: str) -> str:
    """A line from stdin; piped input is echoed so that the transcript reads like a terminal session."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


def stdin_lines(out: Console) -> Lines:
    """The person's lines: stdin read with ``select`` where it is a real file (a terminal or a
    pipe), else through :func:`input` (a test runner's stdin), which cannot time out."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return BlockingLines(read_input)

    def write(text: str) -> None:
        out.file.write(text)
        out.file.flush()

    tty = sys.stdin.isatty()
    return SelectLines(fd, write, echo=not tty, typeahead=tty)


def default_reaction() -> float:
    """J8's three seconds in a terminal; piped input waits for each line (deterministic scripts)."""
    try:
        return REACTION if sys.stdin.isatty() else 0.0
    except (AttributeError, ValueError):
        return 0.0


def run_play(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None, read: Callable[[str], str] | None = None,
    reaction: float | None = None, rules: str | None = None,
) -> None:
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options, rules)
    count = player_count(game, players)
    names = bot_names_for(bots, count - 1)
    opponents: list[Bot] = make_bots(game.id, names)
    seed = random_seed() if seed is None else seed
    initial, opening = start_game(game, count, given, seed)
    labels = seat_labels(names)
    out = console()
    window = default_reaction() if reaction is None else reaction
    narrator = narrator_for(game.id, language(), HUMAN)
    introduce(out, game, initial, seed, window, narrator)
    clocks = Clocks(reaction=window if window > 0 else None, turn=None, grace=None)
    table = Table(game, initial, clocks, bots=dict(enumerate(opponents, start=1)), seed=seed)
    lines = BlockingLines(read) if read is not None else stdin_lines(out)
    session = Session(table, labels, out, lines, narrator)
    session.show_events(opening)
    path = save if save is not None else default_record_path(game.id, seed)
    try:
        result = session.run()
    except (Quit, KeyboardInterrupt) as exc:
        # Leaving mid-match keeps the game: an unfinished record replays (exit 3) and can be watched.
        if table.actions:
            save_session(session, initial, [HUMAN_NAME, *names], path)
        raise Quit(exc.code if isinstance(exc, Quit) else INTERRUPTED) from None
    for line in session.narrator.result(result, labels):
        out.print(Text(line))
    save_session(session, initial, [HUMAN_NAME, *names], path)


def introduce(
    out: Console, game: Game[Any, Any, Any], initial: Any, seed: int, window: float, narrator: Narrator
) -> None:
    """The game, how to play it, the house rules and, if the game has calls out of turn (with
    these options), how long each stays open."""
    count = game.players(initial)
    out.print(Text(t("play.welcome", title=game.title(language()), seed=seed, players=count), style="bold"))
    examples = t_or(f"{game.id}.examples", t("play.examples_generic"))
    out.print(Text(t("play.howto", examples=examples)))
    out.print(Text(t("play.house_rules", options=house_rules(game, initial))))
    if narrator.calls_out_of_turn(game.record_header(initial).get("options", {})):
        out.print(Text(t("play.reaction", seconds=f"{window:g}") if window > 0 else t("play.no_reaction"), style="dim"))


def save_session(session: Session, initial: Any, names: list[str], path: Path) -> None:
    """Save the session's record (finished or not), made from the table's actions, and say where."""
    table = session.table
    try:
        save_record(path, make_record(table.game, initial, table.actions, names, table.state))
    except OSError as exc:
        fail(t("error.save", path=path, message=exc.strerror or str(exc)), code=1)
    session.out.print(Text(t("play.saved", path=path)))


def table_screen(runner: str = "run_table") -> Callable[..., int] | None:
    """The full-screen table's ``runner`` (in :mod:`kakehiki.tui.play`, or ``run_learn_table`` in
    :mod:`kakehiki.tui.learn`) where a person sits at a terminal (stdin and stdout both terminals)
    and Textual is installed; ``None`` keeps the line mode (pipes, scripts), with a one-line hint
    on stderr where only Textual is missing."""
    if not interactive():
        return None
    try:
        module = importlib.import_module("kakehiki.tui.learn" if runner == "run_learn_table" else "kakehiki.tui.play")
    except ImportError:
        console(stderr=True).print(Text(t("tui.no_textual"), style="dim"))
        return None
    run: Callable[..., int] = getattr(module, runner)
    return run


def play_command(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None, reaction: float | None = None, rules: str | None = None,
    plain: bool = False,
) -> None:
    """Run :func:`run_play` (or the full-screen table, unless ``plain``), turning the person's
    leaving into a clean exit."""
    if reaction is not None and not 0 <= reaction <= MAX_REACTION:  # NaN fails the comparison too
        fail(t("error.reaction", seconds=reaction, most=MAX_REACTION))
    screen = None if plain else table_screen()
    if screen is not None:
        use_language(lang)
        raise typer.Exit(screen(game_id, options, seed, players, bots, save, reaction, rules))
    try:
        run_play(game_id, options, seed, players, bots, save, lang, reaction=reaction, rules=rules)
    except Quit as exc:
        typer.echo(t("play.quit"))
        raise typer.Exit(exc.code) from None
