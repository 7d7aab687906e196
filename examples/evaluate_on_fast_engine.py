"""Play an exported Dobon policy (``.npz``) through the compiled vector environment, many games at once.

Needs the ``rl`` and ``fast`` extras (numpy, gymnasium, numba); no torch::

    python examples/evaluate_on_fast_engine.py dobon_policy.npz --games 20000 --opponents random

``FastDobonVectorEnv`` gives the reference observation entry for entry, so a policy trained on
``SeatEnv`` plays here as it plays in the arena (``policy:PATH``): the network scores every
action, the mask removes the illegal ones, the best is taken.  Prints the policy seat's win and
loss rates with 95% (Wilson) intervals.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from kakehiki.arena import wilson_interval
from kakehiki.bots.policy import load_network
from kakehiki.rl.fast import FastDobonVectorEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("policy", type=Path)
    parser.add_argument("--games", type=int, default=20_000, help="finished games to count (at least)")
    parser.add_argument("--envs", type=int, default=512, help="games stepped together")
    parser.add_argument("--opponents", default="random", choices=["random", "greedy"])
    parser.add_argument("--seed", type=int, default=123)
    args = parser.parse_args()
    network = load_network(str(args.policy))
    players = int(network.meta["players"])
    env = FastDobonVectorEnv(args.envs, players=players, options=network.meta["options"],
                             opponents=args.opponents, seat="random")
    obs, info = env.reset(seed=args.seed)
    games = wins = losses = 0
    start = time.perf_counter()
    while games < args.games:
        scores = network.scores(obs)
        scores[info["action_mask"] == 0] = -np.inf
        obs, rewards, ended, _, info = env.step(np.argmax(scores, axis=1))
        games += int(ended.sum())
        wins += int((rewards[ended] > 0).sum())
        losses += int((rewards[ended] < 0).sum())
    seconds = time.perf_counter() - start
    for label, count in (("won", wins), ("lost", losses)):
        low, high = wilson_interval(count, games)
        print(f"{label} {count} of {games} games: {count / games:.1%} (95% {low:.1%}–{high:.1%})")
    print(f"{players} players, {args.opponents} opponents, a random seat each game, {seconds:.0f} s")


if __name__ == "__main__":
    main()
