"""The project's SplitMix64 generator (:mod:`kakehiki.prng`) as kernel functions.

Words are ``numpy.uint64`` so that numba wraps them modulo 2^64 as the specification says
(``docs/core.md``, "The random generator"); a stream's state lives in one slot of a
``uint64`` array.  In plain Python the same code runs on numpy scalars, whose wrapping
multiplication warns: callers run it under ``numpy.errstate(over="ignore")``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for

njit = njit_for(__name__)

GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
FNV_PRIME = np.uint64(0x100000001B3)
ZERO = np.uint64(0)
S27, S30, S31 = np.uint64(27), np.uint64(30), np.uint64(31)
DIGIT0 = 48
SLASH = 47
LABEL_BOT = np.frombuffer(b"bot/", dtype=np.uint8)


@njit
def mix(z: Any) -> Any:
    """SplitMix64's output function."""
    z = (z ^ (z >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


@njit
def next64(st: Any, slot: int) -> Any:
    x = st[slot] + GAMMA
    st[slot] = x
    return mix(x)


@njit
def below(st: Any, slot: int, n: int) -> Any:
    """A uniform integer in ``[0, n)`` by rejection, as ``Stream.below``."""
    nn = np.uint64(n)
    threshold = (ZERO - nn) % nn
    while True:
        word = next64(st, slot)
        if word >= threshold:
            return np.int64(word % nn)


@njit
def fnv_byte(h: Any, byte: int) -> Any:
    return (h ^ np.uint64(byte)) * FNV_PRIME


@njit
def fnv_text(h: Any, text: Any) -> Any:
    """``h`` carried over the bytes of ``text`` (a ``uint8`` array)."""
    for i in range(text.shape[0]):
        h = fnv_byte(h, text[i])
    return h


@njit
def fnv_int(h: Any, value: int) -> Any:
    """``h`` carried over the decimal text of ``value`` (0 or more)."""
    power = 1
    while power * 10 <= value:
        power *= 10
    while power > 0:
        h = fnv_byte(h, DIGIT0 + (value // power) % 10)
        power //= 10
    return h


@njit
def seed_stream(st: Any, slot: int, key: Any) -> None:
    """Start the stream whose FNV-1a key is ``key`` in ``st[slot]``."""
    st[slot] = mix(key)


@njit
def shuffle(st: Any, slot: int, items: Any, start: int, count: int) -> None:
    """Fisher–Yates from the back over ``items[start:start + count]``, as ``Stream.shuffle``."""
    for i in range(count - 1, 0, -1):
        j = below(st, slot, i + 1)
        a = items[start + i]
        items[start + i] = items[start + j]
        items[start + j] = a


@njit
def seat_streams(st: Any, prefix: int, first: int, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat, into slots ``first`` … ``first + players - 1``
    (``st[prefix]``: the FNV-1a state after ``"<seed>/"``): the play-out bots' generators."""
    for seat in range(players):
        seed_stream(st, first + seat, fnv_int(fnv_text(st[prefix], LABEL_BOT), seat))
