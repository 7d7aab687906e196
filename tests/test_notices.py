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
