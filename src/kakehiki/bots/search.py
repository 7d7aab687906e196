"""Information-set Monte Carlo tree search for any registered game.

The bot never sees the true state.  The driver hands it a *sampler*: each call
returns a state its seat cannot tell from the real one (``Game.sample_hidden``:
everything hidden from the seat dealt anew, consistent with every public fact).
Each iteration searches one such determinization (single-observer ISMCTS,
Cowling, Powley & Whitehouse 2012): UCB over the actions available in that
determinization, a rollout to the end of the round, and the result backed up
to each node from the point of view of the seat that acted there.

Inside the tree, the first actor in priority order acts; rollouts resolve
simultaneous calls exactly as the driver does (:func:`kakehiki.driver.next_moves`),
so other seats' out-of-turn calls are played out there.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kakehiki.bots import Bot, RandomBot, fast_rng, register_bot
from kakehiki.core import Action, Game, RoundResult
from kakehiki.driver import next_moves

Sampler = Callable[[random.Random], Any]
"""What a search bot samples from: in play, a :class:`kakehiki.core.Sampler`."""


@runtime_checkable
class SamplingBot(Protocol):
    """A bot that searches: besides the view it gets the game and a sampler of states."""

    name: str

    def choose_sampled(
        self, game: Game[Any, Any, Any], seat: int, view: Any, legal: Sequence[Action], rng: random.Random,
        sample: Sampler,
    ) -> Action: ...


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def round_rewards(outcome: RoundResult, players: int) -> list[float]:
    """1 for a winner, 0 for a loser, ½ for the rest (and for everyone in a draw)."""
    return [1.0 if s in outcome.winners else 0.0 if s in outcome.losers else 0.5 for s in range(players)]


@dataclass
class SearchBot:
    """ISMCTS within ``iterations`` (and, if set, ``seconds``) per decision."""

    iterations: int = 200
    seconds: float | None = None
    exploration: float = 0.7
    rollout: Bot | None = None  # None: uniform random rollouts
    max_rollout_steps: int = 400
    name: str = "search"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Without a sampler there is nothing to search: play uniformly."""
        return RandomBot().choose(view, legal, rng)

    def choose_sampled(
        self, game: Game[Any, Any, Any], seat: int, view: Any, legal: Sequence[Action], rng: random.Random,
        sample: Sampler,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = fast_rng(rng)  # many determinizations and rollouts: draw them from a fast generator
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            self._iterate(game, sample(rng), seat, legal, root, rng)
            if deadline is not None and time.perf_counter() > deadline:
                break
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(
        self, game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Action], root: _Node, rng: random.Random
    ) -> None:
        start_round = game.round_of(state)
        players = game.players(state)
        node, path = root, []
        actor, actions = seat, legal
        while True:
            child, action, expanded = self._select(node, actions, rng)
            path.append((child, actor))
            state, _ = game.apply(state, actor, action)
            node = child
            if expanded or self._round_over(game, state, start_round):
                break
            actor = game.actors(state)[0]
            actions = game.legal_actions(state, actor)
        rewards = self._rollout(game, state, start_round, players, rng)
        for visited, acted in path:
            visited.visits += 1
            visited.reward += rewards[acted]

    def _select(self, node: _Node, actions: Sequence[Action], rng: random.Random) -> tuple[_Node, Action, bool]:
        """Expand an untried action if any, else the best by UCB among those available now."""
        untried = [a for a in actions if a not in node.children]
        for a in actions:
            if a in node.children:
                node.children[a].available += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = node.children[action] = _Node()
            child.available = 1
            return child, action, True
        c = self.exploration

        def ucb(a: Action) -> float:
            ch = node.children[a]
            return ch.reward / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)

        action = max(actions, key=ucb)
        return node.children[action], action, False

    @staticmethod
    def _round_over(game: Game[Any, Any, Any], state: Any, start_round: int) -> bool:
        return game.result(state) is not None or game.round_of(state) != start_round

    def _rollout(
        self, game: Game[Any, Any, Any], state: Any, start_round: int, players: int, rng: random.Random
    ) -> list[float]:
        steps = 0

        def choose(actor: int) -> Action:
            legal = game.legal_actions(state, actor)
            if self.rollout is None:
                picked: Action = legal[rng.randrange(len(legal))]
                return picked
            return self.rollout.choose(game.view(state, actor), legal, rng)

        while steps < self.max_rollout_steps and not self._round_over(game, state, start_round):
            for actor, action in next_moves(game, state, choose):  # calls resolved as the driver does
                if game.result(state) is not None or actor not in game.actors(state):
                    break
                state, _ = game.apply(state, actor, action)
                steps += 1
        rounds = game.round_results(state)
        if len(rounds) > start_round:
            return round_rewards(rounds[start_round], players)
        return [0.5] * players  # the round did not end within the rollout


register_bot("*", "search", SearchBot)
