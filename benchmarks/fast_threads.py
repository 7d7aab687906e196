"""The compiled engine's playouts on 1, 2 and every core: threads over blocks of one batch.

For each game the engine plays (``kakehiki.fast.engines``), at its default table with random
bots as ``kakehiki sim --engine fast`` plays them, one batch of ``--games`` games is played
out on 1 thread, on 2 and on every core (``os.cpu_count()``); each run starts from a fresh
batch of the same seeds.  Printed per run: wall seconds, CPU seconds of the process
(``time.process_time``, all threads), games per wall second, the speed-up over one thread
(wall), and whether every row, stream and count of actions equals the one-thread run's (it
must: a game reads no other row).  The kernels are compiled (or loaded from numba's cache)
before any clock starts.

    python benchmarks/fast_threads.py --games 20000
    python benchmarks/fast_threads.py --games 4000 --game doubt --json
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

from kakehiki.fast import have_numba
from kakehiki.fast.engines import batch_class, fast_games
from kakehiki.registry import get_game


def compiled(game_id: str) -> Any:
    """The compiled engine's batch class of ``game_id`` (every game of ``fast_games()`` has one)."""
    found = batch_class(game_id)
    if found is None:
        raise SystemExit(f"{game_id} has no compiled engine")
    return found


def measure(game_id: str, games: int, threads: int, repeat: int) -> dict[str, Any]:
    """The best of ``repeat`` playouts of ``games`` fresh games on ``threads`` threads."""
    batch_of = compiled(game_id)
    players = get_game(game_id).default_players
    best: dict[str, Any] = {}
    for _ in range(repeat):
        batch = batch_of(range(games), players, None, True)
        wall, cpu = time.perf_counter(), time.process_time()
        applied = batch.playout("random", threads=threads)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if not best or wall < best["wall_s"]:
            best = {"game": game_id, "threads": threads, "games": games, "wall_s": wall, "cpu_s": cpu,
                    "games_per_s": games / wall, "batch": batch, "applied": applied}
    return best


def same(one: dict[str, Any], other: dict[str, Any]) -> bool:
    a, b = one["batch"], other["batch"]
    return bool(np.array_equal(a.rows, b.rows) and np.array_equal(a.streams, b.streams)
                and np.array_equal(one["applied"], other["applied"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20000, help="games in the batch")
    parser.add_argument("--game", action="append", help="a game id (default: every game of the engine)")
    parser.add_argument("--repeat", type=int, default=2, help="runs per thread count; the fastest is kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not have_numba():
        raise SystemExit("numba is needed: pip install 'kakehiki[fast]'")
    cores = os.cpu_count() or 1
    counts = sorted({1, min(2, cores), cores})
    rows: list[dict[str, Any]] = []
    for game_id in args.game or fast_games():
        compiled(game_id)(range(4), get_game(game_id).default_players, None, True).playout("random")  # compile
        runs = [measure(game_id, args.games, n, args.repeat) for n in counts]
        for run in runs:
            run["speedup"] = runs[0]["wall_s"] / run["wall_s"]
            run["identical"] = same(runs[0], run)
            rows.append({k: v for k, v in run.items() if k not in ("batch", "applied")})
    if args.json:
        print(json.dumps({"cores": cores, "rows": rows}))
        return
    print(f"{cores} cores; best of {args.repeat}")
    print(f"{'game':<14} {'threads':>7} {'wall s':>8} {'cpu s':>8} {'games/s':>10} {'speed-up':>8}  identical")
    for r in rows:
        print(f"{r['game']:<14} {r['threads']:>7} {r['wall_s']:>8.3f} {r['cpu_s']:>8.3f} {r['games_per_s']:>10,.0f} "
              f"{r['speedup']:>7.2f}x  {r['identical']}")


if __name__ == "__main__":
    main()
