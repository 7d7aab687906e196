"""Dobon with arithmetic and card powers (game id ``dobon-arith``).

:func:`waits` is part of the rules (A3): every top value a hand can call Dobon on,
with the operators that reach it.
"""

from kakehiki.games.dobon_arith.rules.actions import (
    ArithAction,
    Bottom,
    Dobon,
    Draw,
    Pass,
    Play,
    Stack,
    Top,
    parse_action,
)
from kakehiki.games.dobon_arith.rules.arith import OPERATORS, can_dobon, expression, waits
from kakehiki.games.dobon_arith.rules.game import DOBON_ARITH, DobonArithGame
from kakehiki.games.dobon_arith.rules.legacy import legacy_actions
from kakehiki.games.dobon_arith.rules.state import ArithOptions, ArithState
from kakehiki.games.dobon_arith.rules.view import ArithView
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=DOBON_ARITH,
    package=__name__,
    order=50,
    bots={
        "rule": ".bots.heuristic:ArithRuleBot",
        "expert": ".bots.expert:ArithExpertBot",
        "caller": "kakehiki.bots.styles:Caller",
        "shed-high": ".bots.styles:ArithShedHigh",
        "no-interrupt": ".bots.styles:ArithNoInterrupt",
    },
    heuristic="rule",
    styles=("caller", "shed-high", "no-interrupt"),
    narrator=".narrate:NARRATOR",
    page="page.js",
    encoder=".obs:ArithEncoder",
    kernel=".kernel.batch:DobonArithBatch",
    words={
        "ドボン": "dobon", "どぼん": "dobon", "引く": "draw", "ひく": "draw", "ドロー": "draw", "下": "bottom",
        "重ねる": "stack", "上": "top",
    },
    hand_total=".rules.view:hand_total",
)

__all__ = [
    "DOBON_ARITH",
    "MANIFEST",
    "OPERATORS",
    "ArithAction",
    "ArithOptions",
    "ArithState",
    "ArithView",
    "Bottom",
    "Dobon",
    "DobonArithGame",
    "Draw",
    "Pass",
    "Play",
    "Stack",
    "Top",
    "can_dobon",
    "expression",
    "legacy_actions",
    "parse_action",
    "waits",
]
