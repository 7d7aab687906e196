"""The project's own random generator: SplitMix64 with named streams (RULINGS C3).

Specified in ``docs/core.md`` ("The random generator") precisely enough to
re-implement in any language; ``tests/test_prng.py`` holds the test vectors.

* **Words.** SplitMix64 (Steele, Lea & Flood 2014): a 64-bit state; each call adds
  ``GAMMA`` and returns ``mix(state)``.  All arithmetic is modulo 2^64.
* **Streams.** ``stream_key(seed, labels)`` is the 64-bit FNV-1a hash of the UTF-8
  text ``"<seed>/<label>/<label>..."`` (the same text the old generator was seeded
  with); a stream's initial state is ``mix(key)``.
* **Bounded integers.** ``below(n)`` for ``1 <= n <= 2^64``: draw words until one is
  ``>= (2^64 - n) mod n``, return it ``mod n`` (rejection, so no bias).
* **Shuffle.** Fisher–Yates from the back: for ``i = len-1 .. 1``, swap item ``i``
  with item ``below(i + 1)``.
* **Floats.** ``random()`` is ``(word >> 11) * 2^-53``.

:class:`Stream` is a :class:`random.Random` so bots keep its whole API; the calls the
rules use (``shuffle``, ``randrange``, ``choice``, ``random``, ``getrandbits``) are
overridden with the algorithms above.  Others that CPython builds on ``random()`` and
``getrandbits()`` (``sample``, ``choices``) follow from them; only bots use those.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

MASK: Final = (1 << 64) - 1
GAMMA: Final = 0x9E3779B97F4A7C15
FNV_OFFSET: Final = 0xCBF29CE484222325
FNV_PRIME: Final = 0x100000001B3
NAME: Final = "splitmix64/1"

T = TypeVar("T")


def mix(z: int) -> int:
    """SplitMix64's output function of a 64-bit value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def fnv1a64(data: bytes) -> int:
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & MASK
    return h


def stream_key(seed: int, labels: Sequence[object]) -> int:
    return fnv1a64("/".join([str(seed), *map(str, labels)]).encode("utf-8"))


class Stream(random.Random):
    """One named stream of the generator."""

    def __init__(self, key: int = 0) -> None:
        self._state = mix(key & MASK)
        super().__init__(0)  # CPython's own state stays unused; every draw goes through next64

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Ignored (``random.Random.__init__`` calls it): a stream is fixed by its key."""

    def getstate(self) -> Any:
        return self._state

    def setstate(self, state: Any) -> None:
        self._state = int(state) & MASK

    def next64(self) -> int:
        self._state = (self._state + GAMMA) & MASK
        return mix(self._state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection (no modulo bias)."""
        if not 1 <= n <= 1 << 64:
            raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
        threshold = ((1 << 64) - n) % n
        while True:
            word = self.next64()
            if word >= threshold:
                return word % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, have = 0, 0
        while have < k:
            value |= self.next64() << have
            have += 64
        return value & ((1 << k) - 1)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            raise ValueError("Stream.randrange takes no step")
        if stop <= start:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + self.below(stop - start)

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]


def stream(seed: int, *labels: object) -> Stream:
    """The named stream ``labels`` of game seed ``seed``."""
    return Stream(stream_key(seed, labels))
