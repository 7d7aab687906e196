"""Dhumbal's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.games.dhumbal.kernel import layout as L
from kakehiki.games.dhumbal.kernel.batch import KERNEL_MODULES
from kakehiki.games.dhumbal.kernel.seatlog import FACES_AT, SLICES
from kakehiki.games.dhumbal.obs import RECENT
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin


class DhumbalSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.dhumbal.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        n, N = batch.players, len(batch)
        self.discarded = np.zeros((N, n, 52), dtype=np.int32)
        self.from_stock = np.zeros((N, n), dtype=np.int32)
        self.recent = np.full((N, RECENT, FACES_AT + L.MAX_DISCARD), -1, dtype=np.int32)
        self.shown = np.zeros((N, n), dtype=np.int32)
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (self.discarded, self.from_stock, self.recent, self.shown)

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games, self.discarded, self.from_stock, self.recent,
                        self.shown)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.discarded, self.from_stock, self.recent, self.shown,
                          self.starts, out)


SEATS = DhumbalSeats
