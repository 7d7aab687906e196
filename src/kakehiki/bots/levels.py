"""Skill levels every game offers: ``easy``, ``normal`` and ``hard``.

``normal`` is the game's own heuristic bot; ``easy`` is the same bot playing a
uniformly random legal action half the time, like a beginner; ``hard`` is the
game's ``expert`` bot, the strongest one measured in the arena (see each game's
``games/<package>/spec.md``, section Bots).  A game without a heuristic bot yet plays
``random`` at ``easy`` and ``normal``, and the search bot at ``hard``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from kakehiki.bots import Bot, RandomBot, make_bot, register_bot
from kakehiki.bots.search import Sampler, SamplingBot, SearchBot
from kakehiki.core import Action, Game
from kakehiki.errors import KakehikiError
from kakehiki.manifest import ByGame, find
from kakehiki.registry import game_ids

HEURISTIC: Mapping[str, str] = ByGame(lambda m: m.heuristic)
"""Each game's heuristic bot, as its manifest names it (:attr:`kakehiki.manifest.GameManifest.heuristic`)."""
EXPERT = "expert"
LEVELS = ("easy", "normal", "hard")


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


@dataclass
class LevelBot:
    """A bot under a level's name.  It offers no ``choose_sampled``: a host then builds no
    sampler for it (sampling hidden cards at every decision costs time and draws from the
    bot's generator); :func:`level_bot` wraps a searching bot in :class:`SamplingLevelBot`."""

    bot: Bot
    name: str

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.bot.choose(view, legal, rng)


@dataclass
class SamplingLevelBot(LevelBot):
    """A searching bot under a level's name (made by :func:`level_bot`): it keeps its sampler."""

    def choose_sampled(
        self, game: Game[Any, Any, Any], seat: int, view: Any, legal: Sequence[Action], rng: random.Random,
        sample: Sampler,
    ) -> Action:
        return cast(SamplingBot, self.bot).choose_sampled(game, seat, view, legal, rng, sample)


def level_bot(bot: Bot, name: str) -> LevelBot:
    """``bot`` under the level ``name``, keeping its sampler only if it searches."""
    return SamplingLevelBot(bot, name) if isinstance(bot, SamplingBot) else LevelBot(bot, name)


def heuristic_bot(game_id: str) -> Bot:
    """The game's heuristic bot, or ``random`` while the game has none."""
    try:
        manifest = find(game_id)
        if manifest is None or manifest.heuristic is None:
            return RandomBot()
        return make_bot(game_id, manifest.heuristic)
    except KakehikiError:
        return RandomBot()


def expert_bot(game_id: str) -> Bot:
    """The game's ``expert`` bot, or a search bot rolling out its heuristic."""
    try:
        return make_bot(game_id, EXPERT)
    except KakehikiError:
        return SearchBot(rollout=heuristic_bot(game_id))


def _register(game_id: str) -> None:
    register_bot(game_id, "hard", lambda: level_bot(expert_bot(game_id), "hard"))
    register_bot(game_id, "normal", lambda: level_bot(heuristic_bot(game_id), "normal"))
    register_bot(game_id, "easy", lambda: EpsilonBot(heuristic_bot(game_id), 0.5, "easy"))


for _game_id in game_ids():
    _register(_game_id)
register_bot("*", "hard", lambda: level_bot(SearchBot(), "hard"))
register_bot("*", "normal", lambda: level_bot(RandomBot(), "normal"))
register_bot("*", "easy", lambda: level_bot(RandomBot(), "easy"))
