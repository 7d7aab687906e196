"""The batch API of the compiled Dobon engine: N games as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.fast import DobonBatch
>>> batch = DobonBatch(seeds=[1, 2, 3], players=4, options={"official": False}, jit=False)
>>> seats, count = batch.actors()
>>> [tuple(row[:n]) for row, n in zip(seats.tolist(), count)]
[(0, 1), (0, 1), (3,)]
>>> [get_game("dobon").actors(get_game("dobon").new(4, {"official": False}, seed=s)) for s in (1, 2, 3)]
[(0, 1), (0, 1), (3,)]
>>> batch.step(batch.first_legal())       # one action index per game, for its first actor
>>> batch.moves.tolist()
[1, 1, 1]

Games are created from seeds and options exactly as ``get_game("dobon").new(players,
options, seed)`` and play the same games for the same action indices (the numbered actions
of ``games/dobon/spec.md``); ``tests/games/dobon/test_fast.py`` checks it in lockstep.  A game that is over
is left alone by :meth:`DobonBatch.step`.  Host-only moves (``delay``, ``request_stop``) are
the reference engine's alone; an explicit ``deck`` deals every match's first game, as the
reference's (issue 31: the rulings transcripts run on both engines).
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
from kakehiki.games.dobon.kernel import layout as L
from kakehiki.games.dobon.rules.match import check_decks
from kakehiki.games.dobon.rules.state import OPTION_SPECS, DobonOptions
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random", "greedy"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0, "greedy": 1}
KERNEL = "kakehiki.games.dobon.kernel"
KERNEL_MODULES = (PRNG, LOOPS, f"{KERNEL}.rules", f"{KERNEL}.match", f"{KERNEL}.play")
"""The kernel modules, in load order (a module's siblings load before it)."""


class DobonBatch(RatioBatch):
    """N Dobon matches of one table size and option set, each from its own seed.

    ``moves`` counts passes too; ``masks`` are ``(N, 106)``."""

    PRESET_AT = L.STOCK  # a seat draw before the first deal uses DECK
    LAYOUT, MOVES, POLICIES, FIRST_SEAT = L, L.MOVES, POLICIES, L.OPT_FIRST_DEALER
    actions = L.ACTIONS

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"dobon takes 2–16 players, got {players!r}")
        opts = DobonOptions.from_values(resolve_options(OPTION_SPECS, options))
        if opts.first_dealer is not None and opts.first_dealer >= players:
            raise OptionError("first_dealer", f"no seat {opts.first_dealer} among {players} players")
        cards = None if deck is None else tuple(deck)
        check_decks(opts, players, cards)
        self._take_deck(cards)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        n = len(self.seeds)
        self.ratios = np.full(n, -1.0 if opts.max_twos_ratio is None else opts.max_twos_ratio)
        header = self._header = np.zeros(L.OPT_MAX_STEPS + 1, dtype=np.int32)
        header[L.PLAYERS] = players
        header[L.OPT_DECKS] = opts.decks or 0
        header[L.OPT_OFFICIAL] = opts.official
        header[L.OPT_FIRST_DEALER] = -1 if opts.first_dealer is None else opts.first_dealer
        header[L.OPT_AFTER_INTERRUPTER] = opts.interrupt_turn == "after_interrupter"
        header[L.OPT_MIN_FIELD] = min(opts.min_field_to_rebuild, 2**31 - 1)
        header[L.OPT_GAMES] = opts.games
        header[L.OPT_MIN_GAMES] = opts.min_games
        header[L.OPT_MAX_STEPS] = min(opts.max_steps, 2**31 - 1)
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every game to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same games as ``kakehiki sim
        --bots random`` or ``greedy``, seeded alike; the actions each applied.  Games already
        begun are played on from where they are, with the bots' generators started afresh.
        ``first_only`` asks the first actor alone at each step (``driver.random_playout``'s way,
        the benchmarks'): other games, mostly longer, no longer those of ``sim``.
        ``threads`` plays blocks of the games on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 52)``: how many of each card face every seat holds (all hidden cards)."""
        return self._per_seat_faces(L.HAND)

    def field(self, game: int) -> list[int]:
        """Game ``game``'s field, bottom first (card faces 0–51)."""
        return [int(face) for face in self.rows[game, L.FIELD : L.FIELD + self.rows[game, L.NFIELD]]]

    def stock(self, game: int) -> list[int]:
        """Game ``game``'s stock; the next card drawn last."""
        return [int(face) for face in self.rows[game, L.STOCK : L.STOCK + self.rows[game, L.NSTOCK]]]

    def observe(self, seats: Sequence[int] | npt.NDArray[Any]) -> dict[str, IntArray]:
        """What each game's seat ``seats[g]`` may see, as arrays (the fields of ``DobonView``
        an RL observation needs): never another seat's cards."""
        chosen = self._seats(seats)
        games = np.arange(len(self))
        p = self.players
        top = self.rows[games, L.FIELD + self.rows[:, L.NFIELD] - 1].astype(np.int64)
        field = np.zeros((len(self), 52), dtype=np.int64)
        faces = self.rows[:, L.FIELD : L.FIELD + L.MAX_CARDS]
        laid = np.arange(L.MAX_CARDS) < self.rows[:, L.NFIELD, None]
        np.add.at(field, (np.nonzero(laid)[0], faces[laid]), 1)
        return {
            "hand": self.hand_counts()[games, chosen],
            "hand_sizes": self.column(L.SIZES, p),
            "top": top,
            "top_owner": self.column(L.TOP_OWNER),
            "field": field,
            "field_size": self.column(L.NFIELD),
            "stock_size": self.column(L.NSTOCK),
            "turn": self.column(L.TURN_SEAT),
            "pending": self.column(L.PENDING),
            "phase": self.column(L.PHASE),
            "chain": self.column(L.CHAIN_SEATS, p),
            "chain_length": self.column(L.NCHAIN),
            "dealer": self.column(L.DEALER),
            "order": self.column(L.ORDER, p),
            "deal_counts": self.column(L.COUNTS, p),
            "laps": self.column(L.LAPS, p),
            "round_no": self.column(L.ROUND),
            "decks": self.column(L.DECKS),
        }

    def results(self) -> dict[str, Any]:
        """Each match's result as arrays, as ``DobonGame.result``: ``ranks`` (J13: fewer laps,
        then a smaller deal count; ties share), ``scores`` (+1 a game won, −1 lost),
        ``winners``/``losers`` (bool, the game's for one game, else the best and worst ranked),
        ``reason`` (the last game's, or ``match``), ``rounds`` and ``done``."""
        p = self.players
        laps, counts = self.column(L.LAPS, p), self.column(L.COUNTS, p)
        key = laps * 64 + counts
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
        return {"done": self.done, "ranks": ranks, "scores": self.column(L.SCORES, p), "winners": winners,
                "losers": losers, "reason": reason, "rounds": self.column(L.NROUNDS)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished games (every game of every match): ``rounds``,
        ``reasons`` (count by reason), per seat ``wins`` and ``losses``, and ``draws`` (games
        with neither winners nor losers: only ``max_steps`` ends so, C7)."""
        return self._round_tallies()


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DobonBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DobonBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
