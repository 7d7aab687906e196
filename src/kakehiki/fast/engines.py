"""Which games the compiled engine plays: game id → its batch class, imported on demand.

Every batch class has the interface of :class:`kakehiki.fast.dobon.DobonBatch`:
``Batch(seeds, players, options, jit)``, ``POLICIES`` (the kernel's bots by name),
``actors``, ``masks``, ``step``, ``playout(policy, first_only)``, ``results`` (``done``,
``ranks``, ``winners``, ``losers``, ...) and ``tallies`` (``rounds``, ``reasons``, ``wins``,
``losses``, ``draws``).  A game whose module is missing is simply not offered.
"""

from __future__ import annotations

import importlib
from typing import Any

# game id → (module, batch class); the module also defines POLICIES
ENGINES: dict[str, tuple[str, str]] = {
    "dobon": ("kakehiki.fast.dobon", "DobonBatch"),
    "dobon-arith": ("kakehiki.fast.dobon_arith", "DobonArithBatch"),
    "doubt": ("kakehiki.fast.doubt", "DoubtBatch"),
    "million-doubt": ("kakehiki.fast.million_doubt", "MillionDoubtBatch"),
    "dhumbal": ("kakehiki.fast.dhumbal", "DhumbalBatch"),
}


def batch_class(game_id: str) -> Any | None:
    """The batch class playing ``game_id`` in the compiled engine, or None."""
    entry = ENGINES.get(game_id)
    if entry is None:
        return None
    try:
        module = importlib.import_module(entry[0])
    except ModuleNotFoundError as exc:
        if exc.name == entry[0]:
            return None
        raise
    return getattr(module, entry[1], None)


def policies(game_id: str) -> dict[str, int]:
    """The kernel's policies (bots it plays inside) for ``game_id``; empty when it has no kernel."""
    cls = batch_class(game_id)
    if cls is None:
        return {}
    found: dict[str, int] = importlib.import_module(ENGINES[game_id][0]).POLICIES
    return found


def fast_games() -> list[str]:
    """The games the compiled engine plays, in registry order."""
    return [game for game in ENGINES if batch_class(game) is not None]
