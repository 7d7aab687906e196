"""Train a game's ``master`` policy: ``python -m kakehiki.rl.master train GAME``.

    pip install -e '.[rl,fast]'       # numba: the compiled engine at speed
    OPENBLAS_NUM_THREADS=1 python -m kakehiki.rl.master train doubt --cpu-seconds 900

first fits a network to each of the project's bots for the game (``normal``, ``hard`` and the
style bots, :mod:`kakehiki.rl.imitate`), so that they can sit at the compiled engine's tables,
then trains by deep Monte Carlo (:mod:`kakehiki.rl.dmc`) at the game's default table against
those imitations and its own past versions, and writes the policy into the game's folder as
``master-<seats>.npz`` (``--out`` elsewhere), which the ``master`` level plays
(:mod:`kakehiki.bots.master`).  How it trained (rounds, rows, games, CPU seconds, the bots it
imitated and how closely) is kept in the file's ``meta``.  Measure it with ``kakehiki arena GAME --gauntlet master``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from kakehiki.bots import make_bot
from kakehiki.bots.master import policy_file
from kakehiki.bots.policy import Network
from kakehiki.errors import KakehikiError
from kakehiki.manifest import find
from kakehiki.rl.dmc import DMCConfig, Progress, exploitability, train
from kakehiki.rl.imitate import distill
from kakehiki.rl.selfplay import save_network
from kakehiki.rl.table import REWARDS, RLTable


def default_out(game: str, players: int) -> Path:
    """Where the game's ``master`` level looks for its policy for ``players`` seats (the game's folder)."""
    manifest = find(game)
    if manifest is None:
        raise SystemExit(f"unknown game {game!r}")
    module = sys.modules.get(manifest.package) or __import__(manifest.package, fromlist=["_"])
    assert module.__file__ is not None
    return Path(module.__file__).parent / policy_file(players)


def imitated_bots(game: str) -> list[str]:
    """The bots a game's ``master`` trains against by default: its levels and its style bots."""
    manifest = find(game)
    return ["normal", "hard", *(manifest.styles if manifest is not None else ())]


def as_scores(copy: Network, spread: float = 0.02, base: float = 0.25) -> Network:
    """An imitation's network with its last layer scaled so that its logits become scores near a
    win rate (``base + spread · logit``): the same choices, on the scale deep Monte Carlo fits,
    so that fitting the actions it takes does not first undo their order by the logits' size."""
    weights = (*copy.weights[:-1], copy.weights[-1] * np.float32(spread))
    biases = (*copy.biases[:-1], copy.biases[-1] * np.float32(spread) + np.float32(base))
    return Network(copy.meta, weights, biases, copy.activation, copy.shift, copy.scale)


def exploit(game: str, policy: Path | None, players: int | None, cpu_seconds: float, games: int) -> int:
    """Print a best response's win rate against the policy and the policy's own."""
    from kakehiki.bots.policy import load_network

    path = policy or default_out(game, RLTable(game, players).players)
    response, own, _ = exploitability(game, load_network(str(path)), DMCConfig(cpu_seconds=cpu_seconds), games)
    print(f"{path}: a best response ({cpu_seconds:.0f} CPU-s) wins {response:.1%} against it; the policy "
          f"wins {own:.1%} in the same seats; exploitability estimate {max(0.0, response - own):+.1%}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kakehiki.rl.master", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("train", help="train GAME's master policy by self-play")
    run.add_argument("game")
    run.add_argument("--cpu-seconds", type=float, default=900.0, help="stop after this much CPU time")
    run.add_argument("--players", type=int, default=None, help="table size (default: the game's)")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--envs", type=int, default=128, help="games played at once")
    run.add_argument("--hidden", default="128,64", help="hidden layer widths, comma-separated")
    run.add_argument("--bots", default="", help="kernel bots seated besides the pool (e.g. random)")
    run.add_argument("--discount", type=float, default=1.0,
                     help="a reward's weight falls by this factor per later decision of the seat (long games)")
    run.add_argument("--rewards", choices=REWARDS, default="win",
                     help="what a game pays each seat: win (1 for a winner, else 0), win_loss, rank "
                          "(+1 first to -1 last, by place) or score (the game's points)")
    run.add_argument("--out", type=Path, default=None,
                     help="file to write (default: master-<seats>.npz in the game's folder)")
    run.add_argument("--imitate", default=None,
                     help="bots to imitate as opponents, comma-separated (default: normal, hard and the styles)")
    run.add_argument("--start-from", default=None, metavar="BOT",
                     help="begin from the imitation of BOT (one of --imitate) rather than fresh weights")
    run.add_argument("--imitate-games", type=int, default=1000, help="reference games recorded per bot, at most")
    run.add_argument("--imitate-cpu", type=float, default=120.0, help="CPU seconds of recording per bot, at most")
    probe = sub.add_parser("exploit", help="train a best response against a policy: how exploitable it is")
    probe.add_argument("game")
    probe.add_argument("--policy", type=Path, default=None, help="the policy file (default: the shipped one)")
    probe.add_argument("--players", type=int, default=None)
    probe.add_argument("--cpu-seconds", type=float, default=600.0)
    probe.add_argument("--games", type=int, default=4000, help="games judging the response and the policy")
    args = parser.parse_args(argv)
    try:  # a bad game, table, bot, file or setting: one line saying what, before any work
        RLTable(args.game, args.players)
        if args.command == "exploit":
            return exploit(args.game, args.policy, args.players, args.cpu_seconds, args.games)
        return train_master(args)
    except (KakehikiError, ValueError) as exc:
        parser.error(str(exc))


def train_master(args: argparse.Namespace) -> int:
    """``train``: imitate the bots, train against them and the learner's past versions, write the file."""
    try:
        hidden = tuple(int(h) for h in args.hidden.split(","))
    except ValueError:
        raise ValueError(f"--hidden {args.hidden!r}: layer widths are whole numbers, comma-separated") from None
    if not 0 < args.discount <= 1:
        raise ValueError(f"--discount {args.discount}: a factor above 0 and at most 1")
    if args.cpu_seconds < 0 or args.envs < 1 or min(hidden, default=0) < 1:
        raise ValueError("--cpu-seconds may not be negative, and --envs and every --hidden width must be at least 1")
    config = DMCConfig(hidden=hidden, num_envs=args.envs, bots=tuple(b for b in args.bots.split(",") if b),
                       cpu_seconds=args.cpu_seconds, discount=args.discount, rewards=args.rewards)
    bots = imitated_bots(args.game) if args.imitate is None else [b for b in args.imitate.split(",") if b]
    for bot in bots:
        make_bot(args.game, bot)  # an unknown name is refused now, not after the others' recording
    if args.start_from is not None and args.start_from not in bots:
        raise ValueError(f"--start-from {args.start_from}: not among the imitated bots ({', '.join(bots)})")

    def report(progress: Progress) -> None:
        if progress.rounds % 25 == 0:
            loss = float(np.mean(progress.losses[-25:]))
            print(f"round {progress.rounds}: {progress.games} games, {progress.rows} rows, "
                  f"{progress.cpu_seconds:.0f} CPU-s, loss {loss:.4f}", flush=True)

    fixed: list[Network] = []
    imitated: dict[str, float] = {}
    for bot in bots:
        copy, agree = distill(args.game, bot, args.imitate_games, args.players, hidden=config.hidden,
                              seed=args.seed, cpu_seconds=args.imitate_cpu)
        print(f"imitated {bot}: {copy.meta['trained']['decisions']} decisions, agrees on {agree:.1%} of others",
              flush=True)
        fixed.append(copy)
        imitated[bot] = round(agree, 3)
    start = None if args.start_from is None else as_scores(fixed[bots.index(args.start_from)])
    net, progress = train(args.game, args.players, config=config, seed=args.seed, report=report, fixed=fixed,
                          start=start)
    net.meta["trained"]["start"] = args.start_from
    net.meta["trained"]["imitated"] = imitated
    out = args.out or default_out(args.game, net.meta["players"])
    save_network(net, out)
    print(f"wrote {out}: {progress.rounds} rounds, {progress.games} games, {progress.rows} rows, "
          f"{progress.cpu_seconds:.0f} CPU-s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
