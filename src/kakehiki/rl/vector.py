"""N games stepped together behind Gymnasium's vector API: stacked arrays and masks.

``SeatVectorEnv("doubt", num_envs=64, opponents="normal")`` steps 64 independent
:class:`~kakehiki.rl.single.SeatEnv` games with one call: observations ``(N, D)`` float32,
rewards ``(N,)``, terminations and truncations ``(N,)`` bool, and ``infos["action_mask"]``
``(N, A)`` int8 (also :meth:`SeatVectorEnv.action_masks`).  A finished game is dealt anew in
the same step (Gymnasium's ``SAME_STEP`` autoreset): the returned row is the new game's
first observation, and the last one is in ``infos["final_obs"]`` where ``infos["_final_obs"]``
is true, and the result's reason in ``infos["reason"]`` where ``infos["_reason"]`` is.  A game
ended by ``max_steps`` is truncated, any other terminated (as :class:`SeatEnv`).
``infos["redeals"]`` counts, per game, the games dealt again in this call because they ended
before the learner was asked.  The games run one after another in this process today; the interface is all a
caller sees, so a compiled batch engine can take their place later.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kakehiki.rl.single import SeatEnv

Batch = npt.NDArray[Any]


class SeatVectorEnv(VectorEnv[Batch, Batch, Batch]):
    """``num_envs`` games of one learning seat against bots, stepped together."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, game: str, num_envs: int, **kwargs: Any) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.envs = [SeatEnv(game, **kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._size = first.table.obs_size
        self._actions = first.table.n_actions

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Deal every game anew: an int ``seed`` seeds game ``i`` with ``seed + i``; a list
        gives each its own; ``None`` goes on from each game's generator."""
        seeds: Sequence[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
        obs = np.empty((self.num_envs, self._size), dtype=np.float32)
        masks = np.empty((self.num_envs, self._actions), dtype=np.int8)
        seats = np.empty(self.num_envs, dtype=np.int64)
        redeals = np.zeros(self.num_envs, dtype=np.int64)
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            obs[i], info = env.reset(seed=s)
            masks[i], seats[i], redeals[i] = info["action_mask"], info["seat"], info["redeals"]
        return obs, {"action_mask": masks, "seat": seats, "redeals": redeals}

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        n = self.num_envs
        obs = np.empty((n, self._size), dtype=np.float32)
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        masks = np.empty((n, self._actions), dtype=np.int8)
        seats = np.empty(n, dtype=np.int64)
        final_obs = np.zeros((n, self._size), dtype=np.float32)
        finished = np.zeros(n, dtype=np.bool_)
        reasons = np.full(n, "", dtype=object)
        redeals = np.zeros(n, dtype=np.int64)
        for i, env in enumerate(self.envs):
            obs[i], rewards[i], terminated[i], truncated[i], info = env.step(int(actions[i]))
            if terminated[i] or truncated[i]:
                final_obs[i], finished[i], reasons[i] = obs[i], True, info.get("reason", "")
                obs[i], info = env.reset()
                redeals[i] = info["redeals"]
            masks[i], seats[i] = info["action_mask"], info["seat"]
        infos: dict[str, Any] = {"action_mask": masks, "seat": seats, "redeals": redeals}
        if finished.any():
            infos["final_obs"], infos["_final_obs"] = final_obs, finished
            infos["reason"], infos["_reason"] = reasons, finished.copy()
        return obs, rewards, terminated, truncated, infos

    def action_masks(self) -> Batch:
        """Every game's legal actions for its learner, ``(N, A)`` int8."""
        return np.stack([env.action_masks() for env in self.envs])

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
