"""Narration: per call in a given language, shared by every front end, and layered under the command line."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from kakehiki import get_game, i18n
from kakehiki.core import Event, Game
from kakehiki.narrate import Narrator, PlainNarrator, narrator_for
from kakehiki.registry import game_ids

SRC = Path(__file__).resolve().parents[1] / "src" / "kakehiki"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
STEPS = 250


def short_game(game: Game[Any, Any], seed: int) -> list[tuple[Any, Any, tuple[Event, ...]]]:
    """Up to :data:`STEPS` random moves: (state before, state after, events) for each."""
    rng = random.Random(seed)
    state, opening = game.start(game.default_players, {}, seed=seed)
    moves = [(state, state, opening)]
    for _ in range(STEPS):
        if game.result(state) is not None:
            break
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        before = state
        state, events = game.apply(state, seat, legal[rng.randrange(len(legal))])
        moves.append((before, state, events))
    return moves


def narrate(narrator: Narrator, game: Game[Any, Any], state: Any, events: tuple[Event, ...],
            labels: list[str]) -> list[str | None]:
    seat = narrator.viewer
    lines: list[str | None] = []
    for event in events:
        seen = event.seen_by(seat)
        lines.append(None if seen is None else narrator.event(seen, labels))
    lines.extend(narrator.view(game.view(state, seat), labels))
    if seat is not None and seat in game.actors(state):
        lines.append(narrator.prompt(game.view(state, seat), game.legal_actions(state, seat)))
    return lines


@pytest.mark.parametrize("game_id", game_ids())
def test_an_english_and_a_japanese_table_narrate_the_same_game_interleaved(game_id: str) -> None:
    # One process, two narrators in two languages, called turn about on the same events: each
    # says exactly what it says alone, English never shows Japanese and Japanese is Japanese.
    game = get_game(game_id)
    moves = short_game(game, seed=7)
    labels = [f"P{s}" for s in range(game.players(moves[0][1]))]
    english, japanese = narrator_for(game_id, "en", 0), narrator_for(game_id, "ja", 0)
    assert not isinstance(english, PlainNarrator)
    interleaved: dict[str, list[str | None]] = {"en": [], "ja": []}
    for _, after, events in moves:
        for narrator in (english, japanese) if len(interleaved["en"]) % 2 else (japanese, english):
            interleaved[narrator.lang].extend(narrate(narrator, game, after, events, labels))
    for lang in ("en", "ja"):
        alone = narrator_for(game_id, lang, 0)
        assert interleaved[lang] == [line for _, after, events in moves
                                     for line in narrate(alone, game, after, events, labels)]
    english_lines = [line for line in interleaved["en"] if line]
    japanese_lines = [line for line in interleaved["ja"] if line]
    assert english_lines and not any(JAPANESE.search(line) for line in english_lines)
    assert sum(bool(JAPANESE.search(line)) for line in japanese_lines) > len(japanese_lines) * 0.9
    assert english.result is not None and japanese.lang == "ja"


def test_a_narrator_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        narrator_for("dobon", "fr", 0)


def test_the_catalog_has_no_current_language() -> None:
    # The language is an argument of every call: nothing in i18n or narrate keeps one.
    assert not hasattr(i18n, "set_language") and not hasattr(i18n, "language")
    assert i18n.t("result.nobody", lang="ja") != i18n.t("result.nobody", lang="en")
    with pytest.raises(TypeError):
        i18n.t("result.nobody")  # type: ignore[call-arg]


def imports_of(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


def test_narration_depends_on_the_core_and_the_command_line_on_narration() -> None:
    for path in (SRC / "narrate").glob("*.py"):
        assert not {m for m in imports_of(path) if m.startswith("kakehiki.cli")}, path.name
        assert "kakehiki.cli" not in path.read_text(encoding="utf-8"), path.name
    below = [*SRC.glob("*.py"), *(SRC / "games").rglob("*.py"), *(SRC / "bots").rglob("*.py")]
    for path in below:
        assert not {m for m in imports_of(path) if m.startswith(("kakehiki.narrate", "kakehiki.cli"))}, path
    assert not list((SRC / "cli").glob("render*.py")), "narration lives in kakehiki.narrate"
