"""Doubt's numbered actions (issue 13 item 3): the index table of src/kakehiki/games/doubt/spec.md, legal actions in
index order, a play of several cards made one card at a time (``add`` … ``play``) and hidden from
the other seats until made, and version-1 records read through ``legacy_actions``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kakehiki import CARDS, IllegalActionError, NotationError, parse_cards
from kakehiki.games.doubt import DOUBT_GAME, legacy_actions
from kakehiki.games.doubt.rules.legacy import CURRENT
from transcript_doubt import GAME, cards, legal, new, of_type, play, refused, run, stand

THREE = {0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4"}


def texts(actions: Any) -> list[str]:
    return [str(a) for a in actions]


# -- the index table -------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "size", "ranges"), [
    ({}, 54, {"play SA": 0, "play CK": 51, "doubt": 52, "pass": 53}),
    ({"jokers": 2}, 55, {"play JK": 52, "doubt": 53, "pass": 54}),
    ({"max_cards_per_play": 2}, 106, {"play CK": 51, "add SA": 52, "add CK": 103, "doubt": 104, "pass": 105}),
    ({"max_cards_per_play": 4, "jokers": 1, "decks": 4}, 108,
     {"play JK": 52, "add SA": 53, "add JK": 105, "doubt": 106, "pass": 107}),
])
def test_item3_the_index_table_of_the_docs(options: dict[str, object], size: int, ranges: dict[str, int]) -> None:
    for players in (2, 4, 12):  # the table size and the decks never change the space
        state = GAME.new(players=players, options=options, seed=1)
        space = GAME.action_space(state)
        assert len(space) == size
        for text, index in ranges.items():
            assert GAME.action_index(state, text) == index and str(GAME.action_at(state, index)) == text
        assert texts(space.actions[:52]) == [f"play {c}" for c in CARDS[:52]]
    with pytest.raises(NotationError):
        GAME.action_index(GAME.new(), "add SA")  # one card per play: nothing is ever added
    with pytest.raises(NotationError):
        GAME.action_index(GAME.new(), "play JK")  # no jokers in the game


OPTIONS = st.fixed_dictionaries({
    "max_cards_per_play": st.integers(1, 4), "decks": st.integers(1, 3), "jokers": st.integers(0, 2),
    "penalty": st.sampled_from(["pile", "forfeit", "two_cards"]), "cheat": st.booleans(),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), options=OPTIONS)
def test_item3_legal_actions_ascend_by_index_and_match_the_mask(seed: int, players: int, options: Any) -> None:
    rng = random.Random(seed)
    state = GAME.new(players=players, options=options, seed=seed)
    for _ in range(150):
        if GAME.result(state) is not None:
            break
        for seat in range(players):
            offered = GAME.legal_actions(state, seat)
            indices = [GAME.action_index(state, a) for a in offered]
            assert indices == sorted(set(indices)), "ascending index order, each action once"
            mask = GAME.legal_mask(state, seat)
            assert [i for i, bit in enumerate(mask) if bit] == indices
        seat = rng.choice(GAME.actors(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


# -- a play of several cards, one card at a time -----------------------------------------------------


def plays_made(state: Any, seat: int) -> Counter[str]:
    """Every play the seat can make from here, by following every offered step, as card texts."""
    made: Counter[str] = Counter()
    for action in GAME.legal_actions(state, seat):
        after, events = GAME.apply(state, seat, action)
        played = of_type(list(events), "Played")
        if played:
            made[" ".join(map(str, played[0].cards))] += 1
        else:
            made += plays_made(after, seat)
    return made


@pytest.mark.parametrize(("hand", "most", "options"), [
    ("SA S2 S3 S4 H9", 3, {}),
    ("SA SA S2 JK JK", 4, {"decks": 2, "jokers": 2}),
    ("S5 S5 S5 H5 H5 C9", 4, {"decks": 3}),
    ("S7", 4, {}),
])
def test_item3_each_play_of_up_to_most_cards_is_made_by_exactly_one_path(
    hand: str, most: int, options: dict[str, object]
) -> None:
    # Version 1 offered every sub-multiset of 1..max_cards_per_play cards as one action; version 2
    # makes each of them by exactly one sequence of steps (card order), and nothing else.
    state = new({0: hand, 1: " ".join(f"C{n}" for n in range(2, 2 + len(hand.split())))},
                seed=0, max_cards_per_play=most, **options)
    held = GAME.view(state, 0).hand
    old = {" ".join(map(str, c)) for size in range(1, most + 1) for c in combinations(held, size)}
    made = plays_made(state, 0)
    assert set(made) == old and set(made.values()) == {1}


def test_item3_several_decks_repeat_a_face_in_one_play() -> None:
    state = new({0: "S5 S5 H5 C9", 1: "C2 C3 C4 C5"}, max_cards_per_play=3, decks=2)
    state = play(state, "0: add S5")
    assert legal(state, 0) == {"play S5", "play H5", "play C9", "add S5", "add H5"}
    state, events = run(state, "0: add S5", "0: play C9", "1: doubt")
    assert [cards(" ".join(map(str, e.cards))) for e in of_type(events, "Revealed")] == ["S5 S5 C9"]


def test_item3_a_play_being_made_is_hidden_and_nobody_may_doubt_it_yet() -> None:
    start = new(THREE, max_cards_per_play=3)
    state, events = run(start, "0: add S2")
    assert [e.seen_by(0) for e in events] == events and [e.seen_by(s) for e in events for s in (1, 2, None)] == [
        None] * 3
    assert GAME.actors(state) == (0,) and GAME.view(state, 0).picked == parse("S2")
    for seat in (1, 2, None):
        assert GAME.view(state, seat) == GAME.view(start, seat)
        assert GAME.sample_hidden(state, seat, random.Random(3)) == GAME.sample_hidden(start, seat, random.Random(3))
    for seat in (1, 2):
        assert legal(state, seat) == set()
        assert refused(state, f"{seat}: doubt").rule == "B4" and refused(state, f"{seat}: pass").rule == "B4"
        assert refused(state, f"{seat}: play S3").rule == "C2" and refused(state, f"{seat}: add S3").rule == "C2"
        for probe in ("doubt", "pass", "play S3", "add H3", "play H2"):
            assert str(refused(state, f"{seat}: {probe}")) == str(refused(start, f"{seat}: {probe}"))
    # Another choice of card looks the same to them too; the player's own samples keep its choice.
    other = play(start, "0: add S3")
    assert all(GAME.view(other, s) == GAME.view(state, s) for s in (1, 2, None))
    assert GAME.sample_hidden(state, 0, random.Random(1)).picked == parse("S2")
    made = play(state, "0: play S4")
    assert GAME.actors(made) == (1, 2) and GAME.view(made, 1).pile[-1].size == 2


def parse(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text))


def test_item3_a_card_set_aside_is_no_step() -> None:
    # C7 counts plays, calls and passes; a card set aside is part of its play.
    state = play(new(THREE, max_cards_per_play=3, max_steps=1), "0: add SA", "0: add S2")
    assert state.steps == 0 and GAME.result(state) is None
    state = stand(play(state, "0: play S3"))
    assert (result := GAME.result(state)) is not None and result.reason == "max_steps"


# -- twin deals, several cards per play --------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), i=st.integers(0, 300), j=st.integers(0, 300),
       most=st.integers(2, 4))
def test_item3_noninterference_while_plays_are_made_card_by_card(
    seed: int, players: int, i: int, j: int, most: int
) -> None:
    options = {"max_cards_per_play": most, "decks": 2, "jokers": 2}
    full = list(GAME.all_cards(GAME.new(players=players, options=options, seed=seed)))
    random.Random(seed).shuffle(full)
    i, j = i % len(full), j % len(full)
    swapped = list(full)
    swapped[i], swapped[j] = full[j], full[i]
    one = GAME.new(players=players, options=options, deck=full)
    two = GAME.new(players=players, options=options, deck=swapped)
    rng = random.Random(seed)
    watching = {s for s in range(players) if GAME.view(one, s) == GAME.view(two, s)}
    probes = ["doubt", "pass", *(f"{verb} {c}" for verb in ("play", "add") for c in rng.sample(CARDS, 12))]
    for step in range(200):
        if GAME.result(one) is not None or not watching:
            break
        for s in watching:
            assert GAME.legal_actions(one, s) == GAME.legal_actions(two, s)
            for probe in probes:
                assert outcome(one, s, probe) == outcome(two, s, probe)
            if step % 20 == 0:
                k = rng.randrange(10**9)
                assert GAME.sample_hidden(one, s, random.Random(k)) == GAME.sample_hidden(two, s, random.Random(k))
        seat = rng.choice(GAME.actors(one))
        action = rng.choice(GAME.legal_actions(one, seat))
        if not GAME.can(two, seat, action):
            assert seat not in watching
            break
        one, seen_one = GAME.apply(one, seat, action)
        two, seen_two = GAME.apply(two, seat, action)
        watching = {s for s in watching if GAME.view(one, s) == GAME.view(two, s)}
        for s in watching:
            assert [e.seen_by(s) for e in seen_one] == [e.seen_by(s) for e in seen_two]


def outcome(state: Any, seat: int, text: str) -> str:
    try:
        GAME.check(state, seat, GAME.parse_action(text))
    except IllegalActionError as err:
        return str(err)
    return "ok"


# -- version 1 records ---------------------------------------------------------------------------------


def test_item3_legacy_actions_turn_version_1_texts_into_steps() -> None:
    assert DOUBT_GAME.version == CURRENT == 3
    assert legacy_actions(1, 0, "play H9 s4 JK") == ["add S4", "add H9", "play JK"]
    assert legacy_actions(1, 0, "play S4") == ["play S4"]
    assert legacy_actions(1, 3, " Doubt ") == ["doubt"] and legacy_actions(1, None, "pass") == ["pass"]
    assert legacy_actions(2, 0, "add S4") == ["add S4"] and legacy_actions(3, 0, "add S4") == ["add S4"]
    for version, text in ((0, "pass"), (4, "pass"), (1, "add S4"), (1, "play"), (1, "play S4 X9")):
        with pytest.raises(NotationError):
            legacy_actions(version, 0, text)


def test_item3_a_version_1_transcript_replays_to_the_same_game() -> None:
    # Written as version 1 wrote it: a play of several cards is one action.
    hands = {0: "SA S4 S9 JK", 1: "HA H2 H3 H9", 2: "DA D2 D3 D4"}
    version_1 = ["0: play S9 SA", "1: pass", "2: doubt", "1: play H2 H3 H9", "2: pass", "0: pass",
                 "2: play D3", "0: pass", "1: pass", "0: play JK S4", "1: doubt"]
    version_2 = [f"{line.split(':')[0]}: {step}" for line in version_1
                 for step in legacy_actions(1, int(line[0]), line.split(": ", 1)[1])]
    assert version_2[:3] == ["0: add SA", "0: play S9", "1: pass"]
    state = play(new(hands, max_cards_per_play=3, jokers=1), *version_2)
    assert state.steps == len(version_1) and state.picked == ()
    revealed = of_type(run(new(hands, max_cards_per_play=3, jokers=1), *version_2)[1], "Revealed")
    assert [(e.seat, " ".join(map(str, e.cards)), e.lie) for e in revealed] == [
        (0, "SA S9", True), (0, "S4 JK", False)]  # seat 0's lie is caught; its 4 with a joker is true


def test_item3_version_1_plays_of_whole_games_replay_through_legacy_actions() -> None:
    # A game played now, its plays written back as version 1 wrote them, read again: the same game.
    from kakehiki.bots import make_bot
    from kakehiki.driver import play_out

    options = {"max_cards_per_play": 4, "jokers": 2, "decks": 2, "max_steps": 300}
    start = GAME.new(players=3, options=options, seed=8)
    bots = [make_bot("doubt", name) for name in ("count", "expert", "random")]
    playout = play_out(GAME, start, bots, seed=8)
    version_1: list[tuple[int, str]] = []
    pending: list[str] = []
    for _, seat, action in playout.actions:
        verb, *card = str(action).split()
        if verb == "add":
            pending += card
            continue
        version_1.append((seat, " ".join(["play", *pending, *card]) if verb == "play" else verb))
        pending = []
    assert any(len(text.split()) > 2 for _, text in version_1)
    state = start
    for seat, text in version_1:
        for step in legacy_actions(1, seat, text):
            state, _ = GAME.apply(state, seat, step)
    assert state == playout.state

