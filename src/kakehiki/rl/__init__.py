"""Reinforcement learning on every game (issue 17): PettingZoo and Gymnasium environments.

Install with the ``rl`` extra (``pip install -e '.[rl]'``).

* :func:`env` — a PettingZoo AEC environment for all seats, calls out of turn included
  (``agent_selection`` walks the actors in C4 priority order);
* ``gymnasium.make("kakehiki/Doubt-v0", opponents="normal")`` — one learning seat against
  the project's bots (:mod:`kakehiki.rl.single`), registered when this package is imported;
* :class:`~kakehiki.rl.vector.SeatVectorEnv` — N such games stepped together.

Observations are built from a seat's view only (:mod:`kakehiki.rl.obs`).  See ``docs/rl.md``.
"""

from __future__ import annotations

from kakehiki.rl.aec import KakehikiAEC, env
from kakehiki.rl.obs import encoder
from kakehiki.rl.single import ENV_IDS, SeatEnv, register_envs
from kakehiki.rl.table import RLTable, rewards_of
from kakehiki.rl.vector import SeatVectorEnv

register_envs()

__all__ = [
    "ENV_IDS", "KakehikiAEC", "RLTable", "SeatEnv", "SeatVectorEnv", "encoder", "env", "register_envs", "rewards_of",
]
