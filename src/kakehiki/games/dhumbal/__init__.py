"""Dhumbal (game id ``dhumbal``): shed points over rounds; Show when your hand is the lowest."""

from kakehiki.games.dhumbal.rules.actions import (
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
from kakehiki.games.dhumbal.rules.game import DHUMBAL, DhumbalGame
from kakehiki.games.dhumbal.rules.legacy import legacy_actions
from kakehiki.games.dhumbal.rules.state import DhumbalOptions, DhumbalState, RoundOutcome
from kakehiki.games.dhumbal.rules.turns import Turn, turn, whole_turns
from kakehiki.games.dhumbal.rules.view import DhumbalView
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=DHUMBAL,
    package=__name__,
    order=60,
    bots={
        "threshold": ".bots.heuristic:ThresholdBot",
        "expert": ".bots.expert:ExpertBot",
        "show-early": ".bots.styles:ShowEarly",
        "discard-high": ".bots.styles:DiscardHigh",
    },
    heuristic="threshold",
    styles=("show-early", "discard-high"),
    narrator=".narrate:NARRATOR",
    page="page.js",
    encoder=".obs:DhumbalEncoder",
    kernel=".kernel.batch:DhumbalBatch",
    words={
        "ショー": "show", "しょー": "show", "捨てる": "discard", "すてる": "discard", "取る": "take", "とる": "take",
        "山札": "stock", "山": "stock",
    },
    common_words=False,
    hand_total=".rules.melds:total",
    brief=".narrate:brief",
    pick="discard {cards} take stock",
)

__all__ = [
    "ALL_ACTIONS",
    "DHUMBAL",
    "MANIFEST",
    "SHOW",
    "TAKE_STOCK",
    "DhumbalAction",
    "DhumbalGame",
    "DhumbalOptions",
    "DhumbalState",
    "DhumbalView",
    "Discard",
    "RoundOutcome",
    "Show",
    "Take",
    "Turn",
    "discard",
    "legacy_actions",
    "parse_action",
    "take",
    "turn",
    "whole_turns",
]
