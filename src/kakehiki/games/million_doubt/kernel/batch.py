"""The batch API of the compiled Million Doubt engine: N matches as plain arrays.

>>> from kakehiki import get_game
>>> from kakehiki.games.million_doubt.kernel.batch import MillionDoubtBatch
>>> batch = MillionDoubtBatch(seeds=[1, 2, 3], players=4, jit=False)
>>> batch.first_actors().tolist()
[1, 0, 2]
>>> [get_game("million-doubt").actors(get_game("million-doubt").new(4, seed=s)) for s in (1, 2, 3)]
[(1,), (0,), (2,)]

Matches are created from seeds and options exactly as ``get_game("million-doubt").new(players,
options, seed)`` and play the same games for the same action indices (the numbered actions of
``games/million_doubt/spec.md``); ``tests/games/million_doubt/test_fast.py`` checks it in lockstep.  Every
option is supported, and an explicit ``deck`` deals every match's first game, as the
reference's (issue 31).  The public record of habits (``habits``, issue 19) and
``sample_hidden`` are the reference engine's alone.
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
from kakehiki.games.million_doubt.kernel import layout as L
from kakehiki.games.million_doubt.rules.match import new_match
from kakehiki.games.million_doubt.rules.state import (
    OPTION_SPECS,
    TWO_PLAYER_BURST_POINTS,
    MillionDoubtOptions,
    deals_all,
    largest_hand,
)
from kakehiki.options import resolve_options

IntArray = npt.NDArray[np.int64]
Policy = Literal["random"]  # the kernel's policies: the bots of these names
POLICIES: dict[str, int] = {"random": 0}
KERNEL = "kakehiki.games.million_doubt.kernel"
KERNEL_MODULES = (
    PRNG, LOOPS, f"{KERNEL}.plays", f"{KERNEL}.lays", f"{KERNEL}.rules", f"{KERNEL}.match", f"{KERNEL}.play",
)


def option_header(opts: MillionDoubtOptions, players: int) -> npt.NDArray[np.int32]:
    """The options part of a row (``OPT_*``), every choice settled to a number."""
    header = np.zeros(L.ROUND, dtype=np.int32)
    first = opts.first_leader
    header[L.PLAYERS] = players
    header[L.OPT_FIRST_LEADER] = first if isinstance(first, int) else (
        L.FIRST_LAST_WINNER if first == "last_winner" else L.FIRST_RANDOM)
    header[L.OPT_SPADE3] = opts.spade3_beats_joker
    header[L.OPT_FACE_DOWN] = opts.face_down
    header[L.OPT_DEAL_ALL] = deals_all(opts)
    header[L.OPT_BURST_AT] = opts.burst_at
    points = opts.burst_points
    if isinstance(points, int):
        header[L.OPT_BURST_POINTS] = points
    else:
        header[L.OPT_BURST_POINTS] = TWO_PLAYER_BURST_POINTS if points == "auto" and players == 2 else L.BURST_HAND
    header[L.OPT_GAMES] = opts.games
    header[L.OPT_MAX_STEPS] = min(opts.max_steps, 2**31 - 1)
    header[L.OPT_MOST_HIDDEN] = max(largest_hand(opts, players), opts.burst_at - 1)
    return header


class MillionDoubtBatch(KernelBatch):
    """N Million Doubt matches of one table size and option set, each from its own seed.

    ``moves`` is the ``steps`` column: every card shown or named counts; ``actors`` orders
    by priority as M6 and C4 say; ``masks`` are ``(N, actions)``."""

    LAYOUT, MOVES, POLICIES, FACES = L, L.STEPS, POLICIES, L.FACES

    deck_face = staticmethod(hand_order_face)  # a card's face in hand order (3 … 2, the joker last)

    def __init__(
        self, seeds: Sequence[int] | npt.NDArray[Any], players: int = 4,
        options: Mapping[str, object] | None = None, jit: bool | None = None, deck: Sequence[Card] | None = None,
    ) -> None:
        if type(players) is not int or not 2 <= players <= L.MAX_PLAYERS:
            raise OptionError("players", f"million-doubt takes 2–7 players, got {players!r}")
        opts = MillionDoubtOptions.from_values(resolve_options(OPTION_SPECS, options))
        new_match(opts, players, 0, None if deck is None else tuple(deck))  # the reference's refusals, word for word
        self._take_deck(deck)
        self.options, self.players = opts, players
        self._load(seeds, jit, KERNEL_MODULES, "play")
        self._header = option_header(opts, players)
        self.actions = L.action_count(int(self._header[L.OPT_MOST_HIDDEN]))
        self._mask = np.zeros(self.actions, dtype=np.uint8)
        self.rows, self.streams = self._new_rows(self.seeds)

    def _play_kernel(self, block: slice, policies: IntArray, first_only: bool, applied: IntArray) -> None:
        del policies  # the kernel plays random bots alone
        mask = np.zeros_like(self._mask)  # the kernel's scratch: one per thread
        self._play.play_games(self.rows[block], self.streams[block], first_only, mask, applied[block])

    # -- acting -----------------------------------------------------------------
    def playout(
        self, policy: Policy | Sequence[Policy] = "random", first_only: bool = False, threads: int = 1
    ) -> IntArray:
        """Play every game to its end inside the kernel as ``driver.play_out`` plays the bots named
        ``policy`` (one for every seat, or one per seat): the same games as ``kakehiki sim
        million-doubt --bots random``, seeded alike; the actions each applied.  Games already begun
        are played on from where they are, with the bots' generators started afresh.
        ``first_only`` asks the first actor alone at each step (``driver.random_playout``'s way,
        the benchmarks'): other games, no longer those of ``sim``.
        ``threads`` plays blocks of the games on that many threads at once: the same results."""
        return self._playout(policy, first_only, threads)

    # -- looking ----------------------------------------------------------------
    def hand_counts(self) -> IntArray:
        """``(N, players, 53)``: how many of each face (hand order, the joker last) every seat holds."""
        return self._per_seat_faces(L.HAND)

    def field(self, game: int) -> list[tuple[int, list[int], list[int], bool]]:
        """Game ``game``'s field, first play first: ``(seat, face-up faces, face-down faces, revolution)``."""
        row, plays = self.rows[game], []
        for k in range(int(row[L.NPLAYS])):
            start, up, down = int(row[L.PSTART + k]), int(row[L.PUP + k]), int(row[L.PDOWN + k])
            cards = [int(face) for face in row[L.FCARDS + start : L.FCARDS + start + up + down]]
            plays.append((int(row[L.PSEAT + k]), cards[:up], cards[up:], bool(row[L.PREV + k])))
        return plays

    def aside(self, game: int) -> list[int]:
        """The faces set aside unseen at game ``game``'s deal, in deck order."""
        return [int(face) for face in self.rows[game, L.ASIDE : L.ASIDE + self.rows[game, L.NASIDE]]]

    def observe(self, seats: Sequence[int] | npt.NDArray[Any]) -> dict[str, IntArray]:
        """What each game's seat ``seats[g]`` may see, as arrays (the fields of the reference's view
        an RL observation needs): its own hand and face-down cards, never another seat's hidden
        cards, nor another seat's play in the making."""
        chosen = self._seats(seats)
        games, p = np.arange(len(self)), self.players
        up, own_down, down_count = self._field_seen(chosen)
        mine = self.rows[:, L.TURN_SEAT] == chosen
        phase = self.column(L.PHASE)
        making = np.isin(phase, (L.TURN, L.HIDE)) & mine
        laying = np.zeros((len(self), L.FACES), dtype=np.int64)
        hiding = np.zeros((len(self), L.FACES), dtype=np.int64)
        for game in np.flatnonzero(making).tolist():
            count = self.rows[game, L.NCLAIM_UP if phase[game] == L.HIDE else L.NLAYING]
            np.add.at(laying[game], self.rows[game, L.LAYING : L.LAYING + count], 1)
            np.add.at(hiding[game], self.rows[game, L.HIDING : L.HIDING + self.rows[game, L.NHIDING]], 1)
        window = np.full((len(self), p), -1, dtype=np.int64)
        for g in range(len(self)):
            window[g, : self.rows[g, L.NWINDOW]] = self.rows[g, L.WINDOW : L.WINDOW + self.rows[g, L.NWINDOW]]
        return {
            "hand": self.hand_counts()[games, chosen],
            "hand_sizes": self.column(L.SIZES, p),
            "known": self._per_seat_faces(L.KNOWN),
            "field_up": up,
            "field_down_own": own_down,
            "field_down": down_count,
            "binding": self.column(L.BINDING),
            "lock": self.column(L.LOCK),
            "revolution": self.column(L.REVOLUTION),
            "eleven_back": self.column(L.ELEVEN_BACK),
            "turn": self.column(L.TURN_SEAT),
            "phase": np.where((phase == L.HIDE) & ~mine, L.TURN, phase),
            "laying": laying,
            "hiding": hiding,
            "claim_hidden": np.where(making, self.column(L.CLAIM_HIDDEN), 0),
            "claim_revolution": np.where(making, self.column(L.CLAIM_REV), 0),
            "window": window,
            "pool": self.column(L.POOL, L.FACES),
            "given": self.column(L.GIVEN, L.FACES),
            "gone": self.column(L.GONE, L.FACES),
            "gone_down": self._per_seat_faces(L.GONE_DOWN).sum(axis=2),
            "gone_down_own": self._per_seat_faces(L.GONE_DOWN)[games, chosen],
            "aside_count": self.column(L.NASIDE),
            "status": self.column(L.STATUS, p),
            "scores": self.column(L.SCORES, p),
            "round_no": self.column(L.ROUND),
        }

    def _field_seen(self, seats: IntArray) -> tuple[IntArray, IntArray, IntArray]:
        """Face-up field cards per face, the seat's own face-down ones per face, and every seat's
        count of face-down cards on the field."""
        up = np.zeros((len(self), L.FACES), dtype=np.int64)
        own = np.zeros((len(self), L.FACES), dtype=np.int64)
        down = np.zeros((len(self), self.players), dtype=np.int64)
        for g in range(len(self)):
            for seat, faces_up, faces_down, _ in self.field(g):
                np.add.at(up[g], faces_up, 1)
                down[g, seat] += len(faces_down)
                if seat == seats[g]:
                    np.add.at(own[g], faces_down, 1)
        return up, own, down

    def ranks(self) -> IntArray:
        """``final_ranks``: all 1 after ``max_steps``; by points over several games; in a match of
        one game by points, then winner, others, losers (M10, C7)."""
        p = self.players
        scores = self.column(L.SCORES, p)
        seats = np.arange(p)
        won = (self.column(L.LAST_WINNERS)[:, None] >> seats) & 1 == 1
        lost = (self.column(L.LAST_LOSERS)[:, None] >> seats) & 1 == 1
        place = np.where(won, 0, np.where(lost, 2, 1))
        single = self.column(L.NROUNDS)[:, None] <= 1
        key = -scores * 4 + np.where(single, place, 0)
        ranks: IntArray = 1 + (key[:, None, :] < key[:, :, None]).sum(axis=2)
        drawn = (self.column(L.LAST_REASON) == L.DRAW)[:, None]
        return np.where(drawn, 1, ranks)

    def results(self) -> dict[str, Any]:
        """Each match's result as arrays, as ``MillionDoubtGame.result``: ``ranks``, ``scores``,
        ``winners``/``losers`` (bool: the best and worst ranked, one game or several; none after
        ``max_steps``), ``reason`` (the game's, ``match`` or ``max_steps``), ``rounds`` and ``done``."""
        p = self.players
        ranks = self.ranks()
        best, worst = ranks.min(axis=1, keepdims=True), ranks.max(axis=1, keepdims=True)
        spread = best != worst
        single = (self.column(L.NROUNDS) <= 1)[:, None]
        winners = (ranks == best) & spread
        losers = (ranks == worst) & spread
        last = self.column(L.LAST_REASON)
        names = np.array([*L.REASONS, "none"])
        reason = np.where(single[:, 0] | (last == L.DRAW), names[np.where(last < 0, len(L.REASONS), last)], "match")
        return {"done": self.done, "ranks": ranks, "scores": self.column(L.SCORES, p), "winners": winners,
                "losers": losers, "reason": reason, "rounds": self.column(L.NROUNDS)}

    def tallies(self) -> dict[str, Any]:
        """Totals over the batch's finished games (every game of every match), as ``sim`` counts
        the reference's: ``rounds``, ``reasons`` (count by reason), per seat ``wins`` and
        ``losses``, and ``draws`` (games with neither winners nor losers: ``max_steps``, C7)."""
        p, count = self.players, len(L.REASONS)
        reasons = self.rows[:, L.REASON_COUNTS : L.REASON_COUNTS + count].sum(axis=0)
        return {"rounds": int(self.rows[:, L.NROUNDS].sum()),
                "reasons": {name: int(n) for name, n in zip(L.REASONS, reasons, strict=True) if n},
                "wins": self.column(L.WINS, p).sum(axis=0).tolist(),
                "losses": self.column(L.LOSSES, p).sum(axis=0).tolist(),
                "draws": int(self.rows[:, L.DRAWS].sum())}


def playout(
    seeds: Sequence[int] | npt.NDArray[Any], players: int = 4, options: Mapping[str, object] | None = None,
    policy: Policy | Sequence[Policy] = "random", jit: bool | None = None, first_only: bool = False,
) -> tuple[MillionDoubtBatch, IntArray]:
    """N new matches played to the end inside the kernel; the finished batch and each one's actions."""
    batch = MillionDoubtBatch(seeds, players, options, jit)
    return batch, batch.playout(policy, first_only)
