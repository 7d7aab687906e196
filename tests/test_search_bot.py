"""The information-set search bot: legal, reproducible, never handed the true state."""

from __future__ import annotations

import random
from typing import Any

from kakehiki import get_game
from kakehiki.bots import make_bot
from kakehiki.bots.search import SamplingBot, SearchBot, round_rewards
from kakehiki.core import RoundResult
from kakehiki.driver import decide, play_out
from kakehiki.games.dobon import Dobon

GAME = get_game("dobon")


def test_search_bot_is_a_sampling_bot_and_plays_whole_games() -> None:
    bot = SearchBot(iterations=20)
    assert isinstance(bot, SamplingBot)
    bots = [bot, make_bot("dobon", "rule"), make_bot("dobon", "rule")]
    playout = play_out(GAME, GAME.new(players=3, seed=4), bots, seed=4)
    assert GAME.result(playout.state) is not None


def test_search_only_sees_sampled_states() -> None:
    state = GAME.new(players=4, seed=8)
    seat = GAME.actors(state)[0]
    seen: list[Any] = []

    def sample(rng: random.Random) -> Any:
        sampled = GAME.sample_hidden(state, seat, rng)
        seen.append(sampled)
        return sampled

    legal = GAME.legal_actions(state, seat)
    bot = SearchBot(iterations=15)
    action = bot.choose_sampled(GAME, seat, GAME.view(state, seat), legal, random.Random(1), sample)
    assert action in legal
    assert len(seen) == 15 and all(s is not state for s in seen)
    assert all(GAME.view(s, seat) == GAME.view(state, seat) for s in seen)


def test_search_is_reproducible_with_the_same_rng() -> None:
    state = GAME.new(players=4, seed=3)
    seat = GAME.actors(state)[0]
    bot = SearchBot(iterations=30)
    first = decide(GAME, state, seat, bot, random.Random(5))
    assert all(decide(GAME, state, seat, bot, random.Random(5)) == first for _ in range(3))


def test_search_calls_a_winning_dobon() -> None:
    # Positions from rule-bot games where a seat may call Dobon on another seat's card:
    # calling wins unless answered, so search must prefer it to passing or playing on.
    found = 0
    for seed in range(200):
        state = GAME.new(players=4, seed=seed, options={"official": False, "first_dealer": 0})
        rng = random.Random(seed)
        while GAME.result(state) is None and found < 5:
            seat = GAME.actors(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            if any(isinstance(a, Dobon) for a in legal) and view.top_owner not in (seat, None):
                choice = decide(GAME, state, seat, SearchBot(iterations=60), random.Random(seed))
                assert isinstance(choice, Dobon), f"declined a winning Dobon at seed {seed}"
                found += 1
            state, _ = GAME.apply(state, seat, make_bot("dobon", "rule").choose(view, legal, rng))
        if found >= 5:
            break
    assert found == 5


def test_round_rewards() -> None:
    assert round_rewards(RoundResult((2,), (0,), "dobon"), 4) == [0.0, 0.5, 1.0, 0.5]
    assert round_rewards(RoundResult((), (), "max_steps"), 2) == [0.5, 0.5]
