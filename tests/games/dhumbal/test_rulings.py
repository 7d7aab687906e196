"""Ruling tests for Dhumbal: one section per ruling of ``docs/rulings.md`` (C1–C7, D1–D7).

Each test is named after the ruling it checks and reads as a game transcript: a fixed first deal
built with :func:`transcript.deal_deck` (five cards each, dealt one at a time clockwise from seat 0,
which plays first; then the turned-up card; then the stock, drawn from the front), then moves
``"SEAT: ACTION"``; the steps of one turn (each card put down, then the take) may share a line,
separated by commas.  Default options unless a test says otherwise.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

import kakehiki
from kakehiki import Card, IllegalActionError, NotationError, OptionError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.cards import STANDARD_DECK
from kakehiki.driver import play_out
from kakehiki.games.dhumbal import DhumbalState
from kakehiki.games.dhumbal.rules.melds import is_discard, is_run, points
from kakehiki.options import OptionValue
from kakehiki.record import make_record, replay
from kakehiki.rng import derive
from transcript import cards, deal_deck, hand, move, of_type, texts
from transcript_dhumbal import play, run, steps

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)

GAME = kakehiki.get_game("dhumbal")


# -- helpers -------------------------------------------------------------------------------------


def new(hands: dict[int, str], up: str, stock: str = "", decks: int = 1, seed: int = 0, **options: object) -> Any:
    """A match whose first round is dealt from a fixed deck: ``hands`` per seat, ``up`` turned up,
    ``stock`` drawn first."""
    deck = deal_deck(hands, field=up, stock=stock, dealer=0, decks=decks)
    return GAME.new(players=len(hands), options={"decks": decks, **options} if decks > 1 else options,
                    seed=seed, deck=deck)


def refused(state: DhumbalState, text: str) -> IllegalActionError:
    """Apply ``"SEAT: A, B, …"``: every step but the last applies, the last is refused and leaves
    the state it was tried on untouched; return the error."""
    *first, last = steps(text)
    state = play(GAME, state, *first)
    seat, action = move(last)
    before = dataclasses.replace(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert state == before
    return info.value


def legal(state: DhumbalState, seat: int) -> set[str]:
    return set(texts(GAME.legal_actions(state, seat)))


def public(state: DhumbalState) -> Any:
    return GAME.view(state, None)


def last_round(state: DhumbalState) -> Any:
    return public(state).outcomes[-1]


def bot_match(seed: int, players: int = 4, bot: str = "threshold", **options: object) -> Any:
    state = GAME.new(players=players, options=options, seed=seed)
    return state, play_out(GAME, state, [make_bot("dhumbal", bot) for _ in range(players)], seed=seed)


# Three seats; seat 0 sheds a run and draws CA: HA DA CA = 3 when its turn comes back.
SHEDDING = {0: "HA DA S8 S9 S10", 1: "H5 D5 C5 S5 C2", 2: "S4 H4 D4 C4 DQ"}
SHED_MOVES = ("0: discard S8, discard S9, discard S10, take stock",
              "1: discard S5, discard H5, discard D5, discard C5, take stock",
              "2: discard S4, discard H4, discard D4, discard C4, take stock")


def shed(stock: str, hands: dict[int, str] | None = None, moves: tuple[str, ...] = SHED_MOVES, seed: int = 0,
         **options: OptionValue) -> DhumbalState:
    """Every seat sheds once, taking from the stock; seat 0 is then to move."""
    state = play(GAME, new(hands or SHEDDING, up="H7", stock=stock, decks=1, seed=seed, **options), *moves)
    assert isinstance(state, DhumbalState)
    return state


# Four seats for the show-back ties: seat 0 ends on HA D2 C2 = 5, seat 1 on SA DA = 2 (two cards),
# seat 2 on S2 = 2 (one card), seat 3 on DQ SJ = 20.
TIES = {0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA", 2: "H9 H10 HJ HQ HK", 3: "S6 H6 D6 C6 DQ"}
TIE_MOVES = ("0: discard S8, discard S9, discard S10, take stock",
             "1: discard S5, discard H5, discard D5, discard C5, take stock",
             "2: discard H9, discard H10, discard HJ, discard HQ, discard HK, take stock",
             "3: discard S6, discard H6, discard D6, discard C6, take stock")


# -- C1 cards and notation -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("show", "show"),
    (" SHOW ", "show"),
    ("discard s6", "discard S6"),
    ("Discard c10", "discard C10"),
    ("take STOCK", "take stock"),
    ("TAKE c1", "take CA"),
    (" take d12 ", "take DQ"),
])
def test_C1_action_notation_round_trips(text: str, canonical: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == canonical
    assert GAME.parse_action(str(action)) is action  # one shared instance per action


@pytest.mark.parametrize("text", [
    "", "discard", "take", "discard stock", "discard S4 take stock", "discard S4 S5", "take stock C7",
    "show now", "discard S44", "take S44", "discard JK", "draw", "play S4",
])
def test_C1_malformed_actions_raise_notation_error(text: str) -> None:
    state = new(SHEDDING, up="H7")
    before = dataclasses.replace(state)
    with pytest.raises(NotationError):
        GAME.apply(state, 0, text)
    assert state == before


# -- C2 seats ------------------------------------------------------------------------------------


def test_C2_deal_goes_clockwise_one_card_at_a_time_from_the_first_seat() -> None:
    prefix = parse_cards("S4 HA S8  H9 H5 S9  C6 D5 D8  DK C7 C10  SQ HJ D10  H3  CQ CJ")
    rest = [c for c in STANDARD_DECK if c not in prefix]
    state = GAME.new(players=3, deck=[*prefix, *rest])
    assert hand(GAME, state, 0) == cards("S4 H9 C6 DK SQ")
    assert hand(GAME, state, 1) == cards("HA H5 D5 C7 HJ")
    assert hand(GAME, state, 2) == cards("S8 S9 D8 C10 D10")
    assert texts(public(state).available) == ["H3"] and public(state).turn == 0
    state = play(GAME, state, "0: discard DK, take stock", "1: discard HJ, take stock")
    assert hand(GAME, state, 0) == cards("S4 H9 C6 SQ CQ")  # the stock is drawn from the front
    assert hand(GAME, state, 1) == cards("HA H5 D5 C7 CJ")


def test_C2_turns_go_clockwise_and_only_the_turn_seat_acts() -> None:
    state = new(SHEDDING, up="H7", stock="CA HK SJ")
    seen = []
    for text in SHED_MOVES:
        seat = public(state).turn
        seen.append(seat)
        for step in steps(text):  # before the turn and between its steps: only the turn seat acts
            assert GAME.actors(state) == (seat,)
            assert refused(state, f"{(seat + 1) % 3}: discard C2").rule == "C2"
            state = play(GAME, state, step)
    assert seen == [0, 1, 2] and public(state).turn == 0
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, 3, "show")
    assert info.value.rule == "C2"


# -- C3 determinism ------------------------------------------------------------------------------


def test_C3_same_seed_same_match() -> None:
    _, first = bot_match(5, players=5)
    _, again = bot_match(5, players=5)
    assert [(r, s, str(a)) for r, s, a in first.actions] == [(r, s, str(a)) for r, s, a in again.actions]
    assert first.state == again.state and GAME.result(first.state) == GAME.result(again.state)


def test_C3_the_seed_decides_the_deal_and_later_rounds() -> None:
    deals = {tuple(map(str, GAME.all_cards(GAME.new(players=4, seed=seed)))) for seed in range(6)}
    assert len(deals) == 6
    assert GAME.new(players=4, seed=3) == GAME.new(players=4, seed=3)
    # An explicit deck fixes the first round only; the next round is shuffled from the seed.
    one = play(GAME, shed("CA HK SJ", seed=1), "0: show")
    two = play(GAME, shed("CA HK SJ", seed=2), "0: show")
    assert public(one).round_no == public(two).round_no == 1
    assert one.hands != two.hands


def test_C3_same_deck_and_actions_same_events() -> None:
    one, events_one = run(GAME, new(SHEDDING, up="H7", stock="CA HK SJ"), *SHED_MOVES, "0: show")
    two, events_two = run(GAME, new(SHEDDING, up="H7", stock="CA HK SJ"), *SHED_MOVES, "0: show")
    assert one == two and events_one == events_two


# -- C4 calls out of turn: Dhumbal has none ------------------------------------------------------


def test_C4_only_the_turn_seat_is_ever_asked() -> None:
    state, playout = bot_match(2, players=3)
    replayed = state
    for _, seat, action in playout.actions:
        assert GAME.actors(replayed) == (seat,) == (public(replayed).turn,)
        assert all(not legal(replayed, s) for s in range(3) if s != seat)
        replayed, _ = GAME.apply(replayed, seat, action)
    assert GAME.actors(replayed) == ()


# -- C6 illegal actions --------------------------------------------------------------------------


def test_C6_illegal_actions_leave_the_state_unchanged() -> None:
    state = new(SHEDDING, up="H7", stock="CA")
    assert refused(state, "0: discard SK").rule == "C6"  # not in the hand
    assert refused(state, "0: discard HA, discard HA").rule == "C6"  # only one HA held
    assert refused(state, "0: discard HA, discard S8").rule == "D3"  # no set, no run
    assert refused(state, "0: discard S8, discard S9, discard S10, take C7").rule == "D3"  # C7 was not discarded
    assert refused(state, "0: show").rule == "D3"  # 29 points
    assert refused(state, "1: discard C2").rule == "C2"  # not seat 1's turn
    assert state == new(SHEDDING, up="H7", stock="CA")
    state = play(GAME, state, "0: discard S8, discard S9, discard S10, take H7")
    assert hand(GAME, state, 0) == cards("HA DA H7")


# -- C7 step limit -------------------------------------------------------------------------------


def test_C7_max_steps_ends_the_match_as_a_draw() -> None:
    state = new(SHEDDING, up="H7", stock="CA HK SJ", max_steps=3)
    state = play(GAME, state, *SHED_MOVES[:2])
    assert GAME.result(state) is None
    state, events = run(GAME, state, SHED_MOVES[2])
    result = GAME.result(state)
    assert result is not None
    assert (result.winners, result.losers, result.reason, result.draw) == ((), (), "max_steps", True)
    assert result.ranks == (1, 1, 1) and [r.reason for r in result.rounds] == ["max_steps"]
    assert [e.reason for e in of_type(events, "MatchEnded")] == ["max_steps"]
    assert GAME.actors(state) == () and legal(state, 0) == set()
    assert refused(state, "0: show").rule == "C7"  # over by the step limit, not by D5


def test_result_draw_is_true_exactly_when_nobody_is_ranked_apart() -> None:
    """Result.draw (issue 12): a match ended by ``limit`` ranks its seats and is no draw; a tie of all
    is a draw, with neither winners nor losers.

    Play cannot end level: every Show leaves some seat scoring 0, so that seat's score at the end
    was already its score before the last round, and a level end above the limit would have ended
    the match a round earlier.  The level match is therefore written by hand."""
    ended = play(GAME, shed("CA HK SJ", limit=19), "0: show")
    result = GAME.result(ended)
    assert result is not None and (result.draw, result.winners, result.losers) == (False, (0,), (2,))
    level = GAME.result(dataclasses.replace(ended, scores=(20, 20, 20)))
    assert level is not None and level.ranks == (1, 1, 1) and level.draw
    assert (level.winners, level.losers, level.reason) == ((), (), "match")


def test_C7_max_steps_counts_over_the_whole_match() -> None:
    state = shed("CA HK SJ", max_steps=5)
    state = play(GAME, state, "0: show")  # step 4 ends round 1; round 2 is dealt
    assert public(state).round_no == 1 and GAME.result(state) is None
    seat = GAME.actors(state)[0]
    state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])  # a card put down: no step yet
    assert GAME.result(state) is None
    state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])  # the take ends turn (step) 5
    result = GAME.result(state)
    assert result is not None and result.draw
    assert [r.reason for r in result.rounds] == ["show", "max_steps"]
    assert result.scores == (0.0, -12.0, -20.0)  # round 1 still counted


def test_C7_a_turn_counts_one_step_however_many_cards_it_puts_down() -> None:
    state = new(SHEDDING, up="H7", stock="CA HK SJ", max_steps=2)
    state = play(GAME, state, "0: discard S8, discard S9, discard S10, take stock", "1: discard S5, discard H5")
    assert GAME.result(state) is None and GAME.actors(state) == (1,)
    state = play(GAME, state, "1: discard D5, discard C5")
    assert GAME.result(state) is None
    state = play(GAME, state, "1: take stock")
    result = GAME.result(state)
    assert result is not None and result.reason == "max_steps"


# -- D1 points and runs --------------------------------------------------------------------------


def test_D1_points() -> None:
    assert [points(c) for c in parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK")] == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.parametrize(("text", "run_ok"), [
    ("HA H2 H3", True), ("S10 SJ SQ", True), ("SJ SQ SK", True), ("D9 D10 DJ DQ DK", True),
    ("SQ SK SA", False), ("SK SA S2", False), ("S10 HJ SQ", False), ("S4 S5", False), ("S4 S5 S7", False),
])
def test_D1_runs_ace_low_only_no_wrap(text: str, run_ok: bool) -> None:
    assert is_run(parse_cards(text)) is run_ok


def test_D1_face_cards_count_ten_in_a_show() -> None:
    state = play(GAME, shed("CA HK SJ"), "0: show")
    outcome = last_round(state)
    assert outcome.totals == (3, 12, 20)  # C2 HK; DQ SJ
    assert texts(outcome.hands[2]) == ["SJ", "DQ"]


def test_D1_a_wrapping_run_is_refused() -> None:
    state = new({0: "SQ SK SA S5 H9", 1: "H5 D5 C5 S6 C2"}, up="H7")
    assert refused(state, "0: discard SQ, discard SK").rule == "D3"  # no rank after K: SQ SK cannot grow
    assert refused(state, "0: discard SK, discard SA").rule == "D3"
    assert legal(play(GAME, state, "0: discard SQ"), 0) == {"take stock", "take H7"}


# -- D2 deal and decks ---------------------------------------------------------------------------


def test_D2_five_each_one_turned_up_the_rest_is_the_stock() -> None:
    state = GAME.new(players=4, seed=9)
    view = public(state)
    assert view.hand_sizes == (5, 5, 5, 5) and len(view.available) == 1 and view.available_owner is None
    assert view.stock_size == 52 - 20 - 1 and view.buried == () and view.decks == 1
    state, events = GAME.start(players=4, seed=9)
    assert [e.seat for e in of_type(events, "Dealt")] == [0, 1, 2, 3]
    assert of_type(events, "TurnedUp")[0].card == view.available[0]


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (8, 1), (9, 2), (16, 2)])
def test_D2_auto_decks_one_per_eight_players(players: int, decks: int) -> None:
    view = public(GAME.new(players=players, seed=1))
    assert view.decks == decks and view.stock_size == 52 * decks - 5 * players - 1


def test_D2_decks_option() -> None:
    assert public(GAME.new(players=4, options={"decks": 2}, seed=1)).decks == 2
    with pytest.raises(OptionError) as info:
        GAME.new(players=9, options={"decks": 1})
    assert info.value.option == "decks"
    with pytest.raises(OptionError):
        GAME.new(players=4, deck=list(STANDARD_DECK[:51]))


def test_D2_two_decks_from_an_explicit_deck_allow_a_pair_of_the_same_card() -> None:
    state = new({0: "H9 H9 S2 S3 C4", 1: "H5 D5 C5 S5 C2"}, up="H7", decks=2)
    assert public(state).decks == 2
    assert legal(play(GAME, state, "0: discard H9"), 0) == {"discard H9", "take stock", "take H7"}
    state = play(GAME, state, "0: discard H9, discard H9, take H7", "1: discard C2, take H9")
    assert hand(GAME, state, 1) == cards("S5 H5 H9 D5 C5")
    assert texts(public(state).buried) == ["H9"]


# -- D3 a turn: discard, then take ---------------------------------------------------------------


def turns_in_steps(state: DhumbalState, seat: int, done: tuple[str, ...] = ()) -> set[str]:
    """Every whole turn ``seat`` can play from here in steps, written as version 1 wrote it."""
    found: set[str] = set()
    for action in GAME.legal_actions(state, seat):
        words = str(action).split()
        if words[0] == "take":
            found.add(f"discard {' '.join(done)} take {words[1]}")
        elif words[0] == "discard":
            found |= turns_in_steps(GAME.apply(state, seat, action)[0], seat, (*done, words[1]))
    return found


def test_D3_legal_turns_are_every_discard_shape_times_every_take() -> None:
    state = new({0: "S4 S5 S6 H6 CK", 1: "H5 D5 C5 S7 C2"}, up="H7")
    discards = ["S4", "S5", "S6", "H6", "CK", "S6 H6", "S4 S5 S6"]
    assert turns_in_steps(state, 0) == {f"discard {d} take {t}" for d in discards for t in ("stock", "H7")}


def test_D3_a_discard_goes_down_one_card_at_a_time_by_rank_then_suit() -> None:
    state = new({0: "S4 S5 S6 H6 CK", 1: "H5 D5 C5 S7 C2"}, up="H7")
    assert legal(state, 0) == {"discard S4", "discard S5", "discard S6", "discard H6", "discard CK"}
    assert legal(play(GAME, state, "0: discard S4"), 0) == {"discard S5", "take stock", "take H7"}
    assert legal(play(GAME, state, "0: discard S4, discard S5"), 0) == {"discard S6"}  # a run needs 3
    assert legal(play(GAME, state, "0: discard S6"), 0) == {"discard H6", "take stock", "take H7"}
    assert legal(play(GAME, state, "0: discard S6, discard H6"), 0) == {"take stock", "take H7"}
    assert legal(play(GAME, state, "0: discard S5"), 0) == {"take stock", "take H7"}  # S5 S6 S7: no S7 held
    assert refused(state, "0: discard H6, discard S6").rule == "D3"  # S before H
    assert refused(state, "0: discard S6, discard S5").rule == "D3"  # rank up
    assert refused(state, "0: discard S4, discard S5, take stock").rule == "D3"  # not a discard yet
    assert refused(state, "0: take stock").rule == "D3"  # discard first
    state, events = run(GAME, state, "0: discard S4, discard S5, discard S6, take stock")
    assert [str(e.card) for e in of_type(events, "Discarded")] == ["S4", "S5", "S6"]
    assert texts(public(state).available) == ["S4", "S5", "S6"] and public(state).discarding == ()
    assert public(state).log[-1] == (0, tuple(parse_cards("S4 S5 S6")), None)


def test_D3_cards_put_down_are_public_as_they_go_and_stay_down() -> None:
    state = new({0: "S4 S5 S6 H6 CK", 1: "H5 D5 C5 S7 C2"}, up="H7")
    state, events = run(GAME, state, "0: discard S6")
    assert all(e.seen_by(1) == e for e in events)
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert texts(view.discarding) == ["S6"] and view.hand_sizes == (4, 5)
    assert hand(GAME, state, 0) == cards("S4 S5 H6 CK")
    assert refused(state, "0: discard S6").rule == "C6"  # down already: no taking it back
    assert refused(state, "0: discard S4").rule == "D3"  # nor starting another discard


def test_D3_a_set_of_three_and_a_run_of_five() -> None:
    hands = {0: "S10 C10 D10 S2 C3", 1: "H9 H10 HJ HQ HK"}
    state = play(GAME, new(hands, up="H7", stock="CA D2"), "0: discard S10, discard D10, discard C10, take stock")
    assert hand(GAME, state, 0) == cards("S2 C3 CA")
    state = play(GAME, state, "1: discard H9, discard H10, discard HJ, discard HQ, discard HK, take stock")
    assert hand(GAME, state, 1) == cards("D2")
    assert refused(state, "0: discard S2, discard C3").rule == "D3"  # neither a set nor a run


def test_D3_take_one_of_the_previous_discards_and_the_rest_is_buried() -> None:
    state = play(GAME, new(SHEDDING, up="H7", stock="CA HK SJ"), "0: discard S8, discard S9, discard S10, take stock")
    assert legal(play(GAME, state, "1: discard C2"), 1) == {"take stock", "take S8", "take S9", "take S10"}
    state, events = run(GAME, state, "1: discard C2, take S9")
    assert hand(GAME, state, 1) == cards("S5 S9 H5 D5 C5")
    assert texts(of_type(events, "Buried")[0].cards) == ["S8", "S10"]
    view = public(state)
    assert texts(view.buried) == ["H7", "S8", "S10"] and texts(view.available) == ["C2"]
    assert refused(state, "2: discard DQ, take S8").rule == "D3"  # buried: nobody may take it
    assert refused(state, "2: discard DQ, take S9").rule == "D3"  # taken already


def test_D3_the_first_turn_may_take_the_turned_up_card() -> None:
    state, events = run(GAME, new(SHEDDING, up="H7"), "0: discard S8, discard S9, discard S10, take H7")
    assert hand(GAME, state, 0) == cards("HA H7 DA")
    took = of_type(events, "Took")[0]
    assert (took.seat, str(took.card), took.owner) == (0, "H7", None)
    assert public(state).buried == ()


def test_D3_taking_from_the_stock_buries_the_whole_previous_discard() -> None:
    state = play(GAME, new(SHEDDING, up="H7", stock="CA HK"), "0: discard S8, discard S9, discard S10, take stock")
    state, events = run(GAME, state, "1: discard C2, take stock")
    assert texts(public(state).buried) == ["H7", "S8", "S9", "S10"]
    drew = of_type(events, "Drew")[0]
    assert str(drew.card) == "HK" and drew.seen_by(0).card is None and drew.seen_by(1).card is drew.card


def test_D3_a_seat_may_not_take_its_own_discard() -> None:
    state = new(SHEDDING, up="H7")
    assert refused(state, "0: discard S8, take S8").rule == "D3"


def test_D3_cards_taken_from_the_discards_stay_public_until_discarded() -> None:
    state = play(GAME, new(SHEDDING, up="H7", stock="CA HK SJ"), "0: discard S10, take H7")
    assert [texts(k) for k in public(state).known] == [["H7"], [], []]
    assert GAME.view(state, 2).known == GAME.view(state, 0).known
    state = play(GAME, state, "1: discard C2, take S10", "2: discard DQ, take stock")
    assert [texts(k) for k in public(state).known] == [["H7"], ["S10"], []]
    state = play(GAME, state, "0: discard H7, take stock")
    assert [texts(k) for k in public(state).known] == [[], ["S10"], []]


def test_D3_show_only_at_the_start_of_a_turn_with_a_low_hand() -> None:
    state = play(GAME, new(SHEDDING, up="H7", stock="CA HK SJ"), "0: discard S8, discard S9, discard S10, take stock")
    assert hand(GAME, state, 0) == cards("HA DA CA")
    assert refused(state, "0: show").rule == "C2"  # its turn is over: it must wait
    state = play(GAME, state, *SHED_MOVES[1:])
    assert "show" in legal(state, 0)
    assert refused(state, "0: discard CA, show").rule == "D3"  # a card is down: too late to Show
    assert "show" not in legal(play(GAME, state, "0: discard CA"), 0)
    assert refused(state, "1: show").rule == "C2"


@pytest.mark.parametrize(("show_max", "offered"), [(2, False), (3, True), (5, True)])
def test_D3_show_max_option(show_max: int, offered: bool) -> None:
    state = shed("CA HK SJ", show_max=show_max)
    assert ("show" in legal(state, 0)) is offered
    if not offered:
        assert refused(state, "0: show").rule == "D3"


# -- D4 Show: success, show-back, ties, penalty --------------------------------------------------


def test_D4_success_caller_scores_zero_others_their_totals() -> None:
    state, events = run(GAME, shed("CA HK SJ"), "0: show")
    outcome = last_round(state)
    assert (outcome.caller, outcome.reason, outcome.added) == (0, "show", (0, 12, 20))
    assert (outcome.winners, outcome.losers) == ((0,), (2,))
    assert public(state).scores == (0, 12, 20)
    shown = of_type(events, "HandsShown")[0]
    assert [texts(h) for h in shown.hands] == [["HA", "DA", "CA"], ["HK", "C2"], ["SJ", "DQ"]]
    assert shown.seen_by(1) == shown  # every hand is laid open


def test_D4_show_back_caller_pays_total_plus_penalty_lowest_other_scores_zero() -> None:
    hands = {**SHEDDING, 0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA"}
    state = play(GAME, shed("C2 DA SJ", hands=hands), "0: show")  # 0: HA D2 C2 = 5; 1: SA DA = 2
    outcome = last_round(state)
    assert (outcome.reason, outcome.totals, outcome.added) == ("show_back", (5, 2, 20), (35, 0, 20))
    assert (outcome.winners, outcome.losers) == ((1,), (0,))


@pytest.mark.parametrize("penalty", [0, 10, 50])
def test_D4_penalty_option(penalty: int) -> None:
    hands = {**SHEDDING, 0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA"}
    state = play(GAME, shed("C2 DA SJ", hands=hands, penalty=penalty), "0: show")
    assert last_round(state).added == (5 + penalty, 0, 20)


@pytest.mark.parametrize(("show_tie", "reason", "added"), [
    ("caller_loses", "show_back", (35, 0, 20)),
    ("caller_wins", "show", (0, 5, 20)),
])
def test_D4_a_tie_with_the_caller(show_tie: str, reason: str, added: tuple[int, ...]) -> None:
    hands = {0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA", 2: "S6 H6 D6 C6 DQ"}
    moves = (*SHED_MOVES[:2], "2: discard S6, discard H6, discard D6, discard C6, take stock")
    state = play(GAME, shed("C2 H4 SJ", hands=hands, moves=moves, show_tie=show_tie), "0: show")
    outcome = last_round(state)
    assert outcome.totals == (5, 5, 20)  # seat 1: SA H4
    assert (outcome.reason, outcome.added) == (reason, added)


def test_D4_default_tie_is_a_failed_show() -> None:
    # No show_tie option given: seat 0 shows on 5 against seat 1's 5 (SA H4) and is shown back.
    hands = {0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA", 2: "S6 H6 D6 C6 DQ"}
    moves = (*SHED_MOVES[:2], "2: discard S6, discard H6, discard D6, discard C6, take stock")
    state = play(GAME, shed("C2 H4 SJ", hands=hands, moves=moves), "0: show")
    outcome = last_round(state)
    assert outcome.totals == (5, 5, 20)
    assert (outcome.reason, outcome.winners, outcome.losers) == ("show_back", (1,), (0,))
    assert outcome.added == (5 + 30, 0, 20)  # the caller pays its total and the default penalty


def test_D4_lowest_others_tied_fewer_cards_scores_zero() -> None:
    state = new(TIES, up="H7", stock="C2 DA S2 SJ")
    state = play(GAME, state, *TIE_MOVES, "0: show")
    outcome = last_round(state)
    assert outcome.totals == (5, 2, 2, 20)
    assert (outcome.reason, outcome.winners, outcome.added) == ("show_back", (2,), (35, 2, 0, 20))


def test_D4_lowest_others_tied_on_cards_too_all_score_zero() -> None:
    hands = {0: "HA D2 S8 S9 S10", 1: "S3 S4 S5 S6 S7", 2: "H9 H10 HJ HQ HK", 3: "D3 H3 C3 DQ DJ"}
    moves = ("0: discard S8, discard S9, discard S10, take stock",
             "1: discard S3, discard S4, discard S5, discard S6, discard S7, take stock",
             "2: discard H9, discard H10, discard HJ, discard HQ, discard HK, take stock",
             "3: discard H3, discard D3, discard C3, take stock")
    state = play(GAME, new(hands, up="H7", stock="C2 S2 H2 SJ"), *moves, "0: show")
    outcome = last_round(state)
    assert outcome.totals == (5, 2, 2, 30)
    assert (outcome.reason, outcome.winners, outcome.added) == ("show_back", (1, 2), (35, 0, 0, 30))
    assert outcome.losers == (0,)


# -- D5 the match --------------------------------------------------------------------------------


def test_D5_scores_accumulate_and_the_match_goes_on_until_one_exceeds_the_limit() -> None:
    state = play(GAME, shed("CA HK SJ", limit=20), "0: show")  # (0, 12, 20): 20 does not exceed 20
    assert GAME.result(state) is None and public(state).round_no == 1
    assert public(state).scores == (0, 12, 20)
    assert public(state).hand_sizes == (5, 5, 5) and public(state).buried == ()


def test_D5_the_match_ends_after_the_round_that_passes_the_limit() -> None:
    state, events = run(GAME, shed("CA HK SJ", limit=19), "0: show")
    result = GAME.result(state)
    assert result is not None and not result.draw
    assert (result.winners, result.losers, result.ranks, result.reason) == ((0,), (2,), (1, 2, 3), "match")
    assert result.scores == (0.0, -12.0, -20.0)
    assert [(r.winners, r.losers, r.reason) for r in result.rounds] == [((0,), (2,), "show")]
    assert of_type(events, "MatchEnded")[0].reason == "limit"
    assert public(state).phase == "over" and GAME.actors(state) == ()


def test_D5_ties_share_the_win() -> None:
    hands = {0: "HA D2 S8 S9 S10", 1: "S3 S4 S5 S6 S7", 2: "H9 H10 HJ HQ HK", 3: "D3 H3 C3 DQ DJ"}
    moves = ("0: discard S8, discard S9, discard S10, take stock",
             "1: discard S3, discard S4, discard S5, discard S6, discard S7, take stock",
             "2: discard H9, discard H10, discard HJ, discard HQ, discard HK, take stock",
             "3: discard H3, discard D3, discard C3, take stock")
    state = play(GAME, new(hands, up="H7", stock="C2 S2 H2 SJ", limit=30), *moves, "0: show")  # (35, 0, 0, 30)
    result = GAME.result(state)
    assert result is not None
    assert (result.winners, result.losers, result.ranks) == ((1, 2), (0,), (4, 1, 1, 3))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_D5_a_whole_match_stops_at_the_first_round_past_the_limit(seed: int) -> None:
    _, playout = bot_match(seed)
    result = GAME.result(playout.state)
    assert result is not None and not result.draw
    running = [0, 0, 0, 0]
    outcomes = public(playout.state).outcomes
    for number, outcome in enumerate(outcomes):
        running = [a + b for a, b in zip(running, outcome.added, strict=True)]
        assert (max(running) > 100) is (number == len(outcomes) - 1)
    assert tuple(running) == public(playout.state).scores
    best = min(running)
    assert result.winners == tuple(s for s in range(4) if running[s] == best)
    assert len(result.rounds) == len(outcomes) == public(playout.state).round_no + 1


def test_D5_one_record_holds_the_whole_match_grouped_by_round() -> None:
    state, playout = bot_match(4)
    record = make_record(GAME, state, playout.actions, ["a", "b", "c", "d"], playout.state)
    assert (result := GAME.result(playout.state)) is not None
    assert len(record["actions"]) == len(result.rounds) > 1
    assert all(moves[-1][1] == "show" for moves in record["actions"])
    _, final, result = replay(record)
    assert final == playout.state and result == GAME.result(playout.state)


# -- D6 the first seat of the next round ---------------------------------------------------------


@pytest.mark.parametrize(("rotation", "starters"), [("right", [0, 3, 2, 1, 0]), ("left", [0, 1, 2, 3, 0])])
def test_D6_starter_rotation(rotation: str, starters: list[int]) -> None:
    _, playout = bot_match(7, limit=400, starter_rotation=rotation)
    outcomes = public(playout.state).outcomes
    assert len(outcomes) >= 5
    assert [o.starter for o in outcomes[:5]] == starters


def test_D6_the_next_round_starts_with_the_seat_before_the_last_first_seat() -> None:
    state, events = run(GAME, shed("CA HK SJ"), "0: show")
    view = public(state)
    assert (view.round_no, view.starter, view.turn) == (1, 2, 2)  # seat 2 sits before seat 0
    assert GAME.actors(state) == (2,)
    started = of_type(events, "RoundStarted")[0]
    assert (started.round_no, started.starter) == (1, 2)
    assert [e.seat for e in of_type(events, "Dealt")] == [2, 0, 1]  # dealt from the first seat
    assert view.available_owner is None and len(view.available) == 1


def test_D6_left_rotation() -> None:
    state = play(GAME, shed("CA HK SJ", starter_rotation="left"), "0: show")
    assert (public(state).starter, public(state).turn) == (1, 1)


# -- D7 stock rebuild ----------------------------------------------------------------------------


EIGHT = {0: "SA S2 S3 S4 S5", 1: "S6 S7 S8 S9 S10", 2: "SJ SQ SK HA H2", 3: "H3 H4 H5 H6 H7",
         4: "H8 H9 H10 HJ HQ", 5: "HK DA D2 D3 D4", 6: "D5 D6 D7 D8 D9", 7: "D10 DJ DQ DK CA"}


def drain(seed: int = 0) -> tuple[DhumbalState, list[Any]]:
    """Eight seats each discard their highest card and draw, until the 11-card stock is gone."""
    state = new(EIGHT, up="C2", seed=seed)
    assert public(state).stock_size == 11
    events: list[Any] = []
    for _ in range(11):
        seat = public(state).turn
        top = max(state.hands[seat], key=lambda c: (points(c), c.index))
        state, caused = run(GAME, state, f"{seat}: discard {top}, take stock")
        events.extend(caused)
    return state, events


def test_D7_empty_stock_the_buried_discards_become_the_new_stock() -> None:
    state, events = drain()
    rebuilt = of_type(events, "StockRebuilt")
    assert len(rebuilt) == 1 and rebuilt[0].count == 11
    view = public(state)
    assert view.stock_size == 11 and view.buried == ()
    # The new stock is the turned-up card and the first ten discards; the eleventh is still on offer.
    discards = [e.card for e in of_type(events, "Discarded")]
    assert Counter(state.stock) == Counter([Card.parse("C2"), *discards[:10]])
    assert list(view.available) == discards[10:]


def test_D7_the_rebuild_is_shuffled_from_the_seed() -> None:
    one, _ = drain(seed=1)
    two, _ = drain(seed=2)
    assert Counter(one.stock) == Counter(two.stock) and one.stock != two.stock
    buried = [Card.parse("C2"), *[e.card for e in of_type(drain(seed=1)[1], "Discarded")][:10]]
    expected = list(buried)
    derive(1, "dhumbal", "rebuild", 0, 0).shuffle(expected)
    assert list(one.stock) == expected
    again, _ = drain(seed=1)
    assert again == one


def test_D7_the_stock_is_never_empty_at_a_turn() -> None:
    state, playout = bot_match(3, players=8, limit=60)
    replayed, rebuilds = state, 0
    for _, seat, action in playout.actions:
        assert GAME.result(replayed) is not None or public(replayed).stock_size > 0
        replayed, events = GAME.apply(replayed, seat, action)
        rebuilds += len(of_type(events, "StockRebuilt"))
    assert rebuilds > 0


def test_D1_D3_is_discard_shapes() -> None:
    assert is_discard(parse_cards("CK"))
    assert is_discard(parse_cards("S10 H10 D10 C10"))
    assert not is_discard(parse_cards("S10 SJ"))
