"""The frame every game's observation encoder is built on.

An encoder lays out one flat ``float32`` array in named slices (:class:`Layout`), each
with a fixed size for the table's players and a line saying what it holds, and fills it
from a seat's view alone: ``encode(view)`` takes the named tuple ``Game.view`` returns
and nothing else, so an observation can carry nothing the seat may not know (the
noninterference rule).  The slices are the documentation: ``describe()`` prints the
table each game's spec shows under "Observation (RL)".

Conventions shared by every game:

* a **card vector** has 53 entries, one per card face in card order (S A..K, H, D, C,
  then the joker: ``Card.index``), each the number of copies (several decks hold more
  than one);
* seats are **relative**: entry ``k`` of a per-seat slice is the seat ``k`` places after
  the observing seat in seat-number order (entry 0 is the seat itself), so one policy
  plays every seat;
* counts the deck bounds (cards, seats, ranks) are raw; counts that grow with the length of
  a game or match (plays, steps, doubts, points) are **scaled** where a slice says so, by
  :func:`scaled`: ``sign(c) * log2(1 + |c|) / 10``, so 0 → 0, 1 → 0.1, 1,023 → 1.0 and the
  20,000 steps of a long game → 1.43 (no ceiling, nothing clipped, every count still told
  apart); flags are 0 or 1; a one-hot slice with nothing to mark is all zero;
* a **rate** is a Bayesian mean with an even prior, ``(k + 1) / (n + 2)`` for ``k`` of ``n``
  (:func:`rate`): 0.5 with nothing seen.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from kakehiki.cards import Card

CARD_FACES = 53
Array: TypeAlias = "array[float]"
"""What an encoder fills: a ``float32`` ``array.array`` (element writes cost a third of a numpy
array's), handed back as a numpy array over the same memory."""
Observation = npt.NDArray[np.float32]


class SeatView(Protocol):
    """What every view an encoder reads has: the seat it belongs to (``None``: a spectator's)."""

    @property
    def seat(self) -> int | None: ...


V = TypeVar("V", bound=SeatView)


@dataclass(frozen=True, slots=True)
class Part:
    """One named slice of the observation."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class Layout:
    """Named slices laid out one after another."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Add a slice; returns where it starts."""
        start = self.size
        self.parts.append(Part(name, start, size, meaning))
        self.size += size
        return start

    def part(self, name: str) -> Part:
        for part in self.parts:
            if part.name == name:
                return part
        raise KeyError(name)

    def describe(self) -> str:
        """The slices as a Markdown table (what each game's spec shows)."""
        rows = ["| slice | size | meaning |", "|:---|---:|:---|"]
        for part in self.parts:
            rows.append(f"| `{part.name}` [{part.start}:{part.start + part.size}] | {part.size} | {part.meaning} |")
        rows.append(f"| total | {self.size} | |")
        return "\n".join(rows)


class Encoder(Generic[V]):
    """A game's observation encoder for one table size: ``encode(view) -> float32 array``.

    Typed against the game's view (``Game[S, A, V]``'s ``V``): ``class DoubtEncoder(Encoder[DoubtView])``.
    The registry (:func:`kakehiki.rl.obs.encoder`) hands out an ``Encoder[Any]``."""

    game_id: str

    def __init__(self, players: int) -> None:
        self.players = players
        self.layout = Layout()
        self.build()
        self._zeros = bytes(4 * self.layout.size)

    @property
    def size(self) -> int:
        return self.layout.size

    def build(self) -> None:
        """Add this game's slices to ``self.layout``."""
        raise NotImplementedError

    def encode(self, view: V) -> Observation:
        """The observation of the seat ``view`` belongs to, from the view alone."""
        out = array("f", self._zeros)
        self.fill(out, view)
        return np.frombuffer(out, dtype=np.float32)

    def fill(self, out: Array, view: V) -> None:
        raise NotImplementedError

    # -- helpers for the games' encoders ---------------------------------------
    def relative(self, view: V) -> tuple[int, ...]:
        """``rel[seat]``: where each seat goes in a per-seat slice, 0 for the observing seat and
        then the seats after it in seat-number order (a game seated otherwise overrides this)."""
        me, n = observer(view), self.players
        return tuple((seat - me) % n for seat in range(n))

    @staticmethod
    def per_seat(out: Array, start: int, rel: Sequence[int], values: Sequence[float]) -> None:
        """One number per seat, in relative order."""
        for seat, value in enumerate(values):
            out[start + rel[seat]] = value

    @staticmethod
    def seat_hot(out: Array, start: int, rel: Sequence[int], seat: int | None) -> None:
        """Mark ``seat`` (relative) in a one-hot slice of one entry per seat; ``None`` or a
        negative seat marks nothing."""
        if seat is not None and 0 <= seat < len(rel):
            out[start + rel[seat]] = 1.0


def observer(view: SeatView) -> int:
    """The seat an observation is made for: a seat's view, never a spectator's."""
    if view.seat is None:
        raise ValueError("an observation is made for a seat; this view is a spectator's")
    return view.seat


def add_cards(out: Array, start: int, cards: Iterable[Card]) -> None:
    """Count ``cards`` into the card vector at ``start``."""
    for card in cards:
        out[start + card.index] += 1.0


def card_hot(out: Array, start: int, card: Card | None) -> None:
    if card is not None:
        out[start + card.index] = 1.0


def put(out: Array, start: int, values: Iterable[float]) -> None:
    """Write ``values`` one after another from ``start``."""
    for i, value in enumerate(values, start):
        out[i] = value


def one_hot(out: Array, start: int, index: int, size: int) -> None:
    if 0 <= index < size:
        out[start + index] = 1.0


COUNT_LOG_SCALE = 10.0  # scaled(c) = log2(1 + c) / COUNT_LOG_SCALE: 1,023 → 1.0


def scaled(count: float) -> float:
    """A count that grows with the game, scaled: ``sign(c) * log2(1 + |c|) / 10`` (see the module)."""
    return math.copysign(math.log2(1.0 + abs(count)) / COUNT_LOG_SCALE, count)


def rate(hits: int, tries: int) -> float:
    """``hits`` of ``tries`` as a Bayesian mean with an even prior: ``(hits + 1) / (tries + 2)``."""
    return (hits + 1) / (tries + 2)
