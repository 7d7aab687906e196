"""Golden playthroughs (issue 31): a few games of every game played to a fixed script and written
out as text, so that any change of a rule shows as a diff.

Each game's scripts are in ``tests/games/<package>/playthroughs/scripts.json``; each file
``tests/games/<package>/playthroughs/<name>.txt`` holds one game: its setup, then after the deal
and after every step the events caused, the actors, every actor's legal actions (in action-index
order), and every seat's view (and a spectator's), one line each: the whole view after the deal,
then what changed.  The steps are chosen by a seeded generator among the actors and their legal
actions, so the script is the file itself.

    PYTHONPATH=src python tests/playthrough.py --write    # regenerate every file after a rule change
    PYTHONPATH=src python tests/playthrough.py            # say which files differ (exit 1 if any)

``tests/test_playthroughs.py`` checks that the reference reproduces every file, and that the
compiled kernel, in lockstep beside it (``both_engines.py``), offers the same actors and legal
actions at every step and holds the same state.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import kakehiki
from kakehiki.core import Game, jsonable

HERE = Path(__file__).parent / "games"
"""Each game's tests folder: its playthroughs are in ``<package>/playthroughs/``."""


@dataclass(frozen=True)
class Script:
    """One playthrough: the game, its setup and the walk's generator seed and length."""

    game: str
    name: str
    players: int
    seed: int
    walk: int
    steps: int
    options: dict[str, object] = field(default_factory=dict)
    prefer: tuple[str, ...] = ()  # mostly, an action starting with one of these words when offered

    @property
    def path(self) -> Path:
        return HERE / self.game.replace("-", "_") / "playthroughs" / f"{self.name}.txt"


def scripts() -> Iterator[Script]:
    """Every game's scripts, from its ``tests/games/<package>/playthroughs/scripts.json``
    (``{"game": id, "scripts": [{name, players, seed, walk, steps, options?, prefer?}, ...]}``):
    found, not listed here, so a game's playthroughs move with its folder."""
    for path in sorted(HERE.glob("*/playthroughs/scripts.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data["scripts"]:
            yield Script(data["game"], entry["name"], entry["players"], seed=entry["seed"], walk=entry["walk"],
                         steps=entry["steps"], options=entry.get("options", {}),
                         prefer=tuple(entry.get("prefer", ())))


SCRIPTS = tuple(scripts())

Ask = Callable[[Any], tuple[tuple[int, ...], dict[int, list[str]]]]  # state: (actors, each actor's legal actions)


def reference_asks(game: Game[Any, Any, Any]) -> Ask:
    """The reference's actors, and each one's legal actions in action-index order."""
    def ask(state: Any) -> tuple[tuple[int, ...], dict[int, list[str]]]:
        actors, space = game.actors(state), game.action_space(state)
        return actors, {seat: [str(a) for a in sorted(game.legal_actions(state, seat), key=space.index)]
                        for seat in actors}
    return ask


def _line(value: object) -> str:
    return json.dumps(jsonable(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _view(game: Game[Any, Any, Any], state: Any, seat: int | None) -> dict[str, Any]:
    shown = jsonable(game.view(state, seat))
    assert isinstance(shown, dict), shown
    shown.pop("options", None)  # written once, in the header
    return shown


def _changes(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed in a view since the last step: each changed field, a list that grew at its
    end as ``field+`` and the new entries (so a long log is written once)."""
    changed: dict[str, Any] = {}
    for key, value in new.items():
        before = old.get(key)
        if value == before:
            continue
        if isinstance(value, list) and isinstance(before, list) and before and value[: len(before)] == before:
            changed[key + "+"] = value[len(before) :]
        else:
            changed[key] = value
    return _line(changed)


def lines(script: Script, ask: Ask | None = None) -> Iterator[str]:
    """The playthrough's text, line by line; ``ask`` says who acts and what they may do (default:
    the reference; the kernel's in the lockstep test)."""
    game = kakehiki.get_game(script.game)
    asks = ask or reference_asks(game)
    rng = random.Random(script.walk)
    state, events = game.start(script.players, script.options, script.seed)
    yield f"# {script.game} {script.name}: players={script.players} seed={script.seed} walk={script.walk}"
    yield f"options {_line(game.record_header(state).get('options', {}))}"
    label = "deal"
    views: dict[int | None, dict[str, Any]] = {}
    for step in range(script.steps + 1):
        yield f"== {label}"
        yield from (f"event {type(e).__name__} {_line(e)}" for e in events)
        actors, legal = asks(state)
        yield "actors " + " ".join(map(str, actors))
        yield from (f"legal {seat}: " + ", ".join(legal[seat]) for seat in actors)
        for seat in (*range(script.players), None):
            view = _view(game, state, seat)
            yield f"view {'-' if seat is None else seat}: {_changes(views.get(seat, {}), view)}"
            views[seat] = view
        if not actors or step == script.steps:
            result = game.result(state)
            yield f"result {_line(result) if result is not None else 'none (the script stops here)'}"
            return
        seat = actors[0] if rng.random() < 0.5 else rng.choice(actors)
        offered = legal[seat]
        if script.prefer and rng.random() < 0.8:
            offered = [a for a in offered if a.split()[0] in script.prefer] or offered
        action = rng.choice(offered)
        state, events = game.apply(state, seat, action)
        label = f"step {step + 1}: {seat}: {action}"


def text(script: Script, ask: Ask | None = None) -> str:
    return "\n".join(lines(script, ask)) + "\n"


def main(argv: list[str]) -> int:
    write = "--write" in argv
    stale = 0
    for script in SCRIPTS:
        new = text(script)
        old = script.path.read_text(encoding="utf-8") if script.path.exists() else None
        if new == old:
            continue
        stale += 1
        if write:
            script.path.parent.mkdir(parents=True, exist_ok=True)
            script.path.write_text(new, encoding="utf-8")
            print(f"wrote {script.path}")
        else:
            print(f"differs: {script.path}")
    return 0 if write or not stale else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
