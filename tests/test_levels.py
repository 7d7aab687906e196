"""Levels: easy, normal and hard exist for every registered game and can be played in sim and play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kakehiki.bots import make_bot
from kakehiki.bots.levels import EXPERT, HEURISTIC, LEVELS, LevelBot
from kakehiki.cli.main import build_app
from kakehiki.registry import game_ids


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
