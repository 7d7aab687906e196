"""Dobon's vector environment on the compiled engine, kept for its callers: ``CompiledVectorEnv("dobon", ...)``.

``FastDobonVectorEnv(num_envs=256, opponents="random")`` was Dobon's compiled vector
environment (issue 17) before :class:`~kakehiki.rl.compiled.CompiledVectorEnv` served every
game.  It is now that environment for Dobon, with its old constructor (``players`` first after
``num_envs``, 4 by default; no ``pool``) and its old limits: the opponents are the kernel's bots
(``random`` or ``greedy``), one for all, one per seat or one per other seat.  Everything else is
:class:`~kakehiki.rl.compiled.CompiledVectorEnv`'s: the same games as ``SeatVectorEnv`` for the
same seeds, bots and learner actions, the reference encoder's observations entry for entry, the
same rewards, masks and infos, and an illegal action raises (the reference's ``illegal="raise"``).

For networks (``policy:PATH``) or a self-play pool as opponents, use ``CompiledVectorEnv``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.bots.policy import Network
from kakehiki.rl.compiled import CompiledVectorEnv, Opponent
from kakehiki.rl.obs import Encoder
from kakehiki.rl.table import Rewards

GAME = "dobon"


class FastDobonVectorEnv(CompiledVectorEnv):
    """``num_envs`` Dobon games of one learning seat against the kernel's bots, on the compiled engine."""

    def __init__(
        self, num_envs: int, players: int = 4, options: Mapping[str, object] | None = None,
        opponents: str | Sequence[str] = "random", seat: int | str = 0, rewards: Rewards = "win_loss",
        jit: bool | None = None,
    ) -> None:
        self._asked = opponents
        super().__init__(GAME, num_envs, players, options, opponents, seat, rewards, jit=jit)
        self.opponents = [opponents] * self.table.players if isinstance(opponents, str) else list(opponents)

    def _code(self, name: Opponent) -> int:
        """Only the kernel's bots, as before :class:`CompiledVectorEnv`: a network or ``pool`` is refused."""
        if isinstance(name, Network) or name not in self.kernel_policies:
            n = self.table.players
            raise ValueError(f"opponents: one of {sorted(self.kernel_policies)} (the kernel's bots), or one per seat "
                             f"({n}) or per other seat ({n - 1}); got {self._asked!r}")
        return super()._code(name)

    @property
    def encoder(self) -> Encoder[Any]:
        """The reference encoder whose observations this environment gives (``encoder("dobon", players)``)."""
        return self.table.encoder


def rank_rewards_of(ranks: npt.NDArray[np.int64], seats: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """:func:`kakehiki.rl.table.rank_rewards` of seat ``seats[g]`` in each game ``g`` of ``ranks`` ``(N, n)``."""
    mine = ranks[np.arange(len(ranks)), seats][:, None]
    ahead, tied = (ranks < mine).sum(axis=1), (ranks == mine).sum(axis=1)
    place = ahead + (tied - 1) / 2
    rewards: npt.NDArray[np.float64] = 1.0 - 2.0 * place / (ranks.shape[1] - 1)
    return rewards
