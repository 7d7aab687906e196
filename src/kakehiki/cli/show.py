"""``kakehiki replay --show [--seat N]``: a record as one seat saw it (or a spectator), move by move.

What is printed is only what the viewer saw: the setting up (the deal, the first card)
and its view at the start, then each move as the viewer's narration of its censored
events, with the viewer's own actions written out.  Another seat's action text is never
printed: in Doubt it names the card put face down.  In a terminal the show waits for
Enter after each move the viewer saw something of (``q`` stops it); piped, it prints
everything.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from kakehiki.cli.lang import t
from kakehiki.core import Event, Game
from kakehiki.errors import KakehikiError
from kakehiki.narrate import Narrator

Pause = Callable[[], bool]
"""Waits for the person to step on; ``False``: they asked to stop."""
STOP_WORDS = frozenset({"q", "quit", "exit"})


@dataclass
class Show:
    """Prints what ``viewer`` (``None``: a spectator) saw of a replayed game."""

    game: Game[Any, Any, Any]
    viewer: int | None
    labels: Sequence[str]
    narrator: Narrator
    out: Console
    pause: Pause | None = None
    stopped: bool = False

    def start(self, initial: Any, opening: Sequence[Event]) -> None:
        """The setting up and the viewer's first view (its hand)."""
        for line in self.seen(opening):
            self.out.print(line, markup=False)
        self.out.rule(style="dim")
        self.print(self.narrator.view(self.game.view(initial, self.viewer), self.labels))

    def __call__(self, seat: int | None, text: str, state: Any, events: tuple[Event, ...]) -> None:
        """One move (a :data:`kakehiki.record.Watcher`)."""
        own = seat is not None and seat == self.viewer
        lines = [t("replay.move", who=self.labels[seat], action=text)] if own and seat is not None else []
        self.print(lines + ["  " + line for line in self.seen(events)])

    def seen(self, events: Sequence[Event]) -> list[str]:
        return seen_lines(events, self.viewer, self.narrator, self.labels)

    def print(self, lines: Sequence[str]) -> None:
        if self.stopped or not lines:
            return
        for line in lines:
            self.out.print(line, markup=False)
        if self.pause is not None and not self.pause():
            self.stopped = True


def opening(game: Game[Any, Any, Any], initial: Any, players: int) -> tuple[Event, ...]:
    """The events of setting up ``initial`` (seat draw, deal, first card), from its header; none if
    the header does not rebuild that very state (a record dealt by an older generator)."""
    header = game.record_header(initial)
    try:
        state, events = game.start(players, header.get("options"), seed=header.get("seed", 0),
                                   deck=header.get("deck"))
    except KakehikiError:
        return ()
    return events if state == initial else ()


def interactive() -> bool:
    """Whether a person watches at a terminal (stdin and stdout both terminals)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def enter_to_step(out: Console) -> Pause:
    """Waits for Enter; ``q`` (or end of input, Ctrl-C) stops."""

    def pause() -> bool:
        try:
            answer = out.input(t("replay.step"))
        except (EOFError, KeyboardInterrupt):
            out.print()
            return False
        return answer.strip().lower() not in STOP_WORDS

    return pause


def seen_lines(events: Sequence[Event], viewer: int | None, narrator: Any, labels: Sequence[str]) -> list[str]:
    """The lines of ``events`` as ``viewer`` saw them (censored; unseen ones say nothing)."""
    lines = []
    for event in events:
        seen = event.seen_by(viewer)
        line = None if seen is None else narrator.event(seen, labels)
        if line:
            lines.append(line)
    return lines
