"""The batch API of the compiled Dhumbal engine: N matches as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.fast.dhumbal import DhumbalBatch
>>> batch = DhumbalBatch(seeds=[1, 2, 3], players=4, jit=False)
>>> seats, count = batch.actors()
>>> [tuple(row[:n]) for row, n in zip(seats.tolist(), count)]
[(0,), (0,), (0,)]
>>> batch.step(batch.first_legal())       # one action index per match, for its turn seat
>>> batch.moves.tolist()
[1, 1, 1]

Matches are created from seeds and options exactly as ``get_game("dhumbal").new(players,
options, seed)`` and play the same matches for the same action indices (the numbered actions
of ``docs/dhumbal.md``); ``tests/test_fast_dhumbal.py`` checks it in lockstep.  A match that
is over is left alone by :meth:`DhumbalBatch.step`.  Explicit decks are the reference
engine's alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.errors import IllegalActionError, OptionError
from kakehiki.fast import dhumbal_layout as L
from kakehiki.fast._loader import kernels
from kakehiki.games.dhumbal.rounds import deck_count
from kakehiki.games.dhumbal.state import OPTION_SPECS, DhumbalOptions
from kakehiki.options import resolve_options
from kakehiki.prng import fnv1a64

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL_MODULES = ("prng", "dhumbal_kernel", "dhumbal_play")
INT32_MAX = 2**31 - 1


class DhumbalBatch:
    """N Dhumbal matches of one table size and option set, each from its own seed."""

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"dhumbal takes 2–16 players, got {players!r}")
        opts = DhumbalOptions.from_values(resolve_options(OPTION_SPECS, options))
        deck_count(opts, players, None)  # refuses too many players for the decks, as the reference
        self.options, self.players = opts, players
        self.seeds = [int(seed) for seed in seeds]
        mods = kernels(jit, KERNEL_MODULES)
        self.jit = mods["prng"].__name__.startswith("kakehiki.fast._jit.")
        self._play = mods["dhumbal_play"]
        self._header = np.zeros(L.HEADER, dtype=np.int32)
        self._header[[L.PLAYERS, L.OPT_DECKS, L.OPT_SHOW_MAX, L.OPT_PENALTY, L.OPT_CALLER_WINS, L.OPT_LEFT,
                      L.OPT_LIMIT, L.OPT_MAX_STEPS]] = [
            players, opts.decks or 0, opts.show_max, opts.penalty, opts.show_tie == "caller_wins",
            opts.starter_rotation == "left", opts.limit, min(opts.max_steps, INT32_MAX)]
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    def _new_rows(self, seeds: Sequence[int]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64]]:
        """Rows and streams of new matches from ``seeds``, dealt."""
        rows = np.zeros((len(seeds), L.WIDTH), dtype=np.int32)
        rows[:, : L.HEADER] = self._header
        streams = np.zeros((len(seeds), L.USLOTS), dtype=np.uint64)
        for g, seed in enumerate(seeds):
            streams[g, L.U_PREFIX] = fnv1a64(f"{seed}/".encode())
        with np.errstate(over="ignore"):
            self._play.new_games(rows, streams)
        return rows, streams

    def deal(self, games: Sequence[int] | npt.NDArray[Any], seeds: Sequence[int] | npt.NDArray[Any]) -> None:
        """Start matches ``games`` anew, as new matches from ``seeds`` (one each); the rest are
        left as they are.  Match ``g`` is then the one ``DhumbalBatch([seeds[k]], ...)`` holds."""
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
        over: npt.NDArray[np.bool_] = self.rows[:, L.PHASE] == L.OVER
        return over

    @property
    def moves(self) -> IntArray:
        """Actions applied in each match so far, each card put down included."""
        return self.rows[:, L.MOVES].astype(np.int64)

    def actors(self) -> tuple[IntArray, IntArray]:
        """``(seats, count)``: each match's actors (the turn seat alone), padded with -1."""
        seats = np.full((len(self), self.players), -1, dtype=np.int64)
        count = np.zeros(len(self), dtype=np.int64)
        self._play.actors_of(self.rows, seats, count)
        return seats, count

    def first_actors(self) -> IntArray:
        """Each match's turn seat, or -1 once over."""
        first: IntArray = self.actors()[0][:, 0]
        return first

    def masks(self, seats: Sequence[int] | npt.NDArray[Any] | None = None) -> npt.NDArray[np.uint8]:
        """``legal_mask`` for one seat of each match (default: its turn seat), ``(N, 106)``."""
        chosen = self._seats(seats)
        out = np.zeros((len(self), L.ACTIONS), dtype=np.uint8)
        self._play.masks_of(self.rows, np.maximum(chosen, 0), out)
        out[chosen < 0] = 0
        return out

    def first_legal(self) -> IntArray:
        """The lowest legal action index of each match's turn seat (0 once over): a test helper."""
        lowest: IntArray = np.argmax(self.masks(), axis=1).astype(np.int64)
        return lowest

    # -- acting -----------------------------------------------------------------
    def step(
        self, actions: Sequence[int] | npt.NDArray[Any], seats: Sequence[int] | npt.NDArray[Any] | None = None
    ) -> None:
        """Apply ``actions[g]`` (an action index) for ``seats[g]`` (default: the turn seat) in
        every match not over.  An illegal action refuses the whole call, changing nothing."""
        chosen = self._seats(seats)
        acts = np.asarray(actions, dtype=np.int64)
        if acts.shape != (len(self),):
            raise ValueError(f"one action per game: {len(self)} wanted, got shape {acts.shape}")
        with np.errstate(over="ignore"):
            bad = self._play.step_games(self.rows, self.streams, np.maximum(chosen, 0), acts, self._mask)
        if bad >= 0:
            raise IllegalActionError("C6", f"game {bad}: action {acts[bad]} is not legal for seat {chosen[bad]}")

    def playout(self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False) -> IntArray:
        """Play every match to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same matches as ``kakehiki
        sim --bots random``, seeded alike; the actions each applied.  Matches already begun are
        played on from where they are, with the bots' generators started afresh.  Only the turn
        seat ever acts in Dhumbal, so ``first_only`` (ask the first actor alone, the benchmarks'
        way) plays the very same matches."""
        names = [policy] * self.players if isinstance(policy, str) else list(policy)
        if len(names) != self.players or any(name not in POLICIES for name in names):
            raise ValueError(f"one policy of {sorted(POLICIES)} for every seat, or one per seat; got {policy!r}")
        del first_only  # one actor at a time: the same games either way
        policies = np.array([POLICIES[name] for name in names], dtype=np.int64)
        applied = np.zeros(len(self), dtype=np.int64)
        with np.errstate(over="ignore"):
            self._play.play_games(self.rows, self.streams, policies, applied)
        return applied

    def _seats(self, seats: Sequence[int] | npt.NDArray[Any] | None) -> IntArray:
        if seats is None:
            return self.first_actors()
        chosen = np.asarray(seats, dtype=np.int64)
        if chosen.shape != (len(self),) or ((chosen < 0) | (chosen >= self.players)).any():
            raise IllegalActionError("C2", f"one seat 0–{self.players - 1} per game")
        return chosen

    # -- looking ----------------------------------------------------------------
    def column(self, offset: int, width: int | None = None) -> IntArray:
        """A field of every match: one column, or ``width`` of them (per seat: ``players``)."""
        if width is None:
            return self.rows[:, offset].astype(np.int64)
        return self.rows[:, offset : offset + width].astype(np.int64)

    def hand_counts(self) -> IntArray:
        """``(N, players, 52)``: how many of each card face every seat holds (all hidden cards)."""
        return self._per_seat_faces(L.HAND)

    def known_counts(self) -> IntArray:
        """``(N, players, 52)``: the cards of each hand known to all (taken from the discards)."""
        return self._per_seat_faces(L.KNOWN)

    def _per_seat_faces(self, offset: int) -> IntArray:
        block = self.rows[:, offset : offset + self.players * 52]
        return block.reshape(len(self), self.players, 52).astype(np.int64)

    def _cards(self, game: int, offset: int, count: int) -> list[int]:
        return [int(face) for face in self.rows[game, offset : offset + self.rows[game, count]]]

    def stock(self, game: int) -> list[int]:
        """Match ``game``'s stock (card faces 0–51); the next card drawn last."""
        return self._cards(game, L.STOCK, L.NSTOCK)

    def buried(self, game: int) -> list[int]:
        """The discards nobody took since the last stock rebuild, in the order buried."""
        return self._cards(game, L.BURIED, L.NBURIED)

    def discarding(self, game: int) -> list[int]:
        """The cards the turn seat has put down so far this turn, in written order."""
        return self._cards(game, L.DISCARDING, L.NDISCARDING)

    def available(self, game: int) -> list[int]:
        """The previous seat's last discard (or the turned-up card): what may be taken."""
        return self._cards(game, L.AVAILABLE, L.NAVAILABLE)

    def _face_counts(self, offset: int, count: int, width: int) -> IntArray:
        """Counts per card face of a list field of every match."""
        out = np.zeros((len(self), 52), dtype=np.int64)
        faces = self.rows[:, offset : offset + width]
        laid = np.arange(width) < self.rows[:, count, None]
        np.add.at(out, (np.nonzero(laid)[0], faces[laid]), 1)
        return out

    def observe(self, seats: Sequence[int] | npt.NDArray[Any]) -> dict[str, IntArray]:
        """What each match's seat ``seats[g]`` may see, as arrays (the fields of
        ``DhumbalView`` an RL observation needs): its own hand and total, and of the others
        only what is public (sizes, the cards known to all); never another seat's hidden cards.
        The round's log is not kept."""
        chosen = self._seats(seats)
        games = np.arange(len(self))
        p = self.players
        return {
            "hand": self.hand_counts()[games, chosen],
            "total": self.rows[games, L.TOTALS + chosen].astype(np.int64),
            "hand_sizes": self.column(L.SIZES, p),
            "known": self.known_counts(),
            "discarding": self._face_counts(L.DISCARDING, L.NDISCARDING, L.MAX_DISCARD),
            "available": self._face_counts(L.AVAILABLE, L.NAVAILABLE, L.MAX_DISCARD),
            "available_owner": self.column(L.AVAILABLE_OWNER),
            "buried": self._face_counts(L.BURIED, L.NBURIED, L.MAX_CARDS),
            "stock_size": self.column(L.NSTOCK),
            "turn": self.column(L.TURN_SEAT),
            "round_turns": self.column(L.ROUND_TURNS),
            "starter": self.column(L.STARTER),
            "round_no": self.column(L.ROUND),
            "scores": self.column(L.SCORES, p),
            "last_added": self.column(L.ADDED, p),
            "phase": self.column(L.PHASE),
            "decks": self.column(L.DECKS),
        }

    def results(self) -> dict[str, Any]:
        """Each match's result as arrays, as ``DhumbalGame.result``: ``ranks`` (lowest
        cumulative score first, ties share; all 1 after ``max_steps``), ``scores`` (minus the
        cumulative points, as ``Result.scores``), ``points`` (the cumulative points),
        ``winners``/``losers`` (bool: the best and worst ranked, none when all rank alike),
        ``reason`` (``match``, ``max_steps``, or ``none`` while in play), ``rounds``, ``done``."""
        points = self.column(L.SCORES, self.players)
        drawn = self.rows[:, L.MATCH_REASON] == L.MAX_STEPS
        ranks = 1 + (points[:, None, :] < points[:, :, None]).sum(axis=2)
        ranks[drawn] = 1
        best, worst = ranks.min(axis=1, keepdims=True), ranks.max(axis=1, keepdims=True)
        spread = best != worst
        reason = np.where(drawn, "max_steps", np.where(self.done, "match", "none"))
        return {"done": self.done, "ranks": ranks, "scores": -points, "points": points,
                "winners": (ranks == best) & spread, "losers": (ranks == worst) & spread, "reason": reason,
                "rounds": self.column(L.NROUNDS)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished rounds (every round of every match), as ``kakehiki
        sim`` counts them: ``rounds``, ``reasons`` (count by reason), per seat ``wins`` (rounds
        scored 0) and ``losses`` (rounds scoring the most), and ``draws`` (rounds with neither
        winners nor losers: only ``max_steps`` ends one so, C7)."""
        p, count = self.players, len(L.REASONS)
        reasons = self.rows[:, L.REASON_COUNTS : L.REASON_COUNTS + count].sum(axis=0)
        return {"rounds": int(self.rows[:, L.NROUNDS].sum()),
                "reasons": {name: int(n) for name, n in zip(L.REASONS, reasons, strict=True) if n},
                "wins": self.column(L.WINS, p).sum(axis=0).tolist(),
                "losses": self.column(L.LOSSES, p).sum(axis=0).tolist(),
                "draws": int(reasons[L.MAX_STEPS])}


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DhumbalBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DhumbalBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
