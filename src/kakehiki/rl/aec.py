"""A PettingZoo AEC environment for every game: ``kakehiki.rl.env("doubt", players=5)``.

Agents are ``player_0`` … ``player_{n-1}``, one per seat.  ``agent_selection`` walks the seats
the core asks (``Game.actors``) in C4 priority order; when several may act at once (a Dobon
call, a doubt, an interrupt) each answers the same state, seeing only its own view, and
once all have answered the driver's rule (:func:`kakehiki.driver.resolve`) decides what is
applied: the first call in priority order, else the turn seat's ordinary move, else every
pass.  An observation is ``{"observation": float32 array, "action_mask": int8 array}``; the
array is the game's encoding of the seat's view (see its spec, "Observation (RL)").  Rewards
come at the end, for every seat at once (:func:`kakehiki.rl.table.rewards_of`).  A game ended
by the step limit (``max_steps``, C7) is *truncated* for every seat, any other end
*terminated*; either way each seat's info holds ``reason`` (the result's).  ``render_mode``
``"human"`` prints the table as a spectator reads it (the game's narrator), ``"ansi"`` returns
that text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from kakehiki.rl.table import SEED_BOUND, Rewards, RLTable


class KakehikiAEC(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """One game for every seat, agent by agent."""

    metadata = {"render_modes": ["human", "ansi"], "name": "kakehiki_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        rewards: Rewards = "win_loss",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = RLTable(game, players, options, rewards)
        self.metadata = {**self.metadata, "name": f"kakehiki_{self.table.game.id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.n_actions) for a in self.possible_agents}
        self._generator = np.random.default_rng(0)  # never seeded: as if reset(seed=0) came first
        self.agents: list[str] = []

    def _observation_space(self) -> spaces.Dict:
        """One agent's observation space (each its own object, which seeds on its own)."""
        return spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.table.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.n_actions,), np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The core state being played (every card in it: the host's, not a seat's)."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game.  Its seed comes from the environment's generator, which ``seed``
        restarts; an environment never seeded starts as if seeded with 0."""
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        self.table.deal(int(self._generator.integers(SEED_BOUND)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seats[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is asked to act; None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        self.table.answer(int(action))
        self._clear_rewards()
        if self.table.over:
            self._finish()
        self._select()
        self._accumulate_rewards()

    def _finish(self) -> None:
        """The game is over: every seat's reward, its end (truncated at the step limit, else
        terminated) and the reason in its info."""
        result = self.table.result
        assert result is not None
        truncated = self.table.truncated
        for a, reward in zip(self.possible_agents, self.table.rewards(), strict=True):
            if a in self.rewards:
                self.rewards[a] = reward
                self.terminations[a], self.truncations[a] = not truncated, truncated
                self.infos[a] = {**self.infos[a], "reason": result.reason}

    def _select(self) -> None:
        if self.table.over:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.table.waiting_for()]

    def render(self) -> str | None:
        """``ansi``: the table as a spectator reads it; ``human``: that text printed."""
        if self.render_mode is None:
            return None
        text = self.table.text(None, self.possible_agents)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(
    game: str,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    rewards: Rewards = "win_loss",
    render_mode: str | None = None,
) -> KakehikiAEC:
    """The PettingZoo AEC environment of ``game`` (a registered game id)."""
    return KakehikiAEC(game, players, options, rewards, render_mode)
