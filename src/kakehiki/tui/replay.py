"""``kakehiki replay --show`` on the table screen: a record as one seat saw it, move by move.

The record is replayed once (checked as ``replay`` always does), keeping each state and the
lines of what the viewer saw of each move; ←/→ then step through them.  Only the viewer's
view (``game.view(state, viewer)``) and events censored by ``seen_by(viewer)`` are shown,
and another seat's move text never is (in Doubt it names the card put face down).

The same screen could step through a scripted walkthrough (a guided first game): a
:class:`Frame` is only a state and its lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from kakehiki.cli.show import seen_lines
from kakehiki.core import Event, Game
from kakehiki.i18n import t
from kakehiki.narrate import Narrator
from kakehiki.tui.app import CSS, TextScreen, seat_lines
from kakehiki.tui.controller import Line
from kakehiki.tui.widgets import HandView, LogView


@dataclass(frozen=True)
class Frame:
    """One step of the show: the state after a move, and what the viewer saw of the move."""

    state: Any
    lines: tuple[str, ...]


@dataclass
class Recorder:
    """A :data:`kakehiki.record.Watcher` keeping every frame as ``viewer`` saw it."""

    game: Game[Any, Any, Any]
    viewer: int | None
    labels: Sequence[str]
    narrator: Narrator
    frames: list[Frame] = field(default_factory=list)

    def start(self, initial: Any, opening: Sequence[Event]) -> None:
        self.frames.append(Frame(initial, tuple(self.seen(opening))))

    def __call__(self, seat: int | None, text: str, state: Any, events: tuple[Event, ...]) -> None:
        own = seat is not None and seat == self.viewer
        lang = self.narrator.lang
        lines = [t("replay.move", lang=lang, who=self.labels[seat], action=text)] if own and seat is not None else []
        self.frames.append(Frame(state, (*lines, *("  " + line for line in self.seen(events)))))

    def seen(self, events: Sequence[Event]) -> list[str]:
        return seen_lines(events, self.viewer, self.narrator, self.labels)


class ReplayApp(App[None]):
    """Steps through a :class:`Recorder`'s frames: ←/→ one move, Home/End, ``r`` rules, ``q`` leaves."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False), Binding("right,space,enter", "step(1)", show=False),
        Binding("home", "go(0)", show=False), Binding("end", "go(-1)", show=False),
        Binding("r", "rules", show=False), Binding("q,escape", "quit", show=False),
    ]

    def __init__(self, recorder: Recorder, header: str, rules: str) -> None:
        super().__init__()
        self.recorder, self.header, self.rules = recorder, header, rules
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="field")
            yield LogView(id="log")
        yield HandView(id="hand")

    def on_mount(self) -> None:
        lang = self.recorder.narrator.lang
        self.query_one("#seats").border_title = t("tui.seats", lang=lang)
        self.query_one("#field").border_title = t("tui.table", lang=lang)
        self.query_one("#log").border_title = t("tui.log", lang=lang)
        viewer = self.recorder.viewer
        self.query_one("#hand").border_title = "" if viewer is None else self.recorder.labels[viewer]
        self.redraw()

    def redraw(self) -> None:
        recorder, frame = self.recorder, self.recorder.frames[self.at]
        lang = recorder.narrator.lang
        position = t("tui.replay_position", lang=lang, step=self.at, steps=len(recorder.frames) - 1)
        self.query_one("#header", Static).update(Text(f"{self.header}\n{position}"))
        view = recorder.game.view(frame.state, recorder.viewer)
        seats, rest = seat_lines(recorder.narrator.view(view, recorder.labels), recorder.labels)
        self.query_one("#seats", Static).update(Text("\n".join(seats)))
        self.query_one("#field", Static).update(Text("\n".join(rest)))
        lines = [Line(t("tui.replay_start", lang=lang), "bold"), *(Line(text) for text in recorder.frames[0].lines)]
        for number, shown in enumerate(recorder.frames[1:self.at + 1], start=1):
            if shown.lines:  # a move the viewer saw nothing of says nothing
                lines += [Line(f"— {number} —", "dim"), *(Line(text) for text in shown.lines)]
        self.query_one("#log", LogView).show(lines)
        self.query_one("#hand", HandView).show(getattr(view, "hand", None) or (), 0, (), False)

    def action_step(self, step: int) -> None:
        """To the next (or previous) move the viewer saw something of, or the end (the start)."""
        frames, at = self.recorder.frames, self.at + step
        while 0 < at < len(frames) - 1 and not frames[at].lines:
            at += step
        self.action_go(max(0, min(len(frames) - 1, at)))

    def action_go(self, at: int) -> None:
        self.at = at if at >= 0 else len(self.recorder.frames) - 1
        self.redraw()

    def action_rules(self) -> None:
        self.push_screen(TextScreen(self.rules))


def run_show(recorder: Recorder, header: str, rules: str) -> None:
    """Step through the frames on the table screen (after the record replayed without error)."""
    ReplayApp(recorder, header, rules).run()
