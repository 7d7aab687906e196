"""What the games' ``test_hostile_input.py`` files share (issue 12, items 3 and 4): a text either
parses to an action that round-trips or is a short :class:`NotationError`, an action tried
on a live state is applied or refused with a short error and never changes that state, and
fuzzed options or decks start a game that plays or are refused with a short error.

Each file keeps its own game's words, option values and live states.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from kakehiki import KakehikiError, NotationError
from kakehiki.core import Game

SHORT = 600  # no error line is longer, whatever it quotes: 40 characters at most, 10 each when escaped

PickSeat = Callable[[random.Random, tuple[int, ...]], int]


def assert_short(err: BaseException) -> None:
    assert len(str(err)) < SHORT, f"an error line of {len(str(err))} characters"


def assert_other_types_refused(game: Game[Any, Any, Any], values: Sequence[object]) -> None:
    """``parse_action`` of anything but a string is a :class:`NotationError`, not a crash."""
    for value in values:
        with pytest.raises(NotationError):
            game.parse_action(value)  # type: ignore[arg-type]


def assert_parses_or_refused(game: Game[Any, Any, Any], text: str, states: Sequence[Any], seats: int = 3) -> None:
    """``text`` is a short :class:`NotationError`, or an action that round-trips and that each of
    ``seats`` may try on every one of ``states``: applied, or refused with a short error,
    the state tried on unchanged either way."""
    try:
        action = game.parse_action(text)
    except NotationError as err:
        assert_short(err)
        return
    assert game.parse_action(str(action)) == action
    for state in states:
        before = pickle.dumps(state)
        for seat in range(seats):
            try:
                game.apply(state, seat, action)
            except KakehikiError as err:
                assert_short(err)
        assert pickle.dumps(state) == before


def any_actor(rng: random.Random, actors: tuple[int, ...]) -> int:
    return rng.choice(actors)


def first_actor(_rng: random.Random, actors: tuple[int, ...]) -> int:
    return actors[0]


def start_or_refused(
    game: Game[Any, Any, Any], players: int | None, options: Mapping[str, Any], seed: int, deck: Any,
    steps: int = 30, seat_of: PickSeat = any_actor,
) -> Any:
    """A game of these (fuzzed) arguments, or ``None`` when it is refused with a short
    :class:`KakehikiError`; a game started is played ``steps`` random actions on (or to its end)
    and its last state returned."""
    try:
        state = game.new(players=players, options=options, seed=seed, deck=deck)
    except KakehikiError as err:
        assert_short(err)
        return None
    rng = random.Random(seed)
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seat = seat_of(rng, game.actors(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state
