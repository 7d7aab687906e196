"""Dhumbal transcripts: a fixed deal, the moves so far, and what the seat to play sees."""

from __future__ import annotations

from typing import Any

from kakehiki import get_game
from kakehiki.core import Action
from kakehiki.games.dhumbal import DhumbalState, DhumbalView
from transcript import deal_deck, play

GAME = get_game("dhumbal")


def position(
    hands: dict[int, str], up: str, *moves: str, stock: str = ""
) -> tuple[DhumbalView, list[Action], DhumbalState]:
    """The view and legal actions of the seat to play after ``moves`` from this deal, and the state."""
    state: Any = GAME.new(players=len(hands), deck=deal_deck(hands, field=up, stock=stock))
    state = play(GAME, state, *moves)
    seat = GAME.actors(state)[0]
    return GAME.view(state, seat), list(GAME.legal_actions(state, seat)), state
