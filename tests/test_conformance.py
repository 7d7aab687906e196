"""The conformance suite every registered game must pass, through the core API alone."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest

from kakehiki import IllegalActionError, NotationError, OptionError, game_ids, get_game
from kakehiki.bots import make_bot
from kakehiki.core import Game
from kakehiki.driver import play_out
from kakehiki.record import make_record, replay
from playouts import random_walk

GAMES = game_ids()


def random_game(game: Game[Any, Any, Any], seed: int, players: int | None = None) -> list[tuple[Any, int, Any]]:
    """Play a uniform-random game; return (state, seat, action) before every step."""
    return random_walk(game, seed, players, None, limit=10**6)


@pytest.mark.parametrize("game_id", GAMES)
def test_declaration(game_id: str) -> None:
    game = get_game(game_id)
    assert game.id == game_id
    assert 2 <= game.min_players <= game.default_players <= game.max_players
    assert isinstance(game.version, int) and game.version >= 1
    names = [spec.name for spec in game.options]
    assert "max_steps" in names and len(names) == len(set(names))
    for spec in game.options:
        assert spec.parse(spec.describe_default()) == spec.default, spec.name
        assert spec.help_en and spec.help_ja


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_options_and_players_are_named(game_id: str) -> None:
    game = get_game(game_id)
    with pytest.raises(OptionError) as unknown:
        game.new(options={"no_such_option": 1})
    assert unknown.value.option == "no_such_option"
    with pytest.raises(OptionError) as steps:
        game.new(options={"max_steps": "lots"})
    assert steps.value.option == "max_steps"
    with pytest.raises(OptionError):
        game.new(players=game.max_players + 1)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_game_invariants(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    players = [game.min_players, game.default_players, game.max_players][seed % 3]
    trail = random_game(game, seed, players)
    rng = random.Random(seed)
    for state, seat, action in trail[:-1]:
        actors = game.actors(state)
        assert actors and len(set(actors)) == len(actors)
        for s in range(game.players(state)):
            legal = game.legal_actions(state, s)
            assert bool(legal) == (s in actors), "exactly the actors have choices"
            for a in legal:
                assert str(game.parse_action(str(a))) == str(a), "notation round-trips"
        assert game.can(state, seat, action)
        hidden = game.sample_hidden(state, seat, rng)
        assert game.view(hidden, seat) == game.view(state, seat), "a view shows nothing hidden"
        assert game.view(game.sample_hidden(state, None, rng), None) == game.view(state, None)
    final = trail[-1][0]
    result = game.result(final)
    assert result is not None and len(result.ranks) == game.players(final)
    assert game.actors(final) == ()


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_are_conserved_within_a_round(game_id: str) -> None:
    game = get_game(game_id)
    trail = random_game(game, 11)
    first: dict[int, Counter[int]] = {}
    for state, _, _ in trail:
        cards = Counter(c.index for c in game.all_cards(state))
        assert first.setdefault(game.round_of(state), cards) == cards


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_change_nothing(game_id: str) -> None:
    game = get_game(game_id)
    for state, seat, _ in random_game(game, 5)[:-1:7]:
        before = pickle.dumps(state)
        others = [s for s in range(game.players(state)) if s not in game.actors(state)]
        for s in others:
            with pytest.raises(IllegalActionError) as err:
                game.apply(state, s, game.legal_actions(state, seat)[0])
            assert err.value.rule
        with pytest.raises(NotationError):
            game.apply(state, seat, "no such action ~")
        assert pickle.dumps(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_max_steps_ends_in_a_draw(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(seed=3, options={"max_steps": 5})
    rng = random.Random(3)
    for _ in range(1000):
        if game.result(state) is not None:
            break
        seat = game.actors(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    result = game.result(state)
    assert result is not None
    if result.rounds[-1].reason == "max_steps":
        assert result.draw and not result.winners and not result.losers, "C7: a step-limit ending is a draw"
    else:
        assert not result.draw and result.winners, "a game ended by play inside 5 steps ranks its seats"


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_record_and_replay(game_id: str) -> None:
    game = get_game(game_id)

    def record(seed: int) -> dict[str, Any]:
        state = game.new(seed=seed)
        bots = [make_bot(game_id, "random") for _ in range(game.players(state))]
        playout = play_out(game, state, bots, seed=seed)
        return make_record(game, state, playout.actions, [f"bot{i}" for i in range(len(bots))], playout.state)

    first, again, other = record(21), record(21), record(22)
    assert first == again
    assert first != other
    _, _, result = replay(first)
    assert result is not None and result.to_dict() == first["result"]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [1, 2, 3, 5, 8, 13])
def test_bot_playouts_stop_cleanly_at_max_steps(game_id: str, steps: int) -> None:
    # Hitting the step limit in the middle of a batch of passes must end the game, not crash.
    game = get_game(game_id)
    for seed in range(4):
        state = game.new(seed=seed, options={"max_steps": steps})
        bots = [make_bot(game_id, "random") for _ in range(game.players(state))]
        playout = play_out(game, state, bots, seed=seed)
        per_round = Counter(round_no for round_no, _, _ in playout.actions)
        # Each game counts its own C7 steps (Dhumbal a whole turn as one, Dobon no passes). A game
        # may finish an open window of calls past the limit (Doubt's C7), never more.
        assert playout.state.steps <= steps + game.players(state), "no game ran on past max_steps"
        result = game.result(playout.state)
        assert result is not None and game.actors(playout.state) == ()
        last = max(per_round)
        if per_round[last] == steps and result.rounds[-1].reason != "max_steps":
            assert result.winners or result.losers, "a game that ended by play on the last step has an outcome"
        if result.rounds[-1].reason == "max_steps":
            assert result.draw


def space_or_skip(game: Game[Any, Any, Any], state: Any) -> Any:
    try:
        return game.action_space(state)
    except NotImplementedError:
        pytest.skip(f"{game.id} declares no action space yet")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_action_space_numbers_every_legal_action_in_order(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    players = [game.min_players, game.default_players, min(game.max_players, 6)][seed]
    trail = random_game(game, seed, players)
    space = space_or_skip(game, trail[0][0])
    assert 0 < space.size <= 1000
    assert [game.action_index(trail[0][0], game.action_at(trail[0][0], i)) for i in range(space.size)] == list(
        range(space.size)
    )
    for state, _, _ in trail[:-1]:
        for s in range(game.players(state)):
            legal = game.legal_actions(state, s)
            indices = [game.action_index(state, a) for a in legal]
            assert indices == sorted(indices) and len(set(indices)) == len(indices), "ascending index order"
            mask = game.legal_mask(state, s)
            assert len(mask) == space.size and [i for i, m in enumerate(mask) if m] == indices


@pytest.mark.parametrize("game_id", GAMES)
def test_indices_replay_the_same_game_as_texts(game_id: str) -> None:
    game = get_game(game_id)
    trail = random_game(game, 17)
    first = trail[0][0]
    space_or_skip(game, first)
    by_text, by_index = first, first
    for _, seat, action in trail[:-1]:
        by_text, _ = game.apply(by_text, seat, str(action))
        by_index, _ = game.apply(by_index, seat, game.action_at(by_index, game.action_index(by_index, action)))
        assert by_text == by_index
    assert game.result(by_index) == game.result(trail[-1][0])


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_indices_and_unknown_actions_are_notation_errors(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(seed=1)
    space = space_or_skip(game, state)
    for bad in (-1, space.size, True, 10**30):
        with pytest.raises(NotationError):
            game.action_at(state, bad)
