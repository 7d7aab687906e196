"""Every game's named rule sets are legal combinations of its options, and every option has a
person's label and help in English and Japanese (issue 30's lobby)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from kakehiki.core import Game
from kakehiki.errors import OptionError
from kakehiki.options import resolve_options
from kakehiki.registry import UnknownGameError, game_ids, get_game
from kakehiki.rulesets import find_rule_set, with_rule_set

GAMES = [get_game(g) for g in game_ids()]
RAW_NAME = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")  # first_leader, max_steps, caller_loses …


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_rule_set_starts_a_game_at_every_table_size(game: Game[Any, Any, Any]) -> None:
    assert len(game.rule_sets) >= 2
    assert len({r.id for r in game.rule_sets}) == len(game.rule_sets)
    assert game.rule_sets[0].values(game.options) == resolve_options(game.options, {}), "the first set is the defaults"
    for rule_set in game.rule_sets:
        assert rule_set.id == rule_set.id.lower() and " " not in rule_set.id
        for players in range(game.min_players, game.max_players + 1):
            game.start(players, rule_set.options, seed=3)
            game.start(players, rule_set.as_text(), seed=3)  # as the command line passes them


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_option_has_a_label_and_help_without_raw_names(game: Game[Any, Any, Any]) -> None:
    assert set(game.option_labels) == {spec.name for spec in game.options}
    for spec in game.options:
        label = game.option_labels[spec.name]
        words = [*label.label, *label.help, *(w for pair in label.values.values() for w in pair)]
        for rule_set in game.rule_sets:
            words += [*rule_set.name, *rule_set.summary]
        for text in words:
            assert text.strip() and not RAW_NAME.search(text), text
        # Every word the option takes has words for a person.
        assert set(label.values) == set(spec.choices), spec.name
        assert (label.none is not None) == (spec.default is None), spec.name


def test_j4_dobon_official_and_simple() -> None:
    dobon = get_game("dobon")
    assert find_rule_set(dobon.rule_sets, "official").values(dobon.options)["official"] is True
    assert find_rule_set(dobon.rule_sets, "Simple").values(dobon.options)["official"] is False


def test_m4_million_doubt_plain_daifugo_has_no_face_down_plays() -> None:
    game = get_game("million-doubt")
    assert find_rule_set(game.rule_sets, "daifugo").values(game.options)["face_down"] is False


def test_b3_b6_doubt_quick_and_several_cards() -> None:
    game = get_game("doubt")
    limit = find_rule_set(game.rule_sets, "quick").values(game.options)["round_limit"]
    assert isinstance(limit, int) and limit > 0
    assert find_rule_set(game.rule_sets, "several-cards").values(game.options)["max_cards_per_play"] == 4


def test_an_unknown_rule_set_names_the_closest() -> None:
    with pytest.raises(OptionError, match=r"unknown rule set 'quik' \(did you mean 'quick'\?\) \(known: classic"):
        find_rule_set(get_game("doubt").rule_sets, "quik")


def test_options_given_override_the_rule_set() -> None:
    game = get_game("doubt")
    assert with_rule_set(game.rule_sets, "quick", {"round_limit": "2"}) == {"round_limit": "2"}
    assert with_rule_set(game.rule_sets, "cheat", {}) == {"max_cards_per_play": "4", "cheat": "true"}
    assert with_rule_set(game.rule_sets, None, {"cheat": "true"}) == {"cheat": "true"}


def test_mistyped_names_suggest_the_closest() -> None:
    with pytest.raises(UnknownGameError, match="did you mean 'dobon'"):
        get_game("dobom")
    with pytest.raises(OptionError, match="did you mean 'max_steps'"):
        resolve_options(get_game("dobon").options, {"max_step": 5})
    with pytest.raises(OptionError, match="did you mean 'caller_wins'"):
        resolve_options(get_game("dhumbal").options, {"show_tie": "caller_win"})
    with pytest.raises(OptionError, match="did you mean 'random'"):
        resolve_options(get_game("million-doubt").options, {"first_leader": "randm"})
