"""The compiled engines deal from an explicit deck as the reference does (issue 31): the same
first deal, the same refusals word for word; later deals shuffle from the seed again."""

from __future__ import annotations

import pytest

import kakehiki
from both_engines import TWINS
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.errors import OptionError


def full_deck(name: str) -> tuple[Card, ...]:
    """Every card of the game's deck at three seats with default options, in card order."""
    game = kakehiki.get_game(name)
    return tuple(sorted(game.all_cards(game.new(3, seed=0)), key=CARD_ORDER))


@pytest.mark.parametrize("name", sorted(TWINS))
def test_a_batch_deals_every_game_from_an_explicit_deck(name: str) -> None:
    game, twin = kakehiki.get_game(name), TWINS[name]
    deck = tuple(reversed(full_deck(name)))
    batch = twin.batch([3, 4], 3, jit=False, deck=deck)
    for g, seed in enumerate((3, 4)):
        one = twin.batch([seed], 3, jit=False, deck=deck)
        assert (one.rows[0] == batch.rows[g]).all(), "each game of the batch is dealt as a batch of one"
        twin.same()(game.new(3, seed=seed, deck=deck), one, f"seed {seed}, dealt from the explicit deck")


@pytest.mark.parametrize("name", sorted(TWINS))
def test_a_batch_refuses_an_explicit_deck_as_the_reference_does(name: str) -> None:
    game, twin = kakehiki.get_game(name), TWINS[name]
    short = full_deck(name)[:-1] + full_deck(name)[:1]  # the last card replaced by a second of the first
    with pytest.raises(OptionError) as reference:
        game.new(3, deck=short)
    with pytest.raises(OptionError) as kernel:
        twin.batch([0], 3, jit=False, deck=short)
    assert str(kernel.value) == str(reference.value)
