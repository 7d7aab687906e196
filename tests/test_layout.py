"""The import contract of "a game is one folder" (issue 31), read from the source with ``ast``.

* A game's folder has one shape (:data:`PARTS`): its pure rules are exactly the package
  ``kakehiki/games/<g>/rules/``; everything else in the folder (``bots/``, ``kernel/``,
  ``narrate.py``, ``obs.py``, ``page.js``, the manifest in ``__init__.py``) is an adapter.
* A game's rules import only the core (:data:`CORE`) and the game's own ``rules`` package: not
  its adapters, nor its manifest.
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
RULES = "rules"
"""The package of a game's folder that holds its pure rules."""
ADAPTERS = ("bots", "bots.py", "kernel", "narrate.py", "obs.py", "page.js", "view.d.ts", "__init__.py")
"""The parts of a game's folder that plug its rules into the shared machinery (they may import them)."""
PARTS = frozenset({RULES, *ADAPTERS, "text", "spec.md"})
"""Everything a game's folder may hold: the rules, the adapters, the player rules and messages
(``text/``) and the spec (``spec.md``)."""

CROSS_GAME = {
    ("dobon_arith", "dobon"): "Dobon-arith is a variant built on Dobon's rules: it shares Dobon's actions, "
                              "events, state, stock and its encoder's seat block (a shared Dobon-family module "
                              "in the core would end it)",
}
"""(game, game it imports) → why.  The game's rules may import the other's rules
(``kakehiki.games.<other>.rules``) and nothing else of it; its adapters, the other's adapters too."""
INTERNALS: dict[str, str] = {}
"""Adapter modules (relative to ``kakehiki/``) that import a game's internals → why."""


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, and ``module.name`` for each name imported from one (``from
    package import submodule`` imports the submodule only); relative imports made absolute."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or node.level):
            module = absolute(path, node.module, node.level)
            names = {f"{module}.{alias.name}" for alias in node.names}
            found.update(names)
            if not all(_is_module(name) for name in names):  # ``from kakehiki import base``: base alone
                found.add(module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def absolute(path: Path, module: str | None, level: int) -> str:
    """The full name of the module ``from <level dots><module> import`` in ``path`` names."""
    if level == 0:
        assert module is not None
        return module
    package = ["kakehiki", *path.relative_to(SRC).parent.parts]
    base = package[:len(package) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def modules_of(path: Path) -> set[str]:
    """The ``kakehiki`` modules ``path`` imports (names imported from a module dropped)."""
    return {m for m in imports_of(path) if m.startswith("kakehiki") and _is_module(m)}


def _is_module(name: str) -> bool:
    where = SRC.parent.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def game_folders() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file() and not p.name.startswith("_"))


def is_rules(path: Path) -> bool:
    return path.relative_to(GAMES).parts[1] == RULES


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_every_game_folder_declares_a_manifest() -> None:
    assert sorted(m.package for m in manifests() if m.package.startswith("kakehiki.games.")) == [
        f"kakehiki.games.{p.name}" for p in game_folders()
    ]
    for manifest in manifests():
        assert manifest.package.rsplit(".", 1)[-1] == manifest.id.replace("-", "_"), "one name per game"


@pytest.mark.parametrize("folder", [*game_folders(), GAMES / "_template"], ids=lambda p: p.name)
def test_a_game_folder_holds_its_rules_package_and_adapters(folder: Path) -> None:
    found = {p.name for p in folder.iterdir() if p.name != "__pycache__"}
    assert found <= PARTS, f"{folder.relative_to(SRC)} holds {sorted(found - PARTS)}: rules go in rules/"
    assert {RULES, "__init__.py", "text"} <= found, f"{folder.relative_to(SRC)}: no rules/, manifest or text/"
    assert (folder / RULES / "__init__.py").is_file(), f"{folder.relative_to(SRC)}/rules is not a package"


@pytest.mark.parametrize("folder", [*game_folders(), GAMES / "_template"], ids=lambda p: p.name)
def test_a_games_rules_import_only_the_core_and_themselves(folder: Path) -> None:
    allowed = {f"kakehiki.games.{g}.{RULES}" for g in (folder.name, *(b for (a, b) in CROSS_GAME if a == folder.name))}
    rules = sorted((folder / RULES).rglob("*.py"))
    assert rules, f"{folder.relative_to(SRC)}: no rules"
    for path in rules:
        assert is_rules(path)
        for module in modules_of(path):
            if module in CORE or any(within(module, package) for package in allowed):
                continue
            pytest.fail(f"{path.relative_to(SRC)} imports {module}: a game's rules import only the core and "
                        "the game's own rules (not its adapters nor its manifest)")


def test_every_reference_a_manifest_names_loads() -> None:
    """A manifest names its adapters (and ``hand_total``) by ``"module:attribute"`` strings, imported only
    when first used: each must still name something after a module moves in or out of ``rules/``."""
    for manifest in manifests():
        references = [*manifest.bots.values(), manifest.narrator, manifest.encoder, manifest.kernel,
                      manifest.hand_total, manifest.brief]
        for reference in filter(None, references):
            assert manifest.load(reference) is not None, f"{manifest.id}: {reference}"


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
        path = Path(str(manifest.module().__file__)).parent / manifest.page  # a game of another distribution too
        text = path.read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), f"{path}: not type-checked"
        assert "export default function" in text, f"{path}: no default export (renderer(kit))"
        assert not [line for line in text.splitlines() if line.startswith("import ")], f"{path}: imports at run time"
