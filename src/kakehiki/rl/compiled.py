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
* ``policy:PATH`` or a loaded :class:`~kakehiki.bots.policy.Network`: a numpy MLP, run in the
  kernel on the seat's observation (:mod:`kakehiki.fast.mlp`), which takes the legal action it
  scores highest, as the ``policy:PATH`` bot does (:class:`~kakehiki.bots.policy.PolicyBot`;
  ties go to the lowest action index; the kernel sums in float32 in another order than numpy,
  so only actions scored equal to about 1e-6 could be told apart differently);
* ``pool``: opponents drawn per game (and per seat) from ``pool=[...]`` (networks or paths), the
  self-play pool of past versions (:mod:`kakehiki.rl.selfplay`); the draw uses a generator of its
  own, so the deals stay the reference's.

The loop over the games' windows runs in the kernel (:mod:`kakehiki.fast.seatloop`): the
learner's window and every opponent window after it, kernel bots and networks answering in the
kernel, until each learner is asked again.  So a step is one kernel call, whoever the opponents
are; the networks' weights are packed for the kernel (:mod:`kakehiki.rl.packed`) when they are
seated (``__init__``, :meth:`CompiledVectorEnv.set_pool`).
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
from kakehiki.rl.packed import pack
from kakehiki.rl.rows import count_redeals, draw_deals, reseed
from kakehiki.rl.table import TRUNCATING, Rewards, RLTable, rank_rewards

Batch = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]
Opponent = str | Network
POOL = "pool"
SEATLOOP = "kakehiki.fast.seatloop"  # the loop every seat kernel specialises (its source in their cache stamp)
MLP = "kakehiki.fast.mlp"  # the networks' forward pass the loop calls


class SeatPlugin:
    """A game's part of :class:`CompiledVectorEnv`: kernels over chosen rows (``games``) of a batch.

    A subclass sets ``KERNEL_MODULES`` (the kernel modules to load, its own last), ``log`` (the
    tuple of per-game records its kernel keeps beside the rows) and ``starts`` (where the
    encoder's slices start), and implements :meth:`start` and :meth:`observe`.  Its kernel
    module specialises :mod:`kakehiki.fast.seatloop` (``play_at``: every window answered and
    resolved until each learner is asked again) and defines ``masks_at``."""

    KERNEL_MODULES: tuple[str, ...]
    log: tuple[Any, ...]
    starts: IntArray

    def __init__(self, batch: Any, env: CompiledVectorEnv) -> None:
        self.batch, self.env = batch, env
        self._saved: tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]] | None = None
        self.k = kernels(batch.jit, (*self.KERNEL_MODULES[:-1], MLP, SEATLOOP, self.KERNEL_MODULES[-1]))[
            self.KERNEL_MODULES[-1].rpartition(".")[2]]

    def check_options(self, options: Mapping[str, object]) -> None:
        """Refuse options whose record the in-kernel observation does not keep (none by default)."""

    def start(self, games: IntArray) -> None:
        """Games just dealt: their logs started anew, their bots' streams started."""
        raise NotImplementedError

    def play(self, games: IntArray, actions: IntArray) -> None:
        """Each game of ``games`` played on: its learner's ``actions[i]`` (if >= 0) and the other
        actors' answers in its window, then the opponents' windows until its learner is asked
        (:mod:`kakehiki.fast.seatloop`), networks answering in the kernel."""
        env, b = self.env, self.batch
        if self._saved is None:  # the position a game's loop compares (Million Doubt's; empty for others)
            keep = self.k.CYCLE_STEPS >= 0
            record = self.k.cycle_log(self.log, 0).size if keep else 0
            self._saved = (np.zeros(b.rows.shape[1] if keep else 0, dtype=b.rows.dtype),
                           np.zeros(b.streams.shape[1] if keep else 0, dtype=b.streams.dtype),
                           np.zeros(record, dtype=np.int64))
        self.k.play_at(b.rows, b.streams, games, env.learners, env.policies, actions, self.log, self.starts,
                       env.packed[:3], env.obs_scratch, env.mask_scratch, *self._saved)

    def masks(self, games: IntArray, seats: IntArray) -> npt.NDArray[np.uint8]:
        out = np.zeros((len(games), self.batch.actions), dtype=np.uint8)
        self.k.masks_at(self.batch.rows, games, seats, out)
        return out

    def observe(self, games: IntArray, seats: IntArray, out: npt.NDArray[np.float32]) -> None:
        """``out[i]``: the observation of ``seats[i]`` in ``games[i]``, the reference encoder's."""
        raise NotImplementedError

    def truncated(self, result: Mapping[str, Any]) -> npt.NDArray[np.bool_]:
        """Which games ended at the step limit (C7); ``result``: the batch's results."""
        ended: npt.NDArray[np.bool_] = result["reason"] == TRUNCATING
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
        self._masks: npt.NDArray[np.uint8] | None = None  # the learners' masks given with the last observations
        self.obs_scratch = np.zeros(self.table.obs_size, dtype=np.float32)  # a network's input, in the kernel
        self.mask_scratch = np.zeros(self.table.n_actions, dtype=np.uint8)
        self.packed = pack(self.networks)

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
        for k, known in enumerate(self.networks):
            if known is net:  # one network in several seats: run once over all of them
                return k
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
        """Replace the pool the ``pool`` opponents are drawn from (games dealt from now on): a game
        already dealt plays on with the networks it was dealt with."""
        seated = self.policies[(self.policies < 0) & (self.policies != POOL_CODE)]
        keep = {-1 - c for c in self.codes if c < 0 and c != POOL_CODE} | {-1 - int(c) for c in np.unique(seated)}
        self.networks = [net for k, net in enumerate(self.networks) if k in keep]
        remap = {old: new for new, old in enumerate(sorted(keep))}
        self.codes = [c if c >= 0 or c == POOL_CODE else -1 - remap[-1 - c] for c in self.codes]
        for old, new in remap.items():
            self.policies[self.policies == -1 - old] = -1 - new
        self.pool = [self._network(p, "pool") for p in pool]
        self.packed = pack(self.networks)
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

    def _bots_play(self, games: IntArray) -> None:
        """The opponents' windows in ``games`` until each learner is asked or the game is over."""
        self.plugin.play(games, np.full(len(games), -1, dtype=np.int64))

    def step(self, actions: Batch) -> tuple[Batch, Batch, Batch, Batch, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs} wanted, got shape {acts.shape}")
        everyone = np.arange(self.num_envs)
        masks = self._masks if self._masks is not None else self.plugin.masks(everyone, self.learners)
        live = masks.any(axis=1)  # games not over
        legal = (acts >= 0) & (acts < masks.shape[1])
        legal[legal] = masks[everyone[legal], acts[legal]] != 0
        bad = live & ~legal
        if bad.any():
            g = int(np.argmax(bad))
            raise IllegalActionError("C6", f"game {g}: action {acts[g]} is not legal for seat {self.learners[g]}")
        self._masks = None
        with np.errstate(over="ignore"):
            self.plugin.play(everyone[live], acts[live])
        batch = self.batch
        ended = batch.done.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        infos: dict[str, Any] = {}
        self._redeals[:] = 0
        if ended.any():  # the results of the whole batch are read only on a step where a game ended
            result = batch.results()
            truncated = ended & self.plugin.truncated(result)
            rewards[ended] = self._rewards(result)[ended]
            final = np.zeros((self.num_envs, self.table.obs_size), dtype=np.float32)  # rows not ended: zero
            final[ended] = self.observe(np.flatnonzero(ended))
            infos["final_obs"], infos["_final_obs"] = final, ended
            reasons = np.full(self.num_envs, "", dtype=object)
            reasons[ended] = result["reason"][ended]
            infos["reason"], infos["_reason"] = reasons, ended.copy()
            self._deal(np.flatnonzero(ended))
        infos.update(self._infos())
        infos["redeals"] = self._redeals.copy()
        return self.observe(), rewards, ended & ~truncated, truncated, infos

    def _rewards(self, result: Mapping[str, Any]) -> npt.NDArray[np.float64]:
        """The learner's reward in each game (``result``: the batch's results), as
        :func:`kakehiki.rl.table.rewards_of` gives it."""
        games, scheme = np.arange(self.num_envs), self.table.reward_scheme
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
        self._masks = self.plugin.masks(np.arange(self.num_envs), self.learners)
        return {"action_mask": self._masks.copy().view(np.int8), "seat": self.learners.copy()}

    def observe(self, games: IntArray | None = None) -> npt.NDArray[np.float32]:
        """The learner's observation of each game (of ``games``, default all), ``(N, D)``."""
        chosen = np.arange(self.num_envs) if games is None else games
        out = np.empty((len(chosen), self.table.obs_size), dtype=np.float32)
        self.plugin.observe(chosen, self.learners[chosen], out)
        return out


POOL_CODE = -(2**40)  # a seat whose network is drawn from the pool at each deal
