"""Doubt in words: a seat's view and every Doubt event, through the message catalog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.cards import RANK_NAMES
from kakehiki.core import Action, Event
from kakehiki.games.doubt import DoubtView
from kakehiki.games.doubt.rules import events as ev
from kakehiki.narrate import Narration, cards_text

Labels = Sequence[str]
SHOWN_PLAYS = 6  # the latest plays listed under the pile


def rank_text(rank: int) -> str:
    return RANK_NAMES[rank - 1]


class DoubtNarrator(Narration):
    """Doubt for one viewing seat.  Other seats' passes are not printed (passes are silent), nor
    the cards another seat sets aside for a play it is making (``add``): that play shows once made."""

    game_id = "doubt"

    def view(self, view: DoubtView, labels: Labels) -> list[str]:
        lines = [self.t("doubt.view.header", pile=view.pile_size, plays=len(view.pile), steps=view.steps,
                   max_steps=view.options.max_steps)]
        hidden = len(view.pile) - SHOWN_PLAYS
        if hidden > 0:
            lines.append(self.t("doubt.view.more_plays", count=hidden))
        for entry in view.pile[-SHOWN_PLAYS:]:
            shown = ""
            if entry.cards is not None:
                key = "doubt.view.play_revealed" if entry.revealed else "doubt.view.play_cards"
                shown = self.t(key, cards=cards_text(entry.cards))
            lines.append(self.t("doubt.view.play", seat=labels[entry.seat], count=entry.size,
                                rank=rank_text(entry.rank), cards=shown))
        lines.extend(self._seat_lines(view, labels))
        if view.discard:
            lines.append(self.t("doubt.view.discard", cards=cards_text(view.discard)))
        if view.hand is not None:
            lines.append(self.t("doubt.view.hand", cards=cards_text(view.hand)))
        if view.picked:
            lines.append(self.t("doubt.view.picked", cards=cards_text(view.picked)))
        lines.append(self._status(view, labels))
        return lines

    def _seat_lines(self, view: DoubtView, labels: Labels) -> list[str]:
        lines = []
        for seat, size in enumerate(view.hand_sizes):
            if seat in view.forfeited:
                lines.append(self.t("doubt.view.seat_out", seat=labels[seat]))
                continue
            mark = ">" if seat == view.turn and view.phase != "over" else " "
            lines.append(self.t("doubt.view.seat", mark=mark, seat=labels[seat], cards=size,
                           successes=view.successes[seat]))
            if view.known[seat]:
                lines.append(self.t("doubt.view.known", known=cards_text(view.known[seat]),
                               sure=cards_text(view.sure[seat])))
        return lines

    def _status(self, view: DoubtView, labels: Labels) -> str:
        if view.phase == "over":
            return self.t("doubt.view.over")
        if view.phase == "doubt":
            last = view.pile[-1]
            return self.t("doubt.view.window", seat=labels[last.seat], count=last.size, rank=rank_text(last.rank))
        return self.t("doubt.view.turn", seat=labels[view.turn], rank=rank_text(view.rank))

    def prompt(self, view: DoubtView, legal: Sequence[Action]) -> str:
        if view.phase == "doubt":
            last = view.pile[-1]
            return self.t("doubt.prompt.doubt", count=last.size, rank=rank_text(last.rank))
        if view.picked:
            return self.t("doubt.prompt.picked", cards=cards_text(view.picked), rank=rank_text(view.rank))
        most = view.options.max_cards_per_play
        key = "doubt.prompt.play_more" if most > 1 else "doubt.prompt.play"
        return self.t(key, most=most, rank=rank_text(view.rank))



def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:
        return n.t("doubt.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t("doubt.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


def _played(n: Narration, e: Any, labels: Labels) -> str:
    fields = {"seat": labels[e.seat], "count": e.count, "rank": rank_text(e.rank)}
    if e.cards is None:
        return n.t("doubt.event.played_hidden", **fields)
    return n.t("doubt.event.played", cards=cards_text(e.cards), **fields)


def _revealed(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("doubt.event.revealed_lie" if e.lie else "doubt.event.revealed_truth", cards=cards_text(e.cards))


def _pile_taken(n: Narration, e: Any, labels: Labels) -> str:
    """Face up (``show_pile``) everyone reads the cards; otherwise the taker alone, the others the count (B5)."""
    reason = n.t_or(f"doubt.pile_reason.{e.reason}", e.reason)
    if e.cards is None:
        return n.t("doubt.event.pile_taken_hidden", seat=labels[e.seat], reason=reason, count=e.count)
    key = "doubt.event.pile_taken" if e.face_up else "doubt.event.pile_taken_own"
    return n.t(key, seat=labels[e.seat], reason=reason, cards=cards_text(e.cards))


def _cards_taken(n: Narration, e: Any, labels: Labels) -> str:
    fields = {"taker": labels[e.taker], "giver": labels[e.giver], "count": e.count}
    if e.cards is None:
        return n.t("doubt.event.cards_taken_hidden", **fields)
    return n.t("doubt.event.cards_taken", cards=cards_text(e.cards), **fields)


def _game_ended(n: Narration, e: Any, labels: Labels) -> str:
    return n.t("doubt.event.game_ended", winners=n.seats(e.winners, labels), losers=n.seats(e.losers, labels),
             reason=n.t_or(f"reason.{e.reason}", e.reason))


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    ev.GameStarted: lambda n, e, labels: n.t("doubt.event.game_started", players=e.players, cards=e.cards,
                                        decks=e.decks, jokers=e.jokers),
    ev.Dealt: _dealt,
    ev.TurnTo: lambda n, e, labels: n.t("doubt.event.turn", seat=labels[e.seat], rank=rank_text(e.rank)),
    ev.Played: _played,
    ev.Declined: lambda n, e, labels: n.t("doubt.event.declined", seat=labels[e.seat]),
    ev.Added: lambda n, e, labels: n.t("doubt.event.added", seat=labels[e.seat], card=str(e.card)),
    ev.Unchallenged: lambda n, e, labels: n.t("doubt.event.unchallenged", seat=labels[e.seat]),
    ev.Doubted: lambda n, e, labels: n.t("doubt.event.doubted", caller=labels[e.caller], player=labels[e.player],
                                    count=e.count, rank=rank_text(e.rank)),
    ev.Revealed: _revealed,
    ev.PileTaken: _pile_taken,
    ev.CardsTaken: _cards_taken,
    ev.Forfeited: lambda n, e, labels: n.t("doubt.event.forfeited", seat=labels[e.seat], cards=cards_text(e.cards)),
    ev.WentOut: lambda n, e, labels: n.t("doubt.event.went_out", seat=labels[e.seat]),
    ev.GameEnded: _game_ended,
}


DoubtNarrator.EVENTS = _EVENTS
NARRATOR = DoubtNarrator


def brief(words: Sequence[str], steps: int) -> bool:
    """Whether a move (its words; the actions it takes) is numbered in a compact list of
    moves (the manifest's ``brief``):
    a play of one card, a doubt, a pass."""
    return steps == 1
