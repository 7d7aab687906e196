"""Train sb3-contrib's MaskablePPO on Dobon, export the policy to ``.npz``, and play it in the arena.

Needs the ``examples`` extra (sb3-contrib, which pulls torch) beside ``rl`` and ``cli``::

    pip install -e '.[rl,examples]'
    python examples/train_maskable_ppo.py --steps 300000 --out dobon_policy.npz --games 400

Three stages, each printed as it goes:

1. **train**: one learning seat (a random seat each episode) of a 4-player Dobon game against
   ``--opponents`` (default ``random``), through the Gymnasium environment ``SeatEnv``; the mask
   comes from ``SeatEnv.action_masks``, which MaskablePPO reads.  ``--engine fast`` trains on
   ``FastDobonVectorEnv`` instead (the compiled engine, the same observations; bots ``random``
   or ``greedy``).  Torch is held to one thread.
2. **export**: the policy network (MLP layers and the action head) is written to ``.npz`` as
   plain weight matrices with its activation (:mod:`kakehiki.bots.policy` documents the
   format), so playing needs numpy only, never torch.
3. **arena**: the exported file as the bot ``policy:PATH`` against ``random``, then against
   ``normal``, one policy seat and three opponents, seats rotated; win rates with 95% (Wilson)
   intervals, as ``kakehiki arena`` prints them.  The same run from the command line::

       kakehiki arena dobon --bots policy:dobon_policy.npz,random,random,random --games 400
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

from kakehiki.arena import run_arena, wilson_interval
from kakehiki.bots.policy import FORMAT
from kakehiki.rl import SeatEnv

GAME, PLAYERS = "dobon", 4


def make_env(opponents: str, index: int) -> Any:
    def build() -> Monitor:
        return Monitor(SeatEnv(GAME, players=PLAYERS, opponents=opponents, seat="random"))

    return build


class FastVecEnv(VecEnv):
    """``FastDobonVectorEnv`` (``CompiledVectorEnv("dobon")``: the games stepped in kernel calls) behind
    stable-baselines3's ``VecEnv``: the same observations as ``SeatEnv``, its bots ``random`` or
    ``greedy`` only.  Needs the ``fast`` extra (numba)."""

    _seeds: list[int | None]  # set by VecEnv.seed

    def __init__(self, num_envs: int, opponents: str) -> None:
        from kakehiki.rl.fast import FastDobonVectorEnv

        self.env = FastDobonVectorEnv(num_envs, players=PLAYERS, opponents=opponents, seat="random")
        self.render_mode = None  # read by VecEnv.__init__
        super().__init__(num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._returns = np.zeros(num_envs)
        self._lengths = np.zeros(num_envs, dtype=np.int64)
        self._actions: Any = None

    def reset(self) -> Any:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        self._seeds = []
        obs, _ = self.env.reset(seed=seed)
        self._returns[:], self._lengths[:] = 0.0, 0
        return obs

    def step_async(self, actions: Any) -> None:
        self._actions = actions

    def step_wait(self) -> Any:
        obs, rewards, terminated, truncated, infos = self.env.step(self._actions)
        done = terminated | truncated
        self._returns += rewards
        self._lengths += 1
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done):  # what Monitor and VecEnv report for an ended episode
            out[i] = {"terminal_observation": infos["final_obs"][i], "TimeLimit.truncated": bool(truncated[i]),
                      "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i]), "t": 0.0}}
            self._returns[i], self._lengths[i] = 0.0, 0
        return obs, rewards.astype(np.float32), done, out

    def action_masks(self) -> Any:
        return self.env.action_masks().astype(bool)

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name)] * len(self._get_indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name == "action_masks":  # MaskablePPO stacks one mask per game
            return list(self.action_masks())
        return [getattr(self, method_name)(*args, **kwargs)] * len(self._get_indices(indices))

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * len(self._get_indices(indices))


def export(model: MaskablePPO, path: Path, steps: int) -> None:
    """The policy's layers as ``W{i}`` (in × out) and ``b{i}``, tanh between them, the last one
    the action head (logits)."""
    policy = model.policy
    linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(policy.action_net)
    activation = policy.activation_fn.__name__.lower()  # nn.Tanh -> "tanh", nn.ReLU -> "relu"
    arrays: dict[str, Any] = {}
    for i, layer in enumerate(linears):
        arrays[f"W{i}"] = layer.weight.detach().cpu().numpy().T.astype(np.float32)
        arrays[f"b{i}"] = layer.bias.detach().cpu().numpy().astype(np.float32)
    meta = {"format": FORMAT, "game": GAME, "players": PLAYERS, "options": {}, "activation": activation,
            "layers": len(linears), "trained_steps": steps, "trainer": "sb3-contrib MaskablePPO"}
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)


def arena(path: Path, opponent: str, games: int, seed: int) -> None:
    bots = [f"policy:{path}", opponent, opponent, opponent]
    report = run_arena(GAME, bots, games, seed=seed, workers=1)
    print(f"arena: {games} games of {GAME}, seats rotated, seed {seed}, {report.seconds:.0f} s")
    for standing in report.standings():
        low, high = wilson_interval(standing.wins, standing.games)
        print(f"  {standing.bot:>40}  games {standing.games:5d}  wins {standing.wins:5d}  "
              f"win rate {standing.win_rate:6.1%}  95% CI {low:.1%}–{high:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=300_000, help="learner steps to train")
    parser.add_argument("--envs", type=int, default=8, help="games stepped together (in this process)")
    parser.add_argument("--opponents", default="random", help="the bot in every other seat while training")
    parser.add_argument("--out", type=Path, default=Path("dobon_policy.npz"))
    parser.add_argument("--games", type=int, default=400, help="arena games against each opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", choices=["reference", "fast"], default="reference",
                        help="train on SeatEnv games (reference) or FastDobonVectorEnv (compiled; bots random/greedy)")
    parser.add_argument("--skip-train", action="store_true", help="only the arena, on an existing --out")
    args = parser.parse_args()
    torch.set_num_threads(1)
    if not args.skip_train:
        env: VecEnv
        if args.engine == "fast":
            env = FastVecEnv(args.envs, args.opponents)
        else:
            env = DummyVecEnv([make_env(args.opponents, i) for i in range(args.envs)])
        env.seed(args.seed)
        model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, n_epochs=4, learning_rate=3e-4,
                            gamma=0.99, ent_coef=0.01, seed=args.seed, verbose=0)
        start, cpu = time.perf_counter(), time.process_time()
        model.learn(total_timesteps=args.steps)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        episodes = [info["r"] for info in model.ep_info_buffer]
        print(f"train: {model.num_timesteps} learner steps in {seconds:.0f} s wall, {cpu:.0f} s CPU "
              f"({model.num_timesteps / cpu:.0f} steps per CPU second, one torch thread); "
              f"mean reward of the last {len(episodes)} episodes {np.mean(episodes):+.3f}")
        export(model, args.out, model.num_timesteps)
        print(f"export: {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")
    for opponent in ("random", "normal"):
        arena(args.out, opponent, args.games, args.seed)


if __name__ == "__main__":
    main()
