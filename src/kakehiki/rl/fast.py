"""Dobon's vector environment on the compiled batch engine (:mod:`kakehiki.fast`).

``FastDobonVectorEnv(num_envs=256, opponents="random")`` has the interface of
:class:`~kakehiki.rl.vector.SeatVectorEnv` for Dobon (Gymnasium ``VectorEnv``, ``SAME_STEP``
autoreset, ``infos["action_mask"]``, ``infos["seat"]``, ``final_obs``) and plays the same
games: row ``i`` of a vector seeded with ``s`` deals from the seeds a ``SeatEnv`` seeded with
``s + i`` draws, picks the same learner seats, and its bots (``random`` or ``greedy``, the
kernel's policies) draw from the same streams, so the same learner actions give the same games.
All N games step in one kernel call; observations are built from the rows with array
operations, for the learner's seat only (its hand, never another).

The observation is the reference encoder's (``encoder("dobon", players)``), entry for entry:
the slices read from the view's fields come from the rows, and the three the reference reads
from the view's move log (``played``, ``drawn``, ``recent``) from what the kernels note of each
move as they apply it (:mod:`kakehiki.games.dobon.kernel.seat`).  So a policy trained on either
environment plays on the other (and as the ``policy:PATH`` bot).  An illegal action raises
(the reference's ``illegal="raise"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kakehiki.errors import IllegalActionError
from kakehiki.fast import kernels
from kakehiki.games.dobon.kernel import layout as L
from kakehiki.games.dobon.kernel.batch import KERNEL_MODULES, POLICIES, DobonBatch
from kakehiki.games.dobon.kernel.seat import SLICES
from kakehiki.games.dobon.obs import RECENT, DobonEncoder
from kakehiki.rl.rows import count_redeals, draw_deals, reseed
from kakehiki.rl.table import TRUNCATING, Rewards, RLTable

Batch = npt.NDArray[Any]
class FastDobonVectorEnv(VectorEnv[Batch, Batch, Batch]):
    """``num_envs`` Dobon games of one learning seat against the kernel's bots, stepped in one call."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, num_envs: int, players: int = 4, options: Mapping[str, object] | None = None,
        opponents: str | Sequence[str] = "random", seat: int | str = 0, rewards: Rewards = "win_loss",
        jit: bool | None = None,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.table = RLTable("dobon", players, options, rewards)  # checks players, options and rewards
        n = self.table.players
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) not in (n - 1, n) or any(name not in POLICIES for name in names):
            raise ValueError(f"opponents: one of {sorted(POLICIES)} (the kernel's bots), or one per seat ({n}) "
                             f"or per other seat ({n - 1}); got {opponents!r}")
        if seat != "random" and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be 'random' or a seat 0–{n - 1}, not {seat!r}")
        self.opponents, self.seat_choice = names, seat
        self.num_envs = num_envs
        self.batch = DobonBatch([0] * num_envs, n, options, jit)
        self._kernel = kernels(self.batch.jit, KERNEL_MODULES)["seat"]
        enc = self.table.encoder
        assert isinstance(enc, DobonEncoder)
        self.encoder: DobonEncoder = enc
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (self.table.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.table.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.learners = np.zeros(num_envs, dtype=np.int64) + (0 if seat == "random" else int(seat))
        self.policies = np.zeros((num_envs, n), dtype=np.int64)
        self._rngs: list[np.random.Generator | None] = [None] * num_envs
        self._redeals = np.zeros(num_envs, dtype=np.int64)  # games dealt again by the latest deal, per row
        self.redeals = 0  # games over before the learner was asked, dealt again, since the vector was made
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)
        self._starts = np.array([enc.layout.part(name).start for name in SLICES], dtype=np.int64)
        self.played = np.zeros((num_envs, n, 52), dtype=np.int32)  # the log's counts, kept by the kernel
        self.drawn = np.zeros((num_envs, n), dtype=np.int32)
        self.recent = np.full((num_envs, RECENT, 4), -1, dtype=np.int32)  # kind, seat, card, amount; newest first

    # -- episodes ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Deal every game anew: an int ``seed`` seeds game ``i`` with ``seed + i``; a list gives
        each its own; ``None`` goes on from each game's generator (seeded with 0 if never seeded)."""
        reseed(self._rngs, seed)
        self._deal(np.arange(self.num_envs))
        return self.observe(), {**self._infos(), "redeals": self._redeals.copy()}

    def _deal(self, games: npt.NDArray[np.int64]) -> None:
        """New games in rows ``games``, as ``SeatEnv.reset`` deals them: a seed (and a seat) from
        each row's generator, bots to play until the learner is asked, dealt again if over first
        (counted per row in ``_redeals``)."""
        self._redeals[:] = 0
        first = True
        while len(games):
            if not first:
                self.redeals += count_redeals(self._redeals, games)
            first = False
            seeds = draw_deals(self._rngs, games, self.seat_choice == "random", self.learners,
                               [POLICIES[name] for name in self.opponents], self.policies)
            self.batch.deal(games, seeds)
            with np.errstate(over="ignore"):
                self._kernel.start_games(self.batch.rows, self.batch.streams, self.batch.ratios, games,
                                         self.learners, self.policies, self.played, self.drawn, self.recent)
            games = games[self.batch.done[games]]

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs} wanted, got shape {acts.shape}")
        batch = self.batch
        with np.errstate(over="ignore"):
            bad = self._kernel.learner_steps(batch.rows, batch.streams, batch.ratios, self.learners, acts,
                                             self.policies, self._mask, self.played, self.drawn, self.recent)
        if bad >= 0:
            raise IllegalActionError("C6", f"game {bad}: action {acts[bad]} is not legal for seat {self.learners[bad]}")
        ended = batch.done.copy()
        truncated = ended & (batch.column(L.LAST_REASON) == L.REASONS.index(TRUNCATING))
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        infos: dict[str, Any] = {}
        self._redeals[:] = 0
        if ended.any():
            rewards[ended] = self._rewards()[ended]
            final = np.zeros((self.num_envs, self.table.obs_size), dtype=np.float32)  # rows not ended: zero
            final[ended] = self.observe(np.flatnonzero(ended))
            infos["final_obs"], infos["_final_obs"] = final, ended
            infos["reason"], infos["_reason"] = self._reasons(ended), ended.copy()
            self._deal(np.flatnonzero(ended))
        infos.update(self._infos())
        infos["redeals"] = self._redeals.copy()
        return self.observe(), rewards, ended & ~truncated, truncated, infos

    def _reasons(self, ended: npt.NDArray[np.bool_]) -> npt.NDArray[np.object_]:
        """The result's reason of each ended row (``""`` for the rest), as ``Result.reason``."""
        reasons = np.full(self.num_envs, "", dtype=object)
        reasons[ended] = self.batch.results()["reason"][ended]
        return reasons

    def _rewards(self) -> npt.NDArray[np.float64]:
        """The learner's reward in each game, as :func:`kakehiki.rl.table.rewards_of` gives it."""
        result, games, scheme = self.batch.results(), np.arange(self.num_envs), self.table.reward_scheme
        if scheme == "score":
            scores: npt.NDArray[np.float64] = result["scores"][games, self.learners].astype(np.float64)
            return scores
        if scheme == "rank":
            return rank_rewards_of(result["ranks"], self.learners)
        won: npt.NDArray[np.float64] = result["winners"][games, self.learners].astype(np.float64)
        if scheme == "win":
            return won
        lost: npt.NDArray[np.float64] = result["losers"][games, self.learners].astype(np.float64)
        return np.subtract(won, lost)

    # -- what the learners get -----------------------------------------------------------
    def action_masks(self) -> Batch:
        """Every game's legal actions for its learner, ``(N, A)`` int8."""
        return self.batch.masks(self.learners).view(np.int8)

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.learners.copy()}

    def observe(self, games: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.float32]:
        """The learner's observation of each game (of ``games``, default all), ``(N, D)``: the
        reference encoder's, built by the kernel from the rows and the log's notes."""
        chosen = np.arange(self.num_envs) if games is None else games
        out = np.empty((len(chosen), self.table.obs_size), dtype=np.float32)
        self._kernel.observe_rows(self.batch.rows, self.learners, chosen, self.played, self.drawn, self.recent,
                                  self._starts, self.batch.options.games, out)
        return out


def rank_rewards_of(ranks: npt.NDArray[np.int64], seats: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """:func:`kakehiki.rl.table.rank_rewards` of seat ``seats[g]`` in each game ``g`` of ``ranks`` ``(N, n)``."""
    mine = ranks[np.arange(len(ranks)), seats][:, None]
    ahead, tied = (ranks < mine).sum(axis=1), (ranks == mine).sum(axis=1)
    place = ahead + (tied - 1) / 2
    rewards: npt.NDArray[np.float64] = 1.0 - 2.0 * place / (ranks.shape[1] - 1)
    return rewards
