"""Doubt ``hard`` reads each opponent from its own public record (issue 35): whether to call a play
is weighed against that seat's honesty (learnt, with old evidence fading) and the other seats'
doubt rates (a lie another seat would catch anyway needs no call), never against a fixed threshold
tuned on ``normal``; a claim ruled out only by cards that may have left a hand unseen is no proof."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from kakehiki.arena import run_arena
from kakehiki.games.doubt.bots.expert import ExpertBot, doubt_pays, proven_lie, truth_chance
from kakehiki.games.doubt.bots.model import Honesty
from kakehiki.games.doubt.rules.state import Habits
from transcript_doubt import GAME, new, play

QUIET = Habits(plays=3, asked=9)  # nine doubt windows answered, not one doubt
EAGER = Habits(plays=3, asked=9, doubts=9)  # every one of them doubted

# Three seats; seat 0 claims an ace with S2.  Seat 1 holds two of the three aces in the game, the
# third is one of the ten cards it cannot see.
HANDS = {0: "S2 S3 S4 S5 S6", 1: "SA HA H3 H4 H5", 2: "DA D2 D3 D4 D5"}


def claimed_ace(third: Habits = QUIET) -> Any:
    return replace(play(new(HANDS), "0: play S2"), habits=(Habits(plays=1), QUIET, third))


def test_hard_calls_a_seat_it_has_caught_lying_where_it_lets_a_fresh_seat_stand() -> None:
    view = GAME.view(claimed_ace(), 1)
    fresh = ExpertBot()
    assert not fresh.should_doubt(view)
    caught = ExpertBot()
    for _ in range(6):  # six doubted plays of seat 0's, each a lie where the truth was likely
        caught.learnt.learn(0, 0.9, lie=True)
    assert caught.learnt.of(0) < 0.5 < fresh.learnt.of(0)
    assert truth_chance(view, caught.learnt.of(0)) < truth_chance(view, fresh.learnt.of(0))
    assert caught.should_doubt(view)


def test_hard_leaves_a_likely_lie_to_a_seat_that_doubts_everything() -> None:
    # Seat 1 answers first (it sits next after the player).  A lie seat 2 would catch anyway needs
    # no call of seat 1's, whose wrong call would cost it the pile: the same chance of a lie is
    # called with a quiet seat 2, and let stand with an eager one.
    assert doubt_pays(GAME.view(claimed_ace(QUIET), 1), 0.7)
    assert not doubt_pays(GAME.view(claimed_ace(EAGER), 1), 0.7)
    # A near-certain lie is worth calling whoever else may; a likely truth is not, whoever may not.
    assert not doubt_pays(GAME.view(claimed_ace(QUIET), 1), 0.3)


def test_head_to_head_a_call_must_clearly_pay() -> None:
    two = play(new({0: "S2 S3 S4 S5 S6", 1: "SA HA H3 H4 H5"}), "0: play S2")
    assert not doubt_pays(GAME.view(two, 1), 0.7)
    assert doubt_pays(GAME.view(two, 1), 0.9)


def test_only_cards_placed_for_certain_prove_a_lie() -> None:
    # Seat 1 holds one ace of three: seat 0 may hold another, the claim stands unproven.  Holding
    # all three, seat 1 knows the claim is a lie.  (Cards seen going into a hand are no proof: with
    # piles taken unseen, B5, they may have left it face down since.)
    state = play(new({0: "S2 S3 S4 S5", 1: "SA H4 H3 D3", 2: "DA CA C4 D4"}), "0: play S2")
    assert not proven_lie(GAME.view(state, 1))
    proof = play(new({0: "S2 S3 S4 S5", 1: "SA HA DA H3", 2: "D2 D3 D4 D5"}), "0: play S2")
    assert proven_lie(GAME.view(proof, 1))
    assert truth_chance(GAME.view(proof, 1)) == 0


def test_a_seat_that_changes_its_habits_is_read_anew() -> None:
    # Ten lies caught where the truth was likely, then ten truths: a read that lets old evidence
    # fade (hard's) believes the seat again sooner than one that weighs every play alike.
    fading, lasting = Honesty(forget=0.1), Honesty()
    for honesty in (fading, lasting):
        for _ in range(10):
            honesty.learn(0, 0.9, lie=True)
    assert fading.of(0) < 0.4 and lasting.of(0) < 0.3
    for honesty in (fading, lasting):
        for _ in range(10):
            honesty.learn(0, 0.9, lie=False)
    assert fading.of(0) > lasting.of(0) + 0.1


def test_the_read_uses_only_what_the_seat_may_know() -> None:
    # Swap two cards seat 1 cannot see between seats 0 and 2: seat 1's view is the same, and so is
    # every call hard makes from it, with whatever it has learnt.
    a = replace(play(new(HANDS), "0: play S2"), habits=(Habits(plays=1), QUIET, QUIET))
    b = replace(play(new({0: "S2 S3 S4 D5 S6", 1: "SA HA H3 H4 H5", 2: "DA D2 D3 D4 S5"}), "0: play S2"),
                habits=a.habits)
    assert a.hands != b.hands
    assert GAME.view(a, 1) == GAME.view(b, 1)
    for learnt in (0, 3, 6):
        bots = [ExpertBot(), ExpertBot()]
        for bot in bots:
            for _ in range(learnt):
                bot.learnt.learn(0, 0.9, lie=True)
        legal = GAME.legal_actions(a, 1)
        assert bots[0].choose(GAME.view(a, 1), legal, random.Random(1)) == bots[1].choose(
            GAME.view(b, 1), GAME.legal_actions(b, 1), random.Random(1))


def test_hard_at_a_mixed_table_plays_the_same_games_from_the_same_seeds() -> None:
    first = run_arena("doubt", ["hard", "normal", "random"], 3, seed=7)
    again = run_arena("doubt", ["hard", "normal", "random"], 3, seed=7)
    assert [(r.seats, r.winners, r.steps) for r in first.games] == [(r.seats, r.winners, r.steps) for r in again.games]
