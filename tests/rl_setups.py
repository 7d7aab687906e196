"""Tables the RL tests play at: each game at its default size and under a second option set."""

from __future__ import annotations

from typing import Any

SETUPS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("dobon", None, {}),
    ("dobon", 2, {"official": False, "games": 2}),
    ("dobon-arith", None, {}),
    ("dobon-arith", 3, {"games": 2, "draw_penalty_ends_turn": False}),
    ("doubt", None, {}),
    ("doubt", 5, {"cheat": True, "max_cards_per_play": 4, "penalty": "two_cards", "jokers": 2}),
    ("million-doubt", None, {}),
    ("million-doubt", 3, {"face_down": False, "games": 2}),
    ("dhumbal", None, {}),
    ("dhumbal", 2, {"limit": 40, "show_tie": "caller_wins"}),
]


def setup_id(setup: tuple[str, int | None, dict[str, Any]]) -> str:
    game, players, options = setup
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players or 'default'}" + (f"-{opts}" if opts else "")
