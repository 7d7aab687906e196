"""Game records: JSON files that replay a game or match exactly (C3).

A record (format ``kakehiki-record/3``) holds ``format``, ``game``, ``version``,
``options``, ``seats`` (names), ``seed`` (and ``deck`` when the first deal was
explicit), ``rng`` (the generator that dealt from the seed), ``actions`` — one list per game of a match, each entry
``[seat, "action text"]``, or ``[null, "text"]`` for a host's action (Dobon's
``delay``, J14) — and the ``result`` it reached (``null`` while unfinished).

Replaying checks every field, every step and the result.  Anything that does not
replay raises :class:`RecordError`: one short line naming the field, or the game
and move, at fault.  A game's own failure on a record (a bug) is reported the same
way, with the original exception kept as ``__cause__``.  See ``docs/core.md``.

Formats 1 and 2 have no ``rng``: their games were dealt by the generator before
``splitmix64/1`` (CPython's ``random``), which replays them (:class:`LegacySeed`).
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kakehiki.core import Action, Event, Game, Result
from kakehiki.errors import KakehikiError, RecordError, describe, excerpt
from kakehiki.registry import get_game
from kakehiki.rng import GENERATORS, LEGACY_GENERATOR, generator_of, seed_for

FORMAT = "kakehiki-record/3"
FORMATS = ("kakehiki-record/1", "kakehiki-record/2", FORMAT)
"""Formats this build reads: format 2 is format 3 without ``rng`` (dealt by the legacy
generator), format 1 is format 2 without host actions."""
REQUIRED = ("format", "game", "version", "options", "seats", "actions")
MAX_ACTION_TEXT = 1000
"""The longest action text a record may hold (the longest real one is far shorter)."""
MAX_SEED = 2**64
MAX_DIGITS = 100
"""The longest number a record's JSON may spell (Python refuses to read past 4,300 digits)."""
RESULT_FIELDS = ("winners", "losers", "ranks", "scores", "reason", "rounds")
"""The fields of a result that replay compares.  ``draw`` follows from ``ranks``; it is
compared too, except in records of an older game version (see :data:`LEGACY_READERS`)."""

SkipPredicate = Callable[[Any, int, str], bool]
"""``skips(state, seat, action_text)``: whether an older version's record entry has no
counterpart in this version (replay then steps over it without applying it)."""

LEGACY_READERS: dict[tuple[str, int], SkipPredicate] = {}
"""How to read a record of an older version of a game: ``(game id, version)`` to the
predicate of entries to skip.  A game declares one by a module-level function
``legacy_v{N}_skips(state, seat, action_text) -> bool`` next to its class (found on
demand, see :func:`legacy_reader`); entries put here take precedence."""


def make_record(
    game: Game[Any, Any, Any],
    initial: Any,
    actions: Sequence[tuple[int, int | None, Action | str]],
    seats: Sequence[str],
    final: Any,
    commitment: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The record of a game from its initial state, its (round, seat, action) list and final state.

    A host's action (applied with :meth:`Game.apply_host`) is listed with the seat ``None``.
    A host that committed to the seed before the deal adds its ``commitment``
    (:func:`kakehiki.fairness.commitment_field`), revealing the salt."""
    rounds: list[list[list[object]]] = [[] for _ in range(game.round_of(final) + 1)]
    for round_no, seat, action in actions:
        rounds[round_no].append([seat, str(action)])
    result = game.result(final)
    header = game.record_header(initial)
    return {
        "format": FORMAT,
        "game": game.id,
        "version": game.version,
        **header,
        "rng": generator_of(header.get("seed", 0)),
        "seats": list(seats),
        "actions": rounds,
        "result": None if result is None else result.to_dict(),
        **({} if commitment is None else {"commitment": commitment}),
    }


def save_record(path: Path, record: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load_record(path: Path) -> dict[str, Any]:
    """Read a record file (see :func:`parse_record`), or raise RecordError."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {excerpt(str(exc), 200)}") from None
    return parse_record(text, str(path))


def parse_record(text: str, source: str = "the record") -> dict[str, Any]:
    """A record from its JSON text.  Refuses what JSON itself does not allow (``NaN``,
    ``Infinity``), numbers too large for a double or longer than :data:`MAX_DIGITS`,
    and nesting deeper than Python can read, each in one line."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
    except RecordError as exc:
        raise RecordError(f"{source} is not a record: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} is not JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise RecordError(f"{source} is not a record: its JSON is nested too deeply") from None
    except ValueError as exc:
        raise RecordError(f"{source} is not JSON: {excerpt(str(exc), 100)}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{source}: a record is a JSON object, got {describe(data)}")
    return data


def _refuse_constant(name: str) -> object:
    raise RecordError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"a number of {len(text.lstrip('-')):,} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {excerpt(text, 20)} is out of range")
    return value


# -- the header ----------------------------------------------------------------------------


def initial_state(record: dict[str, Any]) -> tuple[Game[Any, Any, Any], Any]:
    """Check the header and build the starting state."""
    game, _ = _header(record)
    return game, _start(game, record)


def legacy_reader(game: Game[Any, Any, Any], version: int) -> SkipPredicate | None:
    """How this build reads ``game``'s records of an older ``version``, or ``None`` if it cannot."""
    if (game.id, version) in LEGACY_READERS:
        return LEGACY_READERS[game.id, version]
    module = importlib.import_module(type(game).__module__)
    hook = getattr(module, f"legacy_v{version}_skips", None)
    if callable(hook):
        return hook  # type: ignore[no-any-return]
    known = legacy_translator(game) is not None or legacy_settler(game) is not None
    return _skip_nothing if known else None


def _skip_nothing(state: Any, seat: int, text: str) -> bool:
    return False


Translator = Callable[[int, int | None, str], list[str]]
"""``legacy_actions(version, seat, text)``: the texts of this version that do what one
entry of an older version's record did (a game that split a choice into steps)."""


Settler = Callable[[Game[Any, Any, Any], int, Any], tuple[Any, tuple[Event, ...]]]
"""``legacy_settle(game, version, state)``: the moves this version asks for that an older
version made no entry for (seats it did not ask, which now pass), applied after each entry."""


def legacy_translator(game: Game[Any, Any, Any]) -> Translator | None:
    """The game's ``legacy_actions`` (in its game module or its package's ``legacy``), if any."""
    return _legacy_hook(game, "legacy_actions")


def legacy_settler(game: Game[Any, Any, Any]) -> Settler | None:
    """The game's ``legacy_settle`` (in its game module or its package's ``legacy``), if any."""
    return _legacy_hook(game, "legacy_settle")


def _legacy_hook(game: Game[Any, Any, Any], name: str) -> Callable[..., Any] | None:
    module = importlib.import_module(type(game).__module__)
    hook = getattr(module, name, None)
    if hook is None:
        try:
            legacy = importlib.import_module(module.__name__.rsplit(".", 1)[0] + ".legacy")
            hook = getattr(legacy, name, None)
        except ImportError:
            hook = None
    return hook if callable(hook) else None


def _header(record: object) -> tuple[Game[Any, Any, Any], SkipPredicate | None]:
    """The game and, for a record of an older version, its skip predicate; every header field checked."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, got {describe(record)}")
    missing = [k for k in REQUIRED if k not in record]
    if missing or ("seed" not in record and "deck" not in record):
        raise RecordError(f"missing keys: {', '.join(missing or ['seed or deck'])}")
    if not isinstance(record["format"], str) or record["format"] not in FORMATS:
        raise RecordError(f"format must be one of {', '.join(FORMATS)}, got {describe(record['format'])}")
    game_id = record["game"]
    if not isinstance(game_id, str) or len(game_id) > 40:
        raise RecordError(f"game must be a game id, got {describe(game_id)}")
    try:
        game = get_game(game_id)
    except KakehikiError as exc:
        raise RecordError(f"game: {exc}") from None
    skips = _version(game, record["version"])
    seats = record["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"seats must be a list of names, got {describe(seats)}")
    if not isinstance(record["options"], dict):
        raise RecordError(f"options must be an object, got {describe(record['options'])}")
    seed = record.get("seed", 0)
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise RecordError(f"seed must be a whole number below 2**64, got {describe(seed)}")
    _generator(record)
    deck = record.get("deck")
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) and len(c) <= 8 for c in deck)):
        bad = deck if not isinstance(deck, list) else next(c for c in deck if not isinstance(c, str) or len(c) > 8)
        raise RecordError(f"deck must be a list of card texts, got {describe(bad)}")
    return game, skips


def _generator(record: dict[str, Any]) -> str:
    """The generator that dealt the record's games: ``rng``, or the legacy one before format 3."""
    if record["format"] != FORMAT:
        return LEGACY_GENERATOR
    if "rng" not in record:
        raise RecordError(f"missing key: rng (the generator, {GENERATORS[0]} for games of this build)")
    if record["rng"] not in GENERATORS:
        raise RecordError(f"rng must be one of {', '.join(GENERATORS)}, got {describe(record['rng'])}")
    return str(record["rng"])


def _version(game: Game[Any, Any, Any], version: object) -> SkipPredicate | None:
    if type(version) is not int:
        raise RecordError(f"version must be a whole number, got {describe(version)}")
    if version == game.version:
        return None
    if version > game.version:
        raise RecordError(f"{game.id} record version {describe(version)} is newer than this build, which plays "
                          f"version {game.version}: update kakehiki to replay it")
    skips = legacy_reader(game, version) if version >= 1 else None
    if skips is None:
        raise RecordError(f"{game.id} record version {describe(version)} is unknown to this build, which plays "
                          f"version {game.version} and reads no older one")
    return skips


def _start(game: Game[Any, Any, Any], record: dict[str, Any]) -> Any:
    try:
        seed = seed_for(record.get("seed", 0), _generator(record))
        options = record["options"]
        if record["version"] < game.version:
            options = game.legacy_options(record["version"], dict(options))
        return game.new(players=len(record["seats"]), options=options, seed=seed, deck=record.get("deck"))
    except KakehikiError as exc:
        raise RecordError(f"cannot start the game: {_clip(exc)}") from None
    except Exception as exc:  # a bug in the game: say so in one line, keep it as the cause
        raise RecordError(f"cannot start the game: {_crash(game, exc)}") from exc


# -- the moves ------------------------------------------------------------------------------


Watcher = Callable[[int | None, str, Any, tuple[Event, ...]], None]
"""Called after each move a replay applies: ``(seat, action_text, state_after, events)``."""


def replay(record: dict[str, Any], watcher: Watcher | None = None) -> tuple[Game[Any, Any, Any], Any, Result | None]:
    """Replay a record; return the game, final state and result (``None``: the record is of
    an unfinished game, which it says with ``"result": null``), or raise RecordError.
    ``watcher`` sees every move as it is applied (``kakehiki replay --show``)."""
    game, skips = _header(record)
    state = _start(game, record)
    rounds = record["actions"]
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise RecordError(f"actions must be a list of games, each a list of [seat, action] pairs, "
                          f"got {describe(rounds)}")
    host_ok = record["format"] != FORMATS[0]
    players = len(record["seats"])
    step = 0
    for round_no, moves in enumerate(rounds):
        for move in moves:
            where = f"game {round_no + 1}, move {step + 1} ({describe(move, 80)})"
            try:
                seat, text = _move(move, players, host_ok)
                state, events = _apply_move(game, state, round_no, seat, text, skips, record["version"])
            except KakehikiError as exc:
                raise RecordError(f"{where}: {_clip(exc)}", step) from None
            except Exception as exc:  # a bug in the game: say so in one line, keep it as the cause
                raise RecordError(f"{where}: {_crash(game, exc)}", step) from exc
            if watcher is not None:
                watcher(seat, text, state, events)
            step += 1
    _check_games(game, state, len(rounds), step)
    return game, state, _check_result(game, state, record, skips is not None, step)


def _check_games(game: Game[Any, Any, Any], state: Any, listed: int, step: int) -> None:
    """``actions`` lists one entry per game dealt (the last may be empty, just dealt): none past it."""
    try:
        dealt = game.round_of(state) + 1
    except Exception as exc:  # a bug in the game
        raise RecordError(f"after the last move: {_crash(game, exc)}", step) from exc
    if listed > dealt:
        raise RecordError(f"actions lists {listed} games, but play stopped in game {dealt}: game {dealt + 1} "
                          f"was never dealt (a record lists the games played, no empty ones after them)", step)


def _move(move: object, players: int, host_ok: bool) -> tuple[int | None, str]:
    if not isinstance(move, list) or len(move) != 2:
        raise RecordError('expected [seat, "action"]')
    seat, text = move
    if seat is None and not host_ok:
        raise RecordError(f"a host's action (seat null) needs format {FORMATS[1]} or later")
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise RecordError(f"seat must be a seat number 0–{players - 1}, or null for the host, got {describe(seat)}")
    if not isinstance(text, str):
        raise RecordError(f"the action must be text, got {describe(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise RecordError(f"the action is {len(text):,} characters long (at most {MAX_ACTION_TEXT:,})")
    return seat, text


def _apply_move(
    game: Game[Any, Any, Any], state: Any, round_no: int, seat: int | None, text: str, skips: SkipPredicate | None,
    version: int,
) -> tuple[Any, tuple[Event, ...]]:
    if game.result(state) is not None:
        raise RecordError("the game was already over")
    current = game.round_of(state)
    if current != round_no:
        raise RecordError(f"this move belongs to game {current + 1}")
    if seat is None:
        return game.apply_host(state, text)
    if skips is None:  # one step as the table stores it, or a whole move written as a person would
        return _apply_steps(game, state, seat, game.parse_move(text))
    if skips(state, seat, text):  # older versions had no host actions to skip
        return state, ()
    translate = legacy_translator(game)
    events: tuple[Event, ...] = ()
    for step in translate(version, seat, text) if translate is not None else [text]:
        state, caused = game.apply(state, seat, step)
        events += caused
    settle = legacy_settler(game)
    if settle is not None:
        state, caused = settle(game, version, state)
        events += caused
    return state, events


def _apply_steps(
    game: Game[Any, Any, Any], state: Any, seat: int, steps: Sequence[Any]
) -> tuple[Any, tuple[Event, ...]]:
    events: tuple[Event, ...] = ()
    for step in steps:
        state, caused = game.apply(state, seat, step)
        events += caused
    return state, events


def _check_result(
    game: Game[Any, Any, Any], state: Any, record: dict[str, Any], legacy: bool, step: int
) -> Result | None:
    """A finished game's record must carry its result, equal to the replayed one; an
    unfinished game's must say ``"result": null`` (or leave it out)."""
    try:
        result = game.result(state)
        got = None if result is None else result.to_dict()
    except Exception as exc:  # a bug in the game
        raise RecordError(f"after the last move: {_crash(game, exc)}", step) from exc
    expected = record.get("result")
    if expected is not None and not isinstance(expected, dict):
        raise RecordError(f"result must be an object, or null for an unfinished game, got {describe(expected)}")
    if result is None or got is None:
        if expected is not None:
            raise RecordError("after the last move the game is unfinished, but the record gives a result", step)
        return None
    if expected is None:
        raise RecordError("after the last move the game is over, but the record has no result "
                          "(a finished game's record must carry it)", step)
    unknown = [k for k in expected if k not in (*RESULT_FIELDS, "draw")]
    if unknown:
        raise RecordError(f"result has unknown keys {', '.join(excerpt(k, 30) for k in unknown[:3])}"
                          f"{' …' if len(unknown) > 3 else ''} (a result holds {', '.join(RESULT_FIELDS)}, draw)", step)
    fields = RESULT_FIELDS if legacy else (*RESULT_FIELDS, "draw")
    differ = [k for k in fields if expected.get(k) != got[k]]
    if differ:
        first = differ[0]
        raise RecordError(f"after the last move the result differs from the record in {', '.join(differ)}: "
                          f"{first} is {describe(got[first])}, the record says {describe(expected.get(first))}", step)
    return result


def _clip(exc: BaseException, limit: int = 300) -> str:
    """An error's message on one line and at most ``limit`` characters."""
    try:
        text = " ".join(str(exc).split())
    except Exception:  # a message that cannot even be made
        text = type(exc).__name__
    return text if len(text) <= limit else text[:limit] + "…"


def _crash(game: Game[Any, Any, Any], exc: BaseException) -> str:
    return f"{game.id} failed ({type(exc).__name__}: {_clip(exc, 120)}): a bug in the game, please report it"
