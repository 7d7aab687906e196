"""Every game the compiled engine plays, through the one table the CLI and the arena use
(``kakehiki.fast.engines``): the same arena games as the reference, and the same refusals."""

from __future__ import annotations

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
