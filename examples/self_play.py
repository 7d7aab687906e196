"""Self-play for any game with a compiled vector environment, numpy only (kakehiki.rl.selfplay).

    python examples/self_play.py doubt --players 4 --rounds 10 --out runs/doubt
    python examples/self_play.py dobon --players 3 --rounds 2 --generations 2 --games 32   # a quick look

Each round trains against a pool of the policy's accepted past versions and the built-in bots,
gates the candidate in the arena against the incumbent, and keeps it if it scores at least
``--gate``; the end prints how exploitable the final policy is (a best response's win rate over
the policy's own).  The policy files it writes play as ``policy:PATH`` in ``kakehiki arena``,
``sim``, ``play`` and the server.  Install numba (``pip install 'kakehiki[fast]'``) for speed.
"""

from __future__ import annotations

import argparse

from kakehiki.rl.selfplay import ESConfig, exploitability, self_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--directions", type=int, default=8)
    parser.add_argument("--games", type=int, default=128, help="episodes per perturbed policy")
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--gate", type=float, default=0.0)
    parser.add_argument("--out", default=None, help="folder for round-K.npz and policy.npz")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    config = ESConfig(generations=args.generations, directions=args.directions, games=args.games,
                      num_envs=args.envs)
    run = self_play(args.game, args.rounds, args.players, config=config, gate=args.gate, hidden=(args.hidden,),
                    out_dir=args.out, seed=args.seed)
    for k, (score, kept) in enumerate(zip(run.gates, run.accepted, strict=True), 1):
        print(f"round {k}: arena score {score:+.3f} against the incumbent, {'accepted' if kept else 'refused'}")
    found = exploitability(args.game, run.policy, args.players, config=config)
    print(f"exploitability: a best response wins {found.response_win_rate:.3f}, the policy itself "
          f"{found.policy_win_rate:.3f}: estimate {found.estimate:.3f}")


if __name__ == "__main__":
    main()
