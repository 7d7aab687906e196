"""Million Doubt's numbered action space (issue 13 item 3) and the version 1 records it replaces.

The space for the default options is 178 actions (src/kakehiki/games/million_doubt/spec.md has the table); a play
is made one card at a time, so no seat is ever offered more than a few dozen of them.  Version 1
texts (``play S5 H5``, ``play S5 *2``, ``hide C4 D9``) still replay through ``legacy_actions``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from kakehiki import IllegalActionError, NotationError, RecordError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.core import Event
from kakehiki.driver import play_out
from kakehiki.games.million_doubt import MILLION_DOUBT, Lay, legacy_actions
from kakehiki.games.million_doubt.rules.state import TURN
from kakehiki.record import make_record, replay
from kakehiki.rng import LegacySeed
from playouts import random_walk
from transcript_million_doubt import GAME, deal, run, whole_plays

# The index table of src/kakehiki/games/million_doubt/spec.md, for the default options (burst_at=11: hands
# of 10 at most).
TABLE = [
    (0, 0, "pass"), (1, 1, "doubt"), (2, 54, "show S3 … show C2, show JK"), (55, 55, "play"),
    (56, 65, "play *1 … play *10"), (66, 69, "play *1 revolution … play *4 revolution"),
    (70, 122, "hide S3 … hide JK"), (123, 175, "give S3 … give JK"), (176, 176, "done"), (177, 177, "undo"),
]


def test_the_space_for_the_default_options_is_the_documented_table() -> None:
    state = GAME.new(players=4, seed=1)
    space = GAME.action_space(state)
    assert len(space) == 178
    texts = [str(space.at(i)) for i in range(len(space))]
    for first, last, what in TABLE:
        ends = [part.strip() for part in what.replace("…", ",").split(",")]
        assert texts[first] == ends[0] and texts[last] == ends[-1 if len(ends) > 1 else 0], what
    assert texts[2:6] == ["show S3", "show H3", "show D3", "show C3"], "cards in hand order: 3 … 2, S H D C"
    for i, text in enumerate(texts):
        assert GAME.action_index(state, text) == i and str(GAME.parse_action(text)) == text


@pytest.mark.parametrize(("options", "size"), [({}, 178), ({"burst_at": 8}, 175), ({"burst_at": 54}, 221),
                                               ({"face_down": False, "deal": "seven", "games": 3}, 178)])
def test_burst_at_alone_changes_the_size(options: dict[str, object], size: int) -> None:
    # play *N runs to the largest hand a seat may hold: seven dealt, or burst_at - 1.
    for players in (2, 7):
        assert len(GAME.action_space(GAME.new(players=players, options=options, seed=0))) == size


def test_dealing_every_card_sizes_the_space_by_the_largest_hand() -> None:
    # Plain Daifugo deals all 54: two seats hold 27 each (178 + 17 more play *N), seven at most 8 (< 10).
    plain = {"face_down": False}
    assert [len(GAME.action_space(GAME.new(players=p, options=plain))) for p in (2, 7)] == [195, 178]


def check_space(state: Any, seat: int) -> None:
    legal = GAME.legal_actions(state, seat)
    indices = [GAME.action_index(state, a) for a in legal]
    assert indices == sorted(set(indices)), "legal actions in ascending index order, each once"
    mask = GAME.legal_mask(state, seat)
    assert [i for i, bit in enumerate(mask) if bit] == indices
    assert all(GAME.action_at(state, i) == a for i, a in zip(indices, legal, strict=True))


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (7, {"burst_at": 14}), (3, {"face_down": False}),
                                                  (3, {"burst_at": 8, "games": 2, "spade3_beats_joker": True})])
def test_legal_actions_are_in_the_space_in_index_order(players: int, options: dict[str, object]) -> None:
    widest = 0
    for seed in range(4):
        for state, _, _ in random_walk(GAME, seed, players, options, 3000)[:-1]:
            for seat in GAME.actors(state):
                check_space(state, seat)
                widest = max(widest, len(GAME.legal_actions(state, seat)))
    assert widest <= 60, "a play made one card at a time keeps every list short"


def test_bots_choose_only_listed_actions_whose_indices_replay_the_game() -> None:
    # Seed + action indices replay the same game as seed + action texts.
    bots = [make_bot("million-doubt", name) for name in ("heuristic", "random", "heuristic")]
    state = GAME.new(players=3, seed=11)
    record: list[tuple[int, int]] = []

    def listen(after: Any, seat: int, action: Any, events: Any) -> None:
        record.append((seat, GAME.action_index(state, action)))

    final = play_out(GAME, state, bots, seed=11, listener=listen).state
    replayed = state
    for seat, index in record:
        check_space(replayed, seat)
        replayed = GAME.apply(replayed, seat, GAME.action_at(replayed, index))[0]
    assert replayed == final and GAME.result(final) is not None
    shown = Counter(str(GAME.action_at(state, i)).split()[0] for _, i in record)
    assert shown["show"] and shown["hide"] and shown["play"]


# -- making a play: steps and whole plays -------------------------------------------------------------


def test_a_whole_play_at_once_is_its_steps_one_by_one() -> None:
    """``apply_lay`` (the rollouts' shortcut) gives the same state and events as the steps."""
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        for state, _, _ in random_walk(GAME, seed, 3, {"max_steps": 60}, 400)[:-1]:
            if state.phase != TURN or state.laying or GAME.result(state) is not None:
                continue
            seat = state.turn
            plays = whole_plays(state, seat)
            for lay in rng.sample(plays, min(3, len(plays))):
                rest = list(state.hands[seat])
                for card in lay.up:
                    rest.remove(card)
                down = tuple(rng.sample(rest, lay.hidden))
                stepped = state
                events: list[Event] = []
                for action in lay.steps(down):
                    stepped, caused = GAME.apply(stepped, seat, action)
                    events += caused
                    if GAME.result(stepped) is not None:
                        break
                assert MILLION_DOUBT.apply_lay(state, seat, lay, down) == (stepped, tuple(events))
                checked += 1
    assert checked > 50


def test_a_whole_play_at_once_is_refused_as_its_steps_are() -> None:
    state = deal({0: "S3 S4 S5 H6 D9 CJ JK", 1: "H3 D5 S7 H9 DQ C2 SA"})
    cases = [
        (Lay(()), "", "M2"),  # no cards
        (Lay(parse_cards("H3")), "", "C6"),  # not held
        (Lay(parse_cards("S4 S3")), "", "M2"),  # shown out of hand order
        (Lay(parse_cards("S3 H6")), "", "M2"),  # no valid play
        (Lay((), 2), "S3", "M4"),  # two face down, one named
        (Lay((), 1, True), "S3", "M4"),  # a revolution of one card
        (Lay(parse_cards("S3"), 1), "S3", "C6"),  # S3 face up and face down
    ]
    for lay, down, rule in cases:
        with pytest.raises(IllegalActionError) as err:
            MILLION_DOUBT.apply_lay(state, 0, lay, parse_cards(down))
        assert err.value.rule == rule, str(lay)
    with pytest.raises(IllegalActionError) as err:
        MILLION_DOUBT.apply_lay(state, 1, Lay(parse_cards("H3")))
    assert err.value.rule == "C2"
    with pytest.raises(IllegalActionError) as err:
        MILLION_DOUBT.apply_lay(GAME.apply(state, 0, "show S3")[0], 0, Lay(parse_cards("S4")))
    assert err.value.rule == "M4", "a play begun goes on one card at a time"


# -- version 1 records ---------------------------------------------------------------------------------

# A two-game match of version 1 (seed 60 on the generator before splitmix64/1, two seats), as the
# rulings tests wrote it then: seat 1 wins the first game and seat 0 the second, by the same points.
LEVEL_MATCH_V1 = (
    "1: play D5", "0: play H6", "1: play D9", "0: play HJ", "1: play C8", "1: play DJ", "0: play C7", "1: pass",
    "0: play H4", "1: play DA", "0: pass", "1: play SA", "0: pass", "1: play C2", "0: play C3", "1: play D5",
    "0: play HJ", "1: play H10", "0: play *1", "0: hide H2", "1: pass", "1: pass", "0: play C4", "1: play S6",
    "0: play DK", "1: play *1", "1: hide S9", "0: pass", "0: play D2", "1: pass", "0: play SK",
)


def test_version_1_records_replay_through_legacy_actions() -> None:
    moves = []
    for move in LEVEL_MATCH_V1:
        seat, _, text = move.partition(": ")
        moves.append(f"{seat}: " + ", ".join(legacy_actions(1, int(seat), text)))
    state, _ = run(GAME.new(players=2, seed=LegacySeed(60), options={"games": 2}), *moves)
    result = GAME.result(state)
    assert result is not None and [(r.winners, r.losers) for r in result.rounds] == [((1,), (0,)), ((0,), (1,))]
    assert (result.scores, result.draw) == ((0.0, 0.0), True)
    assert state.steps == sum(len(move.split(", ")) for move in moves) > len(LEVEL_MATCH_V1)


@pytest.mark.parametrize(("old", "new"), [
    ("play H5 S5", ["show S5", "show H5", "play"]),
    ("PLAY s5 *2", ["show S5", "play *2"]),
    ("play JK S3 JK *1 revolution", ["show S3", "show JK", "show JK", "play *1 revolution"]),
    ("play *4 revolution", ["play *4 revolution"]),
    ("hide D9 C4", ["hide C4", "hide D9"]),
    ("pass", ["pass"]), ("doubt", ["doubt"]), ("give jk", ["give JK"]), ("done", ["done"]),
])
def test_legacy_actions_of_version_1(old: str, new: list[str]) -> None:
    assert legacy_actions(1, 0, old) == new
    assert legacy_actions(2, 0, "show S5") == ["show S5"]


@pytest.mark.parametrize("old", ["play", "play revolution", "play S5 revolution", "play *0", "play S44", "hide", "x",
                                 "show S5", "pass now", ""])
def test_legacy_actions_refuse_what_version_1_could_not_read(old: str) -> None:
    with pytest.raises(NotationError):
        legacy_actions(1, 0, old)
    with pytest.raises(NotationError):
        legacy_actions(0, 0, "pass")


def test_version_1_texts_of_random_games_replay_the_same_game() -> None:
    """Each whole play of a version 2 game written as version 1 would have (``play S5 *2``,
    ``hide C4 D9``) turns back, through ``legacy_actions``, into the same actions."""
    for seed in range(5):
        trail = random_walk(GAME, seed, 3, {}, 2000, avoid=frozenset({"undo"}))  # version 1 had no undo
        old: list[tuple[int, str]] = []
        shown: list[str] = []
        named: list[str] = []
        for state, seat, action in trail[:-1]:
            verb, *rest = str(action).split()
            if verb == "show":
                shown += rest
            elif verb == "play":
                old.append((seat, " ".join(["play", *shown, *rest])))
                shown = []
            elif verb == "hide":
                named += rest
                if len(named) == state.claim.hidden:
                    old.append((seat, " ".join(["hide", *named])))
                    named = []
            else:
                old.append((seat, str(action)))
        replayed = trail[0][0]
        for seat, text in old:
            for new in legacy_actions(1, seat, text):
                replayed = GAME.apply(replayed, seat, new)[0]
        assert replayed == trail[-1][0]


def test_version_2_records_of_plain_play_replay_on_seven_cards() -> None:
    """Version 2 dealt seven cards in plain play too; its records carry no ``deal`` and replay so."""
    state = GAME.new(players=3, seed=8, options={"face_down": False, "deal": "seven"})
    playout = play_out(GAME, state, [make_bot("million-doubt", "normal") for _ in range(3)], seed=8)
    record = make_record(GAME, state, playout.actions, ["a", "b", "c"], playout.state)
    old = {**record, "version": 2, "options": {k: v for k, v in record["options"].items() if k != "deal"}}
    assert replay(old)[2] == GAME.result(playout.state)
    with pytest.raises(RecordError):
        replay({**old, "version": 3})  # read as version 3, it deals every card: the moves no longer fit
