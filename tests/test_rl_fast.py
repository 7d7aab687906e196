"""Dobon's vector environment on the compiled engine (issue 17) plays the reference's games.

``FastDobonVectorEnv`` against ``SeatVectorEnv`` for the same seeds, bots and learner actions
(uniformly random legal ones), step by step: the learner seats, the action masks, the rewards,
the terminations, and the whole observations, new and final (the log's slices included, which
the kernels note move by move).  The kernels run as
plain Python here (``jit=False``), so no numba is needed; one short run compares the compiled
kernels with the plain ones when numba is installed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kakehiki.errors import IllegalActionError
from kakehiki.fast import have_numba
from kakehiki.rl import SeatVectorEnv
from kakehiki.rl.fast import FastDobonVectorEnv

SETUPS: list[tuple[int, dict[str, Any], Any, Any, str]] = [
    (4, {}, "random", "random", "win_loss"),
    (3, {"official": False, "games": 2}, "greedy", 1, "rank"),
    (5, {"interrupt_turn": "after_interrupter", "decks": 2}, ["random", "greedy", "random", "greedy"], "random",
     "win"),
    (4, {"games": 3, "max_twos_ratio": 0.3}, "greedy", "random", "score"),
    (4, {"max_steps": 40}, "random", "random", "rank"),  # games cut short: truncated, not terminated
    (4, {"max_steps": 3}, "greedy", "random", "win"),  # most games over before the learner is asked: dealt again
]


def ref_redeals(vec: SeatVectorEnv) -> int:
    return sum(env.redeals for env in vec.envs)


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize(("players", "options", "opponents", "seat", "rewards"), SETUPS)
def test_the_fast_vector_plays_the_reference_games(players: int, options: dict[str, Any], opponents: Any,
                                                     seat: Any, rewards: Any) -> None:
    n, steps = 6, 300
    ref = SeatVectorEnv("dobon", n, players=players, options=options, opponents=opponents, seat=seat,
                        rewards=rewards)
    fast = FastDobonVectorEnv(n, players=players, options=options, opponents=opponents, seat=seat,
                              rewards=rewards, jit=False)
    obs_ref, info_ref = ref.reset(seed=11)
    obs_fast, info_fast = fast.reset(seed=11)
    rng = np.random.default_rng(players)
    ended = compared = truncated = 0
    redealt = int(info_ref["redeals"].sum())
    for _ in range(steps):
        assert np.array_equal(info_ref["seat"], info_fast["seat"])
        assert np.array_equal(info_ref["action_mask"], info_fast["action_mask"])
        assert np.array_equal(obs_ref, obs_fast)
        assert np.array_equal(fast.action_masks(), ref.action_masks())
        actions = random_actions(info_ref["action_mask"], rng)
        obs_ref, rew_ref, term_ref, trunc_ref, info_ref = ref.step(actions)
        obs_fast, rew_fast, term_fast, trunc_fast, info_fast = fast.step(actions)
        assert np.array_equal(term_ref, term_fast) and np.array_equal(trunc_ref, trunc_fast)
        assert np.array_equal(rew_ref, rew_fast)
        assert np.array_equal(info_ref["redeals"], info_fast["redeals"])
        redealt += int(info_ref["redeals"].sum())
        if term_ref.any() or trunc_ref.any():
            ended += int(term_ref.sum() + trunc_ref.sum())
            truncated += int(trunc_ref.sum())
            assert np.array_equal(info_ref["_final_obs"], info_fast["_final_obs"])
            assert np.array_equal(info_ref["final_obs"], info_fast["final_obs"])
            assert np.array_equal(info_ref["_reason"], info_fast["_reason"])
            assert info_ref["reason"].tolist() == info_fast["reason"].tolist()
            assert set(info_ref["reason"][trunc_ref].tolist()) <= {"max_steps"}
        compared += n
    assert ended >= n, "too few games ended to compare the endings and the deals after them"
    assert (truncated > 0) == ("max_steps" in options), "only a step limit truncates"
    assert (redealt > 0) == (options.get("max_steps") == 3) and fast.redeals == ref_redeals(ref) == redealt
    assert len(set(info_ref["seat"].tolist())) > 1 or seat != "random"
    assert compared == n * steps


def test_the_log_slices_are_filled() -> None:
    """Not zero by omission: after a few moves every game's log slices hold something."""
    fast = FastDobonVectorEnv(4, jit=False)
    obs, info = fast.reset(seed=0)
    layout = fast.encoder.layout
    for _ in range(5):
        obs, _, _, _, info = fast.step(np.argmax(info["action_mask"], axis=1))
    for name in ("played", "drawn", "recent"):
        assert obs[:, layout.part(name).slice].any(axis=1).all(), name


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    fast = FastDobonVectorEnv(3, jit=False)
    _, info = fast.reset(seed=3)
    actions = np.argmax(info["action_mask"], axis=1)
    actions[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    rows = fast.batch.rows.copy()
    with pytest.raises(IllegalActionError, match="game 1"):
        fast.step(actions)
    assert np.array_equal(rows, fast.batch.rows)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="opponents"):
        FastDobonVectorEnv(2, opponents="normal", jit=False)  # not a kernel policy
    with pytest.raises(ValueError, match="seat"):
        FastDobonVectorEnv(2, seat=4, jit=False)
    with pytest.raises(ValueError, match="num_envs"):
        FastDobonVectorEnv(0, jit=False)


@pytest.mark.skipif(not have_numba(), reason="the compiled kernels need numba (the fast extra)")
def test_compiled_kernels_step_as_the_plain_ones() -> None:
    plain = FastDobonVectorEnv(32, seat="random", jit=False)
    compiled = FastDobonVectorEnv(32, seat="random", jit=True)
    obs_a, info_a = plain.reset(seed=5)
    obs_b, info_b = compiled.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        assert np.array_equal(obs_a, obs_b) and np.array_equal(info_a["action_mask"], info_b["action_mask"])
        actions = random_actions(info_a["action_mask"], rng)
        obs_a, rew_a, term_a, _, info_a = plain.step(actions)
        obs_b, rew_b, term_b, _, info_b = compiled.step(actions)
        assert np.array_equal(rew_a, rew_b) and np.array_equal(term_a, term_b)
