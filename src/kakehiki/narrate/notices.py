"""The table's notices in words, in the reader's language (the terminal and the server both say them).

A notice names seats by number and moves in the action notation; this words them with the
seats' labels, and a refusal with the ruling's explanation in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.errors import IllegalActionError
from kakehiki.i18n import t
from kakehiki.narrate import Narrator
from kakehiki.narrate.notation import notation_reason
from kakehiki.table import Notice

ABOUT_A_SEAT = ("disconnected", "reconnected", "replaced_by_bot")


def notice_line(notice: Notice, narrator: Narrator, labels: Sequence[str]) -> str:
    """One line for ``notice``, told to ``narrator.viewer``."""
    lang = narrator.lang
    by = _label(labels, notice.by)
    match notice.kind:
        case "accepted":
            return t("notice.accepted", lang=lang, move=notice.move)
        case "lost_priority":
            return t("play.lost_priority", lang=lang, by=by, action=notice.move)
        case "too_late":
            return _too_late(notice, narrator, by)
        case "refused" if notice.rule == "learn":  # a learn room's: the text is the move the guide points at
            return t("notice.learn_move", lang=lang, move=notice.text)
        case "refused" if not notice.rule:  # not in the game's notation: no rule to name
            return t("play.bad_notation", lang=lang, message=notation_reason(notice.text, lang=lang) or notice.text)
        case "refused":
            prefix = f"[{notice.rule}] "
            detail = notice.text[len(prefix):] if notice.text.startswith(prefix) else notice.text
            return narrator.refusal(IllegalActionError(notice.rule, detail))
        case "timed_out" if notice.move:
            return t("notice.timed_out_you", lang=lang, move=notice.move)
        case "timed_out":
            return t("notice.timed_out", lang=lang, seat=_label(labels, notice.seat))
        case kind if kind in ABOUT_A_SEAT:
            return t(f"notice.{kind}", lang=lang, seat=_label(labels, notice.seat))
        case _:
            return notice.text


def _too_late(notice: Notice, narrator: Narrator, by: str | None) -> str:
    """Too late, naming the move it was meant for and who moved first: another seat, the host
    (a clock), or the reader itself (an answer to choices its own move had already answered)."""
    lang, move = narrator.lang, notice.move or "?"
    if notice.by is not None and notice.by == narrator.viewer:
        return t("play.too_late_you", lang=lang, action=move)
    if by is None:
        return t("play.too_late_host", lang=lang, action=move)
    return t("play.too_late", lang=lang, by=by, action=move)


def _label(labels: Sequence[str], seat: int | None) -> str | None:
    return labels[seat] if seat is not None and 0 <= seat < len(labels) else None
