"""Any game's vector environment on the compiled engine, with the opponents stepped there too.

``CompiledVectorEnv("doubt", num_envs=1024, opponents="policy:doubt.npz")`` has the interface of
:class:`~kakehiki.rl.vector.SeatVectorEnv` (Gymnasium ``VectorEnv``, ``SAME_STEP`` autoreset,
``infos["action_mask"]``, ``infos["seat"]``, ``infos["redeals"]``, ``final_obs``, ``reason``)
and plays the same games: row ``i`` of a vector seeded with ``s`` deals from the seeds a
``SeatEnv`` seeded with ``s + i`` draws and picks the same learner seats, so the same learner
actions against the same opponents give the same games and the same observations, entry for
entry (``tests/test_rl_compiled.py`` checks it game by game).

The games are rows of the game's batch (:mod:`kakehiki.fast`); the env asks the game's **seat
plug-in** for the rest: its kernels resolve a window of answers (C4, as ``driver.resolve``) while
keeping the public record the view's log holds, choose the kernel's own bots' moves, list masks
and build a seat's observation, the reference encoder's, in the kernel.  A game plugs in by a
module ``seatvec`` beside its batch module (the manifest's ``kernel``) defining ``SEATS``, a
:class:`SeatPlugin` subclass.

Opponents, one name per seat or per other seat (as ``SeatEnv``), or one for all:

* a kernel policy (``random``; Dobon also ``greedy``): drawn from the stream ``SeatEnv``'s bot of
  that name draws from, so those games are the reference's;
* ``policy:PATH`` or a loaded :class:`~kakehiki.bots.policy.Network`: a numpy MLP.  The env
  gathers the observations of every seat it must answer for in the batch, runs the network once
  on them all and takes the legal action it scores highest, as the ``policy:PATH`` bot does
  (:class:`~kakehiki.bots.policy.PolicyBot`; exact ties go to the lowest action index);
* ``pool``: opponents drawn per game (and per seat) from ``pool=[...]`` (networks or paths), the
  self-play pool of past versions (:mod:`kakehiki.rl.selfplay`); the draw uses a generator of its
  own, so the deals stay the reference's.

The loop over opponents' windows runs in Python over the whole batch (one kernel call and at
most one network call per seat of a window), so the Python cost is per window, not per game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kakehiki.bots.policy import PREFIX, Network, PolicyFileError, load_network
from kakehiki.errors import IllegalActionError
from kakehiki.fast import kernels
from kakehiki.fast.engines import batch_class
from kakehiki.manifest import find
from kakehiki.rl.rows import count_redeals, draw_deals, reseed
from kakehiki.rl.table import TRUNCATING, Rewards, RLTable, rank_rewards

Batch = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]
Opponent = str | Network
POOL = "pool"


class SeatPlugin:
    """A game's part of :class:`CompiledVectorEnv`: kernels over chosen rows (``games``) of a batch.

    A subclass sets ``KERNEL_MODULES`` (the kernel modules to load, its own last) and implements
    the methods; ``asked``/``counts`` are the batch's ``actors()`` of those rows, ``chosen[i, k]``
    the answer of ``asked[i, k]``."""

    KERNEL_MODULES: tuple[str, ...]

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        self.batch, self.env = batch, env
        self.k = kernels(batch.jit, self.KERNEL_MODULES)[self.KERNEL_MODULES[-1].rpartition(".")[2]]

    def check_options(self, options: Mapping[str, object]) -> None:
        """Refuse options whose record the in-kernel observation does not keep (none by default)."""

    def start(self, games: IntArray) -> None:
        """Games just dealt: their logs started anew, their bots' streams started."""
        raise NotImplementedError

    def windows(self, games: IntArray, asked: IntArray, counts: IntArray, chosen: IntArray) -> None:
        """Resolve each game's window with its actors' answers (C4), keeping the logs."""
        raise NotImplementedError

    def choose(self, games: IntArray, seats: IntArray, policies: IntArray) -> IntArray:
        """The kernel policies' answers (``policies[i]`` for ``seats[i]`` of ``games[i]``)."""
        out = np.zeros(len(games), dtype=np.int64)
        self.k.choose_at(self.batch.rows, self.batch.streams, games, seats, policies, out)
        return out

    # the kernel module also defines actors_at(rows, games, seats, counts), which the env calls

    def masks(self, games: IntArray, seats: IntArray) -> npt.NDArray[np.uint8]:
        out = np.zeros((len(games), self.batch.actions), dtype=np.uint8)
        self.k.masks_at(self.batch.rows, games, seats, out)
        return out

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        """``out[i]``: the observation of ``seats[i]`` in ``games[i]``, the reference encoder's."""
        raise NotImplementedError

    def truncated(self) -> npt.NDArray[np.bool_]:
        """Which games ended at the step limit (C7)."""
        ended: npt.NDArray[np.bool_] = self.batch.results()["reason"] == TRUNCATING
        return ended


def plugin_class(game_id: str) -> type[SeatPlugin]:
    """The seat plug-in of ``game_id``: ``SEATS`` of the module ``seatvec`` beside its batch class."""
    cls = batch_class(game_id)
    manifest = find(game_id)
    if cls is None or manifest is None:
        raise ValueError(f"{game_id} has no compiled engine")
    module = cls.__module__.rpartition(".")[0] + ".seatvec"
    try:
        found: type[SeatPlugin] = importlib.import_module(module).SEATS
    except ModuleNotFoundError:
        raise ValueError(f"{game_id} has no compiled vector environment yet (no {module})") from None
    return found


def masked_argmax(scores: npt.NDArray[np.float32], masks: npt.NDArray[Any]) -> IntArray:
    """Per row, the legal action (``masks`` nonzero) scored highest; ties: the lowest index."""
    masked = np.where(masks != 0, scores, -np.inf)
    best: IntArray = masked.argmax(axis=1).astype(np.int64)
    return best


class CompiledVectorEnv(VectorEnv[Batch, Batch, Batch]):
    """``num_envs`` games of one learning seat against kernel bots or numpy policies, on the compiled engine."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, game: str, num_envs: int, players: int | None = None, options: Mapping[str, object] | None = None,
        opponents: Opponent | Sequence[Opponent] = "random", seat: int | str = 0, rewards: Rewards = "win_loss",
        pool: Sequence[str | Network] = (), jit: bool | None = None,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.table = RLTable(game, players, options, rewards)  # checks game, players, options and rewards
        n, self.game_id = self.table.players, self.table.game.id
        plugin_cls = plugin_class(self.game_id)
        cls = batch_class(self.game_id)
        assert cls is not None
        self.kernel_policies: dict[str, int] = importlib.import_module(cls.__module__).POLICIES
        self.networks: list[Network] = []
        self.pool: list[int] = [self._network(p, "pool") for p in pool]  # indices into networks
        names = [opponents] * n if isinstance(opponents, str | Network) else list(opponents)
        if len(names) not in (n - 1, n):
            raise ValueError(f"opponents: one, or one per seat ({n}) or per other seat ({n - 1}); got {len(names)}")
        self.codes = [self._code(name) for name in names]  # >= 0 kernel policy, -1 - k network k, POOL_CODE: pool
        if seat != "random" and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be 'random' or a seat 0–{n - 1}, not {seat!r}")
        self.seat_choice = seat
        self.num_envs = num_envs
        self.batch = cls([0] * num_envs, n, options, jit)
        self.plugin = plugin_cls(self.batch, self)
        self.plugin.check_options(self.table.options)
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (self.table.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.table.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.learners = np.zeros(num_envs, dtype=np.int64) + (0 if seat == "random" else int(seat))
        self.policies = np.zeros((num_envs, n), dtype=np.int64)  # per game and seat: a code as self.codes
        self._rngs: list[np.random.Generator | None] = [None] * num_envs
        self._pool_rng = np.random.default_rng(0)
        self._redeals = np.zeros(num_envs, dtype=np.int64)
        self.redeals = 0  # games over before the learner was asked, dealt again, since the vector was made

    # -- opponents -----------------------------------------------------------------------
    def _network(self, spec: str | Network, where: str) -> int:
        net = spec if isinstance(spec, Network) else load_network(spec.removeprefix(PREFIX + ":"))
        meta = net.meta
        if meta.get("game") != self.game_id or meta.get("players") != self.table.players:
            raise PolicyFileError(str(spec) if isinstance(spec, str) else "network",
                                  f"{where}: trained for {meta.get('game')} at {meta.get('players')} players, "
                                  f"not {self.game_id} at {self.table.players}")
        if net.inputs != self.table.obs_size or net.outputs != self.table.n_actions:
            raise PolicyFileError(str(spec) if isinstance(spec, str) else "network",
                                  f"{where}: takes {net.inputs} inputs and scores {net.outputs} actions; this "
                                  f"table has {self.table.obs_size} and {self.table.n_actions}")
        self.networks.append(net)
        return len(self.networks) - 1

    def _code(self, name: Opponent) -> int:
        if isinstance(name, Network) or name.startswith(PREFIX + ":"):
            return -1 - self._network(name, "opponents")
        if name == POOL:
            if not self.pool:
                raise ValueError("opponents 'pool' needs pool=[networks or policy files]")
            return POOL_CODE
        if name not in self.kernel_policies:
            raise ValueError(f"opponents: a kernel bot ({', '.join(sorted(self.kernel_policies))}), 'policy:PATH', "
                             f"a Network or 'pool'; not {name!r}")
        return self.kernel_policies[name]

    def set_pool(self, pool: Sequence[str | Network], seed: int | None = None) -> None:
        """Replace the pool the ``pool`` opponents are drawn from (games dealt from now on)."""
        keep = {-1 - c for c in self.codes if c < 0 and c != POOL_CODE}
        self.networks = [net for k, net in enumerate(self.networks) if k in keep]
        remap = {old: new for new, old in enumerate(sorted(keep))}
        self.codes = [c if c >= 0 or c == POOL_CODE else -1 - remap[-1 - c] for c in self.codes]
        self.pool = [self._network(p, "pool") for p in pool]
        if seed is not None:
            self._pool_rng = np.random.default_rng(seed)

    # -- episodes ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Deal every game anew: an int ``seed`` seeds game ``i`` with ``seed + i``; a list gives
        each its own; ``None`` goes on from each game's generator (seeded with 0 if never seeded)."""
        if isinstance(seed, int):
            self._pool_rng = np.random.default_rng(seed)
        reseed(self._rngs, seed)
        self._deal(np.arange(self.num_envs))
        return self.observe(), {**self._infos(), "redeals": self._redeals.copy()}

    def _deal(self, games: IntArray) -> None:
        """New games in rows ``games``, as ``SeatEnv.reset`` deals them (dealt again if over
        before the learner is asked, counted per row in ``_redeals``)."""
        self._redeals[:] = 0
        first = True
        while len(games):
            if not first:
                self.redeals += count_redeals(self._redeals, games)
            first = False
            seeds = draw_deals(self._rngs, games, self.seat_choice == "random", self.learners, self.codes,
                               self.policies)
            drawn = self.policies[games] == POOL_CODE
            if drawn.any():
                picks = self._pool_rng.integers(len(self.pool), size=int(drawn.sum()))
                self.policies[games[np.nonzero(drawn)[0]], np.nonzero(drawn)[1]] = -1 - np.asarray(self.pool)[picks]
            self.batch.deal(games, seeds)
            with np.errstate(over="ignore"):
                self.plugin.start(games)
                self._bots_play(games)
            games = games[self.batch.done[games]]

    def _answers(self, games: IntArray, asked: IntArray, counts: IntArray,
                 learner_actions: IntArray | None = None) -> IntArray:
        """Every actor's answer in ``games``: the learner's from ``learner_actions``, a kernel
        bot's from the kernel, a network's from one batched forward pass per network."""
        chosen = np.full(asked.shape, -1, dtype=np.int64)
        for k in range(int(counts.max(initial=0))):
            live = np.flatnonzero(counts > k)
            seats = asked[live, k]
            g = games[live]
            mine = seats == self.learners[g]
            if learner_actions is not None and mine.any():
                chosen[live[mine], k] = learner_actions[live[mine]]
            codes = self.policies[g, seats]
            bots = ~mine & (codes >= 0)
            if bots.any():
                chosen[live[bots], k] = self.plugin.choose(g[bots], seats[bots], codes[bots])
            for code in np.unique(codes[~mine & (codes < 0)]).tolist():
                sel = ~mine & (codes == code)
                obs = np.empty((int(sel.sum()), self.table.obs_size), dtype=np.float32)
                self.plugin.observe(g[sel], seats[sel], obs)
                scores = self.networks[-1 - code].scores(obs)
                chosen[live[sel], k] = masked_argmax(scores, self.plugin.masks(g[sel], seats[sel]))
        return chosen

    def _bots_play(self, games: IntArray) -> None:
        """The opponents' windows in ``games`` until each learner is asked or the game is over."""
        while len(games):
            asked, counts = self._actors(games)
            waiting = (counts > 0) & ~(asked == self.learners[games, None]).any(axis=1)
            games, asked, counts = games[waiting], asked[waiting], counts[waiting]
            if not len(games):
                return
            self.plugin.windows(games, asked, counts, self._answers(games, asked, counts))

    def _actors(self, games: IntArray) -> tuple[IntArray, IntArray]:
        """The actors of ``games`` (by priority, padded with -1) and how many: read for those rows only."""
        asked = np.full((len(games), self.table.players), -1, dtype=np.int64)
        counts = np.zeros(len(games), dtype=np.int64)
        self.plugin.k.actors_at(self.batch.rows, games, asked, counts)
        return asked, counts

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs} wanted, got shape {acts.shape}")
        everyone = np.arange(self.num_envs)
        asked, counts = self._actors(everyone)
        live = np.flatnonzero(counts > 0)
        masks = self.plugin.masks(live, self.learners[live])
        bad = (acts[live] < 0) | (acts[live] >= masks.shape[1])
        bad[~bad] = masks[~bad, acts[live][~bad]] == 0
        if bad.any():
            g = int(live[np.argmax(bad)])
            raise IllegalActionError("C6", f"game {g}: action {acts[g]} is not legal for seat {self.learners[g]}")
        with np.errstate(over="ignore"):
            asked, counts = asked[live], counts[live]
            self.plugin.windows(live, asked, counts, self._answers(live, asked, counts, acts[live]))
            self._bots_play(live)
        batch = self.batch
        ended = batch.done.copy()
        truncated = ended & self.plugin.truncated()
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        infos: dict[str, Any] = {}
        self._redeals[:] = 0
        if ended.any():
            rewards[ended] = self._rewards()[ended]
            final = np.zeros((self.num_envs, self.table.obs_size), dtype=np.float32)  # rows not ended: zero
            final[ended] = self.observe(np.flatnonzero(ended))
            infos["final_obs"], infos["_final_obs"] = final, ended
            reasons = np.full(self.num_envs, "", dtype=object)
            reasons[ended] = batch.results()["reason"][ended]
            infos["reason"], infos["_reason"] = reasons, ended.copy()
            self._deal(np.flatnonzero(ended))
        infos.update(self._infos())
        infos["redeals"] = self._redeals.copy()
        return self.observe(), rewards, ended & ~truncated, truncated, infos

    def _rewards(self) -> npt.NDArray[np.float64]:
        """The learner's reward in each game, as :func:`kakehiki.rl.table.rewards_of` gives it."""
        result, games, scheme = self.batch.results(), np.arange(self.num_envs), self.table.reward_scheme
        if scheme == "score":
            scores: npt.NDArray[np.float64] = result["scores"][games, self.learners].astype(np.float64)
            return scores
        if scheme == "rank":
            return np.array([rank_rewards(tuple(r))[s] for r, s in zip(result["ranks"].tolist(),
                                                                        self.learners.tolist(), strict=True)])
        won: npt.NDArray[np.float64] = result["winners"][games, self.learners].astype(np.float64)
        if scheme == "win":
            return won
        lost: npt.NDArray[np.float64] = result["losers"][games, self.learners].astype(np.float64)
        return np.subtract(won, lost)

    # -- what the learners get -----------------------------------------------------------
    def action_masks(self) -> Batch:
        """Every game's legal actions for its learner, ``(N, A)`` int8."""
        return self.plugin.masks(np.arange(self.num_envs), self.learners).view(np.int8)

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.learners.copy()}

    def observe(self, games: IntArray | None = None) -> npt.NDArray[np.float32]:
        """The learner's observation of each game (of ``games``, default all), ``(N, D)``."""
        chosen = np.arange(self.num_envs) if games is None else games
        out = np.empty((len(chosen), self.table.obs_size), dtype=np.float32)
        self.plugin.observe(chosen, self.learners[chosen], out)
        return out


POOL_CODE = -(2**40)  # a seat whose network is drawn from the pool at each deal
