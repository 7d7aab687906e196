"""The pace of a table with people, at the default settings a server gives a room (issue 29).

Each game is hosted on a real :class:`kakehiki.table.Table` with the clocks a room gets by default
(``RoomSettings().clocks``: the game's own window of calls, bots
shown ``pace`` apart, a minute a move) and with spectators allowed (``pace_always``), on a
simulated clock: nothing here sleeps, so a 15-minute game takes well under a second.

The people are scripted at a human pace, deciding as the ``normal`` bot would: a move on
their turn after 2-5 s, a call or an answer to a window they are asked in after 0.6-2 s.
A person with nothing to call says nothing (as people do), so a window without a person's
call runs its full length.  Two figures per game:

* seconds per action that waits for no person: the time from the change a move answers to
  the move, where no person had a choice on that state (the bots' moves, the host's);
* minutes per game, and steps per game.

    PYTHONPATH=src python benchmarks/pace.py                        # Dobon and Doubt, 4 seats, 2 people
    PYTHONPATH=src python benchmarks/pace.py --game doubt --games 40 --people 2 --players 4
    PYTHONPATH=src python benchmarks/pace.py --game dobon -o official=true
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kakehiki import get_game
from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Game
from kakehiki.driver import decide
from kakehiki.server.settings import RoomSettings
from kakehiki.table import Table

TURN_THINK = (2.0, 5.0)
"""Seconds a scripted person takes over a move on its turn."""
CALL_THINK = (0.6, 2.0)
"""Seconds a scripted person takes to call, or to answer a window it is asked in."""


class SimClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Person:
    """A scripted person: decides as ``normal`` would, at a human pace, on the state it was shown."""

    seat: int
    bot: Bot
    rng: random.Random
    planned: tuple[float, int, tuple[Action, ...]] | None = None  # (when, at, move)

    def plan(self, table: Table, now: float) -> None:
        game, state = table.game, table.state
        self.planned = None
        if self.seat not in game.actors(state):
            return
        move = whole_move(game, state, self.seat, self.bot, self.rng)
        think = TURN_THINK if game.turn_seat(state) == self.seat else CALL_THINK
        self.planned = (now + self.rng.uniform(*think), table.seq, move)


def whole_move(game: Game[Any, Any, Any], state: Any, seat: int, bot: Bot, rng: random.Random) -> tuple[Action, ...]:
    steps: list[Action] = []
    while True:
        action = decide(game, state, seat, bot, rng)
        steps.append(action)
        if not game.continues(state, seat, action):
            return tuple(steps)
        state, _ = game.apply(state, seat, action)


@dataclass
class GamePace:
    seconds: float = 0.0
    steps: int = 0
    unwaited: list[float] = field(default_factory=list)
    """Seconds from each change to the move that answered it, where no person had a choice."""


def play_one(game_id: str, players: int, people: int, options: dict[str, Any], seed: int) -> GamePace:
    game = get_game(game_id)
    state = game.new(players=players, options=options, seed=seed)
    clock = SimClock()
    clocks = RoomSettings().clocks
    bots = {s: make_bot(game_id, "normal") for s in range(people, players)}
    table = Table(game, state, clocks, clock, bots=bots, seed=seed, pace_always=True)
    crowd = [Person(s, make_bot(game_id, "normal"), random.Random(seed * 100 + s)) for s in range(people)]
    pace, seen, opened = GamePace(), -1, 0.0
    asked_person = False
    while not table.over and clock.now < 6 * 3600:
        if table.seq != seen:  # a change: people look at it; note when it came and who may answer
            if seen >= 0 and not asked_person:
                pace.unwaited.append(clock.now - opened)
            seen, opened = table.seq, clock.now
            asked_person = any(s in table.game.actors(table.state) for s in range(people))
            for person in crowd:
                person.plan(table, clock.now)
        due = [t for t in (table.next_deadline(),) if t is not None]
        due += [p.planned[0] for p in crowd if p.planned is not None]
        if not due:
            raise RuntimeError(f"{game_id} seed {seed}: the table waits for nothing at step {table.seq}")
        clock.now = max(clock.now, min(due))
        for person in crowd:
            if person.planned is not None and person.planned[0] <= clock.now:
                _, at, move = person.planned
                person.planned = None
                table.submit(person.seat, move, at)
        table.poll()
    pace.seconds, pace.steps = clock.now, table.seq
    return pace


def report(game_id: str, players: int, people: int, options: dict[str, Any], games: int, seed: int) -> None:
    paces = [play_one(game_id, players, people, options, seed + i) for i in range(games)]
    unwaited = [s for p in paces for s in p.unwaited]
    minutes = [p.seconds / 60 for p in paces]
    steps = [p.steps for p in paces]
    shown = " ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(f"{game_id}, {players} seats, {people} people, {shown}: {games} games")
    print(f"  per action that waits for no person: mean {statistics.fmean(unwaited):.2f} s, "
          f"median {statistics.median(unwaited):.2f} s, max {max(unwaited):.2f} s ({len(unwaited)} actions)")
    print(f"  minutes per game: median {statistics.median(minutes):.1f}, mean {statistics.fmean(minutes):.1f}, "
          f"max {max(minutes):.1f}; steps per game: mean {statistics.fmean(steps):.0f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game id (repeatable; default: dobon and doubt)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--people", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", dest="options", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.options:
        name, _, value = item.partition("=")
        options[name] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    for game_id in args.game or ["dobon", "doubt"]:
        report(game_id, args.players, args.people, options, args.games, args.seed)


if __name__ == "__main__":
    main()
