"""The batch API of the compiled Doubt engine: N games as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.games.doubt.kernel.batch import DoubtBatch
>>> batch = DoubtBatch(seeds=[1, 2], players=4, options={"max_cards_per_play": 2}, jit=False)
>>> batch.actions, [int(n) for n in batch.masks().sum(axis=1)]
(106, [25, 25])
>>> game = get_game("doubt")
>>> [len(game.legal_actions(game.new(4, {"max_cards_per_play": 2}, seed=s), 0)) for s in (1, 2)]
[25, 25]
>>> batch.step(batch.first_legal())       # one action index per game, for its first actor
>>> batch.moves.tolist()
[1, 1]

Games are created from seeds and options exactly as ``get_game("doubt").new(players, options,
seed)`` and play the same games for the same action indices (the numbered actions of
``games/doubt/spec.md``, whose size depends on ``max_cards_per_play`` and ``jokers``);
``tests/games/doubt/test_fast.py`` checks it in lockstep.  A game that is over is left alone by
:meth:`DoubtBatch.step`.  An explicit ``deck`` deals every game, as the reference's (issue 31).
The views' knowledge of hands (``known``, ``sure``) and the seats' record (``habits``) are the
reference engine's alone: they feed views and bots, never the rules.
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
from kakehiki.games.doubt.kernel import layout as L
from kakehiki.games.doubt.rules.flow import deal_order
from kakehiki.games.doubt.rules.state import OPTION_SPECS, PENALTIES, DoubtOptions
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL = "kakehiki.games.doubt.kernel"
KERNEL_MODULES = (PRNG, LOOPS, f"{KERNEL}.rules", f"{KERNEL}.moves", f"{KERNEL}.play")


def header_of(opts: DoubtOptions, players: int) -> npt.NDArray[np.int32]:
    """The fields every game of a batch shares: players, options and the action offsets."""
    header = np.zeros(L.HEADER, dtype=np.int32)
    faces = 53 if opts.jokers else 52
    adds = faces if opts.max_cards_per_play > 1 else 0
    header[L.PLAYERS] = players
    header[L.OPT_MOST] = opts.max_cards_per_play
    header[L.OPT_CHEAT] = opts.cheat
    header[L.OPT_REPEAT] = opts.repeat_rank_after_lie
    header[L.OPT_DOUBTER_LEADS] = opts.doubter_leads
    header[L.OPT_RANK_REST] = opts.rank_rest
    header[L.OPT_DECKS] = opts.decks
    header[L.OPT_JOKERS] = opts.jokers
    header[L.OPT_PENALTY] = PENALTIES.index(opts.penalty)
    header[L.OPT_NEED_SUCCESS] = opts.require_successful_doubt
    header[L.OPT_ROUND_LIMIT] = opts.round_limit
    header[L.OPT_MAX_STEPS] = min(opts.max_steps, 2**31 - 1)
    header[L.A_ADD] = faces
    header[L.A_DOUBT] = faces + adds
    header[L.A_PASS] = faces + adds + 1
    return header


class DoubtBatch(KernelBatch):
    """N Doubt games of one table size and option set, each from its own seed.

    ``moves`` counts ``add`` and passes too; ``masks`` are ``(N, actions)``."""

    LAYOUT, MOVES, POLICIES, FACES = L, L.MOVES, POLICIES, L.FACES

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"doubt takes 2–{L.MAX_PLAYERS} players, got {players!r}")
        opts = DoubtOptions.from_values(resolve_options(OPTION_SPECS, options))
        if deck is not None:
            deal_order(opts, players, 0, tuple(deck))  # the reference's refusals of an explicit deck
        self._take_deck(deck)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        self._header = header_of(opts, players)
        self.actions = int(self._header[L.A_PASS]) + 1  # the size of the action index space
        self._mask = np.zeros(self.actions, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every game to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same games as ``kakehiki sim
        --bots random``, seeded alike; the actions each applied (``add`` included).  Games already
        begun are played on from where they are, with the bots' generators started afresh.
        ``first_only`` asks the first actor alone at each step (``driver.random_playout``'s way,
        the benchmarks'): other games, no longer those of ``sim``.
        ``threads`` plays blocks of the games on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 53)``: how many of each card face every seat holds (all hidden cards)."""
        return self._per_seat_faces(L.HAND)

    def pile(self, game: int) -> list[tuple[int, int, tuple[int, ...], bool]]:
        """Game ``game``'s pile, oldest play first: ``(seat, claimed rank, faces, turned up)``
        each (all hidden cards)."""
        row, plays, start = self.rows[game], [], 0
        for k in range(int(row[L.NENTRIES])):
            size = int(row[L.ENTRY_SIZE + k])
            faces = tuple(int(f) for f in row[L.PILE + start : L.PILE + start + size])
            plays.append((int(row[L.ENTRY_SEAT + k]), int(row[L.ENTRY_RANK + k]), faces,
                          bool(row[L.ENTRY_REVEALED + k])))
            start += size
        return plays

    def picked(self, game: int) -> list[int]:
        """The faces game ``game``'s seat to play has set aside with ``add`` (hidden from the others)."""
        return [int(f) for f in self.rows[game, L.PICKED : L.PICKED + self.rows[game, L.NPICKED]]]

    def forfeited(self, game: int) -> list[int]:
        """Seats out by forfeit, in order."""
        return [int(s) for s in self.rows[game, L.FORFEITED : L.FORFEITED + self.rows[game, L.NFORFEITED]]]

    def observe(self, seats: Sequence[int] | npt.NDArray[Any]) -> dict[str, IntArray]:
        """What each game's seat ``seats[g]`` may see, as arrays (the fields of ``DoubtView``):
        its own hand and the cards it set aside, every hand size, the pile as plays (seat, claimed
        rank, size, turned up; padded with -1) and the cards of it the seat has seen (turned up,
        or its own), the discard, forfeits, successes, copies of each rank, and the step count as
        the seat counts it (other seats' passes unseen while a window is open, C4): never
        another seat's hidden cards, nor who is still to answer the window."""
        chosen = self._seats(seats)
        n, p, games = len(self), self.players, np.arange(len(self))
        entries = np.arange(L.MAX_CARDS) < self.rows[:, L.NENTRIES, None]
        pile_seen = np.zeros((n, L.FACES), dtype=np.int64)
        picked = np.zeros((n, L.FACES), dtype=np.int64)
        steps = self.column(L.STEPS)
        for g in range(n):
            seat = int(chosen[g])
            for owner, _rank, faces, revealed in self.pile(g):
                if revealed or owner == seat:
                    np.add.at(pile_seen[g], list(faces), 1)
            if seat == self.rows[g, L.TURN_SEAT]:
                np.add.at(picked[g], self.picked(g), 1)
            steps[g] -= self._unseen_passes(g, seat)
        rank_counts = np.full((n, 14), 4 * self.options.decks, dtype=np.int64)
        rank_counts[:, 0] = self.options.jokers
        forfeits = np.zeros((n, p), dtype=np.int64)
        for g in range(n):
            forfeits[g, self.forfeited(g)] = 1
        return {
            "hand": self.hand_counts()[games, chosen],
            "picked": picked,
            "hand_sizes": self.column(L.SIZES, p),
            "phase": self.column(L.PHASE),
            "turn": self.column(L.TURN_SEAT),
            "rank": self.column(L.RANK),
            "pile_size": self.column(L.NPILE),
            "pile_plays": self.column(L.NENTRIES),
            "pile_seat": np.where(entries, self.column(L.ENTRY_SEAT, L.MAX_CARDS), -1),
            "pile_rank": np.where(entries, self.column(L.ENTRY_RANK, L.MAX_CARDS), -1),
            "pile_count": np.where(entries, self.column(L.ENTRY_SIZE, L.MAX_CARDS), -1),
            "pile_revealed": np.where(entries, self.column(L.ENTRY_REVEALED, L.MAX_CARDS), -1),
            "pile_seen": pile_seen,
            "discard": self.column(L.DISCARD, L.FACES),
            "forfeited": forfeits,
            "successes": self.column(L.SUCCESSES, p),
            "rank_counts": rank_counts,
            "plays": self.column(L.PLAYS),
            "steps": steps,
        }

    def _unseen_passes(self, game: int, seat: int) -> int:
        """While a window is open: the seats offered it, ``seat`` aside, that have passed (C4)."""
        row = self.rows[game]
        if row[L.PHASE] != L.WINDOW:
            return 0
        player, out = int(row[L.TURN_SEAT]), self.forfeited(game)
        offered = [s for s in ((player + k) % self.players for k in range(1, self.players)) if s not in out]
        waiting = set(row[L.WINDOW_SEATS : L.WINDOW_SEATS + row[L.NWINDOW]].tolist())
        return sum(1 for s in offered[: 1 if self.options.cheat else None] if s != seat and s not in waiting)

    def results(self) -> dict[str, Any]:
        """Each game's result as arrays, as ``DoubtGame.result``: ``ranks`` (0 while playing),
        ``scores`` (+1 the winner, −1 the losers), ``winners``/``losers`` (bool per seat),
        ``reason`` (``none`` while playing), ``rounds`` (1 once over) and ``done``."""
        seats = np.arange(self.players)
        winners = (self.column(L.WINNERS)[:, None] >> seats) & 1 == 1
        losers = (self.column(L.LOSERS)[:, None] >> seats) & 1 == 1
        reasons = np.array([*L.REASONS, "none"])
        last = self.column(L.REASON)
        done = self.done
        return {"done": done, "ranks": np.where(done[:, None], self.column(L.RANKS, self.players), 0),
                "scores": winners.astype(np.int64) - losers.astype(np.int64), "winners": winners,
                "losers": losers, "reason": reasons[np.where(last < 0, len(L.REASONS), last)],
                "rounds": done.astype(np.int64)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished games, as ``kakehiki sim`` counts them: ``rounds``
        (one a game), ``reasons`` (count by reason), per seat ``wins`` and ``losses``, and
        ``draws`` (games with neither winners nor losers: ``max_steps``, C7, or a ``round_limit``
        ending with every seat level)."""
        found = self.results()
        done = found["done"]
        reasons = np.bincount(self.column(L.REASON)[done], minlength=len(L.REASONS))
        level = done & ~found["winners"].any(axis=1) & ~found["losers"].any(axis=1)
        return {"rounds": int(done.sum()),
                "reasons": {name: int(n) for name, n in zip(L.REASONS, reasons, strict=True) if n},
                "wins": found["winners"][done].sum(axis=0).tolist(),
                "losses": found["losers"][done].sum(axis=0).tolist(),
                "draws": int(level.sum())}


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DoubtBatch, IntArray]:
    """N new games played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DoubtBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
