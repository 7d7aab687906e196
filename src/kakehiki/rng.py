"""Seeded randomness (RULINGS C3).

The core never touches the global ``random`` state.  Every chance event draws
from a generator derived from the game's seed and a label naming the event, so
the same seed replays the same game on every machine (string seeds go through
SHA-512 in CPython's ``random``, which does not depend on hash randomisation).
"""

from __future__ import annotations

import random


def derive(seed: int, *labels: object) -> random.Random:
    return random.Random("/".join([str(seed), *map(str, labels)]))
