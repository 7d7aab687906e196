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

import math
import os
import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import typer
from rich.console import Console
from rich.text import Text

from kakehiki.bots import Bot
from kakehiki.cli.choices import in_order
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
from kakehiki.core import Action, Event, Game, Result
from kakehiki.errors import KakehikiError, excerpt
from kakehiki.narrate import Narrator, narrator_for
from kakehiki.narrate.notation import notation_reason
from kakehiki.narrate.notices import notice_line
from kakehiki.record import make_record, save_record
from kakehiki.table import Clock, Clocks, Notice, Table
from kakehiki.textin import normalise

HUMAN = 0
LISTED = 40  # choices numbered on screen before the list is cut
HUMAN_NAME = "human"
MAX_REACTION = 3600
"""The longest reaction window ``--reaction`` takes, in seconds (a host's clock needs a finite one)."""
QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"", "?", "help"})
YES_WORDS = frozenset({"y", "yes", "はい"})
INTERRUPTED = 130  # the shell's status for Ctrl-C
REACTION = 3.0  # J8's official Dobon-gaeshi window, the terminal's default


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
    """One game between the person (seat 0) and the bots in the other seats, on a table."""

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
    answer: Action | None = None  # the person's last answer taken by the table
    confirm: Action | None = None  # a losing self-Dobon the person is asked to confirm (J10)

    @property
    def game(self) -> Game[Any, Any]:
        return self.table.game

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def step(self) -> int:
        return len(self.table.actions)

    def legal(self) -> tuple[Action, ...]:
        """The person's choices now, in the order they are numbered (:mod:`kakehiki.cli.choices`)."""
        if self.table.over or HUMAN not in self.game.actors(self.state):
            return ()
        return in_order(self.game.legal_actions(self.state, HUMAN), self.loses_at_once)

    def run(self) -> Result:
        self.table.poll()
        self.show_inbox()  # the bots' first moves before the state they led to
        if not self.legal() and not self.table.over:
            self.show_view()
        while not self.table.over:
            self.show_inbox()
            if self.table.over:
                break
            asked = bool(self.legal()) and self.answered_at != self.step
            if asked and self.asked_at != self.step:
                self.offer()
            timeout = self.timeout()
            if timeout is None and not asked:
                raise RuntimeError("the table waits for nobody")  # bots always answer at once
            if timeout == 0.0:
                self.close_window()
                continue
            line = self.read_line(self.prompt() if asked and not self.prompt_open else "", timeout)
            if line is None:
                self.close_window()
            else:
                self.prompt_open = False
                self.handle(line)
        self.show_inbox()
        result = self.game.result(self.state)
        assert result is not None
        return result

    def timeout(self) -> float | None:
        deadline = self.table.next_deadline()
        return None if deadline is None else max(0.0, deadline - self.clock())

    def close_window(self) -> None:
        """The deadline came: let the table apply what time decided; say so if the person's
        chance to call passed unanswered."""
        step = self.step
        self.table.poll()
        if self.step != step and self.countdown_at == step and self.answered_at != step:
            self.end_prompt()
            self.say(t("play.window_passed"), "dim")

    # -- the person ---------------------------------------------------------------
    def offer(self) -> None:
        """The view and the choices, once per state the person may act on."""
        self.asked_at = self.step
        self.confirm = None
        self.show_view()
        self.show_choices(self.legal())

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

    def handle(self, text: str) -> None:
        """Act on a line: a choice, ``help``, ``all`` or ``quit``, at any moment; several
        separated by commas (``show S5, play``) are taken one after another.  Full-width and
        Japanese input is normalised first (:mod:`kakehiki.textin`)."""
        text = normalise(text, self.game.id, [str(a) for a in self.legal()])
        parts = [part for part in text.split(",") if part.strip()]
        if len(parts) > 1:
            for part in parts:
                self.handle(part)
            return
        text = text.strip()
        word = text.lower()
        legal = self.legal()
        if word in QUIT_WORDS:
            raise Quit(0)
        confirm, self.confirm = self.confirm, None
        if confirm is not None and word in YES_WORDS:
            self.submit(confirm)
            return
        if word in HELP_WORDS or (word == "all" and legal):
            if legal:
                self.show_view()
                self.show_choices(legal, everything=word == "all")
            else:
                self.say(t("play.nothing_to_do"))
            return
        if not legal or not text.isdigit():
            self.by_text(text, legal, confirm)
            return
        action, problem = self.lookup(text, legal)
        if problem is not None:
            self.say(problem, "red")
            self.say(t("play.again"))
        elif action is not None and (confirm == action or not self.confirm_first(action)):
            self.submit(action)

    def by_text(self, text: str, legal: Sequence[Action], confirm: Action | None = None) -> None:
        """An action typed out: the table takes it or says why not (refused with its rule, or
        too late because another seat moved first), whether or not the person had a choice."""
        if not legal and text.isdigit():
            self.say(t("play.nothing_to_do"))
            return
        try:
            action = self.game.parse_action(text)
        except KakehikiError as exc:
            reason = notation_reason(str(exc), lang=language())  # the parser's reason, in the reader's words
            if reason is not None:
                self.say(t("play.bad_notation", message=reason), "red")
            else:  # a reason not known in this language: name the input and show examples
                examples = t_or(f"{self.game.id}.examples", t("play.examples_generic"))
                self.say(t("play.unreadable", text=excerpt(text), examples=examples), "red")
            self.say(t("play.commas") if "more than one action" in str(exc) else t("play.again"))
            return
        if action in legal:
            if confirm != action and self.confirm_first(action):
                return
        elif self.game.can(self.state, HUMAN, action):  # allowed, but not a seat's choice (the host's delay)
            self.say(t("play.not_offered", action=action), "red")
            self.say(t("play.again"))
            return
        if self.submit(action).kind != "accepted":
            self.show_inbox()
            if self.legal():
                self.say(t("play.again"))

    def confirm_first(self, action: Action) -> bool:
        """Whether ``action`` is a losing self-Dobon (J10) to ask about before sending it."""
        if self.loses_at_once(action):
            self.confirm = action
            self.say(t("play.self_dobon", rule="J10"), "bold red")
            return True
        return False

    def submit(self, action: Action) -> Notice:
        step = self.step
        notice = self.table.submit(HUMAN, action)
        if notice.kind == "accepted":
            self.answer, self.answered_at = action, step
            if self.step == step:
                self.say(t("play.taken", action=action), "dim")
        return notice

    def loses_at_once(self, action: Action) -> bool:
        """A Dobon on the person's own card: a sure loss (J10)."""
        if not str(action).startswith("dobon"):
            return False
        return getattr(self.game.view(self.state, HUMAN), "top_owner", None) == HUMAN

    def lookup(self, text: str, legal: Sequence[Action]) -> tuple[Action | None, str | None]:
        """The choice numbered ``text``, else why there is none."""
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1], None
        return None, t("play.bad_number", number=number, count=len(legal))

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
        return notice_line(replace(notice, move=notice.move or str(self.answer or "")), self.narrator, self.labels)

    def show_view(self) -> None:
        self.end_prompt()
        self.out.rule(style="dim")
        for line in self.narrator.view(self.game.view(self.state, HUMAN), self.labels):
            self.say(line)

    def show_choices(self, legal: Sequence[Action], everything: bool = False) -> None:
        """The numbered choices; a long list (a Million Doubt lead has hundreds) is cut at
        :data:`LISTED` unless the person asks for ``all``: the action text is always accepted."""
        self.say(self.narrator.prompt(self.game.view(self.state, HUMAN), legal), "bold yellow")
        self.say(t("play.choices"), "bold")
        shown = legal if everything else legal[:LISTED]
        for number, action in enumerate(shown, start=1):
            self.say(f"  {number:>2}) {action}")
        if len(shown) < len(legal):
            self.say(t("play.more_choices", count=len(legal) - len(shown)))

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


def house_rules(game: Game[Any, Any], state: Any) -> str:
    """The options in force, ``name=value``, those set away from their defaults first and marked ``*``."""
    values = game.record_header(state).get("options", {})
    defaults = {spec.name: spec.describe_default() for spec in game.options}

    def text(name: str, value: object) -> str:
        shown = "true" if value is True else "false" if value is False else "none" if value is None else str(value)
        return f"{name}={shown}" + ("*" if shown != defaults.get(name) else "")

    changed = [text(n, v) for n, v in values.items() if text(n, v).endswith("*")]
    kept = [text(n, v) for n, v in values.items() if not text(n, v).endswith("*")]
    return ", ".join(changed + kept)


def seat_labels(bot_names: Sequence[str]) -> list[str]:
    return [t("seat.you"), *(t("seat.bot", seat=s, bot=n) for s, n in enumerate(bot_names, start=1))]


def default_record_path(game_id: str, seed: int) -> Path:
    """``records/<game>-<time>-seed<seed>.json`` in the current directory, never overwriting."""
    stem = f"{game_id}-{datetime.now():%Y%m%d-%H%M%S}-seed{seed}"
    path = Path("records") / f"{stem}.json"
    number = 1
    while path.exists():
        number += 1
        path = Path("records") / f"{stem}-{number}.json"
    return path


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

    return SelectLines(fd, write, echo=not sys.stdin.isatty())


def default_reaction() -> float:
    """J8's three seconds in a terminal; piped input waits for each line (deterministic scripts)."""
    try:
        return REACTION if sys.stdin.isatty() else 0.0
    except (AttributeError, ValueError):
        return 0.0


def run_play(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None, read: Callable[[str], str] | None = None,
    reaction: float | None = None,
) -> None:
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options)
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


def introduce(out: Console, game: Game[Any, Any], initial: Any, seed: int, window: float, narrator: Narrator) -> None:
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


def play_command(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None, reaction: float | None = None,
) -> None:
    """Run :func:`run_play`, turning the person's leaving into a clean exit."""
    if reaction is not None and not 0 <= reaction <= MAX_REACTION:  # NaN fails the comparison too
        fail(t("error.reaction", seconds=reaction, most=MAX_REACTION))
    try:
        run_play(game_id, options, seed, players, bots, save, lang, reaction=reaction)
    except Quit as exc:
        typer.echo(t("play.quit"))
        raise typer.Exit(exc.code) from None
