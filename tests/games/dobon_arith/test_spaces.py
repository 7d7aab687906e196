"""Arithmetic Dobon's numbered action space (issue 13 item 3) and older records read into version 3.

The table of index ranges checked here is the one in src/kakehiki/games/dobon_arith/spec.md.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import NotationError
from kakehiki.bots import make_bot
from kakehiki.cards import STANDARD_DECK
from kakehiki.games.dobon_arith import Play, legacy_actions
from kakehiki.games.dobon_arith.rules.game import legacy_v1_skips
from kakehiki.games.dobon_arith.rules.legacy import legacy_settle
from kakehiki.games.dobon_arith.rules.plays import hand_plays
from playouts import random_walk
from transcript import play
from transcript_dobon_arith import GAME, new

RECORDS = Path(__file__).parent / "data" / "v1_v2_records.json"
RANGES = [  # (first index, last index, first action, last action), as in src/kakehiki/games/dobon_arith/spec.md
    (0, 63, "play SA", "play CK"),
    (64, 115, "bottom SA", "bottom CK"),
    (116, 167, "stack SA", "stack CK"),
    (168, 231, "top SA", "top CK"),
    (232, 234, "draw", "pass"),
]


def test_issue13_item3_one_space_of_235_actions_for_every_table_and_option_set() -> None:
    sizes = {len(GAME.action_space(GAME.new(players=n, seed=1, options=opts)))
             for n in (2, 4, 8) for opts in ({}, {"games": 3, "draw_penalty_ends_turn": False})}
    assert sizes == {235}
    state = GAME.new(players=4, seed=1)
    for first, last, first_text, last_text in RANGES:
        assert (str(GAME.action_at(state, first)), str(GAME.action_at(state, last))) == (first_text, last_text)
    assert [str(GAME.action_at(state, i)) for i in range(7, 11)] == [f"play S8 suit={s}" for s in "SHDC"]
    assert [str(GAME.action_at(state, i)) for i in (232, 233, 234)] == ["draw", "dobon", "pass"]
    for i in range(235):  # a bijection, through the one text form of each action
        action = GAME.action_at(state, i)
        assert GAME.action_index(state, str(GAME.parse_action(str(action)))) == i
    with pytest.raises(NotationError):
        GAME.action_index(state, "play S4 H4")  # version 2's stack is no action now


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_issue13_item3_legal_actions_come_in_index_order_and_match_the_mask(seed: int, players: int) -> None:
    for state, _, _ in random_walk(GAME, seed, players, None, limit=3000)[:-1:2]:
        for seat in range(players):
            legal = GAME.legal_actions(state, seat)
            indices = [GAME.action_index(state, a) for a in legal]
            assert indices == sorted(set(indices))
            mask = GAME.legal_mask(state, seat)
            assert [i for i, mark in enumerate(mask) if mark] == indices


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_issue13_item3_every_whole_play_has_exactly_one_sequence_of_steps(seed: int) -> None:
    rng = random.Random(seed)
    hand = tuple(sorted(rng.sample(STANDARD_DECK, rng.randrange(1, 12)), key=lambda c: c.index))
    top = rng.choice([c for c in STANDARD_DECK if c not in hand])
    plays = hand_plays(hand, top, top.suit, 0)
    spellings = [tuple(map(str, p.steps())) for p in plays]
    assert len(set(spellings)) == len(plays) == len({(p.cards[0], frozenset(p.cards), p.cards[-1], p.suit)
                                                     for p in plays})


def test_issue13_item3_a_bot_at_every_step_of_a_stack_picks_a_listed_action() -> None:
    state = play(GAME, new({0: "S4 H4 D4 C4 CK", 1: "H5 D7 CQ S10 HK"}, field="S3"), "0: bottom S4")
    for name in ("rule", "expert", "random"):
        bot = make_bot("dobon-arith", name)
        here = state
        while here.staged:
            legal = GAME.legal_actions(here, 0)
            action = bot.choose(GAME.view(here, 0), legal, random.Random(1))
            assert action in legal
            here, _ = GAME.apply(here, 0, action)
        assert here.turn == 1 and len(here.hands[0]) < 5


# -- older versions ------------------------------------------------------------------------------


def test_issue13_item3_legacy_actions_turn_a_stack_into_its_steps() -> None:
    assert legacy_actions(2, 0, "play S4 C4 D4 H4") == ["bottom S4", "stack D4", "stack C4", "top H4"]
    assert legacy_actions(2, 0, "play s4 h4") == ["bottom S4", "top H4"]
    assert legacy_actions(1, 3, "play H8 S8 suit=c") == ["bottom H8", "top S8 suit=C"]
    for text in ("play S8 suit=H", "play CK", "draw", "dobon", "pass"):
        assert legacy_actions(1, 0, text) == legacy_actions(2, 0, text) == [text]
    assert legacy_actions(3, 0, "bottom S4") == ["bottom S4"]
    for version, text in ((2, "play S4 S4"), (2, "play S4 D5"), (2, "play S4 suit=H"), (5, "draw"), (0, "draw")):
        with pytest.raises(NotationError):
            legacy_actions(version, 0, text)


def replay_old(record: dict[str, Any], skipped: list[str] | None = None) -> Any:
    """A version-1 or -2 record replayed on this version through the game's legacy functions
    (the version-1 entries skipped are added to ``skipped``)."""
    version = record["version"]
    state = GAME.new(players=len(record["seats"]), options=record["options"], seed=record["seed"],
                     deck=record["deck"])
    for moves in record["actions"]:
        for seat, text in moves:
            if version == 1 and legacy_v1_skips(state, seat, text):
                if skipped is not None:
                    skipped.append(f"{seat}: {text}")
                continue
            for step in legacy_actions(version, seat, text):
                state, _ = GAME.apply(state, seat, step)
            state, _ = legacy_settle(GAME, version, state)  # the seats an older version never asked pass
    return state


def test_issue13_item3_version_1_and_2_records_replay_with_the_same_result() -> None:
    records = json.loads(RECORDS.read_text(encoding="utf-8"))
    assert {r["version"] for r in records} == {1, 2}
    stacks = [t for r in records for moves in r["actions"] for _, t in moves if len(t.split()) > 2 + ("=" in t)]
    assert any("suit=" in t for t in stacks) and any(len(t.split()) >= 4 for t in stacks)
    skipped: list[str] = []
    for record in records:
        result = GAME.result(replay_old(record, skipped))
        assert result is not None
        got = result.to_dict()
        assert {k: got[k] for k in ("winners", "losers", "ranks", "scores", "reason", "rounds")} == {
            k: record["result"][k] for k in ("winners", "losers", "ranks", "scores", "reason", "rounds")}
    assert skipped and all(s.endswith(": pass") for s in skipped)  # a version-1 turn seat's wait among them


def test_issue13_item3_the_log_shows_a_stack_as_one_play() -> None:
    record = next(r for r in json.loads(RECORDS.read_text(encoding="utf-8"))
                  if any(len(t.split()) >= 4 for moves in r["actions"] for _, t in moves))
    plays = [t for moves in record["actions"] for _, t in moves if t.startswith("play")]
    state = replay_old(record)
    logged = [str(m.action) for m in GAME.view(state, None).log if isinstance(m.action, Play)]
    assert logged == plays
