"""Game records: written from play, replayed exactly, and refused with the step named when broken."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner, Result

import kakehiki.record
from kakehiki import RecordError, get_game
from kakehiki.bots import make_bot
from kakehiki.cards import parse_cards
from kakehiki.cli.main import build_app
from kakehiki.driver import play_out
from kakehiki.errors import OptionError, describe, excerpt
from kakehiki.games.dobon.rules.game import DobonGame
from kakehiki.record import (
    LEGACY_READERS,
    legacy_reader,
    load_record,
    make_record,
    parse_record,
    replay,
    save_record,
)
from kakehiki.registry import game_ids
from kakehiki.rng import LegacySeed, generator_of

GAME = get_game("dobon")
DATA = Path(__file__).parent / "data"


def bot_record(seed: int, options: dict[str, Any] | None = None, deck: Any = None) -> dict[str, Any]:
    state = GAME.new(players=4, options=options, seed=seed, deck=deck)
    bots = [make_bot("dobon", name) for name in ("rule", "random", "rule", "random")]
    playout = play_out(GAME, state, bots, seed=seed)
    return make_record(GAME, state, playout.actions, ["ann", "bob", "cho", "dai"], playout.state)


def test_record_has_the_promised_keys_and_replays() -> None:
    record = bot_record(4)
    assert {"game", "version", "options", "seats", "seed", "actions", "result"} <= record.keys()
    assert record["game"] == "dobon" and record["seats"] == ["ann", "bob", "cho", "dai"]
    assert record["options"]["official"] is True and record["options"]["games"] == 1
    _, _, result = replay(record)
    assert result is not None and result.to_dict() == record["result"]


def test_match_record_lists_each_game_in_order(tmp_path: Path) -> None:
    record = bot_record(9, {"games": 3})
    assert len(record["actions"]) == 3 and all(record["actions"])
    assert len(record["result"]["rounds"]) == 3
    path = tmp_path / "match.json"
    save_record(path, record)
    assert load_record(path) == record
    _, final, _ = replay(load_record(path))
    assert final.round_no == 2


def test_explicit_deck_record_replays() -> None:
    deck = parse_cards(" ".join(f"{s}{r}" for s in "SHDC" for r in range(1, 14)))
    record = bot_record(0, {"first_dealer": 0}, deck)
    assert record["deck"][:3] == ["SA", "S2", "S3"]
    replay(record)


def test_illegal_action_names_the_step() -> None:
    record = bot_record(5)
    broken = copy.deepcopy(record)
    seat, _ = broken["actions"][0][3]
    broken["actions"][0][3] = [seat, "play JK"]
    with pytest.raises(RecordError) as err:
        replay(broken)
    assert err.value.step == 3 and "move 4" in str(err.value)


def test_unreadable_action_names_the_step() -> None:
    record = bot_record(5)
    record["actions"][0][1] = [0, "fly away"]
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.step == 1 and "fly away" in str(err.value)


def test_unknown_version_and_missing_keys_are_refused() -> None:
    record = bot_record(6)
    with pytest.raises(RecordError, match="version 99"):
        replay({**record, "version": 99})
    with pytest.raises(RecordError, match="missing keys: actions"):
        replay({k: v for k, v in record.items() if k != "actions"})
    with pytest.raises(RecordError, match="unknown game"):
        replay({**record, "game": "go-fish"})


def test_edited_deck_is_refused() -> None:
    deck = parse_cards(" ".join(f"{s}{r}" for s in "SHDC" for r in range(1, 14)))
    record = bot_record(1, {"first_dealer": 0}, deck)
    short = {**record, "deck": record["deck"][:-1]}
    with pytest.raises(RecordError, match="whole 52-card decks"):
        replay(short)
    swapped = copy.deepcopy(record)
    # Swap the dealt hands of seats 0 and 1: the first moves no longer fit, or the result changes.
    d = swapped["deck"]
    d[0], d[1], d[4], d[5] = d[1], d[0], d[5], d[4]
    with pytest.raises(RecordError) as err:
        replay(swapped)
    assert err.value.step is not None


def test_result_mismatch_is_refused() -> None:
    record = bot_record(7)
    record["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="result differs"):
        replay(record)


def test_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "dobon", ', encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON: line 1"):
        load_record(path)
    path.write_text(json.dumps([1, 2]), encoding="utf-8")
    with pytest.raises(RecordError, match="JSON object"):
        load_record(path)


# -- hostile input (issue 12): one short line naming the field or move, never a traceback ----------

DHUMBAL = get_game("dhumbal")
MILLION_DOUBT = get_game("million-doubt")


def game_record(game_id: str, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    game = get_game(game_id)
    state = game.new(players=4, options=options, seed=seed)
    playout = play_out(game, state, [make_bot(game_id, "random")] * 4, seed=seed)
    return make_record(game, state, playout.actions, ["ann", "bob", "cho", "dai"], playout.state)


def refused(record: Any, *words: str) -> RecordError:
    """``replay`` refuses ``record`` as bad input (no game crash) in one short line holding ``words``."""
    with pytest.raises(RecordError) as err:
        replay(record)
    text = str(err.value)
    assert all(w in text for w in words), text
    assert "\n" not in text and len(text) < 300 and err.value.__cause__ is None, text
    return err.value


def test_issue12_json_nested_100000_deep_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"game": "dobon", "options": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(path)
    refused({**bot_record(5), "options": deep_list(100_000)}, "options must be an object", "[[[[…]]]]")


def deep_list(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def test_issue12_integer_of_5000_digits_is_refused_naming_its_length() -> None:
    text = json.dumps({**bot_record(5), "seed": 1234567})
    with pytest.raises(RecordError, match="a number of 5,000 digits"):
        parse_record(text.replace("1234567", "9" * 5000))
    refused({**bot_record(5), "seed": 10**5000}, "seed must be", "5001 digits")


def test_issue12_option_value_of_1e309_is_refused_naming_the_option() -> None:
    with pytest.raises(RecordError, match=r"the number '1e309' is out of range"):
        parse_record('{"options": {"max_twos_ratio": 1e309}}')
    record = bot_record(5)
    refused({**record, "options": {**record["options"], "max_twos_ratio": 10**309}},
            "option 'max_twos_ratio': must be at most 1, got a whole number of 310 digits")


def test_issue12_nan_and_infinity_are_refused_in_json_and_in_every_option() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(RecordError, match=f"{constant} is not a JSON number"):
            parse_record('{"options": {"max_twos_ratio": ' + constant + "}}")
    record = bot_record(5)
    refused({**record, "options": {**record["options"], "max_twos_ratio": float("nan")}},
            "option 'max_twos_ratio': must be a finite number, got NaN")
    for value in (float("nan"), float("inf"), "nan", "-inf", "Infinity"):
        with pytest.raises(OptionError, match="must be a finite number"):
            GAME.new(players=4, options={"max_twos_ratio": value})


def test_issue12_dhumbal_penalty_of_1e400_is_refused_naming_the_option() -> None:
    record = game_record("dhumbal", 2)
    with pytest.raises(RecordError, match="out of range"):
        parse_record(json.dumps(record).replace('"penalty": 30', '"penalty": 1e400'))
    refused({**record, "options": {**record["options"], "penalty": 10**400}},
            "option 'penalty': must be at most ", "got a whole number of 401 digits")
    refused({**record, "options": {**record["options"], "penalty": float("inf")}}, "option 'penalty'", "Infinity")
    with pytest.raises(OptionError, match="penalty"):
        DHUMBAL.new(players=4, options={"penalty": "1e400"})


def test_issue12_million_doubt_play_star_superscript_two_is_refused_naming_game_and_move() -> None:
    record = game_record("million-doubt", 3)
    seat = record["actions"][0][5][0]
    record["actions"][0][5] = [seat, "play *²"]
    error = refused(record, "game 1, move 6", "play *²")
    assert error.step == 5


class CrashingDobon(DobonGame):
    """Dobon whose code fails on one action text, as a game with a bug would."""

    def parse_action(self, text: str) -> Any:
        if text == "crash":
            raise ZeroDivisionError("division by zero")
        return super().parse_action(text)


def test_issue12_a_game_crash_is_a_record_error_naming_game_and_move_with_the_cause_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kakehiki.record, "get_game", lambda game_id: CrashingDobon())
    record = bot_record(5)
    record["actions"][0][2][1] = "crash"
    with pytest.raises(RecordError) as err:
        replay(record)
    assert str(err.value).startswith("step 2: game 1, move 3 ([")
    assert "dobon failed (ZeroDivisionError: division by zero): a bug in the game" in str(err.value)
    assert isinstance(err.value.__cause__, ZeroDivisionError)


# -- the result: a finished game's record carries it, an unfinished one says null ---------------


def test_issue12_a_finished_game_whose_record_has_no_result_is_refused() -> None:
    record = bot_record(5)
    steps = sum(len(r) for r in record["actions"])
    for broken in ({**record, "result": None}, {k: v for k, v in record.items() if k != "result"}):
        error = refused(broken, "the game is over, but the record has no result")
        assert error.step == steps


def test_issue12_a_record_cut_short_that_still_gives_its_result_is_refused() -> None:
    record = bot_record(5)
    record["actions"][0] = record["actions"][0][:10]
    refused(record, "step 10: after the last move the game is unfinished, but the record gives a result")


def test_issue12_a_record_cut_short_with_result_null_replays_as_unfinished() -> None:
    record = bot_record(5)
    record["actions"][0] = record["actions"][0][:10]
    _, state, result = replay({**record, "result": None})
    assert result is None and GAME.result(state) is None and GAME.actors(state)


def test_issue12_result_must_be_an_object_and_every_field_is_compared() -> None:
    record = bot_record(5)
    refused({**record, "result": [1]}, "result must be an object, or null for an unfinished game, got [1]")
    for name in ("winners", "losers", "ranks", "scores", "reason", "rounds", "draw"):
        edited = copy.deepcopy(record)
        edited["result"][name] = "edited"
        refused(edited, f"the result differs from the record in {name}: ", "the record says 'edited'")


@pytest.mark.parametrize("extra", [1, 3])
def test_issue12_a_finished_record_with_empty_games_after_the_last_is_refused_naming_actions(extra: int) -> None:
    record = bot_record(5)
    steps = sum(len(r) for r in record["actions"])
    record["actions"] = record["actions"] + [[] for _ in range(extra)]
    error = refused(record, f"actions lists {1 + extra} games, but play stopped in game 1: game 2 was never dealt")
    assert error.step == steps
    cut = bot_record(5)
    cut["actions"] = [cut["actions"][0][:10], []]
    refused({**cut, "result": None}, "actions lists 2 games, but play stopped in game 1")


def test_issue12_a_match_record_lists_its_last_game_even_while_it_is_just_dealt() -> None:
    # A match stopped right after its second deal lists game 2 empty: that one is no trailing game.
    record = bot_record(9, {"games": 3})
    record["actions"] = [record["actions"][0], []]
    _, state, result = replay({**record, "result": None})
    assert result is None and GAME.round_of(state) == 1


def test_issue12_a_result_with_an_unknown_key_is_refused_naming_it() -> None:
    record = bot_record(5)
    record["result"]["bonus"] = 1
    refused(record, "result has unknown keys 'bonus' (a result holds winners, losers, ranks, scores, reason, "
                    "rounds, draw)")
    record["result"] = {**record["result"], **{f"k{i}": 0 for i in range(5)}}
    refused(record, "result has unknown keys 'bonus', 'k0', 'k1' …")


# -- header fields, each named ----------------------------------------------------------------


@pytest.mark.parametrize(("field", "value", "words"), [
    ("format", "kakehiki-record/9",
     "format must be one of kakehiki-record/1, kakehiki-record/2, kakehiki-record/3, got"),
    ("format", None, "format must be one of"),
    ("version", True, "version must be a whole number, got true"),
    ("version", 1.0, "version must be a whole number, got 1.0"),
    ("version", "1", "version must be a whole number, got '1'"),
    ("options", [["games", 1]], "options must be an object, got [['games', 1]]"),
    ("options", None, "options must be an object, got null"),
    ("options", "games=2", "options must be an object"),
    ("seats", ["ann", 1, "cho", "dai"], "seats must be a list of names"),
    ("seats", "ann,bob", "seats must be a list of names"),
    ("seed", True, "seed must be a whole number"),
    ("seed", 4.0, "seed must be a whole number"),
    ("seed", 2**64, "seed must be a whole number below 2**64"),
    ("deck", "SA S2", "deck must be a list of card texts, got 'SA S2'"),
    ("deck", ["SA", 2], "deck must be a list of card texts, got 2"),
    ("game", ["dobon"], "game must be a game id, got ['dobon']"),
    ("game", "go-fish", "game: unknown game 'go-fish'"),
    ("actions", {"0": []}, "actions must be a list of games"),
    ("actions", [["0", "pass"]], "game 1, move 1 ('0'): expected [seat, \"action\"]"),
])
def test_issue12_a_bad_header_field_is_refused_naming_it(field: str, value: Any, words: str) -> None:
    refused({**bot_record(5), field: value}, words)


def test_issue12_format_is_required() -> None:
    record = bot_record(5)
    refused({k: v for k, v in record.items() if k != "format"}, "missing keys: format")


def test_issue13_a_record_names_its_generator_and_a_format_3_record_needs_it() -> None:
    record = bot_record(5)
    assert (record["format"], record["rng"]) == ("kakehiki-record/3", "splitmix64/1")
    refused({k: v for k, v in record.items() if k != "rng"}, "missing key: rng")
    refused({**record, "rng": "mt19937"}, "rng must be one of splitmix64/1, cpython-random/1, got 'mt19937'")


def test_issue13_the_same_record_under_the_other_generator_deals_other_cards() -> None:
    record = bot_record(5)
    refused({**record, "rng": "cpython-random/1"}, "game 1, move")


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "format2").glob("*.json")))
def test_issue13_format_2_records_saved_before_the_generator_replay_on_the_old_one(name: str) -> None:
    """Saved by the build before issue 13 (``kakehiki-record/2``, no ``rng``): still dealt by
    CPython's ``random`` seeded with the label text, and replaying to their saved result; saved
    again, they say so (``"rng": "cpython-random/1"``) and replay the same."""
    record = load_record(DATA / "format2" / name)
    assert record["format"] == "kakehiki-record/2" and "rng" not in record
    game, _, result = replay(record)
    assert result is not None and result.to_dict() == record["result"]
    initial = game.new(players=len(record["seats"]), seed=LegacySeed(record["seed"]), options=record["options"])
    assert game.record_header(initial)["seed"] == record["seed"]
    again = {**record, "format": "kakehiki-record/3", "rng": generator_of(initial.seed)}
    assert again["rng"] == "cpython-random/1"
    assert replay(again)[2] == result


SEATS = [(True, "true"), (False, "false"), (-1, "-1"), (4, "4"), ("0", "'0'"), (1.0, "1.0"),
         (10**5000, "a whole number of 5001 digits")]


@pytest.mark.parametrize(("seat", "shown"), SEATS, ids=[shown for _, shown in SEATS])
def test_issue12_a_seat_that_is_not_a_seat_number_is_refused(seat: Any, shown: str) -> None:
    record = bot_record(5)
    record["actions"][0][1][0] = seat
    error = refused(record, "game 1, move 2", f"seat must be a seat number 0–3, or null for the host, got {shown}")
    assert error.step == 1


def test_issue12_a_50_mb_action_gives_a_short_error_line() -> None:
    record = bot_record(5)
    seat = record["actions"][0][1][0]
    record["actions"][0][1][1] = "play S4 " * 6_250_000
    refused(record, f"move 2 ([{seat}, 'play S4 play S4 play S4 play S'… (50,000,000 characters)]): ",
            "the action is 50,000,000 characters long (at most 1,000)")


def test_issue12_error_quotes_are_excerpts() -> None:
    assert excerpt("x" * 50_000_000) == repr("x" * 40) + "… (50,000,000 characters)"
    assert describe({"a": deep_list(100_000), "b": "y" * 10**6}).startswith("{'a': [[[…]]], 'b': 'yyy")
    assert len(describe(["z" * 10**6] * 10**6, limit=40)) <= 61
    assert describe(-(10**5000)) == "a whole number of 5001 digits"
    with pytest.raises(OptionError) as err:
        GAME.new(options={"x" * 10**6: 1})
    assert len(str(err.value)) < 300


# -- host actions: [null, "text"], through apply_host -------------------------------------------


class HostDobon(DobonGame):
    """Dobon with a host action that only notes where it came (the real ``delay`` is J14's)."""

    host_actions: ClassVar[tuple[str, ...]] = ("delay",)

    def __init__(self) -> None:
        self.calls: list[tuple[Any, str]] = []

    def apply_host(self, state: Any, action: str) -> tuple[Any, tuple[Any, ...]]:
        if action not in self.host_actions:
            return super().apply_host(state, action)
        self.calls.append((state, action))
        return state, ()


def test_issue12_a_host_action_is_recorded_with_seat_null_and_replayed_through_apply_host(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = HostDobon()
    monkeypatch.setattr(kakehiki.record, "get_game", lambda game_id: game)
    state = GAME.new(players=4, seed=4)
    playout = play_out(GAME, state, [make_bot("dobon", "random")] * 4, seed=4)
    actions: list[tuple[int, int | None, Any]] = list(playout.actions)
    actions.insert(3, (0, None, "delay"))
    record = make_record(game, state, actions, ["ann", "bob", "cho", "dai"], playout.state)
    assert record["actions"][0][3] == [None, "delay"] and record["format"] == "kakehiki-record/3"
    save_record(tmp_path / "host.json", record)
    assert json.loads((tmp_path / "host.json").read_text(encoding="utf-8"))["actions"][0][3] == [None, "delay"]
    _, _, result = replay(load_record(tmp_path / "host.json"))
    assert result is not None and result.to_dict() == record["result"]
    prefix = state
    for _, seat, action in playout.actions[:3]:
        prefix, _ = GAME.apply(prefix, seat, action)
    assert game.calls == [(prefix, "delay")]
    refused({**record, "format": "kakehiki-record/1", "actions": [[[None, "delay"]]]},
            "move 1 ([null, 'delay']): a host's action (seat null) needs format kakehiki-record/2 or later")
    record["actions"][0][3] = [None, "hurry"]
    refused(record, "move 4", "[C5] dobon has no host action 'hurry'")


def test_issue12_a_host_action_of_a_game_without_any_is_refused() -> None:
    record = game_record("doubt", 1)
    record["actions"][0].insert(2, [None, "delay"])
    refused(record, "step 2: game 1, move 3 ([null, 'delay']): [C5] doubt has no host action 'delay'")


# -- versions: a game says how to read its older records ------------------------------------------


class DobonV2(DobonGame):
    """Dobon as a version 2 that reads version 1 with this module's ``legacy_v1_skips``
    (whatever version the real Dobon is at: the tests label their records version 1)."""

    version: ClassVar[int] = 2


def legacy_v1_skips(state: Any, seat: int | None, action: str) -> bool:
    """The test's version-1 reader: a ``pass`` from a seat not being asked had no effect in version 1."""
    return action == "pass" and seat is not None and seat not in GAME.actors(state)


def with_noop_passes(record: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """``record`` with a ``pass`` by a seat that is not asked inserted before some moves, and where."""
    edited = copy.deepcopy(record)
    state = GAME.new(players=4, seed=record["seed"])
    moves: list[list[Any]] = []
    where: list[int] = []
    for i, (seat, text) in enumerate(record["actions"][0]):
        idle = [s for s in range(4) if s not in GAME.actors(state)]
        if i % 7 == 3 and idle:
            where.append(len(moves))
            moves.append([idle[0], "pass"])
        moves.append([seat, text])
        state, _ = GAME.apply(state, seat, text)
    edited["actions"][0] = moves
    edited["version"] = 1
    return edited, where


def test_issue12_a_version_1_record_replays_on_version_2_through_the_games_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kakehiki.record, "get_game", lambda game_id: DobonV2())
    record, where = with_noop_passes(bot_record(5))
    assert where and legacy_reader(DobonV2(), 1) is legacy_v1_skips
    _, _, result = replay(record)
    assert result is not None and result.to_dict() == record["result"]
    error = refused({**record, "version": 2}, f"game 1, move {where[0] + 1} ([")
    assert error.step == where[0]
    refused({**record, "version": 3}, "dobon record version 3 is newer than this build, which plays version 2")
    refused({**record, "version": 0}, "dobon record version 0 is unknown to this build")


def test_issue12_an_explicit_legacy_reader_takes_precedence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kakehiki.record, "get_game", lambda game_id: DobonV2())
    monkeypatch.setitem(LEGACY_READERS, ("dobon", 1), lambda state, seat, action: False)
    record, where = with_noop_passes(bot_record(5))
    assert refused(record, "game 1").step == where[0]


def test_issue12_a_version_1_record_may_hold_a_draw_computed_differently(monkeypatch: pytest.MonkeyPatch) -> None:
    record = bot_record(5)
    record["result"]["draw"] = not record["result"]["draw"]
    refused(record, "the result differs from the record in draw")
    monkeypatch.setattr(kakehiki.record, "get_game", lambda game_id: DobonV2())
    refused({**record, "version": 2}, "the result differs from the record in draw")
    record["version"] = 1
    _, _, result = replay(record)
    assert result is not None and result.draw != record["result"]["draw"]
    record["result"]["ranks"] = [1, 1, 1, 1]
    refused(record, "the result differs from the record in ranks")


def test_issue12_a_record_of_a_newer_version_is_refused() -> None:
    newer = GAME.version + 1
    refused({**bot_record(5), "version": newer},
            f"dobon record version {newer} is newer than this build, which plays version {GAME.version}")


@pytest.mark.parametrize("game_id", game_ids())
def test_issue12_every_game_reads_each_of_its_older_record_versions(game_id: str) -> None:
    game = get_game(game_id)
    assert all(callable(legacy_reader(game, v)) for v in range(1, game.version))


@pytest.mark.parametrize("name", ["dobon-v1.json", "dobon-v1-self-dobon.json", "dobon-arith-v1.json"])
def test_issue12_stored_version_1_records_still_replay(name: str) -> None:
    record = load_record(DATA / name)
    assert record["version"] == 1 and record["format"] == "kakehiki-record/1"
    _, _, result = replay(record)
    assert result is not None


# -- kakehiki replay: one line on stderr and a documented exit status for every hostile file -------

APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


def run_replay(path: Path, *args: str) -> Result:
    return CliRunner().invoke(APP, ["replay", str(path), "--lang", "en", *args], env=NO_LOCALE)


def edited_json(game_id: str, seed: int, edit: Callable[[dict[str, Any]], None], text: Callable[[str], str]) -> str:
    record = game_record(game_id, seed) if game_id != "dobon" else bot_record(seed)
    edit(record)
    return text(json.dumps(record, ensure_ascii=False))


def keep(record: dict[str, Any]) -> None:
    """No change to the record itself (the hostile part is in its text)."""


def same(text: str) -> str:
    return text


def set_move(index: int, action: str) -> Callable[[dict[str, Any]], None]:
    def edit(record: dict[str, Any]) -> None:
        record["actions"][0][index][1] = action
    return edit


HOSTILE_FILES: dict[str, tuple[Callable[[], str], str]] = {
    "nested 100,000 deep": (lambda: '{"game": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    "an integer of 5,000 digits": (lambda: edited_json("dobon", 5, keep, lambda t: t.replace(
        '"seed": 5', '"seed": ' + "9" * 5000)), "a number of 5,000 digits"),
    "an option of 1e309": (lambda: edited_json("dobon", 5, keep, lambda t: t.replace(
        '"max_twos_ratio": null', '"max_twos_ratio": 1e309')), "the number '1e309' is out of range"),
    "an option of NaN": (lambda: edited_json("dobon", 5, keep, lambda t: t.replace(
        '"max_twos_ratio": null', '"max_twos_ratio": NaN')), "NaN is not a JSON number"),
    "million-doubt play *²": (lambda: edited_json("million-doubt", 3, set_move(5, "play *²"), same),
                              "step 5: game 1, move 6 ("),
    "a Dhumbal penalty of 1e400": (lambda: edited_json("dhumbal", 2, keep, lambda t: t.replace(
        '"penalty": 30', '"penalty": 1e400')), "the number '1e400' is out of range"),
    "result null": (lambda: edited_json("dobon", 5, lambda r: r.update(result=None), same),
                    "the game is over, but the record has no result"),
    "an unknown format": (lambda: edited_json("dobon", 5, lambda r: r.update(format="kakehiki-record/9"), same),
                          "format must be one of"),
    "version true": (lambda: edited_json("dobon", 5, lambda r: r.update(version=True), same),
                     "version must be a whole number, got true"),
    "seat true": (lambda: edited_json("dobon", 5, lambda r: r["actions"][0][0].__setitem__(0, True), same),
                  "seat must be a seat number 0–3, or null for the host, got true"),
    "options a list": (lambda: edited_json("dobon", 5, lambda r: r.update(options=[]), same),
                       "options must be an object, got []"),
    "a 50 MB action": (lambda: edited_json("dobon", 5, set_move(1, "x" * 50_000_000), same),
                       "the action is 50,000,000 characters long"),
    "a trailing empty game": (lambda: edited_json("dobon", 5, lambda r: r["actions"].append([]), same),
                              "actions lists 2 games, but play stopped in game 1"),
    "an unknown key in result": (lambda: edited_json("dobon", 5, lambda r: r["result"].update(note="x"), same),
                                 "result has unknown keys 'note'"),
}


@pytest.mark.parametrize("name", list(HOSTILE_FILES))
def test_issue12_cli_replay_of_a_hostile_file_prints_one_line_and_exits_1(name: str, tmp_path: Path) -> None:
    make, words = HOSTILE_FILES[name]
    path = tmp_path / "hostile.json"
    path.write_text(make(), encoding="utf-8")
    result = run_replay(path)
    assert result.exit_code == 1, result.output[:500]
    assert result.stdout == "" and "Traceback" not in result.stderr
    line = result.stderr.rstrip("\n")
    assert "\n" not in line and len(line) < 400 and line.startswith(f"error: {path} does not replay: "), line[:500]
    assert words in line, line


def test_issue12_cli_replay_of_an_unfinished_record_says_so_and_exits_3(tmp_path: Path) -> None:
    record = bot_record(5)
    record["actions"][0] = record["actions"][0][:10]
    path = tmp_path / "unfinished.json"
    save_record(path, {**record, "result": None})
    text = run_replay(path)
    assert text.exit_code == 3 and text.stderr == ""
    assert "10 steps, replayed without error" in text.stdout and "unfinished: no result" in text.stdout
    data = run_replay(path, "--json")
    assert data.exit_code == 3
    assert json.loads(data.stdout) | {"seats": None} == {"game": "dobon", "version": GAME.version, "seats": None,
                                                         "steps": 10, "finished": False, "result": None}


def test_issue12_cli_replay_of_a_finished_record_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    save_record(path, bot_record(5))
    result = run_replay(path, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["finished"] is True


def test_issue12_cli_replay_help_lists_the_exit_statuses() -> None:
    result = CliRunner().invoke(APP, ["replay", "--help"], env=NO_LOCALE)
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert {"0  it replays and its result matches", "2  bad arguments",
            "1  it does not replay (one line on stderr names the field or move)",
            "3  it replays, but the game in it is unfinished"} <= set(lines)


def test_issue14_replay_show_prints_every_move_and_only_what_the_viewer_may_see(tmp_path: Path) -> None:
    record = bot_record(5)
    save_record(tmp_path / "r.json", record)
    moves = [(seat, text) for game in record["actions"] for seat, text in game]
    shown = run_replay(tmp_path / "r.json", "--show")
    assert shown.exit_code == 0, shown.output
    assert not re.search(r"^Seat \d \(\w+\): ", shown.stdout, re.MULTILINE), "a spectator sees no action text"
    as_seat = run_replay(tmp_path / "r.json", "--show", "--seat", "1")
    own = [line for line in as_seat.stdout.splitlines() if line.startswith("Seat 1 (bob): ")]
    assert own == [f"Seat 1 (bob): {text}" for seat, text in moves if seat == 1], "its own moves, written out"
    drawn = r"Seat 1 \(bob\) draws \d+ \(\w+\): [SHDC]"
    assert as_seat.exit_code == 0 and re.search(drawn, as_seat.stdout), "seat 1 sees the cards it draws"
    assert not re.search(r"draws \d+ \(\w+\): ", shown.stdout), "a spectator never sees drawn cards"
    refused = run_replay(tmp_path / "r.json", "--show", "--seat", "9")
    assert refused.exit_code == 2 and "--seat 9" in refused.stderr
