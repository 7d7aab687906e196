"""The Daifugo play model of Million Doubt (``million_doubt.plays``), tested on its own (M2, M3, M5).

Plays are written as in the rules: ``S5 H5`` face up, ``*2`` for two face-down cards, a trailing
``revolution`` for a declared revolution.  Levels: 3 = 0 … K = 10, A = 11, 2 = 12; TOP = only jokers.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki.cards import Card, parse_cards
from kakehiki.games.million_doubt.rules.plays import (
    GROUP,
    SINGLE,
    STAIRS,
    TOP,
    Visible,
    completions,
    describe,
    has_rank,
    is_revolution,
    legal_on,
    locks,
    may_be_spade3,
    parse_visible,
    readings,
    shaped_sets,
    showable_sets,
    sort_cards,
    strength,
    visible,
)


def v(text: str) -> Visible:
    return parse_visible(text)


def lock(suits: str) -> frozenset[str]:
    return frozenset(suits)


def ok(play: str, binding: str | None = None, locked: str | None = None, rev: bool = False, s3: bool = False) -> bool:
    return legal_on(v(play), None if binding is None else v(binding), None if locked is None else lock(locked), rev, s3)


def texts(sets: list[tuple[object, ...]]) -> list[str]:
    return [" ".join(map(str, s)) for s in sets]


# -- strength and shapes (M2) ------------------------------------------------------------------------


def test_M2_strength_runs_3_to_2() -> None:
    order = [strength(c.rank) for c in parse_cards("S3 S4 S10 SJ SQ SK SA S2")]
    assert order == [0, 1, 7, 8, 9, 10, 11, 12]
    assert texts([sort_cards(parse_cards("S2 JK HA S3 D3 SK"))]) == ["S3 D3 SK HA S2 JK"]


@pytest.mark.parametrize(("play", "expected"), [
    ("S5", {(SINGLE, 2)}),
    ("JK", {(SINGLE, TOP)}),
    ("S5 H5", {(GROUP, 2)}),
    ("S5 H5 D5 C5", {(GROUP, 2)}),
    ("S5 JK", {(GROUP, 2)}),
    ("JK JK", {(GROUP, TOP)}),
    ("S5 S6 S7", {(STAIRS, 2)}),
    ("SK SA S2", {(STAIRS, 10)}),  # K-A-2 is the highest stair
    ("S5 S7 JK", {(STAIRS, 2)}),  # the joker is the 6
    ("S5 S6 JK", {(STAIRS, 1), (STAIRS, 2)}),  # 4-5-6 or 5-6-7
    ("S5 JK JK", {(GROUP, 2), (STAIRS, 0), (STAIRS, 1), (STAIRS, 2)}),  # three 5s, or 3-4-5 … 5-6-7
])
def test_M2_readings_of_face_up_plays(play: str, expected: set[tuple[int, int]]) -> None:
    assert readings(v(play)) == expected


@pytest.mark.parametrize("play", [
    "S5 H6",  # two ranks
    "S5 S6",  # stairs need three cards
    "SA S2 S3",  # no wrap past the 2
    "S5 S6 H7",  # stairs are one suit
    "S5 S7 S9 JK",  # two gaps, one joker
    "S5 H5 D5 C5 JK",  # groups are 2-4 cards
    "S5 S5 S6",  # no duplicate rank in stairs
])
def test_M2_not_a_valid_shape(play: str) -> None:
    assert readings(v(play)) == frozenset()
    assert not ok(play)


# -- comparisons (M2, M3) -----------------------------------------------------------------------------


def test_M2_a_follow_has_the_shape_and_size_and_is_strictly_stronger() -> None:
    assert ok("S9", "H8") and not ok("S8", "H8") and not ok("S7", "H8")
    assert ok("S2", "HA") and ok("HA", "HK")
    assert ok("S9 H9", "S8 D8") and not ok("S9", "S8 D8") and not ok("S9 H9 D9", "S8 D8")
    assert ok("H6 H7 H8", "S5 S6 S7") and not ok("H5 H6 H7", "S5 S6 S7")
    assert not ok("H6 H7 H8", "S5 H5 D5"), "stairs never beat a group"


def test_M2_stairs_compare_their_lowest_card() -> None:
    assert ok("D6 D7 D8 D9", "H5 H6 H7 H8")
    assert not ok("D5 D6 D7 D8", "H5 H6 H7 H8")


def test_M2_lone_joker_beats_everything_in_either_order() -> None:
    for rev in (False, True):
        assert ok("JK", "S2", rev=rev) and ok("JK", "S3", rev=rev)
        assert not ok("S2", "JK", rev=rev) and not ok("S3", "JK", rev=rev)
        assert not ok("JK", "JK", rev=rev), "a joker does not beat a joker"
    assert ok("JK JK", "S2 H2") and ok("JK JK", "S3 H3", rev=True)


def test_M2_jokers_are_wild_inside_a_play() -> None:
    assert ok("S9 JK", "S8 D8")
    assert ok("H6 JK H8", "S5 S6 S7")
    assert not ok("S5 JK", "S8 D8"), "a joker takes the rank of its partners"


def test_M2_spade3_beats_a_lone_joker_only_with_the_option() -> None:
    assert not ok("S3", "JK")
    assert ok("S3", "JK", s3=True) and ok("S3", "JK", rev=True, s3=True)
    assert not ok("H3", "JK", s3=True)
    assert ok("*1", "JK", s3=True), "a face-down single may be the spade 3"
    assert not ok("S3", "JK", locked="H", s3=True)
    assert may_be_spade3(v("*1")) and not may_be_spade3(v("*1"), lock("H")) and not may_be_spade3(v("JK"))


def test_M3_reversed_order_makes_lower_stronger() -> None:
    # Revolution or 11-back: the caller passes the combined order (one of them on, not both).
    assert ok("S4", "H8", rev=True) and not ok("S9", "H8", rev=True)
    assert ok("S3 H3", "S2 H2", rev=True)
    assert ok("H4 H5 H6", "S5 S6 S7", rev=True) and not ok("H6 H7 H8", "S5 S6 S7", rev=True)
    assert not ok("S2", "S3", rev=True), "nothing beats a 3 in reverse except a joker"


def test_M3_suit_lock_binds_the_suits() -> None:
    assert ok("S9", "S8", locked="S") and not ok("H9", "S8", locked="S")
    assert ok("S9 H9", "S8 H8", locked="SH") and not ok("S9 D9", "S8 H8", locked="SH")
    assert ok("S9 JK", "S8 H8", locked="SH"), "a joker stands in for the missing suit"
    assert ok("JK", "S8", locked="S"), "a lone joker keeps any lock"
    assert not ok("H6 H7 H8", "S3 S4 S5", locked="S")


def test_M3_locks_are_set_only_by_two_plain_plays_of_the_same_suits() -> None:
    assert locks(v("S9"), v("S8")) == lock("S")
    assert locks(v("S9 H9"), v("S8 H8")) == lock("SH")
    assert locks(v("S9 D9"), v("S8 H8")) is None
    assert locks(v("S9"), None) is None
    assert locks(v("JK"), v("S8")) is None, "a joker's suit is not known: no lock"
    assert locks(v("S9 JK"), v("S8 H8")) is None
    assert locks(v("S9"), v("S8 *1")) is None
    assert locks(v("S6 S7 S8"), v("S3 S4 S5")) == lock("S")


def test_M3_revolution_8_cut_and_11_back_need_natural_face_up_cards() -> None:
    assert is_revolution(v("S5 H5 D5 C5")) and is_revolution(v("S5 H5 D5 JK"))
    assert not is_revolution(v("S5 S6 S7 S8")) and not is_revolution(v("S5 H5 D5"))
    assert not is_revolution(v("S5 H5 *2 revolution")), "face down: a claim, judged later"
    assert has_rank(v("S8"), 8) and has_rank(v("S7 S8 S9"), 8) and not has_rank(v("S7 JK S9"), 8)
    assert has_rank(v("HJ"), 11) and not has_rank(v("HJ *1"), 11)


# -- favourable readings of face-down cards (M5) ------------------------------------------------------


def test_M5_source_example_spade5_and_two_face_down() -> None:
    # "S5, down, down" may be read as the stairs S5 S6 S7 (answer 6-7-8) or as three 5s (answer three 7s).
    field = "S5 *2"
    assert readings(v(field)) == {(GROUP, 2), (STAIRS, 0), (STAIRS, 1), (STAIRS, 2)}
    assert ok("H6 H7 H8", field) and ok("S7 H7 D7", field)
    # Read favourably, the stairs may even be 3-4-5: then 4-5-6 beats it.
    assert ok("D4 D5 D6", field)
    assert not ok("D3 D4 D5", field)


def test_M5_face_down_cards_read_in_the_readers_favour_for_groups() -> None:
    assert ok("S4 H4", "JK *1"), "the down card may be any rank: read as the weakest pair, 3s"
    assert not ok("S3 H3", "JK *1"), "strictly stronger: 3s do not beat 3s"
    assert ok("S4 D4", "S3 *1") and not ok("S4 D4", "S5 *1")
    assert not ok("S4", "HK *1"), "size must match"


def test_M5_declared_revolution_is_read_as_a_group_of_four() -> None:
    field = "S5 S6 *2 revolution"
    assert readings(v(field)) == frozenset(), "visibly not four of one rank: the claim is false"
    assert readings(v("S5 *3 revolution")) == {(GROUP, 2)}
    assert ok("S6 H6 D6 C6", "S5 *3 revolution")
    assert not ok("D6 D7 D8 D9", "S5 *3 revolution"), "only a group answers a declared revolution"


def test_M4_claims_that_their_visible_cards_already_refute() -> None:
    assert not ok("S5 *1", "S9 H9"), "no pair of 5s beats 9s"
    assert ok("SK *1", "S9 H9")
    assert ok("*2", "S9 H9") and ok("*1", "S2"), "a face-down single may be the joker"
    assert not ok("*3", "SK SA S2"), "no 3-card stair beats K-A-2"
    assert ok("*3", "SK SA S2", rev=True)
    assert not ok("*1", "JK"), "nothing but the spade 3 option beats a lone joker"


# -- enumerating -------------------------------------------------------------------------------------


def test_M2_shaped_sets_hand_counted() -> None:
    # Hand S3 S4 S5 H5 D9 JK JK, counted by hand:
    #   singles 6 (S3 S4 S5 H5 D9 JK); pairs 7 (S3+JK, S4+JK, S5 H5, S5+JK, H5+JK, D9+JK, JK JK);
    #   3 cards 10: groups 3+JK+JK, 4+JK+JK, 5s (S5 H5 JK, S5 JK JK, H5 JK JK), 9+JK+JK, and the
    #   new stairs S3 S4 S5, S3 S4 JK, S3 S5 JK, S4 S5 JK;
    #   4 cards 5: S5 H5 JK JK and the stairs S3 S4 S5 JK, S3 S4 JK JK, S3 S5 JK JK, S4 S5 JK JK;
    #   5 cards 1: S3 S4 S5 JK JK.  Total 29.
    sets = shaped_sets(parse_cards("S3 S4 S5 H5 D9 JK JK"))
    assert len(sets) == 29
    assert [len(s) for s in sets].count(3) == 10 and [len(s) for s in sets].count(4) == 5
    assert "S3 S4 S5 JK JK" in texts(sets) and "S5 H5 JK JK" in texts(sets)  # type: ignore[arg-type]


def test_M2_shaped_sets_without_jokers() -> None:
    # S7 S8 S9 SJ H7: singles 5; pair S7 H7; stairs S7 S8 S9 only (SJ is two away without a joker).
    sets = texts(shaped_sets(parse_cards("S7 S8 S9 SJ H7")))  # type: ignore[arg-type]
    assert sets == ["S7", "H7", "S8", "S9", "SJ", "S7 H7", "S7 S8 S9"]


def test_M4_showable_sets() -> None:
    # H5 S5 S7 JK: nothing; JK; S5, H5, S7 each alone and with JK; S5 H5 (with JK);
    # spades S5 S7 (with JK).  Groups show at most 3 cards (a 4th lies face down).
    shown = texts(showable_sets(parse_cards("S5 H5 S7 JK")))  # type: ignore[arg-type]
    assert shown == ["", "S5", "H5", "S7", "JK", "S5 H5", "S5 S7", "S5 JK", "H5 JK", "S7 JK",
                     "S5 H5 JK", "S5 S7 JK"]


def test_notation_of_visible_parts_round_trips() -> None:
    for text in ("S5 *2", "S5 H5 JK *1 revolution", "*3", "JK JK", "S3"):
        assert describe(v(text)) == text


# -- completions: which face-down cards could make a claim true -------------------------------------------

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
DECK = [*parse_cards(" ".join(s + r for s in "SHDC" for r in RANKS)), *parse_cards("JK JK")]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_M7_completions_find_a_true_completion_whenever_one_exists(data: st.DataObject) -> None:
    pool = list(DECK)
    order = data.draw(st.permutations(range(len(pool))))
    cards = [pool[i] for i in order]
    hand = cards[: data.draw(st.integers(1, 8))]
    rest = cards[len(hand):]
    up = tuple(rest[: data.draw(st.integers(0, 2))])
    hidden = data.draw(st.integers(1, min(4, len(hand))))
    size = len(up) + hidden
    revolution = size == 4 and data.draw(st.booleans())
    binding_cards = rest[len(up): len(up) + size]
    binding = data.draw(st.sampled_from([None, visible(binding_cards)]))
    lock = data.draw(st.sampled_from([None, frozenset(c.suit for c in binding_cards if not c.is_joker) or None]))
    rev, s3 = data.draw(st.booleans()), data.draw(st.booleans())
    shown = visible(up, hidden, revolution)

    def true(fill: tuple[Card, ...]) -> bool:
        return legal_on(visible(up + fill, 0, revolution), binding, lock, rev, s3)

    found = any(true(fill) for fill in completions(shown, hand, lock))
    assert found == any(true(tuple(fill)) for fill in combinations(hand, hidden))
