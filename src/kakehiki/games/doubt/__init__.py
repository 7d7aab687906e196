"""Doubt, also known as Cheat or I Doubt It (game id ``doubt``)."""

from kakehiki.games.doubt.actions import (
    DOUBT,
    PASS,
    Add,
    Doubt,
    DoubtAction,
    Pass,
    Play,
    next_step,
    parse_action,
    steps_of,
)
from kakehiki.games.doubt.game import DOUBT_GAME, DoubtGame
from kakehiki.games.doubt.legacy import legacy_actions
from kakehiki.games.doubt.state import DoubtOptions, DoubtState, Phase, PileEntry, RoundOutcome
from kakehiki.games.doubt.view import DoubtView, PileView
from kakehiki.registry import register

register(DOUBT_GAME)

__all__ = [
    "DOUBT", "DOUBT_GAME", "PASS", "Add", "Doubt", "DoubtAction", "DoubtGame", "DoubtOptions", "DoubtState",
    "DoubtView", "Pass", "Phase", "PileEntry", "PileView", "Play", "RoundOutcome", "legacy_actions", "next_step",
    "parse_action", "steps_of",
]
