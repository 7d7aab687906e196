"""The full-screen table: every seat, the field, the hand, the moves, the log and the clocks.

Keys (shown on the buttons): ←/→ move along the hand, space picks a card, ↑/↓ choose among
the moves the pick makes, Enter plays it, 1–9 play a move by its number, ``c`` calls (Dobon!,
Doubt!), ``p`` passes, ``d`` draws, Esc puts the picked cards back, ``r`` shows the rules,
``q`` leaves.  The mouse works too: click a card to pick it, a move to play it, a button.

Every key answers the state painted on screen (see :mod:`kakehiki.tui.controller`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from kakehiki.tui.controller import Controller, Pause
from kakehiki.tui.widgets import HandView, KeyButton, LogView, MovesView, bar

TICK = 0.1
"""Seconds between two looks at the table's clocks (the countdown's resolution)."""
TABLE_ACTIONS = frozenset({"cursor", "pick", "play", "highlight", "key_move", "clear", "rules", "leave", "number"})
"""The actions of the table's own keys (none of them works while a result or the rules are shown)."""
BAR = 30
"""The countdown bar's width in cells."""

CSS = """
#header { height: 2; background: $boost; padding: 0 1; }
#middle { height: 1fr; }
#left { width: 1fr; }
#seats { height: auto; border: round $primary; padding: 0 1; }
#field { height: 1fr; border: round $primary; padding: 0 1; }
#log { width: 1fr; border: round $secondary; padding: 0 1; }
#countdown { height: 1; padding: 0 1; }
#prompt { height: auto; max-height: 2; padding: 0 1; color: $warning; text-style: bold; }
#moves { height: 7; border: round $accent; padding: 0 1; }
#hand { height: 4; border: round $success; padding: 0 1; }
#buttons { height: 3; }
#buttons KeyButton { min-width: 10; margin: 0 1 0 0; }
PauseScreen, TextScreen { align: center middle; }
#pause, #text { width: 90%; max-height: 90%; height: auto; border: thick $warning; background: $surface;
                padding: 1 2; }
"""


def seat_lines(lines: Sequence[str], labels: Sequence[str]) -> tuple[list[str], list[str]]:
    """A narrator's view split into the seats' lines and the rest (the field, the hand, whose
    turn).  The seats' lines are the first run of one line per seat, each indented (``>``
    marking the turn) and starting with the seat's label and a colon (``Seat 1 (normal): 13
    cards…``); later lines in that form are plays on the field (Million Doubt's)."""
    heads = tuple(f"{label}{colon}" for label in labels for colon in (":", "："))

    def of_a_seat(line: str) -> bool:
        return line.startswith(("> ", "  ")) and line[2:].startswith(heads)

    count = len(labels)
    for start in range(len(lines) - count + 1):
        if all(of_a_seat(line) for line in lines[start:start + count]):
            return list(lines[start:start + count]), [*lines[:start], *lines[start + count:]]
    return [], list(lines)


class PauseScreen(ModalScreen[None]):
    """A round's or the game's result, until a key."""

    def __init__(self, pause: Pause, hint: str) -> None:
        super().__init__()
        self.pause, self.hint = pause, hint

    def compose(self) -> ComposeResult:
        body = Text(self.pause.title + "\n\n", style="bold")
        body.append("\n".join(self.pause.lines))
        body.append("\n\n" + self.hint, style="dim")
        yield VerticalScroll(Static(body), id="pause")

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss()


class TextScreen(ModalScreen[None]):
    """A long text (the rules), scrolled with the arrows, left with any other key."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r,enter", "app.pop_screen", show=False)]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield VerticalScroll(Static(Text(self.text)), id="text")


class TableApp(App[str]):
    """A game at a table: the person at seat 0 against the bots, through the controller.

    ``exit`` returns ``"over"`` once the result was read, ``"quit"`` if the person left."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False), Binding("right", "cursor(1)", show=False),
        Binding("space", "pick", show=False), Binding("enter", "play", show=False),
        Binding("up", "highlight(-1)", show=False), Binding("down", "highlight(1)", show=False),
        Binding("c", "key_move('call')", show=False), Binding("p", "key_move('pass')", show=False),
        Binding("d", "key_move('draw')", show=False), Binding("escape", "clear", show=False),
        Binding("r", "rules", show=False), Binding("q", "leave", show=False),
        *(Binding(str(n), f"number({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, controller: Controller, header: str, rules: str, rules_in_force: str,
                 tick: float | None = TICK) -> None:
        super().__init__()
        self.controller, self.header, self.rules, self.tick_seconds = controller, header, rules, tick
        self.rules_in_force = rules_in_force
        self.logged = -1

    def t(self, key: str, /, **fields: object) -> str:
        return self.controller.t(key, **fields)

    def compose(self) -> ComposeResult:
        yield Static(self.header, id="header")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="field")
            yield LogView(id="log")
        yield Static(id="countdown")
        yield Static(id="prompt")
        yield MovesView(id="moves")
        yield HandView(id="hand")
        with Horizontal(id="buttons"):
            for name in ("play", "call", "pass", "draw", "clear", "rules", "quit"):
                yield KeyButton(self.t(f"tui.button.{name}"), id=f"b-{name}")

    def on_mount(self) -> None:
        self.title = "kakehiki"
        self.query_one("#seats").border_title = self.t("tui.seats")
        self.query_one("#field").border_title = self.t("tui.table")
        self.query_one("#log").border_title = self.t("tui.log")
        self.query_one("#moves").border_title = self.t("tui.moves")
        self.query_one("#hand").border_title = self.t("tui.hand")
        self.controller.start()
        self.redraw()
        if self.tick_seconds is not None:
            self.set_interval(self.tick_seconds, self.tick)

    # -- drawing -----------------------------------------------------------------------------
    def tick(self) -> None:
        """Let the table do what is due; redraw if it moved, else only the countdown."""
        if self.controller.tick():
            self.redraw()
        else:
            self.draw_countdown()

    def redraw(self) -> None:
        """Every widget from the table as the person sees it; keys answer it once painted."""
        control = self.controller
        control.sync()
        lines = control.narrator.view(control.view(), control.labels)
        seats, field = seat_lines(lines, control.labels)
        self.query_one("#seats", Static).update(Text("\n".join(seats)))
        self.query_one("#field", Static).update(Text("\n".join([*field, "", self.rules_in_force]), style=""))
        if len(control.log) != self.logged:
            self.logged = len(control.log)
            self.query_one("#log", LogView).show(control.log)
        self.draw_countdown()
        self.query_one("#prompt", Static).update(control.prompt())
        self.draw_moves()
        self.call_after_refresh(self.painted)
        if control.pause is not None and not isinstance(self.screen, PauseScreen):
            self.push_screen(PauseScreen(control.pause, self.t("tui.continue")), self.after_pause)

    def painted(self) -> None:
        if self.controller.pause is None:
            self.controller.mark_shown()

    def draw_moves(self) -> None:
        control = self.controller
        offered = [c.text for c in control.offered()]
        note = ""
        if control.picked and not offered:
            note = self.t("tui.no_move_with")
        elif control.choices() and not control.picked and control.choices().compact:
            note = self.t("tui.pick_hint")
        self.query_one("#moves", MovesView).show(offered, control.highlight, note)
        self.query_one("#hand", HandView).show(control.hand(), control.cursor, control.picked, bool(control.choices()))

    def draw_countdown(self) -> None:
        control = self.controller
        countdown = control.countdown()
        widget = self.query_one("#countdown", Static)
        if countdown is None:
            widget.update(Text(control.t("tui.clocks_idle"), style="dim"))
            return
        style = "bold red" if countdown.yours else "yellow"
        text = Text(bar(countdown.left / countdown.total, BAR) + " ", style=style)
        text.append(control.countdown_text(countdown), style=style)
        widget.update(text)

    def after_pause(self, _: None = None) -> None:
        pause = self.controller.pause
        if pause is not None and pause.final:
            self.exit("over")
            return
        self.controller.resume()
        self.redraw()

    # -- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys do nothing behind a result or the rules (a ``c`` there calls nothing)."""
        return not (isinstance(self.screen, ModalScreen) and action in TABLE_ACTIONS)

    def action_cursor(self, step: int) -> None:
        self.controller.move_cursor(step)
        self.draw_moves()

    def action_pick(self) -> None:
        self.controller.toggle()
        self.draw_moves()

    def action_highlight(self, step: int) -> None:
        self.controller.move_highlight(step)
        self.draw_moves()

    def action_clear(self) -> None:
        self.controller.clear()
        self.draw_moves()

    def action_play(self) -> None:
        self.controller.play()
        self.redraw()

    def action_number(self, number: int) -> None:
        self.controller.play(number)
        self.redraw()

    def action_key_move(self, kind: str) -> None:
        self.controller.key_move(kind)
        self.redraw()

    def action_rules(self) -> None:
        self.push_screen(TextScreen(self.rules))

    def action_leave(self) -> None:
        self.exit("quit")

    # -- the mouse ---------------------------------------------------------------------------
    def on_hand_view_picked(self, message: HandView.Picked) -> None:
        self.controller.toggle(message.position)
        self.draw_moves()

    def on_moves_view_chosen(self, message: MovesView.Chosen) -> None:
        self.action_number(message.number)

    def on_button_pressed(self, event: KeyButton.Pressed) -> None:
        name = (event.button.id or "").removeprefix("b-")
        actions: dict[str, Any] = {
            "play": self.action_play, "call": lambda: self.action_key_move("call"),
            "pass": lambda: self.action_key_move("pass"), "draw": lambda: self.action_key_move("draw"),
            "clear": self.action_clear, "rules": self.action_rules, "quit": self.action_leave,
        }
        actions[name]()


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, one line per row, trailing spaces cut (tests keep these as snapshots)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips) + "\n"
