"""``docs/rulings.md`` explains every ruling id the repository cites, and names no other.

A reader meets ids such as ``J8`` or ``M4`` in refusals, test names, docstrings and specs; this
checks that each has an entry (``- **J8 …**``) on that page, under its game's section.

Card codes look exactly like ruling ids (``C4`` is the four of clubs, ``D9`` the nine of diamonds)
and cards are written everywhere, so ids are taken only where a card cannot stand:

- in ``src/``, through ``ast``: the first argument of ``IllegalActionError(…)`` and
  ``MoveError(…)`` (a literal, a conditional of literals, a name assigned in the module or a
  function of the module returning literals — anything else fails the test), and the ``ruling=``
  and ``rule=`` keywords (``OptionSpec`` and the narrators' messages);
- the keys ``<game>.rule.<id>`` and ``rule.<id>`` of the message catalogs;
- test names ``test_<id>_…``;
- bracketed citations in ``src/`` (docstrings and comments), ``README.md``, ``docs/``, each game's
  spec (``games/<g>/spec.md``) and the player rules ``rules_{en,ja}.md``: brackets (ASCII or full
  width) whose content *starts with* a list of ids — ``(J8)``, ``(C4, C5)``, ``(C4/C5)``,
  ``(B1–B7)``, ``(A8 = J11)``, ``（B4、C4）``, ``(J13; official rules only)``, ``(A9: …)``, optionally
  in backticks or after "rule"/"RULINGS" — that either fills the brackets or is followed by ``:`` or
  ``;``. Cards in brackets are written as quoted strings or as actions (``("S4 C3")``,
  ``(`hide C4 D9`)``, ``(S10 H10)``), never as a list joined so; the one form left ambiguous, a lone card in
  brackets, would show up here as an unknown id at its place, to be reworded.

Ruling ids are those of the project's rulings (the table ``RULINGS`` below: a new ruling adds its
number there and an entry to the page). The code also cites one rule of a source text by its own
number, ``JDA-5`` (the JDA text's rule 5, which no ruling restates); such ``JDA-<n>`` citations are
allowed, and documented, only when the code cites them.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

from kakehiki.registry import game_ids, get_game
from rulecites import rule_values

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "kakehiki"
PAGE = ROOT / "docs" / "rulings.md"

RULINGS = {"C": 7, "J": 14, "A": 9, "B": 7, "M": 10, "D": 7, "F": 11}
"""Each ruling letter and how many rulings it has (C1–C7, J1–J14, …)."""
KNOWN = {f"{letter}{n}" for letter, count in RULINGS.items() for n in range(1, count + 1)}
SOURCE_RULE = re.compile(r"JDA-\d{1,2}")
"""A numbered rule of a source text, cited where no ruling restates it."""

ID = r"(?:JDA-\d{1,2}|[CJABMDF]\d{1,2})"
ONE = rf"`?{ID}`?"
SEPARATOR = r"\s*(?:,|、|/|=|–|-|～)\s*"
CITATION = re.compile(
    rf"[(（]\s*(?:(?:rule|ruling|RULINGS|ルール)\s+)?(?P<ids>{ONE}(?:{SEPARATOR}{ONE})*)\s*(?:[)）]|[:;：；])"
)
ENTRY = re.compile(rf"^- \*\*(?P<id>{ID}) ", re.MULTILINE)
SECTION = re.compile(r"^## .*\((?P<letter>[A-Z])\)\s*$", re.MULTILINE)


def is_citable(rule: str) -> bool:
    return rule in KNOWN or SOURCE_RULE.fullmatch(rule) is not None


# -- where ids are cited ---------------------------------------------------------------------------


def raised_and_keyword_ids(path: Path) -> Iterator[tuple[str, str]]:
    """(id, place) for the rule of every ``IllegalActionError``/``MoveError`` and every ``ruling=``
    or ``rule=`` keyword in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    values = rule_values(path, tree)

    where = path.relative_to(ROOT)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in ("IllegalActionError", "MoveError") and node.args:
            arg = node.args[0]
            # a refusal passed on (``IllegalActionError(notice.rule, …)``) names no ruling of its own
            if not (isinstance(arg, ast.Attribute) and arg.attr == "rule"):
                for rule in values(arg):
                    yield rule, f"{where}:{node.lineno}"
        for keyword in node.keywords:
            value = keyword.value
            # (OptionSpec's default is ``ruling=""``: no ruling)
            if keyword.arg in ("ruling", "rule") and isinstance(value, ast.Constant) and value.value:
                yield str(value.value), f"{where}:{node.lineno}"


def cited_in_text(path: Path) -> Iterator[tuple[str, str]]:
    """(id, place) for every bracketed citation in ``path``."""
    text = path.read_text(encoding="utf-8")
    for match in CITATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        for rule in re.findall(ID, match.group("ids")):
            yield rule, f"{path.relative_to(ROOT)}:{line}"


def catalog_ids() -> Iterator[tuple[str, str]]:
    for path in sorted((SRC / "i18n").glob("*.json")) + sorted(SRC.glob("games/[!_]*/text/messages_*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            match = re.fullmatch(rf"(?:[a-z-]+\.)?rule\.({ID})", key)
            if match:
                yield match.group(1), f"{path.relative_to(ROOT)}: {key}"


def named_tests() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                match = re.match(rf"test_({ID})_", node.name)
                if match:
                    yield match.group(1), f"{path.relative_to(ROOT)}: {node.name}"


def sources() -> list[Path]:
    """The project's Python, the template game's aside (its rulings are its own: tests/test_template_game.py)."""
    return sorted(p for p in SRC.rglob("*.py") if not p.relative_to(SRC).as_posix().startswith("games/_"))


def text_files() -> list[Path]:
    return sorted(
        [*sources(), ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *SRC.glob("games/[!_]*/spec.md"),
         *SRC.glob("games/[!_]*/text/rules_*.md")]
    )


def cited() -> dict[str, list[str]]:
    """Every ruling id cited in the repository, with the places citing it."""
    found: dict[str, list[str]] = {}
    found_in = [raised_and_keyword_ids(p) for p in sources()]
    found_in += [cited_in_text(p) for p in text_files() if p != PAGE]
    for pairs in [*found_in, catalog_ids(), named_tests()]:
        for rule, place in pairs:
            found.setdefault(rule, []).append(place)
    return found


# -- the page --------------------------------------------------------------------------------------


def entries() -> dict[str, str]:
    """Each id the page has an entry for, with the section letter it sits under."""
    text = PAGE.read_text(encoding="utf-8")
    sections = [(m.start(), m.group("letter")) for m in SECTION.finditer(text)]
    found: dict[str, str] = {}
    for match in ENTRY.finditer(text):
        rule = match.group("id")
        assert rule not in found, f"{rule} has two entries"
        found[rule] = max((s for s in sections if s[0] < match.start()), default=(0, "?"))[1]
    return found


def entry_text(rule: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"- **{rule} ")
    following = re.compile(r"^(?:- \*\*|#)", re.MULTILINE)
    end = following.search(text, start + 1)
    return text[start : end.start() if end else len(text)]


def test_every_cited_ruling_has_an_entry() -> None:
    found = cited()
    assert {"C4", "J8", "JDA-5", "A5", "B5", "M4", "D3"} <= found.keys()  # the scan still finds them
    unknown = {rule: places[:3] for rule, places in found.items() if not is_citable(rule)}
    assert not unknown, f"cited but no ruling (or a card taken for one): {unknown}"
    missing = {rule: places[:3] for rule, places in found.items() if rule not in entries()}
    assert not missing, f"cited but not explained in docs/rulings.md: {missing}"


def test_the_page_names_every_ruling_and_no_other_id() -> None:
    page = entries()
    assert page.keys() >= KNOWN, f"rulings without an entry: {sorted(KNOWN - page.keys())}"
    invented = {rule for rule in page if rule not in KNOWN and not SOURCE_RULE.fullmatch(rule)}
    assert not invented, f"not a ruling id: {sorted(invented)}"
    uncited = {rule for rule in page if SOURCE_RULE.fullmatch(rule)} - cited().keys()
    assert not uncited, f"a source rule nobody cites: {sorted(uncited)}"
    misplaced = {rule: letter for rule, letter in page.items() if rule[0] != letter}
    assert not misplaced, f"entries outside their game's section: {misplaced}"
    text = PAGE.read_text(encoding="utf-8")
    mentioned = set(re.findall(rf"\b{ID}\b", text))
    assert mentioned <= page.keys(), f"ids on the page without an entry: {sorted(mentioned - page.keys())}"


def test_each_option_is_named_in_its_ruling() -> None:
    for game_id in game_ids():
        for spec in get_game(game_id).options:
            assert spec.ruling in entries(), (game_id, spec.name, spec.ruling)
            assert f"`{spec.name}`" in entry_text(spec.ruling), (
                f"{game_id}'s option {spec.name} is not named in the entry of {spec.ruling}"
            )


def test_the_page_is_player_neutral() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert not re.search(r"\b(?:engine|you|your)\b", text, re.IGNORECASE)
    assert "shared/" not in text  # a reader of the repository has no shared/ folder
