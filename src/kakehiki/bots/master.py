"""The ``master`` level: each game's learned policy, trained by self-play on the compiled engine.

A game's folder may ship ``master-<seats>.npz`` (``master-4.npz``: four seats), policy files
(:mod:`kakehiki.bots.policy`) trained by deep Monte Carlo against imitations of the project's
bots and the policy's own past versions (:mod:`kakehiki.rl.dmc`, :mod:`kakehiki.rl.imitate`;
``python -m kakehiki.rl.master train GAME`` is the command that makes them again).  ``master``
plays one as the ``policy:PATH`` bot does: the seat's view encoded, the network run in numpy,
the legal action it scores highest.

Each policy is trained for one table size under the game's default rules.  At a table none was
trained for (a number of seats with no file, or a move its action space has no number for)
``master`` plays as ``hard`` instead; :attr:`MasterBot.learned` and :attr:`MasterBot.fallback`
count which played.  The level is offered only by a game that ships a policy (and where numpy,
the ``rl`` extra, is installed): a shipped policy must beat ``hard`` in the arena first (the
game's spec, section Bots, has the figures), so no game ships one yet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, partial
from importlib.resources import as_file, files
from typing import Any

from kakehiki.bots import Bot, make_bot, register_bot
from kakehiki.core import Action, Game
from kakehiki.errors import KakehikiError
from kakehiki.manifest import find
from kakehiki.registry import game_ids, get_game

MASTER = "master"


def policy_file(players: int) -> str:
    """The name of a game's shipped policy for ``players`` seats."""
    return f"master-{players}.npz"


@cache
def master_path(game_id: str, players: int) -> str | None:
    """The path of ``game_id``'s shipped policy for ``players`` seats, or None if it has none
    (or numpy is missing)."""
    manifest = find(game_id)
    if manifest is None:
        return None
    resource = files(manifest.package).joinpath(policy_file(players))
    if not resource.is_file():
        return None
    try:
        import numpy  # noqa: F401  # the rl extra's: without it the level plays hard
    except ImportError:
        return None
    with as_file(resource) as path:  # a real file for an installed package (zip imports aside)
        return str(path)


@cache
def _policy(game_id: str, players: int) -> Any:
    from kakehiki.bots.policy import PolicyBot

    path = master_path(game_id, players)
    return None if path is None else PolicyBot(game_id, path)


class MasterBot:
    """The learned policy where it was trained for the table, else the ``hard`` level."""

    name = MASTER

    def __init__(self, game_id: str, hard: Bot) -> None:
        self.game_id = game_id
        self.hard = hard
        self.learned = 0  # decisions the policy made
        self.fallback = 0  # decisions hard made instead

    def policy(self, view: Any, legal: Sequence[Action]) -> Any:
        """The policy trained for this table (its size; every legal move numbered), or None."""
        policy = _policy(self.game_id, len(view.hand_sizes))
        if policy is None:
            return None
        try:
            for action in legal:
                policy.space.index(action)
        except (KakehikiError, KeyError, ValueError, IndexError):
            return None
        return policy

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        policy = self.policy(view, legal)
        if policy is not None:
            self.learned += 1
            chosen: Action = policy.choose(view, legal, rng)
            return chosen
        self.fallback += 1
        return self.hard.choose(view, legal, rng)


class SamplingMasterBot(MasterBot):
    """A ``master`` whose ``hard`` searches: a host hands it a sampler, used where hard plays."""

    def choose_sampled(self, game: Game[Any, Any, Any], seat: int, view: Any, legal: Sequence[Action],
                       rng: random.Random, sample: Any) -> Action:
        if self.policy(view, legal) is not None:
            return self.choose(view, legal, rng)
        self.fallback += 1
        chosen: Action = self.hard.choose_sampled(game, seat, view, legal, rng, sample)  # type: ignore[attr-defined]
        return chosen


def master_bot(game_id: str) -> MasterBot:
    """``game_id``'s ``master`` level, with its ``hard`` level to fall back on."""
    hard = make_bot(game_id, "hard")
    kind = SamplingMasterBot if hasattr(hard, "choose_sampled") else MasterBot
    return kind(game_id, hard)


def ships_policy(game_id: str) -> bool:
    """Whether ``game_id``'s folder holds a policy for some table size (and numpy can play it)."""
    game = get_game(game_id)
    return any(master_path(game_id, n) is not None for n in range(game.min_players, game.max_players + 1))


for _game_id in game_ids():
    if ships_policy(_game_id):  # a level that would only be hard under another name is not offered
        register_bot(_game_id, MASTER, partial(master_bot, _game_id))
