"""What one decision is worth (issue 19): exact per-action outcomes for one Dobon seat among three ``normal``s.

A study, and the fit of ``kakehiki.games.dobon.bots.correction``'s weights.  One ``normal`` seat plays
among three ``normal``s, seated and seeded as ``kakehiki arena dobon --bots X,normal,normal,normal
--seed S`` seats them (game ``i``: seed ``S + i``, the bot list rotated by ``i``).  At each of its
decisions with a real choice (two or more legal actions, no Dobon call open, not in a gaeshi
chain) every legal action is played on to the end of the game in the true state, the seat moving
as ``normal`` afterwards.  ``normal`` never reads its random generator, so each such play-out is
the exact outcome of that action (``benchmarks/dobon_ceiling.py`` explains why).  An action's
label is whether the seat wins.  What the seat could have known when it chose is recorded from its
view only (``dobon_correction.Option`` and ``Situation``): the action and the value played, that
value's danger under the uniform model and, with ``--read``, under the expert's read of the others'
hands (``hard``, ``games/dobon/bots/expert.py``), the total left in hand and how many cards of it the seat
has not seen; out of turn or not, a two-debt pending, its hand size, the smallest other hand.

It prints:

* **the expert's read, one decision at a time** (with ``--read``): the gain in wins a game from
  taking ``hard``'s choice instead of ``normal``'s at a single decision, ``normal`` before and
  after, summed over the decisions where they differ;
* **the correction's first-order gain**: the linear model of ``dobon_correction`` (ridge least
  squares of each other action's win minus the normal choice's, on their feature difference, one
  model per situation), fitted on one half of the games and judged on the other, both ways: the
  summed win difference of the decisions where it would change ``normal``'s choice, each game one
  sample for the interval.  That is what the changes are worth one at a time;
* **what the correction is really worth**: the model fitted on all the games correcting the seat
  at every decision, against the uncorrected seat, on ``--eval-games`` other deals (paired: the
  same deals and seats).  The seat is ``normal``, or ``hard`` with ``--read``.

``--emit`` prints the weights fitted on all the games, as ``dobon_correction.WEIGHTS`` holds them.
The committed weights come from (two processes, about 25 minutes to fit, then the paired check)::

    PYTHONPATH=src python benchmarks/dobon_advantage.py --games 20000 --seed 1000000 --read --workers 2 --emit

``--shipped`` skips the fit and judges the committed weights, paired, on ``--eval-games`` deals::

    PYTHONPATH=src python benchmarks/dobon_advantage.py --shipped --read --eval-games 10000 --workers 2

Needs numpy (``pip install -e '.[rl]'`` or ``'.[fast]'``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dobon_ceiling import Policy, Table
from kakehiki.arena import seating
from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.bots.correction import (
    FEATURES,
    MARGIN,
    SITUATIONS,
    WEIGHTS,
    Option,
    Situation,
    applies,
    corrected,
    features,
    option,
    situation,
    value,
)
from kakehiki.games.dobon.bots.expert import belief
from kakehiki.games.dobon.bots.heuristic import Danger, decide
from kakehiki.games.dobon.bots.heuristic import danger as uniform_danger
from kakehiki.games.dobon.rules.state import DobonState

BOTS = ("seat", "normal", "normal", "normal")
RIDGE = 10.0


@dataclass(frozen=True, slots=True)
class Labelled:
    """One legal action at a decision: what the seat knew of it, whose choice it was, how the game ends."""

    option: Option
    normal: bool  # normal's choice
    expert: bool  # the expert's choice (normal's without --read)
    win: bool


@dataclass(frozen=True, slots=True)
class Decision:
    game: int
    where: Situation
    options: tuple[Labelled, ...]


def dangers(view: DobonView, state: DobonState, game: int, read: bool) -> tuple[Danger, Danger]:
    """The uniform model's danger and, with ``read``, the expert's (seeded by the game and step)."""
    uniform: Danger = partial(uniform_danger, view)
    return uniform, belief(view, random.Random(state.steps * 7919 + game), 50).danger if read else uniform


def record(table: Table, state: DobonState, seat: int, game: int, read: bool) -> Decision:
    """Every legal action at this decision, with what the seat knew and how the game ends."""
    view = table.game.view(state, seat)
    legal = table.legal(state, seat)
    uniform, expert = dangers(view, state, game, read)
    normal_choice = decide(view, legal, uniform)
    expert_choice = decide(view, legal, expert)
    options = []
    for action in legal:
        end = table.play(table.step(state, seat, action), seat, table.normal_policy)
        won = seat in table.game.result(end).winners
        options.append(Labelled(option(view, action, uniform, expert), action == normal_choice,
                                action == expert_choice, won))
    return Decision(game, situation(view, legal), tuple(options))


def collect(job: tuple[int, int, bool]) -> list[Decision]:
    """The decisions of ``games`` games from seed ``start``, the seat playing ``normal`` throughout."""
    start, games, read = job
    table = Table()
    out: list[Decision] = []
    for i in range(start, start + games):
        seat = seating(list(BOTS), i).index("seat")
        state = table.game.new(players=len(BOTS), seed=i)
        while table.game.actors(state := table.to_decision(state, seat)):
            if applies(table.game.view(state, seat), table.legal(state, seat)):
                out.append(record(table, state, seat, i, read))
            state = table.step(state, seat, table.normal_policy(state, seat))
    return out


# -- the linear correction --------------------------------------------------------------------------

def placed(where: Situation, o: Option) -> np.ndarray:
    """The option's features in its situation's block (zeros elsewhere): one model per situation."""
    out = np.zeros(SITUATIONS * FEATURES)
    at = where.index * FEATURES
    out[at:at + FEATURES] = features(where, o)
    return out


def fit(decisions: Sequence[Decision]) -> list[list[float]]:
    """Ridge least squares of each other action's win minus the normal choice's, on their feature
    difference; one row of weights per situation."""
    rows, labels = [], []
    for d in decisions:
        chosen = next(o for o in d.options if o.normal)
        base = placed(d.where, chosen.option)
        for o in d.options:
            if o is not chosen:
                rows.append(placed(d.where, o.option) - base)
                labels.append(float(o.win) - float(chosen.win))
    x, y = np.array(rows), np.array(labels)
    flat = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)
    return [[float(w) for w in flat[s * FEATURES:(s + 1) * FEATURES]] for s in range(SITUATIONS)]


def per_game(gains: dict[int, float], games: set[int]) -> tuple[float, float]:
    """Mean and standard error, in points of win rate a game, each game one sample."""
    v = np.array([gains.get(g, 0.0) for g in games])
    return 100 * float(v.mean()), 100 * float(v.std()) / math.sqrt(len(v))


def read_gain(decisions: Sequence[Decision], games: set[int]) -> tuple[float, float, float]:
    gains: dict[int, float] = defaultdict(float)
    changed = 0
    for d in decisions:
        normal = next(o for o in d.options if o.normal)
        expert = next(o for o in d.options if o.expert)
        if expert is not normal:
            changed += 1
            gains[d.game] += float(expert.win) - float(normal.win)
    return (*per_game(gains, games), changed / len(games))


def correction_gain(weights: list[list[float]], decisions: Sequence[Decision], games: set[int]
                    ) -> tuple[float, float, float]:
    """The summed win difference of the decisions where the model changes normal's choice, a game
    (``games``: every game played, those without a decision with a choice counting zero)."""
    gains: dict[int, float] = defaultdict(float)
    changed = 0
    for d in decisions:
        normal = next(o for o in d.options if o.normal)
        base = value(d.where, normal.option, weights)
        ahead, best = max(((value(d.where, o.option, weights) - base, o) for o in d.options if o is not normal),
                          key=lambda t: t[0])
        if ahead > MARGIN:
            changed += 1
            gains[d.game] += float(best.win) - float(normal.win)
    return (*per_game(gains, games), changed / len(games))


def seat_policy(table: Table, weights: list[list[float]] | None, read: bool, game: int) -> Policy:
    """``normal`` (with ``read``: ``hard``'s choice), corrected by ``weights`` unless None."""
    def choose(state: DobonState, seat: int) -> Action:
        legal = table.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = table.game.view(state, seat)
        uniform, expert = dangers(view, state, game, read)
        chosen = decide(view, legal, expert)
        return chosen if weights is None else corrected(view, legal, chosen, uniform, expert, weights)
    return choose


def paired(job: tuple[list[list[float]], bool, int, int]) -> list[tuple[bool, bool]]:
    """(the uncorrected seat won, the corrected seat won) on each of ``games`` deals from ``start``."""
    weights, read, start, games = job
    table = Table()
    out = []
    for i in range(start, start + games):
        seat = seating(list(BOTS), i).index("seat")
        state = table.game.new(players=len(BOTS), seed=i)
        plain = seat in table.game.result(table.play(state, seat, seat_policy(table, None, read, i))).winners
        fixed = seat in table.game.result(table.play(state, seat, seat_policy(table, weights, read, i))).winners
        out.append((plain, fixed))
    return out


def python_rows(weights: list[list[float]]) -> str:
    """The weights as the rows of ``dobon_correction.WEIGHTS``, seven numbers to a line."""
    def numbers(ws: list[float]) -> str:
        return ", ".join(f"{w:.5f}" for w in ws)
    return "\n".join(f"    ({numbers(row[:7])},\n     {numbers(row[7:])})," for row in weights)


def chunks(start: int, games: int, parts: int) -> list[tuple[int, int]]:
    size = -(-games // parts)
    return [(s, min(size, start + games - s)) for s in range(start, start + games, size)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games in each half (two halves)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="the first half's first seed")
    parser.add_argument("--read", action="store_true", help="the expert's read as well (slower): the seat "
                        "judged is hard, not normal")
    parser.add_argument("--eval-games", type=int, default=20000)
    parser.add_argument("--eval-seed", type=int, default=300_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--emit", action="store_true", help="print the weights fitted on all games as Python")
    parser.add_argument("--shipped", action="store_true", help="no fit: judge dobon_correction.WEIGHTS, paired, "
                        "on --eval-games deals only")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        weights = [list(row) for row in WEIGHTS] if args.shipped else fitted(pool, args)
        jobs = [(weights, args.read, s, n) for s, n in chunks(args.eval_seed, args.eval_games, args.workers)]
        pairs = [p for part in pool.map(paired, jobs) for p in part]
    plain = sum(p for p, _ in pairs)
    fixed = sum(f for _, f in pairs)
    diff = np.array([float(f) - float(p) for p, f in pairs])
    seat = "hard" if args.read else "normal"
    which = "the shipped weights" if args.shipped else "weights fitted on all"
    print(f"{seat} corrected ({which}), {len(pairs)} deals from seed {args.eval_seed}: {fixed} wins, "
          f"{seat} in the same seat {plain}: {100 * diff.mean():+.2f} +- {100 * diff.std() / math.sqrt(len(pairs)):.2f}"
          f" points ({time.perf_counter() - start:.0f} s in all)")


def fitted(pool: Any, args: argparse.Namespace) -> list[list[float]]:
    """Collect both halves, print what they say, and return the weights fitted on all of them."""
    start = time.perf_counter()
    halves = []
    for first in (args.seed, args.seed + args.games):
        jobs = [(s, n, args.read) for s, n in chunks(first, args.games, args.workers)]
        halves.append([d for part in pool.map(collect, jobs) for d in part])
    a, b = halves
    print(f"{len(a) + len(b)} decisions with a choice in {2 * args.games} games from seed {args.seed} "
          f"({time.perf_counter() - start:.0f} s)", flush=True)
    if args.read:
        mean, se, rate = read_gain(a + b, set(range(args.seed, args.seed + 2 * args.games)))
        print(f"the expert's read instead of normal's choice, one decision at a time: {mean:+.2f} +- {se:.2f} "
              f"points a game ({rate:.2f} changed decisions a game)")
    first = set(range(args.seed, args.seed + args.games))
    second = set(range(args.seed + args.games, args.seed + 2 * args.games))
    for name, train, test, games in (("first half, judged on the second", a, b, second),
                                     ("second half, judged on the first", b, a, first)):
        mean, se, rate = correction_gain(fit(train), test, games)
        print(f"correction fitted on the {name}: first-order gain {mean:+.2f} +- {se:.2f} points a game "
              f"({rate:.2f} changes a game)", flush=True)
    weights = fit(a + b)
    if args.emit:
        print(f"WEIGHTS: tuple[tuple[float, ...], ...] = (\n{python_rows(weights)}\n)", flush=True)
    return weights


if __name__ == "__main__":
    main()
