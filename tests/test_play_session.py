"""The terminal's session on a table, in process on a fake clock: a self-Dobon is confirmed
first (J10), a late call hears it was too late, a call lost on priority says who called first."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from hosting import DOBON, FakeClock, random_position
from kakehiki.cli.lang import set_language
from kakehiki.cli.play import BlockingLines, Session
from kakehiki.narrate import narrator_for
from kakehiki.table import Clocks, Notice, Table

LABELS = ["Seat 0 (you)", "Seat 1 (normal)", "Seat 2 (normal)"]


def session(state: Any, clocks: Clocks) -> tuple[Session, io.StringIO, FakeClock]:
    set_language("en")  # the command line's messages (another test may have left Japanese)
    clock, text = FakeClock(), io.StringIO()
    out = Console(file=text, highlight=False, markup=False, soft_wrap=True, width=100)
    table = Table(DOBON, state, clocks, clock)
    return Session(table, LABELS, out, BlockingLines(input), narrator_for("dobon", "en", 0), clock), text, clock


def test_J10_a_dobon_on_ones_own_card_is_asked_again_before_it_is_made() -> None:
    own = random_position(5, 16)  # seat 1's turn; seat 0 played the top card and may call Dobon on it
    assert DOBON.view(own, 0).top_owner == 0 and "dobon top=D5" in map(str, DOBON.legal_actions(own, 0))
    play, text, _ = session(own, Clocks())
    play.show_choices(play.legal())
    assert text.getvalue().endswith("   1) pass\n   2) dobon top=D5\n   3) dobon top=D8\n"), "sure losses last"
    play.handle("2")
    assert "Dobon on your own card loses at once (rule J10). Really?" in text.getvalue()
    assert play.answer is None, "nothing is sent before the person confirms"
    play.handle("pass")  # anything else drops the question
    assert play.confirm is None and str(play.answer) == "pass"
    play.handle("2")
    play.handle("y")
    assert str(play.answer) == "dobon top=D5"
    again, _, _ = session(own, Clocks())
    again.handle("dobon top=D8")
    assert again.answer is None
    again.handle("dobon top=D8")  # typed again: confirmed
    assert str(again.answer) == "dobon top=D8"


def test_C4_a_call_after_the_window_closed_is_too_late_and_says_who_moved() -> None:
    call = random_position(0, 22)  # seat 2's turn; seat 0 may call Dobon on S4 (test_table's CALL)
    play, text, clock = session(call, Clocks(reaction=3.0))
    play.table.submit(2, "play S7")
    clock.now += 3.0
    play.table.poll()
    play.handle("dobon top=S4")
    play.show_inbox()
    assert "Too late: Seat 2 (normal) moved first." in text.getvalue()
    assert [str(a) for _, _, a in play.table.actions] == ["play S7"]


def test_C4_a_call_lost_on_priority_names_the_seat_that_called_first() -> None:
    play, _, _ = session(random_position(0, 22), Clocks(reaction=3.0))
    play.handle("dobon top=S4")
    assert play.notice(Notice("lost_priority", 0, "", by=2)) == \
        "Seat 2 (normal) called first; your dobon top=S4 was not made."
