"""``kakehiki learn``: every game's guided first game, in English and Japanese, to the hand-over."""

from __future__ import annotations

import random
import re
from importlib.resources import files
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kakehiki.cli.main import build_app
from kakehiki.cli.rules import rules_text
from kakehiki.learn import LEARNER, learnable, load_lesson
from kakehiki.learn.lesson import WORDS, attach
from kakehiki.manifest import manifest
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
    assert lesson.word("handover", lang) in out or lesson.word("handover_next", lang) in out
    if lang == "ja":
        assert WORDS["handover"]["en"] not in out and "Your choice" not in out


# -- the rules texts agree with the engine ----------------------------------------------------------
HEADINGS = {"en": ("## Words to know", "## Example"), "ja": ("## 用語", "## 例")}
NOT_COUNTED = {"en": "Not counted:", "ja": "数えない手："}


def rules(game_id: str, lang: str) -> str:
    text = rules_text(game_id, lang)
    assert text is not None
    return text


def step_counts(game_id: str) -> dict[str, set[int]]:
    """How much each kind of move adds to the engine's step count (``max_steps``), seen in random
    games with the default options: ``pass`` apart as a turn's own and as a declined call."""
    game = get_game(game_id)
    seen: dict[str, set[int]] = {}
    for seed in range(6):
        state, rng = game.new(players=2, seed=seed), random.Random(seed)
        for _ in range(400):
            if game.result(state) is not None:
                break
            actors = game.actors(state)
            seat = actors[rng.randrange(len(actors))]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            verb = str(action).split()[0]
            if verb == "pass":
                verb = "pass-turn" if seat == game.turn_seat(state) else "pass-call"
            before = state.steps
            state, _ = game.apply(state, seat, action)
            if state.steps - before in (0, 1):  # a new game of a match starts its count again
                seen.setdefault(verb, set()).add(state.steps - before)
    return seen


def mentions(text: str, verb: str) -> bool:
    return re.search("`" + re.escape(verb.split("-")[0]) + "[` ]", text) is not None


def paragraph(text: str, marker: str) -> str:
    start = text.index(marker)
    start = text.rfind("\n", 0, start) + 1
    ends = [i for i in (text.find("\n\n", start), text.find("\n- ", start), text.find("\n#", start)) if i >= 0]
    return text[start:min(ends, default=len(text))]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_rules_texts_are_for_players(game_id: str, lang: str) -> None:
    text = rules(game_id, lang)
    glossary, example = HEADINGS[lang]
    assert text.split("\n## ")[1].startswith(glossary[3:]), "the glossary comes first"
    assert example in text
    for internal in ("engine", "エンジン", "RULINGS", "shared/", ".md", "C4)", "C5)"):
        assert internal not in text, internal
    if lang == "ja":
        prose = re.sub(r"`[^`]*`|\*I Doubt It\*", "", text)
        assert not re.search(r"[A-Za-z]{4,} [a-z]{3,} [a-z]{3,}", prose), "English prose"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_rules_texts_agree_with_the_engine(game_id: str, lang: str) -> None:
    text, game = rules(game_id, lang), get_game(game_id)
    for spec in game.options:
        assert re.search(f"`{spec.name}[`=]", text), f"option {spec.name} is not explained"
    state = game.new(seed=0)
    dealt = len(game.view(state, 0).hand)
    assert (f"{dealt} cards" if lang == "en" else f"{dealt} 枚") in text, f"the deal of {dealt} cards"
    every = "every card is dealt" if lang == "en" else "すべて配"
    full = game.new(seed=0, options={"face_down": False}) if game_id == "million-doubt" else state
    if sum(len(game.view(full, s).hand) for s in range(game.players(full))) >= 52:
        assert every in text.lower()
    counts = step_counts(game_id)
    for verb in counts:
        assert mentions(text, verb), f"the move {verb} is not in the text"
    limit = next(s for s in game.options if s.name == "max_steps").default
    said = paragraph(text, "`max_steps`")
    assert (f"default {limit}" if lang == "en" else f"既定 {limit}") in said
    counted, _, uncounted = said.partition(NOT_COUNTED[lang])
    for verb, adds in counts.items():
        if 1 in adds:
            assert mentions(counted, verb), f"{verb} counts towards max_steps: {said!r}"
        if 0 in adds:
            assert mentions(uncounted, verb), f"{verb} does not count towards max_steps: {said!r}"


def test_the_doubt_text_says_round_limit_decides_the_winners() -> None:
    for lang, heading in (("en", "### Winning"), ("ja", "### 勝ち")):
        winning = rules("doubt", lang).split(heading)[1].split("\n## ")[0]
        assert "`round_limit`" in winning


@pytest.mark.parametrize("game_id", game_ids())
def test_each_games_spec_gives_the_engines_version(game_id: str) -> None:
    spec = files(manifest(game_id).package).joinpath("spec.md").read_text(encoding="utf-8")
    found = re.search(r"^\| Version \| `(\d+)`", spec, re.MULTILINE)
    assert found is not None and int(found.group(1)) == get_game(game_id).version
