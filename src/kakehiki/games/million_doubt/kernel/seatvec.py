"""Million Doubt's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.games.million_doubt.kernel import layout as L
from kakehiki.games.million_doubt.kernel.batch import KERNEL_MODULES
from kakehiki.games.million_doubt.kernel.seatlog import HABITS, SLICES
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin
from kakehiki.rl.table import TRUNCATING


def card_indices() -> npt.NDArray[np.int64]:
    """``Card.index`` of each kernel face (strength × 4 + suit; 3 is strength 0, 2 is 12; the joker 52)."""
    index = np.zeros(L.FACES, dtype=np.int64)
    for face in range(52):
        strength, suit = divmod(face, 4)
        index[face] = suit * 13 + (strength + 2) % 13
    index[52] = 52
    return index


class MillionDoubtSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.million_doubt.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        self.habits = np.zeros((len(batch), batch.players, HABITS), dtype=np.int64)
        self.index_of = card_indices()
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (self.habits, self.index_of)

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games, self.habits)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.habits, self.index_of, self.starts, out)

    def truncated(self) -> npt.NDArray[np.bool_]:
        ended: npt.NDArray[np.bool_] = self.batch.column(L.LAST_REASON) == L.REASONS.index(TRUNCATING)
        return ended


SEATS = MillionDoubtSeats
