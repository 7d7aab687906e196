"""Dobon, JDA rules (game id ``dobon``)."""

from kakehiki.games.dobon.rules.actions import Delay, Dobon, DobonAction, Draw, Pass, Play, parse_action
from kakehiki.games.dobon.rules.game import DOBON, DobonGame
from kakehiki.games.dobon.rules.state import DobonOptions, DobonState, Seen
from kakehiki.games.dobon.rules.view import DobonView
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=DOBON,
    package=__name__,
    order=10,
    bots={
        "rule": ".bots.heuristic:DobonRuleBot",
        "greedy": ".bots.heuristic:DobonGreedyBot",
        "expert": ".bots.expert:DobonExpertBot",
        "caller": ".bots.styles:DobonCaller",
        "shed-high": ".bots.styles:DobonShedHigh",
        "no-interrupt": ".bots.styles:DobonNoInterrupt",
    },
    heuristic="rule",
    styles=("caller", "shed-high", "no-interrupt"),
    narrator=".narrate:NARRATOR",
    page="page.js",
    encoder=".obs:DobonEncoder",
    kernel=".kernel.batch:DobonBatch",
    words={"ドボン": "dobon", "どぼん": "dobon", "引く": "draw", "ひく": "draw", "ドロー": "draw"},
    hand_total=".rules.view:hand_total",
)

__all__ = [
    "DOBON",
    "MANIFEST",
    "Delay",
    "Dobon",
    "DobonAction",
    "DobonGame",
    "DobonOptions",
    "DobonState",
    "DobonView",
    "Draw",
    "Pass",
    "Play",
    "Seen",
    "parse_action",
]
