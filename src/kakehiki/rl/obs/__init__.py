"""Observation encoders, one per game: a seat's view as a fixed-length ``float32`` array.

``encoder(game_id, players)`` gives the game's encoder for that table size; its ``layout``
names every slice (``describe()`` prints the table each game's spec carries).  Encoders read
the view only, never the state (the noninterference rule).
"""

from __future__ import annotations

from kakehiki.rl.obs.dhumbal import DhumbalEncoder
from kakehiki.rl.obs.dobon import DobonEncoder
from kakehiki.rl.obs.dobon_arith import ArithEncoder
from kakehiki.rl.obs.doubt import DoubtEncoder
from kakehiki.rl.obs.layout import CARD_FACES, Encoder, Layout, Part
from kakehiki.rl.obs.million_doubt import MillionDoubtEncoder

ENCODERS: dict[str, type[Encoder]] = {
    cls.game_id: cls for cls in (DobonEncoder, ArithEncoder, DoubtEncoder, MillionDoubtEncoder, DhumbalEncoder)
}


def encoder(game_id: str, players: int) -> Encoder:
    """The observation encoder of ``game_id`` for a table of ``players``."""
    try:
        cls = ENCODERS[game_id]
    except KeyError:
        raise KeyError(f"no observation encoder for {game_id!r} (known: {', '.join(sorted(ENCODERS))})") from None
    return cls(players)


__all__ = ["CARD_FACES", "ENCODERS", "Encoder", "Layout", "Part", "encoder"]
