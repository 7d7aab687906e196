"""What every RL environment shares: one game at one table size and options, stepped the way
the core's driver steps it (:mod:`kakehiki.driver`), with observations, masks and rewards.

:class:`RLTable` is the host the environments sit on.  It holds the true state (an
environment is a host: it deals and knows every card) but hands a seat only what
``Game.view`` gives it, encoded, and its legal-action mask.  Calls out of turn (C4): when
the core lists several actors, each answers the same state in ``actors`` order, and once
all have answered :func:`kakehiki.driver.resolve` picks what is applied, exactly as
``driver.play_out`` does for bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.core import Action, Game, Result
from kakehiki.driver import resolve, still_asked
from kakehiki.registry import get_game
from kakehiki.rl.obs import Encoder, encoder
from kakehiki.spaces import ActionSpace

Rewards = Literal["win_loss", "score"]
REWARDS: tuple[Rewards, ...] = ("win_loss", "score")
SEED_BOUND = 2**63  # game seeds drawn from an environment's generator lie in [0, SEED_BOUND)
Mask = npt.NDArray[np.int8]
Obs = npt.NDArray[np.float32]


def rewards_of(result: Result, players: int, scheme: Rewards) -> tuple[float, ...]:
    """Each seat's reward for a finished game or match.

    ``win_loss``: +1 for each of ``result.winners``, −1 for each of ``result.losers``, 0 for the
    rest (a draw gives 0 to all).  A result's winners and losers are its seats ranked first and
    last wherever points decide (Million Doubt: the first seat out may rank second, M10), so
    this reward follows the ranks.  ``score``: ``result.scores``, the game's own points (higher
    is better; each game's spec says what they are)."""
    if scheme == "score":
        return tuple(float(s) for s in result.scores)
    rewards = [0.0] * players
    for seat in result.winners:
        rewards[seat] = 1.0
    for seat in result.losers:
        rewards[seat] = -1.0
    return tuple(rewards)


class RLTable:
    """One game being played for RL: the state, who is being asked, and the answers so far."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        rewards: Rewards = "win_loss",
    ) -> None:
        self.game: Game[Any, Any] = get_game(game)
        if rewards not in REWARDS:
            raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
        self.reward_scheme: Rewards = rewards
        self.options = dict(options or {})
        probe = self.game.new(players=players, options=self.options, seed=0)  # validates players and options
        self.players: int = self.game.players(probe)
        self.space: ActionSpace[Any] = self.game.action_space(probe)
        self.encoder: Encoder = encoder(self.game.id, self.players)
        self.state: Any = probe
        self.asked: tuple[int, ...] = ()
        self.answers: list[tuple[int, Action]] = []

    @property
    def obs_size(self) -> int:
        return self.encoder.size

    @property
    def n_actions(self) -> int:
        return self.space.size

    def deal(self, seed: int) -> None:
        """Start a new game from ``seed``."""
        self.state = self.game.new(players=self.players, options=self.options, seed=seed)
        self.answers = []
        self.asked = self.game.actors(self.state)

    # -- asking ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.asked

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def waiting_for(self) -> int:
        """The seat whose answer is awaited: the actors in priority order, one after another."""
        return self.asked[len(self.answers)]

    def observe(self, seat: int) -> Obs:
        """``seat``'s observation, encoded from its view alone."""
        return self.encoder.encode(self.game.view(self.state, seat))

    def mask(self, seat: int) -> Mask:
        """``seat``'s legal actions as 0/1 by action index (all zero when it is not asked)."""
        marks = self.space.mask(self.game.legal_actions(self.state, seat))  # Game.legal_mask, less its space lookup
        return np.frombuffer(bytearray(marks), dtype=np.int8)

    def rewards(self) -> tuple[float, ...]:
        result = self.result
        return (0.0,) * self.players if result is None else rewards_of(result, self.players, self.reward_scheme)

    # -- answering -------------------------------------------------------------------------
    def answer(self, index: int) -> bool:
        """The awaited seat answers with the action numbered ``index``; raises
        :class:`~kakehiki.errors.IllegalActionError` (naming the rule) if it may not take it.
        Returns whether the state moved on (every actor has answered)."""
        seat = self.waiting_for()
        action = self.space.at(int(index))
        if len(self.asked) == 1:  # the common case: apply checks it
            moves = [(seat, action)]
        else:
            self.game.check(self.state, seat, action)
            self.answers.append((seat, action))
            if len(self.answers) < len(self.asked):
                return False
            moves = resolve(self.game, self.state, self.answers)
        for n, (mover, move) in enumerate(moves):
            if n and not still_asked(self.game, self.state, mover):
                break  # an earlier pass ended the game (max_steps) or the window
            self.state, _ = self.game.apply(self.state, mover, move)
        self.answers = []
        self.asked = self.game.actors(self.state) if self.game.result(self.state) is None else ()
        return True

    def legal(self, seat: int, index: int) -> bool:
        return 0 <= index < self.space.size and self.game.can(self.state, seat, self.space.at(index))
