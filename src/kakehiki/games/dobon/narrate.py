"""Dobon in words: a seat's view and every Dobon event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.core import Action, Event
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.rules import events as ev
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]


class DobonNarrator(Narration):
    """Dobon for one viewing seat.  Who else may act out of turn is never shown (the view
    hides it: it would reveal cards), so other seats' ``pass`` events are not printed either."""

    game_id = "dobon"

    def view(self, view: DobonView, labels: Labels) -> list[str]:
        lines = [
            self.t("dobon.view.header", game=view.round_no + 1, games=view.games, dealer=labels[view.dealer],
              stock=view.stock_size, decks=view.decks),
            _field_line(self, view, labels),
        ]
        if view.pending:
            lines.append(self.t("dobon.view.pending", seat=labels[view.turn], amount=view.pending))
        for seat in view.order:
            mark = ">" if seat == view.turn else " "
            lines.append(self.t("dobon.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                           deal=view.deal_counts[seat], laps=view.laps[seat]))
        if view.hand is not None:
            lines.append(self.t("dobon.view.hand", cards=cards_text(view.hand), sum=sum(c.rank for c in view.hand)))
        if view.phase == "gaeshi":
            lines.append(self.t("dobon.view.gaeshi", chain=self.seats(view.chain, labels)))
        else:
            lines.append(self.t("dobon.view.turn", seat=labels[view.turn]))
        return lines

    def prompt(self, view: DobonView, legal: Sequence[Action]) -> str:
        # The turn seat always has its whole turn, its own Dobon included; others are asked
        # only out of turn.  So the prompt never tells whether anyone else may claim (C4).
        if view.phase == "gaeshi":  # every seat holding cards is asked (J8): say whether this one can answer
            can = not legal or any(str(a).startswith("dobon") for a in legal)
            return self.t("dobon.prompt.gaeshi" if can else "dobon.prompt.gaeshi_none")
        if view.seat == view.turn:
            return self.t("dobon.prompt.turn")
        calls = {str(a).split()[0] for a in legal}  # the seat's own choices: what it may do, nothing more
        if "dobon" in calls and "play" in calls:
            return self.t("dobon.prompt.out_of_turn")
        return self.t("dobon.prompt.out_of_turn_dobon" if "dobon" in calls else "dobon.prompt.out_of_turn_interrupt")



def _field_line(n: Narration, view: DobonView, labels: Labels) -> str:
    if view.top_owner is None:
        return n.t("dobon.view.field_first", top=view.top, value=view.top.rank)
    return n.t("dobon.view.field", top=view.top, value=view.top.rank, owner=labels[view.top_owner])


def _seats_drawn(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("dobon.event.seats_drawn", draws=cards_text(e.draws), order=n.seats(e.order, labels))


def _game_started(n: Narration, e: Any, labels: Labels) -> str:
    counts = n.join([f"{labels[s]} {c}" for s, c in enumerate(e.deal_counts)])
    return n.t("dobon.event.game_started", game=e.round_no + 1, dealer=labels[e.dealer], counts=counts, decks=e.decks)


def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t("dobon.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t("dobon.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _played(n: Narration, e: Any, labels: Labels) -> str:
    key = "dobon.event.interrupt" if e.interrupt else "dobon.event.played"
    return n.t(key, seat=labels[e.seat], card=e.card)


def _drew(n: Narration, e: Any, labels: Labels) -> str:
    reason = n.t_or(f"dobon.draw_reason.{e.reason}", e.reason)
    if e.cards is None:
        return n.t("dobon.event.drew_hidden", seat=labels[e.seat], count=e.count, reason=reason)
    return n.t("dobon.event.drew", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards), reason=reason)


def _dobon_called(n: Narration, e: Any, labels: Labels) -> str:
    owner = n.t("dobon.first_card") if e.hit_owner is None else labels[e.hit_owner]
    return n.t("dobon.event.dobon", seat=labels[e.seat], hit=e.hit, owner=owner, hand=cards_text(e.hand), top=e.top)


def _game_ended(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("dobon.event.game_ended", game=e.round_no + 1, winners=n.seats(e.winners, labels),
             losers=n.seats(e.losers, labels), reason=n.t_or(f"reason.{e.reason}", e.reason))


def _deal_counts(n: Narration, e: Any, labels: Labels) -> str:
    counts = n.join([f"{labels[s]} {c}/{e.laps[s]}" for s, c in enumerate(e.deal_counts)])
    return n.t("dobon.event.deal_counts", counts=counts)


def _dealer(n: Narration, e: Any, labels: Labels) -> str:
    how = n.t_or(f"dobon.dealer_reason.{e.reason}", e.reason)
    return n.t("dobon.event.dealer", seat=labels[e.dealer], how=how)


def _match_ended(n: Narration, e: Any, labels: Labels) -> str:
    ranks = n.ranks(e.ranks, labels)
    return n.t("dobon.event.match_ended", ranks=ranks)


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    ev.SeatsDrawn: _seats_drawn,
    ev.GameStarted: _game_started,
    ev.Dealt: _dealt,
    ev.FieldTurned: lambda n, e, labels: n.t("dobon.event.field_turned", card=e.card),
    ev.Played: _played,
    ev.Drew: _drew,
    ev.TwosPending: lambda n, e, labels: n.t("dobon.event.twos", seat=labels[e.seat], amount=e.amount),
    ev.StockRebuilt: lambda n, e, labels: n.t("dobon.event.stock_rebuilt", count=e.count),
    ev.DobonCalled: _dobon_called,
    ev.Declined: lambda n, e, labels: n.t("dobon.event.declined", seat=labels[e.seat]),
    ev.DelayPenalty: lambda n, e, labels: n.t("dobon.event.delay", seat=labels[e.seat]),
    ev.GameEnded: _game_ended,
    ev.DealCountsChanged: _deal_counts,
    ev.DealerChosen: _dealer,
    ev.MatchEnded: _match_ended,
}


DobonNarrator.EVENTS = _EVENTS
NARRATOR = DobonNarrator
