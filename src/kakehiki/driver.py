"""Playing a game out with bots, resolving simultaneous calls by priority (C4).

When several seats hold a choice at once, every one of them decides on the same
state; the first claim (a non-``pass`` choice) in priority order is applied and
the others are asked again on the new state.  If all decline, their passes are
applied in order.  This is the host's job in C4/C5 with zero reaction time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kakehiki.bots import Bot
from kakehiki.core import Action, Event, Game
from kakehiki.rng import derive


@dataclass
class Playout:
    """A finished (or stopped) game: its final state and every action in order."""

    state: Any
    actions: list[tuple[int, int, Action]] = field(default_factory=list)  # (round, seat, action)

    @property
    def steps(self) -> int:
        return len(self.actions)


Listener = Callable[[Any, int, Action, tuple[Event, ...]], None]


def is_pass(action: Action) -> bool:
    return str(action) == "pass"


def next_moves(
    game: Game[Any, Any, Any], state: Any, choose: Callable[[int], Action], actors: tuple[int, ...] | None = None
) -> list[tuple[int, Action]]:
    """Ask every actor on ``state``; return the moves to apply, by priority (C4).

    The first call (a non-``pass`` choice) in priority order wins.  A turn seat's
    ordinary move yields to other seats' calls (:meth:`Game.yields_to_calls`): it is
    applied only when nobody else calls, and then closes the window by itself.
    When everyone declines, their passes are applied in order.  ``actors`` may be given
    when the caller has just asked for them (the driver loop does, to stop at the end)."""
    if actors is None:
        actors = game.actors(state)
    if len(actors) == 1:
        return [(actors[0], choose(actors[0]))]
    return resolve(game, state, [(seat, choose(seat)) for seat in actors])


def resolve(game: Game[Any, Any, Any], state: Any, choices: Sequence[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """The moves to apply when every actor on ``state`` answered at once: ``choices`` are
    their answers in ``actors`` order (C4).  The first call in that order wins; a turn
    seat's ordinary move is applied only when nobody else calls; when all decline, every
    pass is applied in order (stop early, :func:`still_asked`, once one ends the window)."""
    ordinary: tuple[int, Action] | None = None
    for seat, action in choices:
        if game.yields_to_calls(state, seat, action):  # before is_pass: a turn's own pass is a real move (A2)
            ordinary = ordinary or (seat, action)
            continue
        if is_pass(action):
            continue
        return [(seat, action)]
    return [ordinary] if ordinary is not None else list(choices)


def decide(game: Game[Any, Any, Any], state: Any, seat: int, bot: Bot, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s action.  A bot sees only the seat's view; a search bot
    also gets a :class:`~kakehiki.core.Sampler` of states indistinguishable to that seat,
    which holds nothing hidden from it, never the state itself."""
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat) if getattr(bot, "sees_view", True) else None
    choose_sampled = getattr(bot, "choose_sampled", None)  # a SamplingBot; cheaper than a Protocol isinstance
    if choose_sampled is not None:
        sampled: Action = choose_sampled(game, seat, view, legal, rng, game.sampler(state, seat, rng))
        return sampled
    return bot.choose(view, legal, rng)


def still_asked(game: Game[Any, Any, Any], state: Any, seat: int) -> bool:
    """Whether ``seat`` is still an actor: a batch of passes stops when the game is over."""
    return game.result(state) is None and seat in game.actors(state)


def play_out(
    game: Game[Any, Any, Any],
    state: Any,
    bots: Sequence[Bot],
    seed: int = 0,
    listener: Listener | None = None,
) -> Playout:
    """Play until the result is known.  Bot ``i`` plays seat ``i``.

    Each step asks ``actors`` once: no actor left is the end (``Game.actors`` is empty
    exactly once the game is over), so ``result`` is not asked on every step as well."""
    rngs = [derive(seed, "bot", i) for i in range(len(bots))]
    choosers = [_chooser(game, bot, rng) for bot, rng in zip(bots, rngs, strict=False)]
    playout = Playout(state)
    apply, actions = game.apply, playout.actions

    def choose(seat: int) -> Action:
        return choosers[seat](playout.state, seat)

    while actors := game.actors(playout.state):
        moves = next_moves(game, playout.state, choose, actors)
        round_no = game.round_of(playout.state)
        for n, (seat, action) in enumerate(moves):
            if n:
                if not still_asked(game, playout.state, seat):
                    break  # an earlier pass ended the game (max_steps) or the window
                round_no = game.round_of(playout.state)
            playout.state, events = apply(playout.state, seat, action)
            actions.append((round_no, seat, action))
            if listener is not None:
                listener(playout.state, seat, action, events)
    if game.result(playout.state) is None:
        raise RuntimeError(f"{game.id}: no seat may act, yet the game has no result")
    return playout


def _chooser(game: Game[Any, Any, Any], bot: Bot, rng: random.Random) -> Callable[[Any, int], Action]:
    """``decide`` for one bot, its kind settled once rather than on every decision: a bot
    that never reads the view (``sees_view = False``) is handed legal actions alone."""
    if getattr(bot, "choose_sampled", None) is not None or getattr(bot, "sees_view", True):
        return lambda state, seat: decide(game, state, seat, bot, rng)
    legal_actions, choose = game._legal_actions, bot.choose  # the seat comes from actors: no need to check it
    return lambda state, seat: choose(None, legal_actions(state, seat), rng)


def random_playout(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> tuple[Any, int]:
    """The cheapest uniform-random playout (benchmarks): first actor, uniform action."""
    steps = 0
    while game.result(state) is None:
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        steps += 1
    return state, steps
