"""The table's notices in words (``kakehiki.narrate.notices``), as the terminal and the server word them."""

from __future__ import annotations

from kakehiki.narrate import narrator_for
from kakehiki.narrate.notices import notice_line
from kakehiki.table import Notice

LABELS = ["Ann", "Bo", "Cy"]


def test_a_refusal_naming_its_rule_explains_the_rule() -> None:
    notice = Notice("refused", 0, "[C6] seat 0 does not hold SA", rule="C6")
    line = notice_line(notice, narrator_for("dobon", "en", 0), LABELS)
    assert "C6" in line and "does not hold SA" in line


def test_a_refusal_without_a_rule_is_not_understood_rather_than_against_a_rule() -> None:
    text = "not a Dobon action: 'fly' (expected play CARD, draw, dobon top=CARD, pass, delay)"
    notice = Notice("refused", 0, text)
    assert notice_line(notice, narrator_for("dobon", "en", 0), LABELS) == f"Not understood: {text}"
    assert notice_line(notice, narrator_for("dobon", "ja", 0), LABELS) == (
        "解釈できません：'fly' はこのゲームの行動ではありません"
        "（使えるのは play CARD, draw, dobon top=CARD, pass, delay）")
    odd = Notice("refused", 0, "a reason no parser gives")
    assert notice_line(odd, narrator_for("dobon", "ja", 0), LABELS) == "解釈できません：a reason no parser gives"


def test_a_lost_call_names_who_called_first() -> None:
    notice = Notice("lost_priority", 1, "", by=0, move="doubt")
    assert "Ann" in notice_line(notice, narrator_for("doubt", "en", 1), LABELS)


def test_a_lost_call_says_that_priority_goes_by_seat_order_not_speed_in_both_languages() -> None:
    notice = Notice("lost_priority", 1, "", by=0, move="doubt")
    assert notice_line(notice, narrator_for("doubt", "en", 1), LABELS) == (
        "Ann had priority: calls made together go by seat order from the turn, not by speed. "
        "Your doubt was not made.")
    assert notice_line(notice, narrator_for("doubt", "ja", 1), LABELS) == (
        "Annに優先権がありました。同時の宣言は速さではなく、手番からの席順で決まります。"
        "あなたの doubt は行われません。")


def test_too_late_names_the_move_it_was_meant_for_and_who_moved_first() -> None:
    by_bo = Notice("too_late", 0, "", by=1, move="doubt")
    assert notice_line(by_bo, narrator_for("doubt", "en", 0), LABELS) == (
        "Too late for doubt: Bo moved first and the table has moved on; it was not made.")
    assert notice_line(by_bo, narrator_for("doubt", "ja", 0), LABELS) == (
        "doubt は間に合いませんでした：Boが先に動き、場は先に進んでいます。行われません。")
    own = Notice("too_late", 0, "", by=0, move="play S5 S9")
    assert notice_line(own, narrator_for("doubt", "en", 0), LABELS) == (
        "Too late for play S5 S9: the table has moved on since the choices it answered; it was not made.")
    host = Notice("too_late", 0, "", move="pass")
    assert "Too late for pass: the host moved first" in notice_line(host, narrator_for("dobon", "en", 0), LABELS)
