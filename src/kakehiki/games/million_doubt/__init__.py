"""Million Doubt (game id ``million-doubt``): Daifugo with face-down plays and Doubt."""

from kakehiki.games.million_doubt.rules.actions import (
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
from kakehiki.games.million_doubt.rules.game import MILLION_DOUBT, MillionDoubtGame
from kakehiki.games.million_doubt.rules.lays import Lay
from kakehiki.games.million_doubt.rules.state import MillionDoubtOptions, MillionDoubtState
from kakehiki.games.million_doubt.rules.view import MillionDoubtView, SeenPlay
from kakehiki.manifest import GameManifest

MANIFEST = GameManifest(
    game=MILLION_DOUBT,
    package=__name__,
    order=40,
    bots={
        "heuristic": ".bots.heuristic:MillionDoubtHeuristicBot",
        "expert": ".bots.expert:MillionDoubtExpertBot",
        "doubt-all": ".bots.styles:DoubtAll",
        "doubt-never": ".bots.styles:DoubtNever",
        "doubt-half": ".bots.styles:DoubtHalf",
        "lie": ".bots.styles:Liar",
        "truth": ".bots.styles:Truthful",
        "all-down": ".bots.styles:AllDown",
        "no-down": ".bots.styles:NoDown",
        "lowest": ".bots.styles:Lowest",
        "switch": ".bots.styles:Switcher",
    },
    heuristic="heuristic",
    styles=("lie", "truth", "doubt-all", "doubt-never", "doubt-half", "all-down", "no-down", "lowest", "switch"),
    narrator=".narrate:NARRATOR",
    page="page.js",
    encoder=".obs:MillionDoubtEncoder",
    kernel=".kernel.batch:MillionDoubtBatch",
    words={
        "ダウト": "doubt", "だうと": "doubt", "ショー": "show", "見せる": "show", "伏せる": "hide", "ふせる": "hide",
        "渡す": "give", "わたす": "give", "終わり": "done", "おわり": "done", "完了": "done", "取り消し": "undo",
        "戻す": "undo", "革命": "revolution",
    },
    brief=".narrate:brief",
)

__all__ = [
    "MANIFEST", "MILLION_DOUBT", "Done", "Doubt", "Give", "Hide", "Lay", "MillionDoubtAction", "MillionDoubtGame",
    "MillionDoubtOptions", "MillionDoubtState", "MillionDoubtView", "Pass", "Play", "SeenPlay", "Show",
    "legacy_actions", "parse_action",
]
