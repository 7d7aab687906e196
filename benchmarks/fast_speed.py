"""The compiled Dobon engine's speed beside the reference, RLCard UNO and OpenSpiel crazy_eights.

One process, one core (``--cpu N`` pins it), CPU time (``time.process_time``: every ratio is
one of CPU times, which a loaded shared machine distorts less than wall-clock ones), engines
interleaved: after a warm-up each engine gets ``--seconds`` of playing time, split into
``--rounds`` slices taken engine after engine, so a slow spell of a shared machine falls on all
of them.  Rows:

* ``fast dobon (compiled|plain)`` — ``kakehiki.fast.playout(seeds, 4, first_only=True)``: new
  games from seeds, then uniform-random actions of the first actor inside the kernel, many
  games per call (``--batch``; the plain-Python kernels take small batches).  One step is one
  action applied, as the reference's.  ``(compiled, every actor)`` plays the random bots as
  ``kakehiki sim`` does (every actor asked, calls by priority): shorter games, more decisions.
* ``kakehiki dobon`` — the reference: ``game.new`` then ``driver.random_playout``.
* ``rlcard uno`` / ``open_spiel crazy_eights`` — as in ``bench_dobon.py`` (the ``bench`` extra;
  rows of a library that does not import are skipped with a note).
* ``--all-games``: for every other game the engine plays (``kakehiki.fast.engines``), at its
  default table, the kernel compiled and plain and the reference, first actor only; its
  "x reference" is taken against that game's own reference row.

The compile time is wall-clock, measured in fresh processes: the first with an empty numba cache (the
compile itself), the second loading the kernels from that cache.

    python benchmarks/fast_speed.py                    # 3 s per engine
    python benchmarks/fast_speed.py --seconds 5 --cpu 0 --json
    python benchmarks/fast_speed.py --all-games
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench_dobon import PLAYERS, Engine, Measurement, open_spiel_engines, rlcard_engines, versions
from kakehiki.fast import have_numba, playout
from kakehiki.registry import get_game

YARDSTICK = "open_spiel crazy_eights"
# (games in one call, steps taken, chance steps) from the seed of its first game
PlayMany = Callable[[int], tuple[int, int, int]]


@dataclass(frozen=True)
class Row:
    name: str
    play: PlayMany
    note: str = ""
    game: str = "dobon"  # whose reference row its "x reference" ratio is taken against
    players: int = PLAYERS


def fast_rows(batch: int, plain_batch: int) -> list[Row]:
    def kernel(jit: bool, size: int, first_only: bool) -> PlayMany:
        def play(seed: int) -> tuple[int, int, int]:
            _, steps = playout(range(seed, seed + size), PLAYERS, jit=jit, first_only=first_only)
            return size, int(steps.sum()), 0

        return play

    rows = []
    if have_numba():
        rows.append(Row("fast dobon (compiled)", kernel(True, batch, True), f"{batch} games a call, first actor"))
        rows.append(Row("fast dobon (compiled, every actor)", kernel(True, batch, False),
                        f"{batch} games a call, every actor asked as kakehiki sim does"))
    rows.append(Row("fast dobon (plain Python)", kernel(False, plain_batch, True),
                    f"{plain_batch} games a call, first actor"))
    return rows


def reference_row(game_id: str = "dobon") -> Row:
    from kakehiki.driver import random_playout

    game = get_game(game_id)
    players = PLAYERS if game_id == "dobon" else game.default_players

    def play(seed: int) -> tuple[int, int, int]:
        _, steps = random_playout(game, game.new(players=players, seed=seed), random.Random(seed))
        return 1, steps, 0

    return Row(f"kakehiki {game_id} (reference)", play, f"game.new + driver.random_playout, {players} players",
               game_id, players)


def other_game_rows(batch: int, plain_batch: int) -> list[Row]:
    """For every other game the compiled engine plays, at its default table: the kernel
    (compiled when numba is installed, and plain) and the reference, first actor only."""
    from kakehiki.fast.engines import batch_class, fast_games

    rows: list[Row] = []
    for game_id in fast_games():
        if game_id == "dobon":
            continue
        batch_of, players = batch_class(game_id), get_game(game_id).default_players

        def kernel(jit: bool, size: int, batch_of: Any = batch_of, players: int = players) -> PlayMany:
            def play(seed: int) -> tuple[int, int, int]:
                steps = batch_of(range(seed, seed + size), players, None, jit).playout("random", first_only=True)
                return size, int(steps.sum()), 0

            return play

        if have_numba():
            rows.append(Row(f"fast {game_id} (compiled)", kernel(True, batch), f"{batch} games a call, first actor",
                            game_id, players))
        rows.append(Row(f"fast {game_id} (plain Python)", kernel(False, plain_batch),
                        f"{plain_batch} games a call, first actor", game_id, players))
        rows.append(reference_row(game_id))
    return rows


def library_rows(seed: int) -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    skipped: list[str] = []
    loaders: tuple[tuple[str, Callable[[], list[Engine]]], ...] = (
        ("rlcard", lambda: rlcard_engines(seed)), ("open_spiel", open_spiel_engines))
    for library, load in loaders:
        try:
            engines = load()
        except ImportError as error:
            skipped.append(f"{library} is not installed (pip install -e .[bench]); skipped: {error}")
            continue
        for engine in engines:
            def play(game_seed: int, one: Any = engine.play_one) -> tuple[int, int, int]:
                steps, chance = one(game_seed)
                return 1, steps, chance

            rows.append(Row(engine.name, play, engine.note))
    return rows, skipped


class Tally:
    def __init__(self, row: Row, seed: int) -> None:
        self.row, self.seed = row, seed
        self.games = self.steps = self.chance = 0
        self.seconds = 0.0

    def play_until(self, seconds: float) -> None:
        while self.seconds < seconds:
            start = time.process_time()
            games, steps, chance = self.row.play(self.seed + self.games)
            self.seconds += time.process_time() - start
            self.games += games
            self.steps += steps
            self.chance += chance

    def measurement(self) -> Measurement:
        row = self.row
        return Measurement(row.name, row.players, self.games, self.steps, self.chance, self.seconds, row.note)


COMPILE_PROBE = "import time; t = time.perf_counter(); from kakehiki.fast import playout; " \
                "playout([0], 4, jit=True); print(time.perf_counter() - t)"


def compile_seconds() -> dict[str, float] | None:
    """Seconds to the first compiled playout in a fresh process: with an empty numba cache,
    then from the cache that run wrote."""
    if not have_numba():
        return None
    found: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "KAKEHIKI_FAST_JIT": "1"}
        for label in ("cold", "cached"):
            out = subprocess.run([sys.executable, "-c", COMPILE_PROBE], env=env, check=True, capture_output=True,
                                 text=True).stdout
            found[label] = float(out.split()[-1])
    return found


def table(results: list[Measurement], games: dict[str, str]) -> str:
    by_name = {m.engine: m for m in results}
    yard = by_name.get(YARDSTICK)
    header = ("engine", "games", "steps", "steps/s", "games/s", "steps/game", f"x {YARDSTICK}", "x reference")
    rows: list[tuple[str, ...]] = [header]
    for m in results:
        ref = by_name.get(f"kakehiki {games.get(m.engine, 'dobon')} (reference)")
        ratios = [f"{m.steps_per_s / b.steps_per_s:.2f}" if b and b.steps_per_s else "-" for b in (yard, ref)]
        rows.append((m.engine, f"{m.games:,}", f"{m.steps:,}", f"{m.steps_per_s:,.0f}", f"{m.games_per_s:,.1f}",
                     f"{m.mean_steps:,.1f}", *ratios))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths,
                                                                                                   strict=True)))
                     for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="playing time per engine (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved slices (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=2000, help="games per compiled call (default 2000)")
    parser.add_argument("--plain-batch", type=int, default=2, help="games per plain-Python call (default 2)")
    parser.add_argument("--cpu", type=int, default=None, help="pin this process to one CPU")
    parser.add_argument("--all-games", action="store_true", help="also every other game the engine plays")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    compiled = compile_seconds()
    libraries, skipped = library_rows(args.seed)
    rows = [*fast_rows(args.batch, args.plain_batch), reference_row(), *libraries]
    if args.all_games:
        rows += other_game_rows(args.batch, args.plain_batch)
    for row in rows:  # warm-up: compile or load the kernels, fill caches
        Tally(row, args.seed + 10**9).play_until(0.3)
    tallies = [Tally(row, args.seed) for row in rows]
    for r in range(1, args.rounds + 1):
        for tally in tallies:
            tally.play_until(args.seconds * r / args.rounds)
    results = [t.measurement() for t in tallies]
    if args.json:
        print(json.dumps({"versions": versions(), "compile_seconds": compiled, "skipped": skipped,
                          "results": [m.to_dict() for m in results]}, indent=1))
        return
    print("One process, one core, CPU time (time.process_time); "
          + ", ".join(f"{k} {v or '-'}" for k, v in versions().items()))
    print(f"{args.seconds} s per engine in {args.rounds} interleaved rounds, seed {args.seed}\n")
    print(table(results, {row.name: row.game for row in rows}))
    print()
    for m in results:
        if m.note:
            print(f"  {m.engine}: {m.note}" + (f" ({m.chance_steps:,} chance steps)" if m.chance_steps else ""))
    if compiled:
        print(f"\ncompile: {compiled['cold']:.1f} s with an empty numba cache, {compiled['cached']:.1f} s from"
              " the cache (fresh process, to the first playout)")
    for note in skipped:
        print(note)


if __name__ == "__main__":
    main()
