"""Ruling tests for Dobon with arithmetic (A1–A9, and the common C2–C7 as this game plays them).

Each test is named after the ruling it checks and reads as a game transcript: a fixed deal
(:func:`transcript_dobon_arith.new`: five cards each, dealt from seat 0 unless ``first`` says
otherwise), then moves ``"SEAT: ACTION"``.  Five-card hands in these deals reach no value at all
(``waits`` is empty) unless a comment says what they reach.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kakehiki import OptionError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.errors import NotationError
from kakehiki.games.dobon_arith import OPERATORS, waits
from kakehiki.games.dobon_arith.rules.match import match_ranks
from transcript import cards, hand, of_type, pass_window, play, run
from transcript_dobon_arith import GAME, legal, new, outcome, public, refused

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)

# Four seats, field H3: no hand reaches any value, so nobody is ever offered a call.
QUIET = {0: "S5 H6 DJ C9 SK", 1: "H4 D7 CQ S10 HK", 2: "SJ DQ C5 H10 D8", 3: "S6 HQ DA C4 S7"}

# Seat 0 plays H6 on H3.  Seat 1 holds 13 − 1 − 2 − 2 − 2 = 6; seat 2 holds 1 × 1 × 1 × 2 × 3 = 6.
SIXES = {0: "S5 H6 DJ C9 SK", 1: "DA S2 H2 D2 DK", 2: "SA HA C2 D3 CA", 3: "S6 HQ D4 C8 S7"}


def reaches(text: str) -> dict[int, tuple[str, ...]]:
    return waits(parse_cards(text))


def test_deals_in_this_file_are_as_described() -> None:
    for hands in (QUIET, STACKS, TWOS, KING, PAIR):
        assert all(reaches(h) == {} for h in hands.values())
    assert reaches(SIXES[1]) == {6: ("-",)} and reaches(SIXES[2]) == {6: ("*",), 8: ("+",)}
    assert reaches("S5 DJ C9 SK") == {}  # seat 0 after playing H6


def drain_stock(state: Any) -> Any:
    """Every offered seat declines and the turn seat draws, until the stock is empty."""
    while public(state).stock_size and GAME.result(state) is None:
        state = pass_window(GAME, state)
        state, _ = GAME.apply(state, public(state).turn, "draw")
    return pass_window(GAME, state)


# -- C1 cards in actions -------------------------------------------------------------------------


def test_C1_cards_in_actions_take_every_spelling() -> None:
    assert str(GAME.parse_action("bottom s1")) == "bottom SA"
    assert str(GAME.parse_action("play c13")) == "play CK"
    assert str(GAME.parse_action("play c8 suit=h")) == "play C8 suit=H"
    assert str(GAME.parse_action("STACK d11")) == "stack DJ"
    assert str(GAME.parse_action("Top h12")) == "top HQ"
    assert str(GAME.parse_action("top h8 SUIT=c")) == "top H8 suit=C"


# -- A1 deal and first player --------------------------------------------------------------------


def test_A1_deal_five_each_first_player_at_random() -> None:
    firsts = set()
    for seed in range(16):
        state, events = GAME.start(players=4, seed=seed)
        view = public(state)
        assert view.hand_sizes == (5, 5, 5, 5) and view.stock_size == 52 - 21 and len(view.field) == 1
        assert view.turn == view.dealer and view.opening and view.top_owner is None
        assert [(e.dealer, e.reason) for e in of_type(events, "DealerChosen")] == [(view.dealer, "random")]
        firsts.add(view.dealer)
    assert len(firsts) > 1


def test_A1_first_player_option_deals_one_at_a_time_from_that_seat() -> None:
    prefix = parse_cards("S4 HA S8  H9 H5 S9  C6 D5 D8  DK C7 C10  S2 H2 D2  H3  CQ")  # written out by hand
    rest = [c for c in parse_cards(" ".join(f"{s}{r}" for s in "SHDC" for r in range(1, 14))) if c not in prefix]
    state = GAME.new(players=3, options={"first_player": 2}, deck=[*prefix, *rest])
    assert hand(GAME, state, 2) == cards("S4 H9 C6 DK S2")
    assert hand(GAME, state, 0) == cards("HA H5 D5 C7 H2")
    assert hand(GAME, state, 1) == cards("S8 S9 D8 C10 D2")
    assert str(public(state).top) == "H3" and GAME.actors(state) == (2,)
    state = play(GAME, state, "2: draw")
    assert "CQ" in hand(GAME, state, 2) and public(state).turn == 0


def test_A1_first_player_must_be_a_seat() -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=3, options={"first_player": 3})
    assert info.value.option == "first_player"


# -- A2 a turn -----------------------------------------------------------------------------------


def test_A2_play_follows_suit_or_number_and_eights_always() -> None:
    state = new({**QUIET, 0: "S3 H6 C8 DJ SK"}, field="H3")
    assert legal(state, 0) == {"play S3", "play H6", "play C8 suit=S", "play C8 suit=H", "play C8 suit=D",
                               "play C8 suit=C", "draw", "pass"}
    assert refused(state, "0: play DJ").rule == "A2"
    assert refused(state, "0: play SA").rule == "C6"


STACKS = {0: "S4 H4 C4 D9 CK", 1: "H5 D7 CQ S10 HK", 2: "SJ DQ C5 H10 D8", 3: "S6 HQ DA C9 S7"}


def test_A2_stack_same_number_on_one_legal_card() -> None:
    state = new(STACKS, field="S3")
    assert legal(state, 0) == {"play S4", "bottom S4", "draw", "pass"}
    state = play(GAME, state, "0: bottom S4")
    assert legal(state, 0) == {"stack H4", "stack C4", "top H4", "top C4"}
    state = play(GAME, state, "0: stack C4")
    assert legal(state, 0) == {"top H4"}
    state, events = run(GAME, state, "0: top H4")
    (played,) = of_type(events, "Played")
    assert (played.seat, [str(c) for c in played.cards], played.suit) == (0, ["S4", "C4", "H4"], None)
    view = public(state)
    assert [str(c) for c in view.field] == ["S3", "S4", "C4", "H4"] and (str(view.top), view.suit) == ("H4", "H")
    assert hand(GAME, state, 0) == cards("D9 CK") and view.turn == 1
    assert "play H5" in legal(state, 1)  # the top card's suit now rules


def test_A2_stack_bottom_must_be_legal_and_all_one_number() -> None:
    state = new(STACKS, field="S3")
    assert refused(state, "0: bottom H4").rule == "A2"  # H4 follows neither S nor 3
    assert refused(state, "0: bottom CK").rule == "A2"  # no other K to stack on it
    assert refused(state, "0: stack H4").rule == "A2"  # no play begun
    assert refused(state, "0: top H4").rule == "A2"
    begun = play(GAME, state, "0: bottom S4")
    assert refused(begun, "0: stack D9").rule == "A2"  # not held either, but a 9 is no 4
    assert refused(begun, "0: top D9").rule == "A2"
    assert refused(begun, "0: stack S4").rule == "C6"  # already in this play
    assert refused(begun, "0: top D4").rule == "C6"  # not held
    for text in ("0: play S4", "0: bottom H4", "0: draw", "0: pass"):  # one play: only its next step (A2)
        assert refused(begun, text).rule == "A2"
    assert refused(play(GAME, begun, "0: stack H4"), "0: stack C4").rule == "A2"  # nothing left for the top


def test_A2_stack_cards_between_go_in_card_order_so_each_play_has_one_spelling() -> None:
    state = new({**STACKS, 0: "S4 H4 D4 C4 CK"}, field="S3")
    begun = play(GAME, state, "0: bottom S4", "0: stack D4")
    assert legal(begun, 0) == {"stack C4", "top H4", "top C4"}  # H4 only on top now: it comes before D4
    assert refused(begun, "0: stack H4").rule == "A2"
    plays: list[tuple[str, ...]] = []
    pending = [(state, "0: bottom S4")]
    while pending:
        here, text = pending.pop()
        after, events = run(GAME, here, text)
        if of_type(events, "Played"):
            plays.append(tuple(str(c) for c in of_type(events, "Played")[0].cards))
            continue
        pending.extend((after, f"0: {a}") for a in legal(after, 0))
    # bottom S4, then any non-empty subset of the other three with any one of it on top: 3 + 6 + 3 plays
    assert len(plays) == len(set(plays)) == 12
    assert {p[-1] for p in plays if len(p) == 4} == {"H4", "D4", "C4"}
    with pytest.raises(NotationError, match="bottom S4, stack …, top H4"):
        GAME.parse_action("play S4 C4 H4")  # version 2's form of a stack


def test_A2_a_stack_is_one_act_nobody_sees_or_calls_between_its_steps() -> None:
    hands = {**SIXES, 1: "H4 C4 CQ S10 HK"}  # seat 1 reaches nothing; seat 2 reaches 6
    state = play(GAME, new(hands, field="H3"), "0: play H6")
    assert reaches(hands[1]) == {} and GAME.actors(state) == (1, 2)
    assert GAME.yields_to_calls(state, 1, GAME.parse_action("bottom H4"))  # the first step waits for calls
    others = {seat: GAME.view(state, seat) for seat in (None, 0, 2, 3)}
    begun, events = run(GAME, state, "1: bottom H4")
    assert [e.seen_by(seat) for e in events for seat in (None, 0, 2, 3)] == [None] * 4  # seen by seat 1 only
    assert {seat: GAME.view(begun, seat) for seat in (None, 0, 2, 3)} == others
    assert GAME.view(begun, 1).staged == tuple(parse_cards("H4")) and hand(GAME, begun, 1) == cards(hands[1])
    assert GAME.actors(begun) == (1,) and legal(begun, 2) == set()  # the window closed with the first step
    assert refused(begun, "2: dobon").rule == "C4"
    assert (begun.steps, begun.log) == (state.steps, state.log)  # the play counts once, when finished
    for seed in range(3):
        assert GAME.sample_hidden(begun, 2, random.Random(seed)).staged == ()  # hidden from seat 2's guesses
        assert GAME.sample_hidden(begun, 1, random.Random(seed)).staged == begun.staged
    done, events = run(GAME, begun, "1: top C4")
    assert [(e.seat, [str(c) for c in e.cards]) for e in of_type(events, "Played")] == [(1, ["H4", "C4"])]
    assert done.steps == state.steps + 1 and str(done.log[-1].action) == "play H4 C4"
    assert public(done).turn == 2 and GAME.view(done, 1).staged == ()


def test_A2_draw_one_and_the_turn_passes() -> None:
    state, events = run(GAME, new(QUIET, field="H3", stock="C2"), "0: draw")
    (drew,) = of_type(events, "Drew")
    assert (drew.seat, [str(c) for c in drew.cards], drew.reason) == (0, ["C2"], "turn")
    assert public(state).turn == 1 and public(state).hand_sizes == (6, 5, 5, 5)


def test_A2_only_the_first_turn_of_the_game_may_pass() -> None:
    state = new(QUIET, field="H3")
    assert "pass" in legal(state, 0) and public(state).opening
    state, events = run(GAME, state, "0: pass")
    assert [e.seat for e in of_type(events, "TurnPassed")] == [0]
    assert public(state).turn == 1 and not public(state).opening
    assert "pass" not in legal(state, 1)
    assert refused(state, "1: pass").rule == "A2"
    assert refused(state, "2: pass").rule == "C4"


# -- A3 the Dobon test ---------------------------------------------------------------------------


def test_A3_source_examples() -> None:
    assert reaches("C3 H7 D2")[12] == ("+",)
    assert reaches("S2 C2 HA DA D3")[12] == ("*",)
    assert reaches("SA C2 HA H2 DA CA D3") == {11: ("+",), 12: ("*",)}
    assert reaches("S4 C3") == {1: ("-",), 7: ("+",), 12: ("*",)}


def test_A3_minus_and_divide_take_any_card_first() -> None:
    assert reaches("SA D10 C3") == {6: ("-",)}  # 10 − 1 − 3
    assert reaches("S4 H8") == {2: ("/",), 4: ("-",), 12: ("+",)}  # 8 ÷ 4, 8 − 4
    assert reaches("S2 H3 D6") == {1: ("-", "/"), 11: ("+",)}  # 6 − 2 − 3, 6 ÷ 2 ÷ 3


def test_A3_single_card_equals_its_value_empty_hand_reaches_nothing() -> None:
    assert reaches("H7") == {7: OPERATORS}
    assert waits(()) == {}


# Two seats: seat 1 stacks four nines (reversing four times: no change) and keeps H7 alone.
LONE = {0: "S6 C7 DJ HQ DK", 1: "S9 H9 D9 C9 H7"}
NINES = ("1: bottom S9", "1: stack H9", "1: stack D9", "1: top C9")


def test_A3_call_with_a_single_card() -> None:
    state = play(GAME, new(LONE, field="S5"), "0: play S6", *NINES, "0: play C7")
    assert hand(GAME, state, 1) == ["H7"] and GAME.actors(state) == (1,)
    assert legal(state, 1) == {"play H7", "draw", "dobon"}
    state, events = run(GAME, state, "1: dobon", "others: pass")
    (called,) = of_type(events, "DobonCalled")
    assert (called.seat, str(called.hit), called.against, called.operators) == (1, "C7", 0, OPERATORS)
    assert outcome(state) == ((1,), (0,), "dobon")


def test_A3_call_needs_every_card_of_the_hand() -> None:
    state = play(GAME, new(SIXES, field="H3"), "0: play H6")
    # Seat 3 holds S6 (6 alone) but also four other cards: its whole hand reaches nothing.
    assert refused(state, "3: dobon").rule == "A3"
    assert 3 not in GAME.actors(state)


# -- A4 when a call may be made ------------------------------------------------------------------


def test_A4_call_out_of_turn_on_another_seats_card() -> None:
    state = play(GAME, new({**SIXES, 1: "H4 D7 CQ S10 HK"}, field="H3"), "0: play H6")
    assert public(state).turn == 1 and GAME.actors(state) == (1, 2)  # the turn seat, then the seat that may call
    assert legal(state, 1) == {"play H4", "play HK", "draw"} and legal(state, 2) == {"dobon", "pass"}
    assert GAME.yields_to_calls(state, 1, GAME.parse_action("draw"))  # a host lets seat 2 answer first
    state, events = run(GAME, state, "2: dobon", "others: pass")
    (called,) = of_type(events, "DobonCalled")
    assert (called.against, called.operators, [str(c) for c in called.hand]) == (0, ("*",), cards(SIXES[2]))
    assert [str(c) for c in public(state).revealed[2]] == cards(SIXES[2])  # the hand is shown to all
    assert outcome(state) == ((2,), (0,), "dobon")


def test_A4_no_call_on_a_card_you_played() -> None:
    state = play(GAME, new(STACKS, field="S3"), "0: bottom S4", "0: stack C4", "0: top H4")
    assert reaches("D9 CK") == {4: ("-",)}  # seat 0 now holds 13 − 9 = 4, the value of its own H4
    assert GAME.actors(state) == (1,) and "dobon" not in legal(state, 0)
    assert refused(state, "0: dobon").rule == "A4"


def test_A4_call_on_the_first_field_card_beats_every_other_seat() -> None:
    state = new({**SIXES, 1: "H4 D7 CQ S10 HK"}, field="C6")
    assert GAME.actors(state) == (0, 2)  # nobody played C6: any seat may call, the dealer too (on its turn)
    state, events = run(GAME, state, "2: dobon", "others: pass")
    assert of_type(events, "DobonCalled")[0].against is None
    assert outcome(state) == ((2,), (0, 1, 3), "first_card")


def test_A4_turn_seat_calls_on_its_turn() -> None:
    state = play(GAME, new({**SIXES, 2: "SJ DQ C5 H10 D9"}, field="H3"), "0: play H6")
    assert GAME.actors(state) == (1,)  # only the turn seat can call: no window, the call is a turn action
    assert {a for a in legal(state, 1) if not a.startswith(("play", "bottom"))} == {"draw", "dobon"}
    assert outcome(play(GAME, state, "1: dobon", "others: pass")) == ((1,), (0,), "dobon")


# -- A5 gaeshi -----------------------------------------------------------------------------------


def test_A5_gaeshi_last_caller_wins_the_one_before_loses() -> None:
    state = play(GAME, new(SIXES, field="H3"), "0: play H6")
    assert GAME.actors(state) == (1, 2)
    state = play(GAME, state, "1: dobon")
    view = public(state)
    assert (view.phase, view.chain, str(view.top)) == ("gaeshi", (1,), "H6")  # the same card stays the target
    assert GAME.actors(state) == (2, 3, 0)  # every seat outside the chain is asked (A5)
    assert legal(state, 2) == {"dobon", "pass"} and legal(state, 3) == legal(state, 0) == {"pass"}
    state, events = run(GAME, state, "2: dobon", "others: pass")
    assert [(e.seat, e.against) for e in of_type(events, "DobonCalled")] == [(2, 1)]
    assert outcome(state) == ((2,), (1,), "gaeshi")


def test_A5_unanswered_call_wins_against_the_cards_player() -> None:
    state = play(GAME, new(SIXES, field="H3"), "0: play H6", "1: dobon", "2: pass", "3: pass")
    assert GAME.result(state) is None and public(state).phase == "gaeshi"  # the last seat asked may still answer
    state = play(GAME, state, "0: pass")
    assert outcome(state) == ((1,), (0,), "dobon")


def test_A5_the_cards_player_may_counter_on_its_own_card() -> None:
    # The source's example: seat 0 plays its queens keeping S4 C3 (4 × 3 = 12); seat 1 (1+2+2+3+4) calls.
    hands = {0: "S4 C3 HQ DQ CQ", 1: "DA S2 H2 D3 H4", 2: "SJ DJ C5 H10 D9", 3: "S6 HJ D8 C10 S7"}
    state = play(GAME, new(hands, field="H5"), "0: bottom HQ", "0: stack CQ", "0: top DQ")
    assert GAME.actors(state) == (1,) and "dobon" in legal(state, 1)
    state = play(GAME, state, "1: dobon")
    assert GAME.actors(state) == (2, 3, 0) and legal(state, 0) == {"dobon", "pass"}
    state = play(GAME, state, "0: dobon", "others: pass")
    assert outcome(state) == ((0,), (1,), "gaeshi")


def test_A5_a_seat_that_let_the_first_call_go_may_still_answer() -> None:
    # Seat 1 (the turn seat) reaches nothing; seats 2 and 3 both hold 6.
    hands = {0: SIXES[0], 1: SIXES[3], 2: SIXES[1], 3: SIXES[2]}
    state = play(GAME, new(hands, field="H3"), "0: play H6", "2: pass", "3: dobon")
    assert GAME.actors(state) == (1, 2, 0) and "dobon" in legal(state, 2)
    state = play(GAME, state, "2: dobon", "others: pass")
    assert outcome(state) == ((2,), (3,), "gaeshi")


def test_A5_the_turn_seat_may_answer_a_call_made_before_its_move() -> None:
    state = play(GAME, new(SIXES, field="H3"), "0: play H6", "2: dobon")  # seat 1's own move yielded to it
    assert GAME.actors(state) == (1, 3, 0) and legal(state, 1) == {"dobon", "pass"}
    state = play(GAME, state, "1: dobon", "others: pass")
    assert outcome(state) == ((1,), (2,), "gaeshi")


def test_A5_callers_call_once_and_the_chain_allows_only_dobon_or_pass() -> None:
    state = play(GAME, new(SIXES, field="H3"), "0: play H6", "1: dobon")
    assert refused(state, "1: dobon").rule == "A5"
    assert refused(state, "1: draw").rule == "A5"
    assert refused(state, "2: play C2").rule == "A5"
    assert refused(state, "3: dobon").rule == "A3"


def test_A5_gaeshi_on_the_first_field_card_only_the_previous_caller_loses() -> None:
    state = new(SIXES, field="C6")
    assert GAME.actors(state) == (0, 1, 2)  # the dealer (seat 0) has its turn, no call; seats 1 and 2 can call
    state = play(GAME, state, "1: pass", "2: dobon", "1: dobon", "others: pass")
    assert outcome(state) == ((1,), (2,), "gaeshi")


# -- A6 powers -----------------------------------------------------------------------------------


def test_A6_ace_skips_the_next_seat() -> None:
    state, events = run(GAME, new({**QUIET, 0: "HA S5 DJ C9 SK"}, field="H3"), "0: play HA")
    assert [e.seats for e in of_type(events, "Skipped")] == [(1,)]
    assert public(state).turn == 2 and GAME.actors(state) == (2,)


def test_A6_aces_skip_one_seat_each() -> None:
    aces = new({**QUIET, 0: "HA SA CA HJ SQ"}, field="H3")
    state, events = run(GAME, aces, "0: bottom HA", "0: stack SA", "0: top CA")
    assert [e.seats for e in of_type(events, "Skipped")] == [(1, 2, 3)]
    assert public(state).turn == 0 and GAME.actors(state) == (0,)  # all three others skipped: seat 0 again
    two = new({0: "HA S5 DJ C9 SK", 1: QUIET[1]}, field="H3")
    assert public(play(GAME, two, "0: play HA")).turn == 0


TWOS = {**QUIET, 0: "H2 S5 DJ C9 SK", 1: "S2 D2 H4 D7 CQ"}
SIX_CLUBS = "C3 C6 C7 C10 CJ CK"


def test_A6_twos_add_two_each_and_pass_on() -> None:
    state, events = run(GAME, new(TWOS, field="H3", stock=SIX_CLUBS), "0: play H2")
    assert [(e.seat, e.amount) for e in of_type(events, "DrawOwed")] == [(1, 2)]
    assert legal(state, 1) == {"play S2", "play D2", "bottom S2", "bottom D2", "draw"}
    assert refused(state, "1: play H4").rule == "A6"
    state, events = run(GAME, state, "1: bottom S2", "1: top D2")
    assert [(e.seat, e.amount) for e in of_type(events, "DrawOwed")] == [(2, 6)]
    assert legal(state, 2) == {"draw"}
    assert refused(state, "2: play D8 suit=D").rule == "A6"  # even the wild 8 waits while twos are owed
    state, events = run(GAME, state, "2: draw")
    (drew,) = of_type(events, "Drew")
    assert (drew.seat, drew.count, drew.reason) == (2, 6, "twos")
    assert hand(GAME, state, 2) == cards(QUIET[2] + " " + SIX_CLUBS)
    assert (public(state).turn, public(state).pending) == (3, 0)  # draw_penalty_ends_turn=true


def test_A6_draw_penalty_ends_turn_false_then_a_normal_turn() -> None:
    state = new(TWOS, field="H3", stock=SIX_CLUBS, draw_penalty_ends_turn=False)
    state = play(GAME, state, "0: play H2", "1: bottom S2", "1: top D2", "2: draw")
    assert (public(state).turn, public(state).pending) == (2, 0)
    assert legal(state, 2) == {"play DQ", "play D8 suit=S", "play D8 suit=H", "play D8 suit=D", "play D8 suit=C",
                               "draw"}
    state = play(GAME, state, "2: draw")
    assert public(state).turn == 3 and public(state).hand_sizes[2] == 12


def test_A6_eight_is_wild_and_names_the_suit() -> None:
    state = new({**QUIET, 0: "S8 H8 C6 DJ SK"}, field="H3")
    assert legal(state, 0) - {"draw", "pass"} == {
        *(f"play {card} suit={s}" for card in ("H8", "S8") for s in "SHDC"), "bottom H8", "bottom S8"}
    with pytest.raises(NotationError):
        GAME.apply(state, 0, "play H8")
    assert legal(play(GAME, state, "0: bottom S8"), 0) == {f"top H8 suit={s}" for s in "SHDC"}
    state, events = run(GAME, state, "0: play H8 suit=D")
    assert [(e.suit, [str(c) for c in e.cards]) for e in of_type(events, "Played")] == [("D", ["H8"])]
    assert (str(public(state).top), public(state).suit) == ("H8", "D")
    assert legal(state, 1) == {"play D7", "draw"}  # seat 1 holds H4 D7 CQ S10 HK: only diamonds follow
    stacked = play(GAME, new({**QUIET, 0: "S8 H8 C6 DJ SK"}, field="H3"), "0: bottom H8", "0: top S8 suit=C")
    assert (str(public(stacked).top), public(stacked).suit) == ("S8", "C")


def test_A6_nine_reverses_once_per_card() -> None:
    state, events = run(GAME, new({**QUIET, 0: "H9 S9 S5 DJ SK"}, field="H3"), "0: play H9")
    assert [e.direction for e in of_type(events, "Reversed")] == [-1]
    assert (public(state).direction, public(state).turn) == (-1, 3)
    assert public(play(GAME, state, "3: draw")).turn == 2
    twice = play(GAME, new({**QUIET, 0: "H9 S9 S5 DJ SK"}, field="H3"), "0: bottom H9", "0: top S9")
    assert (public(twice).direction, public(twice).turn) == (1, 1)


KING = {**QUIET, 0: "HK S5 DJ C9 H2", 1: "H4 D7 CQ S10 D3"}


def test_A6_king_makes_the_next_seat_show_its_hand() -> None:
    state, events = run(GAME, new(KING, field="H3", stock="C3 C6"), "0: play HK")
    assert [e.seat for e in of_type(events, "RevealOwed")] == [1]
    assert public(state).reveal_due and public(state).revealed[1] == ()
    state, events = run(GAME, state, "1: play H4")  # shows first (no turn lost), then plays
    assert [type(e).__name__ for e in events][:2] == ["HandRevealed", "Played"]
    assert [str(c) for c in of_type(events, "HandRevealed")[0].cards] == cards(KING[1])
    for seat in (None, 0, 2, 3):
        assert [str(c) for c in GAME.view(state, seat).revealed[1]] == cards("D7 CQ S10 D3")  # H4 was played
    assert not public(state).reveal_due
    state = play(GAME, state, "2: draw", "3: draw", "0: draw", "1: draw")
    assert public(state).hand_sizes[1] == 5
    assert [str(c) for c in public(state).revealed[1]] == cards("D7 CQ S10 D3")  # the drawn card stays hidden
    for seed in range(5):
        sampled = GAME.sample_hidden(state, 2, random.Random(seed))
        assert set(public(state).revealed[1]) <= set(sampled.hands[1])


def test_A6_king_passes_the_reveal_on() -> None:
    state = play(GAME, new({**KING, 1: "H4 D7 CQ S10 SK"}, field="H3"), "0: play HK")
    assert "play SK" in legal(state, 1)
    state, events = run(GAME, state, "1: play SK")
    assert of_type(events, "HandRevealed") == [] and [e.seat for e in of_type(events, "RevealOwed")] == [2]
    state, events = run(GAME, state, "2: draw")
    assert [e.seat for e in of_type(events, "HandRevealed")] == [2]
    assert public(state).revealed[1] == () and len(public(state).revealed[2]) == 5


def test_A6_several_kings_still_one_reveal() -> None:
    kings = new({**QUIET, 0: "HK SK S5 DJ C9", 1: "H4 D7 CQ S10 D3"}, field="H3")
    state = play(GAME, kings, "0: bottom HK", "0: top SK")
    state, events = run(GAME, state, "1: draw")
    assert [e.seat for e in of_type(events, "HandRevealed")] == [1]
    state, events = run(GAME, state, "2: draw")
    assert of_type(events, "HandRevealed") == []


@pytest.mark.parametrize("field", ["HA", "H2", "S8", "H9", "HK"])
def test_A6_the_first_field_card_has_no_power(field: str) -> None:
    hands = {0: "S5 H6 DJ C10 SQ", 1: "H4 D7 CQ S10 C3"}
    view = public(new(hands, field=field))
    assert (view.turn, view.direction, view.pending, view.reveal_due, view.suit) == (0, 1, 0, False, field[0])


# -- A7 empty hands ------------------------------------------------------------------------------


def test_A7_a_hand_may_become_empty_it_does_not_win_and_must_draw() -> None:
    state = play(GAME, new(LONE, field="S5", stock="S2"), "0: play S6", *NINES, "0: play C7")
    state = play(GAME, state, "1: play H7")
    assert public(state).hand_sizes == (3, 0) and GAME.result(state) is None
    state = play(GAME, state, "0: draw")
    assert legal(state, 1) == {"draw"}
    assert refused(state, "1: dobon").rule == "A3"  # an empty hand reaches nothing
    state = play(GAME, state, "1: draw")
    assert public(state).hand_sizes[1] == 1


# -- A8 empty stock ------------------------------------------------------------------------------

PAIR = {0: "S5 H6 DJ C9 SK", 1: "H4 D7 CQ S10 HK"}


def test_A8_stock_rebuilt_from_the_field_under_its_top() -> None:
    state = drain_stock(play(GAME, new(PAIR, field="H3"), "0: play H6", "1: play H4"))
    view = public(state)
    assert (view.stock_size, [str(c) for c in view.field]) == (0, ["H3", "H6", "H4"])
    drawer = view.turn
    state, events = run(GAME, state, f"{drawer}: draw")
    assert [e.count for e in of_type(events, "StockRebuilt")] == [2]
    view = public(state)
    assert (view.stock_size, [str(c) for c in view.field]) == (1, ["H4"])
    assert str(of_type(events, "Drew")[0].cards[0]) in ("H3", "H6") and GAME.result(state) is None


def test_A8_no_stock_the_most_cards_lose_nobody_wins() -> None:
    state = drain_stock(new(PAIR, field="H3"))  # nobody played: nothing lies under the top card
    assert public(state).hand_sizes == (26, 25) and public(state).turn == 1
    state, events = run(GAME, state, "1: draw")
    assert outcome(state) == ((), (0,), "no_stock") and of_type(events, "StockRebuilt") == []


@pytest.mark.parametrize(("minimum", "rebuilt"), [(0, True), (1, True), (2, False), (5, False)])
def test_A8_min_field_to_rebuild(minimum: int, rebuilt: bool) -> None:
    state = new(PAIR, field="H3", min_field_to_rebuild=minimum)
    state = drain_stock(play(GAME, state, "0: play H6", "1: play H4"))  # H3 H6 under H4
    state, events = run(GAME, state, f"{public(state).turn}: draw")
    assert bool(of_type(events, "StockRebuilt")) is rebuilt
    assert (GAME.result(state) is None) is rebuilt


@pytest.mark.parametrize(("ratio", "rebuilt"), [(None, True), (1.0, True), (0.7, True), (0.6, False), (0.5, False)])
def test_A8_max_twos_ratio(ratio: float | None, rebuilt: bool) -> None:
    # Under the top card S10 lie H2 S2 S9: two thirds of them twos ("this share or more" refuses).
    hands = {0: "S2 S9 C5 D6 HJ", 1: "S10 DK CK HQ D4"}
    state = new(hands, field="H2", stock="C10 D10", max_twos_ratio=ratio)
    state = play(GAME, state, "0: play S2", "1: draw", "0: play S9", "1: play S10")
    assert [str(c) for c in public(state).field] == ["H2", "S2", "S9", "S10"]
    state = drain_stock(state)
    state, events = run(GAME, state, f"{public(state).turn}: draw")
    assert bool(of_type(events, "StockRebuilt")) is rebuilt
    assert (GAME.result(state) is None) is rebuilt


# -- A9 match ------------------------------------------------------------------------------------


def test_A9_the_loser_deals_the_next_game() -> None:
    state, events = run(GAME, new(SIXES, field="H3", games=2), "0: play H6", "2: dobon", "others: pass")
    assert of_type(events, "GameEnded")[0].winners == (2,)
    view = public(state)
    assert (view.round_no, view.dealer, view.turn, view.hand_sizes) == (1, 0, 0, (5, 5, 5, 5))
    assert (view.wins, view.losses) == ((0, 0, 1, 0), (1, 0, 0, 0))
    assert [(e.dealer, e.reason) for e in of_type(events, "DealerChosen")] == [(0, "loser")]


def test_A9_one_of_several_losers_is_drawn_to_deal() -> None:
    dealers = set()
    for seed in range(12):
        state, events = run(GAME, new(SIXES, field="C6", games=2, seed=seed), "1: pass", "2: dobon", "others: pass")
        assert outcome_losers(events) == (0, 1, 3)
        (chosen,) = of_type(events, "DealerChosen")
        assert chosen.reason == "losers_draw" and chosen.dealer in (0, 1, 3)
        dealers.add(public(state).dealer)
    assert len(dealers) > 1


def outcome_losers(events: list[Any]) -> tuple[int, ...]:
    (ended,) = of_type(events, "GameEnded")
    return tuple(ended.losers)


def test_A9_nobody_lost_the_dealer_stays() -> None:
    _, events = run(GAME, new(QUIET, field="H3", games=2, max_steps=1, first=2), "2: draw")
    assert [(e.dealer, e.reason) for e in of_type(events, "DealerChosen")] == [(2, "unchanged")]


def test_A9_rank_by_wins_then_fewer_losses() -> None:
    assert match_ranks((2, 1, 1, 0), (0, 1, 2, 0)) == (1, 2, 3, 4)
    assert match_ranks((1, 1, 0), (1, 1, 0)) == (1, 1, 3)
    assert match_ranks((0, 0), (3, 1)) == (2, 1)


def test_A9_match_result() -> None:
    state = GAME.new(players=3, options={"games": 5}, seed=4)
    done = play_out(GAME, state, [make_bot("dobon-arith", "rule") for _ in range(3)], seed=4)
    result = GAME.result(done.state)
    assert result is not None and len(result.rounds) == 5
    wins = [sum(s in r.winners for r in result.rounds) for s in range(3)]
    losses = [sum(s in r.losers for r in result.rounds) for s in range(3)]
    assert result.scores == tuple(float(w - n) for w, n in zip(wins, losses, strict=True))
    assert result.ranks == match_ranks(tuple(wins), tuple(losses))
    assert set(result.winners) == {s for s in range(3) if result.ranks[s] == 1}


# -- C2–C7 as this game plays them ---------------------------------------------------------------


def test_C2_play_goes_clockwise() -> None:
    state = new(QUIET, field="H3", first=2)
    seen = []
    for _ in range(5):
        seen.append(public(state).turn)
        state = play(GAME, state, f"{public(state).turn}: draw")
    assert seen == [2, 3, 0, 1, 2]


def test_C3_same_seed_same_game() -> None:
    def match() -> Any:
        state = GAME.new(players=4, options={"games": 3}, seed=9)
        return play_out(GAME, state, [make_bot("dobon-arith", n) for n in ("rule", "random") * 2], seed=9)

    one, two = match(), match()
    assert [(r, s, str(a)) for r, s, a in one.actions] == [(r, s, str(a)) for r, s, a in two.actions]
    assert one.state == two.state


def test_C4_priority_follows_the_current_direction() -> None:
    # Seat 0 plays H9 and reverses; seats 1 (1+1+2+2+3) and 2 (the same) both hold 9; seat 3 plays next.
    hands = {0: "H9 S5 DJ C10 SK", 1: "SA HA S2 H2 S3", 2: "DA CA D2 C2 D3", 3: SIXES[3]}
    state = play(GAME, new(hands, field="H3"), "0: play H9")
    assert public(state).turn == 3 and GAME.actors(state) == (3, 2, 1)  # the turn seat, then 2 before 1


def test_C4_a_seat_without_a_choice_is_never_asked() -> None:
    state = new(QUIET, field="H3")
    assert GAME.actors(state) == (0,) and [legal(state, s) for s in (1, 2, 3)] == [set(), set(), set()]
    assert refused(state, "1: dobon").rule == "A3"


def test_C4_offered_again_after_every_change() -> None:
    state = play(GAME, new({**SIXES, 1: "H4 D7 CQ S10 HK"}, field="H3"), "0: play H6", "2: pass")
    assert GAME.actors(state) == (1,) and refused(state, "2: dobon").rule == "C4"
    state = play(GAME, state, "1: draw")
    assert GAME.actors(state) == (2,)


def test_C5_window_closes_when_all_decline() -> None:
    hands = {0: SIXES[0], 1: SIXES[3], 2: SIXES[1], 3: SIXES[2]}  # seats 2 and 3 hold 6, the turn seat 1 not
    state, events = run(GAME, new(hands, field="H3"), "0: play H6", "2: pass")
    assert GAME.actors(state) == (1, 3) and refused(state, "2: dobon").rule == "C4"
    state, more = run(GAME, state, "3: pass")
    declined = of_type([*events, *more], "Declined")
    assert [e.seat for e in declined] == [2, 3]
    assert all(e.seen_by(1) is None and e.seen_by(e.seat) is e for e in declined)  # nobody else learns of it
    assert GAME.actors(state) == (1,) and not GAME.yields_to_calls(state, 1, GAME.parse_action("draw"))


def test_C5_the_turn_seats_move_closes_the_window_and_a_new_one_opens() -> None:
    hands = {0: SIXES[0], 1: SIXES[3], 2: SIXES[1], 3: SIXES[2]}
    state = play(GAME, new(hands, field="H3"), "0: play H6", "2: pass", "1: draw")  # seat 3 never answered
    assert public(state).turn == 2 and str(public(state).top) == "H6"
    assert GAME.actors(state) == (2, 3)  # the same card, a new window: seat 3 is offered it again (C4)
    assert "dobon" in legal(state, 2)  # and seat 2, now the turn seat, may call on its turn


def test_C6_illegal_actions_leave_the_state_unchanged() -> None:
    state = new(QUIET, field="H3")
    assert refused(state, "0: play S5").rule == "A2"
    assert refused(state, "1: draw").rule == "C2"
    assert state == new(QUIET, field="H3")


@pytest.mark.parametrize("text", ["", "play", "play S8", "play S4 suit=H", "play S8 suit=X", "dobon top=H3",
                                  "jump", "draw 2", "play S4 H4", "bottom S4 H4", "bottom S8 suit=H", "stack",
                                  "stack D4 suit=S", "top S8", "top S4 suit=H", "play JK", "top JK"])
def test_C6_malformed_action_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.apply(new(QUIET, field="H3"), 0, text)


def test_item4_only_max_steps_is_a_draw_an_ending_with_losers_is_not() -> None:
    no_stock = play(GAME, drain_stock(new(PAIR, field="H3")), "1: draw")
    dobon = play(GAME, new(SIXES, field="H3"), "0: play H6", "1: dobon", "others: pass")
    first_card = play(GAME, new(SIXES, field="C6"), "1: pass", "2: dobon", "others: pass")
    steps = play(GAME, new(QUIET, field="H3", max_steps=2), "0: draw", "1: draw")
    results = [GAME.result(s) for s in (no_stock, dobon, first_card, steps)]
    assert [(r.reason, r.winners, r.losers, r.draw) for r in results if r is not None] == [
        ("no_stock", (), (0,), False),  # nobody won, but seat 0 lost (A8 = J11)
        ("dobon", (1,), (0,), False),
        ("first_card", (2,), (0, 1, 3), False),
        ("max_steps", (), (), True),  # nobody ranked apart (C7)
    ]
    assert results[0] is not None and results[0].ranks == (2, 1)


def test_C7_max_steps_ends_in_a_draw() -> None:
    state = new(QUIET, field="H3", max_steps=3)
    state = play(GAME, state, "0: draw", "1: draw")
    assert GAME.result(state) is None
    state = play(GAME, state, "2: draw")
    result = GAME.result(state)
    assert result is not None and (result.winners, result.losers, result.reason, result.draw) == (
        (), (), "max_steps", True)
    assert GAME.actors(state) == () and refused(state, "3: draw").rule == "A9"


def test_C7_a_play_of_several_cards_is_one_step() -> None:
    state = play(GAME, new(STACKS, field="S3", max_steps=1), "0: bottom S4", "0: stack C4")
    assert GAME.result(state) is None and state.steps == 0
    state = play(GAME, state, "0: top H4")
    result = GAME.result(state)
    assert result is not None and result.reason == "max_steps" and public(state).hand_sizes[0] == 2
