"""Daifugo (大富豪, game id ``daifugo``): the climbing game with ranks carried from game to game."""

from kakehiki.games.daifugo.rules.game import DAIFUGO, DaifugoGame
from kakehiki.games.daifugo.rules.model import (
    DaifugoAction,
    DaifugoOptions,
    DaifugoState,
    DaifugoView,
    Give,
    Pass,
    Play,
    Show,
    parse_action,
)
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=DAIFUGO,
    package=__name__,
    order=30,
    bots={
        "heuristic": ".bots:DaifugoHeuristicBot",
        "expert": ".bots:DaifugoExpertBot",
        "lowest": ".bots:Lowest",
        "shed-high": ".bots:Highest",
        "greedy": ".bots:Greedy",
    },
    heuristic="heuristic",
    styles=("lowest", "shed-high", "greedy"),
    narrator=".narrate:NARRATOR",
    encoder=".obs:DaifugoEncoder",
    kernel=".kernel.batch:DaifugoBatch",
    words={"渡す": "give", "わたす": "give", "革命": "play"},
    brief=".narrate:brief",
    page="page.js",
)

__all__ = [
    "DAIFUGO", "MANIFEST", "DaifugoAction", "DaifugoGame", "DaifugoOptions", "DaifugoState", "DaifugoView", "Give",
    "Pass", "Play", "Show", "parse_action",
]
