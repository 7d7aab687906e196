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
from kakehiki.cli.lang import language, t
from kakehiki.cli.show import Show, enter_to_step, interactive, opening
from kakehiki.errors import RecordError
from kakehiki.fairness import verify
from kakehiki.narrate import narrator_for
from kakehiki.record import Watcher, initial_state, load_record, replay

REPLAY_FAILED = 1
REPLAY_UNFINISHED = 3


def _show(record: dict[str, Any], viewer: int | None) -> Watcher:
    """Shows each move as ``viewer`` (``None``: a spectator) saw it, after the setting up."""
    try:
        game, initial = initial_state(record)
    except RecordError:
        return lambda *_: None  # replay refuses the record itself, naming the field
    seats = record["seats"]
    if viewer is not None and viewer >= len(seats):
        fail(t("error.replay_seat", seat=viewer, seats=len(seats) - 1), code=2)
    out = console()
    labels = [t("seat.named", seat=s, name=str(name)) for s, name in enumerate(seats)]
    show = Show(game, viewer, labels, narrator_for(game.id, language(), viewer), out,
                enter_to_step(out) if interactive() else None)
    show.start(initial, opening(game, initial, len(seats)))
    return show


def _table_show(record: dict[str, Any], viewer: int | None) -> Any:
    """The table screen's recorder of the show (Textual imported only here), or ``None``:
    Textual missing (a one-line hint) or a record whose start is refused (replay names why)."""
    try:
        from kakehiki.tui.replay import Recorder
    except ImportError:
        console(stderr=True).print(t("tui.no_textual"), markup=False)
        return None
    try:
        game, initial = initial_state(record)
    except RecordError:
        return None
    seats = record["seats"]
    if viewer is not None and viewer >= len(seats):
        fail(t("error.replay_seat", seat=viewer, seats=len(seats) - 1), code=2)
    labels = [t("seat.named", seat=s, name=str(name)) for s, name in enumerate(seats)]
    recorder = Recorder(game, viewer, labels, narrator_for(game.id, language(), viewer))
    recorder.start(initial, opening(game, initial, len(seats)))
    return recorder


def _run_table_show(recorder: Any, record: dict[str, Any]) -> None:
    from kakehiki.cli.rules import rules_text
    from kakehiki.tui.replay import run_show

    game, lang = recorder.game, language()
    viewer = t("tui.replay_spectator") if recorder.viewer is None else recorder.labels[recorder.viewer]
    header = t("tui.replay_header", title=game.title(lang), players=len(record["seats"]), viewer=viewer)
    run_show(recorder, header, rules_text(game.id, lang) or "")


def replay_command(
    path: Path, as_json: bool, lang: Lang | None, show: bool = False, seat: int | None = None, plain: bool = False
) -> None:
    use_language(lang)
    try:
        record = load_record(path)
        table = _table_show(record, seat) if show and not plain and not as_json and interactive() else None
        watcher = table if table is not None else _show(record, seat) if show else None
        game, _, result = replay(record, watcher)
    except RecordError as exc:
        fail(t("error.record", path=path, message=str(exc)), code=REPLAY_FAILED)
    if table is not None:
        _run_table_show(table, record)
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
            for line in result_lines(result, labels, game.id):
                out.print(line)
    if result is None:
        raise typer.Exit(REPLAY_UNFINISHED)


def verify_command(path: Path, lang: Lang | None) -> None:
    """``kakehiki verify``: whether a record's deals came from the seed its host committed to."""
    use_language(lang)
    try:
        verdict = verify(load_record(path))
    except RecordError as exc:
        fail(t("error.record", path=path, message=str(exc)), code=REPLAY_FAILED)
    reason = t(f"verify.reason.{verdict.reason}", seed=verdict.seed, hash=verdict.hash[:16])
    if not verdict.fair:
        fail(t("verify.unfair", path=path, reason=reason), code=REPLAY_FAILED)
    console().print(t("verify.fair", path=path, reason=reason), markup=False)

