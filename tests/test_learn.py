"""``kakehiki learn``: every game's guided first game, in English and Japanese, to the hand-over."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kakehiki.cli.main import build_app
from kakehiki.learn import LEARNER, learnable, load_lesson
from kakehiki.learn.lesson import WORDS, attach
from kakehiki.registry import game_ids, get_game
from kakehiki.table import Table

APP = build_app()
NO_LOCALE = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "LANGUAGE": None}


def learn(*args: str, stdin: str) -> Result:
    return CliRunner().invoke(APP, ["learn", *args], input=stdin, env=NO_LOCALE)


def test_every_game_has_a_guide() -> None:
    assert learnable() == game_ids()


@pytest.mark.parametrize("game_id", game_ids())
def test_the_script_plays_on_a_table_as_written(game_id: str) -> None:
    """Each move the guide points at is legal when asked for, and the bots answer as scripted."""
    lesson = load_lesson(game_id)
    game = get_game(game_id)
    state, _ = lesson.start()
    bots = lesson.bots()
    table = Table(game, state, lesson.clocks(), bots=dict(bots), seed=5, fallback_bot="easy")
    attach(bots, lambda: len(table.actions))
    answered = -1
    for ask in lesson.asks:
        for _ in range(50):  # each poll asks the bots about the latest change
            if LEARNER in game.actors(table.state) and table.seq != answered:
                break
            table.poll()
        assert table.seq == ask.at, f"{game_id}: asked at {table.seq}, the guide says {ask.at}"
        moves = {game.move_text(m) for m in game.legal_moves(table.state, LEARNER)}
        assert ask.move in moves
        assert table.submit(LEARNER, ask.move, at=table.seq).kind == "accepted"
        answered = ask.at
    table.poll()
    assert table.seq >= lesson.end
    for ask in lesson.asks:
        assert ask.why["en"] and ask.why["ja"] and ask.why["en"] != ask.why["ja"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_learn_in_the_terminal_to_the_hand_over(game_id: str, lang: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a real game after a guide that ended its game saves its record here
    lesson = load_lesson(game_id)
    game = get_game(game_id)
    assert lesson.asks[0].at == 0
    wrong = next(text for move in game.legal_moves(lesson.start()[0], LEARNER)
                 if (text := game.move_text(move)) != lesson.asks[0].move)
    typed = [wrong, *(ask.move for ask in lesson.asks)]
    result = learn(game_id, "--lang", lang, stdin="\n".join(typed) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert lesson.word("intro", lang) in out
    for n, ask in enumerate(lesson.asks, start=1):
        assert ask.hint(lang) in out
        assert lesson.word("step", lang, n=n, of=len(lesson.asks)) in out
    assert lesson.word("other_move", lang, move=lesson.asks[0].move) in out
    assert lesson.word("handover", lang) in out or lesson.word("handover_over", lang) in out
    if lang == "ja":
        assert WORDS["handover"]["en"] not in out and "Your choice" not in out
