"""Doubt's seat plug-in for :class:`kakehiki.rl.compiled.CompiledVectorEnv` (kernels: :mod:`.seatlog`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.errors import OptionError
from kakehiki.games.doubt.kernel.batch import KERNEL_MODULES
from kakehiki.games.doubt.kernel.seatlog import SLICES
from kakehiki.rl.compiled import CompiledVectorEnv, IntArray, SeatPlugin

REFUSED = {"penalty": "two_cards", "require_successful_doubt": True}  # the record the kernel does not keep


class DoubtSeats(SeatPlugin):
    KERNEL_MODULES = (*KERNEL_MODULES, "kakehiki.games.doubt.kernel.seatlog")

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        super().__init__(batch, env)
        n, N = batch.players, len(batch)
        self.known = np.zeros((N, n, n, 53), dtype=np.int32)
        self.sure = np.zeros((N, n, n, 53), dtype=np.int32)
        self.last = np.zeros((N, n, 53), dtype=np.int32)
        self.habits = np.zeros((N, n, 5), dtype=np.int64)
        self.offered = np.zeros(N, dtype=np.int64)
        self.show = bool(batch.options.show_pile)
        layout = env.table.encoder.layout
        self.starts = np.array([layout.part(name).start for name in SLICES], dtype=np.int64)
        self.log = (self.show, self.known, self.sure, self.last, self.habits, self.offered)

    def check_options(self, options: Mapping[str, object]) -> None:
        for name, value in REFUSED.items():
            if getattr(self.batch.options, name) == value:
                raise OptionError(name, f"{name}={value!r}: the compiled vector environment does not keep Doubt's "
                                  f"knowledge under it yet; use SeatVectorEnv")

    def start(self, games: IntArray) -> None:
        self.k.start_at(self.batch.rows, self.batch.streams, games, self.known, self.sure, self.last, self.habits,
                        self.offered)

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        self.k.observe_at(self.batch.rows, games, seats, self.known, self.sure, self.habits, self.offered,
                          self.starts, out)


SEATS = DoubtSeats
