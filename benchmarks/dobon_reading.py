"""How much does the public story tell about a Dobon hand?  The expert's read against no read.

Four ``normal`` seats play seeded games (``--seed S`` onwards, ``--games N``).  At every turn
decision with a choice, the deciding seat reads the others' hands with
:func:`kakehiki.games.dobon.bots.expert.belief` (``--samples`` dealt hands).  For each other seat
holding cards, two chances are taken of the total it really holds: from the samples unweighted
(what the cards not seen say: no read) and weighted by the story (the read).  The script prints
their means, over all totals and over the callable ones (13 or less, the only ones a danger
estimate needs).  ``normal`` is the rule bot the expert's ``rule`` style models, so this is the
read at its best.  ``--eps`` / ``--miss-call`` override the ``rule`` style's slip chances (0.1 and
0.02), e.g. ``--eps 0.001 --miss-call 0.0001`` to read a rule player as exactly deterministic.

Run from the repository root::

    PYTHONPATH=src python benchmarks/dobon_reading.py --games 100 --samples 200
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import kakehiki.games.dobon.bots.expert as expert
from kakehiki.bots import Bot, make_bot
from kakehiki.bots.style_mix import missed_call
from kakehiki.driver import decide, next_moves
from kakehiki.games.dobon.bots.heuristic import MAX_REACHABLE
from kakehiki.games.dobon.rules.state import TURN
from kakehiki.registry import get_game

Reads = dict[str, list[tuple[float, float]]]  # "all" / "callable": (unread, read) chances


def read_once(game: Any, state: Any, seat: int, rng: random.Random, samples: int, reads: Reads) -> None:
    """``seat`` reads the others; record the chance of each one's true total, unread and read."""
    belief = expert.belief(game.view(state, seat), rng, samples)
    for other in belief.totals[0]:
        weights = [w[other] for w in belief.seat_weights]
        true = state.sums[other]
        hits = [t[other] == true for t in belief.totals]
        unread = sum(hits) / len(hits)
        mass = sum(weights)
        read = sum(w for w, h in zip(weights, hits, strict=True) if h) / mass if mass else unread
        reads["all"].append((unread, read))
        if true <= MAX_REACHABLE:
            reads["callable"].append((unread, read))


def step(game: Any, state: Any, bot: Bot, rng: random.Random) -> Any:
    """One round of asking, resolved by priority as the driver does (C4)."""
    actors = game.actors(state)
    asked = state
    for seat, action in next_moves(game, asked, lambda s: decide(game, asked, s, bot, rng), actors):
        if game.result(state) is not None or seat not in game.actors(state):
            break
        state, _ = game.apply(state, seat, action)
    return state


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--eps", type=float, default=expert.EPS)
    parser.add_argument("--miss-call", type=float, default=expert.MISS_CALL)
    args = parser.parse_args(argv)
    expert.EPS, expert.MISS_CALL = args.eps, args.miss_call
    expert.MISSED = missed_call(args.miss_call)
    game = get_game("dobon")
    normal = make_bot("dobon", "normal")
    rng = random.Random(args.seed)
    reads: Reads = {"all": [], "callable": []}
    for g in range(args.games):
        state = game.new(players=4, seed=args.seed + g)
        while actors := game.actors(state):
            seat = actors[0]
            if state.phase == TURN and len(game.legal_actions(state, seat)) > 1:
                read_once(game, state, seat, rng, args.samples, reads)
            state = step(game, state, normal, rng)
    print(f"{args.games} games of four normal seats from seed {args.seed}, {args.samples} samples a read, "
          f"rule-style slips {expert.EPS} (decision) and {args.miss_call} (missed call)")
    for kind, pairs in reads.items():
        unread = sum(p[0] for p in pairs) / len(pairs)
        read = sum(p[1] for p in pairs) / len(pairs)
        print(f"  {kind} totals ({len(pairs)} reads): chance of the true total {unread:.3f} unread, {read:.3f} read "
              f"({read / unread:.2f}x)")


if __name__ == "__main__":
    main()
