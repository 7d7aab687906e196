"""Ruling tests for Daifugo: one section per ruling F1-F11 of ``docs/rulings.md``.

Each test reads as a transcript: a table set up with the hands written out (``table``: seat 0 to
move unless it says otherwise, one game unless it says otherwise), then moves ``"SEAT: MOVE"`` in
the whole-move notation (``0: play S5 H5`` is ``show S5, show H5, play``; ``1: give C3 D4``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

from kakehiki import IllegalActionError, OptionError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.cards import JOKER, STANDARD_DECK
from kakehiki.core import Event
from kakehiki.games.daifugo import DAIFUGO as GAME
from kakehiki.games.daifugo.rules.model import DaifugoAction, DaifugoState
from kakehiki.games.daifugo.rules.plays import sort_cards

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)


def table(hands: dict[int, str], turn: int = 0, **options: object) -> DaifugoState:
    """A game whose hands are ``hands`` (every other card out of play), ``turn`` to lead."""
    n = len(hands)
    state = GAME.new(players=n, seed=7, options={"games": 1, **options})
    held = tuple(sort_cards(parse_cards(hands[s])) for s in range(n))
    return dataclasses.replace(state, hands=held, turn=turn, gone=())


def run(state: DaifugoState, *moves: str) -> tuple[DaifugoState, list[Event]]:
    events: list[Event] = []
    for text in moves:
        seat, _, move = text.partition(":")
        for step in GAME.parse_move(move.strip()):
            state, caused = GAME.apply(state, int(seat), step)
            events.extend(caused)
    return state, events


def play(state: DaifugoState, *moves: str) -> DaifugoState:
    return run(state, *moves)[0]


def kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def refused(state: DaifugoState, text: str) -> str:
    """The ruling id the move's first refused step names."""
    seat, _, move = text.partition(":")
    with pytest.raises(IllegalActionError) as err:
        for step in GAME.parse_move(move.strip()):
            state, _ = GAME.apply(state, int(seat), step)
    return err.value.rule


def moves(state: DaifugoState, seat: int) -> set[str]:
    return {GAME.move_text(m) for m in GAME.legal_moves(state, seat)}


def of(events: list[Event], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]


# -- F1 deck and deal ----------------------------------------------------------------------------


def test_F1_every_card_dealt_round_the_table_and_the_diamond_3_leads() -> None:
    state = GAME.new(players=4, seed=3)
    assert [len(h) for h in state.hands] == [14, 13, 13, 13]
    leader = GAME.actors(state)[0]
    assert parse_cards("D3")[0] in state.hands[leader]
    deck = [*STANDARD_DECK, JOKER]
    dealt = GAME.new(players=4, deck=deck)
    assert dealt.hands[0][:3] == sort_cards(deck[0::4])[:3] and len(dealt.hands[0]) == 14


def test_F1_two_decks_from_seven_players_and_one_or_two_jokers() -> None:
    assert len(GAME.all_cards(GAME.new(players=6))) == 53
    seven = GAME.all_cards(GAME.new(players=7))
    assert len(seven) == 106 and seven.count(JOKER) == 2
    assert len(GAME.all_cards(GAME.new(players=4, options={"jokers": 2}))) == 54
    assert len(GAME.all_cards(GAME.new(players=8, options={"decks": 1}))) == 53


def test_F1_an_explicit_deck_must_be_the_games_deck() -> None:
    with pytest.raises(OptionError):
        GAME.new(players=4, deck=list(STANDARD_DECK))


# -- F2 plays ------------------------------------------------------------------------------------


def test_F2_singles_groups_and_stairs_with_the_joker_wild() -> None:
    state = table({0: "S3 S4 H4 S6 JK", 1: "C9"})
    offered = moves(state, 0)
    assert {"play S3", "play S4 H4", "play S4 H4 JK", "play S3 S4 JK", "play S4 S6 JK", "play JK"} <= offered
    assert "play S3 H4" not in offered and "play S3 S4" not in offered  # two in a row is no stairs


def test_F2_a_play_is_made_of_ones_own_cards_in_hand_order() -> None:
    state = table({0: "S3 S4 H4", 1: "C9"})
    assert refused(state, "0: show D7") == "F2"
    state = play(state, "0: show H4")
    assert refused(state, "0: show S4") == "F2"  # S4 comes before H4


def test_F2_nobody_sees_a_play_before_it_is_made() -> None:
    state = table({0: "S3 S4 H4", 1: "C9"})
    shown, events = run(state, "0: show S4")
    assert events == [] and GAME.view(shown, 1) == GAME.view(state, 1)


# -- F3 beating and passing ----------------------------------------------------------------------


def test_F3_a_follow_has_the_shape_and_size_and_is_stronger() -> None:
    state = play(table({0: "S5 H5 D9", 1: "S4 H4 S6 H6 C7", 2: "CK"}), "0: play S5 H5")
    assert moves(state, 1) == {"pass", "play S6 H6"}
    assert refused(state, "1: play C7") == "F3"


def test_F3_a_seat_that_passes_sits_out_and_the_last_player_leads_when_all_pass() -> None:
    state = table({0: "S5 D9", 1: "S6 C10", 2: "CK CQ"})
    state, events = run(state, "0: play S5", "1: pass", "2: play CQ", "0: pass")
    assert of(events, "Cleared")[0].leader == 2 and GAME.actors(state) == (2,)
    assert not state.field


def test_F3_the_leader_may_not_pass() -> None:
    assert refused(table({0: "S5", 1: "C9"}), "0: pass") == "F3"


def test_F3_only_the_turn_seat_plays() -> None:
    assert refused(table({0: "S5", 1: "C9"}), "1: play C9") == "F3"


# -- F4 spade 3 over the joker --------------------------------------------------------------------


def test_F4_a_lone_spade_3_beats_a_lone_joker_and_clears_the_field() -> None:
    state, events = run(table({0: "JK D4", 1: "S3 H9"}), "0: play JK", "1: play S3")
    assert of(events, "Cleared")[-1].why == "spade3" and GAME.actors(state) == (1,)


def test_F4_without_spade3_nothing_beats_a_lone_joker() -> None:
    state = play(table({0: "JK D4", 1: "S3 H9"}, spade3=False), "0: play JK")
    assert moves(state, 1) == {"pass"}


# -- F5 revolution --------------------------------------------------------------------------------


def test_F5_four_of_a_kind_turns_the_order_over() -> None:
    state, events = run(table({0: "S5 H5 D5 C5 D9 DK", 1: "S3 H2"}), "0: play S5 H5 D5 C5")
    assert of(events, "Revolution")[0].on and state.revolution
    state = play(state, "1: pass", "0: play D9")
    assert moves(state, 1) == {"pass", "play S3"}  # 3 beats 9, 2 does not


def test_F5_a_joker_completes_a_revolution_and_a_second_one_turns_it_back() -> None:
    state = table({0: "S5 H5 D5 JK S3", 1: "S4 H4 D4 C4 C9"})
    state, events = run(state, "0: play S5 H5 D5 JK", "1: play S4 H4 D4 C4")
    assert [e.on for e in of(events, "Revolution")] == [True, False] and not state.revolution


def test_F5_stairs_of_five_make_a_revolution_only_with_run_revolution() -> None:
    hands = {0: "S3 S4 S5 S6 S7 D9", 1: "H2 C8"}
    assert not play(table(hands), "0: play S3 S4 S5 S6 S7").revolution
    assert play(table(hands, run_revolution=True), "0: play S3 S4 S5 S6 S7").revolution


# -- F6 8-cut and 11-back -------------------------------------------------------------------------


def test_F6_an_eight_clears_the_field_and_its_player_leads_again() -> None:
    state, events = run(table({0: "S5 D9", 1: "H8 C3", 2: "SK"}), "0: play S5", "1: play H8")
    assert of(events, "Cleared")[0].why == "eight" and GAME.actors(state) == (1,) and not state.field


def test_F6_without_eight_cut_an_eight_is_a_plain_card() -> None:
    state = play(table({0: "S5 D9", 1: "H8 C3", 2: "SK"}, eight_cut=False), "0: play S5", "1: play H8")
    assert GAME.actors(state) == (2,)


def test_F6_a_jack_turns_the_order_over_until_the_field_clears() -> None:
    state, events = run(table({0: "SJ S9 DA", 1: "H10 HQ C4", 2: "D3 D2"}), "0: play SJ")
    assert of(events, "ElevenBack")[0].on
    assert moves(state, 1) == {"pass", "play H10", "play C4"}
    state = play(state, "1: play C4", "2: pass", "0: pass")
    assert not state.eleven_back


def test_F6_without_eleven_back_a_jack_is_a_plain_card() -> None:
    state = play(table({0: "SJ S9", 1: "H10 HQ"}, eleven_back=False), "0: play SJ")
    assert moves(state, 1) == {"pass", "play HQ"}


# -- F7 suit lock and strict lock -----------------------------------------------------------------


def test_F7_two_plays_of_the_same_suits_lock_them() -> None:
    state, events = run(table({0: "S5 D9", 1: "S7 H10 SK", 2: "SQ HK"}), "0: play S5", "1: play S7")
    assert of(events, "Locked")[0].suits == ("S",)
    assert moves(state, 2) == {"pass", "play SQ"}
    assert refused(state, "2: play HK") == "F7"


def test_F7_a_joker_stands_in_for_a_locked_suit_and_no_lock_without_the_option() -> None:
    state = play(table({0: "S5 H5 D9", 1: "S7 H7 CA", 2: "CQ JK DK"}), "0: play S5 H5", "1: play S7 H7")
    assert moves(state, 2) == {"pass"}  # CQ JK is not spades and hearts
    state = play(table({0: "S5 D9", 1: "S7 H10", 2: "HQ JK"}), "0: play S5", "1: play S7")
    assert "play JK" in moves(state, 2)
    unlocked = play(table({0: "S5 D9", 1: "S7 H10", 2: "HQ SK"}, lock=False), "0: play S5", "1: play S7")
    assert "play HQ" in moves(unlocked, 2)


def test_F7_strict_lock_climbs_one_rank_at_a_time() -> None:
    hands = {0: "S5 S7 D9", 1: "S6 SQ H4", 2: "S8 S10 C3"}
    state = play(table(hands, strict_lock=True, eight_cut=False), "0: play S5", "1: play S6")
    assert state.strict and moves(state, 2) == {"pass"} and moves(play(state, "2: pass"), 0) == {"pass", "play S7"}
    loose = play(table(hands, eight_cut=False), "0: play S5", "1: play S6")
    assert moves(loose, 2) == {"pass", "play S8", "play S10"}


# -- F8 foul finishes -----------------------------------------------------------------------------


@pytest.mark.parametrize(("last", "option", "why"), [
    ("JK", "foul_joker", "joker"), ("S8", "foul_eight", "eight"), ("S2", "foul_two", "two"),
])
def test_F8_going_out_on_a_forbidden_card_ranks_last(last: str, option: str, why: str) -> None:
    hands = {0: last, 1: "D4 D6", 2: "C4 C6"}
    state, events = run(table(hands), f"0: play {last}")
    assert of(events, "Finished")[0].foul == why
    while GAME.result(state) is None:
        seat = GAME.actors(state)[0]
        state = play(state, f"{seat}: {GAME.move_text(next(iter(GAME.legal_moves(state, seat))))}")
    result = GAME.result(state)
    assert result is not None and result.ranks[0] == 3
    clean, events = run(table(hands, **{option: False}), f"0: play {last}")
    assert of(events, "Finished")[0].foul == "" and clean.finished == (0,)


def test_F8_a_three_during_a_revolution_is_a_foul_finish() -> None:
    state = table({0: "S5 H5 D5 C5 S3", 1: "D9 DK", 2: "C9 CK"})
    state, events = run(state, "0: play S5 H5 D5 C5", "1: pass", "2: pass", "0: play S3")
    assert of(events, "Finished")[0].foul == "three"


# -- F9 the exchange ------------------------------------------------------------------------------


def match(players: int = 4, **options: object) -> DaifugoState:
    """A match played by the heuristic to the start of its second game."""
    state = GAME.new(players=players, seed=11, options={"games": 2, **options})
    bot = make_bot("daifugo", "heuristic")
    rng = random.Random(1)
    while state.round_no == 0:
        seat = GAME.actors(state)[0]
        action = cast(DaifugoAction, bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
        state, _ = GAME.apply(state, seat, action)
    return state


def test_F9_the_poor_hand_over_their_strongest_and_the_rich_return_cards_of_their_choice() -> None:
    state = match()
    order = state.outcomes[0].order
    daifugo, fugo, hinmin, daihinmin = order
    assert state.returns == ((daifugo, daihinmin, 2), (fugo, hinmin, 1))
    assert GAME.actors(state) == (daifugo,)
    assert refused(state, f"{daihinmin}: play {state.hands[daihinmin][0]}") == "F9"
    weakest = state.hands[daifugo][:2]
    before = len(state.hands[daihinmin])
    state, events = run(state, f"{daifugo}: give {weakest[0]} {weakest[1]}")
    assert len(state.hands[daihinmin]) == before + 2 and set(weakest) <= set(state.hands[daihinmin])
    gave = of(events, "Gave")[0]
    assert gave.seen_by(daihinmin).cards == weakest and gave.seen_by(fugo).cards is None
    assert GAME.view(state, daifugo).known == tuple((daihinmin, c) for c in weakest)
    state = play(state, f"{fugo}: give {state.hands[fugo][0]}")
    assert state.phase.name == "TURN" and GAME.actors(state) == (daihinmin,)


def test_F9_the_cards_forced_over_are_the_strongest() -> None:
    state = match(games=2)
    daifugo, daihinmin = state.outcomes[0].order[0], state.outcomes[0].order[-1]
    assert state.hands[daihinmin][-1:] != () and len(state.hands[daifugo]) > len(state.hands[daihinmin])


# -- F10 ranks, the match and the fall -------------------------------------------------------------


def test_F10_places_name_the_ranks() -> None:
    state = match()
    view = GAME.view(state, 0)
    order = state.outcomes[0].order
    assert [view.titles[s] for s in order] == ["daifugo", "fugo", "hinmin", "daihinmin"]
    five = match(players=5)
    assert sorted(GAME.view(five, 0).titles) == sorted(["daifugo", "fugo", "heimin", "hinmin", "daihinmin"])


def test_F10_the_reigning_daifugo_who_does_not_go_out_first_falls() -> None:
    state = match()
    daifugo = state.outcomes[0].order[0]
    others = [s for s in range(4) if s != daifugo]
    one = others[0]
    state = dataclasses.replace(state, phase=type(state.phase).TURN, returns=(), turn=one,
                                hands=tuple(parse_cards("S3") if s == one else state.hands[s] for s in range(4)))
    state, events = run(state, f"{one}: play S3")
    assert of(events, "Fell")[0].seat == daifugo and state.fallen == (daifugo,)


def test_F10_without_miyako_ochi_the_daifugo_plays_on() -> None:
    state = match(miyako_ochi=False)
    daifugo = state.outcomes[0].order[0]
    one = next(s for s in range(4) if s != daifugo)
    state = dataclasses.replace(state, phase=type(state.phase).TURN, returns=(), turn=one,
                                hands=tuple(parse_cards("S3") if s == one else state.hands[s] for s in range(4)))
    state, events = run(state, f"{one}: play S3")
    assert of(events, "Fell") == [] and state.active[daifugo]


def test_F10_the_match_is_over_and_nobody_plays() -> None:
    state = play(table({0: "S5", 1: "C9"}), "0: play S5")
    assert GAME.result(state) is not None and GAME.actors(state) == ()
    assert refused(state, "1: play C9") == "F10"


# -- F11 points ------------------------------------------------------------------------------------


def test_F11_points_per_rank_common_and_uecda() -> None:
    state = match()
    order = state.outcomes[0].order
    assert [state.scores[s] for s in order] == [2, 1, -1, -2]
    uecda = match(scoring="uecda")
    assert [uecda.scores[s] for s in uecda.outcomes[0].order] == [4, 3, 2, 1]


def test_F6_the_rules_texts_example_trick_plays_as_written() -> None:
    """rules_en.md / rules_ja.md, "Example": Ann 0, Ben 1, Cho 2, Dan 3."""
    state = table({0: "D4 C4 S5 H5 HK", 1: "S7 H7 D3 C3 SK", 2: "C10 DK", 3: "SJ DJ CQ"})
    state, events = run(state, "0: play D4 C4", "1: play S7 H7", "2: pass", "3: play SJ DJ", "0: play S5 H5",
                        "1: play D3 C3", "3: pass", "0: pass")
    assert of(events, "ElevenBack")[0].on and of(events, "Cleared")[-1].leader == 1
    assert GAME.actors(state) == (1,) and state.lock is None
