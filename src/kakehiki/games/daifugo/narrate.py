"""Daifugo in words: a seat's view and every event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kakehiki.core import Action, Dealt, Event
from kakehiki.games.daifugo.rules.model import (
    Cleared,
    DaifugoView,
    ElevenBack,
    Fell,
    Finished,
    GameEnded,
    Gave,
    Locked,
    Passed,
    Played,
    Revolution,
    Starts,
    title_of,
)
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]
G = "daifugo"


class DaifugoNarrator(Narration):
    game_id = G

    def calls_out_of_turn(self, options: Mapping[str, object]) -> bool:
        return False

    def view(self, view: DaifugoView, labels: Labels) -> list[str]:
        order = self.t(f"{G}.order.reversed" if view.revolution != view.eleven_back else f"{G}.order.normal")
        lines = [self.t(f"{G}.view.header", game=view.round_no + 1, games=view.games, order=order,
                        lock=" ".join(view.lock) or self.t(f"{G}.lock.none"))]
        for s, size in enumerate(view.hand_sizes):
            title = self.t(f"{G}.title.{view.titles[s]}") if view.titles[s] else ""
            state = self.t(f"{G}.status.out") if not view.active[s] and view.phase != "over" else (
                self.t(f"{G}.status.passed") if view.passed[s] else "")
            mark = ">" if s == view.turn and view.phase == "turn" else " "
            lines.append(self.t(f"{G}.view.seat", mark=mark, seat=labels[s], cards=size, points=view.scores[s],
                                title=title, status=state))
        if view.field:
            seat, cards = view.field[-1]
            lines.append(self.t(f"{G}.view.field", seat=labels[seat], cards=cards_text(cards)))
        elif view.phase == "turn":
            lines.append(self.t(f"{G}.view.field_empty", seat=labels[view.turn]))
        if view.hand is not None:
            lines.append(self.t(f"{G}.view.hand", cards=cards_text(view.hand)))
        if view.laying:
            lines.append(self.t(f"{G}.view.laying", cards=cards_text(view.laying)))
        for giver, receiver, count in view.returns[:1]:
            lines.append(self.t(f"{G}.view.returns", giver=labels[giver], receiver=labels[receiver], count=count))
        return lines

    def prompt(self, view: DaifugoView, legal: Sequence[Action]) -> str:
        if view.phase == "exchange":
            return self.t(f"{G}.prompt.give", count=view.returns[0][2] - len(view.giving))
        if view.laying:
            return self.t(f"{G}.prompt.laying")
        return self.t(f"{G}.prompt.follow" if view.field else f"{G}.prompt.lead")


def _gave(n: Narration, e: Any, labels: Labels) -> str:
    key = "forced" if e.forced else "returned"
    if e.cards is None:
        return n.t(f"{G}.event.{key}_hidden", giver=labels[e.giver], receiver=labels[e.receiver], count=e.count)
    return n.t(f"{G}.event.{key}", giver=labels[e.giver], receiver=labels[e.receiver], cards=cards_text(e.cards))


def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t(f"{G}.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t(f"{G}.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _finished(n: Narration, e: Any, labels: Labels) -> str:
    if e.foul:
        return n.t(f"{G}.event.foul", seat=labels[e.seat], why=n.t(f"{G}.foul.{e.foul}"))
    return n.t(f"{G}.event.finished", seat=labels[e.seat], place=e.place + 1)


def _ended(n: Narration, e: Any, labels: Labels) -> str:
    players = len(e.order)
    parts = [n.t(f"{G}.event.place", seat=labels[s], title=n.t(f"{G}.title.{title_of(i, players)}"),
                 points=e.points[s]) for i, s in enumerate(e.order)]
    return n.t(f"{G}.event.game_over", places=n.t(f"{G}.list_sep").join(parts))


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    Dealt: _dealt,
    Starts: lambda n, e, labels: n.t(f"{G}.event.starts_{e.why}", n=e.round_no + 1, of=e.games, seat=labels[e.leader]),
    Played: lambda n, e, labels: n.t(f"{G}.event.played", seat=labels[e.seat], cards=cards_text(e.cards)),
    Passed: lambda n, e, labels: n.t(f"{G}.event.passed", seat=labels[e.seat]),
    Cleared: lambda n, e, labels: n.t(f"{G}.event.cleared_{e.why}", seat=labels[e.leader]),
    Revolution: lambda n, e, labels: n.t(f"{G}.event.revolution_{'on' if e.on else 'off'}", seat=labels[e.seat]),
    ElevenBack: lambda n, e, labels: n.t(f"{G}.event.eleven_back_{'on' if e.on else 'off'}", seat=labels[e.seat]),
    Locked: lambda n, e, labels: n.t(f"{G}.event.{'strict' if e.strict else 'locked'}", suits=" ".join(e.suits)),
    Finished: _finished,
    Fell: lambda n, e, labels: n.t(f"{G}.event.fell", seat=labels[e.seat], cards=cards_text(e.cards)),
    Gave: _gave,
    GameEnded: _ended,
}

DaifugoNarrator.EVENTS = _EVENTS
NARRATOR = DaifugoNarrator


def brief(words: Sequence[str], steps: int) -> bool:
    """Whether a move is numbered in a compact list: every whole play, pass and return is."""
    return True
