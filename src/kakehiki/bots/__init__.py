"""Bots: one interface for every game, bot and (later) RL agent.

A bot sees only what :meth:`Game.view` gives its seat, plus the legal actions,
and draws any randomness from the generator it is handed.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol, TypeAlias, TypeVar

from kakehiki.core import Action
from kakehiki.errors import KakehikiError

V_contra = TypeVar("V_contra", contravariant=True)


class BotOf(Protocol[V_contra]):
    """A bot of a game whose view is ``V_contra`` (``Game[S, A, V]``'s ``V``): ``choose`` picks
    an action from the seat's view.  A bot that never reads the view may say so with a class
    attribute ``sees_view = False``; it is then handed ``None``.

    A game's own bots are typed against its view (``BotOf[DoubtView]``, its ``choose`` taking a
    ``DoubtView``); :data:`Bot` is a bot of any game, as the registry hands them out."""

    @property
    def name(self) -> str:
        """The bot's name (a class attribute, a field or a property: only read)."""
        ...

    def choose(self, view: V_contra, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` (never empty) for the seat ``view`` belongs to."""
        ...


Bot: TypeAlias = BotOf[Any]
"""A bot of any game: what the registry (:func:`make_bot`) and the shared machinery (driver,
tables, arena) hold, where the game is only known by its id."""


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"
    sees_view = False  # it never reads the view: a host need not build one (``driver.decide``)

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def fast_rng(rng: random.Random) -> random.Random:
    """A fast generator for one decision's private sampling, seeded by one 64-bit word of ``rng``.

    The generator a bot is handed is the project's own (:class:`kakehiki.prng.Stream`): SplitMix64
    written in Python, some 18 times slower per draw than CPython's Mersenne Twister, which is
    written in C.  A bot that draws many Monte Carlo samples per decision (the ``hard`` levels)
    calls this once at the start of the decision and draws its samples from what it returns.

    Games stay reproducible: the seed is the next word of the bot's own stream, so the same game
    seed gives the same decisions.  (Across Python versions, CPython promises the same ``random()``
    for the same seed; its other methods, ``randrange``, ``shuffle``, ``sample``, ``choices``, are
    CPython's algorithms, which it may change, as a ``Stream``'s ``sample`` and ``choices`` already
    were.)  Only bots use it: the rules draw every chance event from :mod:`kakehiki.prng`."""
    return random.Random(rng.getrandbits(64))


BotFactory = Callable[[], Bot]
BotLoader = Callable[[str, str], Bot]
"""Makes a bot from a name's argument: ``loader(game_id, argument)`` for ``PREFIX:argument``."""
_BOTS: dict[tuple[str, str], BotFactory] = {}
_LOADERS: dict[str, BotLoader] = {}


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    """Register a bot for one game, or for every game with ``game_id="*"``."""
    _BOTS[(game_id, name)] = factory


def register_loader(prefix: str, loader: BotLoader) -> None:
    """Bots named ``PREFIX:ARGUMENT`` for every game, made by ``loader(game_id, ARGUMENT)``
    (``policy:PATH``, a trained network: :mod:`kakehiki.bots.policy`)."""
    _LOADERS[prefix] = loader


def bot_names(game_id: str) -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted({n for g, n in _BOTS if g in (game_id, "*")} | set(_declared(game_id))))


def make_bot(game_id: str, name: str) -> Bot:
    _load_builtin()
    factory = _BOTS.get((game_id, name)) or _declared(game_id).get(name) or _BOTS.get(("*", name))
    if factory is not None:
        return factory()
    prefix, colon, argument = name.partition(":")
    if colon and prefix in _LOADERS:
        return _LOADERS[prefix](game_id, argument)
    loaders = "".join(f", {p}:…" for p in sorted(_LOADERS))
    raise KakehikiError(f"unknown bot {name!r} for {game_id} (known: {', '.join(bot_names(game_id))}{loaders})")


def _declared(game_id: str) -> dict[str, BotFactory]:
    """The bots ``game_id``'s manifest declares, each a factory importing its module when first made."""
    from kakehiki.manifest import find

    manifest = find(game_id)
    if manifest is None:
        return {}
    return {name: _Declared(manifest.load, reference) for name, reference in manifest.bots.items()}


class _Declared:
    def __init__(self, load: Callable[[str], Any], reference: str) -> None:
        self.load, self.reference = load, reference

    def __call__(self) -> Bot:
        bot: Bot = self.load(self.reference)()
        return bot


@cache
def _load_builtin() -> None:
    """Import every module under ``kakehiki.bots`` once: each registers the bots it offers
    every game (``random``, ``search``, the levels).  A game's own bots are declared by its
    manifest (:mod:`kakehiki.manifest`).  (Scanning the folder for every bot made cost
    ``kakehiki sim`` a sixth of its time.)"""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


register_bot("*", "random", RandomBot)
