"""The master level: a game's learned policy where it was trained for the table, its hard level
elsewhere (another table size, or no policy shipped)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from kakehiki.bots import bot_names, make_bot
from kakehiki.bots import master as master_module
from kakehiki.bots.master import MASTER, master_bot, master_path, ships_policy
from kakehiki.bots.policy import PolicyBot, load_network
from kakehiki.driver import play_out
from kakehiki.registry import game_ids, get_game
from kakehiki.rl.selfplay import new_network, save_network


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Dhumbal with a (tiny, untrained) 4-seat policy in place of the one it ships."""
    path = save_network(new_network("dhumbal", 4, hidden=(8,), seed=3), tmp_path / "master.npz")
    monkeypatch.setattr(master_module, "_policy",
                        lambda game_id, players: PolicyBot(game_id, str(path)) if players == 4 else None)
    yield path


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_offers_master_only_with_a_shipped_policy_for_it(game_id: str) -> None:
    assert (MASTER in bot_names(game_id)) == ships_policy(game_id)
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        path = master_path(game_id, players)
        if path is not None:  # a shipped policy is for its game and table size
            network = load_network(path)
            assert (network.meta["game"], network.meta["players"]) == (game_id, players)


def test_master_plays_its_policy_at_the_table_it_was_trained_for(shipped: Path) -> None:
    game = get_game("dhumbal")
    bot = master_bot("dhumbal")
    play_out(game, game.new(players=4, seed=11), [bot, make_bot("dhumbal", "normal")] * 2, seed=11)
    assert bot.learned > 0 and bot.fallback == 0


def test_master_plays_as_hard_at_another_table_size(shipped: Path) -> None:
    game = get_game("dhumbal")
    bot = master_bot("dhumbal")
    state = game.new(players=2, seed=4)
    seat = game.actors(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    hard = make_bot("dhumbal", "hard")
    assert bot.choose(view, legal, random.Random(1)) == hard.choose(view, legal, random.Random(1))
    assert bot.learned == 0 and bot.fallback == 1
