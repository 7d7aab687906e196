"""The Doubt bots: ``count`` proves and weighs lies, tells the truth when it can, and beats random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.games.doubt.bots.heuristic import CountBot, claim_odds, tail
from transcript_doubt import GAME, bot_choice, new, play, stand, variant_shown, watched_play_out


def choice(state: object, seat: int, bot: object | None = None) -> str:
    return bot_choice(state, seat, bot or make_bot("doubt", "count"))


def test_tail_is_a_hypergeometric_tail() -> None:
    assert tail(10, 4, 3, 0) == 1.0
    assert tail(10, 0, 3, 1) == 0.0
    assert tail(4, 4, 2, 2) == 1.0
    assert tail(10, 4, 1, 1) == pytest.approx(0.4)


def test_count_calls_a_lie_its_own_hand_proves() -> None:
    # Seat 1 holds all four aces: seat 0's "A" cannot be true.
    state = play(new({0: "S2 S3 S4 S5", 1: "SA HA DA CA"}), "0: play S2")
    assert not claim_odds(GAME.view(state, 1)).possible
    assert choice(state, 1) == "doubt"


def test_count_calls_a_lie_proved_by_cards_seen() -> None:
    # Seat 1 holds S4 H4 and saw seat 2 take D4 C4 face up (show_pile): seat 0's claim of 4 cannot be true.
    state = play(new({0: "D4 S5 S6", 1: "S4 H4 C4", 2: "D9 D2 D3"}, show_pile=True), "0: play D4", "1: pass", "2: pass",
                 "1: play C4", "2: pass", "0: pass", "2: play D9", "0: doubt")
    assert [str(c) for c in GAME.view(state, 1).sure[2]] == ["D4", "D9", "C4"]
    state = play(state, "0: play S5")
    assert GAME.view(state, 1).pile[-1].rank == 4
    assert not claim_odds(GAME.view(state, 1)).possible
    assert choice(state, 1) == "doubt"


def test_count_lets_a_likely_truth_stand() -> None:
    start = GAME.new(players=4, seed=3)
    state, _ = GAME.apply(start, 0, GAME.legal_actions(start, 0)[0])
    odds = claim_odds(GAME.view(state, 1))
    assert odds.possible and odds.truth > 0.5
    assert choice(state, 1) == "pass"


def test_count_doubts_a_last_card_it_would_otherwise_let_stand() -> None:
    # Seat 0 goes out claiming A: two of the three aces are unseen by seat 1, a 2-in-3 chance of the truth.
    state = play(new({0: "S5", 1: "HA", 2: "DA", 3: "CA"}), "0: play S5")
    odds = claim_odds(GAME.view(state, 1))
    assert odds.possible and odds.truth == pytest.approx(2 / 3)
    assert choice(state, 1) == "doubt"


def test_count_tells_the_truth_when_it_can() -> None:
    state = new({0: "SA S9 HA H9", 1: "C2 C3 C4 C5"})
    assert choice(state, 0) in ("play SA", "play HA")
    state = new({0: "SA S9 HA H9", 1: "C2 C3 C4 C5"}, max_cards_per_play=3)
    assert choice(state, 0) == "play SA HA"


def test_count_goes_out_with_the_truth_and_jokers() -> None:
    state = new({0: "SA JK", 1: "C2 C3"}, max_cards_per_play=2, jokers=1)
    assert choice(state, 0) == "play SA JK"


def test_count_bluffs_with_the_card_it_needs_last() -> None:
    # Two seats: seat 0 claims A now, then 3, 5, 7, 9, J, K, 2, 4, …, Q last.
    state = new({0: "S2 H3 SQ", 1: "C2 C3 C4"})
    assert choice(state, 0) == "play SQ"


def test_count_learns_who_lies() -> None:
    # Seat 1 holds no ace, so seat 0 (13 cards) very likely could claim A truly; it lies and is caught.
    start = next(s for s in (GAME.new(players=4, seed=seed) for seed in range(50))
                 if all(c.rank != 1 for c in s.hands[1]) and any(c.rank != 1 for c in s.hands[0]))
    lie = next(a for a in GAME.legal_actions(start, 0) if a.card.rank != 1)
    bot = CountBot()
    state, _ = GAME.apply(start, 0, lie)
    assert claim_odds(GAME.view(state, 1)).truth > 0.75
    bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(0))
    before = bot.honesty(0)
    state = play(state, "2: doubt")
    bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(0))
    assert bot.honesty(0) < before - 0.05


def test_honest_bot_tells_the_truth_and_calls_only_proven_lies() -> None:
    honest = make_bot("doubt", "honest")
    assert choice(new({0: "SA S9", 1: "C2 C3"}), 0, honest) == "play SA"
    state = play(new({0: "S2 S3 S4 S5", 1: "SA HA DA CA"}), "0: play S2")
    assert choice(state, 1, honest) == "doubt"
    state = stand(play(new({0: "S2 S3", 1: "SA HA"}), "0: play S2"))
    assert GAME.result(state) is None


@pytest.mark.parametrize("opts", [
    {"penalty": "forfeit"}, {"penalty": "two_cards", "jokers": 2}, {"cheat": True, "max_cards_per_play": 3},
    {"require_successful_doubt": True, "doubter_leads": True, "repeat_rank_after_lie": True, "decks": 2},
])
def test_count_plays_every_variant(opts: dict[str, object]) -> None:
    tally: Counter[str] = Counter()
    for seed in range(3):
        state = GAME.new(players=4, options={**opts, "max_steps": 600}, seed=seed)
        bots = [make_bot("doubt", name) for name in ("count", "random", "honest", "count")]
        tally += watched_play_out(state, bots, seed, watched={0, 3})[1]
    variant_shown(tally, opts)


def test_count_beats_random_players() -> None:
    wins = 0
    for seed in range(30):
        state = GAME.new(players=5, seed=seed)
        bots = [make_bot("doubt", "count"), *(make_bot("doubt", "random") for _ in range(4))]
        result = GAME.result(play_out(GAME, state, bots, seed=seed).state)
        wins += result is not None and result.winners == (0,)
    assert wins >= 20  # chance is 6 of 30
