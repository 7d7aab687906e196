"""Dobon-arith's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.games.dobon_arith.kernel import layout as L
from kakehiki.games.dobon_arith.kernel.batch import KERNEL_MODULES
from kakehiki.games.dobon_arith.kernel.seatlog import SLICES
from kakehiki.games.dobon_arith.obs import RECENT
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin
from kakehiki.rl.table import TRUNCATING


class DobonArithSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.dobon_arith.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        n, N = batch.players, len(batch)
        self.played = np.zeros((N, n, 52), dtype=np.int32)
        self.drawn = np.zeros((N, n), dtype=np.int32)
        self.recent = np.full((N, RECENT, 4), -1, dtype=np.int64)
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (batch.ratios, self.played, self.drawn, self.recent)

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games, self.played, self.drawn, self.recent)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.played, self.drawn, self.recent, self.starts, out)

    def truncated(self, result: Mapping[str, Any]) -> npt.NDArray[np.bool_]:
        """Which games' last game ended at the step limit (a match's reason is ``match``)."""
        ended: npt.NDArray[np.bool_] = self.batch.column(L.LAST_REASON) == L.REASONS.index(TRUNCATING)
        return ended


SEATS = DobonArithSeats
