"""The table host (issue 14 item 1) on a fake clock: windows, priority, late answers, timers, grace."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hosting import DOBON, OPTIONS, FakeClock, random_position
from kakehiki import get_game
from kakehiki.bots import make_bot
from kakehiki.core import Dealt
from kakehiki.driver import play_out
from kakehiki.games.dobon.rules.events import Drew
from kakehiki.table import Clocks, Notice, Table, bots_table

DOUBT = get_game("doubt")


# Seat 2's turn (play S7, play S9 or draw); seat 0 may call Dobon on the field's top card.
CALL = random_position(0, 22)
REACTION = 3.0


TIMED = Clocks(reaction=REACTION)


def people(state: Any, clocks: Clocks = TIMED) -> tuple[Table, FakeClock]:
    clock = FakeClock()
    return Table(DOBON, state, clocks, clock), clock


def kinds(messages: list[Any]) -> list[str]:
    return [m.kind if isinstance(m, Notice) else type(m).__name__ for m in messages]


def test_the_position_is_a_call_against_a_turn() -> None:
    assert DOBON.actors(CALL) == (2, 0) and DOBON.turn_seat(CALL) == 2
    assert "dobon top=S4" in map(str, DOBON.legal_actions(CALL, 0))
    assert "play S7" in map(str, DOBON.legal_actions(CALL, 2))


def test_C5_a_bots_only_table_plays_the_same_game_as_play_out() -> None:
    for game_id, seed in [("dobon", 3), ("dobon-arith", 4), ("doubt", 5), ("million-doubt", 6), ("dhumbal", 7)]:
        game = get_game(game_id)
        state = game.new(seed=seed)
        bots = [make_bot(game_id, "normal") for _ in range(game.players(state))]
        table = bots_table(game, state, bots, seed=seed)
        again = play_out(game, state, [make_bot(game_id, "normal") for _ in bots], seed=seed)
        assert table.over and [(r, s, str(a)) for r, s, a in table.actions] == \
            [(r, s, str(a)) for r, s, a in again.actions]


def test_C4_the_turn_seats_move_waits_for_the_window_then_is_made() -> None:
    table, clock = people(CALL)
    assert table.submit(2, "play S7").kind == "accepted"
    clock.advance(REACTION - 0.1)
    table.poll()
    assert table.state is CALL, "the window is still open"
    clock.advance(0.1)
    table.poll()
    assert [str(a) for _, _, a in table.actions] == ["play S7"]


def test_C4_the_same_pace_whether_or_not_anyone_could_call() -> None:
    """Noninterference for the host: the turn seat's move is made when the window closes
    even where nobody could call, so the pace tells nobody who could.  (Both positions follow
    a play: a window is opened wherever calls may be open by what everybody sees.)"""
    quiet = random_position(0, 18)
    assert DOBON.actors(quiet) == (DOBON.turn_seat(quiet),) and DOBON.calls_open(quiet) and DOBON.calls_open(CALL)
    for state in (quiet, CALL):
        table, clock = people(state)
        turn = DOBON.turn_seat(state)
        assert turn is not None and table.submit(turn, "draw").kind == "accepted"
        clock.advance(REACTION - 0.01)
        table.poll()
        assert not table.actions
        clock.advance(0.01)
        table.poll()
        assert len(table.actions) == 1


def test_C4_a_call_beats_the_turn_seats_move_and_the_turn_seat_is_told() -> None:
    table, clock = people(CALL)
    assert table.submit(2, "play S7").kind == "accepted"
    assert table.submit(0, "dobon top=S4").kind == "accepted"
    assert not table.actions, "nothing is decided while the window is open"
    clock.advance(REACTION)
    table.poll()
    assert [(s, str(a)) for _, s, a in table.actions] == [(0, "dobon top=S4")]
    told = [m for m in table.inbox(2) if isinstance(m, Notice)]
    assert [n.kind for n in told] == ["accepted", "lost_priority"] and told[-1].by == 0


def test_C4_a_call_made_in_the_window_is_made_when_it_closes_even_before_the_turn_seat_moves() -> None:
    table, clock = people(CALL)
    table.submit(0, "dobon top=S4")
    clock.advance(REACTION)
    table.poll()
    assert [(s, str(a)) for _, s, a in table.actions] == [(0, "dobon top=S4")]


def test_C4_without_a_reaction_clock_a_call_waits_for_the_turn_seat_ahead_of_it() -> None:
    table, _ = people(CALL, Clocks())
    table.submit(0, "dobon top=S4")
    table.poll()
    assert not table.actions, "the turn seat, ahead in priority, has not answered"
    table.submit(2, "draw")
    assert [(s, str(a)) for _, s, a in table.actions] == [(0, "dobon top=S4")]
    assert [m.kind for m in table.inbox(2) if isinstance(m, Notice)] == ["lost_priority"]


def test_C4_an_answer_to_a_state_already_gone_is_too_late() -> None:
    table, clock = people(CALL)
    table.submit(2, "play S7")
    clock.advance(REACTION)
    table.poll()
    late = table.submit(0, "dobon top=S4")
    assert late.kind == "too_late" and late.by == 2 and "seat 2 moved first" in late.text
    assert [str(a) for _, _, a in table.actions] == ["play S7"]


def test_C4_a_window_seat_that_does_not_answer_declines_when_the_window_closes() -> None:
    table, clock = people(CALL, Clocks(reaction=REACTION))
    table.submit(2, "draw")
    clock.advance(REACTION)
    table.poll()
    assert [(s, str(a)) for _, s, a in table.actions][:1] == [(2, "draw")]


def test_C2_an_illegal_answer_is_refused_naming_the_rule_and_changes_nothing() -> None:
    table, _ = people(CALL)
    refused = table.submit(1, "draw")
    assert (refused.kind, refused.rule) == ("refused", "C2")
    assert table.submit(2, "play HK").kind == "refused"
    assert table.submit(2, "fly away").kind == "refused"
    assert table.state is CALL and not table.actions


def test_C5_the_turn_timer_makes_the_default_move() -> None:
    state = DOUBT.new(players=3, seed=2)
    table = Table(DOUBT, state, Clocks(turn=20.0), clock := FakeClock())
    turn = DOUBT.turn_seat(state)
    assert turn is not None
    clock.advance(19.9)
    table.poll()
    assert not table.actions
    clock.advance(0.1)
    table.poll()
    assert table.actions and table.actions[0][1] == turn and table.timed_out == {0}
    assert "timed_out" in kinds(table.inbox(None))


def test_C5_only_the_slow_seat_hears_which_cards_the_clock_played_for_it() -> None:
    state = DOUBT.new(players=3, seed=2)
    table = Table(DOUBT, state, Clocks(turn=20.0), clock := FakeClock())
    turn = DOUBT.turn_seat(state)
    assert turn is not None
    clock.advance(20)
    table.poll()
    move = str(table.actions[0][2])
    assert move.startswith("play ")  # a face-down play: its cards are the seat's secret
    told = {seat: [m.text for m in table.inbox(seat) if isinstance(m, Notice) and m.kind == "timed_out"]
            for seat in (0, 1, 2, None)}
    assert told[turn] == [f"you ran out of time: {move}"]
    for seat in {0, 1, 2, None} - {turn}:
        assert told[seat] == [f"seat {turn} ran out of time"]


def test_C5_a_seat_is_kept_through_its_grace_and_then_played_by_a_bot() -> None:
    state = DOUBT.new(players=3, seed=2)
    clock = FakeClock()
    table = Table(DOUBT, state, Clocks(grace=30.0), clock)
    turn = DOUBT.turn_seat(state)
    assert turn is not None
    table.disconnect(turn)
    clock.advance(29)
    table.poll()
    table.reconnect(turn)
    clock.advance(10)
    table.poll()
    assert not table.actions, "reconnected in time: still the person's seat"
    table.disconnect(turn)
    assert table.next_deadline() == clock.now + 30.0
    clock.advance(30)
    table.poll()
    assert "replaced_by_bot" in kinds(table.inbox(None)) and table.actions and table.actions[0][1] == turn


def test_C5_past_its_grace_the_person_comes_back_and_the_bot_gives_the_seat_back() -> None:
    state = DOUBT.new(players=3, seed=2)
    clock = FakeClock()
    table = Table(DOUBT, state, Clocks(grace=30.0), clock)
    turn = DOUBT.turn_seat(state)
    assert turn is not None
    table.disconnect(turn)
    clock.advance(30)
    table.poll()
    assert turn in table.replaced and turn in table.bots
    played = len(table.actions)
    table.reconnect(turn)
    assert turn not in table.replaced and turn not in table.bots
    assert "reconnected" in kinds(table.inbox(None))
    while DOUBT.turn_seat(table.state) != turn:  # the others play on; nobody doubts
        for seat in DOUBT.actors(table.state):
            legal = [str(a) for a in DOUBT.legal_actions(table.state, seat)]
            table.submit(seat, "pass" if "pass" in legal else legal[0])
    before = len(table.actions)
    clock.advance(1000)
    table.poll()
    assert len(table.actions) == before > played, "the person's turn again: nobody plays it for them"


def test_every_seat_reads_its_own_censored_events() -> None:
    table, clock = people(CALL)
    table.submit(2, "draw")
    clock.advance(REACTION)
    table.poll()
    drawn = {seat: [m for m in table.inbox(seat) if isinstance(m, Drew)] for seat in (0, 1, 2, None)}
    assert drawn[2] and all(d == [drawn[2][0].seen_by(seat)] for seat, d in drawn.items() if seat != 2)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_dealt_cards_reach_their_seat_only(seat: int) -> None:
    state = DOBON.new(players=3, seed=9, options={**OPTIONS, "games": 2})
    table = bots_table(DOBON, state, [make_bot("dobon", "random") for _ in range(3)], seed=9)
    for message in table.inbox(seat):
        if isinstance(message, Dealt) and message.seat != seat:
            assert message.cards is None


def test_J14_a_slow_turn_seat_takes_the_delay_penalty_under_the_official_rules() -> None:
    state = DOBON.new(players=3, seed=2, options={"official": True})
    table = Table(DOBON, state, Clocks(turn=10.0), clock := FakeClock())
    turn = DOBON.turn_seat(state)
    clock.advance(10)
    table.poll()
    assert table.actions[0][1:] == (None, "delay"), "the host's action, recorded with no seat"
    assert DOBON.view(table.state, turn).hand_sizes[turn] > DOBON.view(state, turn).hand_sizes[turn]


def gaeshi_position() -> Any:
    """Seed 776, four seats, each seat calling Dobon whenever it can and else moving at random:
    the first moment a Dobon waits for gaeshi with a seat able to answer."""
    state, rng = DOBON.new(players=4, seed=776, options=OPTIONS), random.Random(776)
    while DOBON.turn_seat(state) is not None or not DOBON.actors(state):
        calls = [(s, a) for s in DOBON.actors(state) for a in DOBON.legal_actions(state, s) if str(a)[:5] == "dobon"]
        if calls:
            state, _ = DOBON.apply(state, *calls[0])
            continue
        seat = DOBON.actors(state)[0]
        legal = DOBON.legal_actions(state, seat)
        state, _ = DOBON.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def test_J8_no_seat_is_awaited_while_a_dobon_waits_for_gaeshi() -> None:
    chain = gaeshi_position()
    answerer = DOBON.actors(chain)[0]
    assert "pass" in map(str, DOBON.legal_actions(chain, answerer))
    table, clock = people(chain, Clocks(reaction=REACTION, turn=5.0))
    assert table.next_deadline() == clock.now + REACTION, "no turn timer: only the window runs"
    clock.advance(REACTION)
    table.poll()
    asked = [(s, "pass") for s in DOBON.actors(chain)]  # every seat holding cards is asked (J8)
    assert [(s, str(a)) for _, s, a in table.actions] == asked, "silence declines gaeshi"


def test_C5_a_closed_window_is_no_longer_a_deadline_while_the_turn_seat_is_awaited() -> None:
    """A host sleeping until ``next_deadline`` must not spin once the window has closed
    and only the turn seat's move (untimed) is awaited."""
    table, clock = people(CALL)
    assert table.next_deadline() == clock.now + REACTION
    clock.advance(REACTION)
    table.poll()
    assert not table.actions and table.next_deadline() is None
    table.submit(2, "draw")
    assert [(s, str(a)) for _, s, a in table.actions] == [(2, "draw")]


def test_C2_a_seat_is_never_too_late_against_its_own_move() -> None:
    """After its own move, what the old state allowed a seat is refused with the rule, not 'too late'."""
    table, clock = people(CALL)
    table.submit(2, "play S7")
    clock.advance(REACTION)
    table.poll()
    again = table.submit(2, "play S9")
    assert again.kind == "refused" and again.rule


def test_B4_no_seat_is_awaited_while_the_doubt_window_is_open() -> None:
    state = DOUBT.new(players=3, seed=2)
    turn = DOUBT.turn_seat(state)
    assert turn is not None
    after, _ = DOUBT.apply(state, turn, DOUBT.legal_actions(state, turn)[0])
    assert DOUBT.actors(after) and DOUBT.turn_seat(after) is None
    clock = FakeClock()
    table = Table(DOUBT, after, Clocks(reaction=REACTION, turn=5.0), clock)
    assert table.next_deadline() == clock.now + REACTION, "no turn timer: only the window runs"
    clock.advance(REACTION)
    table.poll()
    assert [str(a) for _, _, a in table.actions] == ["pass"] * len(DOUBT.actors(after)), "silence declines"


def test_C4_with_one_person_among_bots_the_window_runs_only_where_the_person_may_call() -> None:
    """The bots answer at once; a window is for people.  With one person it runs exactly where
    that person may call out of turn, which it knows anyway: the pace tells it nothing more."""
    state = DOUBT.new(players=3, seed=2, options={"max_steps": 400})
    clock = FakeClock()
    bots = {1: make_bot("doubt", "normal"), 2: make_bot("doubt", "normal")}
    table = Table(DOUBT, state, Clocks(reaction=REACTION), clock, bots=bots, seed=2)
    for _ in range(30):
        if table.over:
            break
        actors, turn = DOUBT.actors(table.state), DOUBT.turn_seat(table.state)
        assert 0 in actors, "the bots' moves were all made, up to the person's next choice"
        assert (table.deadlines()[0] is not None) == (turn != 0), "a window only where the person may call"
        table.submit(0, DOUBT.legal_actions(table.state, 0)[-1])
        clock.advance(REACTION)
        table.catch_up()
    two_people = Table(DOUBT, state, Clocks(reaction=REACTION), clock := FakeClock(),
                       bots={2: make_bot("doubt", "normal")})
    assert two_people.deadlines()[0] is None, "two people, seat 0 to play: no window is open"
    two_people.submit(0, DOUBT.legal_actions(state, 0)[0])
    assert two_people.deadlines()[0] == clock.now + REACTION, "two people: a window after every play, for both"


def test_an_out_of_turn_prompt_names_only_the_seats_own_choices() -> None:
    from kakehiki.narrate import narrator_for

    for lang in ("en", "ja"):
        prompt = narrator_for("dobon", lang, 0).prompt(DOBON.view(CALL, 0), DOBON.legal_actions(CALL, 0))
        offered = {str(a).split()[0] for a in DOBON.legal_actions(CALL, 0)}
        assert ("Dobon" in prompt or "ドボン" in prompt) == ("dobon" in offered)
        assert ("interrupt" in prompt or "割り込み" in prompt) == ("play" in offered)


@pytest.mark.parametrize("seat", [99, -1, True, "0", None, 10**400])
def test_C2_a_seat_not_at_the_table_is_refused_and_changes_nothing(seat: Any) -> None:
    from kakehiki import IllegalActionError

    table, clock = people(CALL)
    notice = table.submit(seat, "draw")
    assert (notice.kind, notice.rule) == ("refused", "C2") and table.state is CALL and not table.actions
    for call in (table.disconnect, table.reconnect):
        with pytest.raises(IllegalActionError):
            call(seat)
    clock.advance(10**6)
    table.poll()
    assert 99 not in table.bots and table.inbox(None) == []


def test_C2_a_refusal_to_true_reaches_no_seats_inbox() -> None:
    table, _ = people(CALL)
    table.submit(True, "draw")
    assert all(not any(isinstance(m, Notice) for m in table.inbox(s)) for s in (0, 1, 2, None))


@pytest.mark.parametrize("game_id", ["daifugo", "dhumbal"])
def test_C5_a_game_without_calls_out_of_turn_never_holds_a_table_for_a_window(game_id: str) -> None:
    """Only one seat ever has a choice in these games, so a table of people never opens a window of
    calls (no "go on", no wait after each move): ``calls_open`` is false on every state."""
    game = get_game(game_id)
    state = game.new(players=3, seed=5)
    bots, rng = [make_bot(game_id, "normal") for _ in range(3)], random.Random(5)
    for _ in range(400):
        if game.result(state) is not None:
            break
        assert not game.calls_open(state)
        (seat,) = game.actors(state)
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    clock = FakeClock()
    table = Table(game, game.new(players=3, seed=5), Clocks(reaction=REACTION), clock)
    assert not table.window_open()
