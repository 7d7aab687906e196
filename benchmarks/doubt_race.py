"""What settles a Doubt game among careful players: who holds the rank of its last play (issue 35).

At one card a play a seat with ``n`` cards makes its last play ``n - 1`` rounds after its next one,
claiming a rank fixed at the deal (B2), and careful players call every play that would go out.  This
plays ``--games`` games of ``--bots`` (a seat each) from seeds ``--seed`` onward, seats not rotated,
reads from each deal whether each seat holds the rank of its last play (``finish.ends_true``), and
counts how often the winner is the first such seat in play order.

    PYTHONPATH=src python benchmarks/doubt_race.py --games 500 --bots normal,normal,normal,normal
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.games.doubt.bots.finish import ends_true
from kakehiki.registry import get_game

GAME = get_game("doubt")


def holds_last_rank(state: object, seats: int) -> list[bool]:
    """Per seat: whether its dealt hand holds the rank it claims with its last card, no pile taken."""
    return [ends_true(GAME.view(state, seat)) for seat in range(seats)]


def tally(games: int, seed: int, bots: Sequence[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    seats = len(bots)
    for game in range(seed, seed + games):
        state = GAME.new(players=seats, seed=game)
        held = holds_last_rank(state, seats)
        first = GAME.view(state, 0).turn
        order = [(first + k) % seats for k in range(seats)]
        favourite = next((s for s in order if held[s]), None)
        result = GAME.result(play_out(GAME, state, [make_bot("doubt", b) for b in bots], seed=game).state)
        winner = result.winners[0] if result is not None and result.winners else None
        counts["games"] += 1
        counts["won by the first seat holding its last rank"] += winner is not None and winner == favourite
        counts["won by a seat not holding it"] += winner is not None and not held[winner]
        counts["won by the first seat to play"] += winner == first
        counts[f"seats holding it: {sum(held)}"] += 1
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="normal,normal,normal,normal")
    args = parser.parse_args(argv)
    for name, count in sorted(tally(args.games, args.seed, args.bots.split(",")).items()):
        print(f"{name}: {count}")


if __name__ == "__main__":
    main()
