"""The expert Dhumbal bot (the ``hard`` level): its hand reading, its turns, its Shows, and
that it beats the threshold bot."""

from __future__ import annotations

import dataclasses
import random

from kakehiki import get_game, parse_cards
from kakehiki.bots import Bot, make_bot
from kakehiki.driver import play_out
from kakehiki.games.dhumbal import DhumbalState, turn
from kakehiki.games.dhumbal.bots.expert import ExpertBot, hidden_bounds, show_chance, stalls
from kakehiki.games.dhumbal.bots.heuristic import ThresholdBot, unseen_values
from kakehiki.games.dhumbal.bots.heuristic import show_chance as threshold_chance
from kakehiki.games.dhumbal.rules.melds import total
from transcript_dhumbal import assert_plays_its_plans, bot_turn, position

GAME = get_game("dhumbal")


def expert_choice(hands: dict[int, str], up: str, *moves: str, stock: str = "") -> str:
    """The whole turn the expert plays here, asked at each step (``discard … take …``)."""
    _, _, state = position(hands, up, *moves, stock=stock)
    return bot_turn(ExpertBot(), state)[0]


def searched_choice(state: DhumbalState, seed: int = 0) -> str:
    """What the expert plays for the turn seat when the driver hands it a sampler."""
    seat = GAME.actors(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    action = ExpertBot().choose_sampled(GAME, seat, view, legal, random.Random(seed),
                                        lambda rng: GAME.sample_hidden(state, seat, rng))
    return str(action)


def holding(state: DhumbalState, hands: list[str], known: list[str]) -> DhumbalState:
    """``state`` with these hands, of which ``known`` were taken from the discards (seen by all)."""
    held = tuple(tuple(parse_cards(h)) for h in hands)
    return dataclasses.replace(state, hands=held, known=tuple(tuple(parse_cards(k)) for k in known),
                               totals=tuple(total(h) for h in held))


# Seat 1 sheds four nines, then a single three: what it kept is worth 3 or less; the card it
# drew after that could be anything.
LOW_SHEDDER = (
    {0: "SA S2 S3 HA CA", 1: "S9 H9 D9 C9 H3"}, "C7",
    "0: discard SA, discard S2, discard S3, take stock",
    "1: discard S9, discard H9, discard D9, discard C9, take stock",
    "0: discard D2, take stock", "1: discard H3, take stock",
)


def test_expert_is_registered_and_plays_a_whole_match() -> None:
    assert isinstance(make_bot("dhumbal", "expert"), ExpertBot)
    state = GAME.new(players=3, seed=5, options={"limit": 30})
    bots = [make_bot("dhumbal", name) for name in ("expert", "normal", "easy")]
    assert GAME.result(play_out(GAME, state, bots, seed=5).state) is not None


def test_reads_the_cards_a_player_kept_from_what_it_shed() -> None:
    view, _, state = position(*LOW_SHEDDER, stock="D2 DA C2 HQ")
    assert [str(c) for c in state.hands[1]] == ["HQ", "DA"]  # the truth, which the view does not show
    assert hidden_bounds(view, 1) == [3, 10]  # kept since the three went: 3 at most; drawn since: any


def test_reckons_a_low_shedder_lower_than_the_threshold_bot_does() -> None:
    view, _, _ = position(*LOW_SHEDDER, stock="D2 DA C2 HQ")
    assert total(view.hand or ()) == 4
    ours, theirs = show_chance(view, 0.1), threshold_chance(view, unseen_values(view))
    assert 0.9 < ours < theirs < 1


def test_never_shows_into_a_hand_known_to_be_lower() -> None:
    # Seat 1 holds only the ace and the deuce it took from the discards: 3 points, in plain sight.
    view, legal, state = position(*LOW_SHEDDER, stock="D2 DA C2 HQ")
    state = holding(state, ["HA CA C2", "DA S2"], ["", "DA S2"])
    view, legal = GAME.view(state, 0), list(GAME.legal_actions(state, 0))
    assert "show" in map(str, legal) and show_chance(view, 0.1) == 0
    assert str(ExpertBot().choose(view, legal, random.Random(0))) != "show"
    assert searched_choice(state) != "show"


def test_shows_heads_up_when_waiting_can_only_cost() -> None:
    # One ace against a king and a queen everybody saw it take: a Show wins 20 now, and a turn
    # would only swap the ace for a worse card.
    _, _, state = position(*LOW_SHEDDER, stock="D2 DA C2 HQ")
    state = holding(state, ["SA", "SK HQ"], ["", "SK HQ"])
    assert searched_choice(state) == "show"


def test_sheds_a_pair_of_aces_before_a_nine_heads_up() -> None:
    # Two cards out and one back: the hand gets smaller, which a single nine never does.
    hands = {0: "SA HA D9 C2 H3", 1: "S5 H5 D7 C8 S9"}
    assert expert_choice(hands, "CK") == "discard SA HA take stock"
    _, _, state = position(hands, "CK")
    assert bot_turn(ThresholdBot(), state)[0] == "discard D9 take stock"


def test_takes_the_king_that_pairs_its_own_king() -> None:
    # Next turn the two kings go out together: 20 points and a card fewer.
    choice = expert_choice({0: "SK D2 C3 HA S4", 1: "HK H5 D7 C8 S9"}, "C10", "0: discard C3, take stock",
                           "1: discard HK, take stock", stock="D3 DJ")
    assert choice == "discard S4 take HK"


def test_never_takes_back_a_card_that_neither_lowers_nor_melds() -> None:
    # Two bots swapping the same low cards would stall the round until the step limit.
    hand = parse_cards("H4 DA CA C2")
    s5 = parse_cards("S5")[0]
    assert stalls(hand, turn(parse_cards("H4"), s5))  # a 4 out, a 5 in, pairing nothing
    assert not stalls(hand, turn(parse_cards("H4"), None))  # the stock is always fine
    assert not stalls(parse_cards("H9 DA CA C2"), turn(parse_cards("H9"), s5))  # 9 out, 5 in: lower
    assert not stalls(parse_cards("H4 S4 CA C2"), turn(parse_cards("CA"), parse_cards("D4")[0]))  # a set
    assert not stalls(parse_cards("S6 S7 CA"), turn(parse_cards("CA"), s5))  # a run S5 S6 S7


def test_expert_plays_the_turn_it_planned_at_its_start() -> None:
    # Asked again after each card goes down (the search only runs where a Show is legal, at the
    # start), it goes on with the plan it made before the first card.
    assert_plays_its_plans(ExpertBot, players=2)


def test_expert_scores_far_less_than_the_threshold_bot_heads_up() -> None:
    """24 short matches (limit 30), seats swapped every match, the search left out (it only
    adds to the edge; the arena figures are in src/kakehiki/games/dhumbal/spec.md).  The expert ends these with
    47% of the threshold bot's points; over seeds 0-215 in blocks of 24 it stayed between 47%
    and 85%, so the bar of 90% has room to spare."""
    points = [0, 0]  # expert, threshold
    for seed in range(24):
        expert_seat = seed % 2
        bots: list[Bot] = [ExpertBot(worlds=0), ThresholdBot()]
        seated = bots if expert_seat == 0 else bots[::-1]
        state = play_out(GAME, GAME.new(players=2, seed=seed, options={"limit": 30}), seated, seed=seed).state
        points[0] += state.scores[expert_seat]
        points[1] += state.scores[1 - expert_seat]
    assert points[0] < 0.9 * points[1], points
