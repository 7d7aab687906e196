"""A game's manifest: everything the shared machinery needs to know of one game, in one place.

Each game is one package that declares ``MANIFEST``, a :class:`GameManifest`, in its
``__init__``: the game object itself, and *references* (``"module:attribute"``, a module
relative to the game's package when it starts with a dot) to its bots, narrator, observation
encoder and compiled engine.  The references are imported only when asked for, so importing a
game stays cheap (no numpy, no numba, no bots).  :func:`manifests` discovers them:

* every package under :mod:`kakehiki.games` (a name starting with ``_`` is skipped: the
  template), and
* every entry point of the group ``kakehiki.games`` in the installed distributions, naming
  either a module with ``MANIFEST`` or the manifest itself::

      [project.entry-points."kakehiki.games"]
      my-game = "my_package.my_game"

So a new game edits no shared file (``docs/adding-a-game.md``)::

    >>> manifest("million-doubt").package
    'kakehiki.games.million_doubt'
    >>> manifest("dhumbal").heuristic
    'threshold'
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType, ModuleType
from typing import Any, Generic, TypeVar

from kakehiki.core import Game
from kakehiki.errors import unknown_game

ENTRY_POINT_GROUP = "kakehiki.games"
V = TypeVar("V")


@dataclass(frozen=True)
class GameManifest:
    """One game and its adapters.  Only ``game`` and ``package`` are required: a game without
    bots plays ``random`` (and the levels fall back to it), without a narrator prints its data,
    without an encoder or kernel is not offered to RL or the compiled engine."""

    game: Game[Any, Any, Any]
    package: str
    """The game's package (``__name__`` of its ``__init__``): relative references start here."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Bot name → reference to a factory taking no argument (usually the bot's class)."""
    heuristic: str | None = None
    """The bot behind the levels ``easy`` and ``normal`` (``hard`` is the bot ``expert``)."""
    styles: tuple[str, ...] = ()
    """The style bots the levels are measured against (the gauntlet), besides ``random``."""
    narrator: str | None = None
    """Reference to a class taking ``(lang, viewer)`` and giving a :class:`kakehiki.narrate.Narrator`."""
    encoder: str | None = None
    """Reference to the observation encoder class (:class:`kakehiki.rl.obs.Encoder`), taking ``players``."""
    kernel: str | None = None
    """Reference to the compiled engine's batch class (:mod:`kakehiki.fast.engines`)."""
    words: Mapping[str, str] = field(default_factory=dict)
    """Japanese words for the game's verbs (:mod:`kakehiki.textin`), beside the common ones."""
    common_words: bool = True
    """Whether the common words (pass, play) apply to this game too."""
    hand_total: str | None = None
    """Reference to ``f(hand) -> int``, where the game counts a hand (shown to its owner)."""
    brief: str | None = None
    """Reference to ``f(words) -> bool``: whether a move (its words) is listed in a short list."""
    pick: str = "play {cards}"
    """How cards picked at the table are written as a move when they make no legal one."""
    order: int = 100
    """Where a list of games for people (the lobby) puts it: lower first, ties by id."""
    page: str | None = None
    """The page's renderer of the game's table: a native ES module in the game's folder (``"page.js"``),
    served at ``/games/<id>/page.js`` and loaded by the browser table when a room of the game opens
    (its convention: ``server/static/kit.js``).  None: the page's plain renderer."""

    @property
    def id(self) -> str:
        return self.game.id

    def load(self, reference: str) -> Any:
        """The object a reference names, importing its module."""
        module, _, name = reference.partition(":")
        found: Any = importlib.import_module(module, self.package) if module else self.module()
        for part in name.split("."):
            found = getattr(found, part)
        return found

    def maybe(self, reference: str | None) -> Any | None:
        return None if reference is None else self.load(reference)

    def module(self) -> ModuleType:
        return importlib.import_module(self.package)


@cache
def _discovered() -> dict[str, GameManifest]:
    found: dict[str, GameManifest] = {}

    def add(source: object, where: str) -> None:
        manifest = source if isinstance(source, GameManifest) else getattr(source, "MANIFEST", None)
        if not isinstance(manifest, GameManifest):
            raise TypeError(f"{where}: no MANIFEST (a kakehiki.manifest.GameManifest)")
        if manifest.id in found:
            raise ValueError(f"game id {manifest.id!r} declared twice ({where})")
        found[manifest.id] = manifest

    import kakehiki.games

    for info in pkgutil.iter_modules(kakehiki.games.__path__):
        if info.ispkg and not info.name.startswith("_"):
            name = f"kakehiki.games.{info.name}"
            add(importlib.import_module(name), name)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        add(entry.load(), f"entry point {entry.name} = {entry.value}")
    return dict(sorted(found.items()))


def manifests() -> tuple[GameManifest, ...]:
    """Every game's manifest, by game id."""
    return tuple(_discovered().values())


def manifest(game_id: str) -> GameManifest:
    """The manifest of ``game_id``; :class:`kakehiki.registry.UnknownGameError` for another id."""
    found = _discovered().get(game_id)
    if found is None:
        raise unknown_game(game_id, _discovered())
    return found


def find(game_id: str) -> GameManifest | None:
    return _discovered().get(game_id)


def text_folder(manifest: GameManifest) -> Traversable:
    """The folder of the game's texts, ``text/`` in its package: ``rules_<lang>.md`` (the player's
    rules) and ``messages_<lang>.json`` (its messages, :mod:`kakehiki.i18n`)."""
    return files(manifest.package).joinpath("text")


class ByGame(Mapping[str, V], Generic[V]):
    """A read-only map game id → one thing of each manifest that has it, read when first used
    (``ENCODERS``, ``ENGINES``, ...: the maps once kept by hand, now made from the manifests)."""

    def __init__(self, pick: Callable[[GameManifest], V | None]) -> None:
        self._pick = pick
        self._made: tuple[object, Mapping[str, V]] | None = None

    def _items(self) -> Mapping[str, V]:
        """Made once for the games found, and again only if they are looked for again (a test
        that adds a game clears the discovery's cache; a host asks this for every move)."""
        found = _discovered()
        if self._made is None or self._made[0] is not found:
            picked = {m.id: v for m in found.values() if (v := self._pick(m)) is not None}
            self._made = (found, MappingProxyType(picked))
        return self._made[1]

    def __getitem__(self, game_id: str) -> V:
        return self._items()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __repr__(self) -> str:
        return repr(dict(self._items()))


__all__ = ["ENTRY_POINT_GROUP", "ByGame", "GameManifest", "find", "manifest", "manifests", "text_folder"]
