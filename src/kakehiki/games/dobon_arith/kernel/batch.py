"""The batch API of the compiled arithmetic Dobon engine: N games as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.games.dobon_arith.kernel.batch import DobonArithBatch
>>> batch = DobonArithBatch(seeds=[1, 2, 3], players=4, jit=False)
>>> game = get_game("dobon-arith")
>>> [tuple(row[:n]) for row, n in zip(*(a.tolist() for a in batch.actors()))]
[(1,), (2,), (3,)]
>>> [game.actors(game.new(4, seed=s)) for s in (1, 2, 3)]
[(1,), (2,), (3,)]
>>> batch.step(batch.first_legal())       # one action index per game, for its first actor
>>> batch.moves.tolist()
[1, 1, 1]

Games are created from seeds and options exactly as ``get_game("dobon-arith").new(players,
options, seed)`` and play the same games for the same action indices (the numbered actions of
``games/dobon_arith/spec.md``); ``tests/games/dobon_arith/test_fast.py`` checks it in lockstep.  A game
that is over is left alone by :meth:`DobonArithBatch.step`.  An explicit ``deck`` deals every
match's first game, as the reference's (issue 31).  The public move log of the view
(``ArithView.log``) is the reference engine's alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.cards import Card
from kakehiki.errors import OptionError
from kakehiki.fast._loader import LOOPS, PRNG
from kakehiki.fast.batch import RatioBatch
from kakehiki.games.dobon_arith.kernel import layout as L
from kakehiki.games.dobon_arith.rules.match import checked_deck
from kakehiki.games.dobon_arith.rules.state import OPTION_SPECS, ArithOptions
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL = "kakehiki.games.dobon_arith.kernel"
KERNEL_MODULES = (PRNG, LOOPS, f"{KERNEL}.rules", f"{KERNEL}.match", f"{KERNEL}.play")
INT32_MAX = 2**31 - 1


class DobonArithBatch(RatioBatch):
    """N arithmetic Dobon matches of one table size and option set, each from its own seed.

    ``moves`` counts passes and the steps of a play too; ``masks`` are ``(N, 235)``."""

    LAYOUT, MOVES, POLICIES, FIRST_SEAT = L, L.MOVES, POLICIES, L.OPT_FIRST_PLAYER
    actions = L.ACTIONS

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"dobon-arith takes 2–{L.MAX_PLAYERS} players, got {players!r}")
        opts = ArithOptions.from_values(resolve_options(OPTION_SPECS, options))
        if opts.first_player is not None and opts.first_player >= players:
            raise OptionError("first_player", f"no seat {opts.first_player} among {players} players")
        if deck is not None:
            checked_deck(tuple(deck))
        self._take_deck(deck)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        self.ratios = np.full(len(self.seeds), -1.0 if opts.max_twos_ratio is None else opts.max_twos_ratio)
        self._header = np.zeros(L.OPT_MAX_STEPS + 1, dtype=np.int32)
        self._header[L.PLAYERS] = players
        self._header[L.OPT_FIRST_PLAYER] = -1 if opts.first_player is None else opts.first_player
        self._header[L.OPT_PENALTY_ENDS_TURN] = opts.draw_penalty_ends_turn
        self._header[L.OPT_MIN_FIELD] = min(opts.min_field_to_rebuild, INT32_MAX)
        self._header[L.OPT_GAMES] = opts.games
        self._header[L.OPT_MAX_STEPS] = min(opts.max_steps, INT32_MAX)
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every game to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same games as ``kakehiki sim
        dobon-arith --bots random``, seeded alike; the actions each applied.  Games already begun
        are played on from where they are, with the bots' generators started afresh.
        ``first_only`` asks the first actor alone at each step (``driver.random_playout``'s way,
        the benchmarks'): other games, no longer those of ``sim``.
        ``threads`` plays blocks of the games on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 52)``: how many of each card face every seat holds (all hidden cards)."""
        return self._per_seat_faces(L.HAND)

    def revealed(self) -> IntArray:
        """``(N, players, 52)``: the cards of each hand everyone has seen (A6, a Dobon call): public."""
        return self._per_seat_faces(L.REVEALED)

    def field(self, game: int) -> list[int]:
        """Game ``game``'s field, bottom first (card faces 0–51)."""
        return [int(face) for face in self.rows[game, L.FIELD : L.FIELD + self.rows[game, L.NFIELD]]]

    def stock(self, game: int) -> list[int]:
        """Game ``game``'s stock; the next card drawn last."""
        return [int(face) for face in self.rows[game, L.STOCK : L.STOCK + self.rows[game, L.NSTOCK]]]

    def staged(self, game: int) -> list[int]:
        """Game ``game``'s play of several cards begun (bottom first): hidden from all but the turn seat."""
        return [int(face) for face in self.rows[game, L.STAGED : L.STAGED + self.rows[game, L.NSTAGED]]]

    def observe(self, seats: Sequence[int] | npt.NDArray[Any]) -> dict[str, IntArray]:
        """What each game's seat ``seats[g]`` may see, as arrays (the fields of ``ArithView``
        but its move log): its own hand, the play it has begun, every revealed card and the
        public counts; never another seat's hidden cards."""
        chosen = self._seats(seats)
        games, p = np.arange(len(self)), self.players
        top = self.rows[games, L.FIELD + self.rows[:, L.NFIELD] - 1].astype(np.int64)
        field = np.zeros((len(self), 52), dtype=np.int64)
        faces = self.rows[:, L.FIELD : L.FIELD + 52]
        laid = np.arange(52) < self.rows[:, L.NFIELD, None]
        np.add.at(field, (np.nonzero(laid)[0], faces[laid]), 1)
        staged = np.zeros((len(self), 52), dtype=np.int64)
        own = (self.rows[:, L.TURN_SEAT] == chosen) & (self.rows[:, L.PHASE] == L.TURN)
        for g in np.flatnonzero(own).tolist():
            staged[g, self.staged(g)] = 1
        return {
            "hand": self.hand_counts()[games, chosen],
            "staged": staged,
            "hand_sizes": self.column(L.SIZES, p),
            "revealed": self.revealed(),
            "top": top,
            "suit": self.column(L.SUIT),
            "top_owner": self.column(L.TOP_OWNER),
            "field": field,
            "field_size": self.column(L.NFIELD),
            "stock_size": self.column(L.NSTOCK),
            "turn": self.column(L.TURN_SEAT),
            "direction": self.column(L.DIRECTION),
            "pending": self.column(L.PENDING),
            "reveal_due": self.column(L.REVEAL_DUE),
            "opening": self.column(L.OPENING),
            "phase": self.column(L.PHASE),
            "chain": self.column(L.CHAIN_SEATS, p),
            "chain_length": self.column(L.NCHAIN),
            "dealer": self.column(L.DEALER),
            "wins": self.column(L.WINS, p),
            "losses": self.column(L.LOSSES, p),
            "round_no": self.column(L.ROUND),
        }

    def results(self) -> dict[str, Any]:
        """Each match's result as arrays, as ``DobonArithGame.result``: ``ranks`` (A9: more
        wins, then fewer losses; ties share), ``scores`` (wins − losses), ``winners``/``losers``
        (bool, the game's for one game, else the best and worst ranked), ``reason`` (the last
        game's, or ``match``), ``rounds`` and ``done``."""
        p = self.players
        wins, losses = self.column(L.WINS, p), self.column(L.LOSSES, p)
        key = -wins * 4096 + losses  # losses ≤ games ≤ 1000
        ranks = 1 + (key[:, None, :] < key[:, :, None]).sum(axis=2)
        seats = np.arange(p)
        last_w = (self.column(L.LAST_WINNERS)[:, None] >> seats) & 1 == 1
        last_l = (self.column(L.LAST_LOSERS)[:, None] >> seats) & 1 == 1
        best, worst = ranks.min(axis=1, keepdims=True), ranks.max(axis=1, keepdims=True)
        spread = best != worst
        single = self.options.games == 1
        winners = last_w if single else (ranks == best) & spread
        losers = last_l if single else (ranks == worst) & spread
        reasons = np.array([*L.REASONS, "none"])
        last = self.column(L.LAST_REASON)
        reason = reasons[np.where(last < 0, len(L.REASONS), last)] if single else np.full(len(self), "match")
        return {"done": self.done, "ranks": ranks, "scores": wins - losses, "winners": winners,
                "losers": losers, "reason": reason, "rounds": self.column(L.NROUNDS)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished games (every game of every match), as ``kakehiki sim``
        counts them: ``rounds``, ``reasons`` (count by reason), per seat ``wins`` and ``losses``,
        and ``draws`` (games with neither winners nor losers: only ``max_steps`` ends so, C7)."""
        return self._round_tallies()


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DobonArithBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DobonArithBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
