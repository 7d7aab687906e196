"""Game records: written from play, replayed exactly, and refused with the step named when broken."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from kakehiki import RecordError, get_game
from kakehiki.bots import make_bot
from kakehiki.cards import parse_cards
from kakehiki.driver import play_out
from kakehiki.record import load_record, make_record, replay, save_record

GAME = get_game("dobon")


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
    assert final.game_no == 2


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
