"""``kakehiki replay``: check that a record still replays, and show its result.

A record that does not replay (a tampered or illegal move, an unknown game
version, a different result) is reported on stderr, naming the failing step,
with exit status 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from kakehiki.cli.common import Lang, console, fail, result_lines, use_language
from kakehiki.errors import RecordError
from kakehiki.i18n import t
from kakehiki.record import load_record, replay

REPLAY_FAILED = 1


def replay_command(path: Path, as_json: bool, lang: Lang | None) -> None:
    use_language(lang)
    try:
        record = load_record(path)
        game, _, result = replay(record)
    except RecordError as exc:
        fail(t("error.record", path=path, message=str(exc)), code=REPLAY_FAILED)
    seats: list[str] = list(record["seats"])
    steps = sum(len(moves) for moves in record["actions"])
    if as_json:
        data: dict[str, Any] = {"game": game.id, "version": game.version, "seats": seats, "steps": steps,
                                "result": None if result is None else result.to_dict()}
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    out = console()
    out.print(t("replay.ok", path=path, game=game.id, version=game.version, steps=steps))
    labels = [t("seat.named", seat=s, name=name) for s, name in enumerate(seats)]
    if result is None:
        out.print(t("replay.unfinished"))
        return
    for line in result_lines(result, labels):
        out.print(line)
