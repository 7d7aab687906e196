"""Environment steps per second: kakehiki's RL environments beside RLCard UNO and PettingZoo's classic games.

What is measured
----------------
One process, one core, :func:`time.process_time` (CPU time of this process: a loaded shared
machine slows it less than the wall clock, and every ratio is one of CPU times).  Every engine
is driven the way an RL user
drives it, choosing uniformly among the legal actions of the mask it returns, with the same
chooser (``numpy`` ``flatnonzero`` of the mask, then ``Generator.integers``), so the chooser's
cost is in every row alike.  One step is one ``env.step`` call that makes a move (an AEC
environment's ``step(None)`` for a finished agent is not counted); each builds the observation
the next ``last()`` returns, as every engine here does.

Rows:

* ``kakehiki GAME aec`` — ``kakehiki.rl.env(GAME)`` (default players: 4), all seats random:
  ``agent_iter`` / ``last`` / ``step``, as PettingZoo's own classic envs are driven.
* ``kakehiki GAME gym`` — ``SeatEnv(GAME, opponents="random")``: one learning seat, its steps
  counted; the bots' moves between them are inside each step (``game steps`` shows all moves).
* ``kakehiki GAME vec16`` — ``SeatVectorEnv(GAME, 16, opponents="random")``: rows stepped/s.
* ``kakehiki dobon fastvec256`` — ``FastDobonVectorEnv(256, opponents="random")`` (that is,
  ``CompiledVectorEnv("dobon", 256)``), the vector form on the compiled engine (needs numba;
  compiled before timing): rows stepped/s.  Its chooser is the batch form of the same uniform
  choice (a uniform random score per legal action, the highest taken: one array operation per
  step, as a batched policy picks), since a Python loop over 256 rows per step would time the
  chooser rather than the environment.
* ``rlcard uno`` — RLCard 1.2's UNO env as shipped (2 players): ``env.step`` with an action from
  ``state["legal_actions"]`` until ``env.is_over()``.
* ``pettingzoo NAME`` — PettingZoo classic AEC envs (``connect_four_v3``, ``tictactoe_v3``,
  ``leduc_holdem_v4`` and ``texas_holdem_v4``, the last two on RLCard) driven like the ``aec`` rows.

An engine that cannot be imported is skipped with a note.  The ratio column is each row's
steps/s over ``rlcard uno``'s.  Steps differ in what they do (a Dobon AEC step may be a pass in a
window of calls, a ``gym`` step is a learner's move plus the bots' replies): read them as what an
RL loop gets per ``step`` call.

    python benchmarks/rl_speed.py                    # about 2 s per row
    python benchmarks/rl_speed.py --seconds 1 --games dobon doubt
    python benchmarks/rl_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

GAMES = ("dobon", "dobon-arith", "doubt", "million-doubt", "dhumbal")
Run = Callable[[float, int], tuple[int, int]]  # (seconds, seed) -> (steps, moves of the game)


def pick(mask: Any, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def aec_run(make: Callable[[], Any]) -> Run:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        env, rng, steps = make(), np.random.default_rng(seed), 0
        env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"] if isinstance(obs, dict) and "action_mask" in obs else info["action_mask"]
                env.step(pick(mask, rng))
                steps += 1
            env.reset()
        return steps, steps

    return run


def gym_run(game: str) -> Run:
    from kakehiki.rl import SeatEnv

    def run(seconds: float, seed: int) -> tuple[int, int]:
        env, rng, steps, moves = SeatEnv(game, opponents="random"), np.random.default_rng(seed), 0, 0
        _, info = env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            before = env.game_state.steps
            _, _, terminated, truncated, info = env.step(pick(info["action_mask"], rng))
            steps += 1
            moves += max(1, env.game_state.steps - before)
            if terminated or truncated:
                _, info = env.reset()
        return steps, moves

    return run


def vector_run(game: str, n: int = 16) -> Run:
    from kakehiki.rl import SeatVectorEnv

    def run(seconds: float, seed: int) -> tuple[int, int]:
        vec, rng, steps = SeatVectorEnv(game, n, opponents="random"), np.random.default_rng(seed), 0
        _, infos = vec.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions = np.array([pick(row, rng) for row in infos["action_mask"]])
            _, _, _, _, infos = vec.step(actions)
            steps += n
        return steps, steps

    return run


def fast_vector_run(n: int = 256) -> Run:
    from kakehiki.rl.fast import FastDobonVectorEnv

    def run(seconds: float, seed: int) -> tuple[int, int]:
        vec, rng, steps = FastDobonVectorEnv(n, opponents="random", jit=True), np.random.default_rng(seed), 0
        _, infos = vec.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions = np.argmax(rng.random(infos["action_mask"].shape) * infos["action_mask"], axis=1)
            _, _, _, _, infos = vec.step(actions)
            steps += n
        return steps, steps

    return run


def uno_run() -> Run:
    import rlcard

    def run(seconds: float, seed: int) -> tuple[int, int]:
        env, rng, steps = rlcard.make("uno", config={"seed": seed}), np.random.default_rng(seed), 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.integers(len(legal))])
                steps += 1
        return steps, steps

    return run


def classic_rows() -> list[tuple[str, Run | str]]:
    rows: list[tuple[str, Run | str]] = []
    for name in ("connect_four_v3", "tictactoe_v3", "leduc_holdem_v4", "texas_holdem_v4"):
        try:
            module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
        except Exception as err:  # a missing optional dependency: note it, keep going
            rows.append((f"pettingzoo {name}", f"skipped: {type(err).__name__}: {err}"))
            continue
        rows.append((f"pettingzoo {name}", aec_run(module.env)))
    return rows


def engines(games: list[str]) -> list[tuple[str, Run | str]]:
    from kakehiki.rl import env

    rows: list[tuple[str, Run | str]] = []
    for game in games:
        rows.append((f"kakehiki {game} aec", aec_run(lambda game=game: env(game))))  # type: ignore[misc]
        rows.append((f"kakehiki {game} gym", gym_run(game)))
        rows.append((f"kakehiki {game} vec16", vector_run(game)))
        if game == "dobon":
            try:
                import numba  # noqa: F401  (the fast extra)
            except ImportError as err:
                rows.append(("kakehiki dobon fastvec256", f"skipped: {err}"))
            else:
                rows.append(("kakehiki dobon fastvec256", fast_vector_run()))
    try:
        rows.append(("rlcard uno", uno_run()))
    except ImportError as err:
        rows.append(("rlcard uno", f"skipped: {err}"))
    return rows + classic_rows()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row (after a 0.2 s warm-up)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    for label, run in engines(args.games):
        if isinstance(run, str):
            results.append({"engine": label, "note": run})
            continue
        run(0.2, args.seed + 1)  # warm-up
        start = time.process_time()
        steps, moves = run(args.seconds, args.seed)
        elapsed = time.process_time() - start
        results.append({"engine": label, "steps": steps, "seconds": elapsed, "steps_per_s": steps / elapsed,
                        "moves_per_s": moves / elapsed})
    uno = next((r["steps_per_s"] for r in results if r["engine"] == "rlcard uno" and "steps_per_s" in r), None)
    for r in results:
        if uno and "steps_per_s" in r:
            r["vs_uno"] = r["steps_per_s"] / uno
    machine = {"python": platform.python_version(), "machine": platform.machine(), "processor": platform.processor()}
    if args.json:
        print(json.dumps({"machine": machine, "results": results}, indent=2))
        return
    print(f"python {machine['python']} on {machine['machine']}; {args.seconds:g} s of CPU time per row, one core")
    print(f"{'engine':36} {'steps':>9} {'steps/s':>10} {'game moves/s':>13} {'vs uno':>7}")
    for r in results:
        if "note" in r:
            print(f"{r['engine']:36} {r['note']}")
            continue
        ratio = f"{r['vs_uno']:.2f}" if "vs_uno" in r else "-"
        print(f"{r['engine']:36} {r['steps']:>9} {r['steps_per_s']:>10.0f} {r['moves_per_s']:>13.0f} {ratio:>7}")


if __name__ == "__main__":
    main()
