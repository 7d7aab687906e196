"""What a Dobon seat is offered, sees and is told never depends on cards hidden from it (issue 12).

Transcripts compare two deals that differ only in cards a seat cannot see: its legal actions,
its view and the answer to every action it might try (accepted, or the refusal's text) must be
the same in both.  The turn seat always has its whole turn; the other seats with an out-of-turn
claim make up the window (C4).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, get_game
from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.core import Action
from kakehiki.games.dobon import Dobon, DobonState, Draw, Pass, Play
from kakehiki.games.dobon.rules.actions import DELAY, PASS
from kakehiki.games.dobon.rules.game import legacy_v1_skips
from kakehiki.games.dobon.rules.turns import can_claim
from transcript import SIMPLE, deal_deck, play, texts

GAME = get_game("dobon")
TRIED: tuple[Action, ...] = (
    Draw(), Pass(), DELAY, *(Play(c) for c in STANDARD_DECK), *(Dobon(c) for c in STANDARD_DECK),
)


def new(
    hands: dict[int, str], field: str, stock: str = "", dealer: int = 0, decks: int = 1, seed: int = 0
) -> DobonState:
    """A deal from a fixed deck: seats 0..n-1 in order, ``dealer`` deals and plays first."""
    deck = deal_deck(hands, field, stock, dealer=dealer, decks=decks)
    state: DobonState = GAME.new(players=len(hands), options={**SIMPLE, "first_dealer": dealer}, seed=seed, deck=deck)
    return state


def answers(state: DobonState, seat: int) -> dict[str, str]:
    """Every action ``seat`` might try, with the engine's answer: ``ok`` or the refusal's text."""
    told = {}
    for action in TRIED:
        try:
            GAME.check(state, seat, action)
        except IllegalActionError as err:
            told[str(action)] = str(err)
        else:
            told[str(action)] = "ok"
    return told


def same_to(seat: int, one: DobonState, two: DobonState) -> None:
    """``seat`` cannot tell ``one`` from ``two``: equal view, offers and answers."""
    assert GAME.view(one, seat) == GAME.view(two, seat)
    assert texts(GAME.legal_actions(one, seat)) == texts(GAME.legal_actions(two, seat))
    assert answers(one, seat) == answers(two, seat)


# -- the example ---------------------------------------------------------------------------


def test_C4_turn_seat_offers_do_not_depend_on_other_hands() -> None:
    """Field D5, seat 0 to play with S5: seat 1 holding C5 (it may interrupt) or S9 (it may not)
    must make no difference to seat 0.  Under version 1 seat 0 got ``play S5, pass`` in one
    deal and ``play S5, draw`` in the other."""
    claim = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 CJ"}, field="D5")
    quiet = new({0: "S5 H9 C10 DK", 1: "S9 HA D7 CJ"}, field="D5")
    assert (claim.window, quiet.window) == ((1,), ())  # the truth differs ...
    same_to(0, claim, quiet)  # ... and seat 0 cannot tell
    assert texts(GAME.legal_actions(claim, 0)) == ["play S5", "play DK", "draw"]
    assert answers(claim, 0)["draw"] == "ok"  # never "waiting for other seats"
    assert answers(claim, 0)["pass"] == answers(quiet, 0)["pass"]


def test_C4_turn_seat_offers_the_same_after_another_seat_declined() -> None:
    # Seat 1 declining its interrupt changes nothing seat 0 can see or do.
    claim = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 CJ"}, field="D5")
    declined = play(GAME, claim, "1: pass")
    quiet = new({0: "S5 H9 C10 DK", 1: "S9 HA D7 CJ"}, field="D5")
    same_to(0, declined, quiet)
    same_to(0, declined, claim)


def test_C4_refusals_do_not_depend_on_other_hands() -> None:
    """Four seats after seat 0 plays H9: seat 2 holds S9 (an interrupt) or not.  Seats 0, 1 and
    3 are told exactly the same whatever they try."""
    hands = {0: "S4 H9 C6 DK", 1: "HA H5 D5 C7", 2: "S8 S9 D8 C10", 3: "SQ HJ D10 CK"}
    claim = play(GAME, new(hands, field="H3"), "0: play H9")
    quiet = play(GAME, new({**hands, 2: "S8 SJ D8 C10"}, field="H3", stock="S9"), "0: play H9")
    assert (claim.window, quiet.window) == ((2,), ())
    for seat in (0, 1, 3):
        same_to(seat, claim, quiet)


def test_C4_yields_to_calls_only_for_the_turn_seats_ordinary_move() -> None:
    # Seat 2 deals and plays S9: seat 3 (turn) and seat 1 total 9, seat 2 still holds H9.
    hands = {0: "S10 H10 D10 C10", 1: "CA H2 D3 C3", 2: "S9 H9 CK DK", 3: "SA HA DA S6"}
    state = play(GAME, new(hands, field="S5", dealer=2), "2: play S9")
    assert GAME.actors(state) == (3, 1, 2)

    def yields(seat: int, text: str) -> bool:
        return GAME.yields_to_calls(state, seat, GAME.parse_action(text))

    assert yields(3, "draw") and yields(3, "play SA")  # ordinary moves wait for the claims
    assert not yields(3, "dobon top=S6")  # the turn seat's own call keeps its priority (C4)
    assert not yields(1, "dobon top=C3") and not yields(2, "play H9") and not yields(1, "pass")
    alone = new({0: "S5 H9 C10 DK", 1: "S9 HA D7 CJ"}, field="D5")
    assert not GAME.yields_to_calls(alone, 0, Draw())  # nobody else may claim
    claim = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 CJ"}, field="D5")
    assert GAME.yields_to_calls(claim, 0, Play(Card.parse("DK")))
    assert not GAME.yields_to_calls(claim, 0, Play(Card.parse("S5")))  # the top's number: a claim
    chain = play(GAME, new({0: "S6 SA HA S4", 1: "SA HA DA CA"}, field="S3", decks=2), "0: play S6", "0: dobon top=S4")
    assert not GAME.yields_to_calls(chain, 1, Dobon(Card.parse("SA")))  # the gaeshi window has no turn moves


# -- samples for search bots (item 2) --------------------------------------------------------------


def test_C4_sample_carries_no_seed_deck_or_other_offers() -> None:
    hands = {0: "S10 H10 D10 C10", 1: "CA H2 D3 C3", 2: "S9 H9 CK DK", 3: "SA HA DA S6"}
    state = play(GAME, new(hands, field="S5", dealer=2, seed=5), "2: play S9")
    for k in range(20):
        sample = GAME.sample_hidden(state, 0, random.Random(k))
        assert (sample.seed, sample.deck) == (0, None)
        assert GAME.view(sample, 0) == GAME.view(state, 0)
        rank = sample.field[-1].rank
        others = sample.priority_from(sample.turn)[1:]
        assert sample.window == tuple(s for s in others if can_claim(sample.hands[s], sample.sums[s], rank))


def test_C4_samples_equal_when_hidden_cards_differ() -> None:
    """Two deals differing only in cards seat 0 cannot see (seat 1's C5 or S9, the other one in
    the stock; seat 1's pass) give seat 0 the very same samples."""
    claim = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 CJ", 2: "S2 H4 D6 C8"}, field="D5")
    quiet = new({0: "S5 H9 C10 DK", 1: "S9 HA D7 CJ", 2: "S2 H4 D6 C8"}, field="D5")
    swapped = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 C8", 2: "S2 H4 D6 CJ"}, field="D5")
    declined = play(GAME, claim, "1: pass")
    for k in range(10):
        first = GAME.sample_hidden(claim, 0, random.Random(k))
        for other in (quiet, swapped, declined):
            assert GAME.sample_hidden(other, 0, random.Random(k)) == first
    # a spectator's samples too
    assert GAME.sample_hidden(claim, None, random.Random(1)) == GAME.sample_hidden(quiet, None, random.Random(1))


def test_C4_sample_keeps_the_seats_own_offer() -> None:
    # Seat 1 knows it may interrupt; having declined, it knows it may not now.
    claim = new({0: "S5 H9 C10 DK", 1: "C5 HA D7 CJ"}, field="D5")
    assert 1 in GAME.sample_hidden(claim, 1, random.Random(0)).window
    assert 1 not in GAME.sample_hidden(play(GAME, claim, "1: pass"), 1, random.Random(0)).window


def test_J8_gaeshi_sample_asks_every_seat_holding_cards() -> None:
    # A Dobon awaits gaeshi: every seat holding cards is asked (J8), whoever can answer, in every sample.
    hands = {0: "SK C9 D9 H9", 1: "SA HA DA S10", 2: "CA S2 H3 D4", 3: "SA HA DA CA"}
    state = play(GAME, new(hands, field="S5", decks=2), "0: play SK", "1: dobon top=S10")
    assert GAME.actors(state) == (2, 3, 0)
    for k in range(10):
        sample = GAME.sample_hidden(state, 0, random.Random(k))
        assert GAME.actors(sample) == (2, 3, 0)
        assert GAME.view(sample, 0) == GAME.view(state, 0)


# -- the swap property -----------------------------------------------------------------------------


def replay(deck: list[Card], players: int, moves: list[tuple[int, Action]]) -> list[DobonState]:
    """The states before each move, and after the last one that is still legal on ``deck``."""
    state: DobonState = GAME.new(players=players, options=SIMPLE, deck=deck)
    states = [state]
    for seat, action in moves:
        try:
            state, _ = GAME.apply(state, seat, action)
        except IllegalActionError:
            break
        states.append(state)
    return states


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), data=st.data())
def test_C4_swapping_hidden_cards_changes_nothing_a_seat_is_offered_or_told(
    seed: int, players: int, data: Any
) -> None:
    """A random game from a shuffled deck; the same moves on the deck with two cards swapped.
    While a seat's view is the same in both, so are its offers and every answer it gets."""
    rng = random.Random(seed)
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    state: DobonState = GAME.new(players=players, options=SIMPLE, deck=deck)
    moves: list[tuple[int, Action]] = []
    while GAME.result(state) is None and len(moves) < 60:
        seat = rng.choice(GAME.actors(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        moves.append((seat, action))
        state, _ = GAME.apply(state, seat, action)
    i = data.draw(st.integers(0, len(deck) - 1))
    j = data.draw(st.integers(0, len(deck) - 1))
    swapped = list(deck)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    one, two = replay(deck, players, moves), replay(swapped, players, moves)
    for a, b in zip(one, two, strict=False):
        for seat in range(players):
            if GAME.view(a, seat) == GAME.view(b, seat):
                assert texts(GAME.legal_actions(a, seat)) == texts(GAME.legal_actions(b, seat))
                assert answers(a, seat) == answers(b, seat)
                assert GAME.sample_hidden(a, seat, random.Random(0)) == GAME.sample_hidden(b, seat, random.Random(0))


# -- version 1 records -----------------------------------------------------------------------------


def test_legacy_v1_turn_seat_pass_is_skipped() -> None:
    """Version 1 asked the turn seat into the window (``pass`` was a wait for the others).
    Skipping those passes replays a version-1 move list to the state version 2 reaches."""
    hands = {0: "S10 H10 D10 C10", 1: "CA H2 D3 C3", 2: "S9 H9 CK DK", 3: "SA HA DA S6"}
    start = play(GAME, new(hands, field="S5", dealer=2), "2: play S9")
    v1 = [(3, "pass"), (1, "pass"), (2, "pass"), (3, "draw")]
    state = start
    skipped = []
    for seat, text in v1:
        if legacy_v1_skips(state, seat, text):
            skipped.append((seat, text))
            continue
        state, _ = GAME.apply(state, seat, text)
    assert skipped == [(3, "pass")]
    assert state == play(GAME, start, "1: pass", "2: pass", "3: draw")
    assert not legacy_v1_skips(start, 3, "draw") and not legacy_v1_skips(start, 3, "not an action")
    assert legacy_v1_skips(start, 3, PASS)


def test_legacy_v1_gaeshi_pass_is_not_skipped() -> None:
    # In a gaeshi window the turn seat's pass is a real answer, then as now.
    state = play(GAME, new({0: "S6 SA HA S4", 1: "SA HA DA CA"}, field="S3", decks=2), "0: play S6", "0: dobon top=S4")
    assert GAME.view(state, None).turn == 1 and GAME.actors(state) == (1,)
    assert not legacy_v1_skips(state, 1, "pass")
