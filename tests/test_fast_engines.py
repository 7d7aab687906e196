"""Every game the compiled engine plays, through the one table the CLI and the arena use
(``kakehiki.fast.engines``): the same arena games as the reference, and the same refusals."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from kakehiki.arena import run_arena, run_arena_fast
from kakehiki.cli.main import build_app
from kakehiki.fast.batch import row_blocks
from kakehiki.fast.engines import ENGINES, batch_class, fast_games, policies
from kakehiki.registry import game_ids, get_game

# Games the compiled engine does not play yet, each with its reason: adding a game without a
# kernel is a decision written here, not an accident.
NO_KERNEL_YET: dict[str, str] = {}


def test_the_compiled_engine_plays_every_registered_game() -> None:
    assert fast_games() == list(ENGINES)
    assert sorted(fast_games()) == sorted(set(game_ids()) - set(NO_KERNEL_YET))
    for game_id in fast_games():
        assert policies(game_id)["random"] == 0
        assert (found := batch_class(game_id)) is not None and found.__name__.endswith("Batch")
    assert batch_class("no-such-game") is None and policies("no-such-game") == {}


# one-game matches where a game names its losers in an order of its own (Million Doubt: the
# seat left holding cards, then the bursts; seed 16 has two losers, (3, 2))
OPTIONS: dict[str, dict[str, object]] = {"million-doubt": {"games": 1}}


@pytest.mark.parametrize("game_id", list(ENGINES))
def test_arena_on_either_engine_gives_the_same_records(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three seat-rotated games of random bots at the default table: same winners, losers (in
    seat order on both), ranks and steps, game by game."""
    monkeypatch.setenv("KAKEHIKI_FAST_JIT", "0")  # the plain kernels: no compiling here
    bots = ["random"] * get_game(game_id).default_players
    options = OPTIONS.get(game_id)
    reference = run_arena(game_id, bots, 3, seed=14, options=options)
    seen = [(r.index, r.seats, r.winners, r.losers, r.ranks, r.steps) for r in reference.games]
    for threads in (1, 2):
        fast = run_arena_fast(game_id, bots, 3, seed=14, options=options, workers=threads)
        assert [(r.index, r.seats, r.winners, r.losers, r.ranks, r.steps) for r in fast.games] == seen
    assert any(r.losers for r in reference.games)


def test_numba_caches_are_dropped_when_any_kernel_of_the_set_changes(tmp_path: Path) -> None:
    """numba checks a cached kernel against its own file only; the loader's stamp covers the
    whole set, so editing a callee (``callee.py``) drops the caller's machine code too."""
    from kakehiki.fast._loader import drop_stale_caches

    names = ("callee", "caller")
    for name in names:
        (tmp_path / f"{name}.py").write_text(f"# {name}\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()

    def compiled() -> list[str]:
        for name in names:
            (cache / f"{name}.run-12.py311.nbi").write_text("index")
            (cache / f"{name}.run-12.py311.1.nbc").write_text("code")
        return sorted(p.name for p in cache.glob("*.nb?"))

    written = compiled()
    assert drop_stale_caches(names, tmp_path)  # no stamp yet: nothing cached can be trusted
    assert not list(cache.glob("*.nb?"))
    assert compiled() == written
    assert not drop_stale_caches(names, tmp_path)  # unchanged sources: the cache stays
    assert sorted(p.name for p in cache.glob("*.nb?")) == written
    (tmp_path / "callee.py").write_text("# callee, edited\n")
    assert drop_stale_caches(names, tmp_path)
    assert not list(cache.glob("caller.*"))


# (game, bots, options, endings among the games compared): each game's `sim` on both
# engines; the kernels as plain Python
SIMS = [
    ("dobon", "random,greedy,random", ["games=3"], set()),
    ("dobon-arith", "random,random,random", ["games=3"], set()),
    ("doubt", "random,random,random", ["max_cards_per_play=2", "jokers=1", "penalty=two_cards"], set()),
    ("doubt", "random,random,random", ["round_limit=2", "rank_rest=false", "cheat=true"], set()),
    ("million-doubt", "random,random,random", ["games=2"], set()),
    ("dhumbal", "random,random,random", ["limit=40", "max_steps=300"], {"show", "max_steps"}),
    ("daifugo", "random,random,random,random", ["games=2", "jokers=2"], {"ranked"}),
    ("daifugo", "random,random,random", ["max_steps=300", "strict_lock=true"], {"ranked", "max_steps"}),
]
PLAIN = {"KAKEHIKI_FAST_JIT": "0"}


@pytest.mark.parametrize(("game_id", "bots", "options", "endings"), SIMS)
def test_sim_on_the_fast_engine_tallies_the_games_of_the_reference(
    game_id: str, bots: str, options: list[str], endings: set[str]
) -> None:
    """``kakehiki sim GAME --engine fast`` prints the tallies of ``--engine reference``: the
    very games, played by the bots of those names, on one worker or several (processes on the
    reference engine, threads on the fast one)."""
    args = ["sim", game_id, "--games", "10", "--seed", "3", "--bots", bots, "--json", "--lang", "en"]
    args += [item for option in options for item in ("-o", option)]
    runs = {}
    for engine, workers in (("reference", 1), ("reference", 2), ("fast", 1), ("fast", 3)):
        done = CliRunner().invoke(build_app(), [*args, "--engine", engine, "--workers", str(workers)], env=PLAIN)
        assert done.exit_code == 0, done.output
        runs[engine, workers] = json.loads(done.output)
        assert (runs[engine, workers]["engine"], runs[engine, workers]["workers"]) == (engine, workers)
    ref = runs["reference", 1]
    for got in runs.values():
        for key in ("games", "rounds", "steps", "draws", "reasons", "seats", "bots"):
            assert got[key] == ref[key], key
    assert set(ref["reasons"]) >= endings


@pytest.mark.parametrize("game_id", list(ENGINES))
def test_a_playout_on_threads_leaves_every_game_as_one_thread_does(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blocks of rows on three threads: every row, stream and count of actions as on one."""
    monkeypatch.setenv("KAKEHIKI_FAST_JIT", "0")
    batch_of = batch_class(game_id)
    assert batch_of is not None
    players = get_game(game_id).default_players
    one, three = (batch_of(range(20, 27), players, OPTIONS.get(game_id)) for _ in range(2))
    applied_one, applied_three = one.playout("random"), three.playout("random", threads=3)
    assert one.done.all() and applied_one.min() > 0
    assert np.array_equal(applied_three, applied_one)
    assert np.array_equal(three.rows, one.rows) and np.array_equal(three.streams, one.streams)


def test_rows_are_cut_into_contiguous_blocks_one_per_thread() -> None:
    assert row_blocks(7, 3) == [slice(0, 2), slice(2, 4), slice(4, 7)]
    assert row_blocks(2, 8) == [slice(0, 1), slice(1, 2)]  # no more blocks than games
    assert row_blocks(5, 1) == [slice(0, 5)]
    with pytest.raises(ValueError, match="at least 1"):
        row_blocks(5, 0)


@pytest.mark.parametrize("game_id", list(ENGINES))
def test_sim_on_the_fast_engine_refuses_a_bot_it_does_not_play(game_id: str) -> None:
    refused = CliRunner().invoke(build_app(), ["sim", game_id, "--bots", "normal", "--engine", "fast", "--lang", "en"],
                                 env=PLAIN)
    known = ", ".join(policies(game_id))
    assert refused.exit_code != 0 and f"its bots for {game_id} are {known}; got normal" in refused.output
