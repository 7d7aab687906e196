"""The self-play loop (kakehiki.rl.selfplay) in a tiny configuration: it trains against its pool
and the built-in bots, gates each candidate in the arena, writes policy files the policy bot
plays, and estimates exploitability."""

from __future__ import annotations

from pathlib import Path

from kakehiki.bots import make_bot
from kakehiki.rl.selfplay import ESConfig, exploitability, self_play

TINY = ESConfig(generations=1, directions=2, games=4, num_envs=4)


def test_self_play_grows_its_pool_through_the_gate_and_writes_playable_policies(tmp_path: Path) -> None:
    result = self_play("dobon", rounds=2, players=3, config=TINY, gate=-1.0, gate_games=8, hidden=(8,),
                       out_dir=tmp_path, jit=False)
    assert result.accepted == [True, True]  # a gate of -1 accepts every candidate
    assert len(result.pool) == 3  # the untrained start and two accepted versions
    assert all(-1.0 <= score <= 1.0 for score in result.gates)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["policy.npz", "round-1.npz", "round-2.npz"]
    bot = make_bot("dobon", f"policy:{tmp_path / 'policy.npz'}")
    assert bot.name.endswith("policy.npz")


def test_a_gate_above_any_score_keeps_the_incumbent() -> None:
    result = self_play("dobon", rounds=1, players=3, config=TINY, gate=2.0, gate_games=8, hidden=(8,), jit=False)
    assert result.accepted == [False]
    assert result.policy is result.pool[0]


def test_exploitability_compares_a_best_response_with_the_policy_itself() -> None:
    policy = self_play("dobon", rounds=0, players=3, hidden=(8,), jit=False).policy
    found = exploitability("dobon", policy, players=3, config=TINY, games=12, jit=False)
    assert 0.0 <= found.policy_win_rate <= 1.0
    assert 0.0 <= found.response_win_rate <= 1.0
    assert found.estimate == max(0.0, found.response_win_rate - found.policy_win_rate)
