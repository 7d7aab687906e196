"""The PettingZoo AEC environment (issue 17): the API and seed tests for every game, calls out of
turn asked in C4 order and resolved as the driver resolves them, rewards from the result."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from kakehiki import IllegalActionError, get_game
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.rl import RLTable, env
from kakehiki.rng import derive
from rl_setups import SETUPS, setup_id


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # api_test warns about Dict observations, as for its own classic games
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_pettingzoo_api_test(setup: tuple[str, int | None, dict[str, Any]]) -> None:
    game, players, options = setup
    api_test(env(game, players=players, options=options), num_cycles=200)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_pettingzoo_seed_test(setup: tuple[str, int | None, dict[str, Any]]) -> None:
    game, players, options = setup
    seed_test(lambda: env(game, players=players, options=options), num_cycles=100)


def play_with_bots(game_id: str, players: int | None, options: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    """Drive the AEC environment with one bot per seat, each drawing from the driver's own stream
    ``bot/SEAT``; note every seat asked and every window of several callers."""
    aec = env(game_id, players=players, options=options)
    aec.reset(seed=seed)
    game = aec.table.game
    game_seed = aec.game_state.seed
    bots = [make_bot(game_id, bot) for _ in aec.possible_agents]
    rngs = [derive(game_seed, "bot", seat) for seat in range(len(bots))]
    asked_in_order: list[tuple[int, ...]] = []
    windows = 0
    walked: list[int] = []
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        seat = int(agent.split("_")[1])
        state = aec.game_state
        actors = game.actors(state)
        if not walked:
            asked_in_order.append(actors)
            windows += len(actors) > 1
        walked.append(seat)
        assert seat == actors[len(walked) - 1], "the agents asked walk the actors in C4 priority order"
        legal = game.legal_actions(state, seat)
        assert list(np.flatnonzero(obs["action_mask"])) == [game.action_index(state, a) for a in legal]
        view = game.view(state, seat) if getattr(bots[seat], "sees_view", True) else None
        action = bots[seat].choose(view, legal, rngs[seat])
        aec.step(game.action_index(state, action))
        if aec.game_state is not state or len(walked) == len(actors):
            walked = []
    return {"final": aec.game_state, "seed": game_seed, "windows": windows, "rewards": aec._cumulative_rewards}


@pytest.mark.parametrize("game_id", ["dobon", "dobon-arith", "doubt", "million-doubt"])
def test_C4_calls_out_of_turn_resolve_as_the_driver_does(game_id: str) -> None:
    """Each seat of a window answers the same state in priority order; what is applied is what the
    driver applies for the same bots: the two games end in the same state."""
    game = get_game(game_id)
    windows = 0
    for seed in range(3):
        run = play_with_bots(game_id, None, {}, "random", seed)
        bots = [make_bot(game_id, "random") for _ in range(game.players(run["final"]))]
        expected = play_out(game, game.new(players=game.players(run["final"]), seed=run["seed"]), bots,
                            seed=run["seed"])
        assert run["final"] == expected.state
        windows += run["windows"]
    assert windows > 0, "the games played had no window of several callers: the test proved nothing"


def test_a_dobon_window_asks_the_turn_seat_then_the_callers() -> None:
    """A Dobon state where several seats may act: the environment asks them one by one, in the
    order ``actors`` gives, and nothing moves until the last has answered."""
    aec = env("dobon", players=4, options={"official": False})
    game = aec.table.game
    for seed in range(200):
        aec.reset(seed=seed)
        while not aec.table.over and len(game.actors(aec.game_state)) == 1:
            obs = aec.observe(aec.agent_selection)
            aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if not aec.table.over:
            break
    state = aec.game_state
    actors = game.actors(state)
    assert len(actors) > 1
    for seat in actors:
        assert aec.agent_selection == f"player_{seat}"
        assert aec.game_state is state, "nothing is applied before every actor answered"
        aec.step(game.action_index(state, "pass") if game.can(state, seat, game.parse_action("pass"))
                 else int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    assert aec.game_state is not state


@pytest.mark.parametrize("rewards", ["win_loss", "score"])
def test_rewards_come_from_the_result(rewards: str) -> None:
    aec = env("doubt", players=3, rewards=rewards)  # type: ignore[arg-type]
    aec.reset(seed=7)
    total = dict.fromkeys(aec.possible_agents, 0.0)
    pick = np.random.default_rng(1)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        total[agent] += reward
        aec.step(None if terminated or truncated else int(pick.choice(np.flatnonzero(obs["action_mask"]))))
    result = get_game("doubt").result(aec.game_state)
    assert result is not None
    if rewards == "score":
        assert [total[a] for a in aec.possible_agents] == list(result.scores)
    else:
        assert [s for s, a in enumerate(aec.possible_agents) if total[a] == 1.0] == list(result.winners)
        assert [s for s, a in enumerate(aec.possible_agents) if total[a] == -1.0] == list(result.losers)


def test_M10_million_doubt_win_loss_follows_the_ranks_not_the_first_seat_out() -> None:
    # Seed 7, three random bots: seat 0 goes out first, seat 2 is paid more and ranks first.
    game = get_game("million-doubt")
    done = play_out(game, game.new(3, {}, seed=7), [make_bot("million-doubt", "random") for _ in range(3)], seed=7)
    table = RLTable("million-doubt", 3)
    table.state = done.state
    assert game.result(done.state).ranks == (2, 3, 1)  # type: ignore[union-attr]
    assert table.rewards() == (0.0, -1.0, 1.0)


def test_an_illegal_action_is_refused_naming_the_rule() -> None:
    aec = env("dobon")
    aec.reset(seed=3)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        aec.step(int(np.flatnonzero(mask == 0)[0]))


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    one, two = env("dhumbal"), env("dhumbal")
    one.reset(seed=5)
    two.reset(seed=5)
    assert one.game_state == two.game_state
    two.reset(seed=6)
    assert one.game_state != two.game_state
