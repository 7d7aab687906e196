"""Dhumbal: no seat learns what it must not (issue 12, items 1 and 2).

A sampled state carries nothing hidden from its seat (no seed, no explicit deck), and two
deals that differ only in cards a seat cannot see give it the same samples.  Taking from
the previous discard (D3) depends on no hidden card.
"""

from __future__ import annotations

import random
from typing import Any

from kakehiki import IllegalActionError, parse_cards
from transcript import deal_deck
from transcript_dhumbal import GAME, play

HANDS = {0: "HA DA S8 S9 S10", 1: "H5 D5 C5 S5 C2", 2: "S4 H4 D4 C4 DQ"}
# Seat 0 takes the turned-up H7, seat 1 takes seat 0's S9 (both public), seat 2 draws the stock's CK unseen.
MOVES = ("0: discard S8, discard S9, discard S10, take H7",
         "1: discard S5, discard H5, discard D5, discard C5, take S9", "2: discard DQ, take stock")


def swapped(first: str, second: str, seed: int = 0, **options: object) -> Any:
    """The match of ``HANDS`` (H7 turned up, CK CQ on top of the stock) with two cards' deck positions swapped."""
    deck = deal_deck(HANDS, field="H7", stock="CK CQ")
    i, j = (deck.index(parse_cards(text)[0]) for text in (first, second))
    deck[i], deck[j] = deck[j], deck[i]
    return GAME.new(players=3, options=options, seed=seed, deck=deck)


def samples(state: Any, seat: int | None, count: int = 6) -> list[Any]:
    return [GAME.sample_hidden(state, seat, random.Random(k)) for k in range(count)]


def test_sample_hidden_carries_no_seed_or_deck() -> None:
    state = play(GAME, swapped("C2", "D9", seed=31), *MOVES)
    for seat in (0, 1, 2, None):
        for sample in samples(state, seat):
            assert sample.seed == 0 and sample.deck is None
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert "deck" not in GAME.record_header(sample)


def test_sample_hidden_is_the_same_for_deals_differing_in_hidden_cards() -> None:
    # Seat 0 cannot tell these apart: seat 1's unplayed C2 and the stock's D9 trade places.
    one, two = play(GAME, swapped("C2", "C2"), *MOVES), play(GAME, swapped("C2", "D9"), *MOVES)
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert GAME.view(one, 1) != GAME.view(two, 1)
    assert samples(one, 0) == samples(two, 0)
    assert samples(one, None) == samples(two, None)
    # Seat 2's draw is hidden from seat 0 too: CK and a card deep in the stock trade places.
    three = play(GAME, swapped("CK", "D9"), *MOVES)
    assert GAME.view(one, 0) == GAME.view(three, 0)
    assert samples(one, 0) == samples(three, 0)


def test_sample_hidden_after_a_step_limit_shows_no_hand() -> None:
    # The match stopped by max_steps (C7): no hand was shown, so samples re-deal them.
    one = play(GAME, swapped("C2", "C2", max_steps=3), *MOVES)
    two = play(GAME, swapped("C2", "D9", max_steps=3), *MOVES)
    assert GAME.result(one) is not None and GAME.result(one).reason == "max_steps"  # type: ignore[union-attr]
    assert samples(one, 0) == samples(two, 0)
    assert any(sample.hands[1] != one.hands[1] for sample in samples(one, 0))


def test_sample_hidden_after_a_show_keeps_the_shown_hands() -> None:
    state = play(GAME, GAME.new(players=2, options={"limit": 0, "show_max": 10}, deck=deal_deck(
        {0: "HA DA SA CA S2", 1: "SK HK DK CK SQ"}, field="H7")), "0: show")
    assert GAME.result(state) is not None
    for sample in samples(state, 0):
        assert sample.hands == state.hands and sample.seed == 0 and sample.deck is None


def test_D3_taking_from_the_discard_depends_on_no_hidden_card() -> None:
    # Seat 2 is to take from seat 1's discard (S5 H5 D5 C5) or the stock: its offers and the
    # refusals of takes it cannot make are the same whatever seats 0 and 1 hold unseen.
    moves = (*MOVES[:2], "2: discard DQ")
    one, two = play(GAME, swapped("C2", "C2"), *moves), play(GAME, swapped("C2", "D9"), *moves)
    assert GAME.view(one, 2) == GAME.view(two, 2)
    assert GAME.legal_actions(one, 2) == GAME.legal_actions(two, 2)
    for text in ("take C2", "take S5", "take H7", "take CK", "take stock", "discard D9", "discard C2", "show"):
        errors = []
        for state in (one, two):
            try:
                GAME.check(state, 2, GAME.parse_action(text))
                errors.append("ok")
            except IllegalActionError as err:
                errors.append(str(err))
        assert errors[0] == errors[1], text


def test_D3_a_turn_in_steps_shows_the_others_only_the_cards_put_down() -> None:
    # Mid-turn (issue 13): seat 1 has put S5 and H5 down.  What the others see, are offered and
    # sample is the same whatever seat 1 still holds unseen.
    moves = (MOVES[0], "1: discard S5, discard H5")
    one, two = play(GAME, swapped("C2", "C2"), *moves), play(GAME, swapped("C2", "D9"), *moves)
    for seat in (0, 2, None):
        assert GAME.view(one, seat) == GAME.view(two, seat)
        assert [str(c) for c in GAME.view(one, seat).discarding] == ["S5", "H5"]
        assert samples(one, seat) == samples(two, seat)
    for seat in (0, 2):
        assert GAME.legal_actions(one, seat) == GAME.legal_actions(two, seat) == ()
        assert GAME.legal_mask(one, seat) == bytes(106)
    assert [str(a) for a in GAME.legal_actions(one, 1)] == [
        "discard D5", "discard C5", "take stock", "take S8", "take S9", "take S10"]
    assert all(sample.discarding == one.discarding for sample in samples(one, 0))
