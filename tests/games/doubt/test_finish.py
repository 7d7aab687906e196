"""Doubt ``hard`` reads the race to go out (issue 35): at one card a play each seat's last claim is
fixed by its hand size (B2, B3), careful players call every play that would go out, so a seat goes
out only if it holds that rank.  A seat that will not calls likely lies of anyone; a seat that will
calls only the seats that would go out before it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kakehiki.games.doubt.bots.expert import ExpertBot, races_for_it
from kakehiki.games.doubt.bots.finish import ends_true, goes_out_before, last_rank, models_table, plays_before_last
from kakehiki.games.doubt.rules.state import Habits
from transcript_doubt import GAME, deal_deck, play

QUIET = Habits(plays=3, asked=9)  # nine doubt windows answered, not one doubt
EAGER = Habits(plays=3, asked=9, doubts=9)


def claimed_ace(seat_1: str, seat_0: str = "S2 S3 S4", third: Habits = QUIET, **options: object) -> Any:
    """Four seats; seat 0 claims an ace with S2 and seat 1 is asked next."""
    hands = {0: seat_0, 1: seat_1, 2: "DA D2 D3", 3: "C2 C3 C4"}
    state = play(GAME.new(players=4, options=options, seed=0, deck=deal_deck(hands)), "0: play S2")
    return replace(state, habits=(QUIET, QUIET, third, QUIET))


def test_B2_a_seats_last_play_claims_a_rank_its_hand_size_fixes() -> None:
    # Seat 1 holds three cards: it claims 2 next, then 6, then 10 with its last card.
    view = GAME.view(claimed_ace("SA HA S10"), 1)
    assert last_rank(view) == 10
    assert ends_true(view)
    assert not ends_true(GAME.view(claimed_ace("SA HA S9"), 1))
    # Plays before each seat's last one: seat 0 (two cards left) plays its last on the 8th play
    # from now, seat 1 on the 9th.
    assert [plays_before_last(view, seat) for seat in range(4)] == [7, 8, 9, 10]
    assert goes_out_before(view, 0)
    assert not goes_out_before(GAME.view(claimed_ace("SA HA S10", seat_0="S2 S3 S4 S5"), 1), 0)


def test_a_seat_whose_last_play_will_be_a_lie_calls_a_likely_lie() -> None:
    lost = GAME.view(claimed_ace("SA HA S9", seat_0="S2 S3 S4 S5"), 1)
    assert races_for_it(lost, 0.44)
    assert not races_for_it(lost, 0.2)
    assert ExpertBot().should_doubt(lost)


def test_a_seat_going_out_true_calls_only_a_seat_that_would_go_out_first() -> None:
    behind = GAME.view(claimed_ace("SA HA S10", seat_0="S2 S3 S4 S5"), 1)  # seat 0 goes out after
    assert not races_for_it(behind, 0.9)
    assert not ExpertBot().should_doubt(behind)  # the same play the lost seat above calls
    ahead = GAME.view(claimed_ace("SA HA S10"), 1)
    assert races_for_it(ahead, 0.5)
    assert not races_for_it(ahead, 0.44)


def test_the_race_waits_for_a_table_without_blind_callers() -> None:
    assert not races_for_it(GAME.view(claimed_ace("SA HA S9", third=EAGER), 1), 0.9)
    fresh = replace(claimed_ace("SA HA S9"), habits=())  # no answers seen: each seat's rate an even prior
    assert not races_for_it(GAME.view(fresh, 1), 0.9)


def test_the_race_is_read_only_at_one_card_a_play_with_the_pile_penalty() -> None:
    assert models_table(GAME.view(claimed_ace("SA HA S9"), 1))
    for options in ({"max_cards_per_play": 2}, {"show_pile": True}, {"penalty": "two_cards"},
                    {"repeat_rank_after_lie": True}, {"round_limit": 5}):
        assert not models_table(GAME.view(claimed_ace("SA HA S9", **options), 1)), options
    three = play(GAME.new(players=3, seed=0, deck=deal_deck({0: "S2 S3", 1: "SA HA", 2: "DA D2"})), "0: play S2")
    assert not models_table(GAME.view(three, 1))  # measured to cost hard a little at three seats


def test_the_race_is_read_from_what_the_seat_may_know() -> None:
    # Swap cards seat 1 cannot see between seats 0 and 2: its view, and its call, stay the same.
    a = claimed_ace("SA HA S9", seat_0="S2 S3 S4 S5")
    hands = {0: "S2 S3 D2 S5", 1: "SA HA S9", 2: "DA S4 D3", 3: "C2 C3 C4"}
    b = replace(play(GAME.new(players=4, seed=0, deck=deal_deck(hands)), "0: play S2"), habits=a.habits)
    assert a.hands != b.hands
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert ExpertBot().should_doubt(GAME.view(a, 1)) == ExpertBot().should_doubt(GAME.view(b, 1)) is True
