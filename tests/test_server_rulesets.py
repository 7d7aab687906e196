"""``GET /api/games`` offers each game's rule sets and every option with a person's words and its
control, and ``POST /api/rooms`` takes a rule set by name (issue 30's lobby)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from kakehiki.manifest import manifest
from kakehiki.registry import game_ids, get_game
from serving import LiveServer, running

NO_CLOCKS = {"reaction": None, "turn": None, "pace": None, "grace": 60}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(str(tmp_path_factory.mktemp("serve") / "rooms.sqlite3")) as live:
        yield live


@pytest.fixture(scope="module")
def games(server: LiveServer) -> dict[str, dict[str, Any]]:
    return {g["id"]: g for g in server.get("/api/games").json()["games"]}


def create(server: LiveServer, game: str, **extra: Any) -> Any:
    body = {"game": game, "players": 3, "nickname": "Ann", "clocks": NO_CLOCKS, **extra}
    return server.post("/api/rooms", body)


def test_every_game_offers_its_rule_sets_with_every_value(games: dict[str, dict[str, Any]]) -> None:
    for game_id, game in games.items():
        sets = game["rule_sets"]
        assert [s["id"] for s in sets] == [r.id for r in get_game(game_id).rule_sets]
        for rule_set in sets:
            assert rule_set["name"] and rule_set["name_ja"] and rule_set["summary"] and rule_set["summary_ja"]
            assert set(rule_set["options"]) == {o["name"] for o in game["options"]}


def test_every_option_has_a_label_help_and_a_control(games: dict[str, dict[str, Any]]) -> None:
    for game in games.values():
        for option in game["options"]:
            assert option["label"] and option["label_ja"] and option["help"] and option["help_ja"]
            assert option["control"] in ("switch", "choice", "seat", "number")
            assert set(option["values"]) >= set(option["choices"])
            for word in option["values"].values():
                assert word["en"] and word["ja"]
            if option["control"] == "number":
                assert option["step"] > 0
    by_name = {o["name"]: o for o in games["million-doubt"]["options"]}
    assert by_name["first_leader"]["control"] == "seat" and by_name["first_leader"]["advanced"]
    assert by_name["face_down"]["control"] == "switch" and not by_name["face_down"]["advanced"]
    assert by_name["deal"]["control"] == "choice" and by_name["deal"]["values"]["all"]["ja"] == "全部"
    assert by_name["max_steps"]["advanced"]
    ratio = {o["name"]: o for o in games["dobon"]["options"]}["max_twos_ratio"]
    assert (ratio["step"], ratio["maximum"], ratio["values"]["none"]["en"]) == (0.05, 1, "No limit")


def test_b6_a_room_of_quick_doubt_and_an_option_over_it(server: LiveServer) -> None:
    made = create(server, "doubt", rules="quick", options={"jokers": 1})
    assert made.status_code == 201, made.text
    options = made.json()["room"]["options"]
    assert (options["round_limit"], options["jokers"], options["cheat"]) == (5, 1, False)
    over = create(server, "doubt", rules="quick", options={"round_limit": 2})
    assert over.json()["room"]["options"]["round_limit"] == 2


def test_m4_a_room_of_plain_daifugo(server: LiveServer) -> None:
    made = create(server, "million-doubt", rules="daifugo")
    assert made.status_code == 201 and made.json()["room"]["options"]["face_down"] is False


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"game": "doubt", "rules": "quik"}, "rules", "did you mean 'quick'?"),
    ({"game": "doubt", "rules": 5}, "rules", "rules must be the name"),
    ({"game": "dobom"}, "game", "did you mean 'dobon'?"),
    ({"game": "dobon", "options": {"offical": False}}, "options.offical", "did you mean 'official'?"),
    ({"game": "dhumbal", "options": {"show_tie": "caller_win"}}, "options.show_tie", "did you mean 'caller_wins'?"),
])
def test_a_mistyped_name_is_refused_with_the_closest(server: LiveServer, body: dict[str, Any], field: str,
                                                       words: str) -> None:
    made = create(server, **body)
    assert made.status_code == 400
    error = made.json()["error"]
    assert error["field"] == field and words in error["message"], error


def test_the_lobby_lists_the_games_in_their_manifests_order_dobon_first(server: LiveServer) -> None:
    """The lobby's first game is the one it opens on: the order comes from each game's manifest
    (``order``), so no shared file names a game."""
    listed = [g["id"] for g in server.get("/api/games").json()["games"]]
    assert listed[0] == "dobon"
    assert listed == sorted(listed, key=lambda game_id: (manifest(game_id).order, game_id))
    assert sorted(listed) == sorted(game_ids())
