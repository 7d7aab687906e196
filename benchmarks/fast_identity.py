"""The compiled engine's playouts against the reference's, game by game (a long check).

For each option set of ``--game``, ``--games`` matches from seeds ``--seed`` onwards are played
to the end by the game's batch class (the ``random`` policy, compiled) and by
``driver.play_out`` with a ``random`` bot per seat; it prints, per option set, how many differ
in steps, scores, ranks or reason (0 is the claim).  ``tests/games/*/test_fast.py`` check every step
of fewer games.

    python benchmarks/fast_identity.py --games 100000 --sets 0 1
    python benchmarks/fast_identity.py --game doubt --games 10000 --sets 0
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from kakehiki.bots import RandomBot
from kakehiki.driver import play_out
from kakehiki.fast.engines import ENGINES, batch_class
from kakehiki.registry import get_game

Sets = list[tuple[int, dict[str, Any]]]
SETS: dict[str, Sets] = {
    "dobon": [
        (4, {}),
        (4, {"official": False}),
        (2, {"games": 5, "interrupt_turn": "unchanged"}),
        (6, {"games": 10, "decks": 2, "max_twos_ratio": 0.25, "min_field_to_rebuild": 5}),
        (3, {"games": 20, "official": True, "first_dealer": 1}),
    ],
    "doubt": [
        (4, {}),
        (3, {"max_cards_per_play": 4, "jokers": 2, "decks": 2}),
        (5, {"penalty": "two_cards", "require_successful_doubt": True}),
        (6, {"round_limit": 7, "cheat": True, "doubter_leads": True, "repeat_rank_after_lie": True}),
    ],
    "daifugo": [
        (4, {}),
        (3, {"games": 5, "jokers": 2, "strict_lock": True, "run_revolution": True}),
        (8, {"games": 3, "scoring": "uecda", "miyako_ochi": False, "spade3": False}),
    ],
}


def option_sets(game_id: str) -> Sets:
    """The sets tried for ``game_id``: its own list, else its default table with default options."""
    return SETS.get(game_id, [(get_game(game_id).default_players, {})])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dobon", choices=sorted(ENGINES), help="default dobon")
    parser.add_argument("--games", type=int, default=2000, help="matches per option set (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sets", type=int, nargs="*", default=None, help="which option sets, from 0 (default: all)")
    args = parser.parse_args()
    game, batch_of = get_game(args.game), batch_class(args.game)
    if batch_of is None:
        parser.error(f"the compiled engine has no kernels for {args.game} yet")
    for number, (players, options) in enumerate(option_sets(args.game)):
        if args.sets is not None and number not in args.sets:
            continue
        start = time.perf_counter()
        seeds = np.arange(args.seed, args.seed + args.games)
        batch = batch_of(seeds, players, options, jit=True)
        steps = batch.playout("random")
        fast = batch.results()
        differ = 0
        for g, seed in enumerate(seeds.tolist()):
            done = play_out(game, game.new(players, options, seed=seed), [RandomBot()] * players, seed=seed)
            result = game.result(done.state)
            assert result is not None
            same = (steps[g] == done.steps and fast["reason"][g] == result.reason
                    and tuple(fast["scores"][g].tolist()) == tuple(int(x) for x in result.scores)
                    and tuple(fast["ranks"][g].tolist()) == result.ranks)
            differ += not same
        print(f"players={players} options={options}: {args.games} matches, {int(steps.sum())} steps, "
              f"{differ} differ ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
