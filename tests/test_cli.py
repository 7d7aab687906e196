"""The command line, end to end through Typer's test runner (stdin piped, output captured)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from kakehiki.cli.common import Lang
from kakehiki.cli.main import build_app
from kakehiki.cli.play import Quit, run_play
from kakehiki.i18n import catalog, detect_language
from kakehiki.record import initial_state
from kakehiki.registry import game_ids, get_game

CLI_SOURCES = Path(__file__).resolve().parents[1] / "src" / "kakehiki" / "cli"
NARRATE_SOURCES = CLI_SOURCES.parent / "narrate"
APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


def run(*args: str, stdin: str | None = None, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=stdin, env={**NO_LOCALE, **(env or {})})


def sim_json(*args: str) -> dict[str, Any]:
    result = run("sim", "dobon", "--json", *args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_s", "steps_per_s")}


# -- sim -----------------------------------------------------------------------------


def test_sim_prints_speed_and_tallies() -> None:
    result = run("sim", "dobon", "--games", "20", "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    for words in ("20 dobon games from seed 1", "games/s", "steps/s", "mean length", "By seat", "By bot", "normal"):
        assert words in result.stdout


def test_sim_bot_list_sets_the_table_size() -> None:
    data = sim_json("--games", "4", "--seed", "3", "--bots", "rule,random,random")
    assert data["players"] == 3 and [s["bot"] for s in data["seats"]] == ["rule", "random", "random"]


def test_sim_json_counts_are_consistent_and_reproducible() -> None:
    data = sim_json("--games", "30", "--seed", "5", "-o", "games=2")
    assert (data["games"], data["rounds"], data["players"]) == (30, 60, 4)
    assert data["options"]["games"] == 2
    assert data["mean_length"] == pytest.approx(data["steps"] / 30, abs=1e-3)
    assert data["steps_per_s"] > 0 and data["games_per_s"] > 0
    seats = data["seats"]
    wins, losses = sum(s["wins"] for s in seats), sum(s["losses"] for s in seats)
    assert data["bots"] == {"normal": {"seats": 4, "wins": wins, "losses": losses,
                                       "draws": sum(s["draws"] for s in seats)}}
    assert sum(s["draws"] for s in seats) == 4 * data["draws"]  # a drawn game is drawn by every seat
    winless = sum(data["reasons"].get(r, 0) for r in ("self_dobon", "no_stock"))  # losers, no winner
    assert wins == data["rounds"] - data["draws"] - winless  # any other Dobon game has exactly one winner
    assert losses >= wins
    assert sum(data["reasons"].values()) == data["rounds"]
    assert without_timings(sim_json("--games", "30", "--seed", "5", "-o", "games=2")) == without_timings(data)


def test_sim_bot_list_one_per_seat() -> None:
    data = sim_json("--games", "10", "--seed", "2", "--players", "2", "--bots", "rule,random")
    assert [s["bot"] for s in data["seats"]] == ["rule", "random"]
    assert set(data["bots"]) == {"rule", "random"}
    assert data["bots"]["random"]["wins"] == data["seats"][1]["wins"]
    bad = run("sim", "dobon", "--games", "1", "--players", "4", "--bots", "rule,random", "--lang", "en")
    assert bad.exit_code == 2
    assert "--bots" in bad.stderr and "4 seats" in bad.stderr


def test_sim_save_writes_records_that_replay_to_the_same_result(tmp_path: Path) -> None:
    data = sim_json("--games", "3", "--seed", "7", "--save", str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["dobon-000001.json", "dobon-000002.json", "dobon-000003.json"]
    wins = [0] * 4
    for number, path in enumerate(files):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["seed"] == 7 + number
        replayed = run("replay", str(path), "--json")
        assert replayed.exit_code == 0, replayed.output
        output = json.loads(replayed.stdout)
        assert output["result"] == record["result"]
        assert output["steps"] == sum(len(moves) for moves in record["actions"])
        for seat in output["result"]["winners"]:
            wins[seat] += 1
    assert wins == [s["wins"] for s in data["seats"]]
    text = run("replay", str(files[0]), "--lang", "en")
    assert text.exit_code == 0 and "replayed without error" in text.stdout and "ranks:" in text.stdout


def test_sim_on_several_workers_plays_and_saves_the_games_of_one(tmp_path: Path) -> None:
    """``--workers 3`` plays ranges of seeds on three processes: the same tallies, in seed order,
    and the same record files, as one worker."""
    one, three = tmp_path / "one", tmp_path / "three"
    alone = sim_json("--games", "7", "--seed", "4", "--bots", "random", "--workers", "1", "--save", str(one))
    shared = sim_json("--games", "7", "--seed", "4", "--bots", "random", "--workers", "3", "--save", str(three))
    assert (alone["workers"], shared["workers"]) == (1, 3)
    assert without_timings({**shared, "workers": 1}) == without_timings(alone)
    names = sorted(f.name for f in one.glob("*.json"))
    assert len(names) == 7 and names == sorted(f.name for f in three.glob("*.json"))
    for name in names:
        assert (three / name).read_text(encoding="utf-8") == (one / name).read_text(encoding="utf-8")


def test_sim_workers_default_to_every_core_but_never_more_than_the_games() -> None:
    assert sim_json("--games", "3", "--seed", "4", "--bots", "random")["workers"] == min(3, os.cpu_count() or 1)
    assert sim_json("--games", "1", "--seed", "4", "--bots", "random")["workers"] == 1


# -- replay failures ---------------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    assert run("sim", "dobon", "--games", "1", "--seed", "11", "--save", str(tmp_path), "--json").exit_code == 0
    return tmp_path / "dobon-000001.json"


def test_replay_of_a_tampered_record_names_the_step(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    game, state = initial_state(record)
    moves = record["actions"][0]
    for seat, text in moves[:2]:
        state, _ = game.apply(state, seat, text)
    seat = moves[2][0]
    hand = game.view(state, seat).hand
    missing = next(c for c in ("S4", "H9", "DQ", "CA", "C7") if c not in {str(card) for card in hand})
    moves[2][1] = f"play {missing}"  # well-formed, but seat does not hold the card
    record_file.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(record_file), "--lang", "en")
    assert result.exit_code == 1
    assert "step 2" in result.stderr and missing in result.stderr and "does not replay" in result.stderr
    assert "Traceback" not in result.output


def test_replay_of_an_unknown_version_fails(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["version"] = 999
    record_file.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(record_file), "--json")
    assert result.exit_code == 1
    assert "999" in result.stderr and "version" in result.stderr
    assert result.stdout == ""


def test_replay_of_a_missing_file_fails(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 1 and "cannot read" in result.stderr


# -- rules and games -----------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [("en", "Interrupts"), ("ja", "ドボン")])
def test_rules_print_the_text_and_every_option(lang: str, words: str) -> None:
    result = run("rules", "dobon", "--lang", lang, "--markdown")
    assert result.exit_code == 0, result.output
    assert words in result.stdout
    for spec in get_game("dobon").options:
        row = next(line for line in result.stdout.splitlines() if line.startswith(f"| `{spec.name}` |"))
        assert f"`{spec.describe_default()}`" in row
        assert (spec.help_ja if lang == "ja" else spec.help_en) in row
        assert spec.ruling in row


def test_rules_language_defaults_to_the_locale() -> None:
    assert "オプション" in run("rules", "dobon", env={"LANG": "ja_JP.UTF-8"}).stdout
    assert "| option |" in run("rules", "dobon", "--markdown", env={"LANG": "en_US.UTF-8"}).stdout


@pytest.mark.parametrize("game_id", game_ids())
def test_rules_are_rendered_and_their_example_option_is_accepted(game_id: str) -> None:
    shown = run("rules", game_id, "--lang", "en").stdout
    assert "**" not in shown and not re.search(r"^#+ ", shown, re.MULTILINE), "rendered, not raw Markdown"
    example = re.search(r"e\.g\.\s+-o\s+(\S+)\.", shown)
    assert example is not None
    assert run("sim", game_id, "--games", "1", "--seed", "1", "-o", example.group(1)).exit_code == 0


def test_games_lists_dobon() -> None:
    result = run("games", "--lang", "en")
    assert result.exit_code == 0
    assert re.search(r"dobon\s*│\s*Dobon \(JDA rules\)\s*│\s*2-16\s*│\s*3", result.stdout)
    assert "ドボン（JDA制定ルール）" in run("games", "--lang", "ja").stdout


# -- play ------------------------------------------------------------------------------------


def test_scripted_play_reasks_after_bad_input_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = "garbage\ndobon top=JK\n99\n" + "1\n" * 3000
    result = run("play", "dobon", "--seed", "1", "--players", "3", "--save", str(save), "--lang", "en", stdin=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for refusal in ("Not understood: not a Dobon action: 'garbage'", "Not allowed (rule ", "There is no choice 99"):
        assert re.search(re.escape(refusal) + r"[^\n]*\nTry again\.\nYour choice> ", out), refusal
    assert "Your hand:" in out and "Your choices:" in out and "   1) " in out
    assert "Out of turn: you may call Dobon" in out  # the person is asked in the engine's windows too
    assert "Result:" in out and f"Record saved: {save}" in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["seats"] == ["human", "normal", "normal"] and record["seed"] == 1
    human_moves = sum(1 for moves in record["actions"] for seat, _ in moves if seat == 0)
    assert out.count("Your choice>") >= human_moves + 3
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["result"] == record["result"]


def test_play_shows_own_draws_but_never_the_bots_cards(tmp_path: Path) -> None:
    result = run("play", "dobon", "--seed", "6", "--players", "3", "--save", str(tmp_path / "r.json"),
                 "--lang", "en", stdin="draw\npass\n" * 500)  # each line is refused or taken
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(re.match(r"Seat 0 \(you\) draws \d+ \(turn\): [SHDC]\w+", line) for line in lines)
    assert any(re.match(r"Seat [12] \(normal\) draws \d+ \(turn\)\.$", line) for line in lines)
    assert not [line for line in lines if re.match(r"Seat [12] \(normal\) draws \d+ \([^)]*\):", line)]


def test_play_end_of_input_quits_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "never.json"
    result = run("play", "dobon", "--seed", "1", "--save", str(save), "--lang", "en", stdin="")
    assert result.exit_code == 0
    assert "Game abandoned" in result.stdout and "Traceback" not in result.output
    assert not save.exists()


def test_play_quitting_mid_match_saves_the_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    result = run("play", "dobon", "--seed", "1", "--save", str(save), "--lang", "en", stdin="1\n1\nquit\n")
    assert result.exit_code == 0 and "Game abandoned" in result.stdout and f"Record saved: {save}" in result.stdout
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["result"] is None and any(seat == 0 for seat, _ in record["actions"][0]), "the person's moves"
    assert run("replay", str(save)).exit_code == 3  # replays, unfinished


def test_play_ctrl_c_quits_with_status_130(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(Quit) as leaving:
        run_play("dobon", None, 1, 2, "rule", tmp_path / "r.json", Lang.en, read=interrupted)
    assert leaving.value.code == 130
    assert "Your choices:" in capsys.readouterr().out
    assert not (tmp_path / "r.json").exists()


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize(("option", "name"), [("decks=zero", "decks"), ("nosuch=1", "nosuch"),
                                              ("games", "games"), ("first_dealer=9", "first_dealer")])
def test_bad_option_exits_2_naming_it(command: str, option: str, name: str) -> None:
    result = run(command, "dobon", "-o", option, "--lang", "en", stdin="")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"'{name}'" in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["play", "sim", "rules"])
def test_unknown_game_exits_2(command: str) -> None:
    result = run(command, "chess", "--lang", "en", stdin="")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr and "dobon" in result.stderr


@pytest.mark.parametrize("players", ["1", "17"])
def test_bad_player_count_exits_2(players: str) -> None:
    for command in ("play", "sim"):
        result = run(command, "dobon", "--players", players, "--lang", "ja", stdin="")
        assert result.exit_code == 2
        assert f"2～16 人です（指定：{players}" in result.stderr


def test_unknown_bot_exits_2() -> None:
    result = run("sim", "dobon", "--bots", "nobody", "--lang", "en")
    assert result.exit_code == 2 and "nobody" in result.stderr


# -- i18n --------------------------------------------------------------------------------------


def test_catalogs_have_the_same_keys_and_fields() -> None:
    english, japanese = catalog("en"), catalog("ja")
    assert set(english) == set(japanese)
    fields = re.compile(r"\{(\w+)")
    for key, text in english.items():
        assert set(fields.findall(text)) == set(fields.findall(japanese[key])), key


def test_every_literal_key_used_by_the_cli_and_narration_exists() -> None:
    used = set()
    for path in [*CLI_SOURCES.glob("*.py"), *NARRATE_SOURCES.glob("*.py")]:
        used |= set(re.findall(r"\bt(?:_or)?\(\"([a-z_.]+)\"", path.read_text(encoding="utf-8")))
    assert used, "no keys found: has the call style changed?"
    assert used <= set(catalog("en"))


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LC_MESSAGES": "ja_JP", "LANG": "C"}, "ja"),
    ({}, "en"),
])
def test_language_from_the_locale(env: dict[str, str], lang: str) -> None:
    assert detect_language(env) == lang


def test_play_cuts_a_long_list_of_choices_and_all_shows_it(tmp_path: Path) -> None:
    # Doubt, seed 1, two players on two decks with jokers: the person starts with 42 possible plays.
    result = run("play", "doubt", "--seed", "1", "--players", "2", "-o", "decks=2", "-o", "jokers=2", "--lang", "en",
                 "--save", str(tmp_path / "r.json"), stdin="all\nquit\n")
    lines = result.stdout.splitlines()
    numbered = [line for line in lines if re.match(r"^ +\d+\) ", line)]
    cut = [line for line in lines if "more: type the move itself" in line]
    assert len(cut) == 1 and numbered[39].lstrip().startswith("40)")
    hidden = int(re.search(r"and (\d+) more", cut[0]).group(1))  # type: ignore[union-attr]
    assert len(numbered) == 40 + 40 + hidden  # the cut list, then every choice after `all`


def test_play_takes_several_actions_on_one_line_separated_by_commas(tmp_path: Path) -> None:
    # Million Doubt lays a play card by card: "show S3, play" is one line for two steps.
    game = get_game("million-doubt")
    first = game.new(players=2, seed=1, options={"first_leader": 0}).hands[0][0]
    save = tmp_path / "r.json"
    result = run("play", "million-doubt", "--seed", "1", "--players", "2", "-o", "first_leader=0", "--lang", "en",
                 "--save", str(save), stdin=f"show {first}, play\nquit\n")
    assert result.exit_code == 0, result.output
    moves = json.loads(save.read_text(encoding="utf-8"))["actions"][0]
    assert moves[:2] == [[0, f"show {first}"], [0, "play"]]


@pytest.mark.parametrize("game_id", game_ids())
def test_play_shows_the_house_rules_in_force_marking_those_set(game_id: str) -> None:
    spec = get_game(game_id).options[-1]  # max_steps in every game
    result = run("play", game_id, "--seed", "1", "--lang", "en", "-o", f"{spec.name}=777", stdin="quit\n")
    line = next(x for x in result.stdout.splitlines() if x.startswith("House rules"))
    assert f"{spec.name}=777*" in line
    assert all(f"{s.name}=" in line for s in get_game(game_id).options)


def test_play_explains_two_actions_written_as_one() -> None:
    result = run("play", "million-doubt", "--seed", "1", "--players", "2", "-o", "first_leader=0", "--lang", "en",
                 stdin="play *1 hide C3\nquit\n")
    assert "is more than one action: 'play *1', then 'hide C3'" in result.stdout
    assert "on one line separated by commas" in result.stdout


def test_play_in_japanese_gives_the_reason_for_unreadable_input_without_english_words() -> None:
    result = run("play", "doubt", "--seed", "1", "--lang", "ja", stdin="fly away\nquit\n")
    line = next(x for x in result.stdout.splitlines() if x.startswith("解釈できません"))
    assert "'fly away' はこのゲームの行動ではありません" in line and "play CARD, add CARD, doubt, pass" in line
    assert "action" not in line and " or " not in line
    english = run("play", "doubt", "--seed", "1", "--lang", "en", stdin="fly away\nquit\n").stdout
    assert "Not understood: not a Doubt action: 'fly away'" in english


@pytest.mark.parametrize("seconds", ["-1", "nan", "inf", "1e308", "3601"])
def test_play_refuses_a_reaction_window_that_is_not_a_sane_number_of_seconds(seconds: str) -> None:
    result = run("play", "dobon", "--seed", "1", "--lang", "en", "--reaction", seconds, stdin="quit\n")
    assert result.exit_code == 2 and "--reaction must be from 0 to 3600 seconds" in result.stderr
