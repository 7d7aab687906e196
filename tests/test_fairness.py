"""Provably fair deals (issue 15 item 4, the part without a server): a commitment to the seed
before the deal, revealed after, checked by ``kakehiki verify``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kakehiki import RecordError, get_game
from kakehiki.bots import make_bot
from kakehiki.cli.main import build_app
from kakehiki.driver import play_out
from kakehiki.fairness import commitment, commitment_field, new_salt, verify
from kakehiki.record import make_record, save_record

SALT = "00112233445566778899aabbccddeeff"


def committed_record(game_id: str, seed: int, salt: str = SALT) -> dict[str, Any]:
    game = get_game(game_id)
    state = game.new(seed=seed)
    playout = play_out(game, state, [make_bot(game_id, "random") for _ in range(game.players(state))], seed=seed)
    names = [f"s{i}" for i in range(game.players(state))]
    return make_record(game, state, playout.actions, names, playout.state, commitment_field(seed, salt))


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    # sha256("kakehiki-commit/1\n42\n0011…eeff"), from hashlib itself: the text is the spec.
    text = "kakehiki-commit/1\n42\n00112233445566778899aabbccddeeff"
    assert commitment(42, SALT) == hashlib.sha256(text.encode()).hexdigest()
    assert commitment(42, SALT) != commitment(43, SALT) != commitment(42, new_salt())
    assert len(new_salt()) == 32 and new_salt() != new_salt()


@pytest.mark.parametrize("game_id", ["dobon", "doubt", "dhumbal"])
def test_a_committed_record_verifies_and_a_changed_seed_or_salt_does_not(game_id: str) -> None:
    record = committed_record(game_id, 7)
    assert verify(record).fair and verify(record).seed == 7
    other_salt = {**record, "commitment": {**record["commitment"], "salt": "f" * 32}}
    assert verify(other_salt).reason == "mismatch"
    recommitted = {**record, "commitment": commitment_field(8, SALT)}  # a host that swapped the seed
    assert verify(recommitted).reason == "mismatch"
    with pytest.raises(RecordError):
        verify({**record, "seed": 8})  # the moves no longer fit other deals


@pytest.mark.parametrize(("commit", "words"), [
    ("abc", "commitment must be an object"),
    ({"scheme": "md5", "hash": "0" * 64, "salt": SALT}, "scheme must be sha256/1"),
    ({"scheme": "sha256/1", "hash": "0" * 63, "salt": SALT}, "hexadecimal"),
    ({"scheme": "sha256/1", "hash": "0" * 64, "salt": SALT.upper()}, "hexadecimal"),
    ({"scheme": "sha256/1", "hash": "0" * 64}, "commitment must be an object"),
])
def test_a_malformed_commitment_is_refused_naming_it(commit: object, words: str) -> None:
    with pytest.raises(RecordError) as err:
        verify({**committed_record("dobon", 3), "commitment": commit})
    assert words in str(err.value)


def test_kakehiki_verify_exits_0_when_fair_and_1_otherwise(tmp_path: Path) -> None:
    app, runner = build_app(), CliRunner()
    record = committed_record("dobon", 5)
    save_record(tmp_path / "fair.json", record)
    fair = runner.invoke(app, ["verify", str(tmp_path / "fair.json"), "--lang", "en"])
    assert fair.exit_code == 0 and "fair: seed 5 is the seed committed to" in fair.stdout
    save_record(tmp_path / "none.json", {k: v for k, v in record.items() if k != "commitment"})
    none = runner.invoke(app, ["verify", str(tmp_path / "none.json"), "--lang", "ja"])
    assert none.exit_code == 1 and "コミットメントがありません" in none.stderr
    (tmp_path / "bad.json").write_text(json.dumps({**record, "commitment": {"scheme": 1}}), encoding="utf-8")
    bad = runner.invoke(app, ["verify", str(tmp_path / "bad.json"), "--lang", "en"])
    assert bad.exit_code == 1 and "commitment must be an object" in bad.stderr
