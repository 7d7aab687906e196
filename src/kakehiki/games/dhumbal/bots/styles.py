"""Dhumbal's style bots (the gauntlet, :mod:`kakehiki.bots.styles`), ``threshold`` otherwise:
``show-early`` shows as soon as the rules allow; ``discard-high`` throws away its single highest
card and draws from the stock every turn."""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.core import Action
from kakehiki.games.dhumbal import DhumbalView, Show, Turn, whole_turns
from kakehiki.games.dhumbal.bots.heuristic import Planner, ThresholdBot
from kakehiki.games.dhumbal.rules.melds import POINTS


class ShowEarly(ThresholdBot):
    """``threshold``'s turns, but a Show as soon as the rules allow one."""

    name = "show-early"

    def __init__(self) -> None:
        super().__init__(confidence=0.0)


class DiscardHigh(Planner):
    """Throws away its single highest card (by points) and draws from the stock every turn;
    shows as ``threshold`` does."""

    name = "discard-high"

    def __init__(self) -> None:
        self.shows = ThresholdBot()

    def plan(self, view: DhumbalView, legal: Sequence[Action]) -> Show | Turn:
        if not view.discarding:
            shown = self.shows.plan(view, legal)
            if isinstance(shown, Show):
                return shown
        turns = whole_turns(view.hand or (), view.discarding, view.available)
        singles = [t for t in turns if len(t.discard) == 1 and t.take is None] or turns
        return min(singles, key=lambda t: (-sum(POINTS[c.rank] for c in t.discard), str(t)))
