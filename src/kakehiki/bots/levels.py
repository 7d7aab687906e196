"""Skill levels every game offers: ``easy`` and ``normal``.

``normal`` is the game's own heuristic bot; ``easy`` is the same bot playing a
uniformly random legal action half the time, like a beginner.  A game without a
heuristic bot yet plays ``random`` at both levels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kakehiki.bots import Bot, RandomBot, make_bot, register_bot
from kakehiki.core import Action
from kakehiki.errors import KakehikiError

HEURISTIC = {
    "dobon": "rule",
    "dobon-arith": "rule",
    "doubt": "count",
    "million-doubt": "heuristic",
    "dhumbal": "threshold",
}


@dataclass
class EpsilonBot:
    """Plays ``bot`` but picks uniformly at random with probability ``epsilon``."""

    bot: Bot
    epsilon: float
    name: str

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        return self.bot.choose(view, legal, rng)


def heuristic_bot(game_id: str) -> Bot:
    """The game's heuristic bot, or ``random`` while the game has none."""
    try:
        return make_bot(game_id, HEURISTIC[game_id])
    except KakehikiError:
        return RandomBot()


def _register(game_id: str) -> None:
    register_bot(game_id, "normal", lambda: _named(heuristic_bot(game_id), "normal"))
    register_bot(game_id, "easy", lambda: EpsilonBot(heuristic_bot(game_id), 0.5, "easy"))


def _named(bot: Bot, name: str) -> Bot:
    return EpsilonBot(bot, 0.0, name)


for _game_id in HEURISTIC:
    _register(_game_id)
register_bot("*", "normal", lambda: _named(RandomBot(), "normal"))
register_bot("*", "easy", lambda: _named(RandomBot(), "easy"))
