"""Million Doubt in words: a seat's view and every event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.cards import Card
from kakehiki.cli.common import seats_text
from kakehiki.core import Action, Event
from kakehiki.games.million_doubt import MillionDoubtView
from kakehiki.games.million_doubt import events as ev
from kakehiki.i18n import t

Labels = Sequence[str]


def cards_text(cards: Sequence[Card | None] | None) -> str:
    """Cards in their notation; ``?`` for a face-down card this seat may not see."""
    return " ".join("?" if c is None else str(c) for c in cards) if cards else "-"


def order_text(revolution: bool, eleven_back: bool) -> str:
    if revolution and eleven_back:
        return t("million-doubt.order.both")
    if revolution:
        return t("million-doubt.order.revolution")
    return t("million-doubt.order.eleven_back") if eleven_back else t("million-doubt.order.normal")


class MillionDoubtRenderer:
    """Million Doubt for one viewing seat; it only ever sees that seat's view and censored events."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer

    def view(self, view: MillionDoubtView, labels: Labels) -> list[str]:
        lines = [t("million-doubt.view.header", game=view.round_no + 1, games=view.games,
                   order=order_text(view.revolution, view.eleven_back),
                   lock=view.lock or t("million-doubt.lock.none"), gone=len(view.gone),
                   gone_down=view.gone_down, aside=view.aside)]
        for seat in range(len(view.hand_sizes)):
            lines.append(self._seat_line(view, seat, labels))
        lines.extend(_field_lines(view, labels))
        if view.hand is not None:
            lines.append(t("million-doubt.view.hand", cards=cards_text(view.hand)))
        lines.append(_phase_line(view, labels))
        return lines

    @staticmethod
    def _seat_line(view: MillionDoubtView, seat: int, labels: Labels) -> str:
        status = ""
        if view.status[seat] == "out":
            status = t("million-doubt.status.out", place=view.finished.index(seat) + 1)
        elif view.status[seat] == "burst":
            status = t("million-doubt.status.burst")
        known = t("million-doubt.view.known", cards=cards_text(view.known[seat])) if view.known[seat] else ""
        mark = ">" if seat == view.turn and view.phase in ("turn", "hide") else " "
        return t("million-doubt.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                 points=view.scores[seat], status=status, known=known)

    def prompt(self, view: MillionDoubtView, legal: Sequence[Action]) -> str:
        if view.laying:
            return t("million-doubt.prompt.laying")
        if view.phase == "hide":
            return t("million-doubt.prompt.hide")
        if view.phase == "doubt":
            return t("million-doubt.prompt.doubt")
        if view.phase == "give":
            return t("million-doubt.prompt.give")
        return t("million-doubt.prompt.follow") if view.field else t("million-doubt.prompt.lead")

    def event(self, event: Event, labels: Labels) -> str | None:
        describe = _EVENTS.get(type(event))
        return None if describe is None else describe(event, labels)


def _field_lines(view: MillionDoubtView, labels: Labels) -> list[str]:
    if not view.field:
        return [] if view.phase == "give" else [t("million-doubt.view.field_empty", seat=labels[view.turn])]
    lines = [t("million-doubt.view.field")]
    for index, play in enumerate(view.field):
        text = cards_text(tuple(play.up) + tuple(play.down))
        if play.revolution:
            text += t("million-doubt.event.revolution_declared")
        note = t("million-doubt.view.binding") if index == view.binding else ""
        lines.append(t("million-doubt.view.play", seat=labels[play.seat], cards=text, note=note))
    if view.binding < 0:
        lines.append(t("million-doubt.view.free"))
    return lines


def _phase_line(view: MillionDoubtView, labels: Labels) -> str:
    if view.phase == "hide" and view.claim is not None:  # only the seat making the play sees it
        up, hidden, revolution = view.claim
        cards = cards_text((*up, *[None] * hidden))
        if revolution:
            cards += t("million-doubt.event.revolution_declared")
        return t("million-doubt.view.claim", cards=cards, named=cards_text(view.hiding))
    if view.laying:
        return t("million-doubt.view.laying", cards=cards_text(view.laying))
    if view.phase == "doubt":
        return t("million-doubt.view.window", seats=seats_text(view.window, labels))
    if view.phase == "give":
        giver, receiver = (view.doubted, view.caller) if view.truthful else (view.caller, view.doubted)
        return t("million-doubt.view.give", giver=labels[giver], receiver=labels[receiver],
                 pool=cards_text(view.pool), given=cards_text(view.given))
    return t("million-doubt.view.turn", seat=labels[view.turn])


def _played(e: Any, labels: Labels) -> str:
    text = cards_text(tuple(e.up) + tuple(e.down))
    if e.revolution:
        text += t("million-doubt.event.revolution_declared")
    key = "million-doubt.event.led" if e.lead else "million-doubt.event.played"
    return t(key, seat=labels[e.seat], cards=text)


def _dealt(e: Any, labels: Labels) -> str:
    if e.cards is None:
        return t("million-doubt.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return t("million-doubt.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _cleared(e: Any, labels: Labels) -> str | None:
    if e.leader is None:
        return None
    return t("million-doubt.event.cleared", count=e.count, why=t(f"million-doubt.why.{e.reason}"),
             seat=labels[e.leader])


def _revealed(e: Any, labels: Labels) -> str:
    plays = t("list.sep").join(f"{labels[seat]} {cards_text(cards)}" for seat, cards in e.plays)
    return t("million-doubt.event.revealed", plays=plays)


def _judged(e: Any, labels: Labels) -> str:
    key = "million-doubt.event.legal" if e.legal else "million-doubt.event.illegal"
    return t(key, player=labels[e.player], caller=labels[e.caller])


def _scores(scores: Sequence[int], labels: Labels) -> str:
    return t("list.sep").join(f"{labels[s]} {p}" for s, p in enumerate(scores))


def _game_ended(e: Any, labels: Labels) -> str:
    return t("million-doubt.event.game_ended", game=e.round_no + 1, winners=seats_text(e.winners, labels),
             losers=seats_text(e.losers, labels), scores=_scores(e.scores, labels))


def _match_ended(e: Any, labels: Labels) -> str:
    ranks = t("list.sep").join(t("result.rank", seat=labels[s], rank=r) for s, r in enumerate(e.ranks))
    return t("million-doubt.event.match_ended", ranks=ranks)


_EVENTS: dict[type[Event], Callable[[Any, Labels], str | None]] = {
    ev.GameStarted: lambda e, labels: t("million-doubt.event.game_started", game=e.round_no + 1,
                                        seat=labels[e.leader], how=t(f"million-doubt.how.{e.how}"), aside=e.aside),
    ev.Dealt: _dealt,
    ev.Played: _played,
    ev.Passed: lambda e, labels: t("million-doubt.event.passed", seat=labels[e.seat]),
    ev.Locked: lambda e, labels: t("million-doubt.event.locked", suits=e.suits),
    ev.Revolution: lambda e, labels: t("million-doubt.event.revolution", seat=labels[e.seat],
                                       order=order_text(e.revolution, e.revolution != e.reversed_order)),
    ev.ElevenBack: lambda e, labels: t("million-doubt.event.eleven_back", seat=labels[e.seat],
                                       order=order_text(e.eleven_back != e.reversed_order, e.eleven_back)),
    ev.EightCut: lambda e, labels: t("million-doubt.event.eight_cut", seat=labels[e.seat]),
    ev.FieldCleared: _cleared,
    ev.DoubtOffered: lambda e, labels: t("million-doubt.event.offered", player=labels[e.player],
                                         seats=seats_text(e.order, labels)),
    ev.DoubtDeclined: lambda e, labels: t("million-doubt.event.declined", seat=labels[e.seat]),
    ev.Doubted: lambda e, labels: t("million-doubt.event.doubted", caller=labels[e.caller], player=labels[e.player]),
    ev.Revealed: _revealed,
    ev.Judged: _judged,
    ev.CardGiven: lambda e, labels: t("million-doubt.event.given", giver=labels[e.giver], card=e.card,
                                      receiver=labels[e.receiver]),
    ev.Penalty: lambda e, labels: t("million-doubt.event.penalty", receiver=labels[e.receiver],
                                    cards=cards_text(e.cards), discarded=cards_text(e.discarded)),
    ev.WentOut: lambda e, labels: t("million-doubt.event.went_out", seat=labels[e.seat], place=e.place,
                                    points=sum(e.paid)),
    ev.Burst: lambda e, labels: t("million-doubt.event.burst", seat=labels[e.seat], size=e.size,
                                  points=sum(e.paid)),
    ev.GameEnded: _game_ended,
    ev.MatchEnded: _match_ended,
}


RENDERER = MillionDoubtRenderer
