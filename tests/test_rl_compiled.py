"""The compiled vector environment (kakehiki.rl.compiled) against the reference SeatVectorEnv:
the same seeds and learner actions give the same observations, masks, seats, rewards, ends and
reasons, entry for entry, with kernel bots and with numpy-policy opponents (pure-Python kernels)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kakehiki.bots.policy import PolicyFileError
from kakehiki.errors import IllegalActionError, OptionError
from kakehiki.rl.compiled import POOL_CODE, CompiledVectorEnv
from kakehiki.rl.selfplay import new_network, save_network
from kakehiki.rl.vector import SeatVectorEnv


def lockstep(game: str, players: int, opponents: Any, steps: int, options: dict[str, Any] | None = None,
             envs: int = 4) -> int:
    """Step both environments with the same random legal actions; the episodes ended."""
    ref = SeatVectorEnv(game, envs, players=players, options=options, opponents=opponents, seat="random")
    fast = CompiledVectorEnv(game, envs, players=players, options=options, opponents=opponents, seat="random",
                             jit=False)
    o1, i1 = ref.reset(seed=5)
    o2, i2 = fast.reset(seed=5)
    pick, ended = np.random.default_rng(0), 0
    for _ in range(steps):
        np.testing.assert_array_equal(i1["seat"], i2["seat"])
        np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"])
        np.testing.assert_array_equal(i1["redeals"], i2["redeals"])
        np.testing.assert_array_equal(o1, o2)
        acts = np.array([pick.choice(np.flatnonzero(m)) for m in i1["action_mask"]])
        o1, r1, t1, tr1, i1 = ref.step(acts)
        o2, r2, t2, tr2, i2 = fast.step(acts)
        np.testing.assert_array_equal(r1, r2)
        np.testing.assert_array_equal(t1, t2)
        np.testing.assert_array_equal(tr1, tr2)
        assert ("final_obs" in i1) == ("final_obs" in i2)
        if "final_obs" in i1:
            done = i1["_final_obs"]
            np.testing.assert_array_equal(done, i2["_final_obs"])
            np.testing.assert_array_equal(i1["final_obs"][done], i2["final_obs"][done])
            assert list(i1["reason"]) == list(i2["reason"])
            ended += int(done.sum())
    return ended


@pytest.fixture(scope="module")
def policies(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], str]:
    folder: Path = tmp_path_factory.mktemp("policies")
    found = {}
    for game, players in (("dobon", 3), ("doubt", 3), ("doubt", 5), ("million-doubt", 3), ("dobon-arith", 3),
                            ("dhumbal", 3), ("daifugo", 3)):
        opts: dict[str, Any] = {"penalty": "forfeit", "cheat": True} if players == 5 else {}
        if game == "million-doubt":
            opts = {"max_steps": 400}  # an untrained network may undo and show again until the step limit
        path = folder / f"{game}{players}.npz"
        save_network(new_network(game, players, opts, hidden=(16,), seed=players), path)
        found[game, players] = f"policy:{path}"
    return found


def test_dobon_random_bots_agree() -> None:
    lockstep("dobon", 4, "random", 60)


def test_dobon_policy_opponents_agree(policies: dict[tuple[str, int], str]) -> None:
    assert lockstep("dobon", 3, policies["dobon", 3], 80) > 0


def test_doubt_random_bots_agree() -> None:
    lockstep("doubt", 4, "random", 60)


def test_doubt_policy_opponents_agree(policies: dict[tuple[str, int], str]) -> None:
    assert lockstep("doubt", 3, policies["doubt", 3], 150) > 0


def test_doubt_many_decks_jokers_and_shown_piles_agree() -> None:
    """Two decks and jokers: the knowledge of hands is reconciled with the copies in the game (B7)."""
    lockstep("doubt", 4, "random", 80, {"max_cards_per_play": 3, "decks": 2, "jokers": 2, "show_pile": True})


def test_doubt_forfeit_penalty_with_policy_opponents_agrees(policies: dict[tuple[str, int], str]) -> None:
    opts = {"penalty": "forfeit", "cheat": True}
    assert lockstep("doubt", 5, policies["doubt", 5], 60, opts) > 0


def test_doubt_step_limit_truncates_as_the_reference() -> None:
    assert lockstep("doubt", 3, "random", 40, {"max_steps": 12}) > 0


def test_million_doubt_random_bots_agree_over_a_match() -> None:
    lockstep("million-doubt", 5, "random", 60, {"games": 3, "face_down": True, "spade3_beats_joker": True})


def test_million_doubt_policy_opponents_agree(policies: dict[tuple[str, int], str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The habits of a match: plays shown and blind, doubted and found false, windows answered.
    The untrained networks lay cards and take them back until the step limit: the compiled env
    moves such a game on by whole rounds (``seatloop.skip_cycles``), and the games still agree."""
    kernel = CompiledVectorEnv("million-doubt", 1, 3, options={"max_steps": 400}, jit=False).plugin.k
    skip, skipped = kernel.skip_cycles, []

    def counted(s: Any, *args: Any) -> None:
        before = int(s[kernel.CYCLE_STEPS])
        skip(s, *args)
        if s[kernel.CYCLE_STEPS] != before:
            skipped.append(before)

    monkeypatch.setattr(kernel, "skip_cycles", counted)  # the plain kernel calls it by its module's name
    assert lockstep("million-doubt", 3, policies["million-doubt", 3], 40, {"max_steps": 400}) > 0
    assert skipped


def test_dobon_arith_random_bots_agree() -> None:
    assert lockstep("dobon-arith", 4, "random", 80) > 0


def test_dobon_arith_match_with_rebuilds_and_penalties_agrees() -> None:
    """A match of short games (each new game starts an empty log), twos' penalties ending the
    turn, the stock rebuilt from a small field under a twos ratio."""
    opts = {"games": 3, "max_steps": 20, "draw_penalty_ends_turn": True, "min_field_to_rebuild": 1,
            "max_twos_ratio": 0.5}
    assert lockstep("dobon-arith", 3, "random", 120, opts) > 0


def test_dobon_arith_policy_opponents_agree(policies: dict[tuple[str, int], str]) -> None:
    """Networks in the other seats: plays of several cards, reveals, Dobon calls and declines."""
    assert lockstep("dobon-arith", 3, policies["dobon-arith", 3], 100) > 0


def test_dobon_arith_two_players_with_the_first_player_set_agree() -> None:
    assert lockstep("dobon-arith", 2, "random", 80, {"first_player": 1, "max_steps": 40}) > 0


def test_dhumbal_random_bots_agree() -> None:
    lockstep("dhumbal", 4, "random", 100)


def test_dhumbal_matches_of_several_rounds_agree() -> None:
    """Shows end rounds (the log starts anew; the last round's points and shown totals are
    public) and a low limit ends matches."""
    assert lockstep("dhumbal", 3, "random", 150, {"limit": 30, "show_max": 10, "penalty": 10}) > 0


def test_dhumbal_two_decks_and_a_step_limit_agree() -> None:
    """Ten seats play with two decks (repeated cards in discards and hands); a round stopped by
    ``max_steps`` shows no hands."""
    opts = {"max_steps": 30, "show_tie": "caller_wins", "starter_rotation": "left"}
    assert lockstep("dhumbal", 10, "random", 120, opts) > 0


def test_dhumbal_policy_opponents_agree(policies: dict[tuple[str, int], str]) -> None:
    assert lockstep("dhumbal", 3, policies["dhumbal", 3], 150, {"limit": 10, "show_max": 20}) > 0


def test_daifugo_random_bots_agree_over_a_match() -> None:
    """Three games: the exchange (forced and chosen hand-overs, the cards each seat knows it
    handed over), titles from the last game's places, points."""
    assert lockstep("daifugo", 4, "random", 250, {"games": 3}) > 0


def test_daifugo_two_decks_house_rules_and_a_step_limit_agree() -> None:
    """Seven seats with two decks (two of a face in hands and on the field), the strict lock,
    stairs revolutions, and matches stopped by ``max_steps``."""
    opts = {"jokers": 2, "strict_lock": True, "run_revolution": True, "max_steps": 120}
    assert lockstep("daifugo", 7, "random", 200, opts) > 0


def test_daifugo_policy_opponents_agree(policies: dict[tuple[str, int], str]) -> None:
    assert lockstep("daifugo", 3, policies["daifugo", 3], 200, {"games": 2}) > 0


def test_a_pool_of_networks_sits_in_the_other_seats() -> None:
    pool = [new_network("doubt", 3, hidden=(8,), seed=k) for k in range(3)]
    env = CompiledVectorEnv("doubt", 8, 3, opponents="pool", pool=pool, jit=False)
    env.reset(seed=1)
    assert set((-1 - env.policies[:, 1:]).ravel().tolist()) <= {0, 1, 2}
    env.set_pool(pool[:1], seed=2)
    env.reset(seed=1)
    assert ((-1 - env.policies[:, 1:]) == 0).all()


def test_a_new_pool_leaves_the_games_in_progress_with_the_networks_they_were_dealt() -> None:
    """``set_pool`` between steps: the games already dealt play on against the same networks
    (the same moves as without the new pool), and only games dealt afterwards draw from it."""
    old = [new_network("doubt", 3, hidden=(8,), seed=k) for k in range(3)]
    new = [new_network("doubt", 3, hidden=(8,), seed=10 + k) for k in range(2)]

    def play(swap: bool) -> tuple[list[Any], list[bool]]:
        env = CompiledVectorEnv("doubt", 6, 3, opponents="pool", pool=old, jit=False)
        obs, info = env.reset(seed=4)
        seen, pick = [obs.copy()], np.random.default_rng(1)
        if swap:
            env.set_pool(new, seed=9)
        codes = env.policies[(env.policies < 0) & (env.policies != POOL_CODE)]
        seated = [any(env.networks[-1 - int(c)] is net for net in old) for c in codes]
        for _ in range(12):
            acts = np.array([pick.choice(np.flatnonzero(m)) for m in info["action_mask"]])
            obs, _, done, _, info = env.step(acts)
            seen.append(obs.copy())
            if done.any():
                break
        return seen, seated

    kept, seated = play(swap=True)
    plain, _ = play(swap=False)
    assert seated and all(seated), "every opponent seat still holds one of the networks it was dealt"
    assert all((a == b).all() for a, b in zip(kept, plain, strict=True))


def test_an_illegal_action_is_refused_naming_the_game() -> None:
    env = CompiledVectorEnv("doubt", 2, 3, jit=False)
    _, info = env.reset(seed=0)
    illegal = np.argmin(info["action_mask"], axis=1)
    with pytest.raises(IllegalActionError, match="game 0"):
        env.step(illegal)


def test_options_whose_record_is_not_kept_are_refused() -> None:
    with pytest.raises(OptionError, match="two_cards"):
        CompiledVectorEnv("doubt", 2, 3, options={"penalty": "two_cards"}, jit=False)


def test_a_network_for_another_table_is_refused() -> None:
    with pytest.raises(PolicyFileError, match="not doubt at 4"):
        CompiledVectorEnv("doubt", 2, 4, opponents=new_network("doubt", 3), jit=False)
