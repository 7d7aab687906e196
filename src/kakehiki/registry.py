"""Games by id."""

from __future__ import annotations

from typing import Any

from kakehiki.core import Game
from kakehiki.errors import UnknownGameError as UnknownGameError
from kakehiki.errors import unknown_game

_GAMES: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    if game.id in _GAMES:
        raise ValueError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game[Any, Any, Any]:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise unknown_game(game_id, _GAMES) from None


def game_ids() -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted(_GAMES))


def _load_builtin() -> None:
    """Register every game a manifest declares (:func:`kakehiki.manifest.manifests`: the packages
    under ``kakehiki.games`` and the entry points of the group ``kakehiki.games``)."""
    from kakehiki.manifest import manifests

    for manifest in manifests():
        if _GAMES.get(manifest.id) is not manifest.game:
            register(manifest.game)
