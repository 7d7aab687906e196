"""Million Doubt's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.fast.batch import hand_order_indices
from kakehiki.games.million_doubt.kernel import layout as L
from kakehiki.games.million_doubt.kernel.batch import KERNEL_MODULES
from kakehiki.games.million_doubt.kernel.seatlog import HABITS, SLICES
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin
from kakehiki.rl.table import TRUNCATING


class MillionDoubtSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.million_doubt.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        self.habits = np.zeros((len(batch), batch.players, HABITS), dtype=np.int64)
        self.index_of = hand_order_indices()
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (self.habits, self.index_of)

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games, self.habits)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.habits, self.index_of, self.starts, out)

    def truncated(self, result: Mapping[str, Any]) -> npt.NDArray[np.bool_]:
        """Which games' last game ended at the step limit (a match's reason is ``match``)."""
        ended: npt.NDArray[np.bool_] = self.batch.column(L.LAST_REASON) == L.REASONS.index(TRUNCATING)
        return ended


SEATS = MillionDoubtSeats
