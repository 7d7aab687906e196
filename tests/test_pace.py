"""Issue 29 at the table, on a fake clock: whole moves, answers bound to what was seen, a human
pace that tells nobody anything, and clocks that never overrule an accepted answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kakehiki.table as table_module
from hosting import DOBON, FakeClock, random_position
from kakehiki import driver, get_game
from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Game
from kakehiki.server.settings import RequestError, RoomSettings
from kakehiki.table import Clocks, Notice, Table

DOUBT = get_game("doubt")
CALL = random_position(0, 22)  # seat 2 to move; seat 0 may call Dobon on the top card
PEOPLE = Clocks(reaction=1.0, turn=30.0, grace=None, pace=0.5)


def notices(table: Table, seat: int) -> list[Notice]:
    return [m for m in table.inbox(seat) if isinstance(m, Notice)]


# -- whole moves ---------------------------------------------------------------------------------
def three_card_doubt() -> tuple[Any, str]:
    state = DOUBT.new(players=3, seed=4, options={"max_cards_per_play": 3})
    hand = DOUBT.view(state, 0).hand
    return state, f"play {hand[4]} {hand[0]} {hand[2]}"


def test_B3_a_play_of_three_cards_is_one_move_and_the_others_see_only_the_play() -> None:
    state, move = three_card_doubt()
    table = Table(DOUBT, state, PEOPLE, FakeClock())
    for seat in (1, 2, None):
        table.inbox(seat)
    told = table.submit(0, move, at=0)
    steps = DOUBT.parse_move(move)
    assert told.kind == "accepted" and told.move == DOUBT.move_text(steps)
    assert [a for _, _, a in table.actions] == list(steps) and [str(a)[:3] for a in steps] == ["add", "add", "pla"]
    assert table.seq == 3 and DOUBT.view(table.state, 1).hand_sizes[0] == DOUBT.view(state, 1).hand_sizes[0] - 3
    seen = [type(m).__name__ for m in table.inbox(1)]
    assert "Added" not in seen and seen.count("Played") == 1, "the steps between are the mover's own"


def test_B3_a_lone_step_of_a_move_is_refused_as_unfinished_and_changes_nothing() -> None:
    state, _ = three_card_doubt()
    table = Table(DOUBT, state, PEOPLE, FakeClock())
    card = DOUBT.view(state, 0).hand[0]
    refused = table.submit(0, f"add {card}", at=0)
    assert refused.kind == "refused" and "not finished" in refused.text and table.seq == 0


# -- answers bound to what was seen -----------------------------------------------------------------
def test_C5_an_answer_to_a_state_gone_is_too_late_names_its_move_and_changes_nothing() -> None:
    table = Table(DOBON, CALL, PEOPLE, clock := FakeClock())
    assert table.submit(2, "play S7", at=0).kind == "accepted"
    clock.advance(1.0)
    table.poll()
    assert table.seq == 1
    late = table.submit(0, "dobon top=S4", at=0)
    assert (late.kind, late.move, late.by) == ("too_late", "dobon top=S4", 2)
    assert "too late for your dobon top=S4" in late.text and table.seq == 1


def test_C5_a_repeated_act_is_too_late_not_applied_twice() -> None:
    table = Table(DOBON, CALL, PEOPLE, clock := FakeClock())
    first = table.submit(2, "draw", at=0)
    clock.advance(1.0)
    table.poll()
    again = table.submit(2, "draw", at=0)
    assert first.kind == "accepted" and again.kind == "too_late" and again.by == 2 and "you moved first" in again.text
    assert [str(a) for _, _, a in table.actions] == ["draw"]


def test_C5_an_answer_from_a_position_not_reached_is_refused() -> None:
    table = Table(DOBON, CALL, PEOPLE, FakeClock())
    assert table.submit(2, "draw", at=7).kind == "refused" and table.seq == 0


def test_C4_lost_priority_says_who_had_it_and_that_seat_order_decides() -> None:
    table = Table(DOBON, CALL, PEOPLE, clock := FakeClock())
    table.submit(2, "play S7", at=0)
    table.submit(0, "dobon top=S4", at=0)
    clock.advance(1.0)
    table.poll()
    lost = [n for n in notices(table, 2) if n.kind == "lost_priority"]
    assert lost and lost[0].by == 0 and "had priority" in lost[0].text and "not by speed" in lost[0].text


# -- clocks never overrule what was accepted ---------------------------------------------------------
def test_C5_an_accepted_answer_survives_a_clock_that_fires_late() -> None:
    """The turn clock is shorter than the window here, and the host polls only long after both."""
    table = Table(DOBON, CALL, Clocks(reaction=6.0, turn=2.0, grace=None), clock := FakeClock())
    assert table.deadlines()[1] == clock.now + 6.0, "a turn clock never ends before the window"
    assert table.submit(2, "play S7", at=0).kind == "accepted"
    clock.advance(60.0)
    table.poll()
    assert [(s, str(a)) for _, s, a in table.actions] == [(2, "play S7")] and not table.timed_out


def test_C5_a_room_refuses_a_turn_clock_shorter_than_its_window() -> None:
    with pytest.raises(RequestError, match="may not be shorter than reaction"):
        RoomSettings.from_json("dobon", {"reaction": 6, "turn": 2})
    assert RoomSettings.from_json("dobon", None).clocks.reaction == "auto"


# -- a human pace ------------------------------------------------------------------------------------
def test_C5_a_window_closes_as_soon_as_every_person_has_answered() -> None:
    """Two people and two bots; the window after a play ends once both people answered (a
    person with nothing to call says ``pass``: "go on"), never before the bots' pace."""
    state = DOBON.new(players=4, seed=3, options={"first_dealer": 0})
    bots = {2: make_bot("dobon", "normal"), 3: make_bot("dobon", "normal")}
    table = Table(DOBON, state, PEOPLE, clock := FakeClock(), bots=bots, pace_always=True)
    while not (DOBON.calls_open(table.state) and table.window_open()):
        turn = DOBON.turn_seat(table.state)
        if turn in (0, 1):
            table.submit(turn, table.game.move_text(next(DOBON.legal_moves(table.state, turn))), at=table.seq)
        clock.advance(0.25)
        table.poll()
    seq, opened = table.seq, clock.now
    for person in (0, 1):
        legal = [str(a) for a in DOBON.legal_actions(table.state, person)]
        answer = "draw" if "draw" in legal else "pass"
        assert table.submit(person, answer, at=seq).kind == "accepted"
    clock.advance(0.5)
    table.poll()
    assert table.seq > seq and clock.now - opened < 1.0, "closed early, at the bots' pace"


def test_C5_with_people_at_the_table_a_bots_move_takes_the_pace_and_no_more() -> None:
    state = DOUBT.new(players=3, seed=2)
    bots = {0: make_bot("doubt", "normal")}
    table = Table(DOUBT, state, PEOPLE, clock := FakeClock(), bots=bots, pace_always=True)
    assert DOUBT.turn_seat(state) == 0 and not table.window_open()
    assert table.next_deadline() == clock.now, "the bot is asked once the change is out"
    table.poll()
    assert table.seq == 0 and table.next_deadline() == clock.now + 0.5
    clock.advance(0.5)
    table.poll()
    assert table.seq == 1 and table.window_open(), "its play is made at the pace, then doubts are open"


def test_C5_bots_think_only_after_the_change_they_answer_was_published(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host publishes what ``submit`` changed before its next ``poll``: no bot may think in between,
    or its thinking time would delay what people see."""
    asked_in: list[str] = []
    where = ["poll"]

    def decide(game: Game[Any, Any, Any], state: Any, seat: int, bot: Bot, rng: random.Random) -> Action:
        asked_in.append(where[0])
        return driver.decide(game, state, seat, bot, rng)

    monkeypatch.setattr(table_module, "decide", decide)
    state = DOUBT.new(players=3, seed=2)
    table = Table(DOUBT, state, PEOPLE, clock := FakeClock(), bots={1: make_bot("doubt", "hard")})
    for _ in range(12):
        where[0] = "submit"
        for person in (0, 2):
            if person in DOUBT.actors(table.state):
                move = next(DOUBT.legal_moves(table.state, person))
                table.submit(person, DOUBT.move_text(move), at=table.seq)
        where[0] = "poll"
        clock.advance(0.5)
        table.poll()
    assert asked_in and set(asked_in) == {"poll"}


GAMES_WITH_CALLS = ["dobon", "dobon-arith", "doubt", "million-doubt"]


def open_states(game_id: str, seed: int, wanted: int = 6) -> list[Any]:
    """States on which calls may be open, reached by random play."""
    game = get_game(game_id)
    state, rng = game.new(players=4, seed=seed), random.Random(seed)
    found: list[Any] = []
    while len(found) < wanted and game.result(state) is None:
        if game.calls_open(state) and game.actors(state):
            found.append(state)
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return found


def what_seat_0_times(game_id: str, state: Any, people: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """Everything about time a person at seat 0 can observe until the table first moves on: the
    clock fields of its frames, whether a window is open, and when the change comes.  A person
    whose turn it is answers at once with its first move; the others say nothing."""
    game = get_game(game_id)
    bots = {s: make_bot(game_id, "hard") for s in range(4) if s not in people}
    table = Table(game, state, Clocks(reaction=1.0, turn=30.0, grace=None, pace=0.5), clock := FakeClock(),
                  bots=bots, pace_always=len(people) > 1)
    seen: list[tuple[Any, ...]] = [(table.deadlines(), table.window_open())]
    turn = game.turn_seat(state)
    if turn in people:
        assert turn is not None
        table.submit(turn, game.move_text(next(game.legal_moves(state, turn))), at=0)
    for _ in range(40):
        if table.seq > 0:
            return [*seen, ("moved on at", round(clock.now - 1000.0, 3))]
        due = table.next_deadline()
        if due is None:
            return [*seen, ("waits for a person",)]
        clock.now = max(clock.now, due)
        seen.append((round(clock.now - 1000.0, 3), table.deadlines(), table.window_open()))
        table.poll()
    return seen


@pytest.mark.parametrize("game_id", GAMES_WITH_CALLS)
@pytest.mark.parametrize("people", [(0, 1), (0,)])
def test_C4_the_pace_and_clock_fields_are_the_same_whether_or_not_a_bot_could_call(
    game_id: str, people: tuple[int, ...]
) -> None:
    """Noninterference for time: states seat 0 cannot tell apart (everything hidden from it dealt
    anew), some where a bot may call and some where none may, give seat 0 the same clock fields,
    the same windows and the same moment for the next change, with `hard` bots at the other seats."""
    game, contrasted = get_game(game_id), 0
    states = [s for seed in (11, 12, 13) for s in open_states(game_id, seed, wanted=4)]
    for index, state in enumerate(states):
        rng = random.Random(index)
        samples = [game.sample_hidden(state, 0, rng) for _ in range(40)]
        assert all(game.view(s, 0) == game.view(state, 0) for s in samples)
        callers = {frozenset(s2 for s2 in game.actors(s) if s2 not in people and s2 != game.turn_seat(s))
                   for s in samples}
        contrasted += len(callers) > 1
        timings = {repr(what_seat_0_times(game_id, s, people)) for s in samples}
        assert len(timings) == 1, f"state {index}: seat 0 could time who may call"
    if game_id == "dobon":
        assert contrasted, "some states must differ in whether a bot could call"
