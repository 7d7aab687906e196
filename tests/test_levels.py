"""Levels: easy, normal and hard exist for every registered game and can be played in sim and play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kakehiki import get_game
from kakehiki.bots import fast_rng, make_bot
from kakehiki.bots.levels import EXPERT, HEURISTIC, LEVELS, LevelBot
from kakehiki.cli.main import build_app
from kakehiki.core import Action
from kakehiki.driver import decide, next_moves, still_asked
from kakehiki.prng import Stream
from kakehiki.registry import game_ids
from kakehiki.rng import derive


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_offers_every_level(game_id: str) -> None:
    for level in LEVELS:
        assert make_bot(game_id, level).name == level


@pytest.mark.parametrize("game_id", sorted(HEURISTIC))
def test_hard_is_the_games_expert_and_normal_its_heuristic(game_id: str) -> None:
    hard, normal = make_bot(game_id, "hard"), make_bot(game_id, "normal")
    assert isinstance(hard, LevelBot) and isinstance(normal, LevelBot)
    assert type(hard.bot) is type(make_bot(game_id, EXPERT))
    assert type(normal.bot) is type(make_bot(game_id, HEURISTIC[game_id]))


@pytest.mark.parametrize("game_id", game_ids())
def test_sim_plays_every_level(game_id: str) -> None:
    result = CliRunner().invoke(
        build_app(), ["sim", game_id, "--games", "1", "--seed", "2", "--bots", "hard,normal,easy", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["bots"]) == {"hard", "normal", "easy"}


@pytest.mark.parametrize("game_id", game_ids())
def test_play_against_hard_bots_saves_a_record_that_replays(game_id: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    runner = CliRunner()
    result = runner.invoke(
        build_app(),
        ["play", game_id, "--seed", "3", "--bots", "hard", "--save", str(save), "--lang", "en"],
        input="1\n" * 3000,  # the person always takes the first choice
    )
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["seats"][0] == "human" and set(record["seats"][1:]) == {"hard"}
    replayed = runner.invoke(build_app(), ["replay", str(save), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["result"] == record["result"]


def hard_opening(game_id: str, players: int, seed: int, steps: int) -> tuple[list[tuple[int, Action]], int]:
    """The first ``steps`` moves of a game of ``hard`` bots at every seat, asked as ``play_out``
    asks them (each bot's generator ``derive(seed, "bot", seat)``), and how many of the bots'
    decisions had more than one legal action."""
    game = get_game(game_id)
    state = game.new(players=players, seed=seed)
    bots = [make_bot(game_id, "hard") for _ in range(players)]
    rngs = [derive(seed, "bot", seat) for seat in range(players)]
    moves: list[tuple[int, Action]] = []
    choices = 0

    def choose(seat: int) -> Action:
        nonlocal choices
        choices += len(game.legal_actions(state, seat)) > 1
        return decide(game, state, seat, bots[seat], rngs[seat])

    while len(moves) < steps and (actors := game.actors(state)):
        for n, (seat, action) in enumerate(next_moves(game, state, choose, actors)):
            if n and not still_asked(game, state, seat):
                break
            state, _ = game.apply(state, seat, action)
            moves.append((seat, action))
    return moves, choices


@pytest.mark.parametrize(("game_id", "players"), [*((g, 4) for g in game_ids()), ("dhumbal", 2)])
def test_hard_bots_play_the_same_game_from_the_same_seed(game_id: str, players: int) -> None:
    # The hard bots sample from a fast generator seeded by their own stream (fast_rng): still one game per seed.
    first, choices = hard_opening(game_id, players, seed=5, steps=16)
    assert choices > 0, "no decision of the opening had a choice: nothing was tested"
    assert hard_opening(game_id, players, seed=5, steps=16) == (first, choices)


def test_fast_rng_is_seeded_by_one_word_of_the_stream_it_is_handed() -> None:
    stream, twin = Stream(7), Stream(7)
    fast = fast_rng(stream)
    assert stream.getstate() != twin.getstate()
    twin.next64()
    assert stream.getstate() == twin.getstate()  # exactly one word drawn
    draws = [fast.random() for _ in range(5)]
    again = fast_rng(Stream(7))
    assert [again.random() for _ in range(5)] == draws
    assert fast_rng(Stream(8)).random() != draws[0]
