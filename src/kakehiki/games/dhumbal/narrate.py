"""Dhumbal in words: a seat's view and every Dhumbal event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kakehiki.core import Action, Event
from kakehiki.games.dhumbal import DhumbalView
from kakehiki.games.dhumbal.rules import events as ev
from kakehiki.games.dhumbal.rules.melds import total
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]


def per_seat(n: Narration, values: Sequence[object], labels: Labels) -> str:
    return n.t("list.sep").join(f"{labels[s]} {v}" for s, v in enumerate(values))


class DhumbalNarrator(Narration):
    """Dhumbal for one viewing seat: only what its view and censored events hold."""

    game_id = "dhumbal"

    def calls_out_of_turn(self, options: Mapping[str, object]) -> bool:
        return False  # every move is made on one's own turn, a Show included

    def view(self, view: DhumbalView, labels: Labels) -> list[str]:
        lines = [self.t("dhumbal.view.header", round=view.round_no + 1, starter=labels[view.starter],
                   stock=view.stock_size, decks=view.decks, show_max=view.show_max, limit=view.limit)]
        if view.available_owner is None:
            lines.append(self.t("dhumbal.view.turned_up", cards=cards_text(view.available)))
        else:
            lines.append(self.t("dhumbal.view.available", owner=labels[view.available_owner],
                           cards=cards_text(view.available)))
        lines.append(self.t("dhumbal.view.buried", cards=cards_text(view.buried)))
        for seat in range(len(view.hand_sizes)):
            mark = ">" if seat == view.turn and view.phase != "over" else " "
            lines.append(self.t("dhumbal.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                           known=cards_text(view.known[seat]), score=view.scores[seat]))
        if view.discarding:
            lines.append(self.t("dhumbal.view.discarding", seat=labels[view.turn], cards=cards_text(view.discarding)))
        if view.hand is not None:
            lines.append(self.t("dhumbal.view.hand", cards=cards_text(view.hand), total=total(view.hand)))
        over = view.phase == "over"
        lines.append(self.t("dhumbal.view.over") if over else self.t("dhumbal.view.turn", seat=labels[view.turn]))
        return lines

    def prompt(self, view: DhumbalView, legal: Sequence[Action]) -> str:
        if view.discarding:
            ends = any(str(a).startswith("take") for a in legal)
            grows = any(str(a).startswith("discard") for a in legal)
            key = "discarding" if ends and grows else "take" if ends else "finish_run"
            return self.t(f"dhumbal.prompt.{key}", cards=cards_text(view.discarding))
        if any(str(a) == "show" for a in legal):
            return self.t("dhumbal.prompt.show", total=total(view.hand or ()))
        return self.t("dhumbal.prompt.turn")



def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t("dhumbal.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t("dhumbal.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _drew(n: Narration, e: Any, labels: Labels) -> str:
    if e.card is None:
        return n.t("dhumbal.event.drew_hidden", seat=labels[e.seat])
    return n.t("dhumbal.event.drew", seat=labels[e.seat], card=e.card)


def _hands_shown(n: Narration, e: Any, labels: Labels) -> str:
    hands = n.t("list.sep").join(f"{labels[s]} {cards_text(h)} ({e.totals[s]})" for s, h in enumerate(e.hands))
    return n.t("dhumbal.event.hands_shown", hands=hands)


def _round_scored(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("dhumbal.event.round_scored", round=e.round_no + 1, reason=n.reason(e.reason),
             added=per_seat(n, e.added, labels), scores=per_seat(n, e.scores, labels))


def _match_ended(n: Narration, e: Any, labels: Labels) -> str:
    ranks = n.ranks(e.ranks, labels)
    return n.t("dhumbal.event.match_ended", how=n.t_or(f"dhumbal.end.{e.reason}", e.reason),
             scores=per_seat(n, e.scores, labels), ranks=ranks)


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    ev.RoundStarted: lambda n, e, labels: n.t("dhumbal.event.round_started", round=e.round_no + 1,
                                         starter=labels[e.starter], decks=e.decks),
    ev.Dealt: _dealt,
    ev.TurnedUp: lambda n, e, labels: n.t("dhumbal.event.turned_up", card=e.card),
    ev.Discarded: lambda n, e, labels: n.t("dhumbal.event.discarded", seat=labels[e.seat], card=e.card),
    ev.Took: lambda n, e, labels: n.t("dhumbal.event.took", seat=labels[e.seat], card=e.card),
    ev.Drew: _drew,
    ev.Buried: lambda n, e, labels: n.t("dhumbal.event.buried", cards=cards_text(e.cards)),
    ev.StockRebuilt: lambda n, e, labels: n.t("dhumbal.event.stock_rebuilt", count=e.count),
    ev.ShowCalled: lambda n, e, labels: n.t("dhumbal.event.show", seat=labels[e.seat], total=e.total),
    ev.HandsShown: _hands_shown,
    ev.RoundScored: _round_scored,
    ev.MatchEnded: _match_ended,
}


DhumbalNarrator.EVENTS = _EVENTS
NARRATOR = DhumbalNarrator


def brief(words: Sequence[str], steps: int) -> bool:
    """Whether a move (its words; the actions it takes) is numbered in a compact list of
    moves (the manifest's ``brief``):
    each discard taking from the stock."""
    return words[0] != "discard" or list(words[-2:]) == ["take", "stock"]
