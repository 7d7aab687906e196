"""Dhumbal (game id ``dhumbal``): shed points over rounds; Show when your hand is the lowest."""

from kakehiki.games.dhumbal.actions import SHOW, DhumbalAction, Show, Turn, parse_action, turn
from kakehiki.games.dhumbal.game import DHUMBAL, DhumbalGame
from kakehiki.games.dhumbal.state import DhumbalOptions, DhumbalState, RoundOutcome
from kakehiki.games.dhumbal.view import DhumbalView
from kakehiki.registry import register

register(DHUMBAL)

__all__ = [
    "DHUMBAL", "SHOW", "DhumbalAction", "DhumbalGame", "DhumbalOptions", "DhumbalState", "DhumbalView",
    "RoundOutcome", "Show", "Turn", "parse_action", "turn",
]
