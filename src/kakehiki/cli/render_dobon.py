"""Dobon in words: a seat's view and every Dobon event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.cards import Card
from kakehiki.cli.common import seats_text
from kakehiki.core import Action, Event
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon import events as ev
from kakehiki.i18n import t, t_or

Labels = Sequence[str]


def cards_text(cards: Sequence[Card | None] | None) -> str:
    """Cards in their notation; ``?`` for a card this seat may not see."""
    return " ".join("?" if c is None else str(c) for c in cards) if cards else "-"


class DobonRenderer:
    """Dobon for one viewing seat.  Who else may act out of turn is never shown (the view
    hides it: it would reveal cards), so other seats' ``pass`` events are not printed either."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer

    def view(self, view: DobonView, labels: Labels) -> list[str]:
        lines = [
            t("dobon.view.header", game=view.round_no + 1, games=view.games, dealer=labels[view.dealer],
              stock=view.stock_size, decks=view.decks),
            _field_line(view, labels),
        ]
        if view.pending:
            lines.append(t("dobon.view.pending", seat=labels[view.turn], amount=view.pending))
        for seat in view.order:
            mark = ">" if seat == view.turn else " "
            lines.append(t("dobon.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                           deal=view.deal_counts[seat], laps=view.laps[seat]))
        if view.hand is not None:
            lines.append(t("dobon.view.hand", cards=cards_text(view.hand), sum=sum(c.rank for c in view.hand)))
        if view.phase == "gaeshi":
            lines.append(t("dobon.view.gaeshi", chain=seats_text(view.chain, labels)))
        else:
            lines.append(t("dobon.view.turn", seat=labels[view.turn]))
        return lines

    def prompt(self, view: DobonView, legal: Sequence[Action]) -> str:
        # The turn seat always has its whole turn, its own Dobon included; others are asked
        # only out of turn.  So the prompt never tells whether anyone else may claim (C4).
        if view.phase == "gaeshi":
            return t("dobon.prompt.gaeshi")
        return t("dobon.prompt.turn") if view.seat == view.turn else t("dobon.prompt.out_of_turn")

    def event(self, event: Event, labels: Labels) -> str | None:
        if isinstance(event, ev.Declined) and event.seat != self.viewer:
            return None  # would tell who had a chance to act, i.e. something about their hand
        describe = _EVENTS.get(type(event))
        return None if describe is None else describe(event, labels)


def _field_line(view: DobonView, labels: Labels) -> str:
    if view.top_owner is None:
        return t("dobon.view.field_first", top=view.top, value=view.top.rank)
    return t("dobon.view.field", top=view.top, value=view.top.rank, owner=labels[view.top_owner])


def _seats_drawn(e: Any, labels: Labels) -> str:
    return t("dobon.event.seats_drawn", draws=cards_text(e.draws), order=seats_text(e.order, labels))


def _game_started(e: Any, labels: Labels) -> str:
    counts = t("list.sep").join(f"{labels[s]} {n}" for s, n in enumerate(e.deal_counts))
    return t("dobon.event.game_started", game=e.round_no + 1, dealer=labels[e.dealer], counts=counts, decks=e.decks)


def _dealt(e: Any, labels: Labels) -> str:
    if e.cards is None:
        return t("dobon.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return t("dobon.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _played(e: Any, labels: Labels) -> str:
    key = "dobon.event.interrupt" if e.interrupt else "dobon.event.played"
    return t(key, seat=labels[e.seat], card=e.card)


def _drew(e: Any, labels: Labels) -> str:
    reason = t_or(f"dobon.draw_reason.{e.reason}", e.reason)
    if e.cards is None:
        return t("dobon.event.drew_hidden", seat=labels[e.seat], count=e.count, reason=reason)
    return t("dobon.event.drew", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards), reason=reason)


def _dobon_called(e: Any, labels: Labels) -> str:
    owner = t("dobon.first_card") if e.hit_owner is None else labels[e.hit_owner]
    return t("dobon.event.dobon", seat=labels[e.seat], hit=e.hit, owner=owner, hand=cards_text(e.hand), top=e.top)


def _game_ended(e: Any, labels: Labels) -> str:
    return t("dobon.event.game_ended", game=e.round_no + 1, winners=seats_text(e.winners, labels),
             losers=seats_text(e.losers, labels), reason=t_or(f"reason.{e.reason}", e.reason))


def _deal_counts(e: Any, labels: Labels) -> str:
    counts = t("list.sep").join(f"{labels[s]} {n}/{e.laps[s]}" for s, n in enumerate(e.deal_counts))
    return t("dobon.event.deal_counts", counts=counts)


def _dealer(e: Any, labels: Labels) -> str:
    how = t_or(f"dobon.dealer_reason.{e.reason}", e.reason)
    return t("dobon.event.dealer", seat=labels[e.dealer], how=how)


def _match_ended(e: Any, labels: Labels) -> str:
    ranks = t("list.sep").join(t("result.rank", seat=labels[s], rank=r) for s, r in enumerate(e.ranks))
    return t("dobon.event.match_ended", ranks=ranks)


_EVENTS: dict[type[Event], Callable[[Any, Labels], str]] = {
    ev.SeatsDrawn: _seats_drawn,
    ev.GameStarted: _game_started,
    ev.Dealt: _dealt,
    ev.FieldTurned: lambda e, labels: t("dobon.event.field_turned", card=e.card),
    ev.Played: _played,
    ev.Drew: _drew,
    ev.TwosPending: lambda e, labels: t("dobon.event.twos", seat=labels[e.seat], amount=e.amount),
    ev.StockRebuilt: lambda e, labels: t("dobon.event.stock_rebuilt", count=e.count),
    ev.DobonCalled: _dobon_called,
    ev.Declined: lambda e, labels: t("dobon.event.declined", seat=labels[e.seat]),
    ev.DelayPenalty: lambda e, labels: t("dobon.event.delay", seat=labels[e.seat]),
    ev.GameEnded: _game_ended,
    ev.DealCountsChanged: _deal_counts,
    ev.DealerChosen: _dealer,
    ev.MatchEnded: _match_ended,
}


RENDERER = DobonRenderer
