"""Whole moves: a move of several card-by-card steps written as one line (``Game.parse_move``,
``Game.move_text``, ``Game.continues``; docs/core.md and each game's "Whole moves").

Transcripts with fixed deals show a whole move's text read as its steps and applied; seeded
bot games check that every move of several steps the bots make writes as text and reads back,
and that ``continues`` marks exactly the steps after which the same seat is the only one to act.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import transcript_doubt as doubt
import transcript_million_doubt as md
from kakehiki import NotationError, get_game
from kakehiki.bots import make_bot
from kakehiki.core import Action
from kakehiki.driver import play_out
from kakehiki.games.million_doubt.rules.actions import Give
from transcript import deal_deck, texts

DHUMBAL = get_game("dhumbal")
ARITH = get_game("dobon-arith")


def steps(game: Any, text: str) -> list[str]:
    return texts(game.parse_move(text))


def apply_move(game: Any, state: Any, seat: int, text: str) -> tuple[Any, list[Any]]:
    """Apply a whole move's steps in order, checking that all but the last continue the move."""
    moves = game.parse_move(text)
    events: list[Any] = []
    for n, action in enumerate(moves):
        assert game.continues(state, seat, action) == (n < len(moves) - 1), f"step {n} ({action}) of {text}"
        state, caused = game.apply(state, seat, action)
        events.extend(caused)
    return state, events


# -- Doubt ----------------------------------------------------------------------------------------------


def test_doubt_a_play_of_three_cards_is_one_move_in_card_order() -> None:
    state = doubt.new({0: "S5 S9 S10 H2", 1: "HA H3 H4 H5"}, max_cards_per_play=3)
    assert steps(doubt.GAME, "play S10 s5 S9") == ["add S5", "add S9", "play S10"]
    state, _ = apply_move(doubt.GAME, state, 0, "play S10 s5 S9")
    assert doubt.hand(state, 0) == "H2" and len(state.pile[-1].cards) == 3
    assert doubt.GAME.actors(state) == (1,)  # the doubt window is open on the whole play
    assert doubt.GAME.move_text(doubt.GAME.parse_move("play S10 S9 S5")) == "play S5 S9 S10"


def test_doubt_one_card_stays_one_step_and_two_decks_allow_a_card_twice() -> None:
    assert steps(doubt.GAME, "play S4") == ["play S4"]
    assert steps(doubt.GAME, "add S4") == ["add S4"]
    state = doubt.new({0: "SA SA H2", 1: "HA H3 H4"}, decks=2, max_cards_per_play=2)
    state, _ = apply_move(doubt.GAME, state, 0, "play SA SA")
    assert doubt.hand(state, 0) == "H2"


def test_doubt_move_text_refuses_steps_that_are_no_play() -> None:
    add, play = doubt.GAME.parse_action("add S9"), doubt.GAME.parse_action("play S5")
    with pytest.raises(NotationError, match="card order"):
        doubt.GAME.move_text([add, play])
    with pytest.raises(NotationError, match="no Doubt move"):
        doubt.GAME.move_text([play, add])
    with pytest.raises(NotationError, match="no step"):
        doubt.GAME.move_text([])


# -- Million Doubt --------------------------------------------------------------------------------------

MD_HANDS = {0: "S3 S4 S5 H5 C4 D9 JK", 1: "H3 H4 D5 C6 C7 C8 D10"}


def test_million_doubt_a_face_up_pair_is_one_move() -> None:
    state = md.deal(MD_HANDS)
    assert steps(md.GAME, "play H5 S5") == ["show S5", "show H5", "play"]
    state, _ = apply_move(md.GAME, state, 0, "play H5 S5")
    assert md.hand(state, 0) == md.cards("S3 S4 C4 D9 JK")
    assert md.GAME.actors(state) == (1,)


def test_million_doubt_a_play_with_face_down_cards_is_made_by_its_last_hide() -> None:
    state = md.deal(MD_HANDS)
    assert steps(md.GAME, "play S5 down D9 C4") == ["show S5", "play *2", "hide C4", "hide D9"]
    state, _ = apply_move(md.GAME, state, 0, "play S5 down D9 C4")
    assert md.hand(state, 0) == md.cards("S3 S4 H5 JK")
    assert md.view(state, 1).field[-1].up  # seat 1 sees the play made: S5 up, two down


def test_million_doubt_a_revolution_face_down_and_a_giving_as_one_move() -> None:
    assert steps(md.GAME, "play down C7 C4 C5 C6 revolution") == [
        "play *4 revolution", "hide C4", "hide C5", "hide C6", "hide C7"]
    assert steps(md.GAME, "give D4 S3 done") == ["give D4", "give S3", "done"]
    assert steps(md.GAME, "give S3 D4") == ["give S3", "give D4"]  # the whole field: the last give ends it
    assert steps(md.GAME, "give JK JK done") == ["give JK", "give JK", "done"]  # two jokers


def test_million_doubt_the_winner_of_a_doubt_gives_in_one_move() -> None:
    state = md.play(md.deal(MD_HANDS), "0: show S3, play *1, hide D9", "1: doubt")  # a lie: seat 1 wins
    assert md.GAME.actors(state) == (1,) and len(state.pool) == 2
    state, events = apply_move(md.GAME, state, 1, "give D9 done")
    assert md.hand(state, 0) == md.cards("S4 S5 H5 C4 D9 JK")
    assert texts(md.of_type(events, "Penalty")[0].discarded) == ["S3"]  # the rest of the field leaves the game


def test_million_doubt_move_text_round_trips_and_refuses_a_take_back() -> None:
    for text in ("play S5 H5", "play S5 down C4 D9", "play down C4 C5 C6 C7 revolution", "give S3 D4 done",
                 "give S3 D4", "pass", "play *2", "show S5"):
        assert md.GAME.move_text(md.GAME.parse_move(text)) == text
    show, undo = md.GAME.parse_action("show S5"), md.GAME.parse_action("undo")
    with pytest.raises(NotationError, match="no whole million-doubt move"):
        md.GAME.move_text([show, undo])


# -- Dhumbal --------------------------------------------------------------------------------------------

DHUMBAL_HANDS = {0: "S4 S5 S6 H9 CK", 1: "S10 H10 D10 C2 C3"}


def test_dhumbal_a_run_and_its_take_are_one_move() -> None:
    state = DHUMBAL.new(players=2, deck=deal_deck(DHUMBAL_HANDS, field="C7"))
    assert steps(DHUMBAL, "discard S6 s4 S5 take stock") == ["discard S4", "discard S5", "discard S6", "take stock"]
    state, _ = apply_move(DHUMBAL, state, 0, "discard S6 s4 S5 take stock")
    assert DHUMBAL.actors(state) == (1,)
    state, _ = apply_move(DHUMBAL, state, 1, "discard D10 S10 H10 take S4")
    assert "S4" in texts(DHUMBAL.view(state, 1).hand)
    assert DHUMBAL.move_text(DHUMBAL.parse_move("discard H10 S10 take c7")) == "discard S10 H10 take C7"


# -- Dobon (arithmetic) ---------------------------------------------------------------------------------


def test_dobon_arith_a_stack_is_one_move_from_bottom_to_top() -> None:
    deck = deal_deck({0: "S4 D4 H4 C9 CK", 1: "HA H2 H3 H5 H6"}, field="S3")
    state = ARITH.new(players=2, options={"first_player": 0}, deck=deck)
    assert steps(ARITH, "play S4 D4 H4") == ["bottom S4", "stack D4", "top H4"]
    state, _ = apply_move(ARITH, state, 0, "play S4 D4 H4")
    assert str(state.field[-1]) == "H4" and ARITH.view(state, 1).hand_sizes[0] == 2
    assert steps(ARITH, "play S8 H8 suit=c") == ["bottom S8", "top H8 suit=C"]
    assert ARITH.move_text(ARITH.parse_move("play S4 C4 H4 D4")) == "play S4 H4 C4 D4"


# -- Dobon: every move is one action --------------------------------------------------------------------


def test_dobon_moves_are_single_actions() -> None:
    game = get_game("dobon")
    assert steps(game, "play S4") == ["play S4"]
    assert game.move_text(game.parse_move("dobon top=H3")) == "dobon top=H3"
    with pytest.raises(NotationError, match="one action each, got 2"):
        game.move_text(game.parse_move("draw") * 2)
    with pytest.raises(NotationError, match="not a Dobon action"):
        game.parse_move("play S4 H4")


# -- malformed whole moves ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "text", "fault"), [
    ("doubt", "", "empty move"),
    ("doubt", "   ", "empty move"),
    ("doubt", "play S5 X9 S10", "word 3 of 'play S5 X9 S10': not a card"),
    ("doubt", "play S5 S5 S5 S5 S5", "names S5 5 times"),
    ("doubt", "play S5 S9 pass", "word 4 of 'play S5 S9 pass': not a card"),
    ("doubt", "play " + "S5 " * 80, "at most 64 words"),
    ("million-doubt", "play S5 S5", "names S5 twice: one deck"),
    ("million-doubt", "play S5 down S5", "names S5 twice"),
    ("million-doubt", "play S5 down", "name the face-down cards after down"),
    ("million-doubt", "play S5 H5 revolution", "only a play with face-down cards declares a revolution"),
    ("million-doubt", "play down C4 C5 C6 C7 C8 revolution", "at most 4 face down"),
    ("million-doubt", "play S5 down C4 down D9", "write down once"),
    ("million-doubt", "play S5 H5 extra", "word 4 of 'play S5 H5 extra': not a card"),
    ("million-doubt", "give done", "give at least one card"),
    ("million-doubt", "give S3 S3 done", "names S3 twice"),
    ("million-doubt", "give S3 D4 done now", "done ends the giving: nothing follows it"),
    ("million-doubt", "play down C4 C5 revolution C6", "revolution comes last"),
    ("dhumbal", "discard S4 S5 S6", "ends with its take"),
    ("dhumbal", "discard take stock", "name the cards to discard before take"),
    ("dhumbal", "discard S4 S5 take stock now", "take names the stock or one card"),
    ("dhumbal", "discard S4 JK take stock", "word 3 of 'discard S4 JK take stock': Dhumbal is played without jokers"),
    ("dhumbal", "discard S4 S4 S4 S4 S4 take stock", "names S4 5 times"),
    ("dobon-arith", "play S4 S4", "names S4 twice: the game has one deck"),
    ("dobon-arith", "play S8 H8", "an 8 on top names the suit"),
    ("dobon-arith", "play S4 H4 suit=C", "only a play with an 8 on top names a suit"),
    ("dobon-arith", "play S4 H4 suit=X", "suit= names S, H, D or C"),
    ("dobon-arith", "play S4 JK", "word 3 of 'play S4 JK': there are no jokers"),
    ("dobon-arith", "play S4 H4 D4 now", "word 5 of 'play S4 H4 D4 now': not a card"),
    ("dobon", "", "empty"),
])
def test_a_malformed_move_names_its_fault(game_id: str, text: str, fault: str) -> None:
    with pytest.raises(NotationError) as info:
        get_game(game_id).parse_move(text)
    assert fault in str(info.value)


# -- what bots play: every move writes as text and reads back; continues marks its inner steps ----------

PRIVATE: dict[str, Callable[[Action], bool]] = {
    "doubt": lambda a: True,
    "dobon-arith": lambda a: True,
    "million-doubt": lambda a: not isinstance(a, Give),  # a field card given is public as it goes
    "dhumbal": lambda a: False,  # cards put down are public as they go (src/kakehiki/games/dhumbal/spec.md)
}

PLAYED = [  # game, seats, options, bots (seat by seat, cycled), the last steps of the moves of several steps
    ("doubt", 4, {"max_cards_per_play": 4, "decks": 2, "jokers": 2}, ("normal",), {"play"}),
    ("million-doubt", 4, {}, ("normal", "all-down", "expert"), {"play", "hide", "give", "done"}),
    ("dhumbal", 4, {"limit": 60}, ("normal",), {"take"}),
    ("dobon-arith", 3, {"games": 2}, ("normal",), {"top"}),
    ("dobon", 4, {}, ("normal",), set()),
]


def played_moves(
    game_id: str, players: int, options: dict[str, object], bots: tuple[str, ...], seed: int
) -> list[list[Action]]:
    """Every move of a seeded bots' game, each the steps of one seat up to the first that does not continue.

    After each continuing step the same seat alone acts next, and where the step is private the other
    seats' views are unchanged and they see none of its events."""
    game = get_game(game_id)
    state = game.new(players=players, options=options, seed=seed)
    moves: list[list[Action]] = []
    open_move: list[tuple[int, Action]] = []
    before = [state]

    def listen(after: Any, seat: int, action: Action, events: tuple[Any, ...]) -> None:
        prior, before[0] = before[0], after
        assert not open_move or open_move[0][0] == seat, f"seat {seat} acted inside seat {open_move[0][0]}'s move"
        open_move.append((seat, action))
        if not game.continues(prior, seat, action):
            moves.append([a for _, a in open_move])
            open_move.clear()
            return
        assert game.actors(after) == (seat,), f"{action} continues, yet {game.actors(after)} act next"
        if PRIVATE[game_id](action):
            for other in (s for s in range(players) if s != seat):
                assert game.view(after, other) == game.view(prior, other), f"seat {other} saw {action}"
                assert all(e.seen_by(other) is None for e in events), f"seat {other} saw an event of {action}"

    play_out(game, state, [make_bot(game_id, bots[s % len(bots)]) for s in range(players)], seed=seed, listener=listen)
    assert not open_move, "the game ended inside a move"
    return moves


@pytest.mark.parametrize(("game_id", "players", "options", "bots", "endings"), PLAYED, ids=[p[0] for p in PLAYED])
def test_every_move_bots_make_round_trips_as_one_line(
    game_id: str, players: int, options: dict[str, object], bots: tuple[str, ...], endings: set[str]
) -> None:
    game = get_game(game_id)
    ended_by = set()
    for seed in (1, 2):
        for move in played_moves(game_id, players, options, bots, seed):
            text = game.move_text(move)
            assert game.parse_move(text) == tuple(move), text
            if len(move) > 1:
                ended_by.add(str(move[-1]).split()[0])
    assert ended_by == endings  # every kind of whole move was played (none in Dobon)


def test_C3_a_record_takes_a_whole_move_where_it_takes_an_action() -> None:
    """A record keeps the steps a table applied; a whole move written as one line replays the same."""
    from kakehiki.errors import RecordError
    from kakehiki.record import make_record, replay

    game = get_game("doubt")
    state = game.new(players=3, seed=4, options={"max_cards_per_play": 3})
    hand = game.view(state, 0).hand
    move = f"play {hand[4]} {hand[0]} {hand[2]}"
    after = state
    for step in game.parse_move(move):
        after, _ = game.apply(after, 0, step)
    by_steps = make_record(game, state, [(0, 0, a) for a in game.parse_move(move)], ["a", "b", "c"], after)
    as_one = {**by_steps, "actions": [[[0, move]]]}
    assert replay(as_one)[1] == replay(by_steps)[1] == after
    unfinished = {**by_steps, "actions": [[[0, f"play {hand[0]} {hand[0]} {hand[0]} {hand[0]}"]]]}
    with pytest.raises(RecordError, match="game 1, move 1"):
        replay(unfinished)


@pytest.mark.parametrize("game_id", ["doubt", "million-doubt", "dhumbal", "dobon-arith", "daifugo"])
def test_legal_move_texts_are_the_legal_moves_with_their_texts_asked_twice(game_id: str) -> None:
    """A host lists each whole move with its text; the texts a game remembers from one asking
    to the next are those ``move_text`` gives, and the moves are ``legal_moves`` in order."""
    import itertools
    import random

    game, rng = get_game(game_id), random.Random(5)
    state = game.new(players=4, seed=5)
    for _ in range(60):
        if game.result(state) is not None:
            break
        seat = game.actors(state)[0]
        moves = list(itertools.islice(game.legal_moves(state, seat), 300))
        for _asked in range(2):
            listed = list(itertools.islice(game.legal_move_texts(state, seat), 300))
            assert listed == [(move, game.move_text(move)) for move in moves]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
