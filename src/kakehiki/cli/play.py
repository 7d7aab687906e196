"""``kakehiki play``: a person at seat 0 against bots, in a terminal or through piped stdin.

Simultaneous choices are resolved exactly as :func:`kakehiki.driver.next_moves`
does for bots: every actor, the person included, decides on the same state; the
first claim in priority order wins.  The person therefore hears of every
out-of-turn chance (a Dobon, an interrupt) the moment the engine offers it.

Only ``game.view(state, 0)`` and events passed through ``seen_by(0)`` are ever
printed, so hidden cards cannot leak.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from kakehiki.bots import Bot
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
from kakehiki.driver import decide, next_moves, still_asked
from kakehiki.errors import IllegalActionError, KakehikiError
from kakehiki.narrate import Narrator, narrator_for
from kakehiki.record import make_record, save_record
from kakehiki.rng import derive

HUMAN = 0
LISTED = 40  # choices numbered on screen before the list is cut
HUMAN_NAME = "human"
QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"", "?", "help"})
INTERRUPTED = 130  # the shell's status for Ctrl-C


class Quit(Exception):
    """The person left (``quit``, end of input or Ctrl-C); ``code`` is the exit status."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@dataclass
class Session:
    """One game between the person (seat 0) and the bots in the other seats."""

    game: Game[Any, Any]
    state: Any
    bots: Sequence[Bot | None]  # by seat; None is the person
    labels: Sequence[str]
    out: Console
    read: Callable[[str], str]
    narrator: Narrator
    rngs: list[random.Random]
    actions: list[tuple[int, int, Action]] = field(default_factory=list)

    def run(self) -> Result:
        if HUMAN not in self.game.actors(self.state):
            self.show_view()
        while (result := self.game.result(self.state)) is None:
            for seat, action in next_moves(self.game, self.state, self.choose):
                if not still_asked(self.game, self.state, seat):
                    break  # an earlier pass ended the game (max_steps) or the window
                self.apply(seat, action)
        return result

    def choose(self, seat: int) -> Action:
        legal = self.game.legal_actions(self.state, seat)
        bot = self.bots[seat]
        if bot is None:
            return self.ask(legal)
        return decide(self.game, self.state, seat, bot, self.rngs[seat])

    def apply(self, seat: int, action: Action) -> None:
        round_no = self.game.round_of(self.state)
        self.state, events = self.game.apply(self.state, seat, action)
        self.actions.append((round_no, seat, action))
        self.show_events(events, "cyan" if seat == HUMAN else None)

    def show_events(self, events: Sequence[Event], style: str | None = None) -> None:
        for event in events:
            seen = event.seen_by(HUMAN)
            line = None if seen is None else self.narrator.event(seen, self.labels)
            if line is not None:
                self.say(line, style)

    # -- the person ---------------------------------------------------------------
    def ask(self, legal: Sequence[Action]) -> Action:
        self.show_view()
        self.show_choices(legal)
        while True:
            action = self.interpret(self.read_line(), legal)
            if action is not None:
                return action

    def read_line(self) -> str:
        try:
            return self.read(t("play.prompt"))
        except EOFError:
            self.say("")
            raise Quit(0) from None
        except KeyboardInterrupt:
            self.say("")
            raise Quit(INTERRUPTED) from None

    def interpret(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The action ``text`` names, or ``None`` after saying why it cannot be taken."""
        text = text.strip()
        if text.lower() in HELP_WORDS:
            self.show_view()
            self.show_choices(legal)
            return None
        if text.lower() == "all":
            self.show_choices(legal, everything=True)
            return None
        if text.lower() in QUIT_WORDS:
            raise Quit(0)
        action, problem = self.lookup(text, legal)
        if problem is not None:
            self.say(problem, "red")
            self.say(t("play.again"))
        return action

    def lookup(self, text: str, legal: Sequence[Action]) -> tuple[Action | None, str | None]:
        """A choice by number or by action text, else the reason it is refused."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1], None
            return None, t("play.bad_number", number=number, count=len(legal))
        try:
            action = self.game.parse_action(text)
            self.game.check(self.state, HUMAN, action)
        except IllegalActionError as exc:
            return None, self.narrator.refusal(exc)
        except KakehikiError as exc:  # NotationError and the like
            return None, t("play.bad_notation", message=str(exc))
        if action not in legal:  # allowed by the rules but not a choice of this seat (e.g. the host's delay)
            return None, t("play.not_offered", action=action)
        return action, None

    # -- output -------------------------------------------------------------------
    def show_view(self) -> None:
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

    def say(self, line: str, style: str | None = None) -> None:
        self.out.print(Text(line, style=style or ""))


def read_input(prompt: str) -> str:
    """A line from stdin; piped input is echoed so that the transcript reads like a terminal session."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


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


def run_play(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None, read: Callable[[str], str] = read_input,
) -> None:
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options)
    count = player_count(game, players)
    names = bot_names_for(bots, count - 1)
    opponents = make_bots(game.id, names)
    seed = random_seed() if seed is None else seed
    initial, opening = start_game(game, count, given, seed)
    labels = seat_labels(names)
    out = console()
    title = game.title(language())
    out.print(Text(t("play.welcome", title=title, seed=seed, players=count), style="bold"))
    examples = t_or(f"{game.id}.examples", t("play.examples_generic"))
    out.print(Text(t("play.howto", examples=examples)))
    session = Session(game, initial, [None, *opponents], labels, out, read, narrator_for(game.id, language(), HUMAN),
                      [derive(seed, "bot", s) for s in range(count)])
    session.show_events(opening)
    path = save if save is not None else default_record_path(game.id, seed)
    try:
        result = session.run()
    except (Quit, KeyboardInterrupt) as exc:
        # Leaving mid-match keeps the game: an unfinished record replays (exit 3) and can be watched.
        if session.actions:
            save_session(session, initial, [HUMAN_NAME, *names], path)
        raise Quit(exc.code if isinstance(exc, Quit) else INTERRUPTED) from None
    for line in session.narrator.result(result, labels):
        out.print(Text(line))
    save_session(session, initial, [HUMAN_NAME, *names], path)


def save_session(session: Session, initial: Any, names: list[str], path: Path) -> None:
    """Save the session's record (finished or not) and say where."""
    try:
        save_record(path, make_record(session.game, initial, session.actions, names, session.state))
    except OSError as exc:
        fail(t("error.save", path=path, message=exc.strerror or str(exc)), code=1)
    session.out.print(Text(t("play.saved", path=path)))


def play_command(
    game_id: str, options: list[str] | None, seed: int | None, players: int | None, bots: str,
    save: Path | None, lang: Lang | None,
) -> None:
    """Run :func:`run_play`, turning the person's leaving into a clean exit."""
    try:
        run_play(game_id, options, seed, players, bots, save, lang)
    except Quit as exc:
        typer.echo(t("play.quit"))
        raise typer.Exit(exc.code) from None
