"""A game added from the template (``src/kakehiki/games/_template``) plugs in without editing a
shared file: copied into a distribution of its own, registered by the entry point group
``kakehiki.games``, it is found, played, narrated and passes the cross-game suite.

The copy lives in a temporary folder with a ``*.dist-info`` that declares the entry point, put
on ``sys.path`` (in process) or ``PYTHONPATH`` (for the suite, run in a child pytest), as an
installed distribution would be.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kakehiki import i18n, manifest, registry

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "src" / "kakehiki" / "games" / "_template"
GAME_ID, PACKAGE = "my-game", "my_game"
CROSS_GAME = (
    "test_conformance.py", "test_narrate.py", "test_noninterference.py", "test_records.py", "test_shape.py",
    "test_cli.py", "test_levels.py", "test_fuzz.py", "test_play_terminal.py", "test_replay_show.py",
    "test_rulesets.py", "test_layout.py",
)
"""The cross-game tests a new game passes as the template leaves it.  The rest of what is asked
of every game is its own content, written beside its rules (``docs/adding-a-game.md``): the
guide (``test_learn.py``), the spec and rulings (``games/<package>/spec.md``, ``docs/rulings.md``) and
its own tests (``tests/games/<package>/``)."""


def install(where: Path) -> Path:
    """The template as the package ``my_game`` of a distribution installed in ``where``."""
    shutil.copytree(TEMPLATE, where / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    info = where / f"{PACKAGE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {GAME_ID}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{manifest.ENTRY_POINT_GROUP}]\n{GAME_ID} = {PACKAGE}\n")
    return where


def forget() -> None:
    """Drop every cache that holds the games found (a later discovery starts afresh)."""
    manifest._discovered.cache_clear()
    i18n.catalog.cache_clear()
    registry._GAMES.pop(GAME_ID, None)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    where = install(tmp_path)
    sys.path.insert(0, str(where))
    importlib.invalidate_caches()
    forget()
    try:
        yield where
    finally:
        sys.path.remove(str(where))
        importlib.invalidate_caches()
        forget()


def test_the_template_is_no_game_of_its_own() -> None:
    assert GAME_ID not in registry.game_ids()
    assert all(not m.package.endswith("_template") for m in manifest.manifests())


def test_an_entry_point_adds_a_game_to_every_part(installed: Path) -> None:
    from kakehiki.bots import bot_names, make_bot
    from kakehiki.cli.rules import rules_text
    from kakehiki.narrate import narrator_for
    from kakehiki.textin import normalise

    assert GAME_ID in registry.game_ids()
    game = registry.get_game(GAME_ID)
    assert manifest.manifest(GAME_ID).package == PACKAGE
    assert {"high", "expert", "easy", "normal", "hard", "random"} <= set(bot_names(GAME_ID))
    state = game.new(seed=4)
    seat = game.actors(state)[0]
    action = make_bot(GAME_ID, "normal").choose(game.view(state, seat), game.legal_actions(state, seat),
                                                random.Random(1))
    _, events = game.apply(state, seat, action)
    said = narrator_for(GAME_ID, "ja", seat).event(events[0], ["A", "B"])
    played = str(action).removeprefix("play ")  # the card (the installed copy's own Play class)
    assert said == f"{'AB'[seat]}が{played}を出しました。"
    assert "High card" in (rules_text(GAME_ID, "en") or "")
    assert i18n.t("my-game.rule.X2", lang="en")
    assert normalise("S4を出す", GAME_ID) == "play S4"


def test_the_templates_page_is_served_at_its_games_path(installed: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The template's renderer (``page.js``, declared by its manifest's ``page``) is served by a real
    ``kakehiki serve`` at ``/games/<id>/page.js``, with its own words (``<id>.page.*``), as a game's is."""
    pytest.importorskip("uvicorn")
    from serving import running

    paths = [str(installed), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))  # the server process finds the distribution
    with running(str(tmp_path / "rooms.sqlite3")) as server:
        entry = {game["id"]: game for game in server.get("/api/games").json()["games"]}[GAME_ID]
        assert entry["page"] == f"/games/{GAME_ID}/page.js"
        words = entry["page_text"]
        assert set(words["en"]) == set(words["ja"]) == {"table.pile", "info.total", "over.how"}
        answer = server.get(entry["page"])
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        assert answer.content == (installed / PACKAGE / "page.js").read_bytes()


def test_a_game_from_the_template_passes_the_cross_game_suite(tmp_path: Path) -> None:
    where = install(tmp_path / "site")
    paths = [str(where), str(ROOT / "src"), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    files = [str(ROOT / "tests" / name) for name in CROSS_GAME]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider", "--basetemp",
         str(tmp_path / "base"), "-k", f"{GAME_ID} or test_layout", "--tb=short", *files],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed is not None and int(passed.group(1)) >= 60 and "failed" not in run.stdout, run.stdout[-2000:]
