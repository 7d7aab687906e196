"""Narration: per call in a given language, shared by every front end, and layered under the command line."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from kakehiki import get_game, i18n, parse_cards
from kakehiki.core import Event, Game
from kakehiki.errors import IllegalActionError, KakehikiError
from kakehiki.narrate import Narrator, PlainNarrator, narrator_for, rule_key
from kakehiki.registry import game_ids
from rulecites import rule_values

SRC = Path(__file__).resolve().parents[1] / "src" / "kakehiki"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
STEPS = 250


def short_game(game: Game[Any, Any, Any], seed: int) -> list[tuple[Any, Any, tuple[Event, ...]]]:
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


def narrate(narrator: Narrator, game: Game[Any, Any, Any], state: Any, events: tuple[Event, ...],
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
    narrators = [*(SRC / "narrate").glob("*.py"), *(SRC / "games").glob("*/narrate.py")]
    for path in narrators:
        assert not {m for m in imports_of(path) if m.startswith("kakehiki.cli")}, path.name
        assert "kakehiki.cli" not in path.read_text(encoding="utf-8"), path.name
    core = [p for p in SRC.glob("*.py") if p.name != "__main__.py"]  # ``python -m kakehiki`` is the command line
    games = [p for p in (SRC / "games").rglob("*.py") if p not in narrators]  # a game's rules, bots, encoder
    below = [*core, *games, *(SRC / "bots").rglob("*.py")]
    for path in below:
        assert not {m for m in imports_of(path) if m.startswith(("kakehiki.narrate", "kakehiki.cli"))}, path
    assert not list((SRC / "cli").glob("render*.py")), "narration lives in kakehiki.narrate"


# -- refusals ------------------------------------------------------------------------------------

CARD = re.compile(r"^(?:[SHDC](?:A|[2-9]|10|J|Q|K)|JK)$")
ASCII_WORD = re.compile(r"[A-Za-z0-9_=*+\-]*[A-Za-z][A-Za-z0-9_=*+\-]*")


def raised_rules(path: Path) -> set[str]:
    """The ruling ids ``path`` can give ``IllegalActionError``: string literals, names assigned in the
    module and functions returning literals are followed; anything else fails the test."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    values = rule_values(path, tree)

    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalActionError":
            found |= values(node.args[0])
    return found


def game_of(path: Path) -> str | None:
    """The game id a source file belongs to (``None``: the core)."""
    parts = path.relative_to(SRC).parts
    return parts[1].replace("_", "-") if parts[0] == "games" and len(parts) > 2 else None


def test_every_rule_the_games_refuse_with_is_explained_in_both_languages() -> None:
    raised: dict[str | None, set[str]] = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).parts
        if parts[0] in ("narrate", "cli") or (parts[0] == "games" and parts[1].startswith("_")):
            continue  # the template's texts are its own, not in the catalog (tests/test_template_game.py)
        raised.setdefault(game_of(path), set()).update(raised_rules(path))
    everywhere = set().union(*raised.values())
    assert {"C2", "J1", "JDA-5", "A2", "D3", "B7", "M4", "M10"} <= everywhere  # the scan still finds them
    for game_id, rules in raised.items():
        for rule in rules:
            key = rule_key(rule, game_id)
            assert key is not None, f"{game_id or 'core'}: no explanation of {rule}"
            for lang in i18n.LANGUAGES:
                assert i18n.catalog(lang)[key].strip(), (lang, key)


def refusals(game_id: str, seed: int) -> list[tuple[IllegalActionError, Any, int, Any]]:
    """Real refusals met in a random game: every seat trying the moves other seats (or it, earlier) had."""
    game = get_game(game_id)
    tried: set[str] = {"pass", "draw", "doubt", "show", "done", "delay"}
    found, met = [], set()
    for before, _, _ in short_game(game, seed):
        for seat in range(game.players(before)):
            tried.update(str(a) for a in game.legal_actions(before, seat)[:30])
        for seat in range(game.players(before)):
            for text in sorted(tried):
                try:
                    action = game.parse_action(text)
                    game.check(before, seat, action)
                except IllegalActionError as exc:
                    if (exc.rule, exc.detail) not in met:
                        met.add((exc.rule, exc.detail))
                        found.append((exc, before, seat, action))
                except KakehikiError:
                    pass
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_a_japanese_refusal_is_japanese_and_an_english_one_keeps_its_detail(game_id: str) -> None:
    japanese, english = narrator_for(game_id, "ja", 0), narrator_for(game_id, "en", 0)
    seen_rules = set()
    for exc, *_ in refusals(game_id, seed=3):
        seen_rules.add(exc.rule)
        ja = japanese.refusal(exc)
        words = set(ASCII_WORD.findall(ja)) - {exc.rule}
        assert all(CARD.match(w) for w in words), ja
        assert JAPANESE.search(ja) and exc.detail not in ja
        en = english.refusal(exc)
        assert exc.detail in en and exc.rule in en and not JAPANESE.search(en)
    assert len(seen_rules) >= 3, seen_rules


def test_every_japanese_rule_explanation_is_free_of_english() -> None:
    for key, text in i18n.catalog("ja").items():
        if ".rule." in key or key.startswith("rule."):
            words = set(ASCII_WORD.findall(text))
            assert all(CARD.match(w) for w in words), (key, text)


def test_the_terminal_refuses_in_japanese_without_english_detail(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kakehiki.cli.main import build_app

    script = "play SA\nplay SK\nquit\n"  # seat 0 holds SK HK D5 CJ, out of turn on SJ
    result = CliRunner().invoke(build_app(), ["play", "dobon", "--seed", "1", "--lang", "ja", "--save",
                                              str(tmp_path / "r.json")], input=script, env={"LANG": "C.UTF-8"})
    refused = [line for line in result.stdout.splitlines() if "その行動はできません" in line]
    assert [line.split("（ルール ")[1][:3] for line in refused] == ["C6）", "J5）"], result.stdout
    assert not any(ASCII_WORD.findall(line.split("）", 1)[1]) for line in refused)
    assert "does not hold" not in result.stdout and "out of turn" not in result.stdout


# -- one Japanese style --------------------------------------------------------------------------

JA_CATALOGS = [SRC / "i18n" / "ja.json", *sorted(SRC.glob("games/[!_]*/text/messages_ja.json"))]
JA_RULES = sorted(SRC.glob("games/[!_]*/text/rules_ja.md"))
LESSONS = sorted(SRC.glob("games/[!_]*/text/lesson.json"))
STYLE = {  # word to avoid: the word used instead
    "スート": "マーク",  # the usual Japanese word for a playing card's suit
    "〜": "～",  # one range sign (U+FF5E), as in 2～4 枚
    "あなたの番": "あなたの手番",
}


def japanese_texts() -> list[tuple[str, str]]:
    """(where, text) for every Japanese message and every line of the Japanese rules, code spans removed."""
    texts = [(f"{path.parent.name}/{path.name}:{key}", value)
             for path in JA_CATALOGS for key, value in json.loads(path.read_text(encoding="utf-8")).items()]
    for path in LESSONS:  # the guided games' words
        guide = json.loads(path.read_text(encoding="utf-8"))
        texts += [(f"learn/{path.name}:{n}", ask["why"]["ja"]) for n, ask in enumerate(guide["asks"], start=1)]
        texts += [(f"learn/{path.name}:{key}", words["ja"]) for key, words in guide["words"].items()]
    for path in JA_RULES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            texts.append((f"{path.parent.name}/{path.name}:{number}", re.sub(r"`[^`]*`", "", line)))
    return texts


def test_one_japanese_style_across_the_games() -> None:
    assert len(JA_CATALOGS) == len(JA_RULES) + 1 == len(LESSONS) + 1 == len(game_ids()) + 1  # every game's texts read
    for where, text in japanese_texts():
        for avoided, used in STYLE.items():
            assert avoided not in text, f"{where}: {avoided} (write {used})"
        if JAPANESE.search(text):  # full-width brackets and colons in Japanese prose
            assert not re.search(r"[():]", text), f"{where}: ASCII ( ) or : in Japanese text: {text}"
        if ".json:" in where and ":help." not in where:
            assert "カード" not in text, f"{where}: カード (write 札, as in 手札, 場札)"


def test_no_empty_lists_or_ranges_of_one_in_sentences() -> None:
    # A Million Doubt penalty that discards nothing says so without "- は除外"; Doubt's one-card play
    # is "1 枚", not "1～1 枚".
    from kakehiki.games.million_doubt.rules import events as md

    penalty = md.Penalty(giver=0, receiver=1, cards=parse_cards("S3 H4"), discarded=())
    for lang in i18n.LANGUAGES:
        line = narrator_for("million-doubt", lang, 0).event(penalty, ["A", "B"])
        assert line is not None and "S3 H4" in line and " - " not in line and "- " not in line
    game = get_game("doubt")
    state, _ = game.start(3, {}, seed=1)
    seat = game.actors(state)[0]
    for lang, unwanted in (("en", "1 to 1"), ("ja", "1～1")):
        prompt = narrator_for("doubt", lang, seat).prompt(game.view(state, seat), game.legal_actions(state, seat))
        assert unwanted not in prompt and "1" in prompt


def test_a_narrator_handed_raw_events_still_says_nothing_hidden() -> None:
    from kakehiki.core import Dealt, Declined
    from kakehiki.games.doubt.rules.events import Added

    for game_id in ("dobon", "doubt"):
        narrator = narrator_for(game_id, "en", 0)
        assert narrator.event(Declined(2), ["a", "b", "c"]) is None, "another seat's decline is its own"
    assert narrator_for("doubt", "en", 1).event(Added(0, parse_cards("S4")[0]), ["a", "b"]) is None
    line = narrator_for("dobon", "en", 1).event(Dealt(0, tuple(parse_cards("S4 H5")), 2), ["a", "b"])
    assert line is not None and "S4" not in line, "another seat's dealt cards are never named"


def test_B5_only_doubted_play_shown_in_narration() -> None:
    # Seat 1 takes SA and H3; H3 was the doubted play.  The taker reads both cards; the others
    # the count; with show_pile everyone reads the cards.
    from kakehiki.games.doubt.rules.events import PileTaken

    taken = PileTaken(1, tuple(parse_cards("SA H3")), "lie", 2, tuple(parse_cards("H3")), face_up=False)
    for lang in i18n.LANGUAGES:
        own = narrator_for("doubt", lang, 1).event(taken, ["a", "b", "c"])
        assert own is not None and "SA H3" in own
        for viewer in (0, 2, None):
            line = narrator_for("doubt", lang, viewer).event(taken, ["a", "b", "c"])
            assert line is not None and "SA" not in line and "2" in line
        face_up = PileTaken(1, taken.cards, "lie", 2, taken.shown, face_up=True)
        line = narrator_for("doubt", lang, 0).event(face_up, ["a", "b", "c"])
        assert line is not None and "SA H3" in line
