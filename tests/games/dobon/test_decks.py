"""Dobon's decks (J2) and explicit decks (C3): refused at ``new`` when they cannot serve the match,
with a message that says why; never a crash later, however small the decks and full the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import OptionError, get_game, parse_cards
from kakehiki.cards import STANDARD_DECK, Card
from kakehiki.games.dobon.rules import match

GAME = get_game("dobon")


def refusal(**kwargs: Any) -> OptionError:
    with pytest.raises(OptionError) as info:
        GAME.new(**kwargs)
    return info.value


# -- a fixed number of decks must deal the largest hands the match can reach ---------------------


@pytest.mark.parametrize(
    ("players", "games", "decks", "need"),
    [
        (13, 1, 1, 53),  # 13 × 4 + 1: the first deal alone does not fit
        (8, 40, 1, 97),  # the match: 8 × 12 + 1 once the losers reach 12
        (5, 5, 1, 61),  # after four games every seat may be at 12
        (16, 5, 3, 193),
    ],
)
def test_J2_fixed_decks_too_small_for_the_match_are_refused(players: int, games: int, decks: int, need: int) -> None:
    error = refusal(players=players, options={"decks": decks, "games": games})
    assert error.option == "decks"
    assert f"may deal {need}" in str(error) and "(J2)" in str(error)
    assert f"decks={-(-need // 52)} or more" in str(error)


@pytest.mark.parametrize(
    ("players", "games", "decks"),
    [(12, 1, 1), (5, 4, 1), (4, 40, 1), (8, 40, 2), (16, 1000, 4)],  # 49, 51, 49, 97, 193 cards at most
)
def test_J2_fixed_decks_large_enough_are_accepted(players: int, games: int, decks: int) -> None:
    state = GAME.new(players=players, options={"decks": decks, "games": games}, seed=1)
    assert GAME.view(state, None).decks == decks


def test_J2_largest_deal_grows_two_cards_a_game_up_to_twelve() -> None:
    assert [match.largest_deal(3, games) for games in range(1, 8)] == [13, 19, 25, 31, 37, 37, 37]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 16),
    games=st.integers(1, 8),
    spare=st.integers(-1, 1),
    official=st.booleans(),
)
def test_J2_small_decks_and_full_tables_never_crash(seed: int, players: int, games: int, spare: int,
                                                    official: bool) -> None:
    """Random matches on the fewest decks that fit (``spare`` 0), one more, or one too few: a
    ``decks`` too small is refused at ``new``, and exactly then; otherwise every legal action
    applies and the match ends, an empty stock being J11's ending, not a crash."""
    fewest = -(-match.largest_deal(players, games) // 52)
    decks = max(1, fewest + spare)
    options = {"decks": decks, "games": games, "official": official, "max_steps": 150}
    if decks < fewest:
        assert refusal(players=players, options=options, seed=seed).option == "decks"
        return
    rng = random.Random(seed)
    state = GAME.new(players=players, options=options, seed=seed)
    while GAME.result(state) is None:
        assert len(GAME.all_cards(state)) == 52 * state.decks == 52 * decks
        seat = rng.choice(GAME.actors(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    result = GAME.result(state)
    assert result is not None and len(result.rounds) == games


def test_J12_seat_draw_never_runs_out_of_cards() -> None:
    """Identical cards draw again (J12).  Should the redraws use up every card, the cards are
    gathered and shuffled again instead of drawing from nothing."""

    class PairsFirst(random.Random):
        """The first shuffle lays the cards in pairs of identical faces: every redraw ties again."""

        shuffles = 0

        def shuffle(self, x: Any) -> None:
            self.shuffles += 1
            if self.shuffles == 1:
                x.sort(key=lambda c: c.index)
            else:
                super().shuffle(x)

    rng = PairsFirst(3)
    drawn = match.draw_cards(rng, [0, 1], 2)  # two decks: both seats draw CK, then CQ, ... 52 times
    assert rng.shuffles >= 2
    assert drawn[0] != drawn[1]


# -- an explicit deck ------------------------------------------------------------------------------


def test_J2_explicit_deck_must_agree_with_decks() -> None:
    error = refusal(players=4, options={"decks": 2}, deck=list(STANDARD_DECK))
    assert error.option == "decks" and "104" in str(error) and "52" in str(error)
    two = list(STANDARD_DECK) * 2
    assert GAME.view(GAME.new(players=4, options={"decks": 2}, deck=two), None).decks == 2
    assert GAME.view(GAME.new(players=4, deck=two), None).decks == 2  # decks=auto: the deck decides


@pytest.mark.parametrize(
    ("deck", "says"),
    [
        (list(STANDARD_DECK[:-1]), "51 cards given, against 1 deck(s); missing CK"),
        ([*STANDARD_DECK, *parse_cards("S4")], "53 cards given, against 1 deck(s); extra S4"),
        ([*STANDARD_DECK[1:], *parse_cards("S4")], "missing SA; extra S4"),
        ([*STANDARD_DECK[1:], *parse_cards("JK")], "missing SA; extra JK"),
        ([*STANDARD_DECK[:40]], "missing " + " ".join(map(str, STANDARD_DECK[40:46])) + " and 6 more"),
        ([], "the deck is empty"),
    ],
)
def test_C3_bad_explicit_deck_says_what_is_wrong(deck: list[Card], says: str) -> None:
    error = refusal(players=4, deck=deck)
    assert error.option == "deck" and says in str(error), str(error)


def test_C3_explicit_deck_too_small_to_deal() -> None:
    error = refusal(players=13, deck=list(STANDARD_DECK))
    assert error.option == "deck" and "52 cards cannot deal 52 cards" in str(error)


def test_C3_explicit_deck_as_card_texts() -> None:
    deck = [str(c) for c in STANDARD_DECK]
    assert GAME.new(players=4, deck=deck) == GAME.new(players=4, deck=list(STANDARD_DECK))
