"""The Gymnasium environments (issue 17): one learning seat against the project's bots."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from kakehiki import IllegalActionError, get_game
from kakehiki.bots import make_bot
from kakehiki.bots.levels import HEURISTIC
from kakehiki.driver import play_out
from kakehiki.rl import ENV_IDS, SeatEnv
from kakehiki.rng import derive


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # check_env warns about unbounded boxes: counts have no fixed ceiling
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_gymnasium_check_env(game_id: str) -> None:
    check_env(gymnasium.make(ENV_IDS[game_id], opponents="normal").unwrapped)


@pytest.mark.parametrize(
    ("game_id", "kwargs"),
    [
        ("dobon", {"players": 2, "options": {"official": False}, "opponents": "easy", "seat": "random"}),
        ("doubt", {"players": 5, "options": {"cheat": True, "max_cards_per_play": 4}, "opponents": "random"}),
        ("million-doubt", {"players": 3, "opponents": ["random", "normal"], "seat": 2}),
    ],
)
def test_gymnasium_check_env_with_other_tables(game_id: str, kwargs: dict[str, Any]) -> None:
    check_env(gymnasium.make(ENV_IDS[game_id], **kwargs).unwrapped)


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_a_learner_playing_the_heuristic_bot_plays_the_game_play_out_plays(game_id: str) -> None:
    """The learner is one more seat of the driver: choosing as the game's heuristic bot (the one
    behind ``normal``) would, from the driver's stream for its seat, it ends in the state play_out
    reaches with that bot all round."""
    bot = HEURISTIC[game_id]
    options = {"round_limit": 60} if game_id == "doubt" else {}  # like bots can keep a Doubt game going long
    env = SeatEnv(game_id, players=3, options=options, opponents=bot, seat=1)
    obs, info = env.reset(seed=4)
    game = get_game(game_id)
    game_seed = env.game_state.seed
    me, rng = make_bot(game_id, bot), derive(game_seed, "bot", 1)
    terminated = False
    while not terminated:
        state = env.game_state
        legal = game.legal_actions(state, 1)
        assert list(np.flatnonzero(info["action_mask"])) == [game.action_index(state, a) for a in legal]
        assert np.array_equal(obs, env.table.encoder.encode(game.view(state, 1)))
        action = me.choose(game.view(state, 1), legal, rng)
        obs, reward, terminated, truncated, info = env.step(game.action_index(state, action))
        assert not truncated
    bots = [make_bot(game_id, bot) for _ in range(3)]  # one each: a bot may remember
    expected = play_out(game, game.new(players=3, options=options, seed=game_seed), bots, seed=game_seed)
    assert env.game_state == expected.state
    result = game.result(expected.state)
    assert result is not None
    assert reward == (1.0 if 1 in result.winners else -1.0 if 1 in result.losers else 0.0)


def test_an_illegal_action_ends_the_episode_with_the_illegal_reward() -> None:
    env = SeatEnv("dobon", opponents="random", illegal_reward=-5.0)
    _, info = env.reset(seed=1)
    wrong = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(wrong)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)


def test_an_illegal_action_raises_when_asked_to() -> None:
    env = SeatEnv("dobon", opponents="random", illegal="raise")
    _, info = env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_bad_settings_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match="opponents"):
        SeatEnv("doubt", players=4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat"):
        SeatEnv("doubt", players=4, seat=4)
    with pytest.raises(Exception, match="unknown bot"):
        SeatEnv("doubt", opponents="nobody")


def test_every_episode_asks_the_learner_at_least_once() -> None:
    env = SeatEnv("dobon", players=2, options={"official": False}, opponents="normal")
    for seed in range(30):
        _, info = env.reset(seed=seed)
        assert info["action_mask"].any()


def test_the_registered_ids_make_every_game() -> None:
    for game_id, env_id in ENV_IDS.items():
        env = gymnasium.make(env_id, opponents="random")
        assert env.unwrapped.table.game.id == game_id  # type: ignore[attr-defined]
