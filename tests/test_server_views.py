"""The server's view encoder gives exactly each view's ``to_dict``, however long the game runs."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")

from kakehiki import get_game
from kakehiki.server.rooms import ViewEncoder

GAMES = ["dobon", "dobon-arith", "doubt", "million-doubt", "dhumbal"]


@pytest.mark.parametrize("game_id", GAMES)
def test_issue15_the_encoded_view_is_the_views_own_dict_at_every_step(game_id: str) -> None:
    game, encoder, rng = get_game(game_id), ViewEncoder(), random.Random(11)
    state = game.new(players=3, seed=11)
    for _ in range(150):
        if game.result(state) is not None:
            break
        for seat in (0, 1, 2, None):
            view = game.view(state, seat)
            assert encoder.view(view) == view.to_dict()
        seat = game.actors(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
