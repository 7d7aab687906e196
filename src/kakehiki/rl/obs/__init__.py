"""Observation encoders, one per game: a seat's view as a fixed-length ``float32`` array.

``encoder(game_id, players)`` gives the game's encoder for that table size; its ``layout``
names every slice (``describe()`` prints the table each game's spec carries).  Encoders read
the view only, never the state (the noninterference rule).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kakehiki.manifest import ByGame
from kakehiki.rl.obs.layout import CARD_FACES, Encoder, Layout, Part

ENCODERS: Mapping[str, type[Encoder[Any]]] = ByGame(lambda m: m.maybe(m.encoder))
"""Game id → its encoder class, as each game's manifest names it (imported when first read)."""


def encoder(game_id: str, players: int) -> Encoder[Any]:
    """The observation encoder of ``game_id`` for a table of ``players``."""
    try:
        cls = ENCODERS[game_id]
    except KeyError:
        raise KeyError(f"no observation encoder for {game_id!r} (known: {', '.join(sorted(ENCODERS))})") from None
    return cls(players)


__all__ = ["CARD_FACES", "ENCODERS", "Encoder", "Layout", "Part", "encoder"]
