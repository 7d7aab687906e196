"""Dhumbal's numbered actions (issue 13, item 3): a fixed space of 106 actions whatever the
players and decks, a turn made in steps by one seat, and version-1 records still replaying."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kakehiki import NotationError, get_game
from kakehiki.cards import STANDARD_DECK
from kakehiki.games.dhumbal import ALL_ACTIONS, legacy_actions
from kakehiki.rng import LegacySeed
from transcript import deal_deck
from transcript_dhumbal import play

GAME = get_game("dhumbal")
V1_RECORDS = Path(__file__).parent / "data" / "v1_records.json"


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (8, {}), (9, {}), (16, {}), (4, {"decks": 4}),
                                                  (3, {"show_max": 50, "limit": 0})])
def test_the_space_is_106_actions_whatever_the_players_and_decks(players: int, options: dict[str, Any]) -> None:
    space = GAME.action_space(GAME.new(players=players, options=options, seed=1))
    assert space.size == 106 and list(space.actions) == list(ALL_ACTIONS)
    texts = [str(a) for a in space.actions]
    assert texts[0] == "show"
    assert texts[1:53] == [f"discard {c}" for c in STANDARD_DECK]  # SA…SK, HA…HK, DA…DK, CA…CK
    assert texts[53] == "take stock"
    assert texts[54:] == [f"take {c}" for c in STANDARD_DECK]
    state = GAME.new(players=players, options=options, seed=1)
    for index, text in enumerate(texts):
        assert GAME.action_index(state, text) == index and str(GAME.action_at(state, index)) == text
        assert GAME.parse_action(text) is space.actions[index]


def test_legal_actions_come_in_index_order_and_match_the_mask() -> None:
    for seed in range(4):
        state, rng = GAME.new(players=2 + 4 * seed, seed=seed), random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.actors(state)[0]
            legal = GAME.legal_actions(state, seat)
            indices = [GAME.action_index(state, a) for a in legal]
            assert indices == sorted(set(indices))
            mask = GAME.legal_mask(state, seat)
            assert [i for i, bit in enumerate(mask) if bit] == indices
            state, _ = GAME.apply(state, seat, rng.choice(legal))


def test_a_whole_run_by_index() -> None:
    # Seat 0 puts down S8 S9 S10 (indices 8, 9, 10) and takes the turned-up H7 (54 + 19).
    state = GAME.new(players=2, deck=deal_deck({0: "HA DA S8 S9 S10", 1: "H5 D5 C5 S5 C2"}, field="H7"))
    for index in (8, 9, 10, 73):
        assert GAME.legal_mask(state, 0)[index] == 1
        state, _ = GAME.apply(state, 0, GAME.action_at(state, index))
    assert GAME.actors(state) == (1,) and [str(c) for c in GAME.view(state, 0).hand or ()] == ["HA", "H7", "DA"]


@pytest.mark.parametrize(("text", "steps"), [
    ("show", ["show"]),
    ("discard H9 take C7", ["discard H9", "take C7"]),
    ("discard S6 s4 S5 take STOCK", ["discard S4", "discard S5", "discard S6", "take stock"]),
    ("discard c10 s10 h10 take c1", ["discard S10", "discard H10", "discard C10", "take CA"]),
    ("discard H9 H9 take stock", ["discard H9", "discard H9", "take stock"]),
])
def test_legacy_actions_turn_a_version_1_turn_into_its_steps(text: str, steps: list[str]) -> None:
    assert legacy_actions(1, 0, text) == steps
    assert all(legacy_actions(2, 0, step) == [step] for step in steps)


@pytest.mark.parametrize("text", ["discard take stock", "discard S4", "take stock", "discard S44 take stock", ""])
def test_legacy_actions_refuse_what_version_1_did_not_write(text: str) -> None:
    with pytest.raises(NotationError):
        legacy_actions(1, 0, text)
    with pytest.raises(NotationError):
        legacy_actions(0, 0, "show")


def test_version_1_records_replay_to_the_same_match() -> None:
    """Records written by version 1 (a 3-seat match to 30 with bots; 9 seats on two decks stopped
    by ``max_steps=60``, which still counts whole turns): their turns, each turned into its
    steps, replay to the results they saved."""
    for record in json.loads(V1_RECORDS.read_text()):
        assert record["version"] == 1 and GAME.version == 2
        state = GAME.new(players=len(record["seats"]), options=record["options"], seed=LegacySeed(record["seed"]))
        for moves in record["actions"]:
            for seat, text in moves:
                state = play(GAME, state, *(f"{seat}: {step}" for step in legacy_actions(1, seat, text)))
        result = GAME.result(state)
        assert result is not None and result.to_dict() == record["result"]
