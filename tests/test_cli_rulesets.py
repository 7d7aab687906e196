"""First contact with the command line (issue 30): rule sets by name, the version, suggestions for
mistyped names, and ``kakehiki verify`` saying which records carry a commitment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import kakehiki
from kakehiki.cli.main import build_app
from kakehiki.registry import get_game

APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=stdin, env=NO_LOCALE)


def sim_options(*args: str) -> dict[str, object]:
    result = run("sim", "--games", "1", "--json", *args)
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert isinstance(options, dict)
    return options


def test_b6_quick_doubt_by_name_and_an_option_changes_it_further() -> None:
    assert sim_options("doubt", "--rules", "quick")["round_limit"] == 5
    changed = sim_options("doubt", "--rules", "quick", "-o", "round_limit=2", "-o", "jokers=1")
    assert (changed["round_limit"], changed["jokers"]) == (2, 1)
    assert sim_options("doubt", "--rules", "Several-Cards")["max_cards_per_play"] == 4


def test_j4_m4_rule_sets_of_dobon_and_million_doubt() -> None:
    assert sim_options("dobon", "--rules", "simple")["official"] is False
    assert sim_options("million-doubt", "--rules", "daifugo")["face_down"] is False


def test_play_takes_a_rule_set(tmp_path: Path) -> None:
    save = tmp_path / "quick.json"
    result = run("play", "doubt", "--rules", "quick", "--seed", "2", "--save", str(save), "--lang", "en",
                 stdin="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["options"]["round_limit"] == 5


@pytest.mark.parametrize(("lang", "words"), [("en", "(did you mean 'quick'?)"), ("ja", "（もしかして 'quick'？）")])
def test_an_unknown_rule_set_lists_them_and_suggests_the_closest(lang: str, words: str) -> None:
    result = run("play", "doubt", "--rules", "quik", "--lang", lang, stdin="")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert words in line and "classic, quick, several-cards, cheat" in line and "\n" not in line


@pytest.mark.parametrize(("lang", "words"), [("en", "(did you mean 'dobon'?)"), ("ja", "（もしかして 'dobon'？）")])
def test_a_mistyped_game_suggests_the_closest(lang: str, words: str) -> None:
    result = run("play", "dobn", "--lang", lang, stdin="")
    assert result.exit_code == 2 and words in result.stderr


def test_a_mistyped_option_or_value_suggests_the_closest() -> None:
    result = run("sim", "million-doubt", "-o", "first_leadr=random", "--lang", "en")
    assert result.exit_code == 2 and "did you mean 'first_leader'?" in result.stderr
    result = run("sim", "dhumbal", "-o", "show_tie=caller_win", "--lang", "en")
    assert result.exit_code == 2 and "did you mean 'caller_wins'?" in result.stderr


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"kakehiki {kakehiki.__version__}"


@pytest.mark.parametrize("game_id", ["dobon", "doubt", "million-doubt"])
def test_rules_list_the_rule_sets(game_id: str) -> None:
    shown = run("rules", game_id, "--lang", "en", "--markdown").stdout
    for rule_set in get_game(game_id).rule_sets:
        assert f"| `{rule_set.id} ({rule_set.name[0]})` | {rule_set.summary[0]} |" in shown
    assert f"kakehiki play {game_id} --rules" in shown


def test_verify_says_which_records_carry_a_commitment(tmp_path: Path) -> None:
    result = run("sim", "dobon", "--games", "1", "--save", str(tmp_path))
    assert result.exit_code == 0, result.output
    record = next(tmp_path.glob("*.json"))
    verdict = run("verify", str(record), "--lang", "en")
    assert verdict.exit_code == 1
    assert "only the browser table's rooms (kakehiki serve) commit" in verdict.stderr
    assert "records of kakehiki play, sim and arena carry none" in verdict.stderr
    assert "kakehiki serve" in run("verify", "--help").stdout


README = Path(__file__).resolve().parents[1] / "README.md"


def usage_lines() -> list[str]:
    """The command lines of the README's usage blocks (after its set-up command)."""
    text = README.read_text(encoding="utf-8")
    blocks = text.split("```sh\n")[3:]  # the set-up and test commands come first
    return [line for block in blocks for line in block.split("```")[0].splitlines() if line.strip()]


def test_the_readme_usage_runs_as_pasted_after_its_set_up_command() -> None:
    lines = usage_lines()
    assert len(lines) >= 10
    for line in lines:
        assert line.startswith(".venv/bin/"), line
    for line in lines:
        words = line.split("#")[0].split()
        if words[0] != ".venv/bin/kakehiki" or "--rules" not in words:
            continue
        game = get_game(words[2])
        assert words[words.index("--rules") + 1] in [r.id for r in game.rule_sets], line
