"""What the games' ``test_fast.py`` files share: a game walked in a compiled batch and in the reference
side by side, and the kernels' play-outs set against the bots they stand for (issue 18).

Each file keeps what is its own game's: the fields it compares after a step, the options it
draws, how its walk favours some actions.  The batch classes (``DobonBatch``, ``DoubtBatch``,
...) share no base class; they are used here only through ``step``, ``playout`` and
``results``, which all of them have.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from kakehiki.bots import make_bot
from kakehiki.core import Action, Game, Result
from kakehiki.driver import play_out
from kakehiki.rng import derive

Compare = Callable[[Any, int, str], None]  # (reference state, steps taken, note): assert the batch holds it
PickSeat = Callable[[random.Random, tuple[int, ...]], int]
PickAction = Callable[[random.Random, Sequence[Action]], Action]


def mostly_first(rng: random.Random, actors: tuple[int, ...]) -> int:
    """The first actor half the time (the turn), else any of them (a call out of turn, a pass)."""
    return actors[0] if rng.random() < 0.5 else rng.choice(actors)


def any_actor(rng: random.Random, actors: tuple[int, ...]) -> int:
    return rng.choice(actors)


def uniform(rng: random.Random, legal: Sequence[Action]) -> Action:
    return rng.choice(legal)


def walk(
    game: Game[Any, Any, Any], state: Any, batch: Any, rng: random.Random, limit: int, compare: Compare,
    seat_of: PickSeat = mostly_first, pick: PickAction = uniform,
) -> tuple[int, Any]:
    """Take the same (seat, action) in ``state`` and in game 0 of ``batch`` until the game is
    over or ``limit`` steps are taken, calling ``compare`` after the deal and after every step;
    the steps taken and the last reference state."""
    space = game.action_space(state)
    compare(state, 0, "after the deal")
    steps = 0
    while (actors := game.actors(state)) and steps < limit:
        seat = seat_of(rng, actors)
        action = pick(rng, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        batch.step([space.index(action)], [seat])
        steps += 1
        compare(state, steps, f"step {steps}: seat {seat} {action}")
    return steps, state


def same_result(result: Result | None, fast: Mapping[str, Any], note: str, g: int = 0, rounds: bool = False) -> None:
    """Game ``g`` of a batch's ``results()`` is over exactly when the reference's is, with its
    ranks, scores, winners, losers and reason (and number of rounds, for a match of rounds)."""
    assert bool(fast["done"][g]) == (result is not None), note
    if result is None:
        return
    assert tuple(fast["ranks"][g].tolist()) == result.ranks, note
    assert tuple(fast["scores"][g].tolist()) == tuple(int(x) for x in result.scores), note
    assert tuple(np.flatnonzero(fast["winners"][g]).tolist()) == tuple(sorted(result.winners)), note
    assert tuple(np.flatnonzero(fast["losers"][g]).tolist()) == tuple(sorted(result.losers)), note
    assert fast["reason"][g] == result.reason, note
    if rounds:
        assert int(fast["rounds"][g]) == len(result.rounds), note


def bots_play_out(game: Game[Any, Any, Any], seed: int, count: int, opts: Mapping[str, Any],
                  names: Sequence[str]) -> tuple[int, Result]:
    """``driver.play_out`` of the game of ``seed`` with the bots ``names`` (one a seat): its
    steps and result, what a kernel's policy of those names must reproduce."""
    bots = [make_bot(game.id, name) for name in names]
    done = play_out(game, game.new(count, opts, seed=seed), bots, seed=seed)
    result = game.result(done.state)
    assert result is not None, f"seed {seed}: the play-out ended without a result"
    return done.steps, result


def first_actor_play_out(game: Game[Any, Any, Any], seed: int, count: int, opts: Mapping[str, Any]) -> tuple[int, Any]:
    """The benchmarks' play-out (``driver.random_playout``'s way): the first actor alone moves,
    each seat drawing from its own ``derive(seed, "bot", seat)`` stream as the random bot does;
    the steps taken and the last state."""
    state, rngs, taken = game.new(count, opts, seed=seed), [derive(seed, "bot", s) for s in range(count)], 0
    while actors := game.actors(state):
        legal = game.legal_actions(state, actors[0])
        state, _ = game.apply(state, actors[0], legal[rngs[actors[0]].randrange(len(legal))])
        taken += 1
    return taken, state


def same_play_outs(game: Game[Any, Any, Any], batch: Any, seeds: Sequence[int], count: int, opts: Mapping[str, Any],
                   names: Sequence[str], rounds: bool = False) -> None:
    """A batch of ``seeds`` played out by the kernel's policies ``names`` (one a seat) takes the
    steps and reaches the results of ``driver.play_out`` with the bots of those names."""
    steps = batch.playout(list(names))
    fast = batch.results()
    for g, seed in enumerate(seeds):
        taken, result = bots_play_out(game, seed, count, opts, names)
        assert steps[g] == taken, f"seed {seed}"
        same_result(result, fast, f"seed {seed}", g, rounds)


def same_first_actor_play_outs(game: Game[Any, Any, Any], batch: Any, seeds: Sequence[int], count: int,
                               opts: Mapping[str, Any]) -> None:
    """``playout("random", first_only=True)`` of a batch of ``seeds`` is
    :func:`first_actor_play_out` of each: the same steps and results."""
    steps = batch.playout("random", first_only=True)
    fast = batch.results()
    for g, seed in enumerate(seeds):
        taken, state = first_actor_play_out(game, seed, count, opts)
        assert steps[g] == taken, f"seed {seed}"
        same_result(game.result(state), fast, f"seed {seed}", g)
