"""How RL episodes end (issue 34): the reward schemes, a step limit as a truncation with its
reason, games dealt again before the learner's first move counted, and the human render mode."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import render_test

from kakehiki.core import Result, RoundResult
from kakehiki.rl import SeatEnv, SeatVectorEnv, env
from kakehiki.rl.fast import rank_rewards_of
from kakehiki.rl.table import rank_rewards, rewards_of


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


FOUR = Result(winners=(2,), losers=(0,), ranks=(4, 2, 1, 3), scores=(-1.0, 0.0, 1.0, 0.0), reason="doubt_out",
              rounds=(RoundResult((2,), (0,), "doubt_out"),))


def test_win_loss_rewards_the_winner_and_punishes_the_loser() -> None:
    assert rewards_of(FOUR, 4, "win_loss") == (-1.0, 0.0, 1.0, 0.0)


def test_win_rewards_the_winner_alone_and_a_loss_costs_nothing() -> None:
    assert rewards_of(FOUR, 4, "win") == (0.0, 0.0, 1.0, 0.0)


def test_rank_runs_linearly_from_first_to_last() -> None:
    assert rewards_of(FOUR, 4, "rank") == pytest.approx((-1.0, 1 / 3, 1.0, -1 / 3))


def test_rank_gives_tied_seats_the_mean_of_their_places_and_a_draw_nothing() -> None:
    assert rank_rewards((1, 2, 2, 4)) == (1.0, 0.0, 0.0, -1.0)
    assert rank_rewards((1, 1, 3)) == (0.5, 0.5, -1.0)
    assert rank_rewards((1, 1, 1, 1, 1)) == (0.0,) * 5
    assert rank_rewards((2, 1)) == (-1.0, 1.0)


def test_the_fast_vectors_rank_rewards_are_the_references() -> None:
    ranks = np.array([[4, 2, 1, 3], [1, 2, 2, 4], [1, 1, 1, 1], [1, 1, 3, 4]])
    for seat in range(4):
        want = [rank_rewards(tuple(row))[seat] for row in ranks.tolist()]
        assert rank_rewards_of(ranks, np.full(4, seat)).tolist() == pytest.approx(want)


def test_an_unknown_reward_scheme_is_refused_naming_the_schemes() -> None:
    with pytest.raises(ValueError, match="win_loss, win, rank, score"):
        SeatEnv("doubt", rewards="wins")  # type: ignore[arg-type]


def test_a_step_limit_truncates_the_learners_episode_with_its_reason() -> None:
    learner = SeatEnv("doubt", players=3, options={"max_steps": 12}, opponents="random", rewards="win_loss")
    _, info = learner.reset(seed=3)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = learner.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (terminated, truncated, reward) == (False, True, 0.0)
    assert (info["reason"], info["winners"], info["losers"]) == ("max_steps", (), ())


def test_an_end_by_the_rules_terminates_with_its_reason() -> None:
    learner = SeatEnv("doubt", players=3, opponents="random", rewards="win")
    _, info = learner.reset(seed=3)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = learner.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (terminated, truncated) == (True, False)
    assert info["reason"] in ("doubt_out", "doubt_last_standing")
    assert reward == (1.0 if learner.seat in info["winners"] else 0.0)


def test_every_seat_of_the_aec_is_truncated_at_the_step_limit() -> None:
    aec = env("dobon", players=3, options={"max_steps": 9})
    aec.reset(seed=1)
    ends: dict[str, tuple[bool, bool, str]] = {}
    for agent in aec.agent_iter():
        _, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, info["reason"])
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"])[0]))
    assert ends == dict.fromkeys(aec.possible_agents, (False, True, "max_steps"))


def test_games_over_before_the_learner_is_asked_are_dealt_again_and_counted() -> None:
    """With one step allowed, a game ends with the first move: unless the learner makes it, the
    bots alone ended it, and it is dealt again.  Each reset says how many; the env keeps the sum."""
    learner = SeatEnv("dobon", players=4, options={"max_steps": 1}, opponents="random", seat="random")
    counts = []
    for seed in range(12):
        _, info = learner.reset(seed=seed)
        counts.append(info["redeals"])
        assert not learner.table.over and learner.table.waiting_for() == learner.seat
    assert sum(counts) == learner.redeals and max(counts) > 0 and min(counts) == 0


def test_the_vector_reports_the_reason_and_the_deals_again_per_game() -> None:
    vec = SeatVectorEnv("dobon", 4, players=4, options={"max_steps": 1}, opponents="random", seat="random")
    _, infos = vec.reset(seed=0)
    redealt = int(infos["redeals"].sum())
    for _ in range(3):
        _, _, terminated, truncated, infos = vec.step(np.argmax(infos["action_mask"], axis=1))
        assert truncated.all() and not terminated.any()  # every learner move is the game's one step
        assert infos["_reason"].all() and set(infos["reason"].tolist()) == {"max_steps"}
        redealt += int(infos["redeals"].sum())
    assert redealt == sum(e.redeals for e in vec.envs) > 0


def test_the_aec_passes_pettingzoos_render_test_in_human_and_ansi_modes(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env("doubt", players=3, render_mode=render_mode))
    assert "to play, claiming" in capsys.readouterr().out  # human mode printed the narrator's text


def test_the_learners_human_render_prints_its_own_view_only(capsys: pytest.CaptureFixture[str]) -> None:
    learner = SeatEnv("doubt", players=3, opponents="random", render_mode="human")
    learner.reset(seed=5)
    printed = capsys.readouterr().out
    hand = " ".join(str(c) for c in learner.table.game.view(learner.table.state, learner.seat).hand)
    assert f"Your hand: {hand}" in printed and "(learner)" in printed
    assert learner.render() is None
    ansi = SeatEnv("doubt", players=3, opponents="random", render_mode="ansi")
    ansi.reset(seed=5)
    assert ansi.render() == printed.strip()
    with pytest.raises(ValueError, match="'human' or 'ansi'"):
        SeatEnv("doubt", render_mode="rgb_array")
