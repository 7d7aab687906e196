"""``kakehiki play|sim|rules|replay dobon-arith`` end to end (stdin piped, output captured)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner, Result

from kakehiki.cli.main import build_app
from kakehiki.registry import get_game

APP = build_app()


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=stdin, env={"LANG": "C.UTF-8", "LC_ALL": None})


def test_rules_in_both_languages_list_every_option() -> None:
    for lang, words in (("en", "Gaeshi"), ("ja", "ドボン返し")):
        result = run("rules", "dobon-arith", "--lang", lang)
        assert result.exit_code == 0, result.output
        assert words in result.stdout
        for spec in get_game("dobon-arith").options:
            assert spec.name in result.stdout and spec.ruling in result.stdout


def test_sim_json_is_reproducible_and_counts_matches() -> None:
    def sim() -> dict[str, object]:
        result = run("sim", "dobon-arith", "--games", "20", "--seed", "3", "--json", "-o", "games=2",
                     "--bots", "rule,random,rule,random")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        return {k: v for k, v in data.items() if k not in ("seconds", "games_per_s", "steps_per_s")}

    first = sim()
    assert first == sim()
    assert (first["games"], first["rounds"]) == (20, 40)


def test_piped_play_shows_waits_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "dobon-arith", "--seed", "5", "--players", "3", "--save", str(save), "--lang", "en",
                 stdin="play S8\nnonsense\n" + "1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Your waits (top values you can Dobon on):" in out and "Your choices:" in out
    assert "Not understood:" in out and "Result:" in out
    assert not re.search(r"Seat [12] \(rule\) draws \d+ \([^)]*\):", out)  # never the bots' drawn cards
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["result"] == json.loads(save.read_text(encoding="utf-8"))["result"]


def test_bad_first_player_is_named() -> None:
    result = run("sim", "dobon-arith", "--players", "3", "-o", "first_player=5", "--lang", "en")
    assert result.exit_code == 2 and "'first_player'" in result.stderr


def test_piped_play_makes_a_stack_as_one_line_and_refuses_its_first_step_alone(tmp_path: Path) -> None:
    # Seed 125, seat 0 first: the human holds SK DK CK on the field's S10.
    save = tmp_path / "game.json"
    result = run("play", "dobon-arith", "--seed", "125", "--players", "2", "-o", "first_player=0", "--lang", "en",
                 "--save", str(save), stdin="bottom SK\nplay SK DK CK\n" + "1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "the move is not finished after bottom SK: send the whole move in one" in out
    assert "Seat 0 (you) plays SK DK CK." in out
    moves = json.loads(save.read_text(encoding="utf-8"))["actions"][0]
    assert moves[:3] == [[0, "bottom SK"], [0, "stack DK"], [0, "top CK"]]
    assert run("replay", str(save), "--json").exit_code == 0
