"""Writing a guide: play a deal on a table as a learn room does and note every answer.

``python -m kakehiki.learn.author GAME SEED ASKS [--players N] [--at K=MOVE ...]`` plays the deal
``SEED`` with the learner (seat 0) making the ``normal`` bot's moves, except the moves ``--at``
gives for its K-th decision, and the other seats the ``easy`` level's, until the learner has
been asked ``ASKS`` times.  It prints the guide's JSON (the reasons left to write) and, on
stderr, what the learner sees at each decision, to write them from.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Game
from kakehiki.driver import decide
from kakehiki.learn.lesson import EASY, LEARNER
from kakehiki.narrate import Narrator, narrator_for
from kakehiki.registry import get_game
from kakehiki.rng import derive
from kakehiki.table import Clocks, Notice, Table


@dataclass
class Recorder:
    """A bot that notes each step it answers, by the table's ``seq``."""

    bot: Bot
    seat: int
    table: list[Table]
    noted: dict[int, list[str]] = field(default_factory=dict)
    name: str = EASY

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        self.noted.setdefault(len(self.table[0].actions), []).append(str(action))
        return action


def tell(table: Table, narrator: Narrator, labels: list[str]) -> None:
    """What the learner is told, on stderr."""
    for message in table.inbox(LEARNER):
        line = message.text if isinstance(message, Notice) else narrator.event(message, labels)
        print("  ", line, file=sys.stderr)


def whole_move(game: Game[Any, Any, Any], table: Table, bot: Bot, rng: random.Random) -> str:
    state, steps = table.state, []
    while True:
        action = decide(game, state, LEARNER, bot, rng)
        steps.append(action)
        if not game.continues(state, LEARNER, action):
            return game.move_text(steps)
        state, _ = game.apply(state, LEARNER, action)


def author(game_id: str, seed: int, players: int, asks: int, chosen: dict[int, str],
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    game = get_game(game_id)
    state, _ = game.start(players=players, options=options, seed=seed)
    holder: list[Table] = []
    recorders = {s: Recorder(make_bot(game_id, EASY), s, holder) for s in range(1, players)}
    clock = [0.0]
    table = Table(game, state, Clocks(grace=None), lambda: clock[0], bots=dict(recorders), seed=seed,
                  fallback_bot=EASY, pace_always=True)
    holder.append(table)
    narrator = narrator_for(game_id, "en", LEARNER)
    labels = ["you", *(f"bot {s}" for s in range(1, players))]
    learner, rng = make_bot(game_id, "normal"), derive(seed, "learner")
    made: list[dict[str, Any]] = []
    while len(made) < asks and not table.over:
        clock[0] += 1.0
        table.poll()
        tell(table, narrator, labels)
        if LEARNER not in game.actors(table.state) or any(m["at"] == table.seq for m in made):
            continue
        move = chosen.get(len(made) + 1) or whole_move(game, table, learner, rng)
        print(f"--- ask {len(made) + 1} at {table.seq}:", file=sys.stderr)
        for line in narrator.view(game.view(table.state, LEARNER), labels):
            print("   |", line, file=sys.stderr)
        print("   legal:", [game.move_text(m) for m in list(game.legal_moves(table.state, LEARNER))[:30]],
              "->", move, file=sys.stderr)
        made.append({"at": table.seq, "move": move, "why": {"en": "TODO", "ja": "TODO"}})
        notice = table.submit(LEARNER, move, at=table.seq)
        assert notice.kind == "accepted", notice
    clock[0] += 1.0
    table.poll()
    tell(table, narrator, labels)
    end = table.seq
    bots = [{"at": at, "seat": r.seat, "steps": steps}
            for r in recorders.values() for at, steps in sorted(r.noted.items()) if at < end]
    return {"game": game_id, "seed": seed, "players": players, "options": options or {}, "end": end,
            "asks": made, "bots": sorted(bots, key=lambda b: (b["at"], b["seat"])), "words": {}}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("seed", type=int)
    parser.add_argument("asks", type=int)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--at", action="append", default=[], metavar="K=MOVE")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    chosen = {int(k): v for k, _, v in (item.partition("=") for item in args.at)}
    options = {k: json.loads(v) for k, _, v in (item.partition("=") for item in args.option)}
    made = author(args.game, args.seed, args.players, args.asks, chosen, options)
    print(json.dumps(made, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
