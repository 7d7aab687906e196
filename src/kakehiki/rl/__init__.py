"""Reinforcement learning on every game (issue 17).

Install with the ``rl`` extra (``pip install -e '.[rl]'``).  Observations are built from a
seat's view only (:mod:`kakehiki.rl.obs`); :class:`~kakehiki.rl.table.RLTable` is the host
the environments sit on.
"""

from __future__ import annotations

from kakehiki.rl.obs import encoder
from kakehiki.rl.table import RLTable, rewards_of

__all__ = ["RLTable", "encoder", "rewards_of"]
