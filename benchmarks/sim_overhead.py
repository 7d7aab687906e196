"""What ``kakehiki sim`` adds to a bare playout, with random bots, every registered game.

Three loops play games from the same seeds, one process, interleaved in ``--rounds`` slices:

* ``bare, first actor`` — ``bench_playout.py``'s loop: the first actor alone is asked at each
  step, uniformly (its games are mostly longer: no call out of turn is ever made).
* ``bare, every actor`` — the games ``sim --bots random,...`` plays, written as plainly as
  possible: ``game.new``, then at each step every actor draws a uniform legal action from its
  own ``derive(seed, "bot", seat)`` stream and the first call wins (C4; ``driver.resolve``).
* ``sim`` — :func:`kakehiki.cli.sim.simulate` itself (bots made per game, ``play_out``, the
  result, the tallies), without the terminal.

``sim`` and ``bare, every actor`` play the very same games (the script checks the step
counts agree), so their ratio is what the sim's machinery costs; the ratio to ``bare, first
actor`` compares unlike games and is shown for reference.

    python benchmarks/sim_overhead.py                     # 2 s per loop per game
    python benchmarks/sim_overhead.py --only dobon --seconds 5
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from rich.progress import Progress

from bench_playout import play_one
from kakehiki.cli.sim import simulate
from kakehiki.driver import resolve
from kakehiki.registry import game_ids, get_game
from kakehiki.rng import derive

PlayFrom = Callable[[int, int], int]  # (first seed, games) -> steps


def every_actor(game: Any, seed: int) -> int:
    """One game as ``sim --bots random,...`` plays it, with no driver: the steps applied."""
    state = game.new(seed=seed)
    rngs = [derive(seed, "bot", seat) for seat in range(game.default_players)]
    legal_actions, apply, actors_of = game.legal_actions, game.apply, game.actors
    steps = 0
    while actors := actors_of(state):
        choices = []
        for seat in actors:
            legal = legal_actions(state, seat)
            choices.append((seat, legal[rngs[seat].randrange(len(legal))]))
        moves = resolve(game, state, choices) if len(choices) > 1 else choices
        for n, (seat, action) in enumerate(moves):
            if n and (game.result(state) is not None or seat not in actors_of(state)):
                break
            state, _ = apply(state, seat, action)
            steps += 1
    return steps


def loops(game_id: str) -> dict[str, PlayFrom]:
    game = get_game(game_id)
    bots = ["random"] * game.default_players

    def first(seed: int, count: int) -> int:
        return sum(play_one(game, seed + i) for i in range(count))

    def bare(seed: int, count: int) -> int:
        return sum(every_actor(game, seed + i) for i in range(count))

    def sim(seed: int, count: int) -> int:
        with Progress(disable=True) as progress:
            return simulate(game, game.default_players, {}, seed, count, bots, None, progress).steps

    return {"bare, first actor": first, "bare, every actor": bare, "sim": sim}


def measure(game_id: str, seconds: float, rounds: int, chunk: int) -> dict[str, Any]:
    plays = loops(game_id)
    for play in plays.values():
        play(10**6, 2)  # warm up
    totals = {name: [0, 0.0] for name in plays}  # steps, seconds
    seed = 0
    for _ in range(rounds):
        for name, play in plays.items():
            spent, steps, games = 0.0, 0, 0
            while spent < seconds / rounds:
                start = time.process_time()
                steps += play(seed + games, chunk)
                spent += time.process_time() - start
                games += chunk
            totals[name][0] += steps
            totals[name][1] += spent
        same = plays["sim"](seed, chunk), plays["bare, every actor"](seed, chunk)
        assert same[0] == same[1], f"{game_id}: sim and the bare loop played different games {same}"
        seed += 10_000
    rate = {name: steps / secs for name, (steps, secs) in totals.items()}
    return {"game": game_id, "steps_per_s": rate,
            "sim_vs_same_games": rate["sim"] / rate["bare, every actor"],
            "sim_vs_first_actor": rate["sim"] / rate["bare, first actor"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop per game (default 2)")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved slices (default 4)")
    parser.add_argument("--chunk", type=int, default=5, help="games per timed call (default 5)")
    parser.add_argument("--only", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(g, args.seconds, args.rounds, args.chunk) for g in (args.only or game_ids())]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    heads = ("bare, first actor", "bare, every actor")
    print(f"{'game':<14} {heads[0]:>18} {heads[1]:>18} {'sim':>10} {'sim/same':>9} {'sim/first':>9}")
    for row in rows:
        r = row["steps_per_s"]
        print(f"{row['game']:<14} {r['bare, first actor']:>18,.0f} {r['bare, every actor']:>18,.0f} {r['sim']:>10,.0f}"
              f" {row['sim_vs_same_games']:>9.2f} {row['sim_vs_first_actor']:>9.2f}")


if __name__ == "__main__":
    main()
