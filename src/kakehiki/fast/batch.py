"""What every compiled batch class shares: N games of one game as rows of ``int32`` and
streams of ``uint64``, stepped and played out by the game's kernel module.

A subclass of :class:`KernelBatch` names its row layout (``LAYOUT``: ``WIDTH``, ``USLOTS``,
``U_PREFIX``, ``PHASE``, ``OVER``), the column counting moves (``MOVES``), its kernel's policies
(``POLICIES``), the card faces of a per-seat block (``FACES``) and the size of its action index
space (``actions``).  Its ``__init__`` sets ``players`` and ``options``, calls
:meth:`KernelBatch._load` (seeds and kernel modules), sets ``_header`` (the fields every game
shares) and ``_mask``, then deals with :meth:`KernelBatch._new_rows`.  Where its kernel's calls
differ it overrides the hooks ``_new_games``, ``_step_kernel`` and ``_play_kernel``;
:class:`RatioBatch` holds the two Dobons' (``max_twos_ratio`` per game).  Its public
``playout`` keeps its own policy names and docstring and calls :meth:`KernelBatch._playout`.

A batch may deal from an explicit deck, as the reference's ``deck`` does: its subclass checks
the deck as the reference does and passes it to :meth:`KernelBatch._take_deck`; every game's
first deal then takes those cards in that order (later deals shuffle from the seed), so a ruling
transcript plays on the kernel exactly as on the reference (issue 31).  The cards wait in the
row at ``PRESET_AT`` (default ``LAYOUT.DECK``), their count in ``LAYOUT.PRESET``.

Playouts run on threads (``threads``): every game is a row of its own with its own streams, so
the rows are cut into contiguous blocks and each block is played by the kernel on its own
thread (the kernels are compiled ``nogil``).  A game's play reads nothing of another row, so the
results are those of one thread, whatever the number.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from kakehiki.cards import Card
from kakehiki.errors import IllegalActionError
from kakehiki.fast._loader import kernels
from kakehiki.prng import fnv1a64

IntArray = npt.NDArray[np.int64]
HAND_ORDER_JOKER = 52  # the joker's face in hand order, after every natural card


def hand_order_face(card: Card) -> int:
    """A card's face in hand order, as the climbing games' kernels number them (Million Doubt,
    Daifugo): ``strength * 4 + suit`` (3 is strength 0 … 2 is 12; suits S H D C), the joker 52."""
    if card.is_joker:
        return HAND_ORDER_JOKER
    return ((card.rank - 3) % 13) * 4 + "SHDC".index(card.suit)


def hand_order_indices() -> IntArray:
    """``Card.index`` of each hand-order face (the inverse of :func:`hand_order_face`)."""
    index = np.zeros(HAND_ORDER_JOKER + 1, dtype=np.int64)
    for face in range(HAND_ORDER_JOKER):
        strength, suit = divmod(face, 4)
        index[face] = suit * 13 + (strength + 2) % 13
    index[HAND_ORDER_JOKER] = HAND_ORDER_JOKER
    return index


class KernelBatch:
    """N games of one table size and option set, each from its own seed, held by a kernel."""

    LAYOUT: ModuleType  # the game's row layout module
    MOVES: int  # the column counting the actions applied
    POLICIES: dict[str, int]  # the kernel's policies: the bots of these names
    FACES: int = 52  # card faces of a per-seat block
    actions: int  # the size of the action index space (a class or an instance attribute)
    PRESET_AT: int | None = None  # where an explicit deck waits for the first deal (None: LAYOUT.DECK)

    players: int
    seeds: list[int]
    jit: bool  # whether the kernels are the compiled ones
    rows: npt.NDArray[np.int32]
    streams: npt.NDArray[np.uint64]
    _play: ModuleType
    _header: npt.NDArray[np.int32]
    _mask: npt.NDArray[np.uint8]
    _preset: npt.NDArray[np.int32] | None = None  # an explicit deck's faces, top card first

    @staticmethod
    def deck_face(card: Card) -> int:
        """The kernel's face of ``card`` in an explicit deck (default: ``Card.index``)."""
        return card.index

    def _take_deck(self, deck: Sequence[Card] | None) -> None:
        """Deal every game's first deal from ``deck`` (top card first), checked by the caller."""
        self._preset = None if deck is None else np.array([self.deck_face(c) for c in deck], dtype=np.int32)

    def _load(
        self, seeds: Sequence[int] | npt.NDArray[Any], jit: bool | None, names: tuple[str, ...], play: str
    ) -> None:
        """Take ``seeds`` and load the kernel modules ``names`` (``play``: the one driving games)."""
        self.seeds = [int(seed) for seed in seeds]
        mods = kernels(jit, names)
        self.jit = mods["prng"].__name__.startswith("kakehiki.fast._jit.")
        self._play = mods[play]

    # -- dealing ----------------------------------------------------------------
    def _new_rows(self, seeds: Sequence[int]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64]]:
        """Rows and streams of new games from ``seeds``, dealt."""
        layout = self.LAYOUT
        rows = np.zeros((len(seeds), layout.WIDTH), dtype=np.int32)
        rows[:, : len(self._header)] = self._header
        if self._preset is not None:
            at = layout.DECK if self.PRESET_AT is None else self.PRESET_AT
            rows[:, at : at + len(self._preset)] = self._preset
            rows[:, layout.PRESET] = len(self._preset)
        streams = np.zeros((len(seeds), layout.USLOTS), dtype=np.uint64)
        for g, seed in enumerate(seeds):
            streams[g, layout.U_PREFIX] = fnv1a64(f"{seed}/".encode())
        with np.errstate(over="ignore"):
            self._new_games(rows, streams)
        return rows, streams

    def _new_games(self, rows: npt.NDArray[np.int32], streams: npt.NDArray[np.uint64]) -> None:
        """The kernel's deal of ``rows`` (header filled) and ``streams`` (prefix set)."""
        self._play.new_games(rows, streams)

    def deal(self, games: Sequence[int] | npt.NDArray[Any], seeds: Sequence[int] | npt.NDArray[Any]) -> None:
        """Start games ``games`` anew, as new matches from ``seeds`` (one each); the rest are
        left as they are.  Game ``g`` is then the game a batch of this class made from
        ``[seeds[k]]`` alone (the same players and options) holds."""
        chosen = np.asarray(games, dtype=np.int64).reshape(-1)
        fresh = [int(seed) for seed in seeds]
        if len(fresh) != len(chosen):
            raise ValueError(f"one seed per game: {len(chosen)} games, {len(fresh)} seeds")
        if not len(chosen):
            return
        rows, streams = self._new_rows(fresh)
        for g, seed in zip(chosen.tolist(), fresh, strict=True):
            self.seeds[g] = seed
        self.rows[chosen], self.streams[chosen] = rows, streams

    def __len__(self) -> int:
        return len(self.seeds)

    # -- asking -----------------------------------------------------------------
    @property
    def done(self) -> npt.NDArray[np.bool_]:
        over: npt.NDArray[np.bool_] = self.rows[:, self.LAYOUT.PHASE] == self.LAYOUT.OVER
        return over

    @property
    def moves(self) -> IntArray:
        """Actions applied in each game so far, as the game counts them (the class's docstring
        says what counts)."""
        return self.rows[:, self.MOVES].astype(np.int64)

    def actors(self) -> tuple[IntArray, IntArray]:
        """``(seats, count)``: each game's actors by priority (C4), padded with -1."""
        seats = np.full((len(self), self.players), -1, dtype=np.int64)
        count = np.zeros(len(self), dtype=np.int64)
        self._play.actors_of(self.rows, seats, count)
        return seats, count

    def first_actors(self) -> IntArray:
        """Each game's first actor (the one with priority), or -1 once over."""
        first: IntArray = self.actors()[0][:, 0]
        return first

    def masks(self, seats: Sequence[int] | npt.NDArray[Any] | None = None) -> npt.NDArray[np.uint8]:
        """``legal_mask`` for one seat of each game (default: its first actor), ``(N, actions)``."""
        chosen = self._seats(seats)
        out = np.zeros((len(self), self.actions), dtype=np.uint8)
        self._play.masks_of(self.rows, np.maximum(chosen, 0), out)
        out[chosen < 0] = 0
        return out

    def first_legal(self) -> IntArray:
        """The lowest legal action index of each game's first actor (0 once over): a test helper."""
        lowest: IntArray = np.argmax(self.masks(), axis=1).astype(np.int64)
        return lowest

    # -- acting -----------------------------------------------------------------
    def step(
        self, actions: Sequence[int] | npt.NDArray[Any], seats: Sequence[int] | npt.NDArray[Any] | None = None
    ) -> None:
        """Apply ``actions[g]`` (an action index) for ``seats[g]`` (default: the first actor)
        in every game not over.  An illegal action refuses the whole call, changing nothing."""
        chosen = self._seats(seats)
        acts = np.asarray(actions, dtype=np.int64)
        if acts.shape != (len(self),):
            raise ValueError(f"one action per game: {len(self)} wanted, got shape {acts.shape}")
        with np.errstate(over="ignore"):
            bad = self._step_kernel(np.maximum(chosen, 0), acts)
        if bad >= 0:
            raise IllegalActionError("C6", f"game {bad}: action {acts[bad]} is not legal for seat {chosen[bad]}")

    def _step_kernel(self, seats: IntArray, actions: IntArray) -> int:
        """The kernel's step of every game not over; the first game refusing its action, or -1."""
        bad: int = self._play.step_games(self.rows, self.streams, seats, actions, self._mask)
        return bad

    def _playout(self, policy: str | Sequence[str], first_only: bool, threads: int = 1) -> IntArray:
        """``playout``'s work: check the policy names (one for every seat, or one per seat),
        then play every game to its end in the kernel, on ``threads`` threads (blocks of rows);
        the actions each applied."""
        names = [policy] * self.players if isinstance(policy, str) else list(policy)
        if len(names) != self.players or any(name not in self.POLICIES for name in names):
            raise ValueError(
                f"one policy of {sorted(self.POLICIES)} for every seat, or one per seat; got {policy!r}")
        policies = np.array([self.POLICIES[name] for name in names], dtype=np.int64)
        applied = np.zeros(len(self), dtype=np.int64)
        blocks = row_blocks(len(self), threads)

        def play(block: slice) -> None:
            with np.errstate(over="ignore"):
                self._play_kernel(block, policies, first_only, applied)

        if len(blocks) == 1:
            play(blocks[0])
        else:
            with ThreadPoolExecutor(max_workers=len(blocks)) as pool:
                list(pool.map(play, blocks))  # list(): a kernel's exception is raised here
        return applied

    def _play_kernel(self, block: slice, policies: IntArray, first_only: bool, applied: IntArray) -> None:
        """The kernel's playout of the games in ``block``, counting the actions of each into ``applied``.
        Called on several threads at once: anything it writes besides its rows is its own."""
        self._play.play_games(self.rows[block], self.streams[block], policies, first_only, applied[block])

    def _seats(self, seats: Sequence[int] | npt.NDArray[Any] | None) -> IntArray:
        if seats is None:
            return self.first_actors()
        chosen = np.asarray(seats, dtype=np.int64)
        if chosen.shape != (len(self),) or ((chosen < 0) | (chosen >= self.players)).any():
            raise IllegalActionError("C2", f"one seat 0–{self.players - 1} per game")
        return chosen

    # -- looking ----------------------------------------------------------------
    def column(self, offset: int, width: int | None = None) -> IntArray:
        """A field of every game: one column, or ``width`` of them (per seat: ``players``)."""
        if width is None:
            return self.rows[:, offset].astype(np.int64)
        return self.rows[:, offset : offset + width].astype(np.int64)

    def _per_seat_faces(self, offset: int) -> IntArray:
        """``(N, players, FACES)``: a per-seat block of face counts starting at ``offset``."""
        block = self.rows[:, offset : offset + self.players * self.FACES]
        return block.reshape(len(self), self.players, self.FACES).astype(np.int64)

    def _round_tallies(self) -> dict[str, Any]:
        """``tallies`` from the kernel's counters (``NROUNDS``, ``REASON_COUNTS``, ``WINS``,
        ``LOSSES``): draws are the games ended by ``max_steps``."""
        layout, p = self.LAYOUT, self.players
        reasons = self.rows[:, layout.REASON_COUNTS : layout.REASON_COUNTS + len(layout.REASONS)].sum(axis=0)
        return {"rounds": int(self.rows[:, layout.NROUNDS].sum()),
                "reasons": {name: int(n) for name, n in zip(layout.REASONS, reasons, strict=True) if n},
                "wins": self.column(layout.WINS, p).sum(axis=0).tolist(),
                "losses": self.column(layout.LOSSES, p).sum(axis=0).tolist(),
                "draws": int(reasons[layout.MAX_STEPS])}


class RatioBatch(KernelBatch):
    """A batch whose kernel also takes each game's ``max_twos_ratio`` (``ratios``, -1.0 for
    none) and deals from the first-seat option column ``FIRST_SEAT``: the two Dobons."""

    FIRST_SEAT: int  # the header column of the first dealer or player option (-1: drawn)
    ratios: npt.NDArray[np.float64]

    def _new_games(self, rows: npt.NDArray[np.int32], streams: npt.NDArray[np.uint64]) -> None:
        self._play.new_games(rows, streams, rows[:, self.FIRST_SEAT].astype(np.int64))

    def _step_kernel(self, seats: IntArray, actions: IntArray) -> int:
        bad: int = self._play.step_games(self.rows, self.streams, self.ratios, seats, actions, self._mask)
        return bad

    def _play_kernel(self, block: slice, policies: IntArray, first_only: bool, applied: IntArray) -> None:
        self._play.play_games(self.rows[block], self.streams[block], self.ratios[block], policies, first_only,
                              applied[block])


def row_blocks(games: int, threads: int) -> list[slice]:
    """``games`` rows cut into at most ``threads`` contiguous blocks of nearly equal size (one
    block at least, empty for no games)."""
    if threads < 1:
        raise ValueError(f"threads must be at least 1, not {threads}")
    count = max(1, min(threads, games))
    bounds = [games * k // count for k in range(count + 1)]
    return [slice(bounds[k], bounds[k + 1]) for k in range(count)]
