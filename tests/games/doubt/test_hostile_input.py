"""Doubt under hostile input (issue 12, items 3 and 4): every malformed action text is a
:class:`NotationError` quoting at most a short excerpt, every bad option or deck a
:class:`KakehikiError` naming the option, and nothing changes the state it was tried on."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import SHORT, assert_other_types_refused, assert_parses_or_refused, start_or_refused
from kakehiki import CARDS, NotationError, OptionError, parse_cards
from kakehiki.games.doubt import legacy_actions
from transcript_doubt import GAME, new, play

WORDS = ["play", "PLAY", "doubt", "pass", "S4", "h10", "JK", "joker", "c13", "S0", "X9", "S1" + "0" * 60,
         "*2", "²", "٣", "S٣", "Ｓ４", "take", "", "\u200b", "play\x00", "9" * 5000]
TOKENS = st.one_of(st.sampled_from(WORDS), st.text(max_size=6), st.integers(-10**30, 10**30).map(str))
TEXTS = st.one_of(st.text(max_size=60), st.lists(TOKENS, max_size=8).map(" ".join))
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**300, 10**300), st.floats(),
                   st.text(max_size=12), st.sampled_from(["pile", "forfeit", "two_cards", "auto", "true", "4"]))
NAMES = [spec.name for spec in GAME.options] + ["bogus", ""]


def live_states() -> list[Any]:
    """A turn to play, a doubt window open, and a play of several cards half made."""
    state = new({0: "SA S2 S3", 1: "HA H2 H3", 2: "DA D2 D3"})
    several = new({0: "SA S2 S3", 1: "HA H2 H3", 2: "DA D2 D3"}, max_cards_per_play=3, jokers=1)
    return [state, play(state, "0: play S2"), play(several, "0: add S2")]


@pytest.mark.parametrize("text", [
    "", "   ", "play", "doubt now", "pass pass", "play S44", "play X4", "play S4 *2", "play ²", "play S٣",
    "play Ｓ４", "draw", "play " + "S" * 100, "play S" + "1" * 5000, "x" * 1000, "play S4 H9", "add", "add S4 H9",
    "add *2", "add " + "S" * 100,
])
def test_malformed_actions_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    assert len(str(err.value)) < SHORT


def test_malformed_actions_quote_a_short_excerpt_of_a_huge_text() -> None:
    for text in ("x" * 50_000_000, "play S" + "4" * 50_000_000, "play " + "S4 " * 1_000 + "ZZ"):
        with pytest.raises(NotationError) as err:
            GAME.parse_action(text)
        assert len(str(err.value)) < SHORT
    # A play of 200,000 cards, as version 1 wrote plays: malformed now, and too long for a version-1 text.
    huge = "play " + "S4 " * 200_000
    for read in (GAME.parse_action, lambda text: legacy_actions(1, 0, text)):
        with pytest.raises(NotationError) as refused:
            read(huge)
        assert len(str(refused.value)) < SHORT


def test_malformed_actions_of_other_types_raise_notation_error() -> None:
    assert_other_types_refused(GAME, (None, 4, b"pass", ["pass"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS)
def test_fuzzed_action_texts_parse_or_raise_notation_error(text: str) -> None:
    assert_parses_or_refused(GAME, text, live_states())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
       players=st.one_of(st.none(), st.integers(-2, 14)), seed=st.integers(0, 2**64),
       deck=st.one_of(st.none(), st.lists(st.sampled_from([str(c) for c in CARDS]), max_size=60)))
def test_fuzzed_options_and_decks_start_a_game_or_raise(
    options: dict[str, Any], players: int | None, seed: int, deck: list[str] | None
) -> None:
    start_or_refused(GAME, players, options, seed, deck)


@pytest.mark.parametrize(("deck", "options", "option"), [
    ("SA SA", {}, "decks"), ("SA JK", {}, "jokers"), ("SA SA SA", {"decks": 2}, "decks"),
    ("SA JK JK", {"jokers": 1, "decks": 1}, "jokers"), ("SA HA", {}, "deck"),
])
def test_an_explicit_deck_never_overrides_the_options(deck: str, options: dict[str, Any], option: str) -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=3, options=options, deck=parse_cards(deck))
    assert err.value.option == option


@pytest.mark.parametrize("players", [2, 7, 12])
def test_every_table_size_is_dealt_from_the_smallest_deck(players: int) -> None:
    state = GAME.new(players=players, options={"decks": 1, "jokers": 0}, seed=players)
    sizes = [len(h) for h in state.hands]
    assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1

