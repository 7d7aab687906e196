"""The batch API of the compiled Dhumbal engine: N matches as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.games.dhumbal.kernel.batch import DhumbalBatch
>>> batch = DhumbalBatch(seeds=[1, 2, 3], players=4, jit=False)
>>> seats, count = batch.actors()
>>> [tuple(row[:n]) for row, n in zip(seats.tolist(), count)]
[(0,), (0,), (0,)]
>>> batch.step(batch.first_legal())       # one action index per match, for its turn seat
>>> batch.moves.tolist()
[1, 1, 1]

Matches are created from seeds and options exactly as ``get_game("dhumbal").new(players,
options, seed)`` and play the same matches for the same action indices (the numbered actions
of ``games/dhumbal/spec.md``); ``tests/games/dhumbal/test_fast.py`` checks it in lockstep.  A match that
is over is left alone by :meth:`DhumbalBatch.step`.  An explicit ``deck`` deals every match's
first round, as the reference's (issue 31: the rulings transcripts run on both engines).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.cards import Card
from kakehiki.errors import OptionError
from kakehiki.fast._loader import LOOPS, PRNG
from kakehiki.fast.batch import KernelBatch
from kakehiki.games.dhumbal.kernel import layout as L
from kakehiki.games.dhumbal.rules.rounds import deck_count
from kakehiki.games.dhumbal.rules.state import OPTION_SPECS, DhumbalOptions
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL = "kakehiki.games.dhumbal.kernel"
KERNEL_MODULES = (PRNG, LOOPS, f"{KERNEL}.rules", f"{KERNEL}.play")
INT32_MAX = 2**31 - 1


class DhumbalBatch(KernelBatch):
    """N Dhumbal matches of one table size and option set, each from its own seed.

    Each game is a match: ``actors`` is the turn seat alone (so the first actor of
    ``first_actors``, ``masks`` and ``step`` is the turn seat); ``moves`` counts each card
    put down; ``masks`` are ``(N, 106)``."""

    LAYOUT, MOVES, POLICIES = L, L.MOVES, POLICIES
    actions = L.ACTIONS

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"dhumbal takes 2–16 players, got {players!r}")
        opts = DhumbalOptions.from_values(resolve_options(OPTION_SPECS, options))
        deck_count(opts, players, None if deck is None else tuple(deck))  # the reference's refusals
        self._take_deck(deck)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        self._header = np.zeros(L.HEADER, dtype=np.int32)
        self._header[[L.PLAYERS, L.OPT_DECKS, L.OPT_SHOW_MAX, L.OPT_PENALTY, L.OPT_CALLER_WINS, L.OPT_LEFT,
                      L.OPT_LIMIT, L.OPT_MAX_STEPS]] = [
            players, opts.decks or 0, opts.show_max, opts.penalty, opts.show_tie == "caller_wins",
            opts.starter_rotation == "left", opts.limit, min(opts.max_steps, INT32_MAX)]
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    def _play_kernel(self, block: slice, policies: IntArray, first_only: bool, applied: IntArray) -> None:
        del first_only  # one actor at a time: the same games either way
        self._play.play_games(self.rows[block], self.streams[block], policies, applied[block])

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every match to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same matches as ``kakehiki
        sim --bots random``, seeded alike; the actions each applied.  Matches already begun are
        played on from where they are, with the bots' generators started afresh.  Only the turn
        seat ever acts in Dhumbal, so ``first_only`` (ask the first actor alone, the benchmarks'
        way) plays the very same matches.
        ``threads`` plays blocks of the games on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 52)``: how many of each card face every seat holds (all hidden cards)."""
        return self._per_seat_faces(L.HAND)

    def known_counts(self) -> IntArray:
        """``(N, players, 52)``: the cards of each hand known to all (taken from the discards)."""
        return self._per_seat_faces(L.KNOWN)

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
        return self._round_tallies()


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DhumbalBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DhumbalBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
