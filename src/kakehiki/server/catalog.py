"""What a lobby offers: every game, its seats, rule sets, options (with a person's words in English
and Japanese and the control to set each) and bots."""

from __future__ import annotations

from functools import cache
from typing import Any

from kakehiki.bots import bot_names
from kakehiki.bots.levels import LEVELS
from kakehiki.core import Game
from kakehiki.i18n import LANGUAGES, catalog
from kakehiki.manifest import manifest
from kakehiki.options import OptionSpec
from kakehiki.registry import game_ids, get_game
from kakehiki.rulesets import OptionLabel, RuleSet, Words
from kakehiki.server.settings import CLOCK_LIMITS, DEFAULT_CLOCKS


@cache
def games_catalog() -> dict[str, Any]:
    listed = sorted(game_ids(), key=lambda game_id: (manifest(game_id).order, game_id))
    games = [game_entry(get_game(game_id)) for game_id in listed]
    clocks = {name: {"default": DEFAULT_CLOCKS[name], "minimum": low, "maximum": high}
              for name, (low, high) in CLOCK_LIMITS.items()}
    return {"games": games, "clocks": clocks}


def game_entry(game: Game[Any, Any, Any]) -> dict[str, Any]:
    return {
        "id": game.id, "version": game.version, "title": game.title_en, "title_ja": game.title_ja,
        "players": {"min": game.min_players, "max": game.max_players, "default": game.default_players},
        "options": [option_entry(spec, game.option_labels.get(spec.name)) for spec in game.options],
        "rule_sets": [rule_set_entry(game, rule_set) for rule_set in game.rule_sets],
        "bots": list(bot_names(game.id)), "levels": list(LEVELS),
        "page": f"/games/{game.id}/page.js" if manifest(game.id).page else None,
        "page_text": {lang: page_text(game.id, lang) for lang in LANGUAGES},
    }


def page_text(game_id: str, lang: str) -> dict[str, str]:
    """The game's own words for the page: its messages ``<id>.page.*`` (``text/messages_<lang>.json``),
    without that prefix; its page.js asks for them by the rest (``kit.t("info.lock")``)."""
    prefix = f"{game_id}.page."
    return {key[len(prefix):]: text for key, text in catalog(lang).items() if key.startswith(prefix)}


def words(pair: Words) -> dict[str, str]:
    return {"en": pair[0], "ja": pair[1]}


def control(spec: OptionSpec, label: OptionLabel) -> str:
    """How the lobby sets an option: ``switch``, ``choice``, ``seat`` (a seat or a word) or ``number``."""
    if spec.kind == "bool":
        return "switch"
    if spec.kind == "choice":
        return "choice"
    return "seat" if label.seat else "number"


def option_entry(spec: OptionSpec, label: OptionLabel | None) -> dict[str, Any]:
    """One option: its notation (name, kind, default, bounds, ruling) and the lobby's words and control.

    ``values`` gives the words for each of the option's words (``auto``, choices, and ``none``
    where the option may be none); ``step`` is a number's step."""
    label = label or OptionLabel((spec.name, spec.name), (spec.help_en, spec.help_ja))
    values = {word: words(label.values.get(word, (word, word))) for word in spec.choices}
    if label.none is not None:
        values["none"] = words(label.none)
    step = None if spec.kind in ("bool", "choice") else label.step or (1 if spec.kind == "int" else 0.01)
    return {"name": spec.name, "kind": spec.kind, "default": spec.default, "choices": list(spec.choices),
            "minimum": spec.minimum, "maximum": spec.maximum, "ruling": spec.ruling,
            "label": label.label[0], "label_ja": label.label[1], "help": label.help[0], "help_ja": label.help[1],
            "control": control(spec, label), "advanced": label.advanced, "step": step, "values": values}


def rule_set_entry(game: Game[Any, Any, Any], rule_set: RuleSet) -> dict[str, Any]:
    """A rule set with every option's value under it (the lobby sets each control from these)."""
    return {"id": rule_set.id, "name": rule_set.name[0], "name_ja": rule_set.name[1],
            "summary": rule_set.summary[0], "summary_ja": rule_set.summary[1],
            "options": rule_set.values(game.options)}
