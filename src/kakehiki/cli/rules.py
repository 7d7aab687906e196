"""``kakehiki rules`` and ``kakehiki games``: what the registered games are and how they play.

A game's rules text is package data at ``games/<id, - as _>/rules_<lang>.md``;
its option table is generated from ``game.options``, so it is never out of date.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from kakehiki.cli.common import Lang, console, fail, load_game, use_language
from kakehiki.cli.lang import language, t
from kakehiki.core import Game
from kakehiki.i18n import DEFAULT
from kakehiki.manifest import find, text_folder
from kakehiki.options import OptionSpec
from kakehiki.registry import game_ids

COLUMNS = ("name", "default", "values", "help", "ruling")


def rules_text(game_id: str, lang: str) -> str | None:
    """The rules in ``lang``, else in English, else ``None``."""
    manifest = find(game_id)
    if manifest is None:
        return None
    for name in (f"rules_{lang}.md", f"rules_{DEFAULT}.md"):
        resource = text_folder(manifest).joinpath(name)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    return None


def allowed_values(spec: OptionSpec) -> str:
    """What an option accepts, in notation: ``true/false``, ``1..8``, ``auto``, choices."""
    if spec.kind == "bool":
        return "true/false"
    if spec.kind == "choice":
        return "/".join(spec.choices)
    words = [number_range(spec), *spec.choices]
    if spec.default is None:
        words.append("none")
    return ", ".join(words)


def number_range(spec: OptionSpec) -> str:
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None:
        return f"{low:g}..{high:g}"
    if low is not None:
        return f"≥ {low:g}"
    return spec.kind if high is None else f"≤ {high:g}"


def options_table(game: Game[Any, Any, Any], lang: str) -> list[str]:
    """The options as a Markdown table, like the rules text it follows (and never cut to the terminal's width)."""
    lines = [
        f"## {t('rules.options_title', game=game.id)}",
        "",
        t("rules.players", low=game.min_players, high=game.max_players, default=game.default_players),
        t("rules.options_usage", example=example_option(game)),
        "",
        "| " + " | ".join(t(f"rules.col.{key}") for key in COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for spec in game.options:
        help_text = spec.help_ja if lang == "ja" else spec.help_en
        cells = (f"`{spec.name}`", f"`{spec.describe_default()}`", allowed_values(spec), help_text, spec.ruling)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return lines


def rules_command(game_id: str, lang: Lang | None, markdown: bool = False) -> None:
    """The rules and the option table: rendered for reading, or as their Markdown source."""
    use_language(lang)
    game = load_game(game_id)
    text = rules_text(game.id, language())
    if text is None:
        fail(t("error.no_rules", game=game.id), code=1)
    table = options_table(game, language())
    sets = rule_sets_table(game, language())
    if markdown:
        typer.echo(text.rstrip("\n") + "\n\n" + "\n".join(table) + "\n\n" + "\n".join(sets))
        return
    out = Console(highlight=False)  # wrapped to the terminal (80 columns when piped)
    out.print(Markdown(text.rstrip("\n") + "\n\n" + "\n".join(table[:4])))
    out.print(rendered_options(game, language()))
    if game.rule_sets:
        out.print(Markdown("\n".join(sets[:3])))
        out.print(rendered_rule_sets(game, language()))


SET_COLUMNS = ("set", "summary", "options")


def rule_set_cells(game: Game[Any, Any, Any], lang: str) -> list[tuple[str, str, str]]:
    """Each rule set: its id and name, its one line, and the options it sets."""
    pick = 1 if lang == "ja" else 0
    return [(f"{r.id} ({r.name[pick]})", r.summary[pick],
             " ".join(f"{k}={v}" for k, v in r.as_text().items()) or t("rules.col.default"))
            for r in game.rule_sets]


def rule_sets_table(game: Game[Any, Any, Any], lang: str) -> list[str]:
    """The rule sets (``--rules NAME``) as a Markdown table."""
    if not game.rule_sets:
        return []
    example = game.rule_sets[-1].id
    lines = [f"## {t('rules.sets_title', game=game.id)}", "",
             t("rules.sets_usage", game=game.id, example=example), "",
             "| " + " | ".join(t(f"rules.col.{key}") for key in SET_COLUMNS) + " |", "|" + "---|" * len(SET_COLUMNS)]
    for name, summary, options in rule_set_cells(game, lang):
        lines.append(f"| `{name}` | {summary} | `{options}` |")
    return lines


def rendered_rule_sets(game: Game[Any, Any, Any], lang: str) -> Table:
    table = Table(show_lines=False)
    for key in SET_COLUMNS:
        table.add_column(t(f"rules.col.{key}"), no_wrap=key == "set", overflow="fold",
                         ratio=3 if key == "summary" else None)
    for cells in rule_set_cells(game, lang):
        table.add_row(*cells)
    return table


def rendered_options(game: Game[Any, Any, Any], lang: str) -> Table:
    """The option table for reading: names, defaults and values never cut, the help wrapped."""
    table = Table(show_lines=False)
    for key in COLUMNS:
        table.add_column(t(f"rules.col.{key}"), no_wrap=key in ("name", "default"),
                         overflow="fold", ratio=3 if key == "help" else None)
    for spec in game.options:
        table.add_row(spec.name, spec.describe_default(), allowed_values(spec),
                      spec.help_ja if lang == "ja" else spec.help_en, spec.ruling)
    return table


def example_option(game: Game[Any, Any, Any]) -> str:
    """An ``-o NAME=VALUE`` this game accepts, other than its default: the usage line's example."""
    for spec in game.options:
        if spec.kind == "bool":
            return f"{spec.name}={'false' if spec.default else 'true'}"
        if spec.kind == "int" and isinstance(spec.default, int) and spec.default < (spec.maximum or 0):
            return f"{spec.name}={spec.default + 1}"
        if spec.kind == "choice" and len(spec.choices) > 1:
            return f"{spec.name}={next(c for c in spec.choices if c != spec.default)}"
    return "max_steps=500"


def games_command(lang: Lang | None) -> None:
    use_language(lang)
    table = Table(title=t("games.title"), title_justify="left")
    for key in ("id", "title", "players", "version"):
        table.add_column(t(f"games.col.{key}"), no_wrap=key != "title")
    for game_id in game_ids():
        game = load_game(game_id)
        title = game.title_ja if language() == "ja" else game.title_en
        players = f"{game.min_players}-{game.max_players}"
        table.add_row(game.id, title, players, str(game.version))
    console().print(table)
