"""``kakehiki replay``: check that a record still replays, and show its result.

Exit status (also in ``--help`` and ``docs/core.md``):

* 0 — the record replays and its result matches;
* 1 — it does not replay (unreadable, a field or move refused, a different result):
  one line on stderr naming the field, or the game and move, at fault;
* 2 — bad command-line arguments;
* 3 — it replays, but the game in it is unfinished (``"result": null``).
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
REPLAY_UNFINISHED = 3


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
        data: dict[str, Any] = {"game": game.id, "version": record["version"], "seats": seats, "steps": steps,
                                "finished": result is not None,
                                "result": None if result is None else result.to_dict()}
        typer.echo(json.dumps(data, ensure_ascii=False))
    else:
        out = console()
        out.print(t("replay.ok", path=path, game=game.id, version=record["version"], steps=steps))
        if result is None:
            out.print(t("replay.unfinished"))
        else:
            labels = [t("seat.named", seat=s, name=name) for s, name in enumerate(seats)]
            for line in result_lines(result, labels):
                out.print(line)
    if result is None:
        raise typer.Exit(REPLAY_UNFINISHED)
