"""Transcript helpers for arithmetic Dobon tests: fixed deals, moves as text, refusals.

Deals use :func:`transcript.deal_deck` (five cards each, one at a time clockwise from the
first player, then the field card, then the stock in drawing order).  Unless a test says
otherwise, seat 0 deals and plays first (``first_player=0``) and seats 0..n-1 sit clockwise.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import kakehiki
from kakehiki import IllegalActionError
from kakehiki.games.dobon_arith import ArithState
from transcript import deal_deck, move

GAME = kakehiki.get_game("dobon-arith")


def new(hands: dict[int, str], field: str, stock: str = "", first: int = 0, seed: int = 0, **options: object) -> Any:
    """A game dealt from a fixed deck: ``hands`` per seat, ``field`` turned up, ``stock`` drawn first."""
    deck = deal_deck(hands, field, stock, dealer=first)
    return GAME.new(players=len(hands), options={"first_player": first, **options}, seed=seed, deck=deck)


def refused(state: ArithState, text: str) -> IllegalActionError:
    """Apply ``"SEAT: ACTION"`` expecting a refusal; check the state is untouched; return the error."""
    seat, action = move(text)
    before = dataclasses.replace(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert state == before
    return info.value


def legal(state: ArithState, seat: int) -> set[str]:
    """``seat``'s legal actions as text (a set: their order is no ruling)."""
    return {str(a) for a in GAME.legal_actions(state, seat)}


def outcome(state: ArithState) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    result = GAME.result(state)
    assert result is not None, "the game is not over"
    return result.winners, result.losers, result.reason


def public(state: ArithState) -> Any:
    """The spectator's view."""
    return GAME.view(state, None)
