"""The policy bot (issue 17): a network in a ``.npz`` file plays as ``policy:PATH``, in numpy only.

Hand-made files, no training: a bias that prefers one action index, random weights checked
against the reference observation, every malformed file refused with the problem named, and
the noninterference rule (the bot reads the seat's view alone).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from kakehiki import get_game
from kakehiki.bots import make_bot
from kakehiki.bots.policy import FORMAT, PolicyBot, PolicyFileError
from kakehiki.driver import play_out
from kakehiki.errors import KakehikiError
from kakehiki.rl.table import RLTable
from test_noninterference import twin_games

GAME, PLAYERS = "dobon", 4
TABLE = RLTable(GAME, PLAYERS)
D, A = TABLE.obs_size, TABLE.n_actions
DRAW = TABLE.space.index("draw")


def write(path: Path, nets: list[tuple[Any, Any]], **meta: Any) -> str:
    info = {"format": FORMAT, "game": GAME, "players": PLAYERS, "options": {}, "activation": "tanh",
            "layers": len(nets), **meta}
    arrays: dict[str, npt.NDArray[Any]] = {}
    for i, (w, b) in enumerate(nets):
        arrays[f"W{i}"], arrays[f"b{i}"] = np.asarray(w), np.asarray(b)
    np.savez(path, allow_pickle=True, meta=np.array(json.dumps(info)), **arrays)
    return str(path)


def bias_only(path: Path, bias: Any) -> str:
    return write(path, [(np.zeros((D, A), np.float32), np.asarray(bias, np.float32))])


def random_net(path: Path, seed: int) -> str:
    rng = np.random.default_rng(seed)
    return write(path, [(rng.normal(size=(D, 16)).astype(np.float32), rng.normal(size=16).astype(np.float32)),
                        (rng.normal(size=(16, A)).astype(np.float32), rng.normal(size=A).astype(np.float32))])


class Recording:
    """Wraps a bot, keeping each decision's legal actions and choice."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.seen = bot, bot.name, []  # type: ignore[var-annotated]

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        action = self.bot.choose(view, legal, rng)
        self.seen.append((view, tuple(legal), action))
        return action


def test_a_bias_for_drawing_draws_whenever_it_may(tmp_path: Path) -> None:
    bias = np.zeros(A)
    bias[DRAW] = 5.0
    path = bias_only(tmp_path / "draw.npz", bias)
    game = get_game(GAME)
    policy = Recording(make_bot(GAME, f"policy:{path}"))
    bots = [policy, *(make_bot(GAME, "random") for _ in range(PLAYERS - 1))]  # drawing alone never ends
    for seed in range(4):
        playout = play_out(game, game.new(PLAYERS, seed=seed), bots, seed=seed)
        assert game.result(playout.state) is not None
    decisions = policy.seen
    assert sum(1 for _, legal, _ in decisions if len(legal) > 1) > 10
    for _, legal, action in decisions:
        assert action in legal
        if "draw" in [str(a) for a in legal]:
            assert str(action) == "draw"


def test_a_falling_bias_takes_the_lowest_legal_index(tmp_path: Path) -> None:
    path = bias_only(tmp_path / "low.npz", -np.arange(A))
    game = get_game(GAME)
    bots = [Recording(make_bot(GAME, f"policy:{path}")) for _ in range(PLAYERS)]
    play_out(game, game.new(PLAYERS, seed=5), bots, seed=5)
    index = TABLE.space.index
    for bot in bots:
        for _, legal, action in bot.seen:
            assert index(action) == min(index(a) for a in legal)


def test_the_choice_is_the_best_scored_legal_action_of_the_seats_observation(tmp_path: Path) -> None:
    path = random_net(tmp_path / "net.npz", 1)
    with np.load(path) as data:
        w0, b0, w1, b1 = (data[k] for k in ("W0", "b0", "W1", "b1"))
    table = RLTable(GAME, PLAYERS)
    table.deal(11)
    bot = make_bot(GAME, f"policy:{path}")
    checked = 0
    while not table.over and checked < 60:
        seat = table.waiting_for()
        legal = table.game.legal_actions(table.state, seat)
        scores = np.tanh(table.observe(seat) @ w0 + b0) @ w1 + b1  # the reference observation, by hand
        scores[table.mask(seat) == 0] = -np.inf
        action = bot.choose(table.game.view(table.state, seat), legal, random.Random(0))
        assert table.space.index(action) == int(np.argmax(scores))
        table.answer(table.space.index(action))
        checked += 1
    assert checked > 10


def test_the_bot_reads_the_view_alone(tmp_path: Path) -> None:
    """Two deals that differ by a swap of hidden cards: while a seat's view is the same, so is the
    bot's choice (its observation is its view's), whatever the other cards are."""
    game = get_game(GAME)
    bot = make_bot(GAME, f"policy:{random_net(tmp_path / 'net.npz', 2)}")
    assert isinstance(bot, PolicyBot)
    same = differ = 0
    for seed in range(4):
        one, two = twin_games(game, PLAYERS, seed, 7 * seed + 1, 11 * seed + 4)
        for _ in range(80):
            if game.result(one) is not None or game.actors(one) != game.actors(two):
                break
            seat = game.actors(one)[0]
            view_one, view_two = game.view(one, seat), game.view(two, seat)
            legal = game.legal_actions(one, seat)
            if view_one == view_two:
                same += 1
                assert np.array_equal(bot.observe(view_one), bot.observe(view_two))
                assert bot.choose(view_one, legal, random.Random(0)) == bot.choose(view_two, legal, random.Random(1))
            else:
                differ += 1
            action = bot.choose(view_one, legal, random.Random(0))
            if not game.can(two, seat, action):
                break
            one, _ = game.apply(one, seat, action)
            two, _ = game.apply(two, seat, action)
    assert same > 20


def test_policy_bots_play_the_arena(tmp_path: Path) -> None:
    from kakehiki.arena import run_arena

    path = bias_only(tmp_path / "draw.npz", np.eye(A)[DRAW])
    report = run_arena(GAME, [f"policy:{path}", "random", "random", "random"], games=8, seed=0)
    standings = {s.bot: s for s in report.standings()}
    assert standings[f"policy:{path}"].games == 8 and standings["random"].games == 24


def _bad_files(tmp_path: Path) -> list[tuple[str, str]]:
    ok_w, ok_b = np.zeros((D, A), np.float32), np.zeros(A, np.float32)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"this is no zip file")
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(Path(bias_only(tmp_path / "whole.npz", ok_b)).read_bytes()[:200])
    no_meta = tmp_path / "no_meta.npz"
    np.savez(no_meta, W0=ok_w, b0=ok_b)
    bad_json = tmp_path / "bad_json.npz"
    np.savez(bad_json, meta=np.array("{not json"), W0=ok_w, b0=ok_b)
    nan_w = ok_w.copy()
    nan_w[0, 0] = np.nan
    return [
        (str(tmp_path / "absent.npz"), "cannot be read"),
        (str(garbage), "not a readable .npz"),
        (str(truncated), "not a readable .npz"),
        (str(no_meta), "no 'meta'"),
        (str(bad_json), "not JSON"),
        (write(tmp_path / "fmt.npz", [(ok_w, ok_b)], format="other/9"), "format 'other/9'"),
        (write(tmp_path / "act.npz", [(ok_w, ok_b)], activation="sigmoid"), "activation 'sigmoid'"),
        (write(tmp_path / "players.npz", [(ok_w, ok_b)], players="four"), "meta 'players'"),
        (write(tmp_path / "layers.npz", [(ok_w, ok_b)], layers=2), "array 'W1' missing"),
        (write(tmp_path / "bias.npz", [(ok_w, np.zeros(A + 1))]), "W0 (933, 106) and b0 (107,) do not fit"),
        (write(tmp_path / "chain.npz", [(np.zeros((D, 8)), np.zeros(8)), (np.zeros((9, A)), np.zeros(A))]),
         "W1 takes 9 inputs, the layer before gives 8"),
        (write(tmp_path / "nan.npz", [(nan_w, ok_b)]), "finite"),
        (write(tmp_path / "game.npz", [(ok_w, ok_b)], game="doubt"), "trained for doubt, not dobon"),
        (write(tmp_path / "inputs.npz", [(np.zeros((D - 1, A)), ok_b)]), f"takes {D - 1} inputs"),
        (write(tmp_path / "outputs.npz", [(np.zeros((D, 5)), np.zeros(5))]), "scores 5 actions"),
        (write(tmp_path / "opts.npz", [(ok_w, ok_b)], options={"no_such_option": 1}), "players or options"),
    ]


def test_malformed_files_are_refused_naming_the_problem(tmp_path: Path) -> None:
    for path, problem in _bad_files(tmp_path):
        with pytest.raises(PolicyFileError, match=problem.replace("(", r"\(").replace(")", r"\)")) as caught:
            make_bot(GAME, f"policy:{path}")
        assert path in str(caught.value)


def test_a_table_of_another_size_is_refused(tmp_path: Path) -> None:
    game = get_game(GAME)
    bot = make_bot(GAME, f"policy:{bias_only(tmp_path / 'p.npz', np.zeros(A))}")
    state = game.new(3, seed=0)
    seat = game.actors(state)[0]
    with pytest.raises(KakehikiError, match="trained for 4 players, not 3"):
        bot.choose(game.view(state, seat), game.legal_actions(state, seat), random.Random(0))


def test_unknown_names_still_name_the_loaders() -> None:
    with pytest.raises(KakehikiError, match=r"unknown bot 'polcy:x'.*policy:…"):
        make_bot(GAME, "polcy:x")


def test_a_policy_registered_by_name_is_a_bot_of_its_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kakehiki.bots
    from kakehiki.bots import bot_names
    from kakehiki.bots.policy import register_from_env

    bot_names(GAME)  # the built-in bots loaded, then the registry copied: the name is gone after the test
    monkeypatch.setattr(kakehiki.bots, "_BOTS", dict(kakehiki.bots._BOTS))

    path = bias_only(tmp_path / "named.npz", np.eye(A)[DRAW])
    assert register_from_env(f"test-drawer={path}") == ["test-drawer"]
    assert "test-drawer" in bot_names(GAME) and "test-drawer" not in bot_names("doubt")
    assert isinstance(make_bot(GAME, "test-drawer"), PolicyBot)
    with pytest.raises(KakehikiError, match="not NAME=PATH"):
        register_from_env(path)
    with pytest.raises(PolicyFileError, match="cannot be read"):
        register_from_env(f"absent={tmp_path / 'absent.npz'}")
