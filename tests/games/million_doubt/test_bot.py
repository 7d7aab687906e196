"""The ``heuristic`` Million Doubt bot: legal choices, its doubts, bluffs and penalties."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from transcript_million_doubt import GAME, decision, legal_play_out, offers, play, position, view

BOT = make_bot("million-doubt", "heuristic")


def choose(state: Any, seat: int, seed: int = 0) -> str:
    """The heuristic's decision, a whole play (all its steps) being one: ``play S4 H4``, ``hide S6``."""
    rng = random.Random(seed)
    return decision(lambda state, seat: BOT.choose(view(state, seat), GAME.legal_actions(state, seat), rng),
                    state, seat)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (7, {}), (4, {"face_down": False}),
                                                  (3, {"burst_at": 9, "games": 2})])
def test_heuristic_plays_whole_games_legally(players: int, options: dict[str, object]) -> None:
    tally: Counter[str] = Counter()
    for seed in range(3):
        state = GAME.new(players=players, seed=seed, options=options)
        bots = [make_bot("million-doubt", "heuristic") for _ in range(players)]
        tally += legal_play_out(state, bots, seed, watched=set(range(players)))
    assert tally["play"] and tally["pass"] and tally["show"]
    if options.get("face_down", True):
        assert tally["hide"] >= tally["play*"] > 0 and tally["doubt"] and tally["give"]
    else:
        assert not tally["play*"] and not tally["doubt"], "face_down=false is plain Daifugo (M4)"


def test_heuristic_goes_out_when_it_can() -> None:
    state = position({0: "S9 H9", 1: "C4 C5 C6"}, field=[(1, "D7 C7")])
    assert choose(state, 0) == "play S9 H9"


def test_heuristic_sheds_weak_cards_and_keeps_jokers_and_twos() -> None:
    state = position({0: "S4 H4 D9 S2 JK SA", 1: "C4 C5 C6"})
    assert choose(state, 0) == "play S4 H4"
    follow = position({0: "S6 D9 S2 JK SA", 1: "C4 C5 C6"}, field=[(1, "C3")])
    assert choose(follow, 0) == "play S6"


def test_heuristic_doubts_a_claim_its_own_cards_refute() -> None:
    # Only a joker beats the 2, and seat 1 holds both jokers: the face-down single is a lie.
    state = position({0: "S3 S4 S5", 1: "JK JK D6", 2: "C9 CK"}, field=[(2, "S2")])
    state = play(state, "0: play *1", "0: hide S3")
    assert GAME.actors(state) == (2, 1)
    assert choose(state, 1) == "doubt"


def test_heuristic_believes_a_claim_almost_anything_makes_true() -> None:
    state = position({0: "S3 S4 S5 H8", 1: "D6 D7", 2: "C9 CK"}, field=[(2, "H3")])
    state = play(state, "0: play *1", "0: hide S4")
    assert choose(state, 1) == "pass"


def test_heuristic_does_not_risk_a_burst_on_a_doubt() -> None:
    # Seat 1 holds 9 cards; a failed doubt could hand it the 3 field cards: 12, a burst.
    state = position({0: "S3 S4 S5 H8", 1: "D3 D4 D5 D6 D7 C3 C4 C5 C6", 2: "C9 CK"},
                     field=[(2, "H10"), (0, "S9")], turn=2)
    state = play(state, "2: play *1", "2: hide CK")
    assert choose(state, 1) == "pass"


def test_heuristic_bluffs_face_down_when_it_has_no_honest_play() -> None:
    state = position({0: "S3 S4 D5", 1: "C9 CK"}, field=[(1, "SA")])
    assert offers(state, 0) == {"pass", "play *1"}
    choices = {choose(state, 0, seed) for seed in range(20)}
    assert choices == {"pass", "play *1"}


def test_heuristic_names_a_true_face_down_card_when_it_is_cheap() -> None:
    state = play(position({0: "S6 SA C2 D4", 1: "C9 CK"}, field=[(1, "S5")]), "0: play *1")
    assert choose(state, 0) == "hide S6"


def lie_on_a_pair_of_twos(hand: str) -> Any:
    """Seat 0 lays S4 H5 face down as a pair beating 2s; seat 1 doubts."""
    state = position({0: hand, 1: "D10 DK", 2: "D8"}, field=[(1, "S3 H3"), (2, "S2 JK")])
    state = play(state, "0: play *2", "0: hide S4, hide H5", "1: doubt")
    assert GAME.actors(state) == (1,) and view(state).truthful is False
    return state


def test_heuristic_gives_weak_cards_and_keeps_strong_ones_out_of_play() -> None:
    state = lie_on_a_pair_of_twos("S4 H5 D9")
    given = []
    while view(state).phase == "give":
        action = choose(state, 1)
        given.append(action)
        state = play(state, f"1: {action}")
    assert given == ["give H3", "give S3", "give S4", "give H5", "done"], "the 2 and the joker leave the game"


def test_heuristic_bursts_the_loser_when_it_can() -> None:
    state = lie_on_a_pair_of_twos("S4 H5 D5 C5 S6 H6 D6 C6 D9 C9")
    while view(state).phase == "give":
        state = play(state, f"1: {choose(state, 1)}")
    assert view(state).status[0] == "burst"


def test_heuristic_beats_random_players() -> None:
    firsts = 0
    for game_no in range(24):
        seat = game_no % 4
        bots = [make_bot("million-doubt", "heuristic" if s == seat else "random") for s in range(4)]
        state = GAME.new(players=4, seed=500 + game_no)
        result = GAME.result(play_out(GAME, state, bots, seed=500 + game_no).state)
        assert result is not None
        firsts += result.ranks[seat] == 1
    assert firsts >= 10, "well above the fair share of 6 in 24"
