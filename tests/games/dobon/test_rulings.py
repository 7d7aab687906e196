"""Ruling tests for Dobon, JDA rules: one section per ruling of ``docs/rulings.md``.

Each test is named after the ruling it checks (``test_C4_...``, ``test_J8_...``) and reads as a
game transcript: a fixed deal built with :func:`transcript.deal_deck`, then moves ``"SEAT: ACTION"``.
Unless a test says otherwise, the options are ``first_dealer=0, official=false``: seats 0..n-1 sit
in order, seat 0 deals and plays first.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kakehiki
from kakehiki import Card, IllegalActionError, NotationError, parse_cards
from kakehiki.bots import RandomBot, make_bot
from kakehiki.cards import CARDS, STANDARD_DECK
from kakehiki.core import Action, Event
from kakehiki.driver import next_moves, play_out
from kakehiki.games.dobon.rules import match
from kakehiki.games.dobon.rules.actions import DRAW, PASS, Dobon, Play
from kakehiki.games.dobon.rules.game import DOBON
from kakehiki.options import OptionValue
from transcript import SIMPLE, cards, deal_deck, hand, move, of_type, pass_window, play, run, texts

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)

GAME = kakehiki.get_game("dobon")


# -- helpers -------------------------------------------------------------------------------------


def new(
    hands: dict[int, str],
    field: str,
    stock: str = "",
    dealer: int = 0,
    decks: int = 1,
    seed: int = 0,
    **options: object,
) -> Any:
    """A game dealt from a fixed deck: ``hands`` per seat, ``field`` turned up, ``stock`` drawn first."""
    deck = deal_deck(hands, field, stock, dealer=dealer, decks=decks)
    return GAME.new(players=len(hands), options={**SIMPLE, "first_dealer": dealer, **options}, seed=seed, deck=deck)


def refused(state: Any, text: str) -> IllegalActionError:
    """Apply ``"SEAT: ACTION"`` expecting a refusal; check the state is untouched; return the error."""
    seat, action = move(text)
    before = dataclasses.replace(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert state == before
    return info.value


def heard(into: list[Event], state: object, seat: int, action: Action, caused: tuple[Event, ...]) -> None:
    """A driver's listener keeping every event caused."""
    into.extend(caused)


def top(state: Any) -> str:
    return str(GAME.view(state, None).top)


def turn(state: Any) -> int:
    return int(GAME.view(state, None).turn)


def pending(state: Any) -> int:
    return int(GAME.view(state, None).pending)


def sizes(state: Any) -> tuple[int, ...]:
    return tuple(GAME.view(state, None).hand_sizes)


def outcome(state: Any) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    result = GAME.result(state)
    assert result is not None, "the game is not over"
    return result.winners, result.losers, result.reason


def legal(state: Any, seat: int) -> set[str]:
    """``seat``'s legal actions as text (a set: their order is no ruling)."""
    return set(texts(GAME.legal_actions(state, seat)))


def drain_stock(state: Any) -> Any:
    """Every offered seat declines and the turn seat draws, until the stock is empty."""
    while GAME.view(state, None).stock_size and GAME.result(state) is None:
        state = pass_window(GAME, state)
        state, _ = GAME.apply(state, turn(state), "draw")
    return pass_window(GAME, state)


def end_game_fast(state: Any) -> Any:
    """With ``max_steps=1``: one action (a pass if offered, else a draw) ends the game."""
    seat = GAME.actors(state)[0]
    action = "pass" if "pass" in legal(state, seat) else "draw"
    return GAME.apply(state, seat, action)[0]


# Deals used by several sections.  Nobody is offered anything when these are dealt.

# Four seats, field H3: no seat holds a 3 or sums to 3.
QUIET = {0: "S4 H9 C6 DK", 1: "HA H5 D5 C7", 2: "S8 S9 D8 C10", 3: "SQ HJ D10 CK"}

# Dobon chain: seat 0 plays SK (13); seat 1 holds 13 and lays S10 on top; seat 2 holds 10 and
# lays D4; seat 3 (four aces from the second deck) holds 4.
CHAIN_HANDS = {0: "SK C9 D9 H9", 1: "SA HA DA S10", 2: "CA S2 H3 D4", 3: "SA HA DA CA"}

# First field card HK: the dealer holds 13 (SA HA DA S10) and may call on it (J9).
FIRST_CARD_HANDS = {0: "SA HA DA S10", 1: "H5 D5 C7 S8", 2: "S9 D8 C9 S6", 3: "SQ HJ D10 C3"}


def chain_game(seed: int = 0, **options: OptionValue) -> Any:
    return new(CHAIN_HANDS, field="S5", stock="", dealer=0, decks=2, seed=seed, **options)


def first_card_game(seed: int = 0, **options: OptionValue) -> Any:
    return new(FIRST_CARD_HANDS, field="HK", stock="", dealer=0, decks=1, seed=seed, **options)


# -- C1 cards ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("S4", "S4"), ("s4", "S4"), (" s4 ", "S4"), ("H10", "H10"), ("h10", "H10"), ("dq", "DQ"),
        ("Ca", "CA"), ("c1", "CA"), ("S11", "SJ"), ("h12", "HQ"), ("d13", "DK"), ("sj", "SJ"),
        ("jk", "JK"), ("JK", "JK"),
    ],
)
def test_C1_card_notation(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_C1_card_notation_round_trips_every_card() -> None:
    texts_seen = [str(c) for c in CARDS]
    assert len(CARDS) == 53 and len(set(texts_seen)) == 53
    expected = [s + r for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    assert texts_seen == [*expected, "JK"]
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(str(card).lower()) is card
    assert [str(c) for c in parse_cards("s4, h10 DQ,ca c13")] == ["S4", "H10", "DQ", "CA", "CK"]


@pytest.mark.parametrize("text", ["", " ", "4S", "X4", "S0", "S1O", "S14", "S", "SS", "H 4", "10H", "J", "S-1", "S01"])
def test_C1_card_notation_malformed_raises(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_C1_card_suits_and_ranks() -> None:
    assert [(c.suit, c.rank) for c in parse_cards("SA H10 DJ CK")] == [("S", 1), ("H", 10), ("D", 11), ("C", 13)]


# -- C2 seats ------------------------------------------------------------------------------------


def test_C2_next_seat_is_clockwise() -> None:
    hands = {0: "S4 H9 C6 DK", 1: "HA H5 D5 C7", 2: "SQ HJ D10 CK"}
    state = new(hands, field="H3", stock="CQ CJ C8 S10", dealer=2)
    assert turn(state) == 2
    seen = []
    for _ in range(4):
        seen.append(turn(state))
        state = play(GAME, state, f"{turn(state)}: draw")
    assert seen == [2, 0, 1, 2]
    assert hand(GAME, state, 2) == cards("SQ HJ D10 CK CQ S10")


def test_C2_deal_goes_clockwise_one_card_at_a_time_from_the_dealer() -> None:
    # The deck written out by hand, top card first: the dealer (seat 1) gets the first card.
    prefix = parse_cards("S4 HA S8 SQ  H9 H5 S9 HJ  C6 D5 D8 D10  DK C7 C10 CK  H3  CQ")
    rest = [c for c in STANDARD_DECK if c not in prefix]
    state = GAME.new(players=4, options={**SIMPLE, "first_dealer": 1}, deck=[*prefix, *rest])
    assert hand(GAME, state, 1) == cards("S4 H9 C6 DK")
    assert hand(GAME, state, 2) == cards("HA H5 D5 C7")
    assert hand(GAME, state, 3) == cards("S8 S9 D8 C10")
    assert hand(GAME, state, 0) == cards("SQ HJ D10 CK")
    assert top(state) == "H3" and turn(state) == 1
    state = play(GAME, state, "1: draw")
    assert hand(GAME, state, 1) == cards("S4 H9 C6 DK CQ")  # the stock is drawn from the front


def test_C2_no_such_seat() -> None:
    state = new(QUIET, field="H3")
    for seat in (4, -1):
        with pytest.raises(IllegalActionError) as info:
            GAME.apply(state, seat, "draw")
        assert info.value.rule == "C2"


# -- C3 determinism ------------------------------------------------------------------------------


def _bot_match(seed: int, players: int, **options: object) -> Any:
    state = GAME.new(players=players, options=options, seed=seed)
    return play_out(GAME, state, [RandomBot() for _ in range(players)], seed=seed)


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"official": False, "games": 4}), (5, {"games": 3})])
def test_C3_same_seed_same_game(players: int, options: dict[str, object]) -> None:
    first, second = _bot_match(11, players, **options), _bot_match(11, players, **options)
    assert [(r, s, str(a)) for r, s, a in first.actions] == [(r, s, str(a)) for r, s, a in second.actions]
    assert first.state == second.state
    assert GAME.result(first.state) == GAME.result(second.state)


def test_C3_same_deck_and_actions_same_events() -> None:
    moves = ("0: play H9", "2: play S9", "3: draw", "0: draw", "1: draw")
    one, events_one = run(GAME, new(QUIET, field="H3"), *moves)
    two, events_two = run(GAME, new(QUIET, field="H3"), *moves)
    assert one == two and events_one == events_two


def test_C3_the_seed_decides_the_deal() -> None:
    deals = {tuple(map(str, GAME.all_cards(GAME.new(players=4, seed=seed)))) for seed in range(6)}
    assert len(deals) == 6
    assert GAME.new(players=4, seed=3) == GAME.new(players=4, seed=3)


# -- C4 calls out of turn ------------------------------------------------------------------------

# Seat 2 deals and plays S9 on S5; then seat 3 (turn) and seat 1 hold 9, seat 2 still holds H9.
PRIORITY = {0: "S10 H10 D10 C10", 1: "CA H2 D3 C3", 2: "S9 H9 CK DK", 3: "SA HA DA S6"}


def priority_game() -> Any:
    return play(GAME, new(PRIORITY, field="S5", dealer=2), "2: play S9")


def test_C4_priority_order() -> None:
    state = priority_game()
    assert turn(state) == 3
    assert GAME.actors(state) == (3, 1, 2)  # the turn seat first, then onward in play order
    # The turn seat has its whole turn, its Dobon among it; it is never asked to pass.
    assert legal(state, 3) == {"play SA", "play S6", "draw", "dobon top=SA", "dobon top=S6", "dobon top=HA",
                               "dobon top=DA"}
    assert legal(state, 1) == {"dobon top=CA", "dobon top=H2", "dobon top=D3", "dobon top=C3", "pass"}
    assert legal(state, 2) == {"play H9", "pass"}


def test_C4_claims_together_resolve_by_priority() -> None:
    state = priority_game()
    claims = {3: "dobon top=S6", 1: "dobon top=C3", 2: "play H9"}
    moves = next_moves(GAME, state, lambda seat: GAME.parse_action(claims[seat]))
    assert [(seat, str(a)) for seat, a in moves] == [(3, "dobon top=S6")]
    claims[3] = "draw"  # an ordinary move: it waits for the others' claims (yields_to_calls)
    moves = next_moves(GAME, state, lambda seat: GAME.parse_action(claims[seat]))
    assert [(seat, str(a)) for seat, a in moves] == [(1, "dobon top=C3")]
    claims.update({1: "pass", 2: "pass"})  # nobody claims: the draw is applied, no pass is needed
    moves = next_moves(GAME, state, lambda seat: GAME.parse_action(claims[seat]))
    assert [(seat, str(a)) for seat, a in moves] == [(3, "draw")]
    state = play(GAME, state, "3: dobon top=S6", "others: pass")
    assert outcome(state) == ((3,), (2,), "dobon")


def test_C4_seat_without_choice_not_asked() -> None:
    state = priority_game()
    assert 0 not in GAME.actors(state)
    assert legal(state, 0) == set()
    assert refused(state, "0: pass").rule == "C4"
    assert refused(state, "0: play S10").rule == "C4"
    # At a quiet deal only the dealer is asked, and no other seat has any action.
    quiet = new(QUIET, field="H3")
    assert GAME.actors(quiet) == (0,)
    assert [legal(quiet, seat) for seat in (1, 2, 3)] == [set(), set(), set()]


def test_C4_turn_seat_alone_is_not_put_in_a_window() -> None:
    # Seat 1 holds 13 when seat 0 plays SK, and nobody else can call: it simply has its turn.
    state = play(GAME, new({0: "SK C9 D9 H9", 1: "SA HA DA S10"}, field="S5"), "0: play SK")
    assert GAME.actors(state) == (1,)
    assert legal(state, 1) == {"play SA", "play S10", "draw", "dobon top=SA", "dobon top=S10", "dobon top=HA",
                               "dobon top=DA"}


def test_C4_offered_after_every_change() -> None:
    # Seat 1 (SA HA DA C2 = 5) draws CA and now holds 6 = the field card H6: offered at once.
    hands = {0: "S4 H9 C10 DK", 1: "SA HA DA C2", 2: "SQ HJ D10 CK"}
    state = new(hands, field="H6", stock="S7 CA")
    state = play(GAME, state, "0: draw")
    assert GAME.actors(state) == (1,) and not any(a.startswith("dobon") for a in legal(state, 1))
    state = play(GAME, state, "1: draw")
    assert turn(state) == 2
    assert GAME.actors(state) == (2, 1)
    assert "dobon top=CA" in legal(state, 1) and legal(state, 2) == {"play HJ", "draw"}


def test_C4_declined_seat_waits_for_the_next_change() -> None:
    hands = {0: "S4 H9 C10 DK", 1: "HA H5 D5 C7", 2: "SA CA DA H3", 3: "SQ HJ D10 CK"}
    state = new(hands, field="H6", stock="S7")
    assert GAME.actors(state) == (0, 2)
    state = play(GAME, state, "2: pass")
    assert GAME.actors(state) == (0,)
    assert legal(state, 2) == set()
    assert refused(state, "2: dobon top=H3").rule == "C4"
    state = play(GAME, state, "0: draw")  # a change: the offer comes back
    assert GAME.actors(state) == (1, 2)


def test_C4_turn_seat_same_number_play_comes_before_an_interrupt() -> None:
    """Seat 1 (turn) holds D9 and seat 2 holds S9 when seat 0 plays H9.  Both may play a 9 now (J5:
    "any seat ... at any time"); claimed together, the turn seat's comes first (C4, and the JDA text:
    cards played at the same moment count in turn order).  So seat 1 must be able to claim it now,
    ahead of seat 2's interrupt, instead of waiting while seat 2 takes its turn away."""
    hands = {**QUIET, 1: "HA H5 D9 C7"}
    state = play(GAME, new(hands, field="H3"), "0: play H9")
    assert GAME.actors(state) == (1, 2)
    assert "play D9" in legal(state, 1) and "play S9" in legal(state, 2)
    state = play(GAME, state, "1: play D9")
    assert (top(state), turn(state)) == ("D9", 2)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), official=st.booleans())
def test_C4_offered_exactly_the_legal_actions(seed: int, players: int, official: bool) -> None:
    """Every action ``check`` accepts is listed by ``legal_actions`` and vice versa, for every seat."""
    rng = random.Random(seed)
    state = GAME.new(players=players, options={"official": official, "games": 2}, seed=seed)
    for _ in range(300):
        if GAME.result(state) is not None:
            break
        for seat in range(players):
            candidates = {DRAW, PASS} | {Play(c) for c in state.hands[seat]} | {Dobon(c) for c in state.hands[seat]}
            accepted = {a for a in candidates if GAME.can(state, seat, a)}
            assert accepted == set(GAME.legal_actions(state, seat)), (seat, texts(accepted))
            assert (seat in GAME.actors(state)) == bool(accepted)
        seat = rng.choice(GAME.actors(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


# -- C5 time -------------------------------------------------------------------------------------


def test_C5_window_closes_when_all_decline() -> None:
    state = priority_game()
    hands_before = [hand(GAME, state, s) for s in range(4)]
    turn_actions = legal(state, 3)
    state, events = run(GAME, state, "1: pass", "2: pass")
    assert [e.seat for e in of_type(events, "Declined")] == [1, 2]
    assert GAME.actors(state) == (3,) and turn(state) == 3
    assert [hand(GAME, state, s) for s in range(4)] == hands_before
    assert legal(state, 3) == turn_actions  # the turn seat's choices never changed
    assert not any(a.startswith("dobon") for a in legal(state, 1))


def test_C4_turn_seat_move_is_not_held_up_by_a_window() -> None:
    """The turn seat may move while others are still offered a claim: its move is never refused
    for them (that would tell it someone can claim).  The host lets others' calls come first
    (``yields_to_calls``); once the move is applied, the offers are worked out anew."""
    state = priority_game()
    assert GAME.actors(state) == (3, 1, 2)
    assert refused(state, "3: pass").rule == "C4"  # the turn seat has nothing to decline
    state = play(GAME, state, "3: draw")
    assert turn(state) == 0
    assert GAME.actors(state) == (0, 1, 2)  # seat 1 still totals 9 and seat 2 still holds H9


def test_C5_gaeshi_window_closes_when_all_decline() -> None:
    state = play(GAME, chain_game(), "0: play SK", "1: dobon top=S10")
    assert GAME.actors(state) == (2, 3, 0)  # every seat holding cards is asked, by priority (J8)
    state = play(GAME, state, "2: pass", "3: pass")
    assert GAME.result(state) is None and GAME.view(state, None).phase == "gaeshi"
    state = play(GAME, state, "0: pass")
    assert outcome(state) == ((1,), (0,), "dobon")


# -- C6 illegal actions --------------------------------------------------------------------------


def test_C6_illegal_action_leaves_state_unchanged() -> None:
    state = new(QUIET, field="H3", stock="CQ")
    assert refused(state, "0: play SA").rule == "C6"  # not in the hand
    assert refused(state, "0: play S4").rule == "JDA-5"  # neither the suit nor the number of H3
    assert refused(state, "1: draw").rule == "C2"  # not seat 1's turn
    assert refused(state, "1: pass").rule == "C4"  # nothing offered
    assert refused(state, "0: dobon top=S4").rule == "J1"  # 32 is not 3
    # The wrong card simply stays in the hand; the game goes on as if nothing happened.
    assert hand(GAME, state, 0) == cards("S4 H9 C6 DK")
    assert state == new(QUIET, field="H3", stock="CQ")
    state = play(GAME, state, "0: play H9")
    assert top(state) == "H9" and turn(state) == 1


@pytest.mark.parametrize("text", ["play", "dobon", "jump", "play S44", "dobon H3", ""])
def test_C6_malformed_action_text_raises_notation_error(text: str) -> None:
    state = new(QUIET, field="H3")
    before = dataclasses.replace(state)
    with pytest.raises(NotationError):
        GAME.apply(state, 0, text)
    assert state == before


# -- C7 step limit -------------------------------------------------------------------------------


def test_C7_max_steps_draw() -> None:
    state = new(QUIET, field="H3", stock="CQ CJ C8", max_steps=3)
    state = play(GAME, state, "0: draw", "1: draw")
    assert GAME.result(state) is None
    state, events = run(GAME, state, "2: draw")
    result = GAME.result(state)
    assert result is not None
    assert (result.winners, result.losers, result.reason, result.draw) == ((), (), "max_steps", True)
    assert GAME.actors(state) == () and legal(state, 3) == set()
    assert GAME.view(state, None).deal_counts == (4, 4, 4, 4)
    assert of_type(events, "GameEnded")[0].reason == "max_steps"
    assert refused(state, "3: draw").rule == "J13"


def test_C7_max_steps_counts_per_game_in_a_match() -> None:
    state = GAME.new(players=3, options={**SIMPLE, "games": 2, "max_steps": 2}, seed=5)
    for _ in range(2):
        assert GAME.view(state, None).round_no == 0
        state = end_game_fast(state)
    assert GAME.view(state, None).round_no == 1 and GAME.result(state) is None
    assert GAME.view(state, None).dealer == 0  # nobody lost: the dealer stays
    for _ in range(2):
        state = end_game_fast(state)
    result = GAME.result(state)
    assert result is not None
    assert [r.reason for r in result.rounds] == ["max_steps", "max_steps"]
    assert result.draw and result.ranks == (1, 1, 1)


# -- J1 values and the Dobon condition -----------------------------------------------------------


def test_J1_card_values() -> None:
    assert [c.rank for c in parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK")] == list(range(1, 14))


def test_J1_dobon_when_hand_sum_equals_top() -> None:
    # Seat 1 plays down to SJ HA (11 + 1 = 12); seat 0 plays HQ (12): Dobon.
    hands = {0: "HQ D6 S7 C8", 1: "SJ HA H9 H7"}
    state = new(hands, field="H5", stock="CK DK")
    state = play(GAME, state, "0: draw", "1: play H9", "0: draw", "1: play H7")
    assert hand(GAME, state, 1) == cards("SJ HA")
    assert not any(a.startswith("dobon") for a in legal(state, 0))
    state = play(GAME, state, "0: play HQ")
    assert "dobon top=SJ" in legal(state, 1)
    state, events = run(GAME, state, "1: dobon top=SJ", "others: pass")
    assert outcome(state) == ((1,), (0,), "dobon")
    called = of_type(events, "DobonCalled")[0]
    assert (called.seat, str(called.hit), called.hit_owner) == (1, "HQ", 0)


def test_J1_dobon_refused_when_sum_differs() -> None:
    state = play(GAME, chain_game(), "0: play SK")  # seat 2 holds 10, seat 3 holds 4: not 13
    assert refused(state, "2: dobon top=D4").rule == "J1"
    assert refused(state, "3: dobon top=CA").rule == "J1"


# -- J2 decks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks", "stock"), [(4, 1, 35), (7, 1, 23), (8, 2, 71), (16, 2, 39)])
def test_J2_auto_decks(players: int, decks: int, stock: int) -> None:
    state = GAME.new(players=players, options={"official": False}, seed=1)
    view = GAME.view(state, None)
    assert (view.decks, view.stock_size) == (decks, stock)
    assert len(GAME.all_cards(state)) == 52 * decks


def test_J2_auto_decks_follow_the_deal_counts() -> None:
    assert match.auto_decks((4, 4, 4, 4)) == 1
    assert match.auto_decks((12, 10, 8)) == 1  # 30 dealt + 1 field + 21 stock = 52
    assert match.auto_decks((12, 12, 8)) == 2  # 20 left would need 53 cards
    # In a match: the next game deals 12, 12, 8 and needs a second deck.
    state = GAME.new(players=3, options={**SIMPLE, "games": 2, "max_steps": 1}, seed=2)
    state = dataclasses.replace(state, deal_counts=(12, 12, 8))
    state = end_game_fast(state)
    view = GAME.view(state, None)
    assert (view.round_no, view.decks, view.hand_sizes) == (1, 2, (12, 12, 8))
    assert view.stock_size == 104 - 33


def test_J2_decks_option() -> None:
    state = GAME.new(players=4, options={"official": False, "decks": 3}, seed=1)
    assert GAME.view(state, None).decks == 3 and len(GAME.all_cards(state)) == 156


# -- J3 deal counts and laps ---------------------------------------------------------------------


def check_match_events(events: Sequence[Any], players: int, official: bool) -> dict[str, int]:
    """Walk a match's events and check J3 (deal counts) and J12 (next dealer, reseating) at every game end."""
    counts, laps = (4,) * players, (0,) * players
    dealer = None
    seen = {"games": 0, "laps": 0, "several_losers": 0, "reseats": 0}
    for i, event in enumerate(events):
        name = type(event).__name__
        if name == "GameStarted":
            assert event.deal_counts == counts
            if dealer is not None:
                assert event.dealer == dealer
            dealt = [e for e in events[i + 1:i + 1 + players] if type(e).__name__ == "Dealt"]
            assert {e.seat: e.count for e in dealt} == dict(enumerate(counts))
        elif name == "GameEnded":
            seen["games"] += 1
            changed = events[i + 1]
            assert type(changed).__name__ == "DealCountsChanged"
            want_counts, want_laps = list(counts), list(laps)
            for s in event.winners:
                want_counts[s] = max(4, counts[s] - 2)
            for s in event.losers:
                if counts[s] == 12:
                    want_counts[s], want_laps[s] = 4, laps[s] + 1
                else:
                    want_counts[s] = counts[s] + 2
            assert (changed.deal_counts, changed.laps) == (tuple(want_counts), tuple(want_laps)), event
            lapped = tuple(want_laps) != laps
            seen["laps"] += lapped
            counts, laps = tuple(want_counts), tuple(want_laps)
            assert all(4 <= c <= 12 and c % 2 == 0 for c in counts)
            # J12: the next dealer.
            losers = list(event.losers)
            if len(losers) > 1:
                seen["several_losers"] += 1
                if official:
                    worst = max((laps[s], counts[s]) for s in losers)
                    losers = [s for s in losers if (laps[s], counts[s]) == worst]
            following = [e for e in events[i + 2:] if type(e).__name__ in ("GameStarted", "DealerChosen")]
            chosen = following[0].dealer if following else None
            if chosen is not None:
                assert chosen in (losers or [dealer_before(events, i)]), (event, chosen)
                dealer = chosen
            if lapped and official and following:
                drawn = next(e for e in events[i + 2:] if type(e).__name__ in ("SeatsDrawn", "GameStarted"))
                assert type(drawn).__name__ == "SeatsDrawn"
                seen["reseats"] += 1
                assert drawn.order[0] == chosen
                strengths = [match.strength(drawn.draws[s]) for s in drawn.order[1:]]
                assert strengths == sorted(strengths, reverse=True)
    return seen


def dealer_before(events: Sequence[Any], index: int) -> int:
    return int([e for e in events[:index] if type(e).__name__ == "GameStarted"][-1].dealer)


@pytest.mark.parametrize(
    ("players", "official", "bot", "wanted"),
    [
        (2, True, "rule", ("laps", "reseats")),
        (3, True, "rule", ("laps", "reseats")),
        (3, False, "rule", ("laps",)),
        (4, True, "random", ("laps", "reseats", "several_losers")),
        (4, False, "random", ("laps", "several_losers")),
    ],
)
def test_J3_deal_counts_and_laps(players: int, official: bool, bot: str, wanted: tuple[str, ...]) -> None:
    """Bot-played 30-game matches: after every game the deal counts and laps follow J3 (and the next
    dealer and seating J12).  Matches are played until every case in ``wanted`` has been seen."""
    totals = {"games": 0, "laps": 0, "several_losers": 0, "reseats": 0}
    for seed in range(40):
        events: list[Event] = []
        state = GAME.new(players=players, options={"official": official, "games": 30}, seed=seed)
        done = play_out(GAME, state, [make_bot("dobon", bot) for _ in range(players)], seed=seed,
                        listener=partial(heard, events))
        seen = check_match_events(events, players, official)
        assert seen["games"] == 30
        view = GAME.view(done.state, None)
        last = of_type(events, "DealCountsChanged")[-1]
        assert (view.deal_counts, view.laps) == (last.deal_counts, last.laps)
        assert sum(view.laps) == seen["laps"]  # laps never go down
        totals = {k: totals[k] + seen[k] for k in totals}
        if all(totals[k] for k in wanted):
            break
    assert all(totals[k] for k in wanted), totals  # e.g. some loser at 12 went back to 4


def test_J3_winner_minus_two_floor_four_loser_plus_two() -> None:
    hands = {0: "HQ D6 S7 C8", 1: "SJ HA H9 H7"}
    moves = ("0: draw", "1: play H9", "0: draw", "1: play H7", "0: play HQ", "1: dobon top=SJ",
             "others: pass")
    state = play(GAME, new(hands, field="H5", stock="CK DK", games=2), *moves)  # seat 1 beat seat 0
    view = GAME.view(state, None)
    assert (view.round_no, view.deal_counts, view.laps) == (1, (6, 4), (0, 0))
    assert view.hand_sizes == (6, 4)  # the next game is dealt by the new counts
    state = dataclasses.replace(new(hands, field="H5", stock="CK DK", games=2), deal_counts=(8, 10))
    state = play(GAME, state, *moves)
    assert GAME.view(state, None).deal_counts == (10, 8)


def test_J3_loser_at_12_goes_back_to_4_with_a_lap() -> None:
    hands = {0: "HQ D6 S7 C8", 1: "SJ HA H9 H7"}
    start = dataclasses.replace(new(hands, field="H5", stock="CK DK"), deal_counts=(12, 4), laps=(1, 2))
    state, events = run(GAME, start, "0: draw", "1: play H9", "0: draw", "1: play H7", "0: play HQ", "1: dobon top=SJ",
                        "others: pass")
    assert outcome(state) == ((1,), (0,), "dobon")
    view = GAME.view(state, None)
    assert view.deal_counts == (4, 4)  # the loser at 12 is back to 4, the winner stays at the floor
    assert view.laps == (2, 2)  # one more lap for the loser; the winner's laps never go down
    (changed,) = of_type(events, "DealCountsChanged")
    assert (changed.deal_counts, changed.laps) == ((4, 4), (2, 2))


# -- J4 official ---------------------------------------------------------------------------------


def test_J4_official_false_fixed_seats() -> None:
    dealers = set()
    for seed in range(20):
        view = GAME.view(GAME.new(players=4, options={"official": False}, seed=seed), None)
        assert view.order == (0, 1, 2, 3)
        assert view.turn == view.dealer
        dealers.add(view.dealer)
    assert len(dealers) > 1  # the first dealer is random


def test_J4_official_false_no_reseating_after_a_lap() -> None:
    start = dataclasses.replace(first_card_game(games=2), deal_counts=(4, 12, 4, 4))
    state, events = run(GAME, start, "0: dobon top=S10", "others: pass")
    view = GAME.view(state, None)
    assert view.laps == (0, 1, 0, 0) and view.round_no == 1
    assert view.order == (0, 1, 2, 3) and of_type(events, "SeatsDrawn") == []


def test_J4_official_false_losers_ties_random() -> None:
    # Seat 1 is the most behind of the three losers; without official rules any loser may deal.
    dealers = set()
    for seed in range(16):
        start = dataclasses.replace(first_card_game(games=2, seed=seed), deal_counts=(4, 10, 4, 4))
        state = play(GAME, start, "0: dobon top=S10", "others: pass")
        dealers.add(GAME.view(state, None).dealer)
    assert dealers <= {1, 2, 3} and len(dealers) > 1


def test_J4_official_true_draws_dealer_and_seats() -> None:
    orders = set()
    for seed in range(12):
        view = GAME.view(GAME.new(players=4, options={"official": True}, seed=seed), None)
        assert sorted(view.order) == [0, 1, 2, 3]
        assert view.dealer == view.order[0] == view.turn
        orders.add(view.order)
    assert len(orders) > 1


# -- J5 same-number interrupt --------------------------------------------------------------------


def test_J5_same_number_interrupt() -> None:
    state = play(GAME, new(QUIET, field="H3"), "0: play H9")  # seat 2 holds S9
    assert turn(state) == 1 and GAME.actors(state) == (1, 2)
    assert legal(state, 2) == {"play S9", "pass"}
    state, events = run(GAME, state, "2: play S9")
    played = of_type(events, "Played")[0]
    assert (played.seat, str(played.card), played.interrupt) == (2, "S9", True)
    assert top(state) == "S9"
    assert hand(GAME, state, 2) == cards("S8 D8 C10")
    assert turn(state) == 3  # play continues after the interrupter; seat 1 is skipped
    assert GAME.actors(state) == (3,)
    assert refused(play(GAME, new(QUIET, field="H3"), "0: play H9"), "1: pass").rule == "C4"  # the turn seat


def test_J5_interrupt_turn_unchanged() -> None:
    state = play(GAME, new(QUIET, field="H3", interrupt_turn="unchanged"), "0: play H9", "2: play S9")
    assert top(state) == "S9" and turn(state) == 1


def test_J5_interrupt_must_be_the_same_number() -> None:
    state = play(GAME, new(QUIET, field="H3"), "0: play H9")
    assert refused(state, "2: play S8").rule == "J5"
    assert refused(state, "3: play HJ").rule == "C4"  # seat 3 holds no 9: nothing offered


# -- J6 twos -------------------------------------------------------------------------------------

TWOS = {0: "H2 S4 C6 DK", 1: "S2 H5 D5 C7", 2: "D2 S9 D8 C10", 3: "SQ HJ D10 CK"}
EIGHT = "C3 C4 C5 C8 C9 S3 S5 S7"


def test_J6_twos_double() -> None:
    state, events = run(GAME, new(TWOS, field="H3", stock=EIGHT), "0: play H2")
    assert (turn(state), pending(state)) == (1, 2)
    assert GAME.actors(state) == (1, 2)  # seat 1 (its turn, holds S2) first; seat 2 could interrupt with D2
    state, more = run(GAME, state, "1: play S2", "2: play D2")
    events += more
    assert [(e.seat, e.amount) for e in of_type(events, "TwosPending")] == [(1, 2), (2, 4), (3, 8)]
    assert (turn(state), pending(state)) == (3, 8)
    assert legal(state, 3) == {"draw"}
    assert refused(state, "3: play D10").rule == "J6"  # D10 follows suit, but twos are pending
    state, events = run(GAME, state, "3: draw")
    drew = of_type(events, "Drew")[0]
    assert (drew.seat, drew.count, drew.reason) == (3, 8, "twos")
    assert hand(GAME, state, 3) == cards("SQ HJ D10 CK " + EIGHT)
    assert (turn(state), pending(state)) == (3, 0)  # then a normal turn
    assert legal(state, 3) == {"play D10", "draw"}
    state = play(GAME, state, "3: play D10")
    assert (top(state), turn(state), pending(state)) == ("D10", 0, 0)


def test_J6_pending_seat_may_only_play_a_two_or_draw() -> None:
    state = play(GAME, new(TWOS, field="H3", stock=EIGHT), "0: play H2")
    assert GAME.actors(state) == (1, 2)  # seat 2 may interrupt with D2
    assert legal(state, 1) == {"play S2", "draw"}
    assert refused(state, "1: play H5").rule == "J6"
    state = play(GAME, state, "2: pass")
    assert legal(state, 1) == {"play S2", "draw"}


def test_J6_drawing_while_holding_a_two() -> None:
    state = play(GAME, new(TWOS, field="H3", stock=EIGHT), "0: play H2", "2: pass", "1: draw")
    assert hand(GAME, state, 1) == cards("S2 H5 D5 C7 C3 C4")
    assert (turn(state), pending(state)) == (1, 0)
    assert GAME.actors(state) == (1, 2)  # seat 1 has its normal turn; seat 2 (D2) may interrupt
    assert legal(state, 1) == {"play S2", "play H5", "draw"}
    state = play(GAME, state, "1: play H5")
    assert (top(state), turn(state), pending(state)) == ("H5", 2, 0)


def test_J6_interrupting_two_passes_on_even_with_interrupt_turn_unchanged() -> None:
    # J6 is the specific rule for twos: the debt goes to the seat after the interrupter,
    # whatever interrupt_turn says of other interrupts (J5).
    hands = {0: "H2 S4 C6 DK", 1: "S8 H5 D5 C7", 2: "D2 S9 D8 C10", 3: "SQ HJ D10 CK"}
    state = play(GAME, new(hands, field="H3", stock=EIGHT, interrupt_turn="unchanged"), "0: play H2")
    assert GAME.actors(state) == (1, 2)
    state = play(GAME, state, "2: play D2")
    assert (top(state), turn(state), pending(state)) == ("D2", 3, 4)


def test_J6_first_card_two_makes_dealer_owe() -> None:
    hands = {0: "S2 S4 C6 DK", 1: "HA H5 D5 C7", 2: "S8 S9 D8 C10", 3: "SQ HJ D10 CK"}
    state = new(hands, field="H2", stock=EIGHT)
    assert (turn(state), pending(state)) == (0, 2)
    assert legal(state, 0) == {"play S2", "draw"}
    paid, events = run(GAME, state, "0: draw")
    assert of_type(events, "Drew")[0].count == 2
    assert hand(GAME, paid, 0) == cards("S2 S4 C6 DK C3 C4")
    assert (turn(paid), pending(paid)) == (0, 0)
    doubled = play(GAME, state, "0: play S2")
    assert (turn(doubled), pending(doubled)) == (1, 4)


def test_J6_interrupting_two_doubles_and_passes_on() -> None:
    state = play(GAME, new(TWOS, field="H3", stock=EIGHT), "0: play H2")
    state, events = run(GAME, state, "2: play D2")
    assert of_type(events, "Played")[0].interrupt
    assert [(e.seat, e.amount) for e in of_type(events, "TwosPending")] == [(3, 4)]
    assert (turn(state), pending(state)) == (3, 4)  # seat 1 owes nothing now
    assert GAME.actors(state) == (3, 1)  # seat 1 may still answer with S2
    state = play(GAME, state, "1: pass", "3: draw")
    assert sizes(state) == (3, 4, 3, 8)


# -- J7 no empty hand ----------------------------------------------------------------------------


def test_J7_no_empty_hand() -> None:
    hands = {0: "H4 H5 H6 H8", 1: "SK DK CK SQ"}
    state = new(hands, field="H3", stock="S10 D10 C10")
    state = play(GAME, state, "0: play H4", "1: draw", "0: play H5", "1: draw", "0: play H6", "1: draw")
    assert hand(GAME, state, 0) == ["H8"] and top(state) == "H6" and turn(state) == 0
    assert legal(state, 0) == {"draw"}  # H8 follows suit, but would empty the hand
    assert refused(state, "0: play H8").rule == "J7"
    state = play(GAME, state, "0: draw")
    assert sizes(state)[0] == 2


def test_J7_one_card_seat_is_offered_dobon_not_interrupt() -> None:
    hands = {0: "H4 H5 H6 C7", 1: "SK DK CK H7", 2: "S9 D9 C9 SJ"}
    state = new(hands, field="H3", stock="S10 D10 C10 SQ")
    state = play(GAME, state, "0: play H4", "1: draw", "2: draw", "0: play H5", "1: draw", "2: draw", "0: play H6")
    assert hand(GAME, state, 0) == ["C7"]
    state = play(GAME, state, "1: play H7")
    assert GAME.actors(state) == (2, 0)
    assert legal(state, 0) == {"dobon top=C7", "pass"}  # C7 is the same number, but no interrupt
    assert refused(state, "0: play C7").rule == "J7"


# -- J8 Dobon and gaeshi -------------------------------------------------------------------------


def test_J8_dobon_lays_the_whole_hand_with_the_chosen_top() -> None:
    state = play(GAME, chain_game(), "0: play SK")
    field_before = GAME.view(state, None).field_size
    state, events = run(GAME, state, "1: dobon top=S10")
    view = GAME.view(state, None)
    assert str(view.top) == "S10" and view.top_owner == 1
    assert view.field_size == field_before + 4
    assert view.hand_sizes[1] == 0 and view.phase == "gaeshi" and view.chain == (1,)
    called = of_type(events, "DobonCalled")[0]
    assert (called.seat, sorted(map(str, called.hand)), str(called.top), str(called.hit), called.hit_owner) == (
        1, sorted(["SA", "HA", "DA", "S10"]), "S10", "SK", 0)
    assert GAME.actors(state) == (2, 3, 0)  # all asked (J8); only seat 2 holds 10, the others may only pass
    assert legal(state, 3) == legal(state, 0) == {"pass"}
    assert GAME.result(state) is None


def test_J8_chosen_top_must_be_in_the_hand() -> None:
    state = play(GAME, chain_game(), "0: play SK")
    assert refused(state, "1: dobon top=CA").rule == "J8"


def test_J8_gaeshi_chain_last_caller_wins() -> None:
    state = play(GAME, chain_game(), "0: play SK", "1: dobon top=S10", "2: dobon top=D4")
    assert GAME.actors(state) == (3, 0) and GAME.view(state, None).chain == (1, 2)
    state, events = run(GAME, state, "3: dobon top=CA", "others: pass")
    assert outcome(state) == ((3,), (2,), "gaeshi")
    assert [(e.seat, str(e.hit), e.hit_owner) for e in of_type(events, "DobonCalled")] == [(3, "D4", 2)]
    assert GAME.view(state, None).deal_counts == (4, 4, 6, 4)


def test_J8_gaeshi_window_allows_only_dobon_or_pass() -> None:
    state = play(GAME, chain_game(), "0: play SK", "1: dobon top=S10")
    assert legal(state, 2) == {"dobon top=CA", "dobon top=S2", "dobon top=H3", "dobon top=D4", "pass"}
    assert refused(state, "1: draw").rule == "J8"
    assert refused(state, "2: play H3").rule == "J8"
    assert refused(state, "3: dobon top=CA").rule in ("J1", "J8")  # seat 3 holds 4, not 10


def test_J8_owner_of_the_hit_card_may_answer() -> None:
    # Seat 0 plays SK keeping C2 C3 C5 (10); seat 1 calls with S10 on top; seat 0 answers.
    state = new({0: "SK C2 C3 C5", 1: "SA HA DA S10"}, field="S5")
    state = play(GAME, state, "0: play SK", "1: dobon top=S10")
    assert GAME.actors(state) == (0,)
    state = play(GAME, state, "0: dobon top=C5")
    assert outcome(state) == ((0,), (1,), "gaeshi")


# -- J9 the first field card ---------------------------------------------------------------------


def test_J9_first_card_everyone_else_loses() -> None:
    state = first_card_game()
    assert "dobon top=S10" in legal(state, 0)
    state, events = run(GAME, state, "0: dobon top=S10", "others: pass")
    assert outcome(state) == ((0,), (1, 2, 3), "first_card")
    assert of_type(events, "DobonCalled")[0].hit_owner is None
    assert GAME.view(state, None).deal_counts == (4, 6, 6, 6)


def test_J9_first_card_still_counts_after_draws() -> None:
    hands = {0: "S4 H9 C10 DK", 1: "SA HA DA C2", 2: "SQ HJ D10 CK"}
    state = play(GAME, new(hands, field="H6", stock="S7 CA"), "0: draw", "1: draw", "1: dobon top=CA", "others: pass")
    assert outcome(state) == ((1,), (0, 2), "first_card")


def test_J9_gaeshi_on_a_first_card_call_only_the_caller_loses() -> None:
    hands = {**FIRST_CARD_HANDS, 2: "CA S2 H3 D4"}
    state = play(GAME, new(hands, field="HK"), "0: dobon top=S10")
    assert GAME.actors(state) == (1, 2, 3)
    state = play(GAME, state, "2: dobon top=H3", "others: pass")
    assert outcome(state) == ((2,), (0,), "gaeshi")


# -- J10 self-Dobon ------------------------------------------------------------------------------

SELF = {0: "S6 SA HA S4", 1: "DK CK HQ D9"}


def test_J10_self_dobon_loses() -> None:
    state = play(GAME, new(SELF, field="S3"), "0: play S6")  # seat 0 keeps SA HA S4 = 6
    assert turn(state) == 1 and GAME.actors(state) == (1, 0)
    assert legal(state, 0) == {"dobon top=SA", "dobon top=S4", "dobon top=HA", "pass"}
    state = play(GAME, state, "0: dobon top=S4", "others: pass")
    assert outcome(state) == ((), (0,), "self_dobon")
    assert GAME.view(state, None).deal_counts == (6, 4)


def test_J10_self_dobon_is_not_a_draw() -> None:
    # Nobody wins, but seat 0 loses: it is ranked below seat 1, so the game is no draw.
    state = play(GAME, new(SELF, field="S3"), "0: play S6", "0: dobon top=S4", "others: pass")
    result = GAME.result(state)
    assert result is not None and result.reason == "self_dobon"
    assert (result.winners, result.losers, result.ranks, result.draw) == ((), (0,), (2, 1), False)
    assert result.to_dict()["draw"] is False


def test_J10_self_dobon_answered_by_gaeshi() -> None:
    state = new({0: "S6 SA HA S4", 1: "SA HA DA CA"}, field="S3", decks=2)
    state = play(GAME, state, "0: play S6", "0: dobon top=S4")
    assert GAME.actors(state) == (1,)
    state = play(GAME, state, "1: dobon top=SA")
    assert outcome(state) == ((1,), (0,), "gaeshi")


# -- J11 empty stock -----------------------------------------------------------------------------

REBUILD = {0: "H4 H5 S9 C9", 1: "SK DK CK SQ"}


def test_J11_stock_rebuilt_from_field() -> None:
    state = play(GAME, new(REBUILD, field="H3"), "0: play H4", "1: draw", "0: play H5")
    state = drain_stock(state)
    view = GAME.view(state, None)
    assert (view.stock_size, view.field_size, str(view.top)) == (0, 3, "H5")
    drawer = view.turn
    before = hand(GAME, state, drawer)
    state, events = run(GAME, state, f"{drawer}: draw")
    assert [e.count for e in of_type(events, "StockRebuilt")] == [2]
    view = GAME.view(state, None)
    assert (view.stock_size, view.field_size, str(view.top)) == (1, 1, "H5")
    drawn = of_type(events, "Drew")[0].cards
    assert len(drawn) == 1 and str(drawn[0]) in ("H3", "H4")
    assert sorted(hand(GAME, state, drawer)) == sorted([*before, str(drawn[0])])
    assert GAME.result(state) is None


def test_J11_no_stock_most_cards_lose() -> None:
    state = drain_stock(new(REBUILD, field="H3"))  # nobody played: nothing under the top card
    assert sizes(state) == (26, 25) and turn(state) == 1
    state, events = run(GAME, state, "1: draw")
    assert outcome(state) == ((), (0,), "no_stock")
    assert of_type(events, "StockRebuilt") == []


def test_J11_no_stock_ending_is_not_a_draw() -> None:
    state = play(GAME, drain_stock(new(REBUILD, field="H3")), "1: draw")
    result = GAME.result(state)
    assert result is not None and result.reason == "no_stock"
    assert (result.winners, result.losers, result.ranks, result.draw) == ((), (0,), (2, 1), False)


def test_J11_no_stock_several_seats_with_the_most_cards_lose() -> None:
    state = drain_stock(new(QUIET, field="H3"))
    assert sizes(state) == (13, 13, 13, 12) and turn(state) == 3
    state = play(GAME, state, "3: draw")
    assert outcome(state) == ((), (0, 1, 2), "no_stock")


@pytest.mark.parametrize(("minimum", "rebuilt"), [(0, True), (1, True), (2, False), (5, False)])
def test_J11_min_field_to_rebuild(minimum: int, rebuilt: bool) -> None:
    state = new(REBUILD, field="H3", min_field_to_rebuild=minimum)
    state = drain_stock(play(GAME, state, "0: play H4", "1: draw", "0: play H5"))  # H3 H4 under H5
    assert sizes(state) == (23, 26)
    state, events = run(GAME, state, f"{turn(state)}: draw")
    assert bool(of_type(events, "StockRebuilt")) is rebuilt
    if rebuilt:
        assert GAME.result(state) is None
    else:
        assert outcome(state) == ((), (1,), "no_stock")  # seat 1 holds 26 cards, seat 0 holds 23


@pytest.mark.parametrize(
    ("ratio", "rebuilt"), [(None, True), (1.0, True), (0.6, True), (0.51, True), (0.5, False), (0.25, False)]
)
def test_J11_max_twos_ratio(ratio: float | None, rebuilt: bool) -> None:
    # Under the top card S10: H2 S2 S9 S8, twos are half of it ("this share or more": 0.5 refuses).
    hands = {0: "S2 S8 C5 D6", 1: "S9 DK CK HQ"}
    state = new(hands, field="H2", stock="C10 D10 H10 S10", max_twos_ratio=ratio)
    state = play(GAME, state, "0: play S2", "1: draw", "1: play S9", "0: play S8", "1: play S10")
    assert GAME.view(state, None).field_size == 5 and top(state) == "S10"
    state = drain_stock(state)
    state, events = run(GAME, state, f"{turn(state)}: draw")
    assert bool(of_type(events, "StockRebuilt")) is rebuilt
    assert (GAME.result(state) is None) is rebuilt


# -- J12 dealer and seats ------------------------------------------------------------------------


def test_J12_strength_order() -> None:
    ranked = sorted(STANDARD_DECK, key=match.strength, reverse=True)
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert [str(c) for c in ranked] == [s_ + r for r in ranks for s_ in "SHDC"]
    assert match.strength(Card.parse("CA")) > match.strength(Card.parse("SK"))
    assert match.strength(Card.parse("S2")) > match.strength(Card.parse("H2"))


def test_J12_seating_by_draw_descending_strength() -> None:
    drawn = {0: Card.parse("C5"), 1: Card.parse("SA"), 2: Card.parse("HK"), 3: Card.parse("DK")}
    assert match.seating_by_draw(drawn) == (1, 2, 3, 0)


class StackedShuffle:
    """Stands in for a random generator: 'shuffles' so that the given cards are drawn first, in order."""

    def __init__(self, draws: str) -> None:
        self.draws = list(parse_cards(draws))

    def shuffle(self, pool: list[Card]) -> None:
        for card in self.draws:
            pool.remove(card)
        pool.extend(reversed(self.draws))  # the draw takes cards from the end


def test_J12_identical_cards_draw_again() -> None:
    # Two decks: seats 0 and 1 both draw SA and draw again; seat 2 keeps HK.
    drawn = match.draw_cards(StackedShuffle("SA SA HK C3 D9"), [0, 1, 2], 2)  # type: ignore[arg-type]
    assert {s: str(c) for s, c in drawn.items()} == {0: "C3", 1: "D9", 2: "HK"}
    assert match.seating_by_draw(drawn) == (2, 1, 0)


def test_J12_next_dealer_is_the_last_loser() -> None:
    state = play(GAME, chain_game(games=2), "0: play SK", "1: dobon top=S10", "2: dobon top=D4", "3: dobon top=CA",
                 "others: pass")
    view = GAME.view(state, None)
    assert (view.round_no, view.dealer) == (1, 2)
    assert view.hand_sizes == (4, 4, 6, 4)
    assert view.order == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("counts", "laps", "dealer"),
    [
        ((4, 6, 10, 8), (0, 0, 0, 1), 3),  # most laps first
        ((4, 6, 10, 8), (0, 0, 0, 0), 2),  # then the highest deal count
        ((4, 6, 10, 4), (0, 1, 0, 1), 1),  # equal laps: the higher deal count
    ],
)
def test_J12_several_losers_most_laps_then_highest_deal_count(
    counts: tuple[int, ...], laps: tuple[int, ...], dealer: int
) -> None:
    start = dataclasses.replace(first_card_game(games=2, official=True), deal_counts=counts, laps=laps)
    state, events = run(GAME, start, "0: dobon top=S10", "others: pass")  # seats 1, 2 and 3 all lose (J9)
    assert GAME.view(state, None).dealer == dealer
    assert [(e.dealer, e.reason) for e in of_type(events, "DealerChosen")] == [(dealer, "most_behind")]


def test_J12_tied_losers_draw_a_card() -> None:
    dealers = set()
    for seed in range(12):
        start = first_card_game(games=2, official=True, seed=seed)
        state, events = run(GAME, start, "0: dobon top=S10", "others: pass")
        chosen = of_type(events, "DealerChosen")
        assert [e.reason for e in chosen] == ["card_draw"]
        assert chosen[0].dealer in (1, 2, 3)
        dealers.add(GAME.view(state, None).dealer)
    assert len(dealers) > 1


def test_J12_reseating_after_a_lap_keeps_the_loser_as_dealer() -> None:
    orders = set()
    for seed in range(8):
        start = dataclasses.replace(chain_game(games=2, official=True, seed=seed), deal_counts=(4, 4, 12, 4))
        # seat 2 loses at 12
        moves = ("0: play SK", "1: dobon top=S10", "2: dobon top=D4", "3: dobon top=CA", "others: pass")
        state, events = run(GAME, start, *moves)
        view = GAME.view(state, None)
        assert view.laps == (0, 0, 1, 0) and view.dealer == 2 and view.order[0] == 2 and view.turn == 2
        (seats,) = of_type(events, "SeatsDrawn")
        assert seats.order == view.order
        strengths = [match.strength(seats.draws[s]) for s in seats.order[1:]]
        assert strengths == sorted(strengths, reverse=True)
        assert [e.seat for e in of_type(events, "Dealt")] == list(view.order)  # dealt clockwise from the dealer
        orders.add(view.order)
    assert len(orders) > 1


def test_J12_no_reseating_without_a_lap() -> None:
    state, events = run(GAME, chain_game(games=2, official=True), "0: play SK", "1: dobon top=S10", "2: pass")
    assert GAME.view(state, None).order == (0, 1, 2, 3) and of_type(events, "SeatsDrawn") == []
    assert GAME.view(state, None).dealer == 0


# -- J13 match and ranking -----------------------------------------------------------------------


def test_J13_ranking_fewer_laps_then_smaller_deal_count() -> None:
    assert match.match_ranks((0, 0, 1, 0), (4, 6, 4, 6)) == (1, 2, 4, 2)
    assert match.match_ranks((0, 0, 0), (8, 8, 8)) == (1, 1, 1)
    assert match.match_ranks((2, 1, 1, 0), (4, 12, 6, 12)) == (4, 3, 2, 1)


def test_J13_match_result_ranks() -> None:
    state = chain_game(games=2, max_steps=6)
    state = play(GAME, state, "0: play SK", "1: dobon top=S10", "2: dobon top=D4", "3: dobon top=CA")
    while GAME.result(state) is None:
        state = end_game_fast(state)
    result = GAME.result(state)
    assert result is not None
    assert [r.reason for r in result.rounds] == ["gaeshi", "max_steps"]
    assert result.ranks == (1, 1, 4, 1)  # deal counts 4, 4, 6, 4: equal seats share a rank
    assert (result.winners, result.losers, result.reason, result.draw) == ((0, 1, 3), (2,), "match", False)


def _stop_test(official: bool, min_games: int) -> int:
    state = GAME.new(players=3, options={"first_dealer": 0, "official": official, "games": 5,
                                         "min_games": min_games, "max_steps": 1}, seed=4)
    state = DOBON.request_stop(state)  # the host's stop is Dobon's own
    assert GAME.result(state) is None  # the game in progress is played out
    while GAME.result(state) is None:
        state = end_game_fast(state)
    result = GAME.result(state)
    assert result is not None
    return len(result.rounds)


def test_J13_min_games_with_request_stop() -> None:
    assert _stop_test(official=True, min_games=3) == 3
    assert _stop_test(official=True, min_games=0) == 1


def test_J13_games_without_a_stop() -> None:
    state = GAME.new(players=3, options={**SIMPLE, "games": 4, "max_steps": 1}, seed=4)
    played = 0
    while GAME.result(state) is None:
        state = end_game_fast(state)
        played += 1
    assert played == 4


def test_J13_min_games_is_an_official_rule() -> None:
    # J4: min_games is switched on by official=true only; with official=false a stop ends the current game.
    assert _stop_test(official=False, min_games=3) == 1


# -- J14 delay penalty ---------------------------------------------------------------------------


def host(state: Any, action: str) -> tuple[Any, list[Any]]:
    next_state, events = GAME.apply_host(state, action)
    return next_state, list(events)


def test_J14_delay_penalty_is_the_hosts_action() -> None:
    state = new(QUIET, field="H3", stock="CQ CJ C8", official=True)
    assert GAME.host_actions == ("delay",)
    assert "delay" not in legal(state, 0)  # the host's, not a seat's choice
    state, events = host(state, "delay")
    assert [e.seat for e in of_type(events, "DelayPenalty")] == [0]
    drew = of_type(events, "Drew")[0]
    assert (drew.seat, drew.count, drew.reason) == (0, 2, "delay")
    assert hand(GAME, state, 0) == cards("S4 H9 C6 DK CQ CJ")
    assert turn(state) == 1 and top(state) == "H3"


def test_J14_no_seat_can_apply_delay() -> None:
    state = new(QUIET, field="H3", official=True)
    for seat in range(4):  # the turn seat included: it cannot penalise itself or anyone
        error = refused(state, f"{seat}: delay")
        assert error.rule == "C5" and "host" in str(error)
        assert "delay" not in legal(state, seat)


def test_J14_delay_pays_pending_twos() -> None:
    hands = {0: "S2 S4 C6 DK", 1: "HA H5 D5 C7", 2: "S8 S9 D8 C10", 3: "SQ HJ D10 CK"}
    state, _ = host(new(hands, field="H2", stock=EIGHT, official=True), "delay")
    assert sizes(state) == (8, 4, 4, 4)
    assert (turn(state), pending(state)) == (1, 0)


def test_J14_delay_refused_with_official_false() -> None:
    state = new(QUIET, field="H3")
    with pytest.raises(IllegalActionError) as info:
        GAME.apply_host(state, "delay")
    assert info.value.rule == "J14"


def test_J14_delay_applies_while_others_may_claim() -> None:
    # Seat 2 may interrupt with S9; the slow turn seat 1 is penalised all the same, and the
    # offers are worked out again for the new turn.
    state = play(GAME, new(QUIET, field="H3", stock="CQ CJ C8", official=True), "0: play H9")
    assert GAME.actors(state) == (1, 2)
    state, _ = host(state, " DELAY ")  # the host's text is read like a seat's: case and spaces aside
    assert (turn(state), sizes(state)) == (2, (3, 6, 4, 4))
    assert GAME.actors(state) == (2,)


@pytest.mark.parametrize("text", ["jump", "delay 1", "pass", "", "x" * 200])
def test_J14_unknown_host_action_refused(text: str) -> None:
    state = new(QUIET, field="H3", official=True)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply_host(state, text)
    assert info.value.rule == "C5" and len(str(info.value)) < 120
