"""Uniform-random playout speed of the reference engine, every registered game.

For each game, ``--games`` whole games at its default table (seeds ``--seed`` onwards) are
played with a uniformly random choice among the first actor's legal actions at every
decision (a :class:`random.Random` per game, seeded like the deal), one process, one core,
timed with :func:`time.process_time` (CPU time of this process: a loaded shared machine slows it
less than the wall clock, and every ratio is one of CPU times).  The timed region covers
``game.new`` (shuffle and
deal) and the play to the end.  One step is one ``game.apply``.

It uses only ``get_game``, ``new``, ``actors``, ``legal_actions`` and ``apply``, so the same
script times any commit of the project: run it in two checkouts side by side to compare.
A game's step is its own unit; when a game's version changes what one action is (a play
of several cards made card by card), compare games/s as well as steps/s.

    python benchmarks/bench_playout.py                 # 200 games of each game
    python benchmarks/bench_playout.py --games 50 --only dobon doubt
    python benchmarks/bench_playout.py --json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from kakehiki.registry import game_ids, get_game


def play_one(game: Any, seed: int) -> int:
    """Play one game to its end with uniform-random choices; return the steps taken."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    steps = 0
    while True:
        actors = game.actors(state)
        if not actors:
            return steps
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        steps += 1


def measure(game_id: str, games: int, seed: int) -> dict[str, Any]:
    game = get_game(game_id)
    for warm in range(3):
        play_one(game, 10**6 + warm)
    steps = 0
    start = time.process_time()
    for i in range(games):
        steps += play_one(game, seed + i)
    seconds = time.process_time() - start
    return {"game": game_id, "version": game.version, "games": games, "steps": steps, "seconds": seconds,
            "steps_per_s": steps / seconds, "games_per_s": games / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game id (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--only", nargs="*", default=None, help="game ids to time (default: all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = [measure(g, args.games, args.seed) for g in (args.only or game_ids())]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':<15}{'version':>8}{'games':>7}{'steps':>10}{'seconds':>9}{'steps/s':>10}{'games/s':>9}")
    for r in rows:
        print(f"{r['game']:<15}{r['version']:>8}{r['games']:>7}{r['steps']:>10}{r['seconds']:>9.2f}"
              f"{r['steps_per_s']:>10.0f}{r['games_per_s']:>9.1f}")


if __name__ == "__main__":
    main()
