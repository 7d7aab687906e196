"""Doubt, also known as Cheat or I Doubt It (game id ``doubt``)."""

from kakehiki.games.doubt.rules.actions import (
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
from kakehiki.games.doubt.rules.game import DOUBT_GAME, DoubtGame
from kakehiki.games.doubt.rules.legacy import legacy_actions
from kakehiki.games.doubt.rules.state import DoubtOptions, DoubtState, Phase, PileEntry, RoundOutcome
from kakehiki.games.doubt.rules.view import DoubtView, PileView
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=DOUBT_GAME,
    package=__name__,
    order=20,
    bots={
        "count": ".bots.heuristic:CountBot",
        "honest": ".bots.heuristic:HonestBot",
        "expert": ".bots.expert:ExpertBot",
        "doubt-all": ".bots.styles:DoubtAll",
        "doubt-never": ".bots.styles:DoubtNever",
        "doubt-half": ".bots.styles:DoubtHalf",
        "lie": ".bots.styles:DoubtLiar",
        "truth": ".bots.styles:DoubtTruthful",
        "lowest": ".bots.styles:DoubtLowest",
    },
    heuristic="count",
    styles=("lie", "truth", "doubt-all", "doubt-never", "doubt-half", "lowest"),
    narrator=".narrate:NARRATOR",
    page="page.js",
    encoder=".obs:DoubtEncoder",
    kernel=".kernel.batch:DoubtBatch",
    words={"ダウト": "doubt", "だうと": "doubt", "足す": "add", "たす": "add", "加える": "add"},
    brief=".narrate:brief",
)

__all__ = [
    "DOUBT",
    "DOUBT_GAME",
    "MANIFEST",
    "PASS",
    "Add",
    "Doubt",
    "DoubtAction",
    "DoubtGame",
    "DoubtOptions",
    "DoubtState",
    "DoubtView",
    "Pass",
    "Phase",
    "PileEntry",
    "PileView",
    "Play",
    "RoundOutcome",
    "legacy_actions",
    "next_step",
    "parse_action",
    "steps_of",
]
