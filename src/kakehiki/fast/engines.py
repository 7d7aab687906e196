"""Which games the compiled engine plays: game id → its batch class, imported on demand
(each game's manifest names its ``kernel``).

Every batch class has the interface of :class:`kakehiki.games.dobon.kernel.batch.DobonBatch`:
``Batch(seeds, players, options, jit)``, ``POLICIES`` (the kernel's bots by name),
``actors``, ``masks``, ``step``, ``playout(policy, first_only)``, ``results`` (``done``,
``ranks``, ``winners``, ``losers``, ...) and ``tallies`` (``rounds``, ``reasons``, ``wins``,
``losses``, ``draws``).  A game whose module is missing is simply not offered.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from typing import Any

from kakehiki.manifest import ByGame, find

ENGINES: Mapping[str, str] = ByGame(lambda m: m.kernel)
"""Game id → the reference to its batch class (``module:Class``), as its manifest declares it;
the module also defines ``POLICIES``."""


def batch_class(game_id: str) -> Any | None:
    """The batch class playing ``game_id`` in the compiled engine, or None."""
    manifest = find(game_id)
    if manifest is None or manifest.kernel is None:
        return None
    module_name = manifest.kernel.partition(":")[0]
    try:
        return manifest.load(manifest.kernel)
    except ModuleNotFoundError as exc:
        if exc.name in (module_name, importlib.util.resolve_name(module_name, manifest.package)):
            return None
        raise
    except AttributeError:
        return None


def policies(game_id: str) -> dict[str, int]:
    """The kernel's policies (bots it plays inside) for ``game_id``; empty when it has no kernel."""
    cls = batch_class(game_id)
    if cls is None:
        return {}
    found: dict[str, int] = importlib.import_module(cls.__module__).POLICIES
    return found


def fast_games() -> list[str]:
    """The games the compiled engine plays, in registry order."""
    return [game for game in ENGINES if batch_class(game) is not None]
