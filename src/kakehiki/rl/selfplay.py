"""Self-play on the compiled engine: train a numpy MLP against a growing pool of its own past
versions and the built-in bots, gate each new version in the arena, and estimate how
exploitable the result is.

Everything here is numpy (no torch): the policy is the ``policy:PATH`` bot's network
(:class:`~kakehiki.bots.policy.Network`, file format ``kakehiki-mlp-policy/1``), so what the loop
writes plays in ``kakehiki arena``, ``sim``, ``play`` and the server as it is.  The learner is
trained by **evolution strategies** with antithetic pairs (Salimans et al. 2017): each
generation perturbs the weights ``±σ·ε`` for a few directions, plays each perturbed policy for a
batch of games in :class:`~kakehiki.rl.compiled.CompiledVectorEnv` (the learner's moves masked
argmax, as the bot plays them) and moves the weights along the rank-weighted directions.  It is
the simplest learner that needs nothing but game results, and it uses the compiled engine's
speed directly; a gradient learner (PPO on the same env) can take its place in the loop.

The loop (:func:`self_play`), per round:

1. **train** the current policy for ``generations`` against opponents drawn per game from the
   pool of past versions plus the built-in kernel bots (``pool`` opponents);
2. **gate**: play the candidate against the last accepted version in the arena
   (:func:`arena_gate`, the compiled env with the accepted version in every other seat) and
   accept it if its mean reward there is at least ``gate`` (0: no worse than even);
3. an accepted version joins the pool (written to ``out_dir/round-K.npz``).

:func:`exploitability` estimates how exploitable a frozen policy is: a best response is trained
(the same learner) against the policy in every other seat, and its win rate is compared with the
policy's own win rate against itself (``1 / players`` by symmetry up to the seat's advantage,
measured, not assumed): the difference is the estimate (0 if no response beats it; a lower
bound, since the response is only as good as its training).

Small configurations run in seconds in pure Python (``tests/test_rl_selfplay.py``); at
scale install numba (``pip install 'kakehiki[fast]'``) and raise ``num_envs``/``generations``.
``examples/self_play.py`` is the command-line form.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.bots.policy import FORMAT, Network
from kakehiki.rl.compiled import CompiledVectorEnv
from kakehiki.rl.table import RLTable

Params = list[npt.NDArray[np.float32]]


def new_network(game: str, players: int | None = None, options: Mapping[str, object] | None = None,
                hidden: Sequence[int] = (32,), seed: int = 0, activation: str = "tanh") -> Network:
    """A fresh MLP for ``game`` (small random weights), in the policy-file format."""
    table = RLTable(game, players, options)
    sizes = [table.obs_size, *hidden, table.n_actions]
    rng = np.random.default_rng(seed)
    weights = tuple((rng.normal(size=(a, b)) / np.sqrt(a)).astype(np.float32) for a, b in pairwise(sizes))
    biases = tuple(np.zeros(b, dtype=np.float32) for b in sizes[1:])
    meta = {"format": FORMAT, "game": table.game.id, "players": table.players, "options": dict(options or {}),
            "activation": activation, "layers": len(weights)}
    return Network(meta, weights, biases, activation, None, None)


def with_params(net: Network, params: Params) -> Network:
    """``net`` with the weights and biases ``params`` (``W0, b0, W1, b1, …``)."""
    return Network(net.meta, tuple(params[0::2]), tuple(params[1::2]), net.activation, net.shift, net.scale)


def params_of(net: Network) -> Params:
    return [a for pair in zip(net.weights, net.biases, strict=True) for a in pair]


def save_network(net: Network, path: str | Path) -> Path:
    """Write ``net`` as a policy file (``policy:PATH`` plays it)."""
    arrays: dict[str, Any] = {f"W{i}": w for i, w in enumerate(net.weights)}
    arrays.update({f"b{i}": b for i, b in enumerate(net.biases)})
    if net.shift is not None:
        arrays["obs_shift"] = net.shift
    if net.scale is not None:
        arrays["obs_scale"] = net.scale
    target = Path(path)
    with target.open("wb") as fh:
        np.savez(fh, meta=np.array(json.dumps(net.meta)), **arrays)
    return target


def play_games(env: CompiledVectorEnv, net: Network, games: int, seed: int) -> npt.NDArray[np.float64]:
    """The learner's reward in each of the first ``games`` episodes ``net`` plays in ``env``
    (masked argmax, as the ``policy:PATH`` bot plays), from a reset with ``seed``."""
    from kakehiki.rl.compiled import masked_argmax

    obs, info = env.reset(seed=seed)
    rewards: list[float] = []
    while len(rewards) < games:
        obs, reward, terminated, truncated, info = env.step(masked_argmax(net.scores(obs), info["action_mask"]))
        rewards.extend(reward[terminated | truncated].tolist())
    return np.asarray(rewards[:games], dtype=np.float64)


@dataclass
class ESConfig:
    """The evolution-strategies learner's settings."""

    generations: int = 10
    directions: int = 8  # antithetic pairs per generation
    sigma: float = 0.05
    lr: float = 0.03
    games: int = 64  # episodes per perturbed policy
    num_envs: int = 64


def train(net: Network, env: CompiledVectorEnv, config: ESConfig, seed: int = 0) -> Network:
    """``net`` improved by evolution strategies on ``env`` (the learner's mean reward)."""
    rng = np.random.default_rng(seed)
    params = params_of(net)
    for _ in range(config.generations):
        noise = [[rng.standard_normal(p.shape).astype(np.float32) for p in params] for _ in range(config.directions)]
        returns = np.zeros((config.directions, 2))
        game_seed = int(rng.integers(2**31))  # the same deals for every direction: common random numbers
        for d, eps in enumerate(noise):
            for side, sign in enumerate((1.0, -1.0)):
                trial = with_params(net, [p + sign * config.sigma * e for p, e in zip(params, eps, strict=True)])
                returns[d, side] = play_games(env, trial, config.games, game_seed).mean()
        ranks = returns.ravel().argsort().argsort().reshape(returns.shape) / (returns.size - 1) - 0.5
        weight = ranks[:, 0] - ranks[:, 1]
        for i in range(len(params)):
            step = sum(w * eps[i] for w, eps in zip(weight, noise, strict=True))
            params[i] = params[i] + np.float32(config.lr / (config.directions * config.sigma)) * step
    return with_params(net, params)


def arena_gate(game: str, candidate: Network, incumbent: Network, players: int | None = None,
               options: Mapping[str, object] | None = None, games: int = 200, seed: int = 10**6,
               jit: bool | None = None) -> float:
    """The candidate's mean reward (``win_loss``) in ``games`` games against the incumbent in
    every other seat, the candidate's seat drawn at random per game (the arena's seating)."""
    env = CompiledVectorEnv(game, min(games, 256), players, options, opponents=incumbent, seat="random", jit=jit)
    return float(play_games(env, candidate, games, seed).mean())


@dataclass
class Exploitability:
    """A best response's edge over a frozen policy: its win rate, the policy's own, the difference."""

    response_win_rate: float
    policy_win_rate: float

    @property
    def estimate(self) -> float:
        return max(0.0, self.response_win_rate - self.policy_win_rate)


def exploitability(game: str, policy: Network, players: int | None = None,
                   options: Mapping[str, object] | None = None, config: ESConfig | None = None, games: int = 400,
                   seed: int = 7, jit: bool | None = None) -> Exploitability:
    """Train a best response (from fresh weights) against ``policy`` in every other seat, then
    compare its win rate there with ``policy``'s own in the same seat (self-play), over ``games``
    games from the same deals (seats drawn at random)."""
    cfg = config or ESConfig()
    env = CompiledVectorEnv(game, cfg.num_envs, players, options, opponents=policy, seat="random", rewards="win",
                            jit=jit)
    response = train(new_network(game, players, options, seed=seed + 1,
                                 hidden=[w.shape[1] for w in policy.weights[:-1]]), env, cfg, seed=seed)
    judge = CompiledVectorEnv(game, min(games, 256), players, options, opponents=policy, seat="random",
                              rewards="win", jit=jit)
    return Exploitability(float(play_games(judge, response, games, seed).mean()),
                          float(play_games(judge, policy, games, seed).mean()))


@dataclass
class SelfPlayResult:
    policy: Network
    pool: list[Network]
    gates: list[float] = field(default_factory=list)  # each round's arena score against the incumbent
    accepted: list[bool] = field(default_factory=list)


def self_play(game: str, rounds: int = 3, players: int | None = None, options: Mapping[str, object] | None = None,
              bots: Sequence[str] = ("random",), config: ESConfig | None = None, gate: float = 0.0,
              gate_games: int = 200, hidden: Sequence[int] = (32,), out_dir: str | Path | None = None,
              seed: int = 0, jit: bool | None = None) -> SelfPlayResult:
    """Train ``game``'s policy by self-play for ``rounds`` (see the module): against a pool of its
    accepted past versions (starting with the untrained one) and the kernel ``bots``, each
    candidate gated in the arena against the incumbent.  With ``out_dir`` each accepted version is
    written there as ``round-K.npz`` and the final one as ``policy.npz``."""
    cfg = config or ESConfig()
    incumbent = new_network(game, players, options, hidden, seed=seed)
    pool = [incumbent]
    result = SelfPlayResult(incumbent, pool)
    folder = Path(out_dir) if out_dir is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for k in range(rounds):
        n = RLTable(game, players, options).players
        # every other seat: a past version drawn per game, or a built-in bot, in turn
        seats = ["pool" if (s % (len(bots) + 1)) == 0 else bots[s % (len(bots) + 1) - 1] for s in range(n - 1)]
        env = CompiledVectorEnv(game, cfg.num_envs, players, options, opponents=seats, seat="random", pool=pool,
                                jit=jit)
        candidate = train(incumbent, env, cfg, seed=seed + 1000 * (k + 1))
        score = arena_gate(game, candidate, incumbent, players, options, gate_games, seed=seed + 7 * k + 1, jit=jit)
        result.gates.append(score)
        result.accepted.append(score >= gate)
        if score >= gate:
            incumbent = candidate
            pool.append(candidate)
            if folder is not None:
                save_network(candidate, folder / f"round-{k + 1}.npz")
    result.policy = incumbent
    if folder is not None:
        save_network(incumbent, folder / "policy.npz")
    return result
