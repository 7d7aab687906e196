"""Dobon's vector environment on the compiled batch engine (:mod:`kakehiki.fast`).

``FastDobonVectorEnv(num_envs=256, opponents="random")`` has the interface of
:class:`~kakehiki.rl.vector.SeatVectorEnv` for Dobon (Gymnasium ``VectorEnv``, ``SAME_STEP``
autoreset, ``infos["action_mask"]``, ``infos["seat"]``, ``final_obs``) and plays the same
games: row ``i`` of a vector seeded with ``s`` deals from the seeds a ``SeatEnv`` seeded with
``s + i`` draws, picks the same learner seats, and its bots (``random`` or ``greedy``, the
kernel's policies) draw from the same streams, so the same learner actions give the same games.
All N games step in one kernel call; observations are built from the rows with array
operations, for the learner's seat only (its hand, never another).

The observation has the reference encoder's layout (``encoder("dobon", players)``), and every
slice read from the view's fields is the same.  Three slices come from the view's move log,
which the kernel does not keep: ``played``, ``drawn`` and ``recent`` are left at zero here
(``LOG_SLICES``).  A policy trained on one environment is therefore not a policy for the
other without retraining; ``docs/rl.md`` says so.  An illegal action raises (the reference's
``illegal="raise"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kakehiki.errors import IllegalActionError
from kakehiki.fast import DobonBatch, kernels
from kakehiki.fast import dobon_layout as L
from kakehiki.fast.dobon import POLICIES
from kakehiki.rl.obs.dobon import DobonEncoder
from kakehiki.rl.table import SEED_BOUND, Rewards, RLTable

Batch = npt.NDArray[Any]
LOG_SLICES = ("played", "drawn", "recent")
"""Slices of the reference observation built from the view's log: zero in this environment."""


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
        self._kernel = kernels(self.batch.jit)["dobon_seat"]
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
        self._mask = np.zeros(L.ACTIONS, dtype=np.uint8)

    # -- episodes ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Deal every game anew: an int ``seed`` seeds game ``i`` with ``seed + i``; a list gives
        each its own; ``None`` goes on from each game's generator (seeded with 0 if never seeded)."""
        if seed is None:
            seeds: Sequence[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
        for i, s in enumerate(seeds):
            if s is not None or self._rngs[i] is None:
                self._rngs[i] = seeding.np_random(0 if s is None else s)[0]
        self._deal(np.arange(self.num_envs))
        return self.observe(), self._infos()

    def _deal(self, games: npt.NDArray[np.int64]) -> None:
        """New games in rows ``games``, as ``SeatEnv.reset`` deals them: a seed (and a seat) from
        each row's generator, bots to play until the learner is asked, dealt again if over first."""
        n = self.table.players
        while len(games):
            seeds = []
            for g in games.tolist():
                rng = self._rngs[g]
                assert rng is not None
                seeds.append(int(rng.integers(SEED_BOUND)))
                if self.seat_choice == "random":
                    self.learners[g] = int(rng.integers(n))
                learner = int(self.learners[g])
                others = iter(self.opponents) if len(self.opponents) == n - 1 else None
                self.policies[g] = [POLICIES[self.opponents[s] if others is None else
                                             (self.opponents[0] if s == learner else next(others))] for s in range(n)]
            self.batch.deal(games, seeds)
            with np.errstate(over="ignore"):
                self._kernel.start_games(self.batch.rows, self.batch.streams, self.batch.ratios, games,
                                         self.learners, self.policies)
            games = games[self.batch.done[games]]

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs} wanted, got shape {acts.shape}")
        batch = self.batch
        with np.errstate(over="ignore"):
            bad = self._kernel.learner_steps(batch.rows, batch.streams, batch.ratios, self.learners, acts,
                                             self.policies, self._mask)
        if bad >= 0:
            raise IllegalActionError("C6", f"game {bad}: action {acts[bad]} is not legal for seat {self.learners[bad]}")
        terminated = batch.done.copy()
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        infos: dict[str, Any] = {}
        if terminated.any():
            rewards[terminated] = self._rewards()[terminated]
            infos["final_obs"], infos["_final_obs"] = self.observe(), terminated
            self._deal(np.flatnonzero(terminated))
        infos.update(self._infos())
        return self.observe(), rewards, terminated, np.zeros(self.num_envs, dtype=np.bool_), infos

    def _rewards(self) -> npt.NDArray[np.float64]:
        result, games = self.batch.results(), np.arange(self.num_envs)
        if self.table.reward_scheme == "score":
            scores: npt.NDArray[np.float64] = result["scores"][games, self.learners].astype(np.float64)
            return scores
        won: npt.NDArray[np.float64] = result["winners"][games, self.learners].astype(np.float64)
        lost: npt.NDArray[np.float64] = result["losers"][games, self.learners].astype(np.float64)
        return np.subtract(won, lost)

    # -- what the learners get -----------------------------------------------------------
    def action_masks(self) -> Batch:
        """Every game's legal actions for its learner, ``(N, A)`` int8."""
        return self.batch.masks(self.learners).view(np.int8)

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.learners.copy()}

    def observe(self) -> npt.NDArray[np.float32]:
        """Each game's learner observation ``(N, D)``, the reference layout (the log's slices zero)."""
        return encode_rows(self.batch.rows, self.learners, self.encoder, self.table.players, self.batch.options.games)


def encode_rows(
    rows: npt.NDArray[np.int32], seats: npt.NDArray[np.int64], enc: DobonEncoder, players: int, games: int
) -> npt.NDArray[np.float32]:
    """The observation of seat ``seats[g]`` of every game, from what its view holds (its own hand,
    public counts and the field), laid out as ``enc`` lays it out."""
    count, n = rows.shape[0], players
    out = np.zeros((count, enc.size), dtype=np.float32)
    g = np.arange(count)
    position = rows[:, L.POSITION : L.POSITION + n].astype(np.int64)
    rel = (position - position[g, seats][:, None]) % n  # rel[g, seat]: its place after the learner, in play order
    hands = rows[:, L.HAND : L.HAND + n * 52].reshape(count, n, 52)
    out[:, enc.hand : enc.hand + 52] = hands[g, seats]
    laid = rows[:, L.NFIELD].astype(np.int64)
    has = laid > 0
    top = rows[g, L.FIELD + np.maximum(laid - 1, 0)]
    out[g[has], enc.top + top[has]] = 1.0
    faces = rows[:, L.FIELD : L.FIELD + L.MAX_CARDS]
    on = np.arange(L.MAX_CARDS) < laid[:, None]
    np.add.at(out, (np.nonzero(on)[0], enc.field + faces[on]), 1.0)

    def per_seat(start: int, values: npt.NDArray[Any]) -> None:
        out[g[:, None], start + rel] = values

    def seat_hot(start: int, chosen: npt.NDArray[Any]) -> None:
        ok = (chosen >= 0) & (chosen < n)
        out[g[ok], start + rel[g[ok], chosen[ok]]] = 1.0

    per_seat(enc.hand_sizes, rows[:, L.SIZES : L.SIZES + n])
    seat_hot(enc.turn, rows[:, L.TURN_SEAT])
    owner = rows[:, L.TOP_OWNER]
    out[g[owner < 0], enc.top_owner + n] = 1.0
    seat_hot(enc.top_owner, owner)
    chain = rows[:, L.CHAIN_SEATS : L.CHAIN_SEATS + n]
    gi, place = np.nonzero(np.arange(n) < rows[:, L.NCHAIN, None])
    out[gi, enc.chain + rel[gi, chain[gi, place]]] = place + 1
    seat_hot(enc.dealer, rows[:, L.DEALER])
    out[g, enc.phase + rows[:, L.PHASE]] = 1.0
    for k, column in enumerate((L.PENDING, L.NSTOCK, L.NFIELD, L.DECKS)):
        out[:, enc.scalars + k] = rows[:, column]
    per_seat(enc.match, rows[:, L.COUNTS : L.COUNTS + n])
    per_seat(enc.match + n, rows[:, L.LAPS : L.LAPS + n])
    out[:, enc.match + 2 * n] = rows[:, L.ROUND]
    out[:, enc.match + 2 * n + 1] = games
    return out
