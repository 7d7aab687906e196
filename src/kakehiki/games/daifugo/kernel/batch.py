"""The batch API of the compiled Daifugo engine: N matches as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.games.daifugo.kernel.batch import DaifugoBatch
>>> batch = DaifugoBatch(seeds=[1, 2, 3], players=4, jit=False)
>>> batch.first_actors().tolist()
[2, 3, 2]
>>> [get_game("daifugo").actors(get_game("daifugo").new(4, seed=s)) for s in (1, 2, 3)]
[(2,), (3,), (2,)]

Matches are created from seeds and options exactly as ``get_game("daifugo").new(players,
options, seed)`` and play the same games for the same action indices (``pass``, ``show`` each
face, ``play``, ``give`` each face: 108); ``tests/games/daifugo/test_fast.py`` checks it in lockstep.
Every option is supported, and an explicit ``deck`` deals every match's first game, as the
reference's (issue 31).  ``sample_hidden`` and the record of the cards handed over by force
(``forced``, which only the search bots' sampling reads) are the reference engine's alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.cards import Card
from kakehiki.errors import OptionError
from kakehiki.fast._loader import LOOPS, PRNG
from kakehiki.fast.batch import KernelBatch, hand_order_face
from kakehiki.games.daifugo.kernel import layout as L
from kakehiki.games.daifugo.rules.game import new_match
from kakehiki.games.daifugo.rules.model import OPTION_SPECS, DaifugoOptions
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL = "kakehiki.games.daifugo.kernel"
KERNEL_MODULES = (PRNG, LOOPS, f"{KERNEL}.plays", f"{KERNEL}.rules", f"{KERNEL}.match", f"{KERNEL}.play")


def option_header(opts: DaifugoOptions, players: int) -> npt.NDArray[np.int32]:
    """The options part of a row (``OPT_*``), every choice settled to a number."""
    header = np.zeros(L.HEADER, dtype=np.int32)
    decks = opts.deck_count(players)
    header[L.PLAYERS], header[L.OPT_GAMES] = players, opts.games
    header[L.OPT_DECKS], header[L.OPT_JOKERS] = decks, opts.jokers * decks
    flags = {L.OPT_RUN_REVOLUTION: opts.run_revolution, L.OPT_EIGHT_CUT: opts.eight_cut,
             L.OPT_ELEVEN_BACK: opts.eleven_back, L.OPT_LOCK: opts.lock, L.OPT_STRICT_LOCK: opts.strict_lock,
             L.OPT_SPADE3: opts.spade3, L.OPT_FOUL_TWO: opts.foul_two, L.OPT_FOUL_JOKER: opts.foul_joker,
             L.OPT_FOUL_EIGHT: opts.foul_eight, L.OPT_FOUL_THREE: opts.foul_three,
             L.OPT_MIYAKO_OCHI: opts.miyako_ochi, L.OPT_UECDA_SCORING: opts.scoring == "uecda"}
    for column, on in flags.items():
        header[column] = int(on)
    header[L.OPT_MAX_STEPS] = min(opts.max_steps, 2**31 - 1)
    return header


class DaifugoBatch(KernelBatch):
    """N Daifugo matches of one table size and option set, each from its own seed.

    ``moves`` is the ``steps`` column: every card shown or given counts; one seat acts at a time."""

    LAYOUT, MOVES, POLICIES, FACES = L, L.STEPS, POLICIES, L.FACES
    actions = L.ACTIONS

    deck_face = staticmethod(hand_order_face)  # a card's face in hand order (3 … 2, the joker last)

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"daifugo takes 2–8 players, got {players!r}")
        opts = DaifugoOptions.from_values(resolve_options(OPTION_SPECS, options))
        new_match(opts, players, 0, None if deck is None else tuple(deck))  # the reference's refusals, word for word
        self._take_deck(deck)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        self._header = option_header(opts, players)
        self._mask = np.zeros(self.actions, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    def _play_kernel(self, block: slice, policies: IntArray, first_only: bool, applied: IntArray) -> None:
        del policies, first_only  # the kernel plays random bots alone; one seat acts at a time
        mask = np.zeros_like(self._mask)  # the kernel's scratch: one per thread
        self._play.play_games(self.rows[block], self.streams[block], mask, applied[block])

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every match to its end inside the kernel as ``driver.play_out`` plays the bots
        named ``policy`` (one for every seat, or one per seat): the same games as ``kakehiki sim
        daifugo --bots random``, seeded alike; the actions each applied.  Matches already begun
        are played on from where they are, with the bots' generators started afresh.  One seat
        acts at a time in Daifugo, so ``first_only`` plays the same games.  ``threads`` plays
        blocks of the matches on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 53)``: how many of each face (hand order, the joker last) every seat holds."""
        return self._per_seat_faces(L.HAND)

    def field(self, game: int) -> list[tuple[int, list[int], int, int]]:
        """Match ``game``'s field, first play first: ``(seat, faces, shape, level)``."""
        row, plays = self.rows[game], []
        for k in range(int(row[L.NPLAYS])):
            start, count = int(row[L.PSTART + k]), int(row[L.PCOUNT + k])
            faces = [int(face) for face in row[L.FCARDS + start : L.FCARDS + start + count]]
            plays.append((int(row[L.PSEAT + k]), faces, int(row[L.PSHAPE + k]), int(row[L.PLEVEL + k])))
        return plays

    def known(self, game: int, seat: int) -> list[tuple[int, int]]:
        """The cards ``seat`` handed over in match ``game``'s exchange that are still where it put
        them, in order: ``(holder, face)``."""
        row, base = self.rows[game], seat * L.MAX_KNOWN
        return [(int(row[L.KNOWN_HOLDER + base + k]), int(row[L.KNOWN_FACE + base + k]))
                for k in range(int(row[L.NKNOWN + seat]))]

    def returns(self, game: int) -> list[tuple[int, int, int]]:
        """The returns still to make in match ``game``'s exchange: ``(giver, receiver, count)``."""
        row = self.rows[game]
        return [tuple(int(x) for x in row[L.RETURNS + 3 * k : L.RETURNS + 3 * k + 3])  # type: ignore[misc]
                for k in range(int(row[L.NRETURNS]))]

    def ranks(self) -> IntArray:
        """``final_ranks``: all 1 after ``max_steps``; a match of one game by its places; of
        several by points (F10, F11, C7)."""
        p = self.players
        scores = self.column(L.SCORES, p)
        by_points: IntArray = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
        order = self.column(L.LAST_ORDER, p)
        by_place = np.argsort(order, axis=1) + 1
        single = (self.column(L.NROUNDS) == 1)[:, None]
        ranks = np.where(single, by_place, by_points)
        drawn = (self.column(L.LAST_REASON) == L.MAX_STEPS)[:, None]
        found: IntArray = np.where(drawn, 1, ranks)
        return found

    def results(self) -> dict[str, Any]:
        """Each match's result as arrays, as ``DaifugoGame.result``: ``ranks``, ``scores``,
        ``winners``/``losers`` (bool: a single game's first and last; over several games the best
        and worst ranked, none when all rank alike or after ``max_steps``), ``reason``
        (``ranked``, ``match`` or ``max_steps``), ``rounds`` and ``done``."""
        p = self.players
        ranks = self.ranks()
        best, worst = ranks.min(axis=1, keepdims=True), ranks.max(axis=1, keepdims=True)
        spread = best != worst
        last = self.column(L.LAST_REASON)
        drawn = (last == L.MAX_STEPS)[:, None]
        winners = (ranks == best) & spread & ~drawn
        losers = (ranks == worst) & spread & ~drawn
        single = self.column(L.NROUNDS) == 1
        names = np.array([*L.REASONS, "none"])
        reason = np.where(drawn[:, 0] | single, names[np.where(last < 0, len(L.REASONS), last)], "match")
        return {"done": self.done, "ranks": ranks, "scores": self.column(L.SCORES, p), "winners": winners,
                "losers": losers, "reason": reason, "rounds": self.column(L.NROUNDS)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished games (every game of every match), as ``sim`` counts
        the reference's: ``rounds``, ``reasons``, per seat ``wins`` (first out) and ``losses``
        (last), and ``draws`` (games ended by ``max_steps``, C7)."""
        return self._round_tallies()


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[DaifugoBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = DaifugoBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
