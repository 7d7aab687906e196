"""Deep Monte Carlo on the compiled engine: how each game's ``master`` policy is trained.

DouZero's learner (Zha et al. 2021), in numpy: a network scores every action of the game's
action space, and each score is trained toward what the game finally paid the seat that took
that action, from that position (the Monte Carlo return; no bootstrapping, so hidden cards and
the other seats' calls out of turn need no model).  Played as the ``policy:PATH`` bot plays any
network (the legal action scored highest), the scores are estimates of how often that action
wins, so the bot is the greedy policy of what it learned.

One round of :func:`train`:

1. **play**: ``num_envs`` games of :class:`~kakehiki.rl.compiled.CompiledVectorEnv`, the learner
   in a random seat, the other seats drawn per game from the pool (the current network, its
   last ``pool_size`` snapshots, so it learns against itself as it was and is, and the
   ``fixed`` networks, e.g. imitations of the project's bots) or a kernel bot
   (``bots``, e.g. ``random``); the learner plays its greedy move, or with probability
   ``epsilon`` a uniformly random legal one;
2. **learn**: every decision of a finished game (a position with more than one legal action)
   with the game's reward for that seat (``rewards``, default ``win``: 1 for a win, else 0;
   times ``discount`` per decision the seat made after it, which in long games such as Doubt
   credits the moves near the end more and prefers quicker wins) becomes a row; a pass of
   minibatch Adam over the rows fits the chosen action's score to it;
3. every ``snapshot_every`` rounds the network joins the pool.

Positions of games still running wait in :class:`Episodes` until their game ends.  The loop
stops after ``cpu_seconds`` of this process's CPU time (``time.process_time``) or ``rounds``.
``python -m kakehiki.rl.master train GAME`` is the command that trains a shipped policy.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.bots.policy import FORMAT, Network
from kakehiki.rl.compiled import CompiledVectorEnv, masked_argmax
from kakehiki.rl.table import RLTable

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]


@dataclass
class DMCConfig:
    """The learner's settings (the defaults are those the shipped policies were trained with)."""

    hidden: tuple[int, ...] = (128, 64)
    num_envs: int = 128
    steps: int = 64  # env steps per round (rows per round: about num_envs × steps)
    epsilon: float = 0.05
    lr: float = 1e-3
    batch: int = 512
    pool_size: int = 4
    snapshot_every: int = 20
    self_play: bool = True  # False: the pool is the ``fixed`` networks alone (a best response to them)
    bots: tuple[str, ...] = ()  # kernel bots seated besides the pool, one seat each in turn
    rewards: str = "win"
    discount: float = 1.0  # per later decision of the seat: below 1 prefers the shorter way to a win
    cpu_seconds: float = 600.0
    rounds: int | None = None


class QNet:
    """A ReLU MLP with an Adam optimiser, trained on one output per row (the action taken)."""

    def __init__(self, sizes: Sequence[int], seed: int = 0, lr: float = 1e-3) -> None:
        rng = np.random.default_rng(seed)
        self.params: list[Floats] = []
        for a, b in pairwise(sizes):
            self.params.append((rng.normal(size=(a, b)) * np.sqrt(2.0 / a)).astype(np.float32))
            self.params.append(np.zeros(b, dtype=np.float32))
        self.params[-2] *= np.float32(0.1)  # small first scores: no action strongly preferred
        self.lr = lr
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def forward(self, x: Floats) -> list[Floats]:
        """The input, each hidden layer's output, and the scores."""
        outs = [x]
        layers = len(self.params) // 2
        for i in range(layers):
            z = outs[-1] @ self.params[2 * i] + self.params[2 * i + 1]
            outs.append(np.maximum(z, 0.0) if i < layers - 1 else z)
        return outs

    def fit(self, x: Floats, actions: Ints, targets: Floats) -> float:
        """One Adam step on the squared error of the taken actions' scores; the loss before it."""
        outs = self.forward(x)
        rows = np.arange(len(x))
        error = outs[-1][rows, actions] - targets
        grad = np.zeros_like(outs[-1])
        grad[rows, actions] = 2.0 * error / len(x)
        self.step_from_output(outs, grad)
        return float(np.mean(error**2))

    def step_from_output(self, outs: Sequence[Floats], grad: Floats) -> None:
        """One Adam step, back-propagating ``grad`` (the loss's gradient by the scores) through
        the layers whose outputs ``outs`` the forward pass gave."""
        grads: list[Floats] = [np.empty(0, dtype=np.float32)] * len(self.params)
        for i in range(len(self.params) // 2 - 1, -1, -1):
            grads[2 * i] = outs[i].T @ grad
            grads[2 * i + 1] = grad.sum(axis=0)
            if i:
                grad = (grad @ self.params[2 * i].T) * (outs[i] > 0)
        self._adam(grads)

    def _adam(self, grads: Sequence[Floats], b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> None:
        self.t += 1
        step = self.lr * np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (step * m / (np.sqrt(v) + eps)).astype(np.float32)

    def network(self, meta: Mapping[str, Any]) -> Network:
        """The current weights as a policy-file network (a copy: training goes on without it)."""
        return Network(dict(meta), tuple(p.copy() for p in self.params[0::2]),
                       tuple(p.copy() for p in self.params[1::2]), "relu", None, None)


@dataclass
class Episodes:
    """The learner's decisions of games still running, kept until each game's reward is known."""

    obs: list[Floats] = field(default_factory=list)
    actions: list[Ints] = field(default_factory=list)
    episodes: list[Ints] = field(default_factory=list)
    rewards: dict[int, float] = field(default_factory=dict)

    def add(self, obs: Floats, actions: Ints, episodes: Ints) -> None:
        self.obs.append(obs)
        self.actions.append(actions)
        self.episodes.append(episodes)

    def end(self, episodes: Ints, rewards: npt.NDArray[np.float64]) -> None:
        self.rewards.update(zip(episodes.tolist(), rewards.tolist(), strict=True))

    def finished(self, discount: float = 1.0) -> tuple[Floats, Ints, Floats]:
        """The rows of every game that has ended (removed from here), with their rewards, each
        times ``discount`` to the power of the decisions its seat made after it in that game."""
        if not self.obs:
            return np.zeros((0, 0), np.float32), np.zeros(0, np.int64), np.zeros(0, np.float32)
        obs: Floats = np.concatenate(self.obs)
        actions: Ints = np.concatenate(self.actions)
        episodes: Ints = np.concatenate(self.episodes)
        known = np.fromiter(self.rewards, dtype=np.int64, count=len(self.rewards))
        done = np.isin(episodes, known)
        self.obs, self.actions, self.episodes = [obs[~done]], [actions[~done]], [episodes[~done]]
        lookup = self.rewards
        ended = episodes[done]
        targets = np.fromiter((lookup[e] for e in ended.tolist()), dtype=np.float32, count=len(ended))
        self.rewards = {}
        if discount != 1.0:
            targets *= np.float32(discount) ** decisions_left(ended)
        return obs[done], actions[done], targets


def decisions_left(episodes: Ints) -> Ints:
    """For each row (rows of one episode in the order they were decided), how many decisions of
    its episode come after it."""
    order = np.argsort(episodes, kind="stable")
    ordered = episodes[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, len(ordered)])
    rank = np.arange(len(ordered)) - np.repeat(starts, sizes)
    left = np.empty(len(episodes), dtype=np.int64)
    left[order] = np.repeat(sizes, sizes) - 1 - rank
    return left


@dataclass
class Progress:
    """What a training run did: rounds, rows learned from, CPU seconds, the loss by round."""

    rounds: int = 0
    rows: int = 0
    games: int = 0
    cpu_seconds: float = 0.0
    losses: list[float] = field(default_factory=list)


def policy_meta(table: RLTable, config: DMCConfig, progress: Progress | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"format": FORMAT, "game": table.game.id, "players": table.players,
                            "options": dict(table.options), "activation": "relu", "layers": len(config.hidden) + 1,
                            "trained": {"learner": "dmc", "rewards": config.rewards, "hidden": list(config.hidden),
                                        "epsilon": config.epsilon, "bots": list(config.bots),
                                        "discount": config.discount}}
    if progress is not None:
        meta["trained"].update(rounds=progress.rounds, rows=progress.rows, games=progress.games,
                               cpu_seconds=round(progress.cpu_seconds, 1))
    return meta


def train(game: str, players: int | None = None, options: Mapping[str, object] | None = None,
          config: DMCConfig | None = None, seed: int = 0, jit: bool | None = None,
          start: Network | None = None, report: Callable[[Progress], None] | None = None,
          fixed: Sequence[Network] = ()) -> tuple[Network, Progress]:
    """A network for ``game`` trained by deep Monte Carlo self-play (see the module).  ``fixed``
    networks stay in the pool throughout (e.g. imitations of the project's bots,
    :mod:`kakehiki.rl.imitate`), beside the learner's own versions."""
    cfg = config or DMCConfig()
    table = RLTable(game, players, options)
    n = table.players
    qnet = QNet([table.obs_size, *cfg.hidden, table.n_actions], seed=seed, lr=cfg.lr)
    if start is not None:
        qnet.params = [a.copy() for pair in zip(start.weights, start.biases, strict=True) for a in pair]
    meta = policy_meta(table, cfg)
    pool = [qnet.network(meta)] if cfg.self_play else []
    if not pool and not fixed:
        raise ValueError("without self-play the pool needs fixed networks")
    seats = [cfg.bots[s % len(cfg.bots)] if cfg.bots and s % 2 else "pool" for s in range(n - 1)]
    env = CompiledVectorEnv(game, cfg.num_envs, players, options, opponents=seats, seat="random",
                            rewards=cfg.rewards, pool=[*fixed, *pool], jit=jit)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    episode = np.arange(cfg.num_envs, dtype=np.int64)
    next_episode = cfg.num_envs
    store, progress = Episodes(), Progress()
    began = time.process_time()
    while (cfg.rounds is None or progress.rounds < cfg.rounds) and progress.cpu_seconds < cfg.cpu_seconds:
        current = qnet.network(meta)
        for _ in range(cfg.steps):
            mask = info["action_mask"]
            act = masked_argmax(current.scores(obs), mask)
            explore = rng.random(cfg.num_envs) < cfg.epsilon
            if explore.any():
                act[explore] = np.argmax(rng.random(mask[explore].shape) * mask[explore], axis=1)
            choice = (mask != 0).sum(axis=1) > 1
            store.add(obs[choice], act[choice], episode[choice])
            obs, reward, terminated, truncated, info = env.step(act)
            ended = np.flatnonzero(terminated | truncated)
            if len(ended):
                store.end(episode[ended], reward[ended])
                episode[ended] = np.arange(next_episode, next_episode + len(ended))
                next_episode += len(ended)
                progress.games += len(ended)
        x, a, g = store.finished(cfg.discount)
        order = rng.permutation(len(x))
        losses = [qnet.fit(x[idx], a[idx], g[idx]) for idx in np.array_split(order, max(1, len(x) // cfg.batch))
                  if len(idx)]
        progress.rounds += 1
        progress.rows += len(x)
        progress.losses.append(float(np.mean(losses)) if losses else float("nan"))
        if cfg.self_play:
            if progress.rounds % cfg.snapshot_every == 0:
                pool = [*pool[-cfg.pool_size:], qnet.network(meta)]
            else:
                pool[-1] = qnet.network(meta)
            env.set_pool([*fixed, *pool])
        progress.cpu_seconds = time.process_time() - began
        if report is not None:
            report(progress)
    return qnet.network(policy_meta(table, cfg, progress)), progress


def exploitability(game: str, policy: Network, config: DMCConfig | None = None, games: int = 4000,
                   seed: int = 1, jit: bool | None = None) -> tuple[float, float, Network]:
    """How much a best response gains over ``policy``: a network trained from fresh weights
    against ``policy`` in every other seat (the learner of this module, no self-play), then the
    response's win rate and ``policy``'s own (in its own place, against itself) over ``games``
    games from the same deals with the seat drawn at random.  The estimate is their difference
    (a lower bound: the response is only as good as its training)."""
    from kakehiki.rl.selfplay import play_games

    cfg = config or DMCConfig()
    cfg = DMCConfig(**{**cfg.__dict__, "self_play": False})
    players = policy.meta["players"]
    response, _ = train(game, players, policy.meta["options"], cfg, seed=seed, jit=jit, fixed=[policy])
    judge = CompiledVectorEnv(game, min(games, 256), players, policy.meta["options"], opponents=policy,
                              seat="random", rewards="win", jit=jit)
    return (float(play_games(judge, response, games, seed).mean()),
            float(play_games(judge, policy, games, seed).mean()), response)
