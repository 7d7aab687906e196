"""Daifugo's expert (level ``hard``) answering a play on the field: positions read as transcripts,
the expert's whole move asserted.  Why it answers rather than pass: src/kakehiki/games/daifugo/spec.md, Bots."""

from __future__ import annotations

import dataclasses
import random
from typing import cast

from kakehiki import parse_cards
from kakehiki.bots import make_bot
from kakehiki.cards import JOKER, STANDARD_DECK
from kakehiki.games.daifugo import DAIFUGO as GAME
from kakehiki.games.daifugo.bots import unseen
from kakehiki.games.daifugo.rules.model import DaifugoAction, DaifugoState
from kakehiki.games.daifugo.rules.plays import sort_cards


def table(hand: str) -> DaifugoState:
    """A one-game table of two: seat 0 holds ``hand``, seat 1 every other card (the joker too) and
    leads."""
    state = GAME.new(players=2, seed=7, options={"games": 1})
    mine = sort_cards(parse_cards(hand))
    others = sort_cards(c for c in (*STANDARD_DECK, JOKER) if c not in mine)
    return dataclasses.replace(state, hands=(mine, others), turn=1, gone=())


def play(state: DaifugoState, seat: int, move: str) -> DaifugoState:
    for step in GAME.parse_move(move):
        state, _ = GAME.apply(state, seat, step)
    return state


def expert_move(state: DaifugoState, seat: int) -> str:
    """The expert's whole move from ``state``: its steps until the move is made."""
    bot, rng = make_bot("daifugo", "hard"), random.Random(0)
    steps: list[DaifugoAction] = []
    while True:
        step = cast(DaifugoAction, bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
        steps.append(step)
        going_on = GAME.continues(state, seat, step)
        state, _ = GAME.apply(state, seat, step)
        if not going_on:
            return GAME.move_text(steps)


def test_expert_answers_with_its_weakest_part_of_weak_cards() -> None:
    state = play(table("S9 H9 C6 SK S2"), 1, "play D5")
    assert expert_move(state, 0) == "play C6"  # not the 9s' pair broken, nor the K or 2


def test_expert_answers_with_a_strong_card_rather_than_pass() -> None:
    # Only the A and the 2 fit on the 5, and the joker is unseen (so not even the 2 is sure to hold
    # the trick), yet a pass would give seat 1 the lead for nothing.  The weaker goes.
    state = play(table("HA S2 D4 C4 S6 H6"), 1, "play D5")
    assert expert_move(state, 0) == "play HA"


def test_expert_answers_first_with_a_play_nobody_can_beat() -> None:
    # The 8 clears the field (8切り) and keeps the lead: it goes before the A.
    state = play(table("HA S8 D4 C4 S6 H6"), 1, "play D5")
    assert expert_move(state, 0) == "play S8"


def test_expert_breaks_a_pair_when_no_whole_part_fits_rather_than_pass() -> None:
    state = play(table("S10 H10 D4 C4"), 1, "play D9")
    assert expert_move(state, 0) in {"play S10", "play H10"}


def test_expert_counts_the_unseen_joker() -> None:
    state = table("HA S2 D4 C4 S6 H6")
    left = unseen(GAME.view(state, 0))
    assert left.count(JOKER) == 1 and len(left) == 53 - 6
