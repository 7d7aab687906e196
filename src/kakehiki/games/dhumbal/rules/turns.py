"""Whole turns: a discard and a take, as a plan of steps (D3).

A turn is played as several actions (``discard CARD`` for each card, then ``take …``); bots
plan it whole, and version-1 records wrote it as one text.  A :class:`Turn` is that plan: no
action itself, it gives its :meth:`~Turn.steps`.

>>> from kakehiki.cards import parse_cards
>>> plan = turn(parse_cards("S6 S4 S5"), None)
>>> str(plan), [str(a) for a in plan.steps()]
('discard S4 S5 S6 take stock', ['discard S4', 'discard S5', 'discard S6', 'take stock'])
>>> [str(t) for t in whole_turns(parse_cards("S4 S5 H6"), parse_cards("S6"), parse_cards("C7"))]
['discard S6 take stock', 'discard S6 take C7', 'discard S6 H6 take stock', 'discard S6 H6 take C7']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.dhumbal.rules.actions import STOCK_WORD, DhumbalAction, discard, take
from kakehiki.games.dhumbal.rules.melds import discard_key, discard_options


@dataclass(frozen=True, slots=True)
class Turn:
    """Discard ``discard`` (in written order: by rank, then suit), then take ``take``: one of
    the previous seat's last discards, or the stock's top card when ``None``."""

    discard: tuple[Card, ...]
    take: Card | None

    def __str__(self) -> str:
        """Version 1's one text for the whole turn (``discard S4 S5 S6 take stock``)."""
        cards = " ".join(str(c) for c in self.discard)
        return f"discard {cards} take {STOCK_WORD if self.take is None else self.take}"

    def steps(self) -> tuple[DhumbalAction, ...]:
        """The actions that play this turn, in order."""
        return (*(discard(c) for c in self.discard), take(self.take))

    def step(self, done: int) -> DhumbalAction:
        """The next action once ``done`` cards of the discard are down."""
        return discard(self.discard[done]) if done < len(self.discard) else take(self.take)


def turn(cards: Iterable[Card], take_card: Card | None) -> Turn:
    """A turn with its discard in the one written order."""
    return Turn(tuple(sorted(cards, key=discard_key)), take_card)


def whole_turns(hand: Sequence[Card], pending: Sequence[Card], available: Sequence[Card]) -> list[Turn]:
    """Every whole turn still open to a seat holding ``hand`` that has put ``pending`` down:
    each discard of ``hand`` + ``pending`` that starts with ``pending``, with the stock and
    then each card of ``available``.  In the order they were offered as one action each in
    version 1 (discards as :func:`~kakehiki.games.dhumbal.rules.melds.discard_options` lists them),
    whatever part is down already."""
    done = len(pending)
    full = sorted((*hand, *pending), key=CARD_ORDER) if done else hand
    start = tuple(pending)
    takes: list[Card | None] = [None, *dict.fromkeys(available)]
    return [Turn(d, t) for d in discard_options(full) if d[:done] == start for t in takes]
