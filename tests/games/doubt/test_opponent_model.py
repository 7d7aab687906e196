"""Doubt's bots read the public record (issue 19): who doubts everything, who never doubts, who lies.

The end game against a seat that doubts every play (``doubt_endgame``) and the model of each
opponent (``doubt_model``), used by ``hard`` (``expert``) and ``normal`` (``count``)."""

from __future__ import annotations

import random

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.games.doubt.bots.endgame import Step, asked_in, plan, read_position, turns_needed
from kakehiki.games.doubt.bots.expert import ExpertBot
from kakehiki.games.doubt.bots.model import Honesty, doubt_rate, eager_doubter, nobody_doubts
from kakehiki.games.doubt.rules.state import Habits
from transcript_doubt import GAME, bot_choice, new, play, with_habits

FOUR = {  # a whole deck: seat 1 holds three aces, seat 0 none
    0: "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK H2",
    1: "SA HA DA H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ",
    2: "HK D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK",
    3: "CA C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK",
}
QUIET = Habits(plays=3, asked=9)  # nine doubt windows answered, not one doubt
EAGER = Habits(plays=3, asked=9, doubts=9)


def counts(ranks: str) -> tuple[int, ...]:
    hand = [0] * 14
    for rank in ranks.split():
        hand[int(rank)] += 1
    return tuple(hand)


# -- the record --------------------------------------------------------------------------------------


def test_a_seat_not_seen_yet_doubts_at_even_odds_and_the_record_moves_it() -> None:
    assert doubt_rate(Habits()) == 0.5
    assert doubt_rate(EAGER) > 0.9
    assert doubt_rate(QUIET) < 0.1


def test_an_eager_doubter_is_one_seen_doubting_true_plays() -> None:
    # Seat 1 has doubted every play it was offered; only when seat 0's own record shows true
    # plays doubted (doubted less lies found) does seat 0 read it as doubting without evidence.
    state = new({0: "SA S2", 1: "HA H2"})
    assert not eager_doubter(GAME.view(with_habits(state, Habits(plays=9, doubted=9, lies=9), EAGER), 0), 1)
    assert eager_doubter(GAME.view(with_habits(state, Habits(plays=9, doubted=9, lies=2), EAGER), 0), 1)
    assert not eager_doubter(GAME.view(with_habits(state, Habits(plays=9, doubted=9, lies=2), QUIET), 0), 1)


def test_nobody_doubts_only_when_every_other_seat_is_seen_quiet() -> None:
    state = new(FOUR)
    assert not nobody_doubts(GAME.view(state, 1))  # nothing seen yet
    assert nobody_doubts(GAME.view(with_habits(state, QUIET, Habits(), QUIET, QUIET), 1))
    assert not nobody_doubts(GAME.view(with_habits(state, QUIET, Habits(), EAGER, QUIET), 1))


def test_a_lie_caught_where_it_could_hardly_be_true_teaches_nothing() -> None:
    # The reverted attempt read every caught lie as dishonesty; careful callers catch mostly
    # lies, so every seat looked like a liar.  Weighed against the odds before the reveal, a
    # proven lie moves nothing, and a lie told where the truth was likely moves a lot.
    model = Honesty()
    prior = model.of(0)
    for _ in range(5):
        model.learn(0, could=0.0, lie=True)
    assert abs(model.of(0) - prior) < 0.01
    for _ in range(5):
        model.learn(1, could=0.9, lie=True)
    assert model.of(1) < prior - 0.3


def test_hard_learns_from_its_own_doubt_but_not_from_a_careful_callers() -> None:
    # Seat 0 lies with a 2, claiming A (to seat 1, holding three aces, true one time in three).
    state = play(new(FOUR), "0: play S2")
    careful = with_habits(state, Habits(plays=1), Habits(), Habits(asked=9, doubts=1), Habits())
    doubted = play(careful, "1: pass", "2: doubt")  # seat 2, a careful caller, doubts
    bot = ExpertBot()
    bot.choose(GAME.view(careful, 3), GAME.legal_actions(careful, 3), random.Random(0))
    bot.learnt.observe(GAME.view(doubted, 3))  # seat 3 sees the doubt and the lie turned up
    assert 0 not in bot.learnt.seen
    bot = ExpertBot()
    bot.choose(GAME.view(careful, 1), GAME.legal_actions(careful, 1), random.Random(0))
    mine = play(careful, "1: doubt")
    bot.choose(GAME.view(mine, 1), GAME.legal_actions(mine, 1), random.Random(0))
    assert bot.learnt.seen == {0: 1}


def test_hard_reads_liars_as_less_honest_than_honest_seats_over_a_game() -> None:
    def honesty_at_the_end(style: str) -> float:
        """The read of the three others at the end of a game, on average over three games (one
        game's read moves by a few points with the deal)."""
        read = 0.0
        for seed in (101, 102, 103):
            hard = ExpertBot()
            bots = [hard] + [make_bot("doubt", style) for _ in range(3)]
            play_out(GAME, GAME.new(players=4, options={"show_pile": True}, seed=seed), bots, seed=seed)
            read += sum(hard.learnt.of(seat) for seat in (1, 2, 3)) / 9
        return read

    liars, honest = honesty_at_the_end("lie"), honesty_at_the_end("normal")
    assert liars < honest - 0.05
    assert honest > 0.7  # its own near-certain doubts, nearly all lies, did not make liars of the honest


# -- where nobody else doubts -------------------------------------------------------------------------


def test_hard_calls_a_likely_lie_itself_when_nobody_else_ever_doubts() -> None:
    # A one-in-three chance that seat 0's "A" is true.  Left to the others where they doubt;
    # called where every other seat is seen never doubting, with piles taken face up (show_pile).
    # With piles taken unseen (B5) such a claim is read as true at least half the time: left alone.
    state = play(new(FOUR, show_pile=True), "0: play S2")
    assert bot_choice(state, 1, make_bot("doubt", "expert")) == "pass"
    quiet = with_habits(state, QUIET, Habits(), QUIET, QUIET)
    assert bot_choice(quiet, 1, make_bot("doubt", "expert")) == "doubt"
    unseen = with_habits(play(new(FOUR), "0: play S2"), QUIET, Habits(), QUIET, QUIET)
    assert bot_choice(unseen, 1, make_bot("doubt", "expert")) == "pass"


def test_hard_fills_a_play_with_bluffs_where_nobody_doubts() -> None:
    state = new(FOUR, max_cards_per_play=4)
    assert bot_choice(state, 0, make_bot("doubt", "expert")).startswith("play")  # one card: no ace to claim
    quiet = with_habits(state, Habits(), QUIET, QUIET, QUIET)
    expert = make_bot("doubt", "expert")
    steps = []
    while quiet.turn == 0 and quiet.phase == 0:
        action = expert.choose(GAME.view(quiet, 0), GAME.legal_actions(quiet, 0), random.Random(0))
        steps.append(str(action))
        quiet, _ = GAME.apply(quiet, 0, action)
    assert [s.split()[0] for s in steps] == ["add", "add", "add", "play"]


# -- the end game against an eager doubter ------------------------------------------------------------


def test_the_turns_a_hand_needs_count_the_ranks_it_waits_for() -> None:
    # At two seats a seat is asked every other rank: from A, then 3, 5, 7, 9, J, K, 2, ...
    assert [asked_in(1, r) for r in (1, 3, 13, 2)] == [0, 1, 6, 7]
    assert turns_needed(counts("1"), 1) == 1
    assert turns_needed(counts("1 3"), 1) == 2
    assert turns_needed(counts("3 3"), 1) == 15  # the second 3 waits a whole cycle


def test_the_other_hand_at_two_seats_is_everything_this_seat_does_not_see() -> None:
    state = play(new({0: "SA S2 S3", 1: "HA H2 H3"}), "0: play SA", "1: pass", "1: play H2")
    position = read_position(GAME.view(state, 0))
    assert position is not None
    assert position.mine == counts("2 3")
    assert position.theirs == counts("1 3")  # its face-down 2 taken to be the 2 it claimed
    assert position.pile == ((0, 1, False), (1, 2, False))


def test_the_plan_goes_out_with_a_true_last_card() -> None:
    state = with_habits(new({0: "SA", 1: "H2"}), Habits(), EAGER)
    assert plan(GAME.view(state, 0)) == Step(doubt=False, truth=True)


def test_hard_and_normal_beat_a_seat_that_doubts_everything_without_stalling() -> None:
    # Before the plan, a game in five ran to max_steps: every true play sent the pile over, every
    # lie brought it back, and the hand never came down to one card of the rank asked.
    for level in ("hard", "normal"):
        for seed in range(4):
            bots = [make_bot("doubt", level), make_bot("doubt", "doubt-all")]
            game = play_out(GAME, GAME.new(players=2, options={"max_steps": 2000}, seed=seed), bots, seed=seed)
            result = GAME.result(game.state)
            assert result is not None and result.winners == (0,), (level, seed)


def test_against_an_eager_doubter_a_last_card_is_always_doubted() -> None:
    # Seat 1 puts down its last card, a 5, claiming 2: doubted, it takes the pile, and seat 0's
    # true 3 then takes seat 0 out.
    record = (Habits(plays=9, doubted=9, lies=2), EAGER)
    state = play(with_habits(new({0: "SA S3", 1: "H5"}), *record), "0: play SA", "1: pass", "1: play H5")
    for level in ("hard", "normal"):
        assert bot_choice(state, 0, make_bot("doubt", level)) == "doubt"
    assert bot_choice(play(state, "0: doubt"), 0, make_bot("doubt", "hard")) == "play S3"
