"""Deep Monte Carlo (kakehiki.rl.dmc): the network learns what it is shown, a position waits for
its game's reward, and a short run on the compiled engine writes a policy file the bots play."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kakehiki.bots import make_bot
from kakehiki.bots.policy import load_network
from kakehiki.rl.dmc import DMCConfig, Episodes, QNet, train
from kakehiki.rl.master import main as master_main
from kakehiki.rl.table import RLTable


def test_the_network_fits_the_score_of_the_action_taken() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(256, 6)).astype(np.float32)
    actions = rng.integers(0, 3, size=256)
    targets = (x[:, 0] > 0).astype(np.float32) * (actions == 1)  # only action 1 ever pays, when x0 > 0
    net = QNet([6, 16, 3], seed=1, lr=1e-2)
    first = net.fit(x, actions, targets)
    for _ in range(300):
        last = net.fit(x, actions, targets)
    assert last < first / 5
    scores = net.forward(x)[-1]
    paid = x[:, 0] > 0
    assert scores[paid, 1].mean() > 0.7 and abs(scores[~paid, 1].mean()) < 0.2


def test_a_position_waits_until_its_game_is_over() -> None:
    store = Episodes()
    store.add(np.ones((2, 3), np.float32), np.array([4, 5]), np.array([10, 11]))
    store.add(np.zeros((1, 3), np.float32), np.array([6]), np.array([10]))
    store.end(np.array([10]), np.array([1.0]))
    obs, actions, rewards = store.finished()
    assert actions.tolist() == [4, 6] and rewards.tolist() == [1.0, 1.0] and obs.shape == (2, 3)
    store.end(np.array([11]), np.array([0.0]))
    obs, actions, rewards = store.finished()
    assert actions.tolist() == [5] and rewards.tolist() == [0.0]
    assert store.finished()[1].tolist() == []


def test_a_short_run_trains_from_finished_games_and_keeps_how_in_its_meta() -> None:
    config = DMCConfig(hidden=(8,), num_envs=4, steps=6, rounds=3, snapshot_every=2, bots=("random",))
    net, progress = train("dobon", players=3, config=config, jit=False)
    table = RLTable("dobon", 3)
    assert net.inputs == table.obs_size and net.outputs == table.n_actions
    assert progress.rounds == 3 and progress.games > 0 and progress.rows > 0
    assert net.meta["trained"]["learner"] == "dmc" and net.meta["trained"]["games"] == progress.games
    assert net.activation == "relu"


def test_the_training_command_writes_a_policy_the_policy_bot_plays(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "master.npz"
    assert master_main(["train", "dhumbal", "--cpu-seconds", "0", "--envs", "2", "--hidden", "4", "--imitate", "normal",
                        "--imitate-games", "1", "--rewards", "rank",
                        "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    meta = load_network(str(out)).meta
    assert meta["game"] == "dhumbal" and meta["trained"]["rewards"] == "rank"
    assert make_bot("dhumbal", f"policy:{out}").name == f"policy:{out}"


def test_a_distilled_network_agrees_with_the_bot_it_imitates_more_than_chance() -> None:
    from kakehiki.rl.imitate import distill, record

    found = record("dhumbal", "normal", games=2, seed=5)
    obs, masks, actions = found.arrays()
    assert len(obs) == len(masks) == len(actions) > 10
    assert all(masks[k, a] == 1 for k, a in enumerate(actions))  # every recorded choice was legal
    assert (masks.sum(axis=1) > 1).all()  # only decisions with a choice
    net, agree = distill("dhumbal", "normal", games=6, hidden=(32,), epochs=30, seed=1)
    chance = float((1.0 / masks.sum(axis=1)).mean())
    assert agree > chance + 0.2
    assert net.meta["trained"]["bot"] == "normal"


def test_a_discount_counts_the_decisions_left_in_each_game() -> None:
    store = Episodes()
    store.add(np.zeros((3, 1), np.float32), np.array([0, 1, 2]), np.array([7, 8, 7]))
    store.add(np.zeros((2, 1), np.float32), np.array([3, 4]), np.array([7, 8]))
    store.end(np.array([7, 8]), np.array([1.0, 1.0]))
    _, actions, rewards = store.finished(discount=0.5)
    assert dict(zip(actions.tolist(), rewards.tolist(), strict=True)) == {0: 0.25, 2: 0.5, 3: 1.0, 1: 0.5, 4: 1.0}


def test_a_best_response_is_trained_against_the_frozen_policy_alone() -> None:
    from kakehiki.rl.dmc import exploitability
    from kakehiki.rl.selfplay import new_network

    policy = new_network("dobon", 3, hidden=(8,), seed=2)
    config = DMCConfig(hidden=(8,), num_envs=4, steps=4, rounds=2)
    response_rate, policy_rate, response = exploitability("dobon", policy, config, games=3, jit=False)
    assert 0.0 <= response_rate <= 1.0 and 0.0 <= policy_rate <= 1.0
    assert response.meta["trained"]["rounds"] == 2
    with pytest.raises(ValueError, match="fixed networks"):
        train("dobon", 3, config=DMCConfig(self_play=False, rounds=1), jit=False)


def test_an_imitation_starts_the_learner_with_the_same_choices_on_a_win_rate_scale() -> None:
    from kakehiki.rl.compiled import masked_argmax
    from kakehiki.rl.master import as_scores
    from kakehiki.rl.selfplay import new_network

    copy = new_network("dhumbal", 4, hidden=(8,), seed=4, activation="relu")
    rng = np.random.default_rng(0)
    obs = rng.random((64, copy.inputs)).astype(np.float32)
    masks = (rng.random((64, copy.outputs)) < 0.3).astype(np.uint8)
    masks[:, 0] = 1
    scaled = as_scores(copy)
    assert (masked_argmax(scaled.scores(obs), masks) == masked_argmax(copy.scores(obs), masks)).all()
    assert np.abs(scaled.scores(obs) - 0.25).max() < np.abs(copy.scores(obs)).max()


@pytest.mark.parametrize(("argv", "said"), [
    (["train", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["train", "dhumbal", "--players", "99"], "2–16 players"),
    (["train", "dhumbal", "--imitate", "normal,nobody"], "unknown bot 'nobody'"),
    (["train", "dhumbal", "--imitate", "normal", "--start-from", "hard"], "--start-from hard: not among"),
    (["train", "dhumbal", "--discount", "1.5"], "--discount 1.5"),
    (["train", "dhumbal", "--hidden", "64,x"], "--hidden '64,x'"),
    (["train", "dhumbal", "--envs", "0"], "--envs"),
    (["train", "dhumbal", "--rewards", "points"], "--rewards"),
    (["exploit", "dhumbal", "--policy", "/nonexistent/p.npz"], "cannot be read"),
])
def test_the_training_command_refuses_bad_input_in_one_line_before_any_work(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        master_main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
