"""Game records: JSON files that replay a game or match exactly (C3).

A record holds ``game``, ``version``, ``options``, ``seats`` (names), ``seed``
(and ``deck`` when the first deal was explicit), ``actions`` — one list per game
of a match, each entry ``[seat, "action text"]`` — and the ``result`` it
reached.  Replaying checks every step and the result; anything that no longer
replays raises :class:`RecordError` naming the step.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kakehiki.cards import Card
from kakehiki.core import Action, Game, Result
from kakehiki.errors import KakehikiError, RecordError
from kakehiki.registry import get_game

FORMAT = "kakehiki-record/1"
REQUIRED = ("game", "version", "options", "seats", "actions")


def make_record(
    game: Game[Any, Any],
    initial: Any,
    actions: Sequence[tuple[int, int, Action]],
    seats: Sequence[str],
    final: Any,
) -> dict[str, Any]:
    """The record of a game from its initial state, its (round, seat, action) list and final state."""
    rounds: list[list[list[object]]] = [[] for _ in range(game.round_of(final) + 1)]
    for round_no, seat, action in actions:
        rounds[round_no].append([seat, str(action)])
    result = game.result(final)
    return {
        "format": FORMAT,
        "game": game.id,
        "version": game.version,
        **game.record_header(initial),
        "seats": list(seats),
        "actions": rounds,
        "result": None if result is None else result.to_dict(),
    }


def save_record(path: Path, record: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def initial_state(record: dict[str, Any]) -> tuple[Game[Any, Any], Any]:
    """Check the header and build the starting state."""
    missing = [k for k in REQUIRED if k not in record]
    if missing or ("seed" not in record and "deck" not in record):
        raise RecordError(f"missing keys: {', '.join(missing or ['seed or deck'])}")
    try:
        game = get_game(str(record["game"]))
    except KakehikiError as exc:
        raise RecordError(str(exc)) from None
    if record["version"] != game.version:
        version = record["version"]
        raise RecordError(f"{game.id} record version {version!r} is unknown (this build plays {game.version})")
    seats = record["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError("seats must be a list of names")
    options = record["options"]
    if not isinstance(options, dict):
        raise RecordError("options must be an object")
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed must be a whole number, got {seed!r}")
    deck = None
    if record.get("deck") is not None:
        try:
            deck = [Card.parse(str(c)) for c in record["deck"]]
        except (KakehikiError, TypeError) as exc:
            raise RecordError(f"deck: {exc}") from None
    try:
        return game, game.new(players=len(seats), options=options, seed=seed, deck=deck)
    except KakehikiError as exc:
        raise RecordError(f"cannot start the game: {exc}") from None


def replay(record: dict[str, Any]) -> tuple[Game[Any, Any], Any, Result | None]:
    """Replay a record; return the game, final state and result, or raise RecordError."""
    game, state = initial_state(record)
    rounds = record["actions"]
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise RecordError("actions must be a list of games, each a list of [seat, action] pairs")
    step = 0
    for round_no, moves in enumerate(rounds):
        for move in moves:
            where = f"game {round_no + 1}, move {step + 1} ({move!r})"
            if game.result(state) is not None:
                raise RecordError(f"{where}: the game was already over", step)
            if game.round_of(state) != round_no:
                raise RecordError(f"{where}: this move belongs to game {game.round_of(state) + 1}", step)
            if not _is_move(move):
                raise RecordError(f"{where}: expected [seat, \"action\"]", step)
            try:
                state, _ = game.apply(state, move[0], move[1])
            except KakehikiError as exc:
                raise RecordError(f"{where}: {exc}", step) from None
            step += 1
    result = game.result(state)
    expected = record.get("result")
    if expected is not None and (result is None or result.to_dict() != expected):
        got = "no result (the game is unfinished)" if result is None else json.dumps(result.to_dict())
        raise RecordError(f"after the last move the result differs from the record: got {got}", step)
    return game, state, result


def _is_move(move: object) -> bool:
    return isinstance(move, list) and len(move) == 2 and isinstance(move[0], int) and isinstance(move[1], str)
