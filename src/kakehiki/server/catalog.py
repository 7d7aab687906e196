"""What a lobby offers: every game, its seats, options (explained in English and Japanese) and bots."""

from __future__ import annotations

from functools import cache
from typing import Any

from kakehiki.bots import bot_names
from kakehiki.bots.levels import LEVELS
from kakehiki.registry import game_ids, get_game
from kakehiki.server.settings import CLOCK_LIMITS, DEFAULT_CLOCKS


@cache
def games_catalog() -> dict[str, Any]:
    games = []
    for game_id in game_ids():
        game = get_game(game_id)
        games.append({
            "id": game.id, "version": game.version, "title": game.title_en, "title_ja": game.title_ja,
            "players": {"min": game.min_players, "max": game.max_players, "default": game.default_players},
            "options": [{"name": o.name, "kind": o.kind, "default": o.default, "choices": list(o.choices),
                         "minimum": o.minimum, "maximum": o.maximum, "help": o.help_en, "help_ja": o.help_ja,
                         "ruling": o.ruling} for o in game.options],
            "bots": list(bot_names(game.id)), "levels": list(LEVELS),
        })
    clocks = {name: {"default": DEFAULT_CLOCKS[name], "minimum": low, "maximum": high}
              for name, (low, high) in CLOCK_LIMITS.items()}
    return {"games": games, "clocks": clocks}
