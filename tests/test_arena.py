"""The arena: seat rotation, reproducible results across worker counts, intervals, ratings, outputs."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kakehiki.arena import MAX_ORDERS, order_count, rating_ranks, run_arena, seating, table_orders, wilson_interval
from kakehiki.cli.arena import by_win_rate, write_chart
from kakehiki.cli.main import build_app
from kakehiki.errors import KakehikiError


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_seating_rotates_every_bot_through_every_seat() -> None:
    bots = ("a", "b", "c")
    seen = {seating(bots, i) for i in range(3)}
    assert seen == {("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")}


def test_table_orders_keep_one_of_each_order_round_the_table() -> None:
    assert table_orders(("a", "b", "c")) == (("a", "b", "c"), ("a", "c", "b"))
    assert len(table_orders(("a", "b", "c", "d"))) == 6
    assert table_orders(("a", "b", "b")) == (("a", "b", "b"),)  # the others are its rotations
    assert table_orders(("a", "a", "b", "b")) == (("a", "a", "b", "b"), ("a", "b", "a", "b"))
    # Copies of a bot are not told apart: sixteen seats, fifteen of them alike, is one order at once.
    assert table_orders(("a",) + ("b",) * 15) == (("a",) + ("b",) * 15,)


def test_every_order_is_refused_where_the_orders_are_too_many_to_go_through() -> None:
    eight, nine = tuple("abcdefgh"), tuple("abcdefghi")
    assert order_count(eight) == MAX_ORDERS and len(table_orders(eight)) == MAX_ORDERS
    assert order_count(nine) == 40320 and order_count(("a",) + ("b",) * 15) == 1
    with pytest.raises(KakehikiError, match="40320 orders"):
        table_orders(nine)
    bots = "caller,easy,expert,greedy,hard,no-interrupt,normal,random,rule"
    result = CliRunner().invoke(build_app(), ["arena", "dobon", "--bots", bots, "--every-order", "--lang", "en"])
    assert result.exit_code != 0 and "9 different bots have 40320 orders" in result.output


def test_every_order_seats_each_bot_after_each_other_equally_often() -> None:
    # Rotation alone: d always sits after c.  Every order: each bot follows each other bot in 8 of 24 games.
    bots = ("a", "b", "c", "d")

    def neighbours(every_order: bool) -> Counter[tuple[str, str]]:
        return Counter((seats[s], seats[(s + 1) % 4]) for i in range(24)
                       for seats in [seating(bots, i, every_order)] for s in range(4))
    assert set(neighbours(False)) == {("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")}
    assert set(neighbours(True).values()) == {8} and len(neighbours(True)) == 12
    assert Counter(seating(bots, i, True)[0] for i in range(24)) == Counter({b: 6 for b in bots})


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_arena("dobon", ["rule", "random", "random"], 12, seed=3, workers=1)
    two = run_arena("dobon", ["rule", "random", "random"], 12, seed=3, workers=2)
    key = [(g.index, g.seats, g.winners, g.losers, g.steps) for g in one.games]
    assert key == [(g.index, g.seats, g.winners, g.losers, g.steps) for g in two.games]
    assert [s.to_dict()["rating"] for s in one.standings()] == [s.to_dict()["rating"] for s in two.standings()]


def test_standings_add_up() -> None:
    report = run_arena("dobon", ["rule", "random", "random", "random"], 40, seed=1)
    standings = {s.bot: s for s in report.standings()}
    assert standings["rule"].games == 40 and standings["random"].games == 120
    wins = sum(len(g.winners) for g in report.games)
    assert standings["rule"].wins + standings["random"].wins == wins
    assert standings["rule"].mu > standings["random"].mu  # the rule bot wins far more often


def test_rating_ranks_put_winners_first_and_losers_last() -> None:
    report = run_arena("dobon", ["rule", "random", "random"], 5, seed=2)
    for g in report.games:
        ranks = rating_ranks(g)
        for w in g.winners:
            assert ranks[w] == 1
        for seat in g.losers:
            assert ranks[seat] == max(ranks)


def test_arena_command_json_csv_and_chart(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(build_app(), ["arena", "dobon", "--bots", "normal,random", "--games", "10", "--seed", "4",
                                         "--workers", "1", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = data["results"]
    assert {r["bot"] for r in rows} == {"normal", "random"}
    for r in rows:
        assert set(r) >= {"bot", "games", "wins", "win_rate", "ci_low", "ci_high", "rating"}
        assert r["games"] == 10 and r["ci_low"] <= r["win_rate"] <= r["ci_high"]
    with (tmp_path / "arena.csv").open(encoding="utf-8") as handle:
        assert [row["bot"] for row in csv.DictReader(handle)] == [r["bot"] for r in rows]
    assert (tmp_path / "arena.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_command_refuses_a_bad_table() -> None:
    runner = CliRunner()
    result = runner.invoke(build_app(), ["arena", "dobon", "--bots", "normal", "--games", "3", "--lang", "en"])
    assert result.exit_code == 2 and "one bot per seat" in result.output
    result = runner.invoke(build_app(), ["arena", "dobon", "--bots", "normal,nobody", "--lang", "en"])
    assert result.exit_code == 2 and "nobody" in result.output


def test_an_interval_always_holds_its_win_rate() -> None:
    for games in range(1, 400):
        assert wilson_interval(0, games)[0] == 0.0 and wilson_interval(games, games)[1] == 1.0
        for wins in (0, 1, games // 2, games):
            low, high = wilson_interval(wins, games)
            assert low <= wins / games <= high


def test_the_chart_draws_a_bot_that_never_won_and_orders_bars_by_win_rate(tmp_path: Path) -> None:
    report = run_arena("dobon", ["normal", "random"], 4, seed=3)
    rows = [{"bot": "never", "win_rate": 0.0, "ci_low": 1e-17, "ci_high": 0.2, "rating": 9.0},
            {"bot": "sometimes", "win_rate": 0.125, "ci_low": 0.05, "ci_high": 0.3, "rating": 1.0},
            {"bot": "always", "win_rate": 1.0, "ci_low": 0.8, "ci_high": 1.0 - 1e-17, "rating": 0.0}]
    assert [r["bot"] for r in by_win_rate(rows)] == ["always", "sometimes", "never"]
    write_chart(tmp_path / "chart.png", report, rows)
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_gauntlet_plays_a_level_against_each_style_head_to_head_and_at_the_full_table() -> None:
    runner = CliRunner()
    result = runner.invoke(build_app(), ["arena", "dobon", "--gauntlet", "normal", "--games", "2", "--workers", "1",
                                         "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    lines = {(r["opponent"], r["seats"]): r for r in data["results"]}
    opponents = ("random", "easy", "hard", "caller", "shed-high", "no-interrupt")
    assert set(lines) == {(o, n) for o in opponents for n in (2, 4)}  # never itself; Dobon's table is 4
    for (_, seats), r in lines.items():
        assert r["games"] == 2 and r["chance"] == 1 / seats
        assert r["ci_low"] <= r["win_rate"] <= r["ci_high"]
        assert r["above_chance"] == (r["ci_low"] > r["chance"])


def test_gauntlet_prints_its_table_against_the_opponents_named() -> None:
    runner = CliRunner()
    result = runner.invoke(build_app(), ["arena", "million-doubt", "--gauntlet", "normal", "--bots", "all-down",
                                         "--games", "1", "--workers", "1", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "normal in the million-doubt gauntlet: 1 games per line" in result.output
    rows = [line for line in result.output.splitlines() if "all-down" in line]
    assert len(rows) == 2 and "│     2 │" in rows[0] and "│     4 │" in rows[1]


def test_the_arena_wants_a_table_or_a_gauntlet() -> None:
    result = CliRunner().invoke(build_app(), ["arena", "dobon", "--lang", "en"])
    assert result.exit_code == 2 and "--gauntlet" in result.output


def test_the_gauntlet_refuses_the_compiled_engine() -> None:
    command = ["arena", "dobon", "--gauntlet", "hard", "--engine", "fast", "--lang", "en"]
    result = CliRunner().invoke(build_app(), command)
    assert result.exit_code == 2 and "--engine fast" in result.output


def test_arena_command_in_every_order() -> None:
    result = CliRunner().invoke(build_app(), ["arena", "doubt", "--bots", "normal,random,honest", "--games", "6",
                                              "--every-order", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["every_order"] is True and sum(r["games"] for r in data["results"]) == 18
    text = CliRunner().invoke(build_app(), ["arena", "doubt", "--bots", "normal,random,honest", "--games", "6",
                                            "--every-order", "--workers", "1", "--lang", "en"]).output
    assert "every order round the table: 2 orders" in text
