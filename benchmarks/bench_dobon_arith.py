"""Arithmetic Dobon speed: uniform-random playouts, and the waits function alone.

What is measured
----------------
* Playouts: whole ``dobon-arith`` games (4 players, default options) with a uniformly
  random choice among the legal actions of the first actor at every step
  (:func:`kakehiki.driver.random_playout`), one process, one core, timed with
  :func:`time.process_time` (CPU time of this process: a loaded shared machine slows it less
  than the wall clock, and every ratio is one of CPU times) from ``game.new`` to the result.
  Game ``i`` uses seed
  ``--seed + i``.  A second row also builds the acting seat's view every step, as bots
  and RL agents see the game through it.  Timing is shared with ``bench_dobon.py``
  (warm-up, then ``--rounds`` interleaved slices).
* Waits: :func:`kakehiki.games.dobon_arith.waits` on random hands of 1 to 10 cards
  drawn from one deck (``--hands`` hands per size, seed ``--seed``).  "cached" is the
  function as the engine and bots call it, after one pass has filled its cache (keyed by
  the hand's sorted values); "uncached" is the closed-form computation alone
  (``waits_of.__wrapped__``), the cost of a hand never seen before.  ``reach`` is what the
  engine calls on every hand change: ``reachable(values_of(hand))``.  Each figure is
  calls per second over at least ``--min-time`` seconds of repeated passes.

Run it from the repository root::

    python benchmarks/bench_dobon_arith.py                # about 5 s of playouts, then the waits table
    python benchmarks/bench_dobon_arith.py --seconds 2 --hands 500
    python benchmarks/bench_dobon_arith.py --json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench_dobon import Engine, Measurement, measure, playout_engines
from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.games.dobon_arith import waits
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of, waits_of

SIZES = range(1, 11)


def arith_engines() -> list[Engine]:
    return playout_engines("dobon-arith", "dobon-arith playouts", "random_playout; default options")


def random_hands(size: int, count: int, rng: random.Random) -> list[tuple[Card, ...]]:
    return [tuple(rng.sample(STANDARD_DECK, size)) for _ in range(count)]


def calls_per_second(call: Callable[[tuple[Card, ...]], object], hands: Sequence[tuple[Card, ...]],
                     min_time: float) -> float:
    """Repeat passes over ``hands`` until ``min_time`` has passed; calls per second."""
    calls, elapsed = 0, 0.0
    while elapsed < min_time:
        start = time.process_time()
        for hand in hands:
            call(hand)
        elapsed += time.process_time() - start
        calls += len(hands)
    return calls / elapsed


def measure_waits(hands_per_size: int, seed: int, min_time: float) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    raw = waits_of.__wrapped__
    rows = []
    for size in SIZES:
        hands = random_hands(size, hands_per_size, rng)
        for hand in hands:  # fill the caches, as a running game does
            waits(hand)
        rows.append({
            "size": size,
            "waits_cached_per_s": round(calls_per_second(waits, hands, min_time)),
            "waits_uncached_per_s": round(calls_per_second(lambda h: raw(values_of(h)), hands, min_time)),
            "reach_per_s": round(calls_per_second(lambda h: reachable(values_of(h)), hands, min_time)),
        })
    return rows


def report_text(results: list[Measurement], rows: list[dict[str, Any]], config: dict[str, Any]) -> str:
    lines = [f"dobon-arith, python {platform.python_version()}, seed {config['seed']}", "",
             f"{'playouts':34} {'games':>7} {'steps':>9} {'steps/s':>9} {'games/s':>8} {'steps/game':>10}"]
    for m in results:
        lines.append(f"{m.engine:34} {m.games:>7,} {m.steps:>9,} {m.steps_per_s:>9,.0f} {m.games_per_s:>8,.1f}"
                     f" {m.mean_steps:>10.1f}")
    lines += ["", f"waits over {config['hands']} random hands per size (calls/s)",
              f"{'cards':>5} {'cached':>12} {'uncached':>12} {'reach':>12}"]
    for row in rows:
        lines.append(f"{row['size']:>5} {row['waits_cached_per_s']:>12,} {row['waits_uncached_per_s']:>12,}"
                     f" {row['reach_per_s']:>12,}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per row (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game and of the random hands")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved slices of the playout budget")
    parser.add_argument("--hands", type=int, default=2000, help="random hands per size for waits (default 2000)")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per waits figure (default 0.2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds <= 0 or args.hands <= 0 or args.min_time <= 0:
        parser.error("--seconds, --rounds, --hands and --min-time must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    results = measure(arith_engines(), args.seed, args.seconds, None, args.rounds, min(0.5, 0.1 * args.seconds))
    rows = measure_waits(args.hands, args.seed, args.min_time)
    config = {"seconds": args.seconds, "seed": args.seed, "rounds": args.rounds, "hands": args.hands,
              "min_time": args.min_time}
    if args.json:
        print(json.dumps({"config": config, "python": platform.python_version(),
                          "playouts": [m.to_dict() for m in results], "waits": rows}, indent=2))
    else:
        print(report_text(results, rows, config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
