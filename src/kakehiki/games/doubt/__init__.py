"""Doubt, also known as Cheat or I Doubt It (game id ``doubt``)."""

from kakehiki.games.doubt.actions import DOUBT, PASS, Doubt, DoubtAction, Pass, Play, parse_action, play_of
from kakehiki.games.doubt.game import DOUBT_GAME, DoubtGame
from kakehiki.games.doubt.state import DoubtOptions, DoubtState, PileEntry
from kakehiki.games.doubt.view import DoubtView, PileView
from kakehiki.registry import register

register(DOUBT_GAME)

__all__ = [
    "DOUBT", "DOUBT_GAME", "PASS", "Doubt", "DoubtAction", "DoubtGame", "DoubtOptions", "DoubtState", "DoubtView",
    "Pass", "PileEntry", "PileView", "Play", "parse_action", "play_of",
]
