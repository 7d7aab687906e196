"""The view as a typed contract (issue 31 item 3): a game declares its view type once, as the third
parameter of its class statement (``class DoubtGame(StandardGame[DoubtState, DoubtAction,
DoubtView])``), and its bots, narrator and encoder are typed against that view.

Two checks: at run time over every discovered game (so a new game is held to it without a line
here), the annotations of its manifest's bots, narrator and encoder name the declared view (or,
for a part that never reads it, ``object``); and, for mypy (``mypy --strict`` covers ``tests/``),
each game's own bot, narrator and encoder go through :func:`one_decision` with the game, which
pins them to the game's view (a part typed against another view fails the type check)."""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from kakehiki.bots import BotOf
from kakehiki.core import Action, Game
from kakehiki.games.dhumbal import DHUMBAL
from kakehiki.games.dhumbal.bots.heuristic import ThresholdBot
from kakehiki.games.dhumbal.narrate import DhumbalNarrator
from kakehiki.games.dhumbal.obs import DhumbalEncoder
from kakehiki.games.dobon.bots.heuristic import DobonRuleBot
from kakehiki.games.dobon.narrate import DobonNarrator
from kakehiki.games.dobon.obs import DobonEncoder
from kakehiki.games.dobon.rules.game import DOBON
from kakehiki.games.dobon_arith.bots.heuristic import ArithRuleBot
from kakehiki.games.dobon_arith.narrate import ArithNarrator
from kakehiki.games.dobon_arith.obs import ArithEncoder
from kakehiki.games.dobon_arith.rules.game import DOBON_ARITH
from kakehiki.games.doubt import DOUBT_GAME
from kakehiki.games.doubt.bots.heuristic import CountBot
from kakehiki.games.doubt.narrate import DoubtNarrator
from kakehiki.games.doubt.obs import DoubtEncoder
from kakehiki.games.million_doubt import MILLION_DOUBT
from kakehiki.games.million_doubt.bots.heuristic import MillionDoubtHeuristicBot
from kakehiki.games.million_doubt.narrate import MillionDoubtNarrator
from kakehiki.games.million_doubt.obs import MillionDoubtEncoder
from kakehiki.manifest import GameManifest, manifests
from kakehiki.narrate import NarratorOf
from kakehiki.rl.obs import Encoder
from kakehiki.rl.obs.layout import SeatView

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=SeatView)
MANIFESTS = manifests()
IDS = [m.id for m in MANIFESTS]


def declared_view(game: Game[Any, Any, Any]) -> type:
    """The ``V`` of the ``Game[S, A, V]`` (or ``StandardGame[S, A, V]``) the game's class names."""
    for klass in type(game).__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            if isinstance(origin, type) and issubclass(origin, Game):
                view = typing.get_args(base)[2]
                if isinstance(view, type):
                    return view
    raise AssertionError(f"{game.id}: its class names no view type (Game[S, A, V])")


def takes_view(function: object, view: type, where: str) -> None:
    hint = typing.get_type_hints(function).get("view")
    assert isinstance(hint, type), f"{where}: its view is annotated {hint!r}, not a class"
    assert issubclass(view, hint), f"{where} takes a {hint.__name__}, not the game's {view.__name__}"


@pytest.mark.parametrize("found", MANIFESTS, ids=IDS)
def test_every_game_declares_the_view_its_view_method_gives(found: GameManifest) -> None:
    game = found.game
    view = declared_view(game)
    for seat in (0, None):
        assert isinstance(game.view(game.new(seed=3), seat), view)


@pytest.mark.parametrize("found", MANIFESTS, ids=IDS)
def test_every_bot_narrator_and_encoder_of_a_game_reads_its_declared_view(found: GameManifest) -> None:
    view = declared_view(found.game)
    for name, reference in found.bots.items():
        takes_view(found.load(reference).choose, view, f"{found.id} bot {name}")
    if found.narrator is not None:
        narrator = found.load(found.narrator)
        takes_view(narrator.view, view, f"{found.id} narrator")
        takes_view(narrator.prompt, view, f"{found.id} narrator's prompt")
    if found.encoder is not None:
        encoder = found.load(found.encoder)
        params = [typing.get_args(base) for klass in encoder.__mro__ for base in getattr(klass, "__orig_bases__", ())
                  if isinstance(typing.get_origin(base), type) and issubclass(typing.get_origin(base), Encoder)]
        assert params and params[0] == (view,), f"{found.id} encoder: {params[0] if params else 'no Encoder[V]'}"


def one_decision(
    game: Game[S, A, V], bot: BotOf[V], narrator: Callable[[str, int | None], NarratorOf[V]],
    encoder: Callable[[int], Encoder[V]],
) -> None:
    """The first actor's view of a new game, read by the game's bot, narrator and encoder: mypy
    pins ``V`` to the game's declared view, so a part typed against another view fails the check."""
    state = game.new(seed=1)
    seat = game.actors(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    assert bot.choose(view, legal, random.Random(1)) in legal
    words = narrator("en", seat)
    assert words.view(view, [f"Seat {s + 1}" for s in range(game.players(state))]) and words.prompt(view, legal)
    observer = encoder(game.players(state))
    assert observer.encode(view).shape == (observer.size,)


def test_each_games_parts_are_typed_against_its_view() -> None:
    one_decision(DOBON, DobonRuleBot(), DobonNarrator, DobonEncoder)
    one_decision(DOBON_ARITH, ArithRuleBot(), ArithNarrator, ArithEncoder)
    one_decision(DOUBT_GAME, CountBot(), DoubtNarrator, DoubtEncoder)
    one_decision(MILLION_DOUBT, MillionDoubtHeuristicBot(), MillionDoubtNarrator, MillionDoubtEncoder)
    one_decision(DHUMBAL, ThresholdBot(), DhumbalNarrator, DhumbalEncoder)
