"""Transcript helpers for Million Doubt tests: fixed deals, positions and moves written as text.

    state = deal({0: "S3 S4 S5 H6 H7 D9 JK", 1: "..."}, leader=0)
    state = play(state, "0: show S3, play", "1: pass", "0: show S5, play *2", "0: hide H6, hide D9")

A move is ``"SEAT: ACTION"``, or several actions of one seat in a row, separated by commas.
``deal_deck`` writes the deck the engine deals from: one card at a time from seat 0
clockwise until every seat holds 7, then the cards set aside (M1).  Positions in the
middle of a game come from :func:`kakehiki.games.million_doubt.rules.position.position`.

A play takes one action per card (version 2), so :func:`offers` and :func:`plays` list the
*whole* plays a seat may make, in version 1's one-line form (``play S5 H5``, ``play S5 *2``),
by walking the actions offered through ``legal_actions`` and ``apply`` alone.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

import kakehiki
from kakehiki import Card, IllegalActionError, parse_cards
from kakehiki.core import Action, Event
from kakehiki.driver import play_out
from kakehiki.games.million_doubt import Hide, Lay, Play, Show
from kakehiki.games.million_doubt.rules.match import full_deck
from kakehiki.games.million_doubt.rules.plays import sort_cards
from kakehiki.games.million_doubt.rules.position import position
from kakehiki.games.million_doubt.rules.state import HIDE, TURN, MillionDoubtState

GAME = kakehiki.get_game("million-doubt")
__all__ = ["GAME", "position"]


def deal_deck(hands: Mapping[int, str], aside: str = "") -> list[Card]:
    """The deck (top card first) that deals ``hands`` (7 cards each, seats 0..n-1), then ``aside``."""
    held = [parse_cards(hands[s]) for s in range(len(hands))]
    if any(len(h) != 7 for h in held):
        raise ValueError("every seat is dealt 7 cards (M1)")
    named = [held[s][i] for i in range(7) for s in range(len(held))] + list(parse_cards(aside))
    left = list(full_deck())
    for card in named:
        left.remove(card)
    return named + left


def deal(hands: Mapping[int, str], leader: int = 0, seed: int = 0, **options: object) -> MillionDoubtState:
    """A game dealt from a fixed deck, ``leader`` leading the first trick."""
    deck = deal_deck(hands)
    state = GAME.new(players=len(hands), options={"first_leader": leader, **options}, seed=seed, deck=deck)
    assert isinstance(state, MillionDoubtState)
    return state


def split(text: str) -> tuple[int, list[str]]:
    """``"SEAT: ACTION, ACTION"`` → the seat and its actions."""
    seat, sep, actions = text.partition(":")
    if not sep:
        raise ValueError(f"a move is 'SEAT: ACTION', got {text!r}")
    return int(seat), [a.strip() for a in actions.split(",")]


def run(state: Any, *moves: str) -> tuple[Any, list[Any]]:
    """Apply the moves in order; return the final state and every event caused."""
    events: list[Any] = []
    for text in moves:
        seat, actions = split(text)
        for action in actions:
            state, caused = GAME.apply(state, seat, action)
            events.extend(caused)
    return state, events


def play(state: Any, *moves: str) -> Any:
    return run(state, *moves)[0]


def refused(state: Any, text: str) -> IllegalActionError:
    """Apply ``"SEAT: ACTION, …, ACTION"``: all but the last action succeed, the last is refused and
    leaves its state untouched; return the error."""
    seat, actions = split(text)
    for action in actions[:-1]:
        state = GAME.apply(state, seat, action)[0]
    before = pickle.dumps(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, actions[-1])
    assert pickle.dumps(state) == before
    return info.value


def legal(state: Any, seat: int) -> set[str]:
    return {str(a) for a in GAME.legal_actions(state, seat)}


def whole_plays(state: Any, seat: int) -> list[Lay]:
    """Every whole play ``seat`` may make now, found by walking its ``show``/``play`` actions."""
    found: list[Lay] = []

    def walk(state: Any, shown: tuple[Card, ...]) -> None:
        for action in GAME.legal_actions(state, seat):
            if isinstance(action, Show):
                walk(GAME.apply(state, seat, action)[0], (*shown, action.card))
            elif isinstance(action, Play):
                found.append(Lay(shown, action.hidden, action.revolution))

    if state.phase == TURN and not state.laying:
        walk(state, ())
    return found


def offers(state: Any, seat: int) -> set[str]:
    """What ``seat`` may do, a whole play being one choice: ``pass``, ``play S5 H5``, ``play S5 *2``
    (the version 1 forms); in other phases, its legal actions."""
    if state.phase != TURN or seat != state.turn:
        return legal(state, seat)
    return {str(lay) for lay in whole_plays(state, seat)} | ({"pass"} & legal(state, seat))


def plays(state: Any, seat: int) -> set[str]:
    """The wholly face-up plays ``seat`` may make now, as ``play S5 H5``."""
    return {a for a in offers(state, seat) if a.startswith("play") and "*" not in a}


def view(state: Any, seat: int | None = None) -> Any:
    return GAME.view(state, seat)


def hand(state: Any, seat: int) -> list[str]:
    return [str(c) for c in GAME.view(state, seat).hand]


def cards(text: str) -> list[str]:
    """Cards as text in hand order: ``cards("H9 S4") == ["S4", "H9"]``."""
    return [str(c) for c in sort_cards(parse_cards(text))]


def of_type(events: Iterable[Any], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]


def outcome(state: Any) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    result = GAME.result(state)
    assert result is not None, "the game is not over"
    return result.winners, result.losers, result.reason


def decision(choose: Callable[[Any, int], Action], state: Any, seat: int) -> str:
    """What a bot decides, a whole play being one decision: it is asked step by step, as the driver
    asks it (``show`` … ``play``; ``hide`` … until the play is made), and the steps are written in
    one line: ``play S5 H5``, ``play S5 *2``, ``hide C4 D9``.  Any other action as it is."""
    action = choose(state, seat)
    if isinstance(action, Show | Play) and state.phase == TURN:
        shown: list[Card] = []
        while isinstance(action, Show):
            shown.append(action.card)
            state = GAME.apply(state, seat, action)[0]
            action = choose(state, seat)
        assert isinstance(action, Play)
        return str(Lay(tuple(shown), action.hidden, action.revolution))
    if isinstance(action, Hide):
        named: list[str] = []
        while True:
            named.append(str(action.card))
            state = GAME.apply(state, seat, action)[0]
            if state.phase != HIDE:
                return " ".join(["hide", *named])
            action = choose(state, seat)
            assert isinstance(action, Hide)  # a hide goes on until the play is made
    return str(action)


def legal_play_out(state: Any, bots: Sequence[Any], seed: int, watched: set[int]) -> Counter[str]:
    """Play ``state`` out with ``bots``, checking that every action chosen was among the seat's
    legal actions then, and that every game of the match ended by play (M10), not at ``max_steps``.
    Returns a tally of what the ``watched`` seats did: ``show``, ``play`` (a face-up play made),
    ``play*`` (a play with face-down cards announced), ``hide``, ``pass``, ``doubt``, ``give``, ``done``."""
    tally: Counter[str] = Counter()
    before = [state]

    def listen(after: Any, seat: int, action: Action, events: tuple[Event, ...]) -> None:
        assert action in GAME.legal_actions(before[0], seat), f"seat {seat} chose {action}, which it was not offered"
        before[0] = after
        if seat in watched:
            text = str(action)
            tally[text.split()[0] + ("*" if "*" in text else "")] += 1

    result = GAME.result(play_out(GAME, state, bots, seed=seed, listener=listen).state)
    assert result is not None
    games = state.options.games
    assert [r.reason for r in result.rounds] == ["one_seat_left"] * games, "every game played to its end"
    return tally
