"""The template game in words: every text through the message catalog (``text/messages_<lang>.json``,
keys prefixed with the game id), in the narrator's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.core import Action, Dealt, Event
from kakehiki.narrate import Narration, cards_text

from .rules.model import GAME_ID, MyView, Played

Labels = Sequence[str]


class MyNarrator(Narration):
    game_id = GAME_ID

    def view(self, view: MyView, labels: Labels) -> list[str]:
        lines = [self.t(f"{GAME_ID}.view.pile", cards=cards_text([card for _, card in view.pile]))]
        lines += [self.t(f"{GAME_ID}.view.seat", seat=labels[s], cards=n) for s, n in enumerate(view.hand_sizes)]
        if view.hand is not None:
            lines.append(self.t(f"{GAME_ID}.view.hand", cards=cards_text(view.hand)))
        return lines

    def prompt(self, view: MyView, legal: Sequence[Action]) -> str:
        return self.t(f"{GAME_ID}.prompt.turn")

    def calls_out_of_turn(self, options: Any) -> bool:
        return False


def _dealt(n: Narration, e: Any, labels: Labels) -> str:
    if e.cards is None:  # another seat's deal, censored (Dealt.seen_by)
        return n.t(f"{GAME_ID}.event.dealt_hidden", seat=labels[e.seat], count=e.count)
    return n.t(f"{GAME_ID}.event.dealt", seat=labels[e.seat], count=e.count, cards=cards_text(e.cards))


_EVENTS: dict[type[Event], Callable[[Narration, Any, Labels], str]] = {
    Dealt: _dealt,
    Played: lambda n, e, labels: n.t(f"{GAME_ID}.event.played", seat=labels[e.seat], card=e.card),
}

MyNarrator.EVENTS = _EVENTS
NARRATOR = MyNarrator
