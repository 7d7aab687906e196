"""Daifugo's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.fast.batch import hand_order_indices
from kakehiki.games.daifugo.kernel.batch import KERNEL_MODULES
from kakehiki.games.daifugo.kernel.seatlog import SLICES
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin


class DaifugoSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.daifugo.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        self.index_of = hand_order_indices()
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (self.index_of,)

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.index_of, self.starts, out)


SEATS = DaifugoSeats
