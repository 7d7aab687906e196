"""Million Doubt: no seat learns what it must not (issue 12, items 1 and 2).

A sampled state carries nothing hidden from its seat (no seed, no explicit deck), and two
deals that differ only in cards a seat cannot see give it the same samples.  The doubt
window (M6) and the face-down claims (M4, M5) depend on no hidden card.
"""

from __future__ import annotations

import random
from typing import Any

from kakehiki import parse_cards
from transcript_million_doubt import GAME, deal_deck, legal, play, refused

HANDS = {0: "S3 S4 S5 S6 S7 S9 S10", 1: "H3 H4 H5 H6 H7 H9 H10", 2: "D3 D4 D5 D6 D7 D9 D10"}
# Seat 1 lays H9 face down as a single; the field clears with it: it leaves the game unseen.
MOVES = ("0: show S3, play", "1: play *1, hide H9", "0: pass", "2: pass", "2: show D5, play", "0: pass", "1: pass")


def swapped(first: str, second: str, seed: int = 0) -> Any:
    """The game of ``HANDS`` with the deck positions of two cards swapped."""
    deck = deal_deck(HANDS)
    i, j = (deck.index(parse_cards(text)[0]) for text in (first, second))
    deck[i], deck[j] = deck[j], deck[i]
    return GAME.new(players=3, options={"first_leader": 0}, seed=seed, deck=deck)


def samples(state: Any, seat: int | None, count: int = 6) -> list[Any]:
    return [GAME.sample_hidden(state, seat, random.Random(k)) for k in range(count)]


def test_sample_hidden_carries_no_seed_or_deck() -> None:
    state = play(swapped("H10", "C10", seed=99), *MOVES[:3])
    for seat in (0, 1, 2, None):
        for sample in samples(state, seat):
            assert sample.seed == 0 and sample.deck is None
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert "deck" not in GAME.record_header(sample)


def test_a_play_in_the_making_is_seen_by_nobody_else() -> None:
    # Seat 0 holds S9 in one deal and C9 in the other (C9 or S9 lies aside): it begins a lead with
    # it face up, or names it face down.  Until the play is made the other seats and a spectator
    # see, are offered, are refused and are sampled the same, as if seat 0 had not begun.
    start = GAME.new(players=3, options={"first_leader": 0}, deck=deal_deck(HANDS))
    for one_moves, two_moves in ((("0: show S9",), ("0: show C9",)),
                                 (("0: play *2, hide S9",), ("0: play *2, hide C9",))):
        one, two = play(start, *one_moves), play(swapped("S9", "C9"), *two_moves)
        for seat in (1, 2, None):
            assert GAME.view(one, seat) == GAME.view(two, seat) == GAME.view(start, seat)
            assert samples(one, seat) == samples(two, seat) == samples(start, seat)
        for seat in (1, 2):
            assert legal(one, seat) == legal(two, seat) == set()
            for text in ("doubt", "pass", "show S9", "show C9", "hide S9", "play", "give S9", "done"):
                assert str(refused(one, f"{seat}: {text}")) == str(refused(two, f"{seat}: {text}"))
        assert GAME.view(one, 0) != GAME.view(start, 0), "seat 0 sees its own play in the making"


def test_sample_hidden_is_the_same_for_deals_differing_in_hidden_cards() -> None:
    # Seat 0 cannot tell these apart: seat 1's unplayed H10 and C10, set aside, trade places.
    one, two = play(GAME.new(players=3, options={"first_leader": 0}, deck=deal_deck(HANDS)), *MOVES), \
        play(swapped("H10", "C10"), *MOVES)
    assert one.gone_down == ((1, parse_cards("H9")[0]),)
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert samples(one, 0) == samples(two, 0)
    assert samples(one, None) == samples(two, None)
    # A face-down card trades places with one set aside: as hidden from seat 2 as before.
    three = play(swapped("H9", "C9"), *MOVES[:1], "1: play *1, hide C9", *MOVES[2:])
    assert GAME.view(one, 2) == GAME.view(three, 2)
    assert samples(one, 2) == samples(three, 2)


def test_M6_the_doubt_window_depends_on_no_hidden_card() -> None:
    # The same face-down claim, true in one deal (H9 on S3) and a lie in the other (a 2 would be
    # true too: the claim is any single): the window, the offers and the refusals are the same.
    one = play(swapped("H10", "C10"), "0: show S3, play", "1: play *1", "1: hide H9")
    two = play(swapped("H9", "C9"), "0: show S3, play", "1: play *1", "1: hide C9")
    for seat in (0, 2):
        assert GAME.view(one, seat) == GAME.view(two, seat)
        assert legal(one, seat) == legal(two, seat) == {"pass", "doubt"}
    assert one.window == two.window == (0, 2)
    assert str(refused(one, "1: doubt")) == str(refused(two, "1: doubt"))
    assert str(refused(one, "0: show S4")) == str(refused(two, "0: show S4"))


def test_M4_face_down_claims_offered_depend_on_no_hidden_card() -> None:
    # Seat 0 follows a face-down single of seat 1 (H9 or C9): its offers and refusals are the same.
    one = play(swapped("H10", "C10"), "0: show S3, play", "1: play *1", "1: hide H9", "0: pass", "2: pass",
               "2: show D10, play")
    two = play(swapped("H9", "C9"), "0: show S3, play", "1: play *1", "1: hide C9", "0: pass", "2: pass",
               "2: show D10, play")
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert legal(one, 0) == legal(two, 0)
    for text in ("0: show S4", "0: play *2", "0: show S9", "0: show C9"):
        assert str(refused(one, text)) == str(refused(two, text))
