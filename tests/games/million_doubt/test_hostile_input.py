"""Million Doubt under hostile input (issue 12, items 3 and 4): every malformed action text is
a :class:`NotationError` quoting at most a short excerpt (``play *²`` once raised ValueError),
every bad option or deck a :class:`KakehikiError` naming the option, and nothing changes the
state it was tried on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import SHORT, assert_other_types_refused, assert_parses_or_refused, start_or_refused
from kakehiki import CARDS, KakehikiError, NotationError, OptionError
from kakehiki.games.million_doubt import legacy_actions
from kakehiki.games.million_doubt.rules.match import full_deck
from transcript_million_doubt import GAME, deal, play

WORDS = ["play", "show", "hide", "give", "pass", "doubt", "done", "revolution", "S4", "h10", "JK", "joker", "c13", "X9",
         "*", "*1", "*2", "*4", "*0", "*01", "*54", "*55", "*99", "*²", "*٣", "*१", "*𝟘", "*-1", "*+2", "* 2",
         "*" + "9" * 5000, "*1e3", "S٣", "Ｓ４", "", "\u200b", "9" * 5000]
TOKENS = st.one_of(st.sampled_from(WORDS), st.text(max_size=6), st.integers(-10**30, 10**30).map(lambda n: f"*{n}"))
TEXTS = st.one_of(st.text(max_size=60), st.lists(TOKENS, max_size=8).map(" ".join))
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**300, 10**300), st.floats(), st.text(max_size=12),
                   st.sampled_from(["random", "last_winner", "auto", "hand", "true", "3", "11"]))
NAMES = [spec.name for spec in GAME.options] + ["bogus", ""]
HANDS = {0: "S3 S4 S5 S6 S7 S9 S10", 1: "H3 H4 H5 H6 H7 H9 H10", 2: "D3 D4 D5 D6 D7 D9 D10"}


def live_states() -> list[Any]:
    """A lead, a claim to hide, a doubt window, a penalty to give."""
    state = deal(HANDS)
    lead = play(state, "0: show S3, play")
    hiding = play(lead, "1: play *1")
    window = play(hiding, "1: hide H9")
    giving = play(window, "0: doubt")
    return [state, hiding, window, giving]


@pytest.mark.parametrize("text", [
    "play *²", "play S4 *²", "play *٣", "play *१ revolution", "play *𝟘", "play *0", "play *01", "play *55",
    "play *" + "9" * 5000, "play *-1", "play *", "play revolution", "play S4 revolution", "play S4 *2 *3",
    "hide", "hide *2", "give", "give S4 S5", "done now", "", "play S44", "play Ｓ４", "x" * 1000,
    "show", "show S4 S5", "hide S4 S5", "play *5 revolution", "play S4", "play S4 *2", "play *2 revolution now",
])
def test_malformed_actions_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    assert len(str(err.value)) < SHORT


def test_malformed_actions_quote_a_short_excerpt_of_a_huge_text() -> None:
    for text in ("x" * 50_000_000, "play S" + "4" * 50_000_000, "play *" + "2" * 50_000_000,
                 "hide " + "S4 " * 1_000 + "ZZ", "play " + "S4 " * 200_000, "show " + "S4 " * 200_000):
        with pytest.raises(NotationError) as err:
            GAME.parse_action(text)
        assert len(str(err.value)) < SHORT
    # Well-formed in a version 1 record but absurd: a play of 200,000 cards.  Read as version 2
    # actions it shows S4 and then is refused, in a short line, at the second S4.
    huge = legacy_actions(1, 0, "play " + "S4 " * 200_000)
    assert len(huge) == 200_001 and huge[:2] == ["show S4", "show S4"] and huge[-1] == "play"
    state = GAME.apply(deal(HANDS), 0, huge[0])[0]
    with pytest.raises(KakehikiError) as refused:
        GAME.apply(state, 0, huge[1])
    assert len(str(refused.value)) < SHORT and "S4" in str(refused.value)
    with pytest.raises(NotationError) as err:
        legacy_actions(1, 0, "play S" + "4" * 50_000_000)
    assert len(str(err.value)) < SHORT


def test_malformed_actions_of_other_types_raise_notation_error() -> None:
    assert_other_types_refused(GAME, (None, 4, b"pass", ["pass"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS)
def test_fuzzed_action_texts_parse_or_raise_notation_error(text: str) -> None:
    assert_parses_or_refused(GAME, text, live_states())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
       players=st.one_of(st.none(), st.integers(-2, 9)), seed=st.integers(0, 2**64),
       deck=st.one_of(st.none(), st.just("full"), st.lists(st.sampled_from([str(c) for c in CARDS]), max_size=60)))
def test_fuzzed_options_and_decks_start_a_game_or_raise(
    options: dict[str, Any], players: int | None, seed: int, deck: Any
) -> None:
    cards = list(full_deck()) if deck == "full" else deck
    if deck == "full":
        random.Random(seed).shuffle(cards)
    start_or_refused(GAME, players, options, seed, cards)


@pytest.mark.parametrize(("players", "options", "option"), [
    (3, {"first_leader": 3}, "first_leader"), (2, {"first_leader": 7}, "first_leader"),
    (4, {"burst_at": 1}, "burst_at"), (4, {"games": 0}, "games"), (4, {"burst_points": -1}, "burst_points"),
])
def test_options_that_cannot_be_played_are_refused_at_new(players: int, options: dict[str, Any], option: str) -> None:
    with pytest.raises(OptionError) as err:
        GAME.new(players=players, options=options)
    assert err.value.option == option


def test_every_table_size_is_dealt_seven_each() -> None:
    for players in range(GAME.min_players, GAME.max_players + 1):
        state = GAME.new(players=players, seed=players)
        assert [len(h) for h in state.hands] == [7] * players and len(state.aside) == 54 - 7 * players


@pytest.mark.parametrize(("text", "first", "rest"), [("play *1 hide C3", "play *1", "hide C3"),
                                                     ("show S5 play", "show S5", "play"),
                                                     ("show H7 show D7 play", "show H7", "show D7 play")])
def test_two_actions_written_as_one_are_named_apart(text: str, first: str, rest: str) -> None:
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    assert f"is more than one action: {first!r}, then {rest!r}" in str(err.value)
