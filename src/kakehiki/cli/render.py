"""Turning a game's views and events into lines of text, dispatched on the game id.

A game gets readable output from a module ``kakehiki.cli.render_<package>``
(``<package>`` is the game id with ``-`` as ``_``) that defines ``RENDERER``, a
callable taking the viewing seat; any other game falls back to
:class:`PlainRenderer`, which prints the view's and events' ``to_dict()``.
Renderers only ever receive a view (``game.view(state, seat)``) and events
already censored with ``seen_by``: they cannot leak hidden cards.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kakehiki.core import Action, Event, jsonable
from kakehiki.i18n import t


class Renderer(Protocol):
    """Made for one viewing seat (``None``: a spectator)."""

    def view(self, view: Any, labels: Sequence[str]) -> list[str]:
        """The lines describing what the viewing seat sees; ``labels[seat]`` names each seat."""
        ...

    def prompt(self, view: Any, legal: Sequence[Action]) -> str:
        """One line saying what kind of decision the viewing seat faces (its turn, an out-of-turn offer)."""
        ...

    def event(self, event: Event, labels: Sequence[str]) -> str | None:
        """One line for an (already censored) event, or ``None`` to say nothing."""
        ...


class PlainRenderer:
    """For games without their own renderer: the data as compact JSON."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer

    def prompt(self, view: Any, legal: Sequence[Action]) -> str:
        return t("play.your_move")

    def view(self, view: Any, labels: Sequence[str]) -> list[str]:
        data = view.to_dict() if hasattr(view, "to_dict") else jsonable(view)
        return [json.dumps(data, ensure_ascii=False)]

    def event(self, event: Event, labels: Sequence[str]) -> str | None:
        return json.dumps(event.to_dict(), ensure_ascii=False)


def renderer_for(game_id: str, viewer: int | None) -> Renderer:
    try:
        module = importlib.import_module(f"kakehiki.cli.render_{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return PlainRenderer(viewer)
    factory: Callable[[int | None], Renderer] = module.RENDERER
    return factory(viewer)
