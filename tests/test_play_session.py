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
from kakehiki.registry import get_game
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
    play.offer()
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
    play.offer()  # the choices, Dobon among them, shown for this state
    play.table.submit(2, "play S7")
    clock.now += 3.0
    play.table.poll()
    play.handle("dobon top=S4")  # typed for the choices on screen, read once the table moved on
    play.show_inbox()
    assert "Too late for dobon top=S4: Seat 2 (normal) moved first and the table has moved on; it was not made." \
        in text.getvalue()
    assert [str(a) for _, _, a in play.table.actions] == ["play S7"]


def test_C4_a_call_lost_on_priority_names_the_seat_that_called_first() -> None:
    play, _, _ = session(random_position(0, 22), Clocks(reaction=3.0))
    play.handle("dobon top=S4")
    assert play.notice(Notice("lost_priority", 0, "", by=2)) == (
        "Seat 2 (normal) had priority: calls made together go by seat order from the turn, not by speed. "
        "Your dobon top=S4 was not made.")


DOUBT = get_game("doubt")
FOUR = [*LABELS, "Seat 3 (normal)"]


def doubt_session(clocks: Clocks) -> tuple[Session, io.StringIO, FakeClock]:
    """Doubt of four, up to four cards a play, seed 3: seat 0 leads with S2 S5 S8 S9 SK HA H9 HK DA D8 C3 C4 C8."""
    set_language("en")
    clock, text = FakeClock(), io.StringIO()
    out = Console(file=text, highlight=False, markup=False, soft_wrap=True, width=100)
    table = Table(DOUBT, DOUBT.new(players=4, seed=3, options={"max_cards_per_play": 4}), clocks, clock)
    return Session(table, FOUR, out, BlockingLines(input), narrator_for("doubt", "en", 0), clock), text, clock


def test_a_play_of_several_cards_is_one_line_and_one_move() -> None:
    play, text, _ = doubt_session(Clocks())
    play.offer()
    shown = text.getvalue()
    assert "   1) play S2\n" in shown and "play S2 S5" not in shown, "one card a line: the compact list"
    assert "To play several cards at once, name them all on one line: play S5 S9 S10. (1079 more moves" in shown
    play.handle("play S8 S5")
    play.show_inbox()
    assert [str(a) for _, _, a in play.table.actions] == ["add S5", "play S8"]
    assert "Seat 0 (you) puts down 2 card(s)" in text.getvalue()


def test_C5_a_late_choice_number_is_too_late_for_the_move_it_was_meant_for_never_the_next() -> None:
    play, text, clock = doubt_session(Clocks(reaction=3.0))

    def after(seat: int) -> None:
        play.table.submit(seat, str(DOUBT.legal_actions(play.state, seat)[0]))  # its first card, claimed

    play.handle("play S2")
    clock.now += 3.0
    play.table.poll()
    after(1)  # seat 1 claims a 2: seat 0 may doubt it
    play.offer()
    assert [c.text for c in play.numbered] == ["doubt", "pass"]
    at = play.shown_at
    clock.now += 3.0
    play.table.poll()
    after(2)  # the window closed unanswered; seat 2 claims a 3
    play.offer()
    assert play.numbered[0].text == "doubt", "the next choices start with a doubt too"
    play.handle("1", at)  # typed for the first window, read after the table moved on
    play.show_inbox()
    assert "Too late for doubt: the host moved first" not in text.getvalue()
    assert "Too late for doubt: " in text.getvalue(), text.getvalue()[-400:]
    assert "doubt" not in [str(a) for _, _, a in play.table.actions], "nothing is applied"
    assert play.answered_at != play.step, "the new window is still the person's to answer"
