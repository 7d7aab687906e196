"""What a table in the terminal is set up with, in line mode and on the full-screen table alike:
who sits where and how seats are called, the rules line, the reaction window, where the record goes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from kakehiki.cli.lang import t
from kakehiki.core import Game

HUMAN = 0
HUMAN_NAME = "human"
REACTION = 3.0  # J8's official Dobon-gaeshi window, the terminal's default


def house_rules(game: Game[Any, Any, Any], state: Any) -> str:
    """The options in force, ``name=value``, those set away from their defaults first and marked ``*``."""
    values = game.record_header(state).get("options", {})
    defaults = {spec.name: spec.describe_default() for spec in game.options}

    def text(name: str, value: object) -> str:
        shown = "true" if value is True else "false" if value is False else "none" if value is None else str(value)
        return f"{name}={shown}" + ("*" if shown != defaults.get(name) else "")

    changed = [text(n, v) for n, v in values.items() if text(n, v).endswith("*")]
    kept = [text(n, v) for n, v in values.items() if not text(n, v).endswith("*")]
    return ", ".join(changed + kept)


def seat_labels(bot_names: Sequence[str]) -> list[str]:
    return [t("seat.you"), *(t("seat.bot", seat=s, bot=n) for s, n in enumerate(bot_names, start=1))]


def default_record_path(game_id: str, seed: int) -> Path:
    """``records/<game>-<time>-seed<seed>.json`` in the current directory, never overwriting."""
    stem = f"{game_id}-{datetime.now():%Y%m%d-%H%M%S}-seed{seed}"
    path = Path("records") / f"{stem}.json"
    number = 1
    while path.exists():
        number += 1
        path = Path("records") / f"{stem}-{number}.json"
    return path
