"""``kakehiki replay --show [--seat N]``: a saved game watched as one seat saw it, never more.

Each game is simulated and saved by ``kakehiki sim --save``, then watched through the command
line (piped: everything at once) and through a pseudo-terminal (Enter steps, ``q`` stops).
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from kakehiki.cards import Card
from kakehiki.cli.main import build_app
from kakehiki.record import initial_state, load_record, replay, save_record
from kakehiki.registry import game_ids

APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC](?:10|[2-9AJQK])|JK)(?![A-Za-z0-9])")
SRC = Path(__file__).resolve().parents[1] / "src"


def cli(*args: str) -> Result:
    return CliRunner().invoke(APP, list(args), env=NO_LOCALE)


def saved_game(game_id: str, folder: Path) -> Path:
    """One game of bots, from ``kakehiki sim --save``."""
    result = cli("sim", game_id, "--games", "1", "--seed", "7", "--save", str(folder))
    assert result.exit_code == 0, result.output
    return folder / f"{game_id}-000001.json"


def halfway(path: Path) -> Path:
    """The record cut halfway through its first game, at most 60 moves in (before the hands are
    shown at its end, or picked-up piles have shown most cards)."""
    record = load_record(path)
    moves = record["actions"][0]
    cut = path.with_name("halfway.json")
    save_record(cut, {**record, "actions": [moves[:min(len(moves) // 2, 60)]], "result": None})
    return cut


def cards_in(value: Any) -> Iterator[str]:
    """Every card named anywhere in a view or an event."""
    if isinstance(value, Card):
        yield str(value)
    elif isinstance(value, str):
        yield from CARD.findall(value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item)


def hidden_from(path: Path, viewer: int | None) -> set[str]:
    """The cards of the game that ``viewer`` never saw: in no view of its and no event as it saw it."""
    record = load_record(path)
    game, initial = initial_state(record)
    seats = range(len(record["seats"]))
    everything = {c for s in seats for c in cards_in(game.view(initial, s))}
    seen = set(cards_in(game.view(initial, viewer)))

    def watch(seat: int | None, text: str, state: Any, events: tuple[Any, ...]) -> None:
        everything.update(c for s in seats for c in cards_in(game.view(state, s)))
        everything.update(cards_in(list(events)))
        seen.update(cards_in(game.view(state, viewer)))
        seen.update(cards_in([e.seen_by(viewer) for e in events]))

    replay(record, watch)
    return everything - seen


@pytest.mark.parametrize("viewer", [1, None])
@pytest.mark.parametrize("game_id", game_ids())
def test_watching_a_saved_game_shows_no_card_hidden_from_the_viewer(
    game_id: str, viewer: int | None, tmp_path: Path
) -> None:
    path = halfway(saved_game(game_id, tmp_path))
    hidden = hidden_from(path, viewer)
    assert hidden, "the game kept some cards from the viewer (else this test proves nothing)"
    seat = [] if viewer is None else ["--seat", str(viewer)]
    shown = cli("replay", str(path), "--show", *seat, "--lang", "en")
    assert shown.exit_code == 3, shown.output  # unfinished
    assert "replayed without error" in shown.stdout
    assert set(CARD.findall(shown.stdout)) & hidden == set()
    others = r"Seat [^1] \(\w+\): " if viewer == 1 else r"Seat \d \(\w+\): "
    assert not re.search(f"^{others}", shown.stdout, re.MULTILINE), "no other seat's action text"


@pytest.mark.parametrize("game_id", game_ids())
def test_watching_as_a_seat_starts_with_its_deal_and_hand(game_id: str, tmp_path: Path) -> None:
    path = saved_game(game_id, tmp_path)
    game, initial = initial_state(load_record(path))
    hand = " ".join(map(str, game.view(initial, 1).hand))
    shown = cli("replay", str(path), "--show", "--seat", "1", "--lang", "en").stdout
    own_move = re.search(r"^Seat 1 \(\w+\): ", shown, re.MULTILINE)
    assert own_move is not None, shown
    before = shown[:own_move.start()]
    dealt = re.search(rf"^Seat 1 \(\w+\) is dealt \d+ cards: {hand}\.", before, re.MULTILINE)
    assert dealt is not None and before.count("\n", 0, dealt.start()) < 8, "the deal comes first"
    assert f"\nYour hand: {hand}" in before[dealt.end():]


def test_watching_in_a_terminal_steps_on_enter_and_q_stops(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    path = saved_game("doubt", tmp_path)
    env = {**os.environ, "PYTHONPATH": str(SRC), "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    child = pexpect.spawn(sys.executable, ["-m", "kakehiki.cli.main", "replay", str(path), "--show", "--plain",
                                           "--seat", "0", "--lang", "en"], env=env, encoding="utf-8", timeout=20)
    child.expect_exact("Your hand: ")
    child.expect_exact("Enter: next move, q: stop watching> ")
    assert "puts down" not in child.before, "the first step is the deal alone"
    child.sendline("")
    child.expect("puts down 1 card")
    child.expect_exact("Enter: next move, q: stop watching> ")
    child.sendline("q")
    child.expect_exact("replayed without error")
    assert "puts down" not in child.before, "nothing more is shown once stopped"
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
