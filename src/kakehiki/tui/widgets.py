"""The table's widgets: the hand as cards to pick, the moves on offer, the countdown bar.

Each widget only draws what it is given and says what was clicked; the keys and the
table are the app's and the controller's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from kakehiki.cards import Card
from kakehiki.tui.controller import Line
from kakehiki.tui.picking import card_label, card_text

GAP = 1
"""Columns between two cards of the hand."""


class KeyButton(Button, can_focus=False):
    """A button that never takes the keyboard's focus: Enter and space stay the table's keys."""


class HandView(Widget):
    """The person's hand in one row: the cursor's card in reverse, the picked ones raised."""

    DEFAULT_CSS = "HandView { height: 2; }"

    class Picked(Message):
        """A card was clicked: its position in the hand."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Card, ...] = ()
        self.cursor = 0
        self.picked: tuple[int, ...] = ()
        self.active = False

    def show(self, cards: Sequence[Card], cursor: int, picked: Sequence[int], active: bool) -> None:
        self.cards, self.cursor, self.picked, self.active = tuple(cards), cursor, tuple(picked), active
        self.refresh()

    def spans(self) -> list[tuple[int, int]]:
        """Each card's first column and width."""
        spans, x = [], 0
        for card in self.cards:
            width = cell_len(card_text(card)) + 2
            spans.append((x, width))
            x += width + GAP
        return spans

    def render(self) -> Text:
        marks, row = Text(), Text()
        for position, (card, (_, width)) in enumerate(zip(self.cards, self.spans(), strict=True)):
            picked = position in self.picked
            order = str(self.picked.index(position) + 1) if picked else ""
            marks.append(order.center(width) + " " * GAP, style="bold green")
            label = Text(" ") + card_label(card) + Text(" ")
            if picked:
                label.stylize("on dark_green")
            if position == self.cursor and self.active:
                label.stylize("reverse")
            row.append_text(label)
            row.append(" " * GAP)
        return Text("\n").join([marks, row])

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for position, (x, width) in enumerate(self.spans()):
            if x <= offset.x < x + width:
                self.post_message(self.Picked(position))
                return


class MovesView(Widget):
    """The whole moves on offer, numbered 1–9 for their keys, the highlighted one in reverse."""

    DEFAULT_CSS = "MovesView { height: 1fr; }"

    class Chosen(Message):
        """A move was clicked: its number on the list."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.moves: tuple[str, ...] = ()
        self.highlight = 0
        self.note = ""
        self.top = 0

    def show(self, moves: Sequence[str], highlight: int, note: str) -> None:
        self.moves, self.highlight, self.note = tuple(moves), highlight, note
        self.refresh()

    def first_shown(self) -> int:
        """The first move on screen: the list scrolls with the highlight."""
        height = max(1, self.size.height - (1 if self.note else 0))
        if self.highlight < self.top:
            self.top = self.highlight
        elif self.highlight >= self.top + height:
            self.top = self.highlight - height + 1
        self.top = max(0, min(self.top, max(0, len(self.moves) - height)))
        return self.top

    def render(self) -> Text:
        lines = [Text(self.note, style="dim")] if self.note else []
        start = self.first_shown()
        for index in range(start, len(self.moves)):
            key = str(index + 1) if index < 9 else " "
            line = Text(f"{key}) {self.moves[index]}")
            if index == self.highlight:
                line.stylize("reverse bold")
            lines.append(line)
        return Text("\n").join(lines)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        noted = 1 if self.note else 0
        if offset is None or offset.y < noted:
            return
        index = self.first_shown() + offset.y - noted
        if 0 <= index < len(self.moves):
            self.post_message(self.Chosen(index + 1))


class LogView(VerticalScroll, can_focus=False):
    """The live log: the newest lines at the bottom, scrolled to them (the mouse scrolls back)."""

    KEPT = 300
    """The lines kept on screen (the record keeps the whole game)."""

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines")

    def show(self, lines: Sequence[Line]) -> None:
        text = Text("\n").join(Text(line.text, style=line.style) for line in lines[-self.KEPT:])
        self.query_one("#log-lines", Static).update(text)
        self.scroll_end(animate=False)


def bar(fraction: float, width: int) -> str:
    """A bar of ``width`` cells, ``fraction`` of it full."""
    full = round(max(0.0, min(1.0, fraction)) * width)
    return "█" * full + "░" * (width - full)
