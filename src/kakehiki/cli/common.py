"""Pieces every command shares: language, one-line errors, and looking up games, options and bots.

Every lookup goes through :mod:`kakehiki.registry` and :mod:`kakehiki.bots`, so a
newly registered game works with every command unchanged.  Bad input ends the
command with a one-line message on stderr and exit status 2 (no traceback).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.console import Console

from kakehiki import narrate
from kakehiki.bots import Bot, make_bot
from kakehiki.cli.lang import language, set_language, t
from kakehiki.core import Event, Game, Result
from kakehiki.errors import KakehikiError, OptionError
from kakehiki.i18n import detect_language
from kakehiki.options import parse_assignments, resolve_options
from kakehiki.registry import UnknownGameError, game_ids, get_game
from kakehiki.rulesets import with_rule_set
from kakehiki.suggest import closest

if TYPE_CHECKING:
    from kakehiki.cluster import RayExecutor

USAGE_ERROR = 2


class Lang(StrEnum):
    en = "en"
    ja = "ja"


class Engine(StrEnum):
    """``kakehiki sim --engine``: the rules engine, or the compiled batch engine (``kakehiki.fast``)."""

    reference = "reference"
    fast = "fast"


def use_language(lang: Lang | None) -> None:
    """``--lang`` if given, else the locale's language."""
    set_language(lang.value if lang is not None else detect_language())


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code)


@contextmanager
def joined(ray: str | None) -> Iterator[RayExecutor | None]:
    """The Ray cluster ``--ray`` names (``local``: one started for the command), or None; a
    missing Ray or an unreachable cluster is a clear failure."""
    from kakehiki.cluster import ClusterError, maybe_ray_pool

    try:
        with maybe_ray_pool(ray) as pool:
            yield pool
    except ClusterError as exc:
        fail(t("error.ray", message=str(exc)))


def console(stderr: bool = False) -> Console:
    """A console on the current stdout/stderr (made per command so test runners capture it); no markup
    parsing, so text such as `[J5]` prints as it is."""
    return Console(stderr=stderr, highlight=False, markup=False, soft_wrap=True)


def hint(name: str, known: Sequence[str]) -> str:
    """`` (did you mean 'x'?)`` in the command's language, for the known name closest to ``name``."""
    found = closest(name, known, 1)
    return t("error.did_you_mean", name=found[0]) if found else ""


def load_game(game_id: str) -> Game[Any, Any, Any]:
    try:
        return get_game(game_id)
    except UnknownGameError:
        known = game_ids()
        fail(t("error.unknown_game", game=game_id, hint=hint(game_id, known), known=", ".join(known)))


def parse_options(game: Game[Any, Any, Any], pairs: Sequence[str] | None, rules: str | None = None) -> dict[str, str]:
    """The options of rule set ``rules`` (``--rules``; none: the defaults) changed by ``-o NAME=VALUE``
    pairs, checked against the game's options now rather than mid-run."""
    known = [r.id for r in game.rule_sets]
    if rules is not None and rules.strip().lower() not in known:
        fail(t("error.rule_set", name=rules, game=game.id, hint=hint(rules, known), known=", ".join(known)))
    try:
        given = with_rule_set(game.rule_sets, rules, parse_assignments(pairs or ()))
        resolve_options(game.options, given)
    except OptionError as exc:
        fail(t("error.option", option=exc.option, message=str(exc)))
    return given


def player_count(game: Game[Any, Any, Any], players: int | None) -> int:
    count = game.default_players if players is None else players
    if not game.min_players <= count <= game.max_players:
        fail(t("error.players", game=game.id, low=game.min_players, high=game.max_players, got=count))
    return count


def new_state(game: Game[Any, Any, Any], players: int, options: Mapping[str, str], seed: int) -> Any:
    """The first state; options that depend on the player count are only checked here."""
    return start_game(game, players, options, seed)[0]


def start_game(
    game: Game[Any, Any, Any], players: int, options: Mapping[str, str], seed: int
) -> tuple[Any, tuple[Event, ...]]:
    """The first state and the events of setting up (seat draw, deal, first card)."""
    try:
        return game.start(players, options, seed=seed)
    except OptionError as exc:
        fail(t("error.option", option=exc.option, message=str(exc)))


def bot_names_for(spec: str, seats: int) -> list[str]:
    """One name fills every seat; otherwise exactly one name per seat."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        fail(t("error.bot_count", given=len(names), seats=seats))
    return names


def make_bots(game_id: str, names: Sequence[str]) -> list[Bot]:
    try:
        return [make_bot(game_id, name) for name in names]
    except KakehikiError as exc:
        fail(t("error.bot", message=str(exc)))


def random_seed() -> int:
    return secrets.randbelow(2**31)


def reason_text(reason: str) -> str:
    return narrate.reason_text(reason, lang=language())


def result_lines(result: Result, labels: Sequence[str], game_id: str | None = None) -> list[str]:
    """The result in words, in the command's language (see :func:`kakehiki.narrate.result_lines`)."""
    return narrate.result_lines(result, labels, lang=language(), game_id=game_id)
