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

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kakehiki.core import Action, Game, Result
from kakehiki.driver import resolve, still_asked
from kakehiki.narrate import narrator_for, result_lines
from kakehiki.registry import get_game
from kakehiki.rl.obs import Encoder, encoder
from kakehiki.spaces import ActionSpace

Rewards = Literal["win_loss", "win", "rank", "score"]
REWARDS: tuple[Rewards, ...] = ("win_loss", "win", "rank", "score")
TRUNCATING = "max_steps"  # the reason of an ending by the step limit (C7): a truncation, not a termination
SEED_BOUND = 2**63  # game seeds drawn from an environment's generator lie in [0, SEED_BOUND)
Mask = npt.NDArray[np.int8]
Obs = npt.NDArray[np.float32]


def rewards_of(result: Result, players: int, scheme: Rewards) -> tuple[float, ...]:
    """Each seat's reward for a finished game or match.

    ``win_loss``: +1 for each of ``result.winners``, −1 for each of ``result.losers``, 0 for the
    rest (a draw gives 0 to all).  A result's winners and losers are its seats ranked first and
    last wherever points decide (Million Doubt: the first seat out may rank second, M10), so
    this reward follows the ranks.  ``win``: +1 for each winner, 0 for everyone else (a loss
    costs nothing more than a middle place).  ``rank``: :func:`rank_rewards` of ``result.ranks``,
    +1 first to −1 last.  ``score``: ``result.scores``, the game's own points (higher is better;
    each game's spec says what they are)."""
    if scheme == "score":
        return tuple(float(s) for s in result.scores)
    if scheme == "rank":
        return rank_rewards(result.ranks)
    rewards = [0.0] * players
    for seat in result.winners:
        rewards[seat] = 1.0
    if scheme == "win_loss":
        for seat in result.losers:
            rewards[seat] = -1.0
    return tuple(rewards)


def rank_rewards(ranks: Sequence[int]) -> tuple[float, ...]:
    """Linear in the place: the k-th of n places (from 0) is worth ``1 − 2k/(n − 1)``, +1 for the
    first and −1 for the last; seats that share a rank share the mean of the places they fill.
    So the rewards always sum to 0, and a draw (every seat ranked alike) gives 0 to all.

    >>> [round(r, 3) for r in rank_rewards((1, 2, 3, 4))]
    [1.0, 0.333, -0.333, -1.0]
    >>> rank_rewards((1, 2, 2, 4))
    (1.0, 0.0, 0.0, -1.0)
    """
    n = len(ranks)
    if n < 2:
        return (0.0,) * n
    rewards = []
    for rank in ranks:
        ahead = sum(1 for r in ranks if r < rank)
        tied = sum(1 for r in ranks if r == rank)
        place = ahead + (tied - 1) / 2  # the mean of places ahead .. ahead + tied - 1
        rewards.append(1.0 - 2.0 * place / (n - 1))
    return tuple(rewards)


def truncated_by(result: Result) -> bool:
    """Whether the game (or the match's last game) ended at the step limit (C7, ``max_steps``):
    Gymnasium's truncation, an end from outside the rules, where no result was reached."""
    last = result.rounds[-1].reason if result.rounds else result.reason
    return last == TRUNCATING or result.reason == TRUNCATING


class RLTable:
    """One game being played for RL: the state, who is being asked, and the answers so far."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        rewards: Rewards = "win_loss",
    ) -> None:
        self.game: Game[Any, Any, Any] = get_game(game)
        if rewards not in REWARDS:
            raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
        self.reward_scheme: Rewards = rewards
        self.options = dict(options or {})
        probe = self.game.new(players=players, options=self.options, seed=0)  # validates players and options
        self.players: int = self.game.players(probe)
        self.space: ActionSpace[Any] = self.game.action_space(probe)
        self.encoder: Encoder[Any] = encoder(self.game.id, self.players)
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

    @property
    def truncated(self) -> bool:
        """Whether the game is over at the step limit (``max_steps``, C7) rather than by its rules."""
        result = self.result
        return result is not None and truncated_by(result)

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

    # -- in words --------------------------------------------------------------------------
    def text(self, seat: int | None, labels: Sequence[str]) -> str:
        """The table as ``seat`` sees it (``None``: a spectator), in English: the game's narrator
        reading that seat's view (so nothing it may not see), then the result once over."""
        lines = narrator_for(self.game.id, "en", seat).view(self.game.view(self.state, seat), labels)
        result = self.result
        if result is not None:
            lines += result_lines(result, labels, lang="en", game_id=self.game.id)
        return "\n".join(lines)

    def legal(self, seat: int, index: int) -> bool:
        return 0 <= index < self.space.size and self.game.can(self.state, seat, self.space.at(index))
