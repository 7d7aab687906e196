"""Dhumbal under hostile input (issue 12, items 3 and 4): every malformed action text is a
:class:`NotationError` quoting at most a short excerpt, parsing only ever returns one of the
106 shared actions (nothing is built or kept per text),
huge option values are refused by their range, an explicit deck never overrides ``decks``,
and nothing changes the state it was tried on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import SHORT, assert_other_types_refused, assert_parses_or_refused, first_actor, start_or_refused
from kakehiki import CARDS, NotationError, OptionError
from kakehiki.cards import STANDARD_DECK
from kakehiki.games.dhumbal import ALL_ACTIONS
from transcript import deal_deck
from transcript_dhumbal import GAME, play

WORDS = ["discard", "DISCARD", "take", "TAKE", "stock", "show", "S4", "h10", "JK", "joker", "c13", "X9", "S٣",
         "Ｓ４", "²", "", "\u200b", "9" * 5000, "S1" + "0" * 60]
TOKENS = st.one_of(st.sampled_from(WORDS), st.text(max_size=6), st.integers(-10**30, 10**30).map(str))
TEXTS = st.one_of(st.text(max_size=60), st.lists(TOKENS, max_size=8).map(" ".join))
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**300, 10**300), st.floats(), st.text(max_size=12),
                   st.sampled_from(["auto", "caller_loses", "caller_wins", "left", "right", "true", "30"]))
NAMES = [spec.name for spec in GAME.options] + ["bogus", ""]
HANDS = {0: "HA DA S8 S9 S10", 1: "H5 D5 C5 S5 C2", 2: "S4 H4 D4 C4 DQ"}


def live_states() -> list[Any]:
    """The first turn, a turn half-way through a set, and a turn after a run was discarded."""
    state = GAME.new(players=3, deck=deal_deck(HANDS, field="H7", stock="CA HK SJ"))
    return [state, play(GAME, state, "0: discard S8"),
            play(GAME, state, "0: discard S8, discard S9, discard S10, take stock", "1: discard S5")]


@pytest.mark.parametrize("text", [
    "", "show now", "discard", "take", "discard take", "discard S4 take stock", "take stock S5", "discard S44",
    "take S44", "discard Ｓ４", "take S4 discard S5", "discard S٣", "take " + "x" * 100, "x" * 1000, "discard JK",
    "take joker", "discard stock", "take stock please",
])
def test_malformed_actions_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    assert len(str(err.value)) < SHORT


def test_malformed_actions_quote_a_short_excerpt_of_a_huge_text() -> None:
    for text in ("x" * 50_000_000, "discard S" + "4" * 50_000_000, "discard " + "S4 " * 200_000 + "take stock",
                 "take " + " " * 1_000_000 + "stock x"):
        with pytest.raises(NotationError) as err:
            GAME.parse_action(text)
        assert len(str(err.value)) < SHORT


def test_malformed_actions_of_other_types_raise_notation_error() -> None:
    assert_other_types_refused(GAME, (None, 4, b"show", ["show"]))


def test_parsing_gives_one_of_the_shared_actions() -> None:
    # Every well-formed text, in any case and with C1's aliases, is one of the 106 actions itself:
    # a hostile record or client can make nothing new.
    for card in STANDARD_DECK:
        for text in (f"discard {card}", f"DISCARD {str(card).lower()}", f"take {card}", f" Take {card} "):
            assert any(GAME.parse_action(text) is action for action in ALL_ACTIONS), text
    assert GAME.parse_action("discard S13") is GAME.parse_action("discard SK") is ALL_ACTIONS[13]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS)
def test_fuzzed_action_texts_parse_or_raise_notation_error(text: str) -> None:
    assert_parses_or_refused(GAME, text, live_states())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
       players=st.one_of(st.none(), st.integers(-2, 18)), seed=st.integers(0, 2**64),
       deck=st.one_of(st.none(), st.integers(1, 3), st.lists(st.sampled_from([str(c) for c in CARDS]), max_size=60)))
def test_fuzzed_options_and_decks_start_a_match_or_raise(
    options: dict[str, Any], players: int | None, seed: int, deck: Any
) -> None:
    cards = list(STANDARD_DECK * deck) if isinstance(deck, int) else deck
    if isinstance(deck, int):
        random.Random(seed).shuffle(cards)
    state = start_or_refused(GAME, players, options, seed, cards, steps=60, seat_of=first_actor)
    result = None if state is None else GAME.result(state)
    assert result is None or all(abs(s) < 1e300 for s in result.scores)


@pytest.mark.parametrize(("name", "value"), [("penalty", 10**6), ("penalty", 1001), ("limit", 10**7),
                                             ("penalty", -1), ("show_max", 51)])
def test_huge_option_values_are_refused_by_their_range(name: str, value: int) -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=3, options={name: value})
    assert err.value.option == name


def test_the_largest_penalty_scores_a_failed_show() -> None:
    # Seat 0 shows on HA D2 C2 = 5 against seat 1's SA DA = 2: it pays 5 + 1000 and the match ends.
    hands = {0: "HA D2 S8 S9 S10", 1: "H5 D5 C5 S5 SA", 2: "S4 H4 D4 C4 DQ"}
    state = GAME.new(players=3, options={"penalty": 1000, "limit": 10000},
                     deck=deal_deck(hands, field="H7", stock="C2 DA SJ"))
    state = play(GAME, state, "0: discard S8, discard S9, discard S10, take stock",
                 "1: discard S5, discard H5, discard D5, discard C5, take stock",
                 "2: discard S4, discard H4, discard D4, discard C4, take stock", "0: show")
    assert GAME.view(state, None).scores == (1005, 0, 20)
    state = GAME.new(players=3, options={"penalty": 1000, "limit": 0},
                     deck=deal_deck(hands, field="H7", stock="C2 DA SJ"))
    state = play(GAME, state, "0: discard S8, discard S9, discard S10, take stock",
                 "1: discard S5, discard H5, discard D5, discard C5, take stock",
                 "2: discard S4, discard H4, discard D4, discard C4, take stock", "0: show")
    result = GAME.result(state)
    assert result is not None and result.scores == (-1005.0, 0.0, -20.0) and result.losers == (0,)


@pytest.mark.parametrize(("players", "options", "decks"), [
    (4, {}, 2), (4, {"decks": 2}, 1), (4, {"decks": 1}, 2), (9, {}, 1), (12, {"decks": 2}, 3),
])
def test_an_explicit_deck_never_overrides_decks(players: int, options: dict[str, Any], decks: int) -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=players, options=options, deck=list(STANDARD_DECK * decks))
    assert err.value.option == "decks"


@pytest.mark.parametrize(("players", "options", "decks"), [(4, {}, 1), (4, {"decks": 2}, 2), (9, {}, 2),
                                                            (16, {"decks": 2}, 2), (16, {"decks": 4}, 4)])
def test_an_explicit_deck_matching_decks_is_dealt(players: int, options: dict[str, Any], decks: int) -> None:
    state = GAME.new(players=players, options=options, deck=list(STANDARD_DECK * decks))
    assert GAME.view(state, None).decks == decks


def test_more_players_than_the_decks_seat_are_refused_naming_decks() -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=9, options={"decks": 1})
    assert err.value.option == "decks"
    for players in range(GAME.min_players, GAME.max_players + 1):  # auto always seats everyone
        state = GAME.new(players=players, seed=players)
        assert GAME.view(state, None).hand_sizes == (5,) * players
