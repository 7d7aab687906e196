"""What a seat may learn in arithmetic Dobon (issue 12): its offers, its refusals and its
samples never depend on cards hidden from it (C4: "who is asked is never part of a view").

Transcripts as in test_rulings.py: fixed deals, seat 0 deals and plays first,
moves ``"SEAT: ACTION"``.  Two decks that differ only in cards one seat cannot see are built
by swapping two cards of one deck.
"""

from __future__ import annotations

import random
from typing import Any

from kakehiki import Card, IllegalActionError, parse_cards
from kakehiki.games.dobon_arith import waits
from kakehiki.games.dobon_arith.rules.game import legacy_v1_skips
from transcript import deal_deck, move, of_type, play, run
from transcript_dobon_arith import GAME, legal, new, public

# After "0: play H6" seat 1 has the turn.  Seat 2 holds 1 × 1 × 1 × 2 × 3 = 6 and may call on H6;
# with D9 for D3 it reaches only 4.  Seats 1 and 3 reach nothing.
CALLER = {0: "S5 H6 DJ C9 SK", 1: "H4 D7 CQ S10 HK", 2: "SA HA C2 D3 CA", 3: "S6 HQ D4 C8 S7"}
# Seat 1 holding 13 − 1 − 2 − 2 − 2 = 6: the turn seat may call on H6 itself.
TURN_CALLER = {**CALLER, 1: "DA S2 H2 D2 DK"}
STOCK = "C3 C7 C10 CJ CK H7"  # the next draws; D9 lies deeper in the stock

# Seat 1's attempts: legal ones, a pass after the opening, a call, a card not held, illegal plays and steps.
ATTEMPTS = ["draw", "pass", "dobon", "play H4", "play S5", "play D7", "bottom H4", "bottom CQ", "stack HK", "top HK"]


def swapped(deck: list[Card], a: str, b: str) -> list[Card]:
    """``deck`` with cards ``a`` and ``b`` trading places."""
    one, two = parse_cards(f"{a} {b}")
    return [two if c == one else one if c == two else c for c in deck]


def from_deck(deck: list[Card], players: int = 4) -> Any:
    return GAME.new(players=players, options={"first_player": 0}, deck=deck)


def answers(state: Any, seat: int, attempts: list[str]) -> list[str]:
    """What ``seat`` is told for each attempt: ``ok`` or the refusal, rule and message."""
    told = []
    for text in attempts:
        try:
            GAME.check(state, seat, GAME.parse_action(text))
        except IllegalActionError as err:
            told.append(str(err))
        else:
            told.append("ok")
    return told


def twins(hands: dict[int, str], field: str, moves: tuple[str, ...] = ()) -> tuple[Any, Any]:
    """The game after ``moves`` from the deal of ``hands`` and from the same deal with seat 2's D3
    swapped for the D9 deep in the stock: seat 2 may call on a 6 in the first only."""
    deck = deal_deck(hands, field, STOCK)
    assert "D9" not in STOCK and "D9" not in " ".join(hands.values())
    one, two = from_deck(deck), from_deck(swapped(deck, "D3", "D9"))
    return play(GAME, one, *moves), play(GAME, two, *moves)


def test_item5_turn_seat_is_offered_the_same_whether_or_not_another_seat_can_call() -> None:
    can, cannot = twins(CALLER, "H3", ("0: play H6",))
    assert waits(can.hands[2]).get(6) and not waits(cannot.hands[2]).get(6)  # the only difference
    assert GAME.view(can, 1) == GAME.view(cannot, 1)
    assert legal(can, 1) == legal(cannot, 1) == {"play H4", "play HK", "draw"}
    assert answers(can, 1, ATTEMPTS) == answers(cannot, 1, ATTEMPTS)
    assert GAME.actors(can) == (1, 2) and GAME.actors(cannot) == (1,)  # host-facing: who is asked
    assert answers(can, 1, ["pass"]) == ["[A2] only the first turn of the game may pass; play or draw"]
    for seat in (0, 3):  # the seats that cannot call are told the same too
        assert legal(can, seat) == legal(cannot, seat) == set()
        assert answers(can, seat, ATTEMPTS) == answers(cannot, seat, ATTEMPTS)
    # The turn seat's move is legal in both; only a host holds it back for seat 2 (C4).
    assert GAME.yields_to_calls(can, 1, GAME.parse_action("draw"))
    assert not GAME.yields_to_calls(cannot, 1, GAME.parse_action("draw"))
    after_can, seen_can = run(GAME, can, "1: draw")
    after_cannot, seen_cannot = run(GAME, cannot, "1: draw")
    assert [e.seen_by(1) for e in seen_can] == [e.seen_by(1) for e in seen_cannot]
    assert GAME.view(after_can, 1) == GAME.view(after_cannot, 1)


def test_issue13_item3_a_stack_begun_tells_no_seat_whether_another_could_call() -> None:
    # Seat 1 holds H4 and C4 and begins a stack on H6; seat 2 may call on H6 in the first deal only.
    hands = {**CALLER, 1: "H4 C4 CQ S10 HK"}
    can, cannot = twins(hands, "H3", ("0: play H6",))
    assert GAME.actors(can) == (1, 2) and GAME.actors(cannot) == (1,)
    assert legal(can, 1) == legal(cannot, 1) and "bottom H4" in legal(can, 1)
    can, cannot = play(GAME, can, "1: bottom H4"), play(GAME, cannot, "1: bottom H4")
    assert GAME.actors(can) == GAME.actors(cannot) == (1,)  # nobody may call between the steps (A2)
    attempts = [*ATTEMPTS, "stack C4", "top C4", "bottom C4"]
    for seat in (0, 1, 3):  # seat 2 knows its own hand, which differs
        assert GAME.view(can, seat) == GAME.view(cannot, seat)
        assert legal(can, seat) == legal(cannot, seat)
        assert answers(can, seat, attempts) == answers(cannot, seat, attempts)
    assert legal(can, 1) == {"top C4"} and legal(can, 2) == legal(cannot, 2) == set()


def test_C4_turn_seat_offers_do_not_depend_on_other_hands_when_it_may_call_itself() -> None:
    can, cannot = twins(TURN_CALLER, "H3", ("0: play H6",))
    assert GAME.actors(can) == (1, 2) and GAME.actors(cannot) == (1,)
    assert legal(can, 1) == legal(cannot, 1) and "dobon" in legal(can, 1)
    assert answers(can, 1, ATTEMPTS) == answers(cannot, 1, ATTEMPTS)
    dobon = GAME.parse_action("dobon")
    assert not GAME.yields_to_calls(can, 1, dobon)  # the turn seat's own call keeps its priority
    assert public(play(GAME, can, "1: dobon")).chain == public(play(GAME, cannot, "1: dobon")).chain == (1,)


def test_C4_turn_seat_offers_do_not_depend_on_other_hands_on_the_opening_turn() -> None:
    # Field C6: nobody played it, so seat 2 may call on it (A4) in the first deal only.
    can, cannot = twins(CALLER, "C6")
    assert GAME.actors(can) == (0, 2) and GAME.actors(cannot) == (0,)
    assert legal(can, 0) == legal(cannot, 0) and "pass" in legal(can, 0)
    attempts = ["pass", "draw", "dobon", "play H6", "play S5", "play CQ"]
    assert answers(can, 0, attempts) == answers(cannot, 0, attempts)
    assert GAME.yields_to_calls(can, 0, GAME.parse_action("pass"))  # the opening pass is an ordinary move


def test_A2_the_opening_pass_is_a_real_move_with_a_window_open() -> None:
    state = new(CALLER, field="C6")
    assert GAME.actors(state) == (0, 2)
    state, events = run(GAME, state, "0: pass")
    assert [e.seat for e in of_type(events, "TurnPassed")] == [0] and of_type(events, "Declined") == []
    view = public(state)
    assert (view.turn, view.opening) == (1, False)
    assert GAME.actors(state) == (1, 2)  # the window is worked out anew after the move: seat 2 again


def test_C4_refusals_name_the_window_rule() -> None:
    state = play(GAME, new({**CALLER, 3: "DA S2 H2 D2 DK"}, field="H3"), "0: play H6", "2: pass")
    assert GAME.actors(state) == (1, 3)
    assert str(_refusal(state, "2: dobon")) == "[C4] seat 2 declined the call on this card"
    assert _refusal(state, "2: pass").rule == "C4"
    assert _refusal(state, "0: pass").rule == "C4"  # seat 0 played H6: nothing to decline
    assert _refusal(state, "0: dobon").rule == "A3"  # its own hand reaches nothing
    assert _refusal(state, "3: draw").rule == "C2"
    chain = play(GAME, state, "3: dobon")
    assert "dobon" in legal(chain, 2)  # seat 2 may answer the call though it let the card go
    chain = play(GAME, chain, "others: pass")
    assert (result := GAME.result(chain)) is not None and result.winners == (3,)
    chained = play(GAME, new({**CALLER, 3: "DA S2 H2 D2 DK"}, field="H3"), "0: play H6", "3: dobon")
    assert GAME.actors(chained) == (1, 2, 0)
    assert _refusal(chained, "3: dobon").rule == "A5"
    assert _refusal(play(GAME, chained, "1: pass"), "1: pass").rule == "C4"


def _refusal(state: Any, text: str) -> IllegalActionError:
    seat, action = move(text)
    try:
        GAME.apply(state, seat, action)
    except IllegalActionError as err:
        return err
    raise AssertionError(f"{text} was not refused")


def test_C4_yields_to_calls_only_for_the_turn_seats_ordinary_move_with_a_window() -> None:
    state = play(GAME, new(TURN_CALLER, field="H3"), "0: play H6")
    draw, dobon, pass_ = (GAME.parse_action(t) for t in ("draw", "dobon", "pass"))
    assert GAME.yields_to_calls(state, 1, draw) and not GAME.yields_to_calls(state, 1, dobon)
    assert not GAME.yields_to_calls(state, 2, dobon) and not GAME.yields_to_calls(state, 2, pass_)
    assert not GAME.yields_to_calls(play(GAME, state, "2: pass"), 1, draw)  # the window is closed
    chain = play(GAME, state, "2: dobon")
    assert not any(GAME.yields_to_calls(chain, 1, a) for a in (dobon, pass_))


def test_item1_legacy_v1_skips_only_the_turn_seats_wait_in_a_window() -> None:
    # Version 1 put seat 1 (the turn seat, holding 6) first in the window with seat 2 and had it pass.
    state = play(GAME, new(TURN_CALLER, field="H3"), "0: play H6")
    assert legacy_v1_skips(state, 1, "pass") and not legacy_v1_skips(state, 2, "pass")
    assert not legacy_v1_skips(state, 1, "draw") and not legacy_v1_skips(state, 1, "dobon")
    assert not legacy_v1_skips(play(GAME, state, "2: pass"), 1, "pass")  # its turn now: no wait
    quiet_turn = play(GAME, new(CALLER, field="H3"), "0: play H6")
    assert not legacy_v1_skips(quiet_turn, 1, "pass")  # version 1 never put a seat that cannot call in


def test_item1_legacy_v1_opening_replays_the_wait_away_and_keeps_the_real_pass() -> None:
    # Field C6: seat 0 (the dealer, holding 6) and seat 2 may call on it.  The version-1 record:
    # seat 0 declines in the window, seat 2 declines, then seat 0 passes its opening turn (A2).
    hands = {**CALLER, 0: "DA S2 H2 D2 DK", 1: "S5 H6 DJ C9 SK"}
    # Then seats 2 and 0 decline the same card in the window of seat 1's turn, and seat 1 draws.
    v1 = ["0: pass", "2: pass", "0: pass", "2: pass", "0: pass", "1: draw"]
    state = new(hands, field="C6")
    kept = []
    for text in v1:
        seat, action = move(text)
        if legacy_v1_skips(state, seat, action):
            continue
        kept.append(text)
        state, _ = GAME.apply(state, seat, action)
    assert kept == ["2: pass", "0: pass", "2: pass", "0: pass", "1: draw"]
    assert [str(m.action) for m in public(state).log] == ["pass", "draw"] and public(state).turn == 2


# -- sample_hidden (item 2) ---------------------------------------------------------------------


def test_item2_sample_hidden_carries_no_seed_and_no_deck() -> None:
    state = play(GAME, new(CALLER, field="H3", seed=77), "0: play H6")
    assert state.seed == 77 and state.deck is not None
    for seat in (None, 0, 1, 2, 3):
        sample = GAME.sample_hidden(state, seat, random.Random(5))
        assert sample.seed == 0 and sample.deck is None


def test_item2_states_differing_in_hidden_cards_give_equal_samples() -> None:
    deck = deal_deck(CALLER, "H3", STOCK)
    pairs = [("D3", "D9"), ("D3", "D4"), ("C9", "HQ")]  # hand/stock, two other hands, and again
    for a, b in pairs:
        one = play(GAME, from_deck(deck), "0: play H6")
        two = play(GAME, from_deck(swapped(deck, a, b)), "0: play H6")
        assert one != two
        for k in range(4):
            assert GAME.sample_hidden(one, 1, random.Random(k)) == GAME.sample_hidden(two, 1, random.Random(k))


def test_item2_sample_hidden_works_out_the_window_from_the_sampled_hands() -> None:
    state = play(GAME, new(CALLER, field="H3"), "0: play H6")
    assert state.window == (2,)
    windows = set()
    for k in range(40):
        sample = GAME.sample_hidden(state, 1, random.Random(k))
        assert sample.window == tuple(s for s in (2, 3) if 6 in waits(sample.hands[s]))
        assert GAME.legal_actions(sample, 1) == GAME.legal_actions(state, 1)
        windows.add(sample.window)
    assert () in windows  # seat 2's 6 is not carried over


def test_item2_sample_hidden_keeps_the_seats_own_decline() -> None:
    state = play(GAME, new(CALLER, field="H3"), "0: play H6")
    declined = play(GAME, state, "2: pass")
    for k in range(8):
        assert 2 in GAME.sample_hidden(state, 2, random.Random(k)).window
        assert 2 not in GAME.sample_hidden(declined, 2, random.Random(k)).window


def test_A6_sample_hidden_keeps_revealed_cards_public() -> None:
    hands = {0: "HK S5 DJ C9 H2", 1: "H4 D7 CQ S10 D3", 2: CALLER[3], 3: "SA HA C2 D9 CA"}
    state = play(GAME, new(hands, field="H3", stock="C6"), "0: play HK", "1: play H4")
    shown = state.revealed[1]
    assert sorted(map(str, shown)) == sorted(["D7", "CQ", "S10", "D3"])
    for k in range(8):
        sample = GAME.sample_hidden(state, 0, random.Random(k))
        assert sample.revealed == state.revealed and set(shown) <= set(sample.hands[1])


def test_A5_sample_hidden_asks_every_seat_outside_the_chain() -> None:
    # Seat 1 called on H6; seat 2 may answer.  Every seat outside the chain is asked (A5), so the open
    # chain tells seat 1 nothing, and each sample asks the same seats, whatever they were dealt.
    state = play(GAME, new(TURN_CALLER, field="H3"), "0: play H6", "1: dobon")
    assert GAME.actors(state) == (2, 3, 0)
    for k in range(20):
        sample = GAME.sample_hidden(state, 1, random.Random(k))
        assert GAME.actors(sample) == sample.window == (2, 3, 0)
        assert all("pass" in legal(sample, s) for s in sample.window)
