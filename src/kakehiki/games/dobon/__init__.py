"""Dobon, JDA rules (game id ``dobon``)."""

from kakehiki.games.dobon.actions import Delay, Dobon, DobonAction, Draw, Pass, Play, parse_action
from kakehiki.games.dobon.game import DOBON, DobonGame
from kakehiki.games.dobon.state import DobonOptions, DobonState, Seen
from kakehiki.games.dobon.view import DobonView
from kakehiki.registry import register

register(DOBON)

__all__ = [
    "DOBON", "Delay", "Dobon", "DobonAction", "DobonGame", "DobonOptions", "DobonState", "DobonView",
    "Draw", "Pass", "Play", "Seen", "parse_action",
]
