"""Many machines (issue 34): ``sim``, ``arena`` and RL rollouts on a real, local Ray cluster.

One Ray is started for the module (two CPUs, as CI has) and stopped after it; each test checks
that the cluster plays exactly the games one process plays, and that a wrong address is a clear
error at once, never Ray's minute-long wait and abort.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from kakehiki.arena import run_arena
from kakehiki.cli.main import build_app
from kakehiki.cluster import ClusterError, RayExecutor, ray_pool, reachable

ray = pytest.importorskip("ray", reason="the cluster extra (pip install -e '.[cluster]')")

APP = build_app()
TIMINGS = ("seconds", "games_per_s", "steps_per_s", "workers")


def test_ray_pool_starts_and_stops_a_local_ray_when_none_runs() -> None:
    """First in the file: before the module's cluster is started."""
    assert not ray.is_initialized()
    with ray_pool("local") as pool:
        assert pool.submit(pow, 2, 10).result() == 1024
    assert not ray.is_initialized()


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayExecutor]:
    os.environ["KAKEHIKI_FAST_JIT"] = "0"  # passed on to the workers: the kernels as plain Python
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             runtime_env={"env_vars": {"KAKEHIKI_FAST_JIT": "0",
                                       "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}})
    try:
        with ray_pool("local") as pool:  # joins the running Ray; leaves it running
            yield pool
        assert ray.is_initialized()
    finally:
        ray.shutdown()
        del os.environ["KAKEHIKI_FAST_JIT"]


def cli_json(*args: str) -> dict[str, Any]:
    done = CliRunner().invoke(APP, [*args, "--json", "--lang", "en"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return data


def test_sim_on_ray_tallies_the_games_one_process_plays(cluster: RayExecutor) -> None:
    """``--ray`` cuts the seeds into chunks as ``--workers`` does: the same games, the same tallies."""
    args = ("sim", "doubt", "--games", "9", "--seed", "5", "--bots", "random,normal,random")
    here = cli_json(*args, "--workers", "1")
    there = cli_json(*args, "--ray", "local")
    assert there["workers"] == cluster.cpus == 2
    assert {k: v for k, v in there.items() if k not in TIMINGS} == {k: v for k, v in here.items() if k not in TIMINGS}


def test_sim_on_ray_runs_the_fast_engine_too(cluster: RayExecutor) -> None:
    args = ("sim", "dhumbal", "--games", "6", "--seed", "2", "--bots", "random,random,random", "-o", "limit=40")
    reference = cli_json(*args, "--workers", "1")
    fast = cli_json(*args, "--engine", "fast", "--ray", "local")
    for key in ("games", "rounds", "steps", "draws", "reasons", "seats", "bots"):
        assert fast[key] == reference[key], key


def test_the_arena_on_ray_plays_the_records_of_one_process(cluster: RayExecutor) -> None:
    bots = ["easy", "random", "normal"]
    here = run_arena("million-doubt", bots, games=7, seed=3)
    there = run_arena("million-doubt", bots, games=7, seed=3, workers=cluster.cpus, pool=cluster)
    assert [(r.index, r.seats, r.winners, r.losers, r.ranks, r.steps) for r in there.games] == [
        (r.index, r.seats, r.winners, r.losers, r.ranks, r.steps) for r in here.games
    ]


def test_the_gauntlet_command_takes_ray_too(cluster: RayExecutor) -> None:
    data = cli_json("arena", "dobon", "--gauntlet", "normal", "--bots", "random", "--games", "4", "--ray", "local")
    assert [(row["opponent"], row["games"]) for row in data["results"]] == [("random", 4), ("random", 4)]


def test_rl_rollouts_on_ray_are_the_steps_gathered_here(cluster: RayExecutor) -> None:
    from kakehiki.bots.policy import Network
    from kakehiki.rl.rollouts import Rollouts, collect

    env = Rollouts("doubt", players=3, opponents="random").env()
    size, actions = env.table.obs_size, env.table.n_actions
    rng = np.random.default_rng(7)
    net = Network({"game": "doubt"}, (rng.normal(size=(size, actions)).astype(np.float32),),
                  (np.zeros(actions, np.float32),), "tanh", None, None)
    spec = Rollouts("doubt", players=3, opponents="random", network=net, temperature=0.5)
    here = collect(spec, episodes=6, seed=11, chunks=3)
    there = collect(spec, episodes=6, seed=11, pool=cluster, chunks=3)
    assert here.episodes == there.episodes == 6 and int(here.ends.sum()) == 6
    for name in ("observations", "masks", "actions", "rewards", "ends", "returns"):
        assert np.array_equal(getattr(here, name), getattr(there, name)), name
    taken = here.masks[np.arange(len(here.actions)), here.actions]
    assert taken.all()  # the learner only ever took legal actions
    assert set(np.unique(here.returns)) <= {-1.0, 0.0, 1.0}


def test_a_wrong_ray_address_is_a_clear_error_at_once() -> None:
    for address, said in (("nowhere", "HOST:PORT"), ("127.0.0.1:1", "no Ray cluster answers at 127.0.0.1:1"),
                          ("127.0.0.1:99999", "HOST:PORT")):
        with pytest.raises(ClusterError, match=said):
            reachable(address)
    done = CliRunner().invoke(APP, ["sim", "dobon", "--games", "2", "--ray", "127.0.0.1:1", "--lang", "en"])
    assert done.exit_code == 2
    assert "no Ray cluster answers at 127.0.0.1:1" in done.output and "ray start --head" in done.output
    done = CliRunner().invoke(APP, ["arena", "dobon", "--bots", "random,random", "--engine", "fast", "--ray", "local",
                                    "--lang", "ja"], env={"KAKEHIKI_FAST_JIT": "0"})
    assert done.exit_code == 2 and "--ray のアリーナは参照エンジン" in done.output
