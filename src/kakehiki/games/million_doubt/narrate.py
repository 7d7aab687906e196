"""Million Doubt in words: a seat's view and every event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kakehiki.cards import Card
from kakehiki.core import Action, Event
from kakehiki.games.million_doubt import MillionDoubtView
from kakehiki.games.million_doubt.rules import events as ev
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]


def play_text(up: Sequence[Card], down: Sequence[Card | None]) -> str:
    """A play's cards: face-up ones as they are; a face-down one ``?`` to the others and
    ``[H4]`` to the seat that laid it, so its own face-down cards never read as face up."""
    words = [str(c) for c in up] + ["?" if c is None else f"[{c}]" for c in down]
    return " ".join(words) if words else "-"


def order_text(n: Narration, revolution: bool, eleven_back: bool) -> str:
    if revolution and eleven_back:
        return n.t("million-doubt.order.both")
    if revolution:
        return n.t("million-doubt.order.revolution")
    return n.t("million-doubt.order.eleven_back") if eleven_back else n.t("million-doubt.order.normal")


class MillionDoubtNarrator(Narration):
    """Million Doubt for one viewing seat; it only ever sees that seat's view and censored events."""

    game_id = "million-doubt"

    def calls_out_of_turn(self, options: Mapping[str, object]) -> bool:
        return options.get("face_down") is not False  # plain Daifugo (face_down=false) has no doubts

    def view(self, view: MillionDoubtView, labels: Labels) -> list[str]:
        lines = [self.t("million-doubt.view.header", game=view.round_no + 1, games=view.games,
                   order=order_text(self, view.revolution, view.eleven_back),
                   lock=view.lock or self.t("million-doubt.lock.none"), gone=len(view.gone),
                   gone_down=view.gone_down, aside=view.aside)]
        for seat in range(len(view.hand_sizes)):
            lines.append(self._seat_line(view, seat, labels))
        lines.extend(_field_lines(self, view, labels))
        if view.hand is not None:
            lines.append(self.t("million-doubt.view.hand", cards=cards_text(view.hand)))
        lines.append(_phase_line(self, view, labels))
        return lines

    def _seat_line(self, view: MillionDoubtView, seat: int, labels: Labels) -> str:
        status = ""
        if view.status[seat] == "out":
            status = self.t("million-doubt.status.out", place=view.finished.index(seat) + 1)
        elif view.status[seat] == "burst":
            status = self.t("million-doubt.status.burst")
        known = self.t("million-doubt.view.known", cards=cards_text(view.known[seat])) if view.known[seat] else ""
        mark = ">" if seat == view.turn and view.phase in ("turn", "hide") else " "
        return self.t("million-doubt.view.seat", mark=mark, seat=labels[seat], cards=view.hand_sizes[seat],
                 points=view.scores[seat], status=status, known=known)

    def prompt(self, view: MillionDoubtView, legal: Sequence[Action]) -> str:
        plain = "" if view.face_down else "_plain"  # no face-down plays to mention (M4)
        if view.laying:
            return self.t(f"million-doubt.prompt.laying{plain}")
        if view.phase == "hide":
            return self.t("million-doubt.prompt.hide")
        if view.phase == "doubt":
            return self.t("million-doubt.prompt.doubt")
        if view.phase == "give":
            return self.t("million-doubt.prompt.give")
        return self.t(f"million-doubt.prompt.follow{plain}" if view.field else f"million-doubt.prompt.lead{plain}")



def _field_lines(n: Narration, view: MillionDoubtView, labels: Labels) -> list[str]:
    if not view.field:
        return [] if view.phase == "give" else [n.t("million-doubt.view.field_empty", seat=labels[view.turn])]
    lines = [n.t("million-doubt.view.field")]
    for index, play in enumerate(view.field):
        text = play_text(play.up, play.down)
        if play.revolution:
            text += n.t("million-doubt.event.revolution_declared")
        note = n.t("million-doubt.view.binding") if index == view.binding else ""
        lines.append(n.t("million-doubt.view.play", seat=labels[play.seat], cards=text, note=note))
    if view.binding < 0:
        lines.append(n.t("million-doubt.view.free"))
    if any(c is not None for play in view.field for c in play.down):
        lines.append(n.t("million-doubt.view.down_legend"))
    return lines


def _phase_line(n: Narration, view: MillionDoubtView, labels: Labels) -> str:
    if view.phase == "hide" and view.claim is not None:  # only the seat making the play sees it
        up, hidden, revolution = view.claim
        cards = cards_text((*up, *[None] * hidden))
        if revolution:
            cards += n.t("million-doubt.event.revolution_declared")
        return n.t("million-doubt.view.claim", cards=cards, named=cards_text(view.hiding))
    if view.laying:
        return n.t("million-doubt.view.laying", cards=cards_text(view.laying))
    if view.phase == "doubt":
        return n.t("million-doubt.view.window", seats=n.seats(view.window, labels))
    if view.phase == "give":
        giver, receiver = (view.doubted, view.caller) if view.truthful else (view.caller, view.doubted)
        return n.t("million-doubt.view.give", giver=labels[giver], receiver=labels[receiver],
                 pool=cards_text(view.pool), given=cards_text(view.given))
    return n.t("million-doubt.view.turn", seat=labels[view.turn])


def _played(n: Narration, e: Any, labels: Labels) -> str:
    text = play_text(e.up, e.down)
    if e.revolution:
        text += n.t("million-doubt.event.revolution_declared")
    key = "million-doubt.event.led" if e.lead else "million-doubt.event.played"
    return n.t(key, seat=labels[e.seat], cards=text)


def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t("million-doubt.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t("million-doubt.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _cleared(n: Narration, e: Any, labels: Labels) -> str | None:
    if e.leader is None:
        return None
    return n.t("million-doubt.event.cleared", count=e.count, why=n.t(f"million-doubt.why.{e.reason}"),
             seat=labels[e.leader])


def _revealed(n: Narration, e: Any, labels: Labels) -> str:
    plays = n.t("list.sep").join(f"{labels[seat]} {cards_text(cards)}" for seat, cards in e.plays)
    return n.t("million-doubt.event.revealed", plays=plays)


def _judged(n: Narration, e: Any, labels: Labels) -> str:
    key = "million-doubt.event.legal" if e.legal else "million-doubt.event.illegal"
    return n.t(key, player=labels[e.player], caller=labels[e.caller])


def _penalty(n: Narration, e: Any, labels: Labels) -> str:
    if not e.discarded:  # the whole field was given: nothing leaves the game
        return n.t("million-doubt.event.penalty_kept", receiver=labels[e.receiver], cards=cards_text(e.cards))
    return n.t("million-doubt.event.penalty", receiver=labels[e.receiver], cards=cards_text(e.cards),
               discarded=cards_text(e.discarded))


def _scores(n: Narration, scores: Sequence[int], labels: Labels) -> str:
    return n.t("list.sep").join(f"{labels[s]} {p}" for s, p in enumerate(scores))


def _game_ended(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("million-doubt.event.game_ended", game=e.round_no + 1, winners=n.seats(e.winners, labels),
             losers=n.seats(e.losers, labels), scores=_scores(n, e.scores, labels))


def _match_ended(n: Narration, e: Any, labels: Labels) -> str:
    ranks = n.ranks(e.ranks, labels)
    return n.t("million-doubt.event.match_ended", ranks=ranks)


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str | None]] = {
    ev.GameStarted: lambda n, e, labels: n.t("million-doubt.event.game_started", game=e.round_no + 1,
                                        seat=labels[e.leader], how=n.t(f"million-doubt.how.{e.how}"), aside=e.aside),
    ev.Dealt: _dealt,
    ev.Played: _played,
    ev.TookBack: lambda n, e, labels: n.t("million-doubt.event.took_back", seat=labels[e.seat],
                                      cards=cards_text(e.cards)),
    ev.Passed: lambda n, e, labels: n.t("million-doubt.event.passed", seat=labels[e.seat]),
    ev.Locked: lambda n, e, labels: n.t("million-doubt.event.locked", suits=e.suits),
    ev.Revolution: lambda n, e, labels: n.t("million-doubt.event.revolution", seat=labels[e.seat],
                                       order=order_text(n, e.revolution, e.revolution != e.reversed_order)),
    ev.ElevenBack: lambda n, e, labels: n.t("million-doubt.event.eleven_back", seat=labels[e.seat],
                                       order=order_text(n, e.eleven_back != e.reversed_order, e.eleven_back)),
    ev.EightCut: lambda n, e, labels: n.t("million-doubt.event.eight_cut", seat=labels[e.seat]),
    ev.FieldCleared: _cleared,
    ev.DoubtOffered: lambda n, e, labels: n.t("million-doubt.event.offered", player=labels[e.player],
                                         seats=n.seats(e.order, labels)),
    ev.DoubtDeclined: lambda n, e, labels: n.t("million-doubt.event.declined", seat=labels[e.seat]),
    ev.Doubted: lambda n, e, labels: n.t("million-doubt.event.doubted", caller=labels[e.caller],
                                         player=labels[e.player]),
    ev.Revealed: _revealed,
    ev.Judged: _judged,
    ev.CardGiven: lambda n, e, labels: n.t("million-doubt.event.given", giver=labels[e.giver], card=e.card,
                                      receiver=labels[e.receiver]),
    ev.Penalty: _penalty,
    ev.WentOut: lambda n, e, labels: n.t("million-doubt.event.went_out", seat=labels[e.seat], place=e.place,
                                    points=sum(e.paid)),
    ev.Burst: lambda n, e, labels: n.t("million-doubt.event.burst", seat=labels[e.seat], size=e.size,
                                  points=sum(e.paid)),
    ev.GameEnded: _game_ended,
    ev.MatchEnded: _match_ended,
}


MillionDoubtNarrator.EVENTS = _EVENTS
NARRATOR = MillionDoubtNarrator


def brief(words: Sequence[str], steps: int) -> bool:
    """Whether a move (its words; the actions it takes) is numbered in a compact list of
    moves (the manifest's ``brief``):
    the plays wholly face up and a give of one card or of the whole field."""
    if words[0] == "give":
        return words[-1] != "done" or len(words) == 3  # the whole field, or one card
    return "down" not in words
