"""Dhumbal (game id ``dhumbal``): shed points over rounds; Show when your hand is the lowest."""

from kakehiki.games.dhumbal.actions import (
    ALL_ACTIONS,
    SHOW,
    TAKE_STOCK,
    DhumbalAction,
    Discard,
    Show,
    Take,
    discard,
    parse_action,
    take,
)
from kakehiki.games.dhumbal.game import DHUMBAL, DhumbalGame
from kakehiki.games.dhumbal.legacy import legacy_actions
from kakehiki.games.dhumbal.state import DhumbalOptions, DhumbalState, RoundOutcome
from kakehiki.games.dhumbal.turns import Turn, turn, whole_turns
from kakehiki.games.dhumbal.view import DhumbalView
from kakehiki.registry import register

register(DHUMBAL)

__all__ = [
    "ALL_ACTIONS", "DHUMBAL", "SHOW", "TAKE_STOCK", "DhumbalAction", "DhumbalGame", "DhumbalOptions", "DhumbalState",
    "DhumbalView", "Discard", "RoundOutcome", "Show", "Take", "Turn", "discard", "legacy_actions", "parse_action",
    "take", "turn", "whole_turns",
]
