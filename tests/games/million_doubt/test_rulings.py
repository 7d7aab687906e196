"""Ruling tests for Million Doubt: one section per ruling M1-M10 of ``docs/rulings.md``.

Each test is named after its ruling and reads as a transcript: a fixed deal (seven cards each,
dealt one at a time from seat 0; see ``transcript_million_doubt.deal_deck``) or a written position
in the middle of a game, then moves ``"SEAT: ACTION, ACTION"``.  Unless a test says otherwise seat 0
leads (``first_leader=0``).  A play takes one action per card (version 2): ``show S5, show H5, play``
lays a pair face up; ``show S5, play *2`` announces S5 and two cards face down, which
``hide C4, hide D9`` then names, in hand order.  ``offers`` and ``plays`` list whole plays in
version 1's one-line form (``play S5 H5``, ``play S5 *2``).
"""

from __future__ import annotations

import pytest

from kakehiki import OptionError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.driver import next_moves, play_out
from kakehiki.games.million_doubt import MillionDoubtState
from kakehiki.games.million_doubt.rules.match import full_deck
from kakehiki.options import OptionValue
from transcript_million_doubt import (
    GAME,
    cards,
    deal,
    deal_deck,
    hand,
    legal,
    of_type,
    offers,
    outcome,
    play,
    plays,
    position,
    refused,
    run,
    view,
)

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)

# Four seats.  Seat 0 holds a joker and a J; seat 1 the 2 of clubs and an ace; nobody holds an 8.
DEAL = {
    0: "S3 S4 S5 H6 D9 CJ JK",
    1: "H3 D5 S7 H9 DQ C2 SA",
    2: "C4 H5 D7 S9 HQ SK D2",
    3: "D3 C5 H7 C9 CQ DK H2",
}


def game(**options: OptionValue) -> MillionDoubtState:
    return deal(DEAL, leader=0, seed=0, **options)


# -- M1 cards, deal, players, first leader ------------------------------------------------------------


def test_M1_seven_each_the_rest_set_aside_unseen() -> None:
    state = game()
    for seat in range(4):
        assert hand(state, seat) == cards(DEAL[seat])
    seen = view(state, 0)
    assert seen.hand_sizes == (7, 7, 7, 7) and seen.aside == 26
    assert len(GAME.all_cards(state)) == 54 and sum(1 for c in GAME.all_cards(state) if c.is_joker) == 2
    assert view(state).hand is None and view(state).aside == 26  # a spectator sees counts, never cards
    dealt = of_type(GAME.start(players=4, options={"first_leader": 0}, deck=deal_deck(DEAL))[1], "Dealt")
    assert [e.seen_by(0).cards is None for e in dealt] == [False, True, True, True]


@pytest.mark.parametrize(("players", "aside"), [(2, 40), (7, 5)])
def test_M1_two_to_seven_players(players: int, aside: int) -> None:
    state = GAME.new(players=players, seed=1)
    assert view(state).aside == aside and set(view(state).hand_sizes) == {7}
    for bad in (1, 8):
        with pytest.raises(OptionError):
            GAME.new(players=bad)


def test_M1_explicit_deck_is_the_52_cards_and_two_jokers() -> None:
    deck = deal_deck(DEAL)
    with pytest.raises(OptionError) as info:
        GAME.new(players=4, deck=deck[:-1])
    assert info.value.option == "deck"
    assert sorted(c.index for c in deck) == sorted(c.index for c in full_deck())


def test_M1_first_leader_random_follows_the_seed() -> None:
    leaders = {view(GAME.new(players=4, seed=seed)).turn for seed in range(12)}
    assert len(leaders) > 1
    assert view(GAME.new(players=4, seed=5)).turn == view(GAME.new(players=4, seed=5)).turn
    assert view(game(first_leader=2)).turn == 2
    with pytest.raises(OptionError):
        GAME.new(players=3, options={"first_leader": 3})


def test_M1_first_leader_last_winner_leads_the_next_game() -> None:
    state = GAME.new(players=2, seed=4, options={"first_leader": "last_winner", "games": 2})
    first = view(state).turn
    whole = ", ".join(f"hide {c}" for c in view(state, first).hand)
    state = play(state, f"{first}: play *7, {whole}", f"{1 - first}: pass")
    assert GAME.round_results(state)[0].winners == (first,)
    assert view(state).round_no == 1 and view(state).turn == first and view(state).leader == first


# -- M2 Daifugo plays ----------------------------------------------------------------------------------


def test_M2_a_single_follow_is_strictly_stronger() -> None:
    state = play(game(), "0: show S5, play")
    assert plays(state, 1) == {"play S7", "play H9", "play DQ", "play SA", "play C2"}
    assert refused(state, "1: show D5").rule == "M2", "equal is not stronger"
    assert refused(state, "1: show H3").rule == "M2"
    state = play(state, "1: show H9, play", "2: show D2, play")
    assert plays(state, 3) == set(), "nothing natural beats a 2; H2 is only equal"
    assert [[str(c) for c in p.up] for p in view(state).field] == [["S5"], ["H9"], ["D2"]]


def test_M2_groups_and_stairs_keep_shape_and_size() -> None:
    state = play(game(), "0: show S3, show S4, show S5, play")
    assert refused(state, "1: show H9, play").rule == "M2", "H9 may begin a claim of three, not a single"
    assert plays(state, 1) == set(), "seat 1 has no stairs"
    state = position({0: "S9 H9 D4 D5 D6 JK", 1: "S8 H8 D3"}, field=[(1, "C7 D7")])
    assert plays(state, 0) == {"play S9 H9", "play S9 JK", "play H9 JK"}, "D6 JK is a pair of 6s: too weak"
    assert refused(state, "0: show D4").rule == "M2", "no play of the hand starts with D4 here"
    stairs = position({0: "D4 D5 D6 D7 JK", 1: "S8"}, field=[(1, "H3 H4 H5")])
    # Every 3-card stair of the hand beats 3-4-5; with the joker, D4 D5 JK may be 4-5-6.
    assert plays(stairs, 0) == {"play D4 D5 D6", "play D5 D6 D7", "play D4 D5 JK", "play D4 D6 JK",
                                "play D5 D6 JK", "play D5 D7 JK", "play D6 D7 JK"}


def test_M2_jokers_are_wild_and_a_lone_joker_beats_everything() -> None:
    state = position({0: "S2 S3 D7", 1: "JK C4"}, field=[(0, "H2")], turn=1)
    assert "play JK" in offers(state, 1)
    state = play(state, "1: show JK, play")
    assert legal(state, 0) == {"pass"}, "nothing beats a lone joker, face down neither"
    reversed_field = position({0: "S3 D7", 1: "JK C4"}, field=[(0, "H3")], revolution=True, turn=1)
    assert "play JK" in offers(reversed_field, 1), "the joker beats the 3 under a revolution too"


def test_M2_spade3_beats_joker_option() -> None:
    state = position({0: "S3 H3 D7", 1: "C4"}, field=[(1, "JK")])
    assert legal(state, 0) == {"pass"}
    state = position({0: "S3 H3 D7", 1: "C4"}, field=[(1, "JK")], options={"spade3_beats_joker": True})
    assert offers(state, 0) == {"pass", "play S3", "play *1"}
    assert legal(state, 0) == {"pass", "show S3", "play *1"}


# -- M3 revolution, 11-back, 8-cut, suit lock ------------------------------------------------------------

REVOLUTIONS = {0: "S5 H5 D5 C5 S9 H3", 1: "S4 D4 C4 H4 D8 C3", 2: "H6 D6 C6 S6 SK C10"}


def test_M3_revolution_reverses_the_order_until_the_next_one() -> None:
    state, events = run(position(REVOLUTIONS), "0: show S5, show H5, show D5, show C5, play")
    assert [(e.seat, e.revolution) for e in of_type(events, "Revolution")] == [(0, True)]
    assert view(state).reversed_order and view(state).revolution
    assert plays(state, 1) == {"play S4 H4 D4 C4"}, "lower wins now"
    state, events = run(state, "1: show S4, show H4, show D4, show C4, play")
    assert not view(state).revolution, "a second revolution turns it back"
    assert plays(state, 2) == {"play S6 H6 D6 C6"}
    state = play(state, "2: show S6, show H6, show D6, show C6, play", "0: pass", "1: pass")
    assert view(state).revolution and view(state).field == () and view(state).turn == 2
    state = play(state, "2: show C10, play")
    assert plays(state, 0) == {"play S9", "play H3"}, "the revolution outlives the field"


def test_M3_eleven_back_lasts_until_the_field_clears() -> None:
    state = position({0: "HJ S4 SK", 1: "S10 SQ S3 D7"}, field=[(1, "D9")])
    state, events = run(state, "0: show HJ, play")
    assert [(e.seat, e.eleven_back) for e in of_type(events, "ElevenBack")] == [(0, True)]
    assert plays(state, 1) == {"play S10", "play S3", "play D7"}
    state = play(state, "1: show S3, play", "0: pass")
    assert not view(state).eleven_back and not view(state).reversed_order
    state = play(state, "1: show D7, play")
    assert plays(state, 0) == {"play SK"}


def test_M3_revolution_and_eleven_back_cancel_out() -> None:
    state = position({0: "HJ S4 SK", 1: "S10 SQ S3 D7"}, field=[(1, "D9")], revolution=True)
    assert plays(state, 0) == {"play S4"}, "in a revolution the lower card wins"
    state = position({0: "HJ S4 SK", 1: "S10 D3 SA D7"}, field=[(1, "SQ")], revolution=True)
    state = play(state, "0: show HJ, play")
    assert view(state).revolution and view(state).eleven_back and not view(state).reversed_order
    assert plays(state, 1) == {"play SA"}, "revolution and 11-back together: the normal order"


def test_M3_four_jacks_face_up_are_a_revolution_and_an_eleven_back_at_once() -> None:
    state = position({0: "SJ HJ DJ CJ S4 SK", 1: "S3 SQ SA D7 H5"})
    state, events = run(state, "0: show SJ, show HJ, show DJ, show CJ, play")
    assert [(e.seat, e.revolution) for e in of_type(events, "Revolution")] == [(0, True)]
    assert [(e.seat, e.eleven_back) for e in of_type(events, "ElevenBack")] == [(0, True)]
    assert not view(state).reversed_order, "the two cancel out while the field lasts"
    state = play(state, "1: pass")
    assert view(state).field == () and view(state).revolution and not view(state).eleven_back
    state = play(state, "0: show SK, play")
    assert plays(state, 1) == {"play S3", "play H5", "play D7", "play SQ"}, "the revolution outlives the field"


def test_M3_eight_cut_clears_the_field_and_its_player_leads_again() -> None:
    state = position({0: "D8 S4 H4", 1: "SK C2", 2: "S3 H9"}, field=[(1, "S6")])
    state, events = run(state, "0: show D8, play")
    assert [e.reason for e in of_type(events, "FieldCleared")] == ["eight_cut"]
    assert view(state).field == () and view(state).turn == 0
    assert "pass" not in legal(state, 0)
    stairs = position({0: "S7 S8 S9 H4", 1: "SK C2"}, field=[(1, "D4 D5 D6")])
    stairs, events = run(stairs, "0: show S7, show S8, show S9, play")
    assert of_type(events, "EightCut") and view(stairs).turn == 0
    joker = position({0: "S7 JK S9 H4", 1: "SK C2"}, field=[(1, "D4 D5 D6")])
    joker, events = run(joker, "0: show S7, show S9, show JK, play")
    assert not of_type(events, "EightCut"), "a joker standing in for an 8 does not cut"


def test_M3_eight_cut_with_the_last_card_hands_the_lead_on() -> None:
    state = position({0: "D8", 1: "SK C2", 2: "S3 H9"}, field=[(1, "S6")])
    state, events = run(state, "0: show D8, play")
    assert of_type(events, "WentOut") and view(state).status[0] == "out"
    assert view(state).turn == 1 and view(state).field == ()


def test_M3_suit_lock_binds_the_suits_until_the_field_clears() -> None:
    state = position({0: "S5 H4 JK", 1: "S9 H10 D3", 2: "SJ HK DA CK"})
    state, events = run(state, "0: show S5, play", "1: show S9, play")
    assert [e.suits for e in of_type(events, "Locked")] == ["S"]
    assert plays(state, 2) == {"play SJ"}
    assert refused(state, "2: show HK").rule == "M3"
    state = play(state, "2: pass", "0: show JK, play")
    assert view(state).lock == "S", "the joker keeps the lock"
    state = play(state, "1: pass", "2: pass")
    assert view(state).lock == "" and view(state).turn == 0


def test_M3_lock_on_pairs_and_no_lock_from_different_suits() -> None:
    state = position({0: "S5 H5 C3", 1: "S9 H9 D3", 2: "SJ DJ HK CK"})
    state = play(state, "0: show S5, show H5, play", "1: show S9, show H9, play")
    assert view(state).lock == "SH"
    assert plays(state, 2) == set()
    state = position({0: "S5 D5 C3", 1: "S9 H9 D3", 2: "SJ DJ HK CK"})
    state = play(state, "0: show S5, show D5, play", "1: show S9, show H9, play")
    assert view(state).lock == "" and plays(state, 2) == {"play SJ DJ", "play HK CK"}


def test_M3_no_forbidden_finishes() -> None:
    for last, field in (("JK", "S2"), ("H2", "SA"), ("S8", "C4"), ("S3 H3 D3 C3", "S9 H9 D9 C9")):
        state = position({0: last, 1: "S4 H5 D6"}, field=[(1, field)], revolution=last.startswith("S3"))
        state = play(state, "0: " + ", ".join(f"show {c}" for c in cards(last)) + ", play")
        assert outcome(state)[0] == (0,), last


# -- M4 face-down plays are claims ---------------------------------------------------------------------


def test_M4_a_face_down_play_is_announced_then_its_cards_named() -> None:
    state, events = run(game(), "0: show S5, play *2")
    assert view(state, 0).phase == "hide" and view(state, 0).claim == (tuple(parse_cards("S5")), 2, False)
    assert GAME.actors(state) == (0,) and events == []
    for seat in (1, 2, 3, None):
        assert view(state, seat) == view(game(), seat), "nobody else sees a play in the making"
    # The face-down cards are named one at a time in hand order: the first of two is any but the last.
    assert legal(state, 0) == {"hide S3", "hide S4", "hide H6", "hide D9", "hide CJ", "undo"}
    hides = legal(state, 0) - {"undo"}
    assert sum(len(legal(play(state, f"0: {first}"), 0) - {"undo"}) for first in hides) == 15, "any 2 of 6"
    assert refused(state, "0: hide JK").rule == "M4", "nothing would be left to name after the joker"
    assert refused(state, "0: hide D9, hide S4").rule == "M4", "S4 comes before D9"
    assert refused(state, "0: hide S5").rule == "C6", "S5 lies face up already"
    assert refused(state, "1: doubt").rule == "M6", "nobody may doubt before the play is complete"
    state, events = run(state, "0: hide D9")
    assert events == [] and view(state, 1) == view(game(), 1) and legal(state, 0) == {"hide CJ", "hide JK", "undo"}
    state, events = run(state, "0: hide CJ")
    played = of_type(events, "Played")[0]
    assert played.seen_by(1).down == (None, None)
    assert played.seen_by(0).down == parse_cards("D9 CJ")
    assert view(state, 1).field[0].down == (None, None)
    assert [str(c) for c in view(state, 0).field[0].down] == ["D9", "CJ"]
    assert hand(state, 0) == cards("S3 S4 H6 JK")


def test_M4_declared_revolution_takes_effect_when_nobody_doubts() -> None:
    state = position({0: "S5 H5 D9 C4 S2", 1: "S3 H3", 2: "D3 DK"})
    assert "play S5 H5 *2 revolution" in offers(state, 0)
    assert refused(state, "0: show S5, play *2 revolution").rule == "M4", "only four cards make a revolution"
    state, events = run(state, "0: show S5, show H5, play *2 revolution", "0: hide C4, hide D9")
    assert not view(state).revolution, "not before the doubt window closes"
    state, events = run(state, "1: pass", "2: pass")
    assert [e.revolution for e in of_type(events, "Revolution")] == [True]
    assert view(state).reversed_order and view(state).turn == 1


def test_M4_eight_cut_and_eleven_back_need_the_whole_play_face_up() -> None:
    state = position({0: "S8 HJ D3 C3", 1: "S4 H4 C2", 2: "D4 DK"}, field=[(1, "S5 H5")])
    state, events = run(state, "0: show S8, play *1", "0: hide D3", "1: pass", "2: pass")
    assert not of_type(events, "EightCut") and view(state).turn == 1 and len(view(state).field) == 2
    state = position({0: "S8 HJ D3 C3", 1: "S4 H4 C2", 2: "D4 DK"}, field=[(1, "S5 H5")])
    state, events = run(state, "0: show HJ, play *1", "0: hide C3", "1: pass", "2: pass")
    assert not of_type(events, "ElevenBack") and not view(state).eleven_back


def test_M4_claims_that_show_their_own_falsehood_are_refused() -> None:
    state = position({0: "S5 H5 D3 SK", 1: "C4 C6"}, field=[(1, "S9 H9")])
    # No play showing S5 beats the 9s: not the 5s face up, nor S5 and a face-down card read as a
    # pair of 5s.  So S5 is refused as soon as it is shown, as not stronger (M2).
    assert refused(state, "0: show S5").rule == "M2", "no pair of 5s beats 9s"
    assert refused(state, "0: play *1").rule == "M2", "the field holds two cards"
    assert refused(state, "0: show SK, play *4").rule == "C6"
    assert refused(state, "0: show SK, play *2 revolution").rule == "M4", "only four cards make a revolution"
    assert offers(state, 0) == {"play SK *1", "play *2", "pass"}
    assert legal(state, 0) == {"show SK", "play *2", "pass"}


def test_M4_face_down_false_plays_plain_daifugo() -> None:
    state = game(face_down=False, deal="seven")
    assert not any("*" in a for a in offers(state, 0))
    assert refused(state, "0: show S5, play *1").rule == "M4"
    state = play(state, "0: show S5, play")
    assert GAME.actors(state) == (1,) and view(state).window == (), "no doubt window"
    assert offers(state, 1) == {"pass", "play S7", "play H9", "play DQ", "play SA", "play C2"}


def test_M1_plain_daifugo_deals_every_card_by_default() -> None:
    plain = GAME.new(players=4, seed=3, options={"face_down": False})
    assert [len(h) for h in plain.hands] == [14, 14, 13, 13] and plain.aside == ()
    assert GAME.view(plain, None).aside == 0
    seven = GAME.new(players=4, seed=3, options={"face_down": False, "deal": "seven"})
    assert [len(h) for h in seven.hands] == [7] * 4 and len(seven.aside) == 26
    assert [len(h) for h in GAME.new(players=3, seed=3, options={"deal": "all", "burst_at": 20}).hands] == [18] * 3


def test_M1_dealing_every_card_at_or_past_burst_at_is_refused() -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=4, options={"deal": "all"})
    assert err.value.option == "deal" and "burst_at=11" in str(err.value)


@pytest.mark.parametrize("burst_at", [2, 5, 7])
def test_M9_burst_at_no_larger_than_the_seven_dealt_is_refused_as_deal_all_is(burst_at: int) -> None:
    # Every hand would start at or past the burst size: refused before a card is dealt, naming burst_at.
    with pytest.raises(OptionError) as err:
        GAME.new(players=3, options={"burst_at": burst_at})
    assert err.value.option == "burst_at" and f"burst_at={burst_at}" in str(err.value)
    assert "hands of 7" in str(err.value)
    assert len(GAME.new(players=3, options={"burst_at": 8}).hands[0]) == 7, "one above the deal plays"
    assert GAME.new(players=3, options={"burst_at": burst_at, "face_down": False, "deal": "seven"}), \
        "without face_down nobody is given cards, so nobody bursts"


def test_M4_undo_takes_back_a_play_being_made_and_nobody_else_hears_of_it() -> None:
    start = game()
    for moves in (["0: show S5"], ["0: show S5, play *2", "0: hide S3"]):
        made, _ = run(start, *moves)
        assert "undo" in legal(made, 0)
        state, events = run(made, "0: undo")
        assert (state.hands, state.phase, state.laying, state.claim, state.hiding) == \
            (start.hands, start.phase, (), None, ())
        assert [e.seen_by(0) is not None for e in events] == [True] and all(e.seen_by(s) is None for e in events
                                                                           for s in (1, 2, 3, None))
        for seat in (1, 2, 3, None):
            assert view(state, seat) == view(start, seat), "nobody else saw the play, nor its end"
        assert legal(state, 0) == legal(start, 0), "the turn starts over"
    assert refused(start, "0: undo").rule == "M4", "nothing is being made"
    assert refused(start, "1: undo").rule == "C2"


# -- M5 the favourable reading -------------------------------------------------------------------------


def test_M5_source_example_spade5_and_two_face_down() -> None:
    # "S5, down, down": read as the stairs S5 S6 S7, 6-7-8 beats it; read as three 5s, three 7s do.
    state = position({0: "H6 H7 H8 S7 D7 C7 D4 D5 D6 D3", 1: "C4 C5"}, field=[(1, "S5 *2")])
    assert {"play H6 H7 H8", "play S7 D7 C7", "play D4 D5 D6"} <= plays(state, 0)
    assert "play D3 D4 D5" not in plays(state, 0), "3-4-5 beats no reading"


def test_M5_wholly_face_down_plays_are_as_if_absent() -> None:
    # The source's example: Q, then down, then down: only K or better may follow.
    state = play(game(), "0: show S4, play", "1: show DQ, play", "2: play *1, hide C4", "1: pass", "3: pass",
                 "0: pass", "3: play *1, hide D3", "2: pass", "0: pass", "1: pass")
    assert view(state).turn == 0 and view(state).binding == 1
    assert plays(state, 0) == {"play JK"}, "nothing else of seat 0's beats the Q"
    assert refused(state, "0: show CJ").rule == "M2"


def test_M5_a_face_down_lead_leaves_a_free_lead() -> None:
    state = position({0: "S3 H9 D9", 1: "C4 C5 C6"}, field=[(1, "*2")])
    assert view(state).binding == -1
    assert {"pass", "play S3", "play H9 D9", "play *3"} <= offers(state, 0)


def test_M5_a_declared_revolution_reads_as_four_of_a_kind() -> None:
    state = position({0: "S6 H6 D6 C6 D7 D8 D9", 1: "C4"}, field=[(1, "S5 *3 revolution")])
    assert plays(state, 0) == {"play S6 H6 D6 C6"}


# -- M6 the doubt window --------------------------------------------------------------------------------


def test_M6_after_a_lead_doubt_is_offered_from_the_next_seat() -> None:
    state, events = run(game(), "0: play *1", "0: hide S3")
    assert GAME.actors(state) == (1, 2, 3) and view(state).window == (1, 2, 3)
    assert [e.order for e in of_type(events, "DoubtOffered")] == [(1, 2, 3)]
    assert legal(state, 2) == {"doubt", "pass"} and legal(state, 0) == set()


def test_M6_after_a_follow_from_the_seat_that_made_the_previous_play() -> None:
    state = play(game(), "0: show S4, play", "1: show H9, play", "2: play *1", "2: hide C4")
    assert GAME.actors(state) == (1, 3, 0)


def test_M6_a_previous_player_who_went_out_is_skipped() -> None:
    state = position({0: "S3 H4", 2: "SK C5", 3: "D6 D7"}, field=[(1, "S9")], turn=2)
    state = play(state, "2: play *1", "2: hide C5")
    assert GAME.actors(state) == (3, 0)
    assert refused(state, "1: doubt").rule == "M9"  # out of the game, so never offered Doubt


def test_M6_doubt_comes_before_the_next_action() -> None:
    state = play(game(), "0: show S4, play", "1: play *1", "1: hide H3")
    assert view(state).turn == 1 and view(state).phase == "doubt"
    assert refused(state, "2: show D7").rule == "M6"
    assert refused(state, "1: doubt").rule == "M6", "not on one's own play"
    state = play(state, "0: pass")
    assert refused(state, "0: doubt").rule == "M6", "seat 0 has answered"
    state = play(state, "3: pass", "2: pass")
    assert view(state).phase == "turn" and view(state).turn == 2, "play goes on after the player"


def test_M6_claims_together_resolve_in_window_order() -> None:
    state = play(game(), "0: show S4, play", "1: show H9, play", "2: play *1", "2: hide C4")
    answers = {1: "pass", 3: "doubt", 0: "doubt"}
    moves = next_moves(GAME, state, lambda seat: GAME.parse_action(answers[seat]))
    assert [(seat, str(a)) for seat, a in moves] == [(3, "doubt")]


def test_M6_no_window_after_a_wholly_face_up_play() -> None:
    state, events = run(game(), "0: show S4, play")
    assert not of_type(events, "DoubtOffered") and GAME.actors(state) == (1,)


# -- M7 the reveal, the judgement and the penalty -------------------------------------------------------


def test_M7_successful_doubt_the_caller_gives_and_leads() -> None:
    state, events = run(game(), "0: show S4, play", "1: play *1", "1: hide H3", "2: doubt")
    assert [e.plays for e in of_type(events, "Revealed")] == [((0, parse_cards("S4")), (1, parse_cards("H3")))]
    assert [(e.legal, e.chooser) for e in of_type(events, "Judged")] == [(False, 2)]
    assert GAME.actors(state) == (2,) and legal(state, 2) == {"give S4", "give H3"}
    assert refused(state, "2: done").rule == "M7", "a non-empty part of the field"
    assert refused(state, "1: give H3").rule == "M7"
    state, events = run(state, "2: give H3", "2: done")
    penalties = of_type(events, "Penalty")
    assert [(e.receiver, [str(c) for c in e.cards], [str(c) for c in e.discarded]) for e in penalties] == \
        [(1, ["H3"], ["S4"])]
    assert hand(state, 1) == cards("H3 D5 S7 H9 DQ C2 SA") and [str(c) for c in view(state).known[1]] == ["H3"]
    assert [str(c) for c in view(state).gone] == ["S4"]
    assert view(state).turn == 2 and view(state).field == () and "pass" not in legal(state, 2)


def test_M7_failed_doubt_the_player_gives_and_leads() -> None:
    state, events = run(game(), "0: show S4, play", "1: play *1", "1: hide SA", "3: doubt")
    assert [(e.legal, e.chooser) for e in of_type(events, "Judged")] == [(True, 1)]
    state = play(state, "1: give S4", "1: give SA")  # the whole field: settled at once
    assert hand(state, 3) == cards("D3 C5 H7 C9 CQ DK H2 S4 SA")
    assert view(state).turn == 1 and view(state).phase == "turn"


def test_M7_judged_against_the_field_as_it_stood_with_the_favourable_reading() -> None:
    # S5 and two face-down cards may be 3-4-5: a 4-5-6 stair laid face down on it is legal.
    state = position({0: "D4 D5 D6 C9", 1: "S3 H7", 2: "H9 HQ"}, field=[(2, "S5 *2")])
    state, events = run(state, "0: play *3", "0: hide D4, hide D5, hide D6", "2: doubt")
    assert of_type(events, "Judged")[0].legal
    # A wholly face-down play in between binds nobody: the S9 does.
    state = position({0: "S10 S8 C2", 1: "S3 H7", 2: "H9 HQ"}, field=[(1, "S9"), (2, "*1")])
    _, events = run(state, "0: play *1", "0: hide S10", "1: doubt")
    assert of_type(events, "Judged")[0].legal
    _, events = run(state, "0: play *1", "0: hide S8", "1: doubt")
    assert not of_type(events, "Judged")[0].legal


def test_M7_a_lead_only_needs_a_valid_shape() -> None:
    state = position({0: "S3 S4 JK C9", 1: "H5 H6", 2: "D7 D8"})
    _, events = run(state, "0: play *2", "0: hide S3, hide S4", "1: doubt")
    assert not of_type(events, "Judged")[0].legal, "S3 S4 is no pair and no stair"
    _, events = run(state, "0: play *2", "0: hide S3, hide JK", "1: doubt")
    assert of_type(events, "Judged")[0].legal, "the joker makes a pair of 3s"


def test_M7_a_revolution_claim_must_be_true() -> None:
    state = position({0: "S3 S4 S5 JK H9 D9 C9 S9", 1: "H5 H6", 2: "D7 D8"})
    _, events = run(state, "0: play *4 revolution", "0: hide S3, hide S4, hide S5, hide JK", "2: doubt")
    assert not of_type(events, "Judged")[0].legal and not of_type(events, "Revolution")
    state, events = run(state, "0: play *4 revolution", "0: hide S9, hide H9, hide D9, hide C9", "2: doubt")
    assert of_type(events, "Judged")[0].legal
    assert [e.revolution for e in of_type(events, "Revolution")] == [True] and view(state).revolution


def test_M7_the_whole_field_is_turned_up_and_any_part_may_be_given() -> None:
    state = position({0: "S10 C2 D3", 1: "S3 H7", 2: "H9 HQ"}, field=[(1, "S9"), (2, "*D4")])
    state, events = run(state, "0: play *1", "0: hide D3", "1: doubt")
    assert [(s, [str(c) for c in cs]) for s, cs in of_type(events, "Revealed")[0].plays] == \
        [(1, ["S9"]), (2, ["D4"]), (0, ["D3"])]
    assert legal(state, 1) == {"give D3", "give D4", "give S9"}
    state = play(state, "1: give D4", "1: done")
    assert hand(state, 0) == cards("S10 C2 D4") and view(state).turn == 1


def test_M7_a_player_who_went_out_still_chooses_and_the_next_seat_leads() -> None:
    state = position({0: "S5", 1: "S3 H4", 2: "D4 DK"}, field=[(1, "S4")])
    state, events = run(state, "0: play *1", "0: hide S5", "1: doubt")
    assert of_type(events, "WentOut") and view(state).status[0] == "out"
    assert GAME.actors(state) == (0,)
    state = play(state, "0: give S4", "0: done")
    assert hand(state, 1) == cards("S3 H4 S4") and view(state).turn == 1


# -- M8 passing --------------------------------------------------------------------------------------------


def test_M8_when_every_other_seat_passes_the_field_leaves_and_the_last_player_leads() -> None:
    state, events = run(game(), "0: show S4, play", "1: pass", "2: pass", "3: pass")
    assert [(e.reason, e.count, e.leader) for e in of_type(events, "FieldCleared")] == [("all_pass", 1, 0)]
    assert view(state).field == () and [str(c) for c in view(state).gone] == ["S4"] and view(state).turn == 0


def test_M8_a_seat_that_passed_may_play_later_in_the_trick() -> None:
    state = play(game(), "0: show S4, play", "1: pass", "2: show D7, play", "3: pass", "0: pass")
    assert view(state).turn == 1 and "play H9" in offers(state, 1)


def test_M8_the_leader_cannot_pass_and_doubt_passes_do_not_count() -> None:
    assert refused(game(), "0: pass").rule == "M8"
    state = play(game(), "0: show S4, play", "1: play *1", "1: hide SA", "2: pass", "3: pass", "0: pass")
    assert view(state).passes == 0 and view(state).turn == 2
    state = play(state, "2: pass", "3: pass", "0: pass")
    assert view(state).field == () and view(state).turn == 1


def test_M8_if_the_last_player_went_out_the_next_active_seat_leads() -> None:
    state = position({0: "S9", 1: "S3 H4", 2: "D4 DK"})
    state, events = run(state, "0: show S9, play", "1: pass", "2: pass")
    assert [e.leader for e in of_type(events, "FieldCleared")] == [1]


# -- M9 bursts and going out -----------------------------------------------------------------------------

TEN = "S3 H3 D3 S4 H4 D4 S5 H5 D5 S6"


def burst_game(**options: object) -> object:
    """Seat 0 (ten cards) lies on S9 with S3 and is doubted by seat 1, which gives both cards back."""
    state = position({0: TEN, 1: "C2 C4", 2: "DK D7"}, field=[(1, "S9")], options=options)
    return play(state, "0: play *1", "0: hide S3", "1: doubt", "1: give S3", "1: give S9")


def test_M9_a_hand_of_burst_at_cards_bursts() -> None:
    state = burst_game()
    assert view(state).status == ("burst", "playing", "playing") and view(state).hand_sizes[0] == 11
    assert view(state).bursts == (0,) and view(state).turn == 1
    assert GAME.result(state) is None, "two seats still play"


def test_M9_burst_at_option() -> None:
    assert view(burst_game(burst_at=12)).status[0] == "playing"
    state = position({0: "S3 H3 D3", 1: "C2 C4", 2: "DK D7"}, field=[(1, "S9")], options={"burst_at": 4})
    state = play(state, "0: play *1", "0: hide S3", "1: doubt", "1: give S3", "1: done")
    assert view(state).status[0] == "playing" and view(state).hand_sizes[0] == 3
    state = position({0: "S3 H3 D3", 1: "C2 C4", 2: "DK D7"}, field=[(1, "S9")], options={"burst_at": 4})
    state = play(state, "0: play *1", "0: hide S3", "1: doubt", "1: give S9", "1: give S3")
    assert view(state).status[0] == "burst"


def test_M9_an_empty_hand_goes_out_once_its_last_play_survives_doubt() -> None:
    state = position({0: "D6", 1: "S3 H4", 2: "D4 DK"}, field=[(1, "S4")])
    state, events = run(state, "0: play *1", "0: hide D6")
    assert view(state).status[0] == "playing" and not of_type(events, "WentOut")
    state, events = run(state, "1: pass", "2: pass")
    assert view(state).status[0] == "out" and view(state).finished == (0,)
    caught = position({0: "D3", 1: "S3 H4", 2: "D4 DK"}, field=[(1, "S4")])
    caught = play(caught, "0: play *1", "0: hide D3", "2: doubt", "2: give D3", "2: done")
    assert view(caught).status[0] == "playing" and hand(caught, 0) == ["D3"]


def test_M9_a_face_up_last_card_goes_out_at_once() -> None:
    state, events = run(position({0: "D6", 1: "S3 H4", 2: "D4 DK"}, field=[(1, "S4")]), "0: show D6, play")
    assert [e.place for e in of_type(events, "WentOut")] == [1] and view(state).turn == 1


# -- M10 scoring and the end -----------------------------------------------------------------------------


def test_M10_going_out_collects_a_point_per_card_from_each_active_seat() -> None:
    state, events = run(position({0: "S9", 1: "S3 H4", 2: "D4 DK C5"}), "0: show S9, play")
    assert of_type(events, "WentOut")[0].paid == (0, 2, 3)
    assert view(state).scores == (5, -2, -3)


def test_M10_a_burst_pays_its_hand_size_to_each_active_seat() -> None:
    state = burst_game()
    assert view(state).scores == (-22, 11, 11)


@pytest.mark.parametrize(("points", "paid"), [("auto", 11), ("hand", 4), (5, 5)])
def test_M10_burst_points_with_two_players(points: object, paid: int) -> None:
    state = position({0: "S3 H3 D3", 1: "C2 C4"}, field=[(1, "S9")],
                     options={"burst_at": 4, "burst_points": points})
    state, events = run(state, "0: play *1", "0: hide S3", "1: doubt", "1: give S3", "1: give S9")
    assert of_type(events, "Burst")[0].paid == (0, paid)
    assert outcome(state) == ((1,), (0,), "one_seat_left")
    assert view(state).scores == (-paid, paid)


def test_M10_play_goes_on_until_one_seat_is_left() -> None:
    state = position({0: "S9", 1: "SK", 2: "D4 DK C5"})
    state = play(state, "0: show S9, play")
    assert GAME.result(state) is None and view(state).turn == 1
    state = play(state, "1: show SK, play")
    assert outcome(state) == ((0,), (2,), "one_seat_left")  # the first seat out wins; seat 1 is neither
    result = GAME.result(state)
    assert result is not None and result.scores == (4.0, 2.0, -6.0) and result.ranks == (1, 2, 3)
    assert GAME.actors(state) == () and refused(state, "2: show C5").rule == "M10"


def test_M10_points_add_up_over_the_games_of_a_match() -> None:
    state = GAME.new(players=2, seed=8, options={"games": 2, "first_leader": 0})
    for round_no in range(2):
        assert view(state).round_no == round_no
        whole = ", ".join(f"hide {c}" for c in view(state, 0).hand)
        state = play(state, f"0: play *7, {whole}", "1: pass")
    result = GAME.result(state)
    assert result is not None and result.scores == (14.0, -14.0) and len(result.rounds) == 2
    assert result.winners == (0,) and result.reason == "match"


def test_M10_a_game_is_won_by_the_seat_ranked_first_not_by_the_first_out() -> None:
    # Seed 7, three random bots: seat 0 goes out first (M9) but seat 2, out later, is paid more
    # (M10).  The result's winners and losers are the seats ranked first and last; the game's own
    # record in rounds still names the first out.
    done = play_out(GAME, GAME.new(3, {}, seed=7), [make_bot("million-doubt", "random") for _ in range(3)], seed=7)
    result = GAME.result(done.state)
    assert result is not None and result.scores == (10.0, -21.0, 11.0) and result.ranks == (2, 3, 1)
    assert (result.winners, result.losers, result.reason) == ((2,), (1,), "one_seat_left")
    assert (result.rounds[0].winners, result.rounds[0].losers) == ((0,), (2, 1))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_M10_winners_and_losers_are_the_seats_ranked_first_and_last(players: int) -> None:
    for seed in range(12):
        bots = [make_bot("million-doubt", "random") for _ in range(players)]
        result = GAME.result(play_out(GAME, GAME.new(players, {}, seed=seed), bots, seed=seed).state)
        assert result is not None
        assert result.winners == tuple(s for s, r in enumerate(result.ranks) if r == 1), seed
        assert result.losers == tuple(s for s, r in enumerate(result.ranks) if r == max(result.ranks)), seed


# -- common rulings as they apply here ------------------------------------------------------------------


def test_C2_C6_turn_and_cards() -> None:
    assert refused(game(), "1: show H3").rule == "C2"
    assert refused(game(), "0: show H3").rule == "C6"


def test_C7_max_steps_ends_the_game_as_a_draw() -> None:
    # Every action is a step, each card shown or named too: the play of S4 takes two.
    state = play(game(max_steps=4), "0: show S4, play", "1: pass", "2: pass")
    result = GAME.result(state)
    assert result is not None and result.draw and result.reason == "max_steps" and not result.winners
    assert refused(state, "0: pass").rule == "C7"  # over by the step limit, not by M10
    state = play(game(max_steps=2), "0: show S3, show S4")
    assert GAME.result(state) is not None and state.laying == (), "a play in the making ends with the game"


# A two-game match (seed 142, two seats): seat 1 wins the first game and seat 0 the second, by the
# same points: the match ends level.
LEVEL_MATCH = (
    "1: show S6, play", "0: show S7, play", "1: show S8, play", "1: show C9, play", "0: show C10, play",
    "1: show CJ, play", "0: pass", "1: show H8, play", "1: show CK, play", "0: show HA, play",
    "1: show C2, play",  # seat 1 is out: the first game ends
    "0: show H4, play", "1: show D9, play", "0: show SJ, play", "1: show C10, play", "0: show C6, play",
    "1: pass", "0: show S8, show D8, play", "0: show SK, play", "1: show CA, play", "0: show H2, play",
)


def test_result_draw_is_true_exactly_when_nobody_is_ranked_apart() -> None:
    # Result.draw (issue 12): a step limit, or a match ending level, ranks every seat 1 and is a draw;
    # a game with a seat out first has a loser and is not.
    capped = GAME.result(play(game(max_steps=4), "0: show S4, play", "1: pass", "2: pass"))
    level = GAME.result(play(GAME.new(players=2, seed=142, options={"games": 2}), *LEVEL_MATCH))
    assert level is not None and [(r.winners, r.losers) for r in level.rounds] == [((1,), (0,)), ((0,), (1,))]
    assert (level.reason, level.scores, level.ranks, level.draw) == ("match", (0.0, 0.0), (1, 1), True)
    assert level.winners == () and level.losers == ()
    one_game = GAME.result(play(GAME.new(players=2, seed=142), *LEVEL_MATCH[:11]))
    assert one_game is not None and one_game.reason == "one_seat_left"
    assert (one_game.winners, one_game.losers, one_game.draw) == ((1,), (0,), False)
    assert capped is not None and capped.draw and capped.ranks == (1, 1, 1, 1)


def test_result_a_burst_paying_nothing_is_no_draw() -> None:
    # burst_points=0: seat 1 loses a doubt, takes S2 and bursts at 8 cards, paying nothing.  The points
    # stay level, but the game has a winner and a loser: ranked apart, not a draw (issue 12).
    state = GAME.new(players=2, seed=17, options={"burst_points": 0, "burst_at": 8})
    state, events = run(state, "0: play *1", "0: hide S2", "1: doubt", "0: give S2")
    result = GAME.result(state)
    assert result is not None and result.scores == (0.0, 0.0)
    assert (result.winners, result.losers, result.ranks, result.draw) == ((0,), (1,), (1, 2), False)
    assert [e.ranks for e in of_type(events, "MatchEnded")] == [(1, 2)]
