"""One shape for the five games (issue 13 item 4): the same fields, names and shared parts."""

from __future__ import annotations

import dataclasses
import importlib
import random
from enum import IntEnum

import pytest

from kakehiki.base import Draft, GameOptions, StandardGame
from kakehiki.core import RoundResult
from kakehiki.registry import game_ids, get_game

GAMES = game_ids()
STANDARD_FIELDS = ("options", "seed", "players", "deck", "round_no", "outcomes", "phase", "steps")
OLD_NAMES = ("game_no", "history", "outcome", "over")  # one vocabulary: round_no, outcomes, log, phase


def finished(game_id: str, seed: int) -> list[object]:
    """Every state of a random game of ``game_id``, the first to the last."""
    game = get_game(game_id)
    rng = random.Random(seed)
    states = [game.new(seed=seed)]
    while actors := game.actors(states[-1]):
        legal = game.legal_actions(states[-1], actors[0])
        states.append(game.apply(states[-1], actors[0], legal[rng.randrange(len(legal))])[0])
    return states


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_has_the_standard_fields(game_id: str) -> None:
    game = get_game(game_id)
    assert isinstance(game, StandardGame)
    states = finished(game_id, 3)
    for state in states[:: max(1, len(states) // 20)] + states[-1:]:
        names = {f.name for f in dataclasses.fields(state)}  # type: ignore[arg-type]
        assert set(STANDARD_FIELDS) <= names, f"{game_id} lacks {set(STANDARD_FIELDS) - names}"
        assert not names & set(OLD_NAMES), f"{game_id} still says {names & set(OLD_NAMES)}"
        assert isinstance(state.phase, IntEnum), "phases are a closed set"  # type: ignore[attr-defined]
        assert all(isinstance(o, RoundResult) for o in state.outcomes)  # type: ignore[attr-defined]
        assert game.round_of(state) == state.round_no == len(state.outcomes) - (game.result(state) is not None)  # type: ignore[attr-defined]
    last = states[-1]
    assert last.phase.name == "OVER" and game.result(last) is not None  # type: ignore[attr-defined]
    assert game.round_results(last) == game.result(last).rounds  # type: ignore[union-attr]


@pytest.mark.parametrize("game_id", GAMES)
def test_options_convert_by_their_specs(game_id: str) -> None:
    game = get_game(game_id)
    options = game.new().options
    assert isinstance(options, GameOptions)
    assert [f.name for f in dataclasses.fields(options)] == [s.name for s in game.options]  # type: ignore[arg-type]
    assert type(options).from_values(options.to_values()) == options
    assert game.record_header(game.new(seed=4))["options"] == options.to_values()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_names_its_phase(game_id: str) -> None:
    """Every view says ``phase``, in words: one word for each of the state's phases (a view
    may name two alike, as Million Doubt shows its HIDE step as the turn it belongs to)."""
    game = get_game(game_id)
    words: dict[object, set[str]] = {}
    for state in finished(game_id, 5)[::7]:
        for seat in (None, 0):
            word = game.view(state, seat).phase
            assert isinstance(word, str)
            if seat is None:  # a seat may see more of its own phase (Million Doubt's hide step)
                words.setdefault(state.phase, set()).add(word)  # type: ignore[attr-defined]
    assert all(len(w) == 1 for w in words.values()), words


@pytest.mark.parametrize("game_id", GAMES)
def test_every_draft_is_the_shared_one(game_id: str) -> None:
    package = type(get_game(game_id)).__module__.rsplit(".", 1)[0]
    draft = importlib.import_module(f"{package}.draft").Draft
    assert issubclass(draft, Draft) and draft is not Draft
