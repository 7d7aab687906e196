"""Dobon options (validation, command-line text values) and action notation (C1, C6, J2–J14 options)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kakehiki
from kakehiki import CARDS, Card, NotationError, OptionError
from kakehiki.cards import STANDARD_DECK
from kakehiki.games.dobon import Delay, Dobon, Draw, Pass, Play, parse_action
from kakehiki.options import parse_assignments
from transcript import SIMPLE, deal_deck

GAME = kakehiki.get_game("dobon")


def options_of(state: Any) -> dict[str, object]:
    return dict(state.options.to_values())


# -- options: defaults ---------------------------------------------------------------------------


def test_defaults_match_the_rulings() -> None:
    values = options_of(GAME.new(players=4, seed=1))
    assert values == {
        "decks": "auto",  # J2
        "official": True,  # J4
        "first_dealer": "auto",  # J12
        "interrupt_turn": "after_interrupter",  # J5
        "min_field_to_rebuild": 0,  # J11
        "max_twos_ratio": None,  # J11
        "games": 1,  # J13
        "min_games": 0,  # J13
        "max_steps": 20000,  # C7
    }
    assert {spec.name for spec in GAME.options} == set(values)


# -- options: bad names and values are refused, naming the option ---------------------------------


def test_unknown_option_is_named() -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=4, options={"deck": 2})
    assert info.value.option == "deck"
    assert "deck" in str(info.value)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("decks", 0), ("decks", 9), ("decks", "two"), ("decks", True), ("decks", 1.5), ("decks", None),
        ("official", "maybe"), ("official", 1), ("official", None),
        ("first_dealer", -1), ("first_dealer", 16), ("first_dealer", "left"),
        ("interrupt_turn", "sometimes"), ("interrupt_turn", 1), ("interrupt_turn", ""),
        ("min_field_to_rebuild", -1), ("min_field_to_rebuild", "few"),
        ("max_twos_ratio", 1.5), ("max_twos_ratio", -0.1), ("max_twos_ratio", "half"), ("max_twos_ratio", "1.01"),
        ("games", 0), ("games", 1001), ("games", "many"), ("games", 2.0),
        ("min_games", -1),
        ("max_steps", 0), ("max_steps", "lots"),
    ],
)
def test_bad_option_value_is_named(name: str, value: object) -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=4, options={name: value})
    assert info.value.option == name
    assert repr(name) in str(info.value)


def test_first_dealer_must_be_a_seat_at_the_table() -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=4, options={"first_dealer": 4})
    assert info.value.option == "first_dealer"
    assert GAME.view(GAME.new(players=4, options={"first_dealer": 3}), None).dealer == 3


@pytest.mark.parametrize("players", [0, 1, 17])
def test_player_count_is_named(players: int) -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=players)
    assert info.value.option == "players"


@pytest.mark.parametrize(
    "deck",
    [
        list(STANDARD_DECK[:51]),  # a card short
        [*STANDARD_DECK[:51], STANDARD_DECK[0]],  # SA twice, CK missing
        [*STANDARD_DECK, kakehiki.JOKER],  # a joker
        [],
    ],
)
def test_explicit_deck_must_be_whole_decks(deck: list[Card]) -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(players=4, options=SIMPLE, deck=deck)
    assert info.value.option == "deck"


def test_explicit_deck_too_small_to_deal() -> None:
    # 16 players at 4 cards need 65 cards: one deck is not enough.
    with pytest.raises(OptionError) as info:
        GAME.new(players=16, options=SIMPLE, deck=list(STANDARD_DECK))
    assert info.value.option == "deck"
    assert GAME.view(GAME.new(players=16, options=SIMPLE, deck=list(STANDARD_DECK) * 2), None).decks == 2


# -- options: command-line text values ------------------------------------------------------------


def test_cli_text_values_parse() -> None:
    given = parse_assignments([
        "decks=2", "official=false", "first_dealer=1", "interrupt_turn=UNCHANGED", "min_field_to_rebuild= 3",
        "max_twos_ratio=0.5", "games=3", "min_games=2", "max_steps=500",
    ])
    assert given["decks"] == "2" and given["min_field_to_rebuild"] == " 3"
    values = options_of(GAME.new(players=4, options=given))
    assert values == {
        "decks": 2, "official": False, "first_dealer": 1, "interrupt_turn": "unchanged", "min_field_to_rebuild": 3,
        "max_twos_ratio": 0.5, "games": 3, "min_games": 2, "max_steps": 500,
    }


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("official", "true", True), ("official", "yes", True), ("official", "On", True), ("official", "1", True),
        ("official", "no", False), ("official", "OFF", False), ("official", "0", False),
        ("decks", "auto", "auto"), ("decks", "AUTO", "auto"), ("first_dealer", "auto", "auto"),
        ("max_twos_ratio", "none", None), ("max_twos_ratio", "1", 1.0), ("max_twos_ratio", "0", 0.0),
        ("interrupt_turn", "after_interrupter", "after_interrupter"),
    ],
)
def test_cli_text_value(name: str, text: str, value: object) -> None:
    assert options_of(GAME.new(players=4, options={name: text}))[name] == value


def test_cli_assignment_without_value_is_named() -> None:
    with pytest.raises(OptionError) as info:
        parse_assignments(["decks"])
    assert info.value.option == "decks"


def test_options_round_trip_through_text() -> None:
    """What a record stores (``to_values``) starts the same match again, also as text."""
    state = GAME.new(players=4, options={"decks": 2, "official": False, "max_twos_ratio": 0.25, "games": 3}, seed=9)
    values = options_of(state)
    assert GAME.new(players=4, options=values, seed=9) == state
    as_text = {k: "none" if v is None else str(v).lower() for k, v in values.items()}
    assert GAME.new(players=4, options=as_text, seed=9) == state


# -- action notation -------------------------------------------------------------------------------

EVERY_ACTION = [
    *(Play(c) for c in STANDARD_DECK),
    *(Dobon(c) for c in STANDARD_DECK),
    Draw(), Pass(), Delay(),
]


def test_action_notation_round_trip_every_form() -> None:
    seen = set()
    for action in EVERY_ACTION:
        text = str(action)
        assert parse_action(text) == action
        assert str(parse_action(text)) == text
        assert GAME.parse_action(text) == action
        seen.add(text)
    assert len(seen) == len(EVERY_ACTION)
    assert {"play S4", "play H10", "dobon top=H3", "dobon top=CK", "draw", "pass", "delay"} <= seen


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play s4", "play S4"), ("PLAY h12", "play HQ"), ("  play   c1 ", "play CA"), ("Play D13", "play DK"),
        ("dobon top=h3", "dobon top=H3"), ("DOBON TOP=s11", "dobon top=SJ"), ("dobon Top=D10", "dobon top=D10"),
        ("DRAW", "draw"), (" pass ", "pass"), ("Delay", "delay"),
    ],
)
def test_action_notation_is_case_insensitive(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical
    assert parse_action(canonical) == parse_action(text)


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "play", "play S4 S5", "play X4", "play S0", "play JK2", "dobon", "dobon H3", "dobon top=",
        "dobon top=ZZ", "dobon top=H3 extra", "dobon to=H3", "draw 2", "draw S4", "pass now", "delay 1", "jump",
        "playS4", "dobontop=H3",
    ],
)
def test_malformed_action_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
    with pytest.raises(NotationError):
        GAME.parse_action(text)


def test_every_legal_action_round_trips() -> None:
    """Format then parse gives back every action the engine offers, all through real games."""
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(players=3 + seed % 3, options={"games": 2}, seed=seed)
        while GAME.result(state) is None:
            for seat in GAME.actors(state):
                for action in GAME.legal_actions(state, seat):
                    assert GAME.parse_action(str(action)) == action
            seat = rng.choice(GAME.actors(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_actions_by_text_and_by_object_act_alike() -> None:
    deck = deal_deck({0: "S4 H9 C6 DK", 1: "HA H5 D5 C7"}, field="H3", stock="CQ")
    state = GAME.new(players=2, options=SIMPLE, deck=deck)
    by_text = GAME.apply(state, 0, "PLAY h9")
    by_object = GAME.apply(state, 0, Play(Card.parse("H9")))
    assert by_text == by_object


def test_card_objects_are_interned() -> None:
    assert all(Card.parse(str(c)) is c for c in CARDS)
