"""Arithmetic Dobon in words: a seat's view (with its waits) and every event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.core import Action, Event
from kakehiki.games.dobon_arith import ArithView, expression, waits
from kakehiki.games.dobon_arith.rules import events as ev
from kakehiki.games.dobon_arith.rules.arith import SYMBOLS
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]


def waits_text(n: Narration, hand: Sequence[Any]) -> str:
    """``7 (+), 12 (× ÷)``: each value the hand can call Dobon on, with its operators (A3)."""
    found = waits(hand)
    if not found:
        return n.t("dobon-arith.waits_none")
    if len(hand) == 1:
        return str(next(iter(found)))
    return n.t("list.sep").join(f"{value} ({' '.join(SYMBOLS[o] for o in ops)})" for value, ops in found.items())


class ArithNarrator(Narration):
    """For one viewing seat.  Who else may call out of turn is never shown (it would reveal
    cards), so other seats' ``pass`` events are not printed either."""

    game_id = "dobon-arith"

    def view(self, view: ArithView, labels: Labels) -> list[str]:
        direction = self.t("dobon-arith.clockwise" if view.direction > 0 else "dobon-arith.counter_clockwise")
        lines = [
            self.t("dobon-arith.view.header", game=view.round_no + 1, games=view.games, dealer=labels[view.dealer],
              stock=view.stock_size, direction=direction),
            _field_line(self, view, labels),
        ]
        if view.pending:
            lines.append(self.t("dobon-arith.view.pending", seat=labels[view.turn], amount=view.pending))
        if view.reveal_due:
            lines.append(self.t("dobon-arith.view.reveal_due", seat=labels[view.turn]))
        for seat in range(len(view.hand_sizes)):
            mark = ">" if seat == view.turn else " "
            line = self.t("dobon-arith.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                     wins=view.wins[seat], losses=view.losses[seat])
            if view.revealed[seat]:
                line += self.t("dobon-arith.view.shown", cards=cards_text(view.revealed[seat]))
            lines.append(line)
        if view.hand is not None:
            lines.append(self.t("dobon-arith.view.hand", cards=cards_text(view.hand)))
            lines.append(self.t("dobon-arith.view.waits", waits=waits_text(self, view.hand)))
        if view.staged:
            lines.append(self.t("dobon-arith.view.staged", cards=cards_text(view.staged)))
        if view.phase == "gaeshi":
            lines.append(self.t("dobon-arith.view.gaeshi", chain=self.seats(view.chain, labels), value=view.top.rank))
        elif view.opening and not view.staged:
            lines.append(self.t("dobon-arith.view.opening", seat=labels[view.turn]))
        else:
            lines.append(self.t("dobon-arith.view.turn", seat=labels[view.turn]))
        return lines

    def prompt(self, view: ArithView, legal: Sequence[Action]) -> str:
        on_turn = any(str(a) == "draw" for a in legal)
        if view.staged:  # a stack begun: only its next step (A2)
            return self.t("dobon-arith.prompt.stacking", cards=cards_text(view.staged))
        if view.phase == "gaeshi":  # every seat outside the chain is asked (A5): say whether this one can answer
            can = not legal or any(str(a) == "dobon" for a in legal)
            return self.t("dobon-arith.prompt.gaeshi" if can else "dobon-arith.prompt.gaeshi_none")
        if on_turn:  # the turn seat always has its turn, its own call among it (C4)
            return self.t("dobon-arith.prompt.opening" if view.opening else "dobon-arith.prompt.turn")
        return self.t("dobon-arith.prompt.out_of_turn")



def _field_line(n: Narration, view: ArithView, labels: Labels) -> str:
    if view.top_owner is None:
        return n.t("dobon-arith.view.field_first", top=view.top, value=view.top.rank, suit=view.suit)
    return n.t("dobon-arith.view.field", top=view.top, value=view.top.rank, suit=view.suit,
             owner=labels[view.top_owner])


def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t("dobon-arith.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t("dobon-arith.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _played(n: Narration, e: Any, labels: Labels) -> str:
    if e.suit is None:
        return n.t("dobon-arith.event.played", seat=labels[e.seat], cards=cards_text(e.cards))
    return n.t("dobon-arith.event.played_wild", seat=labels[e.seat], cards=cards_text(e.cards), suit=e.suit)


def _drew(n: Narration, e: Any, labels: Labels) -> str:
    reason = n.t_or(f"dobon-arith.draw_reason.{e.reason}", e.reason)
    if e.cards is None:
        return n.t("dobon-arith.event.drew_hidden", seat=labels[e.seat], count=e.count, reason=reason)
    return n.t("dobon-arith.event.drew", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards), reason=reason)


def _dobon_called(n: Narration, e: Any, labels: Labels) -> str:
    against = n.t("dobon-arith.everyone") if e.against is None else labels[e.against]
    value = e.hit.rank
    sum_text = expression([c.rank for c in e.hand], e.operators[0], value)
    return n.t("dobon-arith.event.dobon", seat=labels[e.seat], hit=e.hit, against=against, hand=cards_text(e.hand),
             expression=sum_text, value=value)


def _game_ended(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("dobon-arith.event.game_ended", game=e.round_no + 1, winners=n.seats(e.winners, labels),
             losers=n.seats(e.losers, labels), reason=n.t_or(f"reason.{e.reason}", e.reason))


def _match_ended(n: Narration, e: Any, labels: Labels) -> str:
    ranks = n.ranks(e.ranks, labels)
    return n.t("dobon-arith.event.match_ended", ranks=ranks)


def _reversed(n: Narration, e: Any, labels: Labels) -> str:
    key = "dobon-arith.clockwise" if e.direction > 0 else "dobon-arith.counter_clockwise"
    return n.t("dobon-arith.event.reversed", direction=n.t(key))


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    ev.GameStarted: lambda n, e, labels: n.t("dobon-arith.event.game_started", game=e.round_no + 1,
                                        dealer=labels[e.dealer]),
    ev.Dealt: _dealt,
    ev.FieldTurned: lambda n, e, labels: n.t("dobon-arith.event.field_turned", card=e.card),
    ev.Played: _played,
    ev.Staged: lambda n, e, labels: n.t("dobon-arith.event.staged", seat=labels[e.seat], cards=cards_text(e.cards)),
    ev.Skipped: lambda n, e, labels: n.t("dobon-arith.event.skipped", seats=n.seats(e.seats, labels)),
    ev.Reversed: _reversed,
    ev.DrawOwed: lambda n, e, labels: n.t("dobon-arith.event.draw_owed", seat=labels[e.seat], amount=e.amount),
    ev.RevealOwed: lambda n, e, labels: n.t("dobon-arith.event.reveal_owed", seat=labels[e.seat]),
    ev.HandRevealed: lambda n, e, labels: n.t("dobon-arith.event.revealed", seat=labels[e.seat],
                                         cards=cards_text(e.cards)),
    ev.Drew: _drew,
    ev.TurnPassed: lambda n, e, labels: n.t("dobon-arith.event.turn_passed", seat=labels[e.seat]),
    ev.StockRebuilt: lambda n, e, labels: n.t("dobon-arith.event.stock_rebuilt", count=e.count),
    ev.DobonCalled: _dobon_called,
    ev.Declined: lambda n, e, labels: n.t("dobon-arith.event.declined", seat=labels[e.seat]),
    ev.GameEnded: _game_ended,
    ev.DealerChosen: lambda n, e, labels: n.t("dobon-arith.event.dealer", seat=labels[e.dealer],
                                         how=n.t_or(f"dobon-arith.dealer_reason.{e.reason}", e.reason)),
    ev.MatchEnded: _match_ended,
}


ArithNarrator.EVENTS = _EVENTS
NARRATOR = ArithNarrator
