"""A bot's play as a network: record its decisions on the reference engine, fit a classifier.

Deep Monte Carlo (:mod:`kakehiki.rl.dmc`) learns against whatever sits in the other seats of
the compiled engine, and the engine's own bots are few (``random``; Dobon's ``greedy``).  The
project's Python bots (``normal``, the styles) play far slower, so they cannot sit there
themselves; a network that imitates each of them can (:class:`~kakehiki.rl.compiled.CompiledVectorEnv`
seats networks in the kernel's loop).  :func:`distill` makes one: every seat of ``games``
reference games plays the bot, each decision with more than one legal action is recorded (the
seat's observation, its legal actions and the bot's choice), and the network is fitted to the
choices by softmax cross-entropy over the legal actions.  :func:`agreement` says how often the
network picks what the bot picked on decisions it was not fitted to.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.bots import Bot, make_bot
from kakehiki.bots.policy import Network
from kakehiki.core import Action
from kakehiki.driver import play_out
from kakehiki.registry import get_game
from kakehiki.rl.dmc import DMCConfig, QNet, policy_meta
from kakehiki.rl.obs import encoder
from kakehiki.rl.table import RLTable

ROW_PASSES = 600_000
"""Rows a fit goes through by default: more passes over few decisions, fewer over many."""


@dataclass
class Decisions:
    """Recorded decisions: observations, legal-action masks and the actions chosen."""

    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    masks: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)

    def arrays(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
        return np.stack(self.obs), np.stack(self.masks), np.asarray(self.actions, dtype=np.int64)


@dataclass
class Recorder:
    """Plays ``bot`` and notes each of its decisions that had a choice."""

    bot: Bot
    table: RLTable
    into: Decisions
    name: str = "recorder"

    def __post_init__(self) -> None:
        self.encode = encoder(self.table.game.id, self.table.players).encode
        probe = self.table.game.new(players=self.table.players, options=dict(self.table.options), seed=0)
        self.index = self.table.game.action_space(probe).index

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if len(legal) > 1:
            mask = np.zeros(self.table.n_actions, dtype=np.uint8)
            mask[[self.index(a) for a in legal]] = 1
            self.into.obs.append(self.encode(view))
            self.into.masks.append(mask)
            self.into.actions.append(self.index(action))
        return action


def record(game_id: str, bot: str, games: int, players: int | None = None, seed: int = 0,
           cpu_seconds: float | None = None) -> Decisions:
    """Every decision with a choice that ``bot`` made in ``games`` reference games (fewer if
    ``cpu_seconds`` of CPU time run out first: a slow bot), every seat ``bot``."""
    table = RLTable(game_id, players)
    game, found = get_game(game_id), Decisions()
    seats = [Recorder(make_bot(game_id, bot), table, found) for _ in range(table.players)]
    began = time.process_time()
    for k in range(games):
        state = game.new(players=table.players, options=dict(table.options), seed=seed + k)
        play_out(game, state, seats, seed=seed + k)
        if cpu_seconds is not None and time.process_time() - began > cpu_seconds:
            break
    return found


def fit_choices(net: QNet, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.uint8],
                actions: npt.NDArray[np.int64]) -> float:
    """One Adam step of softmax cross-entropy over the legal actions; the loss before it."""
    outs = net.forward(obs)
    scores = np.where(masks != 0, outs[-1], -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(obs))
    loss = float(-np.log(np.maximum(p[rows, actions], 1e-12)).mean())
    grad = p
    grad[rows, actions] -= 1.0
    net.step_from_output(outs, (grad / len(obs)).astype(np.float32))
    return loss


def agreement(net: Network, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.uint8],
              actions: npt.NDArray[np.int64]) -> float:
    """The share of decisions where ``net``'s highest-scored legal action is the recorded one."""
    from kakehiki.rl.compiled import masked_argmax

    return float((masked_argmax(net.scores(obs), masks) == actions).mean())


def distill(game_id: str, bot: str, games: int, players: int | None = None, hidden: tuple[int, ...] = (128, 64),
            epochs: int | None = None, batch: int = 256, seed: int = 0,
            cpu_seconds: float | None = None) -> tuple[Network, float]:
    """A network imitating ``bot`` (see the module), and its agreement on a held-out tenth.
    ``epochs`` passes over the decisions (default: about :data:`ROW_PASSES` rows in all, 2 to 20
    passes)."""
    table = RLTable(game_id, players)
    obs, masks, actions = record(game_id, bot, games, players, seed, cpu_seconds).arrays()
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(obs))
    held, fit = order[: len(order) // 10], order[len(order) // 10:]
    net = QNet([table.obs_size, *hidden, table.n_actions], seed=seed)
    passes = epochs if epochs is not None else max(2, min(20, ROW_PASSES // max(1, len(fit))))
    for _ in range(passes):
        for idx in np.array_split(rng.permutation(fit), max(1, len(fit) // batch)):
            fit_choices(net, obs[idx], masks[idx], actions[idx])
    meta = policy_meta(table, DMCConfig(hidden=hidden))
    meta["trained"] = {"learner": "imitation", "bot": bot, "games": games, "decisions": len(fit)}
    network = net.network(meta)
    return network, agreement(network, obs[held], masks[held], actions[held])
