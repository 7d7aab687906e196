"""Seeded randomness (RULINGS C3).

The core never touches the global ``random`` state.  Every chance event draws
from a named stream of the project's own generator (:mod:`kakehiki.prng`,
SplitMix64), derived from the game's seed and labels naming the event, so the
same seed deals the same cards on every machine and in any language that
implements the generator (``docs/core.md``, "The random generator").

Games saved before the generator existed (records without an ``"rng"`` field)
were dealt by CPython's ``random.Random`` seeded with the same label text.  Their
seed is replayed as a :class:`LegacySeed`, which keeps that old generator for them
only, so no saved game is lost.
"""

from __future__ import annotations

import random
from typing import Final

from kakehiki.prng import NAME as GENERATOR
from kakehiki.prng import stream

LEGACY_GENERATOR: Final = "cpython-random/1"
GENERATORS: Final = (GENERATOR, LEGACY_GENERATOR)
"""Generator names a record's ``"rng"`` field may hold, the current one first."""


class LegacySeed(int):
    """A seed dealt by the generator of records made before ``splitmix64/1``.

    It is an ``int`` in every other respect (equal to, hashing and printing like the
    plain seed), so states and records carry it unchanged."""

    __slots__ = ()


def derive(seed: int, *labels: object) -> random.Random:
    """The stream of ``seed`` named by ``labels`` (e.g. ``"dobon", "deal", 2``)."""
    if type(seed) is LegacySeed:
        return random.Random("/".join([str(int(seed)), *map(str, labels)]))
    return stream(seed, *labels)


def generator_of(seed: int) -> str:
    """The name of the generator that deals games of ``seed`` (a record's ``"rng"``)."""
    return LEGACY_GENERATOR if type(seed) is LegacySeed else GENERATOR


def seed_for(seed: int, generator: str) -> int:
    """``seed`` as dealt by the generator named ``generator``."""
    return LegacySeed(seed) if generator == LEGACY_GENERATOR else int(seed)
