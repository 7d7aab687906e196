"""``kakehiki play`` driven through a pseudo-terminal (issue 14 item 4): every game in both
languages, and Dobon's real-time window, a call made within the countdown and one let pass."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from kakehiki.registry import game_ids

if TYPE_CHECKING:
    from pexpect import spawn as Child

pexpect = pytest.importorskip("pexpect")

SRC = Path(__file__).resolve().parents[1] / "src"
PROMPT = {"en": "Your choice> ", "ja": "選択> "}
SAVED = {"en": "Record saved: ", "ja": "記録を保存しました："}
BOT_LINE = r"\r\n(Seat [1-9] \(normal\)|席[1-9]（normal）)[^\r\n]*"
COUNTDOWN = r"Call within \d+ s, or let it pass> "
TIMEOUT = 20


def spawn(*args: str, cwd: Path) -> Child:
    env = {**os.environ, "PYTHONPATH": str(SRC), "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    return pexpect.spawn(sys.executable, ["-m", "kakehiki.cli.main", "play", "--plain", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 200))


def saved_record(child: Child, lang: str, path: Path) -> dict[str, object]:
    child.expect_exact(SAVED[lang])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return record


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_in_a_terminal(game_id: str, lang: str, tmp_path: Path) -> None:
    """Start, make a move by number, see a bot's move narrated, quit: the record is saved."""
    save = tmp_path / "r.json"
    child = spawn(game_id, "--seed", "3", "--lang", lang, "--reaction", "0", "--save", str(save), cwd=tmp_path)
    child.expect_exact(PROMPT[lang])
    for _ in range(6):  # a turn may take several of the person's moves (Dhumbal: discard, then draw)
        child.sendline("1")
        if child.expect([BOT_LINE, re.escape(PROMPT[lang])]) == 0:
            break
    else:
        pytest.fail("no bot's move was narrated")
    child.expect_exact(PROMPT[lang])
    child.sendline("quit")
    record = saved_record(child, lang, save)
    assert record["game"] == game_id and record["result"] is None
    moves = [move for game in record["actions"] for move in game]  # type: ignore[attr-defined]
    assert moves and moves[0] and any(seat == 0 for seat, _ in moves) and any(seat != 0 for seat, _ in moves)


# Dobon, seed 50, three seats: the person's first chances out of turn pass, then a Dobon (on
# a bot's card) is offered out of turn, which nobody ahead of the person claims.
DOBON = ("dobon", "--seed", "50", "--players", "3", "--lang", "en", "--reaction", "1")


def test_a_window_let_pass_declines_and_play_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    child = spawn(*DOBON, "--save", str(save), cwd=tmp_path)
    while child.expect([COUNTDOWN, re.escape(PROMPT["en"])]) == 1:
        child.sendline("1")  # the person's own turn
    child.expect_exact("Time's up: you let it pass.")
    child.expect([BOT_LINE, "Seat 0 \\(you\\) passes"])
    child.sendline("quit")
    record = saved_record(child, "en", save)
    assert record["result"] is None


def test_an_out_of_turn_dobon_called_within_the_countdown(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    child = spawn(*DOBON, "--save", str(save), cwd=tmp_path)
    called = None
    for _ in range(20):
        if child.expect([COUNTDOWN, re.escape(PROMPT["en"])]) == 1:
            child.sendline("1")
            continue
        choice = re.search(r"^ +(\d+)\) (dobon top=\w+)\r?$", child.before, re.MULTILINE)
        if choice is None:
            child.expect_exact("Time's up: you let it pass.")
            continue
        child.sendline(choice.group(1))
        called = choice.group(2)
        break
    assert called is not None, "no Dobon was offered out of turn"
    child.expect(r"DOBON! Seat 0 \(you\) calls on")
    if child.expect([re.escape(PROMPT["en"]), COUNTDOWN, "Result:"]) < 2:
        child.sendline("quit")
    record = saved_record(child, "en", save)
    moves = [move for game in record["actions"] for move in game]  # type: ignore[attr-defined]
    assert [0, called] in moves


def moves_of(record: dict[str, object]) -> list[list[object]]:
    return [move for game in record["actions"] for move in game]  # type: ignore[attr-defined]


def test_a_number_typed_ahead_answers_the_choices_on_screen_and_is_too_late_for_the_next(tmp_path: Path) -> None:
    """Doubt, seed 3: "1" typed twice at once at the person's turn plays the first card; the
    second "1" was typed before the next choices showed, so it is too late for that play, and
    the doubt numbered 1 in the next choices is not made."""
    save = tmp_path / "r.json"
    child = spawn("doubt", "--seed", "3", "--lang", "en", "--reaction", "0", "--save", str(save), cwd=tmp_path)
    child.expect_exact(PROMPT["en"])
    child.send("1\n1\n")
    child.expect_exact("Too late for play S2: the table has moved on since the choices it answered")
    child.expect_exact("   1) doubt")
    child.expect_exact(PROMPT["en"])
    child.sendline("quit")
    record = saved_record(child, "en", save)
    assert [0, "doubt"] not in moves_of(record) and moves_of(record).count([0, "play S2"]) == 1


def test_a_doubt_typed_after_its_window_closed_is_too_late_and_changes_nothing(tmp_path: Path) -> None:
    """Doubt, seed 3, a one-second window: the terminal is held up (stopped) past the window's
    end while the person types doubt; the window closes first and the doubt is too late."""
    save = tmp_path / "r.json"
    child = spawn("doubt", "--seed", "3", "--lang", "en", "--reaction", "1", "--save", str(save), cwd=tmp_path)
    child.expect_exact(PROMPT["en"])
    child.sendline("1")
    child.expect(COUNTDOWN)
    child.kill(signal.SIGSTOP)
    time.sleep(1.5)
    child.sendline("doubt")
    child.kill(signal.SIGCONT)
    child.expect_exact("Time's up: you let it pass.")
    child.expect_exact("Too late for doubt: ")
    child.sendline("quit")
    record = saved_record(child, "en", save)
    assert [0, "doubt"] not in moves_of(record)
