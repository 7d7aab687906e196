"""The vector form (issue 17): N games stepped together, stacked arrays and masks."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.spaces import Discrete

from kakehiki.rl import SeatEnv, SeatVectorEnv


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize(
    ("game_id", "options"), [("dobon", {}), ("doubt", {"round_limit": 10}), ("dhumbal", {"limit": 10})]
)
def test_each_row_is_the_game_a_single_environment_plays(game_id: str, options: dict[str, object]) -> None:
    """Game i of a vector seeded with s plays as a single environment seeded with s + i, and a
    finished game is dealt anew in the same step, its last observation kept in the infos."""
    vec = SeatVectorEnv(game_id, 3, players=2, options=options, opponents="random")
    singles = [SeatEnv(game_id, players=2, options=options, opponents="random") for _ in range(3)]
    obs, infos = vec.reset(seed=10)
    shape, space = vec.single_observation_space.shape, vec.single_action_space
    assert shape is not None and isinstance(space, Discrete)
    assert obs.shape == (3, shape[0]) and obs.dtype == np.float32
    assert infos["action_mask"].shape == (3, space.n) and infos["action_mask"].dtype == np.int8
    for i, env in enumerate(singles):
        single_obs, single_info = env.reset(seed=10 + i)
        assert np.array_equal(obs[i], single_obs)
        assert np.array_equal(infos["action_mask"][i], single_info["action_mask"])
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(150):
        actions = random_legal(vec.action_masks(), rng)
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        for i, env in enumerate(singles):
            single_obs, reward, done, _, single_info = env.step(int(actions[i]))
            assert rewards[i] == reward and terminated[i] == done
            if done:
                finished += 1
                assert infos["_final_obs"][i] and np.array_equal(infos["final_obs"][i], single_obs)
                single_obs, single_info = env.reset()
            assert np.array_equal(obs[i], single_obs)
            assert np.array_equal(infos["action_mask"][i], single_info["action_mask"])
        assert not truncated.any()
    assert finished > 0, "no game finished: autoreset went untested"


def test_the_same_seed_steps_the_same_batch() -> None:
    one, two = (SeatVectorEnv("million-doubt", 4, opponents="normal") for _ in range(2))
    a, _ = one.reset(seed=3)
    b, _ = two.reset(seed=3)
    assert np.array_equal(a, b)
    rng = np.random.default_rng(1)
    for _ in range(20):
        actions = random_legal(one.action_masks(), rng)
        a, ra, *_ = one.step(actions)
        b, rb, *_ = two.step(actions)
        assert np.array_equal(a, b) and np.array_equal(ra, rb)


def test_a_vector_takes_a_seed_per_game_or_refuses() -> None:
    vec = SeatVectorEnv("dhumbal", 2, opponents="random")
    obs, _ = vec.reset(seed=[5, 5])
    assert np.array_equal(obs[0], obs[1])
    with pytest.raises(ValueError, match="seeds"):
        vec.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="num_envs"):
        SeatVectorEnv("dhumbal", 0)
