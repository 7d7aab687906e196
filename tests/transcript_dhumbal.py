"""Dhumbal transcripts: a fixed deal, the moves so far, and what the seat to play sees.

A turn is several actions by one seat; a transcript may write them on one line, separated by
commas: ``"0: discard S4, discard S5, discard S6, take stock"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import transcript
from kakehiki import Event, get_game
from kakehiki.core import Action
from kakehiki.games.dhumbal import DhumbalState, DhumbalView
from transcript import deal_deck, move

GAME = get_game("dhumbal")


def steps(*moves: str) -> list[str]:
    """Each ``"SEAT: A, B, …"`` as one ``"SEAT: …"`` move per action.

    >>> steps("0: discard S4, discard H4, take stock", "1: show")
    ['0: discard S4', '0: discard H4', '0: take stock', '1: show']
    """
    found: list[str] = []
    for text in moves:
        seat, actions = move(text)
        found.extend(f"{seat}: {action.strip()}" for action in actions.split(","))
    return found


def run(game: Any, state: Any, *moves: str) -> tuple[Any, list[Event]]:
    """Apply the moves (a turn's steps may share a line); the final state and every event."""
    return transcript.run(game, state, *steps(*moves))


def play(game: Any, state: Any, *moves: str) -> Any:
    return run(game, state, *moves)[0]


def position(
    hands: dict[int, str], up: str, *moves: str, stock: str = ""
) -> tuple[DhumbalView, list[Action], DhumbalState]:
    """The view and legal actions of the seat to play after ``moves`` from this deal, and the state."""
    state: Any = GAME.new(players=len(hands), deck=deal_deck(hands, field=up, stock=stock))
    state = play(GAME, state, *moves)
    seat = GAME.actors(state)[0]
    return GAME.view(state, seat), list(GAME.legal_actions(state, seat)), state


def assert_plays_its_plans(make_bot: Callable[[], Any], players: int) -> None:
    """For 30 turns of 3 seeded matches, the turn a fresh bot plays, asked at every step, is
    the one it planned at the start of the turn."""
    for seed in range(3):
        state = GAME.new(players=players, seed=seed)
        for _ in range(30):
            if GAME.result(state) is not None:
                break
            seat = GAME.actors(state)[0]
            plan = make_bot().plan(GAME.view(state, seat), GAME.legal_actions(state, seat))
            played, state = bot_turn(make_bot(), state)
            assert played == str(plan)


def bot_turn(bot: Any, state: DhumbalState, rng: random.Random | None = None) -> tuple[str, DhumbalState]:
    """The whole turn ``bot`` plays for the turn seat, asked at every step as the driver asks it,
    written as one line (``show``, or ``discard S4 S5 S6 take stock``), and the state after it."""
    seat = GAME.actors(state)[0]
    down: list[str] = []
    rng = rng or random.Random(0)
    while True:
        action = str(bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
        state, _ = GAME.apply(state, seat, action)
        if action == "show":
            return action, state
        verb, card = action.split()
        if verb == "take":
            return f"discard {' '.join(down)} take {card}", state
        down.append(card)
