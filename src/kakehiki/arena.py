"""Arena: seat-rotated bot games on all cores, with win rates, confidence intervals and ratings.

Game ``i`` seats the bot list rotated by ``i`` (seat ``s`` gets ``bots[(s + i) % n]``)
and uses seed ``seed + i``, so every bot plays every seat equally often and any game
can be re-run alone.  Results are folded in game order whatever order the workers
finish in, so a run is reproducible.

Rotation keeps the bots' order round the table: each always sits after the same
neighbour.  At a table of three or more different bots that order can decide more than
the bots do (in Doubt, two ``normal``s seated after ``doubt-all`` and before ``random``
win 13 % and 87 %), so ``every_order`` also goes through every distinct order round the
table (:func:`table_orders`), each rotated in turn.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from openskill.models import PlackettLuce

from kakehiki.bots import Bot, make_bot
from kakehiki.bots.levels import LEVELS
from kakehiki.bots.search import Sampler, SamplingBot
from kakehiki.bots.styles import GAUNTLET
from kakehiki.core import Action, Game, ranks_from_keys
from kakehiki.driver import play_out
from kakehiki.errors import KakehikiError
from kakehiki.registry import get_game

Z95 = 1.959964


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # Rounding can put the bounds a hair beyond p when p is 0 or 1; an interval always holds p.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


MAX_ORDERS = 5040  # orders of the other seats --every-order goes through at most (7!: eight different bots)


def order_count(bots: Sequence[str]) -> int:
    """How many orders of the seats after the first ``bots`` has (before rotations are merged)."""
    count = math.factorial(len(bots) - 1)
    for copies in Counter(bots[1:]).values():
        count //= math.factorial(copies)
    return count


@lru_cache(maxsize=64)
def table_orders(bots: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct order of ``bots`` round a table, the first bot first, in a fixed order: two
    orders that are rotations of each other seat everyone after the same neighbour, so only one
    of them is kept.  More than ``MAX_ORDERS`` is refused: they grow as a factorial."""
    if order_count(bots) > MAX_ORDERS:
        raise KakehikiError(f"{len(set(bots))} different bots have {order_count(bots)} orders round the table; "
                            f"every order is offered up to {MAX_ORDERS}")
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for perm in distinct_permutations(bots[1:]):
        order = (bots[0], *perm)
        found.setdefault(min(order[k:] + order[:k] for k in range(len(order))), order)
    return tuple(found.values())


def distinct_permutations(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Each distinct ordering of ``items`` once (copies of a name are not told apart), in the order
    :func:`itertools.permutations` first gives them; never more than :func:`order_count` of them."""
    if not items:
        yield ()
        return
    for name in dict.fromkeys(items):
        rest = list(items)
        rest.remove(name)
        for tail in distinct_permutations(rest):
            yield (name, *tail)


def seating(bots: Sequence[str], index: int, every_order: bool = False) -> tuple[str, ...]:
    """The seats of game ``index``: the bot list rotated by ``index``; with ``every_order``, the
    list put in the order round the table ``index // n`` (of :func:`table_orders`, in turn) first."""
    n = len(bots)
    if every_order:
        orders = table_orders(tuple(bots))
        bots = orders[(index // n) % len(orders)]
    return tuple(bots[(s + index) % n] for s in range(n))


class TimedBot:
    """Wraps a bot to time its decisions (:func:`timed` keeps a searching bot's sampler).

    The time is the CPU time of the deciding thread: what the decision costs on one core,
    whatever else the machine is running (wall time grows with the load).  It offers no
    ``choose_sampled``, so the host draws no hidden sample for a bot that would ignore it."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0
        self.longest = 0.0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return self._timed(lambda: self.bot.choose(view, legal, rng))

    def _timed(self, decide: Callable[[], Action]) -> Action:
        start = time.thread_time()
        action = decide()
        spent = time.thread_time() - start
        self.decisions += 1
        self.seconds += spent
        self.longest = max(self.longest, spent)
        return action


class SamplingTimedBot(TimedBot):
    """A searching bot, timed: it keeps its sampler."""

    def choose_sampled(
        self, game: Game[Any, Any, Any], seat: int, view: Any, legal: Sequence[Action], rng: random.Random,
        sample: Sampler,
    ) -> Action:
        bot = cast(SamplingBot, self.bot)
        return self._timed(lambda: bot.choose_sampled(game, seat, view, legal, rng, sample))


def timed(bot: Bot) -> TimedBot:
    """``bot`` with its decisions timed, keeping its sampler only if it searches."""
    return SamplingTimedBot(bot) if isinstance(bot, SamplingBot) else TimedBot(bot)


@dataclass(frozen=True)
class GameRecord:
    """One arena game: who sat where and how it ended."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]  # seats, ascending (either engine gives them so)
    losers: tuple[int, ...]
    ranks: tuple[int, ...]
    steps: int
    decisions: tuple[int, ...]
    decision_seconds: tuple[float, ...]
    longest_decision: tuple[float, ...]


@dataclass(frozen=True)
class Task:
    game_id: str
    bots: tuple[str, ...]
    options: Mapping[str, object]
    seed: int
    index: int
    every_order: bool = False


def play_game(task: Task) -> GameRecord:
    """Play one seat-rotated game (runs in a worker process)."""
    game = get_game(task.game_id)
    seats = seating(task.bots, task.index, task.every_order)
    bots = [timed(make_bot(task.game_id, name)) for name in seats]
    seed = task.seed + task.index
    playout = play_out(game, game.new(players=len(seats), options=task.options, seed=seed), bots, seed=seed)
    result = game.result(playout.state)
    assert result is not None
    return GameRecord(
        task.index, seats, tuple(sorted(result.winners)), tuple(sorted(result.losers)), result.ranks, playout.steps,
        tuple(b.decisions for b in bots), tuple(b.seconds for b in bots), tuple(b.longest for b in bots),
    )


def rating_ranks(record: GameRecord) -> tuple[int, ...]:
    """Places for rating: winners first, losers last, the game's own ranks in between."""
    keys = [(s not in record.winners, s in record.losers, record.ranks[s]) for s in range(len(record.seats))]
    return ranks_from_keys([(float(a), float(b), float(c)) for a, b, c in keys])


@dataclass
class BotStanding:
    bot: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    decisions: int = 0
    decision_seconds: float = 0.0
    longest_decision: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "bot": self.bot, "games": self.games, "wins": self.wins, "losses": self.losses,
            "win_rate": self.win_rate, "ci_low": low, "ci_high": high,
            "rating": self.mu - 3 * self.sigma, "mu": self.mu, "sigma": self.sigma,
            "mean_decision_s": self.decision_seconds / self.decisions if self.decisions else 0.0,
            "max_decision_s": self.longest_decision,
        }


@dataclass
class ArenaReport:
    game_id: str
    bots: tuple[str, ...]
    seed: int
    games: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    every_order: bool = False

    def standings(self) -> list[BotStanding]:
        """Per distinct bot: games, wins, and an OpenSkill (Plackett-Luce) rating."""
        table = {name: BotStanding(name) for name in dict.fromkeys(self.bots)}
        model = PlackettLuce()
        ratings = {name: model.rating(name=name) for name in table}
        for record in sorted(self.games, key=lambda r: r.index):
            for seat, name in enumerate(record.seats):
                entry = table[name]
                entry.games += 1
                entry.wins += seat in record.winners
                entry.losses += seat in record.losers
                entry.decisions += record.decisions[seat]
                entry.decision_seconds += record.decision_seconds[seat]
                entry.longest_decision = max(entry.longest_decision, record.longest_decision[seat])
            teams = [[ratings[name]] for name in record.seats]
            rated = model.rate(teams, ranks=[float(r) for r in rating_ranks(record)])
            for name in table:  # a bot in several seats takes the mean of its seats' updates
                mine = [team[0] for team, seat_name in zip(rated, record.seats, strict=True) if seat_name == name]
                if mine:
                    ratings[name].mu = sum(r.mu for r in mine) / len(mine)
                    ratings[name].sigma = sum(r.sigma for r in mine) / len(mine)
        for name, entry in table.items():
            entry.mu, entry.sigma = ratings[name].mu, ratings[name].sigma
        return sorted(table.values(), key=lambda e: -(e.mu - 3 * e.sigma))


def run_arena(
    game_id: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, object] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    pool: Executor | None = None,
    every_order: bool = False,
) -> ArenaReport:
    """Play ``games`` seat-rotated games, on ``workers`` processes (1: in this process), or
    in ``workers`` chunks on ``pool`` (a Ray cluster: :mod:`kakehiki.cluster`); with
    ``every_order``, in every order round the table (:func:`seating`)."""
    tasks = [Task(game_id, tuple(bots), dict(options or {}), seed, i, every_order) for i in range(games)]
    report = ArenaReport(game_id, tuple(bots), seed, every_order=every_order)
    start = time.perf_counter()
    for record in _results(tasks, workers, pool):
        report.games.append(record)
        if on_game is not None:
            on_game(record)
    report.seconds = time.perf_counter() - start
    report.games.sort(key=lambda r: r.index)
    return report


def run_arena_fast(
    game_id: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    workers: int = 1,
    every_order: bool = False,
) -> ArenaReport:
    """As :func:`run_arena` on the compiled batch engine (``kakehiki.fast``; the bots must be
    its policies): the same seat-rotated games, played a seating at a time in one process,
    each seating's batch on ``workers`` threads (the same games whatever the number).  The
    kernel times no decision: those figures are 0."""
    from kakehiki.fast.engines import batch_class  # the fast extra

    batch_of = batch_class(game_id)
    if batch_of is None:
        raise KakehikiError(f"the fast engine has no kernels for {game_id}")
    report = ArenaReport(game_id, tuple(bots), seed, every_order=every_order)
    start = time.perf_counter()
    n = len(bots)
    zeros = (0,) * n
    by_seating: dict[tuple[str, ...], list[int]] = {}
    for index in range(games):
        by_seating.setdefault(seating(bots, index, every_order), []).append(index)
    for seats, indices in by_seating.items():
        batch = batch_of([seed + i for i in indices], n, options)
        steps = batch.playout(list(seats), threads=workers)  # the CLI checks the names
        result = batch.results()
        for g, index in enumerate(indices):
            record = GameRecord(
                index, seats, tuple(int(s) for s in result["winners"][g].nonzero()[0]),
                tuple(int(s) for s in result["losers"][g].nonzero()[0]), tuple(int(r) for r in result["ranks"][g]),
                int(steps[g]), zeros, (0.0,) * n, (0.0,) * n,
            )
            report.games.append(record)
            if on_game is not None:
                on_game(record)
    report.seconds = time.perf_counter() - start
    report.games.sort(key=lambda r: r.index)
    return report


def _results(tasks: list[Task], workers: int, pool: Executor | None = None) -> Iterator[GameRecord]:
    if workers <= 1 and pool is None:
        yield from map(play_game, tasks)
        return
    size = max(1, len(tasks) // (workers * 8))  # about eight chunks a worker: the bar moves, none waits long
    chunks = [tasks[i:i + size] for i in range(0, len(tasks), size)]
    with nullcontext(pool) if pool is not None else ProcessPoolExecutor(max_workers=workers) as running:
        jobs = [running.submit(play_chunk, chunk) for chunk in chunks]
        for job in jobs:  # in game order, whatever order they finish in
            yield from job.result()


def play_chunk(tasks: list[Task]) -> list[GameRecord]:
    """Consecutive games of one run, in one worker."""
    return [play_game(task) for task in tasks]


# -- the gauntlet (issue 19) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Matchup:
    """One bot against one opponent at one table size: ``bot`` in one seat, ``opponent`` in the rest."""

    opponent: str
    seats: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def chance(self) -> float:
        """The win rate of a bot no better than its opponents: one game in ``seats``."""
        return 1 / self.seats

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {"opponent": self.opponent, "seats": self.seats, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "ci_low": low, "ci_high": high, "chance": self.chance,
                "above_chance": low > self.chance}


def gauntlet_opponents(game_id: str, bot: str) -> tuple[str, ...]:
    """Whom ``bot`` meets in the gauntlet: ``random``, the levels other than itself, and the game's style bots."""
    return tuple(n for n in ("random", *LEVELS, *GAUNTLET.get(game_id, ())) if n != bot)


def run_gauntlet(
    game_id: str,
    bot: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    table: int | None = None,
    opponents: Sequence[str] | None = None,
    options: Mapping[str, object] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    pool: Executor | None = None,
) -> list[Matchup]:
    """``bot`` against each opponent, ``games`` seat-rotated games head to head (2 seats) and as
    many at ``table`` seats (the game's default table: one ``bot`` among the opponent's copies)."""
    game = get_game(game_id)
    sizes = dict.fromkeys((max(2, game.min_players), table or game.default_players))
    found: list[Matchup] = []
    for opponent in opponents or gauntlet_opponents(game_id, bot):
        for seats in sizes:
            report = run_arena(game_id, [bot, *[opponent] * (seats - 1)], games, seed, workers, options, on_game, pool)
            wins = sum(1 for r in report.games for s, name in enumerate(r.seats) if name == bot and s in r.winners)
            found.append(Matchup(opponent, seats, len(report.games), wins))
    return found
