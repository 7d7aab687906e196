"""Every game the compiled engine plays, through the one table the CLI and the arena use
(``kakehiki.fast.engines``): the same arena games as the reference, and the same refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from kakehiki.arena import run_arena, run_arena_fast
from kakehiki.fast.engines import ENGINES, batch_class, fast_games, policies
from kakehiki.registry import game_ids, get_game


def test_the_compiled_engine_plays_every_registered_game() -> None:
    assert fast_games() == list(ENGINES)
    assert sorted(fast_games()) == sorted(game_ids())
    for game_id in fast_games():
        assert policies(game_id)["random"] == 0
        assert batch_class(game_id).__name__.endswith("Batch")
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
    fast = run_arena_fast(game_id, bots, 3, seed=14, options=options)
    seen = [(r.index, r.seats, r.winners, r.losers, r.ranks, r.steps) for r in reference.games]
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
