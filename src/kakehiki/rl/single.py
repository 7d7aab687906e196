"""A Gymnasium environment per game: one learning seat against the project's bots.

``gymnasium.make("kakehiki/Doubt-v0", opponents="normal")`` (after ``import kakehiki.rl``).
The learner is one seat; every other seat is a bot (a level, ``easy``/``normal``/``hard``, or
any bot the game registers, e.g. ``random``).  The bots answer at once, through the driver
(:func:`kakehiki.driver.decide`), each drawing from its own seeded stream ``bot/SEAT`` of the
game's seed; when the learner shares a window of calls with bots, all answer the same state
and :func:`kakehiki.driver.resolve` decides, as in every other host.  ``step`` returns once
the learner is asked again or the game is over; a game that ends before the learner is first
asked (the bots alone decide it) is dealt again, so every episode has a decision in it.  Those
games are counted, not hidden: ``reset``'s ``info["redeals"]`` says how many this reset dealt
again, :attr:`SeatEnv.redeals` how many since the environment was made (a win rate measured in
the environment leaves them out: 0.4–1.1 % of games, by the issue's count).

A game over by the step limit (``max_steps``, C7) ends the episode *truncated* (Gymnasium's
word for an end from outside the task), any other end *terminated*; the last ``info`` holds
``reason`` (the result's), ``winners`` and ``losers``.  ``render_mode="human"`` prints the
learner's view as the game's narrator reads it, ``"ansi"`` returns that text.

The observation is the learner's encoded view (``Box`` of ``float32``), the action an index
of the game's action space (``Discrete``) and ``info["action_mask"]`` its legal actions
(also :meth:`SeatEnv.action_masks`, which sb3-contrib's MaskablePPO reads).  An action the
learner may not take ends the episode with ``illegal_reward`` (and ``info["illegal"]``), or
raises with ``illegal="raise"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from kakehiki.bots import Bot, make_bot
from kakehiki.driver import decide
from kakehiki.errors import IllegalActionError
from kakehiki.manifest import ByGame
from kakehiki.rl.table import SEED_BOUND, Mask, Obs, Rewards, RLTable
from kakehiki.rng import derive

Illegal = Literal["lose", "raise"]
MAX_REDEALS = 1000  # games in a row over before the learner is asked: the table cannot give it a move
ENV_IDS: Mapping[str, str] = ByGame(lambda m: env_id(m.id) if m.encoder is not None else None)
"""Game id → its Gymnasium id (``kakehiki/MillionDoubt-v0``), for every game with an encoder."""


def env_id(game_id: str) -> str:
    """The Gymnasium id of ``game_id``: its words capitalised, ``kakehiki/DobonArith-v0``."""
    return "kakehiki/" + "".join(word.capitalize() for word in game_id.split("-")) + "-v0"


class SeatEnv(gymnasium.Env[Obs, Any]):
    """One learning seat of ``game`` against bots."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        opponents: str | Sequence[str] = "normal",
        seat: int | Literal["random"] = 0,
        rewards: Rewards = "win_loss",
        illegal: Illegal = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.render_mode = render_mode
        self.table = RLTable(game, players, options, rewards)
        n = self.table.players
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) not in (n - 1, n):
            raise ValueError(f"opponents: one bot name, or one per seat ({n}) or per other seat ({n - 1})")
        if seat != "random" and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be 'random' or a seat 0–{n - 1}, not {seat!r}")
        self.opponents = names
        self.bots: list[Bot] = [make_bot(self.table.game.id, name) for name in names]  # checks every name now
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else seat
        self.illegal: Illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.table.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.table.n_actions)
        self._rngs: list[random.Random] = []
        self._seated: list[Bot] = []
        self.redeals = 0  # games over before the learner was asked, dealt again, since the environment was made

    # -- episodes ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """A new game, its seed drawn from ``self.np_random`` (which ``seed`` restarts; never
        seeded, it starts as if seeded with 0).  The bots play until the learner is asked."""
        if seed is None and self._np_random is None:
            seed = 0
        super().reset(seed=seed)
        redeals = 0
        while True:  # a game over before the learner is asked (a bot's Dobon on the first card) is dealt again
            self._deal(int(self.np_random.integers(SEED_BOUND)))
            if not self.table.over:
                self.redeals += redeals
                if self.render_mode == "human":
                    self.render()
                return self.table.observe(self.seat), {**self._info(), "redeals": redeals}
            redeals += 1
            if redeals > MAX_REDEALS:
                raise RuntimeError(f"{MAX_REDEALS} games in a row ended before seat {self.seat} was asked "
                                   f"(a step limit too low for the table?)")

    def _deal(self, game_seed: int) -> None:
        n = self.table.players
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(n))
        others = iter(self.bots) if len(self.bots) == n - 1 else None
        self._seated = [
            self.bots[s] if others is None else (self.bots[0] if s == self.seat else next(others)) for s in range(n)
        ]
        self._rngs = [derive(game_seed, "bot", s) for s in range(n)]
        self.table.deal(game_seed)
        self._bots_play()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self.table.over:
            raise RuntimeError("the game is over: call reset()")
        index = int(action)
        if not self.table.legal(self.seat, index):
            if self.illegal == "raise":
                self.table.answer(index)  # raises, naming the rule (or the index outside the space)
                raise IllegalActionError("C2", f"action {index} is not legal now")  # pragma: no cover
            info = self._info()
            info["illegal"], info["reason"] = True, "illegal"
            return self.table.observe(self.seat), self.illegal_reward, True, False, info
        self.table.answer(index)
        self._bots_play()
        over, truncated = self.table.over, self.table.truncated
        reward = self.table.rewards()[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.table.observe(self.seat), reward, over and not truncated, truncated, self._info()

    def _bots_play(self) -> None:
        table, game = self.table, self.table.game
        while not table.over:
            seat = table.waiting_for()
            if seat == self.seat:
                return
            action = decide(game, table.state, seat, self._seated[seat], self._rngs[seat])
            table.answer(table.space.index(action))

    # -- what the learner gets -----------------------------------------------------------
    def action_masks(self) -> Mask:
        """The learner's legal actions by index (sb3-contrib's MaskablePPO calls this)."""
        return self.table.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat), "seat": self.seat}
        result = self.table.result
        if result is not None:
            info["winners"] = result.winners
            info["losers"] = result.losers
            info["reason"] = result.reason
        return info

    @property
    def game_state(self) -> Any:
        """The core state being played (the host's, every card in it)."""
        return self.table.state

    def render(self) -> str | None:
        """``ansi``: the learner's view as the game's narrator reads it; ``human``: printed."""
        if self.render_mode is None:
            return None
        labels = [f"seat {s}" + (" (learner)" if s == self.seat else "") for s in range(self.table.players)]
        text = self.table.text(self.seat, labels)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def register_envs() -> None:
    """Register ``kakehiki/<Game>-v0`` for every game with Gymnasium (done on import of
    :mod:`kakehiki.rl`; registering again is a no-op)."""
    for game_id, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="kakehiki.rl.single:SeatEnv", kwargs={"game": game_id})
