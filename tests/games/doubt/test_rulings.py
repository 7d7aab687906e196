"""Ruling tests for Doubt: one section per ruling B1–B7 of ``docs/rulings.md`` (plus C7).

Each test reads as a transcript: a fixed deal (``transcript_doubt.new``: hands per seat, dealt
round-robin from seat 0), moves ``"SEAT: ACTION"``, and the expected outcome.  Seat 0 plays first.
"""

from __future__ import annotations

import random

import pytest

from kakehiki import NotationError, OptionError, parse_cards
from kakehiki.bots import make_bot
from kakehiki.core import Event
from kakehiki.driver import next_moves, play_out
from kakehiki.record import make_record, replay
from transcript_doubt import (
    GAME,
    cards,
    hand,
    known,
    legal,
    new,
    of_type,
    outcome,
    play,
    refused,
    run,
    sizes,
    stand,
    sure,
)

pytestmark = pytest.mark.usefixtures("engine")  # every transcript on both engines (issue 31)

# Four seats, one suit each: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
FOUR = {0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4", 3: "CA C2 C3 C4"}


# -- C1 notation, C3 determinism -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("play s4", "play S4"), ("ADD h9", "add H9"), ("play 10h", None), ("play c13", "play CK"), ("add jk", "add JK"),
    ("doubt", "doubt"), (" Pass ", "pass"), ("play", None), ("add", None), ("doubt now", None), ("cheat", None),
    ("", None), ("PLAY h9 s4", None), ("add S4 H9", None),
])
def test_C1_action_notation(text: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(NotationError):
            GAME.parse_action(text)
    else:
        assert str(GAME.parse_action(text)) == expected
        assert str(GAME.parse_action(expected)) == expected


def test_C3_a_record_replays_exactly() -> None:
    options = {"penalty": "two_cards", "jokers": 2, "max_cards_per_play": 2, "max_steps": 400}
    state = GAME.new(players=4, options=options, seed=12)
    bots = [make_bot("doubt", name) for name in ("count", "random", "honest", "random")]
    playout = play_out(GAME, state, bots, seed=12)
    record = make_record(GAME, state, playout.actions, ["a", "b", "c", "d"], playout.state)
    _, final, result = replay(record)
    assert final == playout.state and result is not None and result.to_dict() == record["result"]
    explicit = GAME.new(players=2, deck=parse_cards("SA HA S2 H2"))
    header = GAME.record_header(explicit)
    assert header["deck"] == ["SA", "HA", "S2", "H2"]


# -- B1 the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "expected"), [
    (3, {}, (18, 17, 17)),
    (5, {}, (11, 11, 10, 10, 10)),
    (4, {"decks": 2, "jokers": 2}, (27, 27, 26, 26)),
])
def test_B1_every_card_dealt_earlier_seats_take_the_extra(
    players: int, options: dict[str, object], expected: tuple[int, ...]
) -> None:
    state = GAME.new(players=players, options=options, seed=4)
    assert sizes(state) == expected
    assert len(GAME.all_cards(state)) == sum(expected)
    assert GAME.view(state, None).pile_size == 0


def test_B1_explicit_deck_is_dealt_one_card_at_a_time_from_seat_0() -> None:
    state = GAME.new(players=3, deck=parse_cards("SA HA DA S2 H2"))
    assert (hand(state, 0), hand(state, 1), hand(state, 2)) == ("SA S2", "HA H2", "DA")


def test_B1_explicit_deck_must_fit_the_options() -> None:
    with pytest.raises(OptionError) as twice:
        GAME.new(players=2, deck=parse_cards("SA SA"))
    assert twice.value.option == "decks"  # the explicit deck never overrides the options
    with pytest.raises(OptionError) as joker:
        GAME.new(players=2, deck=parse_cards("SA JK"))  # no jokers unless jokers >= 1
    assert joker.value.option == "jokers"
    GAME.new(players=2, options={"jokers": 1, "decks": 2}, deck=parse_cards("SA SA JK"))
    with pytest.raises(OptionError) as short:
        GAME.new(players=3, deck=parse_cards("SA HA"))  # a seat without a card
    assert short.value.option == "deck"


# -- B2 the running rank ---------------------------------------------------------------------------


def test_B2_claims_run_A_to_K_and_repeat() -> None:
    state = GAME.new(players=2, seed=9)
    claims = []
    for _ in range(15):
        seat = GAME.actors(state)[0]
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        claims += [e.rank for e in of_type(list(events), "Played")]
        state = stand(state)
    assert claims == [*range(1, 14), 1, 2]


def test_B2_the_next_seat_plays_the_next_rank() -> None:
    state, events = run(new(FOUR), "0: play S3", "1: pass", "2: pass", "3: pass")
    assert [(e.seat, e.rank) for e in of_type(events, "Played")] == [(0, 1)]
    assert [(e.seat, e.rank) for e in of_type(events, "TurnTo")] == [(1, 2)]
    assert GAME.actors(state) == (1,) and GAME.view(state, 1).rank == 2


# -- B3 plays --------------------------------------------------------------------------------------


def test_B3_any_card_may_be_played_and_there_is_no_pass() -> None:
    state = new(FOUR)
    assert legal(state, 0) == {"play SA", "play S2", "play S3", "play S4"}
    assert refused(state, "0: pass").rule == "B3"  # no passing
    assert refused(state, "1: pass").rule == "B4"  # no play to let stand
    assert refused(state, "0: doubt").rule == "B4"  # no play to doubt
    assert refused(state, "0: play HA").rule == "C6"
    assert refused(state, "1: play HA").rule == "C2"


def test_B3_one_card_per_play_by_default() -> None:
    assert refused(new(FOUR), "0: add SA").rule == "B3"  # nothing to add to: play puts the one card down
    with pytest.raises(NotationError):
        GAME.parse_action("play SA S2")  # a play names one card (version 1 wrote several: legacy_actions)


def test_B3_max_cards_per_play_all_claimed_as_the_running_rank() -> None:
    # Several cards go down one at a time in card order: add each but the last, then play the last.
    state = new(FOUR, max_cards_per_play=2)
    assert legal(state, 0) == {"play SA", "play S2", "play S3", "play S4", "add SA", "add S2", "add S3"}
    assert refused(state, "0: add S4").rule == "B3"  # no card after S4 in card order to finish with
    state, events = run(state, "0: add S2")
    assert [type(e).__name__ for e in events] == ["Added"] and GAME.actors(state) == (0,)
    assert legal(state, 0) == {"play S3", "play S4"}  # later cards only, and the second card is the last
    assert refused(state, "0: add S3").rule == "B3"  # a third card
    assert refused(state, "0: play SA").rule == "B3"  # before S2 in card order
    assert refused(state, "0: play S2").rule == "C6"  # set aside already
    assert refused(state, "1: play HA").rule == "C2" and refused(state, "1: doubt").rule == "B4"
    state, events = run(state, "0: play S3")
    assert [(e.rank, e.count, cards(" ".join(map(str, e.cards)))) for e in of_type(events, "Played")] == [
        (1, 2, "S2 S3")]
    assert state.steps == 1 and GAME.actors(state) == (1, 2, 3)  # a play is one step however it was made


def test_B3_one_wrong_card_makes_the_whole_play_a_lie() -> None:
    state, events = run(new(FOUR, max_cards_per_play=2), "0: add SA", "0: play S2", "1: doubt")
    (revealed,) = of_type(events, "Revealed")
    assert revealed.lie and cards(hand(state, 0)) == cards("SA S2 S3 S4")


# -- B4 the doubt window ---------------------------------------------------------------------------


def test_B4_every_other_seat_is_offered_the_doubt_from_the_next_seat() -> None:
    state = play(new(FOUR), "0: play SA")
    assert GAME.actors(state) == (1, 2, 3)
    assert all(legal(state, s) == {"doubt", "pass"} for s in (1, 2, 3)) and legal(state, 0) == set()
    state = play(stand(state), "1: play HA")
    assert GAME.actors(state) == (2, 3, 0)


def test_B4_the_next_play_waits_until_the_window_closes() -> None:
    state = play(new(FOUR), "0: play SA", "1: pass")
    assert refused(state, "1: play H2").rule == "B4"
    assert refused(state, "0: doubt").rule == "B4"  # not on one's own play
    assert refused(state, "1: doubt").rule == "B4"  # seat 1 has answered already
    state = play(state, "3: pass", "2: pass")
    assert GAME.actors(state) == (1,)
    assert refused(state, "2: doubt").rule == "B4"  # the window is closed


def test_B4_the_first_caller_counts() -> None:
    state = play(new(FOUR), "0: play S2")
    state, events = run(state, "3: doubt")  # a later seat calls first: the call counts
    assert [(e.caller, e.player) for e in of_type(events, "Doubted")] == [(3, 0)]
    assert state.window == ()
    # Calls arriving together resolve by priority from the seat after the player (C4).
    state = play(new(FOUR), "0: play S2")
    claims = {1: "pass", 2: "doubt", 3: "doubt"}
    moves = next_moves(GAME, state, lambda seat: GAME.parse_action(claims[seat]))
    assert [(seat, str(a)) for seat, a in moves] == [(2, "doubt")]


def test_B4_passes_are_silent() -> None:
    _, events = run(new(FOUR), "0: play SA", "1: pass")
    (declined,) = of_type(events, "Declined")
    assert declined.seen_by(1) == declined and declined.seen_by(2) is None and declined.seen_by(None) is None


def test_B4_cheat_only_the_next_seat_may_call() -> None:
    state = play(new(FOUR, cheat=True), "0: play S2")
    assert GAME.actors(state) == (1,)
    error = refused(state, "2: doubt")
    assert error.rule == "B4" and "cheat" in error.detail
    state = play(state, "1: pass")
    assert GAME.actors(state) == (1,) and GAME.view(state, None).phase == "play"


# -- B5 the reveal and the pile --------------------------------------------------------------------


def test_B5_lie_caught_the_player_takes_the_whole_pile() -> None:
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H3")
    state, events = run(state, "2: doubt")
    assert [(e.seat, e.lie) for e in of_type(events, "Revealed")] == [(1, True)]
    assert [(e.seat, e.reason) for e in of_type(events, "PileTaken")] == [(1, "lie")]
    assert hand(state, 1) == cards("HA H2 H3 H4 SA") and GAME.view(state, None).pile_size == 0
    assert GAME.view(state, None).successes == (0, 0, 1, 0)


def test_B5_truth_the_caller_takes_the_whole_pile() -> None:
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H2")
    state, events = run(state, "3: doubt")
    assert [(e.seat, e.lie) for e in of_type(events, "Revealed")] == [(1, False)]
    assert [(e.seat, e.reason) for e in of_type(events, "PileTaken")] == [(3, "truth")]
    assert hand(state, 3) == cards("CA C2 C3 C4 SA H2")


@pytest.mark.parametrize("caller", [2, 3])
@pytest.mark.parametrize("card", ["H2", "H3"])
def test_B5_the_seat_after_the_doubted_player_plays_the_next_rank(caller: int, card: str) -> None:
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", f"1: play {card}", f"{caller}: doubt")
    assert GAME.actors(state) == (2,) and GAME.view(state, 2).rank == 3


def test_B5_repeat_rank_after_lie() -> None:
    state = play(new(FOUR, repeat_rank_after_lie=True), "0: play S4", "2: doubt")
    assert GAME.actors(state) == (1,) and GAME.view(state, 1).rank == 1  # A again
    state = play(new(FOUR, repeat_rank_after_lie=True), "0: play SA", "2: doubt")
    assert GAME.actors(state) == (1,) and GAME.view(state, 1).rank == 2  # a truth: the rank moves on


def test_B5_doubter_leads_after_a_successful_doubt_only() -> None:
    state = play(new(FOUR, doubter_leads=True), "0: play S4", "2: doubt")
    assert GAME.actors(state) == (2,) and GAME.view(state, 2).rank == 2
    state = play(new(FOUR, doubter_leads=True), "0: play SA", "2: doubt")
    assert GAME.actors(state) == (1,)


def test_B5_only_doubted_play_shown() -> None:
    # Seat 0's SA stands; seat 1's "2" is H3, a lie: seat 2 doubts, seat 1 takes SA and H3.
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H3")
    state, events = run(state, "2: doubt")
    (taken,) = of_type(events, "PileTaken")
    assert (taken.seat, taken.count, taken.shown, taken.face_up) == (1, 2, tuple(parse_cards("H3")), False)
    assert taken.seen_by(1) == taken and cards(" ".join(map(str, taken.cards))) == cards("SA H3")
    for viewer in (0, 2, 3, None):
        assert taken.seen_by(viewer).cards is None  # the rest of the pile goes in unseen
    for viewer in (2, 3, None):
        assert known(state, viewer, 1) == "H3" == sure(state, viewer, 1)
    assert known(state, 0, 1) == cards("SA H3") == sure(state, 0, 1)  # seat 0 put SA down itself
    assert hand(state, 1) == cards("HA H2 H3 H4 SA") and known(state, 1, 1) == ""  # the taker holds it all


def test_B5_only_doubted_play_shown_truth_the_caller_sees_the_whole_pile() -> None:
    # SA (true), H2 (true) and D4 (a lie claiming 3) stand; seat 3's C4 is true and seat 1 doubts it.
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H2", "2: pass", "3: pass",
                 "0: pass", "2: play D4", "3: pass", "0: pass", "1: pass", "3: play C4")
    state, events = run(state, "1: doubt")
    (taken,) = of_type(events, "PileTaken")
    assert (taken.seat, taken.reason, taken.count, taken.shown) == (1, "truth", 4, tuple(parse_cards("C4")))
    assert hand(state, 1) == cards("HA H2 H3 H4 SA D4 C4")  # the caller sees every card: its hand now
    # Each other seat knows the turned-up C4 and the cards it put in the pile itself; a spectator, C4.
    for viewer, seen in ((0, "SA C4"), (2, "D4 C4"), (3, "C4"), (None, "C4")):
        assert known(state, viewer, 1) == cards(seen) == sure(state, viewer, 1)


def test_B5_only_doubted_play_shown_the_rest_is_dealt_anew_in_samples() -> None:
    state = play(new(FOUR), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H2", "2: pass", "3: pass",
                 "0: pass", "2: play D4", "3: pass", "0: pass", "1: pass", "3: play C4", "1: doubt")
    rng = random.Random(5)
    samples = [GAME.sample_hidden(state, 3, rng) for _ in range(40)]
    assert all(parse_cards("C4")[0] in s.hands[1] for s in samples)  # seen turned up: seat 1 holds it
    assert any(parse_cards("SA")[0] not in s.hands[1] for s in samples)  # seat 3 never saw SA go in
    shown = play(new(FOUR, show_pile=True), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H2", "2: pass",
                 "3: pass", "0: pass", "2: play D4", "3: pass", "0: pass", "1: pass", "3: play C4", "1: doubt")
    pile = parse_cards("SA H2 D4 C4")  # turned up for everyone: always seat 1's in the samples
    assert all(set(pile) <= set(s.hands[1]) for s in (GAME.sample_hidden(shown, 3, rng) for _ in range(40)))


def test_B5_show_pile_turns_the_whole_pile_up_for_everyone() -> None:
    state = play(new(FOUR, show_pile=True), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H3")
    state, events = run(state, "2: doubt")
    (taken,) = of_type(events, "PileTaken")
    assert taken.face_up and all(taken.seen_by(v) == taken for v in (0, 1, 2, 3, None))
    for viewer in (0, 2, 3, None):
        assert known(state, viewer, 1) == cards("SA H3") == sure(state, viewer, 1)


def test_B5_a_version_2_record_replays_with_the_pile_turned_up_as_it_was_played() -> None:
    moves = ("0: play SA", "1: pass", "2: pass", "3: pass", "1: play H3", "2: doubt")
    start = new(FOUR)
    final = play(start, *moves)
    actions = [(0, int(m[0]), m.split(": ")[1]) for m in moves]
    record = make_record(GAME, start, actions, ["a", "b", "c", "d"], final)
    assert record["version"] == 3 and record["options"]["show_pile"] is False
    old = {**record, "version": 2, "options": {k: v for k, v in record["options"].items() if k != "show_pile"}}
    seen: list[Event] = []

    def watch(seat: int | None, text: str, state: object, events: tuple[Event, ...]) -> None:
        seen.extend(s for e in events if (s := e.seen_by(3)) is not None)

    _, replayed, _ = replay(old, watch)
    assert replayed.options.show_pile and known(replayed, 3, 1) == cards("SA H3")  # version 2: all turned up
    assert [e.cards is not None for e in of_type(seen, "PileTaken")] == [True]
    _, current, _ = replay(record)
    assert known(current, 3, 1) == "H3"


def test_B5_show_pile_the_pile_is_taken_face_up_for_everyone_to_see() -> None:
    state = play(new(FOUR, show_pile=True), "0: play SA", "1: pass", "2: pass", "3: pass", "1: play H3", "2: doubt")
    for viewer in (0, 2, 3, None):
        assert known(state, viewer, 1) == cards("SA H3") == sure(state, viewer, 1)
    assert known(state, 1, 1) == ""  # a seat's own hand is simply its hand
    # Seat 1 plays one card face down: either may have gone, so neither is certain any more.
    state = play(state, "2: play D3", "3: pass", "0: pass", "1: pass", "3: play C4", "0: pass", "1: pass",
                 "2: pass", "0: play S2", "1: pass", "2: pass", "3: pass", "1: play SA")
    assert known(state, 2, 1) == cards("SA H3") and sure(state, 2, 1) == ""
    # Turned up, the play shows exactly what left: H3 is certain again, with the pile taken face up.
    state = play(state, "3: doubt")
    assert known(state, 0, 1) == cards("SA S2 H3 D3 C4") == sure(state, 0, 1)


def test_B5_a_card_seen_elsewhere_is_no_longer_counted_in_the_hand_that_let_it_go() -> None:
    state = new({0: "SA S3 S7", 1: "H2 H3 H4", 2: "D2 D3 D4"}, show_pile=True)
    state = play(state, "0: play SA", "1: pass", "2: pass", "1: play H3", "2: doubt")  # seat 1 takes SA H3
    state = play(state, "2: play D3", "0: pass", "1: pass", "0: play S3", "1: pass", "2: pass")
    state = play(state, "1: play SA", "2: pass", "0: pass")  # SA goes back face down, unseen
    assert known(state, 0, 1) == cards("SA H3")
    state = play(state, "2: play D2", "0: pass", "1: pass", "0: play S7", "1: pass", "2: doubt")
    assert hand(state, 2) == cards("SA S3 S7 D2 D3 D4")  # seat 2 doubted the truth: SA is seen again
    for viewer in (0, None):
        assert known(state, viewer, 1) == "H3" and "SA" in known(state, viewer, 2)


# -- B6 going out and ranking ----------------------------------------------------------------------

# Seat 2 holds one card, a 3, and plays it as the third play.
OUT = {0: "SA S5", 1: "H2 H4", 2: "D3"}
OPENING = ("0: play SA", "1: pass", "2: pass", "1: play H2", "2: pass", "0: pass")


def test_B6_going_out_once_the_last_play_survives_the_window() -> None:
    state = play(new(OUT), *OPENING, "2: play D3", "0: pass")
    assert GAME.result(state) is None  # the window is still open
    state, events = run(state, "1: pass")
    assert [e.seat for e in of_type(events, "WentOut")] == [2]
    assert outcome(state) == ((2,), (0, 1), "doubt_out")
    assert (result := GAME.result(state)) is not None and result.ranks == (2, 2, 1)
    assert GAME.actors(state) == () and refused(state, "0: play S5").rule == "B6"


def test_B6_a_doubted_true_last_play_still_goes_out() -> None:
    state = play(new(OUT), *OPENING, "2: play D3", "0: doubt")
    assert outcome(state) == ((2,), (0,), "doubt_out")
    assert (result := GAME.result(state)) is not None
    assert result.ranks == (3, 2, 1)  # the rest by cards left: seat 0 took the pile


def test_B6_a_last_play_caught_lying_takes_the_pile_and_plays_on() -> None:
    state = play(new({0: "SA S5", 1: "H2 H4", 2: "D5"}), *OPENING, "2: play D5", "0: doubt")
    assert GAME.result(state) is None and hand(state, 2) == cards("SA H2 D5")
    assert GAME.actors(state) == (0,) and GAME.view(state, 0).rank == 4


def test_B6_round_limit_ends_the_game_after_its_rounds_ranking_every_seat_by_cards_left() -> None:
    # round_limit=1 with three seats: the game ends once the third play stands.
    state = new({0: "SA S5 S9", 1: "H2 H4 H8", 2: "D3 D4 D8"}, round_limit=1)
    state = play(state, "0: play SA", "1: doubt")  # true: seat 1 takes SA
    state = stand(play(state, "1: play H2"))
    assert GAME.result(state) is None and GAME.view(state, 1).plays == 2
    state = play(state, "2: play D3", "0: pass")
    assert GAME.result(state) is None, "the window of the last play is still open"
    state, events = run(state, "1: pass")
    result = GAME.result(state)
    assert result is not None and (result.winners, result.losers, result.reason) == ((0, 2), (1,), "round_limit")
    assert result.ranks == (1, 3, 1) and not result.draw and sizes(state) == (2, 3, 2)
    assert [e.reason for e in of_type(events, "GameEnded")] == ["round_limit"]
    assert refused(state, "0: play S5").rule == "B6"


def test_B6_round_limit_with_every_seat_level_is_a_draw() -> None:
    state = new({0: "SA S5", 1: "H2 H4"}, round_limit=1)
    state = stand(play(state, "0: play SA"))
    state = stand(play(state, "1: play H2"))
    result = GAME.result(state)
    assert result is not None and result.draw and result.ranks == (1, 1) and result.reason == "round_limit"


@pytest.mark.parametrize(("rank_rest", "ranks", "losers"), [
    (True, (2, 2, 4, 1), (2,)),
    (False, (2, 2, 2, 1), (0, 1, 2)),
])
def test_B6_rank_rest(rank_rest: bool, ranks: tuple[int, ...], losers: tuple[int, ...]) -> None:
    state = new({0: "SA S2", 1: "H2 H3", 2: "D2", 3: "C2"}, rank_rest=rank_rest)
    state = stand(play(state, "0: play SA"))
    state = play(state, "1: play H2", "2: doubt")  # seat 2 takes SA H2
    state = stand(play(state, "2: play D2"))
    state = stand(play(state, "3: play C2"))  # seat 3 goes out
    assert sizes(state) == (1, 1, 2, 0)
    result = GAME.result(state)
    assert result is not None and result.winners == (3,) and result.scores[3] == 1.0
    assert result.ranks == ranks and result.losers == losers


# -- B7 variants -----------------------------------------------------------------------------------


def test_B7_several_decks() -> None:
    state = GAME.new(players=4, options={"decks": 2}, seed=2)
    faces = [str(c) for c in GAME.all_cards(state)]
    assert len(faces) == 104 and all(faces.count(f) == 2 for f in faces)
    assert GAME.view(state, 0).rank_counts == (0, *[8] * 13)


def test_B7_a_joker_is_wild() -> None:
    state, events = run(new({0: "JK S5", 1: "H2 H3"}, jokers=1), "0: play JK", "1: doubt")
    assert [e.lie for e in of_type(events, "Revealed")] == [False]
    assert hand(state, 1) == cards("H2 H3 JK")
    state, events = run(new({0: "JK S5", 1: "H2 H3"}, jokers=1, max_cards_per_play=2), "0: add S5", "0: play JK",
                        "1: doubt")
    assert [e.lie for e in of_type(events, "Revealed")] == [True]


def test_B7_a_joker_may_be_the_last_card() -> None:
    state = play(new({0: "SA JK", 1: "H2 H3"}, jokers=1), "0: play SA", "1: pass", "1: play H2", "0: pass",
                 "0: play JK", "1: doubt")
    assert outcome(state) == ((0,), (1,), "doubt_out")


def test_B7_forfeit_the_loser_discards_face_up_and_is_out() -> None:
    state = play(new(FOUR, penalty="forfeit"), "0: play S3")
    state, events = run(state, "1: doubt")
    assert [(e.seat, " ".join(map(str, e.cards))) for e in of_type(events, "Forfeited")] == [(0, "SA S2 S4")]
    view = GAME.view(state, 2)
    assert view.forfeited == (0,) and view.hand_sizes[0] == 0 and [str(c) for c in view.discard] == ["SA", "S2", "S4"]
    assert view.pile_size == 1 and view.pile[0].cards is not None  # the pile stays, turned up
    assert GAME.actors(state) == (1,)
    state = play(state, "1: play HA")
    assert GAME.actors(state) == (2, 3)  # a forfeited seat is never offered the doubt
    assert refused(state, "0: doubt").rule == "B7" and refused(state, "0: pass").rule == "B7"
    state = play(state, "2: doubt")  # HA claimed as 2: a lie
    state = play(state, "2: play DA", "3: doubt")  # DA claimed as 3: a lie; seat 3 is the last one left
    assert outcome(state) == ((3,), (0,), "doubt_last_standing")
    assert (result := GAME.result(state)) is not None and result.ranks == (4, 3, 2, 1)


def test_B7_forfeit_of_the_caller_when_the_claim_was_true() -> None:
    state = play(new({0: "SA S2", 1: "HA H2"}, penalty="forfeit"), "0: play SA", "1: doubt")
    assert outcome(state) == ((0,), (1,), "doubt_last_standing")


def test_B7_two_cards_a_liar_draws_two_from_the_caller() -> None:
    state = play(new(FOUR, penalty="two_cards", seed=5), "0: play S3")
    state, events = run(state, "2: doubt")
    (taken,) = of_type(events, "CardsTaken")
    assert (taken.taker, taken.giver, taken.count) == (0, 2, 2)
    assert sizes(state) == (5, 4, 2, 4)
    assert GAME.view(state, 2).pile_size == 1  # the pile stays
    # Only the two seats involved see which cards moved.
    assert taken.seen_by(0) == taken == taken.seen_by(2)
    assert taken.seen_by(1).cards is None and taken.seen_by(None).cards is None
    moved = " ".join(map(str, taken.cards))
    assert known(state, 2, 0) == moved == sure(state, 2, 0)
    assert known(state, 1, 0) == "" and known(state, None, 0) == ""
    # The draw comes from the seed and a counter in the state: the same seed draws the same cards.
    again = play(new(FOUR, penalty="two_cards", seed=5), "0: play S3", "2: doubt")
    assert again == state


def test_B7_two_cards_a_wrong_caller_draws_two_from_the_player() -> None:
    state, events = run(new(FOUR, penalty="two_cards"), "0: play SA", "3: doubt")
    (taken,) = of_type(events, "CardsTaken")
    assert (taken.taker, taken.giver, taken.count) == (3, 0, 2)
    assert sizes(state) == (1, 4, 4, 6)


def test_B7_two_cards_a_seat_emptied_by_the_penalty_goes_out() -> None:
    # Seat 1 catches seat 0's lie holding 2 cards: the liar draws both, seat 1 has none left.
    state = play(new({0: "S5 S6 S7", 1: "H2 H3"}, penalty="two_cards"), "0: play S5", "1: doubt")
    assert outcome(state) == ((1,), (0,), "doubt_out")


def test_B7_require_successful_doubt_going_out_without_one_takes_the_pile() -> None:
    state, events = run(new({0: "SA", 1: "H2", 2: "D2"}, require_successful_doubt=True), "0: play SA")
    assert [(e.seat, e.reason) for e in of_type(events, "PileTaken")] == [(0, "no_success")]
    assert GAME.result(state) is None and hand(state, 0) == "SA" and GAME.actors(state) == (1,)


def test_B7_require_successful_doubt_going_out_after_a_success() -> None:
    state = new({0: "SA S2", 1: "H5 H3", 2: "D2 D3"}, require_successful_doubt=True)
    state = play(state, "0: play SA", "1: pass", "2: pass", "1: play H5", "0: doubt")
    assert GAME.view(state, None).successes == (1, 0, 0)
    state = play(state, "2: play D3", "0: pass", "1: pass", "0: play S2", "1: pass", "2: pass")
    assert outcome(state)[0] == (0,)


# -- C7 the step limit -----------------------------------------------------------------------------


def test_C7_max_steps_ends_the_game_as_a_draw_once_no_window_is_open() -> None:
    state = play(new(FOUR, max_steps=3), "0: play SA", "1: pass", "2: pass")
    assert GAME.result(state) is None  # three steps, but seat 3 has not answered yet
    state = play(state, "3: pass")
    result = GAME.result(state)
    assert result is not None and result.draw and result.reason == "max_steps"
    assert result.winners == () and result.losers == () and result.ranks == (1, 1, 1, 1)  # C7: nobody ranked apart
    assert refused(state, "1: play HA").rule == "C7"  # over by the step limit, not by B6


def test_result_draw_is_true_exactly_when_nobody_is_ranked_apart() -> None:
    # Result.draw (issue 12): a step-limit ending ranks every seat 1; a seat going out ranks the others
    # below it, and the last seat standing after forfeits has losers: neither is a draw.
    capped = play(new(FOUR, max_steps=1), "0: play SA", "1: pass", "2: pass", "3: pass")
    gone_out = play(new(OUT), *OPENING, "2: play D3", "0: pass", "1: pass")
    forfeits = play(new({0: "SA S2", 1: "HA H2", 2: "DA D2"}, penalty="forfeit"),
                    "0: play S2", "1: doubt", "1: play HA", "2: doubt")
    results = [GAME.result(state) for state in (capped, gone_out, forfeits)]
    assert [(r.reason, r.draw, r.ranks) for r in results if r is not None] == [
        ("max_steps", True, (1, 1, 1, 1)), ("doubt_out", False, (2, 2, 1)), ("doubt_last_standing", False, (3, 2, 1)),
    ]
    assert all(r is not None and (r.draw == (not r.losers)) for r in results)
