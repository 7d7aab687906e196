"""Experience for training, gathered in parallel: on this machine's processes or a Ray cluster.

A :class:`Rollouts` spec names one learning seat (:class:`~kakehiki.rl.single.SeatEnv`), the
bots around it and the learner's network (a numpy MLP, :class:`kakehiki.bots.policy.Network`,
or none: uniformly random legal actions).  :func:`collect` plays ``episodes`` games cut into
chunks, each chunk on a worker of ``pool`` (a process pool, or :func:`kakehiki.cluster.ray_pool`),
and returns the steps in one :class:`Batch`.  Chunk ``k`` is seeded from ``(seed, k)`` alone, so
the same call gives the same arrays wherever the chunks ran::

    with ray_pool("local") as pool:
        batch = collect(Rollouts("doubt", opponents="normal"), episodes=64, seed=1, pool=pool)
    batch.observations.shape   # (steps, the encoder's size)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from kakehiki.rl.single import SeatEnv
from kakehiki.rl.table import Rewards

if TYPE_CHECKING:
    from kakehiki.bots.policy import Network


@dataclass(frozen=True)
class Rollouts:
    """What to play: the game and table, the bots in the other seats, the learner's network."""

    game: str
    players: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    opponents: str | Sequence[str] = "normal"
    rewards: Rewards = "win_loss"
    network: Network | None = None
    """Scores every action from the observation; the learner samples a legal action from the
    softmax of its scores at ``temperature`` (0: the best-scored legal action)."""
    temperature: float = 1.0

    def env(self) -> SeatEnv:
        return SeatEnv(self.game, self.players, self.options, self.opponents, seat="random", rewards=self.rewards)


@dataclass(frozen=True)
class Batch:
    """The learner's steps, in play order: what it saw, could do, did and got."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    ends: npt.NDArray[np.bool_]
    """True on each game's last step (terminated or truncated)."""
    returns: npt.NDArray[np.float32]
    """One per game: the reward it ended with."""
    truncated: int = 0
    redeals: int = 0

    @property
    def episodes(self) -> int:
        return len(self.returns)


def collect(spec: Rollouts, episodes: int, seed: int = 0, pool: Executor | None = None, chunks: int = 1) -> Batch:
    """``episodes`` games of ``spec`` in ``chunks`` chunks (on ``pool`` if given, else here),
    joined in chunk order."""
    if episodes < 1 or chunks < 1:
        raise ValueError(f"episodes and chunks must be at least 1, not {episodes} and {chunks}")
    sizes = [episodes // chunks + (k < episodes % chunks) for k in range(min(chunks, episodes))]
    if pool is None:
        parts = [play_chunk(spec, n, seed, k) for k, n in enumerate(sizes)]
    else:
        jobs = [pool.submit(play_chunk, spec, n, seed, k) for k, n in enumerate(sizes)]
        parts = [job.result() for job in jobs]
    return join(parts)


def play_chunk(spec: Rollouts, episodes: int, seed: int, chunk: int) -> Batch:
    """One worker's games: a fresh environment seeded from ``(seed, chunk)``."""
    env = spec.env()
    rng = np.random.default_rng([seed, chunk])
    steps: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], int, float, bool]] = []
    returns: list[float] = []
    truncated = 0
    obs, info = env.reset(seed=int(rng.integers(2**31)))
    while len(returns) < episodes:
        mask = np.asarray(info["action_mask"], dtype=bool)
        action = choose(spec, obs, mask, rng)
        next_obs, reward, over, cut, info = env.step(action)
        steps.append((obs, mask, action, float(reward), over or cut))
        obs = next_obs
        if over or cut:
            returns.append(float(reward))
            truncated += cut
            obs, info = env.reset()
    return Batch(
        np.array([s[0] for s in steps], dtype=np.float32).reshape(len(steps), -1),
        np.array([s[1] for s in steps], dtype=bool).reshape(len(steps), -1),
        np.array([s[2] for s in steps], dtype=np.int64),
        np.array([s[3] for s in steps], dtype=np.float32),
        np.array([s[4] for s in steps], dtype=bool),
        np.array(returns, dtype=np.float32), truncated, env.redeals,
    )


def choose(spec: Rollouts, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> int:
    """The learner's action: sampled from the network's softmax over the legal actions."""
    legal = np.flatnonzero(mask)
    if spec.network is None:
        return int(rng.choice(legal))
    scores = spec.network.scores(obs)[legal].astype(np.float64)
    if spec.temperature <= 0:
        return int(legal[int(np.argmax(scores))])
    weights = np.exp((scores - scores.max()) / spec.temperature)
    return int(rng.choice(legal, p=weights / weights.sum()))


def join(parts: Sequence[Batch]) -> Batch:
    def cat(name: str) -> Any:
        return np.concatenate([getattr(p, name) for p in parts])

    return Batch(cat("observations"), cat("masks"), cat("actions"), cat("rewards"), cat("ends"), cat("returns"),
                 sum(p.truncated for p in parts), sum(p.redeals for p in parts))
