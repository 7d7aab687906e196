"""Million Doubt (game id ``million-doubt``): Daifugo with face-down plays and Doubt."""

from kakehiki.games.million_doubt.actions import (
    Done,
    Doubt,
    Give,
    Hide,
    MillionDoubtAction,
    Pass,
    Play,
    Show,
    legacy_actions,
    parse_action,
)
from kakehiki.games.million_doubt.game import MILLION_DOUBT, MillionDoubtGame
from kakehiki.games.million_doubt.lays import Lay
from kakehiki.games.million_doubt.state import MillionDoubtOptions, MillionDoubtState
from kakehiki.games.million_doubt.view import MillionDoubtView, SeenPlay
from kakehiki.registry import register

register(MILLION_DOUBT)

__all__ = [
    "MILLION_DOUBT", "Done", "Doubt", "Give", "Hide", "Lay", "MillionDoubtAction", "MillionDoubtGame",
    "MillionDoubtOptions", "MillionDoubtState", "MillionDoubtView", "Pass", "Play", "SeenPlay", "Show",
    "legacy_actions", "parse_action",
]
