"""Reinforcement learning on every game (issue 17).

Install with the ``rl`` extra (``pip install -e '.[rl]'``).

* :func:`env` — a PettingZoo AEC environment for all seats, calls out of turn included
  (``agent_selection`` walks the actors in C4 priority order).

Observations are built from a seat's view only (:mod:`kakehiki.rl.obs`).
"""

from __future__ import annotations

from kakehiki.rl.aec import KakehikiAEC, env
from kakehiki.rl.obs import encoder
from kakehiki.rl.table import RLTable, rewards_of

__all__ = ["KakehikiAEC", "RLTable", "encoder", "env", "rewards_of"]
