"""The learned correction to the Dobon rule's choice (issue 19), as table transcripts: a fixed deal,
a few moves, then what the correction makes of the rule's choice."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from kakehiki.cards import Card
from kakehiki.games.dobon.bots.correction import (
    FEATURES,
    MARGIN,
    SITUATIONS,
    WEIGHTS,
    Situation,
    applies,
    corrected,
    option,
    situation,
    value,
)
from kakehiki.games.dobon.bots.expert import DobonExpertBot
from kakehiki.games.dobon.bots.heuristic import danger, decide
from kakehiki.games.dobon.rules.actions import Pass, Play
from kakehiki.registry import get_game
from transcript import SIMPLE, deal_deck, play

GAME = get_game("dobon")
HANDS = ("S8 H4 DQ CK", "HA D2 C3 C6", "H8 S9 D10 CJ", "D5 H6 C9 SJ")
OUT_OF_TURN_PLAY = 0  # the "play" feature of the out-of-turn rows (Situation.index 0..3)


def new(hands: dict[int, str], field: str, stock: str = "") -> Any:
    deck = deal_deck(hands, field, stock, dealer=0)
    return GAME.new(players=len(hands), options=SIMPLE, seed=0, deck=deck)


def interrupt_window() -> Any:
    # four seats; seat 0 plays the 8 of spades; seat 2 holds the 8 of hearts and may interrupt
    # (J5) or pass
    state = new(dict(enumerate(HANDS)), "S5", stock="H9 D7 C10")
    return play(GAME, state, "0: play S8")


def weights_for(situation_index: int, feature: int, weight: float) -> tuple[tuple[float, ...], ...]:
    rows = [[0.0] * FEATURES for _ in range(SITUATIONS)]
    rows[situation_index][feature] = weight
    return tuple(tuple(row) for row in rows)


def correct(state: Any, seat: int, chosen: str, weights: tuple[tuple[float, ...], ...]) -> str:
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    pick = next(a for a in legal if str(a) == chosen)
    uniform = partial(danger, view)
    return str(corrected(view, legal, pick, uniform, uniform, weights))


def test_the_window_is_an_out_of_turn_choice_of_four_cards() -> None:
    state = interrupt_window()
    view = GAME.view(state, 2)
    legal = GAME.legal_actions(state, 2)
    assert [str(a) for a in legal] == ["play H8", "pass"]
    assert applies(view, legal)
    assert situation(view, legal) == Situation(out_of_turn=True, pending=0, size=4, smallest=3)
    assert situation(view, legal).index == 2  # out of turn, four cards


def test_zero_weights_keep_the_rules_choice() -> None:
    state = interrupt_window()
    zero = ((0.0,) * FEATURES,) * SITUATIONS
    assert correct(state, 2, "pass", zero) == "pass"
    assert correct(state, 2, "play H8", zero) == "play H8"


def test_interrupts_when_the_model_expects_more_than_the_margin() -> None:
    state = interrupt_window()
    assert correct(state, 2, "pass", weights_for(2, OUT_OF_TURN_PLAY, 2 * MARGIN)) == "play H8"
    # an expected gain under the margin changes nothing
    assert correct(state, 2, "pass", weights_for(2, OUT_OF_TURN_PLAY, MARGIN / 2)) == "pass"
    # the weights of another situation (out of turn with three cards) do not apply here
    assert correct(state, 2, "pass", weights_for(1, OUT_OF_TURN_PLAY, 1.0)) == "pass"


def test_an_option_knows_the_total_left_and_its_unseen_copies() -> None:
    state = interrupt_window()
    view = GAME.view(state, 2)
    uniform = partial(danger, view)
    o = option(view, Play(Card.parse("H8")), uniform, uniform)
    # 8 + 9 + 10 + J = 38, less the 8: 30 left, not callable (more than 13), so no copies counted
    assert (o.kind, o.value, o.left, o.unseen) == ("play", 8, 30, 0)
    assert o.uniform == o.read == danger(view, 8)
    assert option(view, Pass(), uniform, uniform).kind == "pass"


def test_unseen_copies_count_only_what_the_seat_cannot_see() -> None:
    # seat 1 holds A + 2 + 2 + 6 = 11; after seat 0's 6 of spades it may play its 6 of clubs,
    # keeping 5: one five is on the field (the first card), so three are unseen
    state = new({0: "S6 H4 DQ CK", 1: "HA D2 C2 C6"}, "S5", stock="H9 D7 C10")
    state = play(GAME, state, "0: play S6")
    view = GAME.view(state, 1)
    uniform = partial(danger, view)
    o = option(view, Play(Card.parse("C6")), uniform, uniform)
    assert (o.left, o.unseen) == (5, 3)


def test_never_changes_a_dobon_call() -> None:
    # seat 1 holds A + 2 + 3 + 7 = 13 and seat 0 plays the king of clubs: a Dobon is open, the
    # correction stands aside whatever its weights
    state = new({0: "CK H4 D9 SQ", 1: "SA H2 D3 C7", 2: "H8 S9 D10 CJ", 3: "D5 H6 C9 SJ"}, "C5")
    state = play(GAME, state, "0: play CK")
    view = GAME.view(state, 1)
    legal = GAME.legal_actions(state, 1)
    assert not applies(view, legal)
    every = tuple((1.0,) * FEATURES for _ in range(SITUATIONS))
    call = next(a for a in legal if str(a).startswith("dobon"))
    assert correct(state, 1, str(call), every) == str(call)


def test_stands_aside_at_a_table_it_was_not_fitted_for() -> None:
    # the same window at three seats: the model was fitted at four, so the rule's choice stands
    state = new(dict(enumerate(HANDS[:3])), "S5", stock="H9 D7 C10")
    state = play(GAME, state, "0: play S8")
    assert [str(a) for a in GAME.legal_actions(state, 2)] == ["play H8", "pass"]
    assert not applies(GAME.view(state, 2), GAME.legal_actions(state, 2))
    assert correct(state, 2, "pass", weights_for(2, OUT_OF_TURN_PLAY, 1.0)) == "pass"


def test_the_shipped_model_has_a_row_per_situation_and_ranks_options() -> None:
    assert len(WEIGHTS) == SITUATIONS
    assert all(len(row) == FEATURES for row in WEIGHTS)
    assert any(w != 0.0 for row in WEIGHTS for w in row)
    state = interrupt_window()
    view = GAME.view(state, 2)
    legal = GAME.legal_actions(state, 2)
    uniform = partial(danger, view)
    where = situation(view, legal)
    scores = {str(a): value(where, option(view, a, uniform, uniform), WEIGHTS) for a in legal}
    assert scores["play H8"] != scores["pass"]


def test_the_corrected_expert_sees_only_its_view() -> None:
    """Two deals that differ only in the other hands and the stock (swapped between them): the
    corrected expert in seat 2 makes the same choice in both, with the same generator."""
    field, mine, last = "S5", "H8 S9 D10 CJ", "D5 H6 C9 SJ"
    a = new({0: "S8 H4 DQ CK", 1: "HA D2 C3 C6", 2: mine, 3: last}, field, stock="H9 D7 C10")
    b = new({0: "S8 C3 D7 H9", 1: "HA D2 H4 C6", 2: mine, 3: last}, field, stock="DQ CK C10")
    a, b = play(GAME, a, "0: play S8"), play(GAME, b, "0: play S8")
    assert GAME.view(a, 2) == GAME.view(b, 2)
    for seed in range(8):
        choices = {str(DobonExpertBot().choose(GAME.view(s, 2), GAME.legal_actions(s, 2), random.Random(seed)))
                   for s in (a, b)}
        assert len(choices) == 1


def test_the_uncorrected_expert_is_the_rule_on_its_read() -> None:
    state = interrupt_window()
    view = GAME.view(state, 2)
    legal = GAME.legal_actions(state, 2)
    bot = DobonExpertBot(correct=False)
    read = bot.danger_of(view, random.Random(3))
    assert bot.choose(view, legal, random.Random(3)) == decide(view, legal, read)
