"""``kakehiki play`` as a player reads it, with piped input: the moves come before the state they
led to, the choices are numbered by one rule in every game (calls first, ``pass`` after them),
and the reaction window is announced only where the game has calls out of turn."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kakehiki.cli.main import build_app
from kakehiki.narrate import narrator_for
from kakehiki.registry import game_ids, get_game

APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
ANNOUNCED = ("Calls out of turn: ", "Every chance to call waits for your answer")


def play(game_id: str, *args: str, stdin: str, save: Path) -> Result:
    return CliRunner().invoke(APP, ["play", game_id, "--lang", "en", "--save", str(save), *args], input=stdin,
                              env=NO_LOCALE)


def choice_lists(transcript: str) -> list[list[str]]:
    """Every list of numbered choices shown, as its actions in order."""
    blocks = transcript.split("Your choices:\n")[1:]
    return [re.findall(r"^ +\d+\) (.+)$", block.split("Your choice>")[0], re.MULTILINE) for block in blocks]


def test_the_bots_moves_come_before_the_state_they_led_to(tmp_path: Path) -> None:
    # Dobon with arithmetic, seed 40, three seats: the bots play the whole game before seat 0 is
    # asked whether it answers seat 2's Dobon (it cannot, and lets it stand).
    shown = play("dobon-arith", "--players", "3", "--seed", "40", "--reaction", "3", stdin="1\n",
                 save=tmp_path / "r.json").stdout
    assert "Your hand cannot make this value: pass to let the call stand." in shown
    last_move = shown.index("Seat 1 (normal) plays S3.")
    assert shown.index("Seat 1 (normal) plays C10.") < last_move < shown.index("DOBON! Seat 2 (normal) calls on S3")
    assert "Your hand:" not in shown[:shown.index("Seat 1 (normal) plays C10.")], "no state before the first move"
    assert "Field: S3" not in shown[:last_move], "no state is shown before the moves that led to it"
    assert shown.index("DOBON!") < shown.index("Result:") < shown.index("Record saved")


@pytest.mark.parametrize(("game_id", "first"), [("doubt", "1"), ("million-doubt", "pass")])
def test_a_doubt_window_lists_the_doubt_first_and_pass_second(game_id: str, first: str, tmp_path: Path) -> None:
    shown = play(game_id, "--seed", "3", stdin=f"{first}\n" + "pass\n" * 30 + "quit\n", save=tmp_path / "r.json").stdout
    windows = [listed for listed in choice_lists(shown) if "doubt" in listed]
    assert windows, shown
    assert windows[0] == ["doubt", "pass"]


@pytest.mark.parametrize("game_id", game_ids())
def test_pass_is_listed_after_every_move_and_call(game_id: str, tmp_path: Path) -> None:
    shown = play(game_id, "--seed", "3", stdin="pass\n1\n" * 25 + "quit\n", save=tmp_path / "r.json").stdout
    lists = choice_lists(shown)
    assert lists, shown
    for listed in lists:
        if "pass" in listed:
            rest = listed[listed.index("pass") + 1:]
            assert all(action.startswith("dobon") for action in rest), listed  # only a self-Dobon follows


@pytest.mark.parametrize(("game_id", "options", "announced"), [
    ("dhumbal", [], False),
    ("million-doubt", ["-o", "face_down=false"], False),
    ("million-doubt", [], True),
    ("doubt", [], True),
    ("dobon", [], True),
    ("dobon-arith", [], True),
])
def test_the_reaction_window_is_announced_only_where_calls_out_of_turn_exist(
    game_id: str, options: list[str], announced: bool, tmp_path: Path
) -> None:
    for reaction in ("3", "0"):
        shown = play(game_id, *options, "--seed", "3", "--reaction", reaction, stdin="quit\n",
                     save=tmp_path / "r.json").stdout
        assert any(words in shown for words in ANNOUNCED) == announced, shown[:600]
    if announced:
        assert "Calls out of turn: 3 s whenever you may call" in play(
            game_id, *options, "--seed", "3", "--reaction", "3", stdin="quit\n", save=tmp_path / "r.json").stdout


@pytest.mark.parametrize(("game_id", "options"), [
    (game_id, {}) for game_id in game_ids()] + [("million-doubt", {"face_down": False})])
def test_each_narrators_word_on_calls_out_of_turn_matches_the_game(game_id: str, options: dict[str, object]) -> None:
    """Random games of three seats: a seat other than the turn seat is offered a move exactly
    where the game's narrator says the game has calls out of turn."""
    game = get_game(game_id)
    seen = False
    for seed in range(12):
        state, rng = game.new(players=3, seed=seed, options=options), random.Random(seed)
        for _ in range(300):
            if game.result(state) is not None:
                break
            actors = game.actors(state)
            seen = seen or any(seat != game.turn_seat(state) for seat in actors)
            seat = actors[0]
            state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    header = game.record_header(game.new(players=3, options=options))
    assert narrator_for(game_id, "en", 0).calls_out_of_turn(header["options"]) == seen
