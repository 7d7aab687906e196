"""Doubt ``hard`` reads the race to go out (issue 35): at one card a play each seat's last claim is
fixed by its hand size (B2, B3), careful players call every play that would go out, so a seat goes
out only if it holds that rank.  A seat that will not calls likely lies of anyone; a seat that will
calls only the seats that would go out before it.  A seat whose last play will be a lie also
calls to take a small pile that would give it the rank of its new last play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kakehiki.games.doubt.bots.expert import ExpertBot, mends_its_end, races_for_it
from kakehiki.games.doubt.bots.finish import (
    ends_true,
    goes_out_before,
    last_rank,
    models_table,
    pile_mends_end,
    plays_before_last,
)
from kakehiki.games.doubt.rules.state import Habits
from transcript_doubt import GAME, deal_deck, new, play, stand

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
    three = GAME.view(claimed_ace_of_three("SA HA S9"), 1)
    assert models_table(three)
    assert not races_for_it(three, 0.9)  # its calls were measured to cost hard a little at three seats
    two = play(GAME.new(players=2, seed=0, deck=deal_deck({0: "S2 S3", 1: "SA HA"})), "0: play S2")
    assert not models_table(GAME.view(two, 1))


def test_the_race_is_read_from_what_the_seat_may_know() -> None:
    # Swap cards seat 1 cannot see between seats 0 and 2: its view, and its call, stay the same.
    a = claimed_ace("SA HA S9", seat_0="S2 S3 S4 S5")
    hands = {0: "S2 S3 D2 S5", 1: "SA HA S9", 2: "DA S4 D3", 3: "C2 C3 C4"}
    b = replace(play(GAME.new(players=4, seed=0, deck=deal_deck(hands)), "0: play S2"), habits=a.habits)
    assert a.hands != b.hands
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert ExpertBot().should_doubt(GAME.view(a, 1)) == ExpertBot().should_doubt(GAME.view(b, 1)) is True


# -- three seats: taking a small pile to mend one's end --------------------------------------------


def claimed_ace_of_three(seat_1: str, seat_0: str = "S2 S3 S4", seat_2: str = "DA D2 D3", third: Habits = QUIET) -> Any:
    """Three seats; seat 0 claims an ace with S2 and seat 1 is asked next."""
    state = play(new({0: seat_0, 1: seat_1, 2: seat_2}), "0: play S2")
    return replace(state, habits=(QUIET, QUIET, third))


def test_B2_a_seat_going_out_on_a_lie_calls_to_take_a_pile_that_gives_it_its_last_rank() -> None:
    # Seat 1 holds three cards: it claims 2, 5 and 8, and holds no 8.  Taking the one-card pile
    # it would claim 2, 5, 8 and J, and it holds the jack: it calls seat 0's ace.
    view = GAME.view(claimed_ace_of_three("SA HA SJ"), 1)
    assert (last_rank(view), ends_true(view)) == (8, False)
    assert last_rank(view, extra=1) == 11 and pile_mends_end(view)
    assert mends_its_end(view)
    assert ExpertBot().should_doubt(view)
    # Holding the 9 instead, the pile would not mend its end: it lets the same play stand.
    other = GAME.view(claimed_ace_of_three("SA HA S9"), 1)
    assert not pile_mends_end(other)
    assert not ExpertBot().should_doubt(other)
    # Holding the 8 as well, its end is true already: nothing to mend.
    held = GAME.view(claimed_ace_of_three("SA S8 SJ"), 1)
    assert ends_true(held) and pile_mends_end(held)
    assert not mends_its_end(held)
    assert not ExpertBot().should_doubt(held)


def test_a_pile_of_seven_is_too_big_to_take_for_a_mended_end() -> None:
    state = new({0: "DA D4 D7 C8 C9 C10 CJ", 1: "S9 S10 H2 HK HQ HJ H3", 2: "D3 D6 CA C2 C3 C4 C5"})
    for move in ("0: play DA", "1: play S9", "2: play D3", "0: play D4", "1: play S10", "2: play D6"):
        state = stand(play(state, move))
    state = replace(play(state, "0: play D7"), habits=(QUIET, QUIET, QUIET))
    view = GAME.view(state, 1)
    # Seat 1 holds five cards, its last claim a 7; with the pile's seven it would end on a 2, held.
    assert view.pile_size == 7
    assert (last_rank(view), ends_true(view)) == (7, False)
    assert pile_mends_end(view)
    assert not mends_its_end(view)
    assert not ExpertBot().should_doubt(view)


def test_the_mend_waits_for_a_table_without_blind_callers() -> None:
    assert not mends_its_end(GAME.view(claimed_ace_of_three("SA HA SJ", third=EAGER), 1))


def test_at_four_seats_a_lost_end_is_left_to_the_race_calls() -> None:
    # Seat 1's last claim is a 10 (S9 is no help); the one-card pile would make it a 1, and it
    # holds aces: a mend at three seats, but four seats call on the odds of a lie instead.
    view = GAME.view(claimed_ace("SA HA S9", seat_0="S2 S3 S4 S5"), 1)
    assert not ends_true(view) and pile_mends_end(view)
    assert not mends_its_end(view)


def test_the_mend_is_read_from_what_the_seat_may_know() -> None:
    # Swap cards seat 1 cannot see between seats 0 and 2: its view, and its call, stay the same.
    a = claimed_ace_of_three("SA HA SJ")
    b = claimed_ace_of_three("SA HA SJ", seat_0="S2 D2 S4", seat_2="DA S3 D3")
    assert a.hands != b.hands
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert ExpertBot().should_doubt(GAME.view(a, 1)) == ExpertBot().should_doubt(GAME.view(b, 1)) is True
