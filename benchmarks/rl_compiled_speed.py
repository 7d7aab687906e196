"""Learner rows stepped per CPU-second: CompiledVectorEnv with an MLP (or a kernel bot) in the
other seats, beside RLCard UNO's ``env.step`` and the reference SeatVectorEnv, in one process.

One process, one core (BLAS held to one thread: ``OPENBLAS_NUM_THREADS=1`` and the like are set
before numpy loads, else its idle threads' spinning counts as the process's CPU time and a 64-wide
MLP costs 10-30 times as much), :func:`time.process_time`; rows interleaved (each engine is timed in
turn, ``--rounds`` times, and the median kept), so a loaded machine slows them alike.  A row of
``CompiledVectorEnv`` is one learner's ``step`` in one of the ``N`` games: the learner's move
and every opponent move until it is asked again, with the observation of every seat that must
answer (opponents' included) built in the kernel and the MLP run there on it (``kakehiki.fast.mlp``).
At 2 players (``--players 2``) a row holds about one opponent answer, as UNO's table; at 4, three.
A rate is the rows over the CPU time they took (a step may run past
``--seconds``: Million Doubt's against an untrained MLP can take seconds).  The learner picks
uniformly among its legal actions in one array operation (a random score per legal action, the
highest taken), as a batched policy picks.
The opponents' MLP is ``--hidden`` wide (default: one hidden layer of 64, tanh), random weights.

``rlcard uno`` is RLCard 1.2's UNO (2 players) driven with ``env.step`` and a uniform legal
action, as ``benchmarks/rl_speed.py`` drives it; install it beside the project with
``pip install --target /tmp/rlcard-site rlcard`` and put that on ``PYTHONPATH``.  The compiled
rows need numba (``pip install --target /tmp/numba-site numba``; compiled before timing).

    PYTHONPATH=src:/tmp/numba-site:/tmp/rlcard-site python benchmarks/rl_compiled_speed.py
    ... --games doubt --envs 1024 --seconds 3 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # one core: BLAS must not spin threads
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after the thread settings above)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

Run = Callable[[float, int], float]  # (seconds, seed) -> rows stepped per CPU-second (a step may run past seconds)


def compiled_run(game: str, players: int, n: int, opponent: str, hidden: int) -> Run:
    from kakehiki.rl.compiled import CompiledVectorEnv
    from kakehiki.rl.selfplay import new_network

    opp = new_network(game, players, hidden=(hidden,), seed=1) if opponent == "mlp" else opponent

    def run(seconds: float, seed: int) -> float:
        env, rng, steps = CompiledVectorEnv(game, n, players, opponents=opp, jit=True), np.random.default_rng(seed), 0
        _, infos = env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions = np.argmax(rng.random(infos["action_mask"].shape) * infos["action_mask"], axis=1)
            _, _, _, _, infos = env.step(actions)
            steps += n
        return steps / (time.process_time() - start)

    run(0.5, 0)  # compile and warm
    return run


def reference_run(game: str, players: int, n: int, opponent: str) -> Run:
    from kakehiki.rl.vector import SeatVectorEnv

    def run(seconds: float, seed: int) -> float:
        env, rng, steps = SeatVectorEnv(game, n, players=players, opponents=opponent), np.random.default_rng(seed), 0
        _, infos = env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions = np.argmax(rng.random(infos["action_mask"].shape) * infos["action_mask"], axis=1)
            _, _, _, _, infos = env.step(actions)
            steps += n
        return steps / (time.process_time() - start)

    return run


def uno_run() -> Run:
    import rlcard

    def run(seconds: float, seed: int) -> float:
        env, rng, steps = rlcard.make("uno", config={"seed": seed}), np.random.default_rng(seed), 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.integers(len(legal))])
                steps += 1
        return steps / (time.process_time() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=["dobon", "doubt"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reference", action="store_true", help="also time SeatVectorEnv (16 games, random bots)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, Run | str]] = []
    try:
        rows.append(("rlcard uno env.step", uno_run()))
    except ImportError as err:
        rows.append(("rlcard uno env.step", f"skipped: {err}"))
    for game in args.games:
        for opponent in ("mlp", "random"):
            name = f"kakehiki {game} compiled{args.envs} vs {opponent}"
            try:
                rows.append((name, compiled_run(game, args.players, args.envs, opponent, args.hidden)))
            except ImportError as err:
                rows.append((name, f"skipped: {err}"))
        if args.reference:
            rows.append((f"kakehiki {game} SeatVectorEnv16 vs random", reference_run(game, args.players, 16, "random")))
    timed: dict[str, list[float]] = {name: [] for name, run in rows if not isinstance(run, str)}
    for r in range(args.rounds):
        for name, run in rows:
            if not isinstance(run, str):
                timed[name].append(run(args.seconds, r))
    uno = statistics.median(timed["rlcard uno env.step"]) if "rlcard uno env.step" in timed else None
    results: list[dict[str, object]] = []
    for name, run in rows:
        if isinstance(run, str):
            results.append({"engine": name, "note": run})
            continue
        rate = statistics.median(timed[name])
        results.append({"engine": name, "rows_per_cpu_s": round(rate), "vs_uno": round(rate / uno, 2) if uno else None})
    if args.json:
        print(json.dumps({"players": args.players, "envs": args.envs, "hidden": args.hidden, "results": results}))
        return
    print(f"{'engine':44} {'rows/CPU-s':>12} {'× UNO':>7}")
    for row in results:
        if "note" in row:
            print(f"{row['engine']:44} {row['note']}")
        else:
            ratio = "" if row["vs_uno"] is None else row["vs_uno"]
            print(f"{row['engine']:44} {row['rows_per_cpu_s']:>12,} {ratio:>7}")


if __name__ == "__main__":
    main()
