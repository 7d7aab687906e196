"""The import contract of "a game is one folder" (issue 31), read from the source with ``ast``.

* A game's rules (every module of ``kakehiki/games/<g>/`` but its adapters: ``bots/``,
  ``kernel/``, ``narrate.py``, ``obs.py`` and the manifest in ``__init__.py``) import only the
  core (:data:`CORE`) and the game's own modules.
* No game imports another.
* Nothing outside ``kakehiki/games/`` (the adapters: server, command line, RL, compiled
  engine, bots, narration) imports a game's internals: only ``kakehiki.games.<g>`` itself, its
  manifest and public names; everything else it reaches through the manifest.
* The id-keyed maps are gone: no module outside a game's folder names a game id.

Each known exception is listed below with its reason; an exception that no longer happens
fails too, so the lists only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kakehiki.manifest import manifests

SRC = Path(__file__).resolve().parent.parent / "src" / "kakehiki"
GAMES = SRC / "games"
CORE = frozenset({
    "kakehiki.base", "kakehiki.cards", "kakehiki.core", "kakehiki.errors", "kakehiki.moves", "kakehiki.options",
    "kakehiki.prng", "kakehiki.rng", "kakehiki.rulesets", "kakehiki.spaces", "kakehiki.suggest",
})
"""What a game's rules may import besides themselves (itself importing nothing above it)."""
ADAPTERS = ("bots", "bots.py", "kernel", "narrate.py", "obs.py", "__init__.py")
"""The parts of a game's folder that plug it into the shared machinery (they may import it)."""

CROSS_GAME = {
    ("dobon_arith", "dobon"): "Dobon-arith is a variant built on Dobon's rules: it shares Dobon's actions, "
                              "events, state, stock and its encoder's seat block (a shared Dobon-family module "
                              "in the core would end it)",
}
"""(game, game it imports) → why."""
INTERNALS = {
    "rl/fast.py": "the RL environment on Dobon's compiled engine: Dobon's encoder (RECENT) and seat kernel",
}
"""Adapter modules (relative to ``kakehiki/``) that import a game's internals → why."""


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, and ``module.name`` for each name imported from one (``from
    package import submodule`` imports the submodule only)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = {f"{node.module}.{alias.name}" for alias in node.names}
            found.update(names)
            if not all(_is_module(name) for name in names):  # ``from kakehiki import base``: base alone
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def modules_of(path: Path) -> set[str]:
    """The ``kakehiki`` modules ``path`` imports (names imported from a module dropped)."""
    return {m for m in imports_of(path) if m.startswith("kakehiki") and _is_module(m)}


def _is_module(name: str) -> bool:
    where = SRC.parent.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def game_folders() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file() and not p.name.startswith("_"))


def is_adapter(path: Path) -> bool:
    return path.relative_to(GAMES).parts[1] in ADAPTERS


def test_every_game_folder_declares_a_manifest() -> None:
    assert sorted(m.package for m in manifests() if m.package.startswith("kakehiki.games.")) == [
        f"kakehiki.games.{p.name}" for p in game_folders()
    ]
    for manifest in manifests():
        assert manifest.package.rsplit(".", 1)[-1] == manifest.id.replace("-", "_"), "one name per game"


@pytest.mark.parametrize("folder", [*game_folders(), GAMES / "_template"], ids=lambda p: p.name)
def test_a_games_rules_import_only_the_core_and_themselves(folder: Path) -> None:
    own = f"kakehiki.games.{folder.name}"
    allowed_games = {f"kakehiki.games.{b}" for (a, b) in CROSS_GAME if a == folder.name}
    for path in sorted(folder.rglob("*.py")):
        if is_adapter(path):
            continue
        for module in modules_of(path):
            if module == own or module.startswith(own + ".") or module in CORE:
                continue
            if any(module == g or module.startswith(g + ".") for g in allowed_games):
                continue
            pytest.fail(f"{path.relative_to(SRC)} imports {module}: a game's rules import only the core")


def test_no_game_imports_another() -> None:
    seen: set[tuple[str, str]] = set()
    for folder in game_folders():
        for path in folder.rglob("*.py"):
            for module in modules_of(path):
                parts = module.split(".")
                if parts[:2] == ["kakehiki", "games"] and len(parts) > 2 and parts[2] != folder.name:
                    pair = (folder.name, parts[2])
                    assert pair in CROSS_GAME, f"{path.relative_to(SRC)} imports {module}: no game imports another"
                    seen.add(pair)
    assert seen == set(CROSS_GAME), "an exception no longer needed: drop it from CROSS_GAME"


def test_adapters_reach_a_game_only_through_its_package() -> None:
    seen: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("games/"):
            continue
        deep = {m for m in modules_of(path) if m.startswith("kakehiki.games.") and len(m.split(".")) > 3}
        if deep:
            assert rel in INTERNALS, f"{rel} imports {sorted(deep)}: reach a game through its manifest"
            seen.add(rel)
    assert seen == set(INTERNALS), "an exception no longer needed: drop it from INTERNALS"


def test_no_shared_module_keeps_a_map_by_game_id() -> None:
    """A game id as a string key or a ``case``/comparison outside the game's folder is a map kept by
    hand; docstrings and comments may name games."""
    ids = {m.id for m in manifests()}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("games/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                assert not keys & ids, f"{rel}:{node.lineno}: a map keyed by game id"
            elif isinstance(node, ast.Compare):
                constants = {c.value for c in (node.left, *node.comparators) if isinstance(c, ast.Constant)}
                tuples = {e.value for c in node.comparators if isinstance(c, ast.Tuple)
                          for e in c.elts if isinstance(e, ast.Constant)}
                assert not (constants | tuples) & ids, f"{rel}:{node.lineno}: a test of the game id"
            elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant):
                assert node.value.value not in ids, f"{rel}:{node.lineno}: a case of the game id"


def test_no_shared_page_file_names_a_game() -> None:
    """The page's shared files (``server/static/``) know no game: each game's renderer and page words are in
    its folder (``page.js``, ``text/messages_<lang>.json``), loaded through the manifest and the catalog."""
    import re

    ids = {m.id for m in manifests()}
    for path in sorted((SRC / "server" / "static").iterdir()):
        if path.suffix not in (".js", ".html", ".css"):
            continue
        text = path.read_text(encoding="utf-8")
        for game in ids:
            found = re.search(rf"[\"'`]{re.escape(game)}[\"'`.]|games/{re.escape(game)}\b", text)
            assert found is None, f"server/static/{path.name} names the game {game!r}"


def test_every_games_page_is_a_module_in_its_folder() -> None:
    """A manifest's ``page`` names a file of the game's folder: a checked ES module that imports nothing."""
    for manifest in manifests():
        if manifest.page is None:
            continue
        path = GAMES / manifest.package.rsplit(".", 1)[1] / manifest.page
        text = path.read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), f"{path}: not type-checked"
        assert "export default function" in text, f"{path}: no default export (renderer(kit))"
        assert not [line for line in text.splitlines() if line.startswith("import ")], f"{path}: imports at run time"
