"""CPU time of one bot's decisions in real games (issue 35): ``hard`` at seat 0 by default.

Each game is played as ``kakehiki arena`` plays it (``driver.play_out``'s loop: every actor asked,
calls resolved by priority, bot ``i``'s generator ``derive(seed, "bot", i)``); only the timed
seat's decisions are timed, each in process CPU time (``time.process_time``) around
``driver.decide``, so the host's building of the seat's view and sampler is counted with it.
Printed per game id: games, the timed seat's decisions, CPU seconds in them, and milliseconds
per decision (mean, and over the decisions with more than one legal action, where a bot thinks;
the median, the 99th percentile and the longest).

    PYTHONPATH=src python benchmarks/bot_speed.py                         # 5 games of each game, seed 0
    PYTHONPATH=src python benchmarks/bot_speed.py --game dobon --games 20 --bots hard,normal,normal,normal
    PYTHONPATH=src python benchmarks/bot_speed.py --bots normal,normal,normal,normal --shadow hard

Games differ once a bot draws differently, so two versions of a bot play different positions.
``--shadow BOT`` times ``BOT`` on every decision of the timed seat while the seat plays as
``--bots`` says (``BOT``'s answer is thrown away; its generator is ``derive(seed, "shadow")``):
with bots at every seat that did not change, two versions of ``BOT`` are timed on the very same
positions.  To compare two versions side by side, run this script with ``PYTHONPATH`` pointing
at each version's ``src``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kakehiki.bots import make_bot
from kakehiki.driver import decide, next_moves, still_asked
from kakehiki.registry import get_game
from kakehiki.rng import derive

GAMES = ("dobon", "dobon-arith", "million-doubt", "doubt", "dhumbal", "daifugo")


@dataclass
class Tally:
    game: str
    games: int = 0
    decisions: int = 0
    cpu_s: float = 0.0
    thinking: int = 0
    """Decisions with more than one legal action."""
    thinking_cpu_s: float = 0.0
    times: list[float] = field(default_factory=list, repr=False)
    """Each decision's CPU seconds."""

    def percentile_ms(self, q: float) -> float:
        """The ``q``-quantile of the decisions' CPU time (the nearest rank), in ms; 0 if none."""
        if not self.times:
            return 0.0
        ranked = sorted(self.times)
        return 1000 * ranked[min(len(ranked) - 1, max(0, round(q * len(ranked)) - 1))]

    def summary(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "decisions": self.decisions, "cpu_s": self.cpu_s,
                "thinking": self.thinking, "thinking_cpu_s": self.thinking_cpu_s,
                "ms_per_decision": self.ms_per_decision, "ms_per_thinking": self.ms_per_thinking,
                "p50_ms": self.percentile_ms(0.5), "p99_ms": self.percentile_ms(0.99),
                "max_ms": 1000 * max(self.times, default=0.0)}

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.cpu_s / max(1, self.decisions)

    @property
    def ms_per_thinking(self) -> float:
        return 1000 * self.thinking_cpu_s / max(1, self.thinking)


def play_timed(
    game_id: str, bots: Sequence[str], seed: int, timed: int, tally: Tally, shadow: str | None = None
) -> None:
    """One game from ``seed``, adding seat ``timed``'s decisions (or ``shadow``'s on them) to ``tally``."""
    game = get_game(game_id)
    state = game.new(players=len(bots), seed=seed)
    players = [make_bot(game_id, name) for name in bots]
    rngs = [derive(seed, "bot", i) for i in range(len(players))]
    shadow_bot = None if shadow is None else make_bot(game_id, shadow)
    shadow_rng = derive(seed, "shadow")

    def choose(seat: int) -> Any:
        action = None
        if seat != timed or shadow_bot is not None:
            action = decide(game, state, seat, players[seat], rngs[seat])
            if seat != timed:
                return action
        many = len(game.legal_actions(state, seat)) > 1
        start = time.process_time()
        if shadow_bot is not None:
            decide(game, state, seat, shadow_bot, shadow_rng)
        else:
            action = decide(game, state, seat, players[seat], rngs[seat])
        spent = time.process_time() - start
        tally.decisions += 1
        tally.cpu_s += spent
        tally.times.append(spent)
        if many:
            tally.thinking += 1
            tally.thinking_cpu_s += spent
        return action

    while actors := game.actors(state):
        for n, (seat, action) in enumerate(next_moves(game, state, choose, actors)):
            if n and not still_asked(game, state, seat):
                break
            state, _ = game.apply(state, seat, action)
    tally.games += 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help=f"game id (repeatable; default: {', '.join(GAMES)})")
    parser.add_argument("--bots", default="hard,normal,normal,normal", help="one bot name per seat")
    parser.add_argument("--seat", type=int, default=0, help="the seat whose decisions are timed")
    parser.add_argument("--shadow", metavar="BOT", help="time BOT on the timed seat's decisions instead")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (then seed+1, ...)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    tallies = []
    for game_id in args.game or GAMES:
        tally = Tally(game_id)
        for i in range(args.games):
            play_timed(game_id, bots, args.seed + i, args.seat, tally, args.shadow)
        tallies.append(tally)
        if not args.json:
            timed = bots[args.seat] if args.shadow is None else f"{args.shadow}, shadowing {bots[args.seat]}"
            print(f"{game_id:14} {tally.games} games, {tally.decisions} decisions of seat {args.seat} "
                  f"({timed}): {tally.cpu_s:.2f} s CPU, {tally.ms_per_decision:.2f} ms/decision, "
                  f"{tally.ms_per_thinking:.2f} ms per decision with a choice ({tally.thinking}); "
                  f"p50 {tally.percentile_ms(0.5):.1f} ms, p99 {tally.percentile_ms(0.99):.1f} ms, "
                  f"max {1000 * max(tally.times, default=0.0):.1f} ms", flush=True)
    if args.json:
        print(json.dumps([t.summary() for t in tallies], indent=1))


if __name__ == "__main__":
    main()
