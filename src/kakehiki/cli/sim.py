"""``kakehiki sim``: many bot games, with speed and win/loss figures.

Game ``i`` (from 0) uses seed ``S + i`` both for the deal and for the bots, so any
single game can be re-run or replayed from its record, and ``--workers`` never changes a
result: the reference engine plays ranges of seeds on that many processes and folds the games
in seed order, the fast engine plays blocks of each batch on that many threads.  ``seconds`` is
the time the games took: summed game by game on one worker, the wall clock of them all on
several (so the rates are the whole run's).  Wins and losses are
counted over ``result.rounds`` (every game within a match); a round with neither
winners nor losers (the step limit, C7) is a draw for every seat.  A round with
losers but no winner (e.g. a self-Dobon) is not a draw: only its losers count it.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kakehiki.cli.common import (
    Lang,
    bot_names_for,
    console,
    fail,
    joined,
    load_game,
    make_bots,
    new_state,
    parse_options,
    player_count,
    reason_text,
    use_language,
)
from kakehiki.cli.lang import t
from kakehiki.core import Game, Result
from kakehiki.driver import play_out
from kakehiki.narrate import rounds_of
from kakehiki.options import resolve_options
from kakehiki.record import make_record, save_record


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"wins": self.wins, "losses": self.losses, "draws": self.draws}


@dataclass
class SimStats:
    """Running totals over the simulated games."""

    bots: list[str]
    games: int = 0
    rounds: int = 0
    draws: int = 0
    steps: int = 0
    seconds: float = 0.0
    seats: list[Tally] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.seats = [Tally() for _ in self.bots]

    def add_totals(self, games: int, steps: int, seconds: float, totals: dict[str, Any]) -> None:
        """Fold in a batch of the fast engine (``DobonBatch.tallies``)."""
        self.games += games
        self.steps += steps
        self.seconds += seconds
        self.rounds += totals["rounds"]
        self.draws += totals["draws"]
        self.reasons.update(totals["reasons"])
        for seat, tally in enumerate(self.seats):
            tally.wins += totals["wins"][seat]
            tally.losses += totals["losses"][seat]
            tally.draws += totals["draws"]

    def add(self, result: Result, steps: int, seconds: float) -> None:
        self.games += 1
        self.steps += steps
        self.seconds += seconds
        for rnd in rounds_of(result):
            self.rounds += 1
            self.reasons[rnd.reason] += 1
            drawn = not rnd.winners and not rnd.losers
            self.draws += drawn
            for seat, tally in enumerate(self.seats):
                tally.wins += seat in rnd.winners
                tally.losses += seat in rnd.losers
                tally.draws += drawn

    def per_bot(self) -> dict[str, dict[str, int]]:
        totals: dict[str, dict[str, int]] = {}
        for name, tally in zip(self.bots, self.seats, strict=True):
            entry = totals.setdefault(name, {"seats": 0, "wins": 0, "losses": 0, "draws": 0})
            entry["seats"] += 1
            for key, value in tally.to_dict().items():
                entry[key] += value
        return totals

    def rate(self, count: int) -> float:
        return count / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "rounds": self.rounds,
            "steps": self.steps,
            "seconds": round(self.seconds, 6),
            "games_per_s": round(self.rate(self.games), 3),
            "steps_per_s": round(self.rate(self.steps), 3),
            "mean_length": round(self.steps / self.games, 3) if self.games else 0.0,
            "draws": self.draws,
            "reasons": dict(sorted(self.reasons.items())),
            "seats": [{"seat": s, "bot": b, **tally.to_dict()}
                      for s, (b, tally) in enumerate(zip(self.bots, self.seats, strict=True))],
            "bots": self.per_bot(),
        }


Played = tuple[Result, int, float]  # a game's result, its steps and the seconds it took


def play_games(
    game_id: str, players: int, options: dict[str, str], seed: int, indices: range, names: list[str],
    save: Path | None,
) -> list[Played]:
    """Games ``indices`` (game ``i`` from seed ``seed + i``), each saved to ``save`` if given.
    What a worker process runs: module level, so it pickles."""
    game = load_game(game_id)
    played: list[Played] = []
    for i in indices:
        started = time.perf_counter()
        state = new_state(game, players, options, seed + i)
        playout = play_out(game, state, make_bots(game.id, names), seed=seed + i)
        result = game.result(playout.state)
        elapsed = time.perf_counter() - started
        assert result is not None  # play_out only returns once the result is known
        played.append((result, playout.steps, elapsed))
        if save is not None:
            record = make_record(game, state, playout.actions, names, playout.state)
            write_record(save / f"{game.id}-{i + 1:06d}.json", record)
    return played


def seed_ranges(count: int, workers: int) -> list[range]:
    """Game indices ``0..count-1`` in consecutive ranges, about eight per worker (so the
    progress bar moves and a slow range does not keep the others waiting)."""
    size = max(1, count // (workers * 8))
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


def simulate(
    game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int, count: int,
    names: list[str], save: Path | None, progress: Progress, workers: int = 1, pool: Executor | None = None,
) -> SimStats:
    """``count`` games on ``workers`` processes (1: in this one), or in ``workers`` chunks on
    ``pool`` (a Ray cluster), folded in seed order."""
    stats = SimStats(names)
    task = progress.add_task(t("sim.progress", game=game.id), total=count)
    started = time.perf_counter()
    for played in _played(game.id, players, options, seed, count, names, save, workers, pool):
        for result, steps, elapsed in played:
            stats.add(result, steps, elapsed)
        progress.advance(task, len(played))
    if workers > 1 or pool is not None:
        stats.seconds = time.perf_counter() - started
    return stats


def _played(
    game_id: str, players: int, options: dict[str, str], seed: int, count: int, names: list[str],
    save: Path | None, workers: int, pool: Executor | None = None,
) -> Iterator[list[Played]]:
    ranges = seed_ranges(count, workers)
    if workers <= 1 and pool is None:
        for indices in ranges:
            yield play_games(game_id, players, options, seed, indices, names, save)
        return
    with nullcontext(pool) if pool is not None else ProcessPoolExecutor(max_workers=workers) as running:
        jobs = [running.submit(play_games, game_id, players, options, seed, r, names, save) for r in ranges]
        for job in jobs:  # in seed order, whatever order they finish in
            yield job.result()


FAST_CHUNK = 4096  # games per batch: about 40 MB of arrays


def simulate_fast(
    game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int, count: int, names: list[str],
    progress: Progress, workers: int = 1, pool: Executor | None = None,
) -> SimStats:
    """As :func:`simulate`, on the compiled batch engine: the same games, no records, each batch
    played on ``workers`` threads, or each batch a task on ``pool`` (a Ray cluster, where each
    machine compiles the kernels once).  The kernels are compiled (or loaded from numba's
    cache) before the clock starts."""
    stats = SimStats(names)
    task = progress.add_task(t("sim.progress", game=game.id), total=count)
    fast_chunk(game.id, players, options, seed, 1, names, 1)  # compiles; names checked by fast_engine_check
    starts = range(seed, seed + count, FAST_CHUNK)
    chunks = [(start, min(FAST_CHUNK, seed + count - start)) for start in starts]
    if pool is None:
        done: Iterator[FastChunk] = (fast_chunk(game.id, players, options, s, n, names, workers) for s, n in chunks)
    else:
        jobs = [pool.submit(fast_chunk, game.id, players, options, s, n, names, 1) for s, n in chunks]
        done = (job.result() for job in jobs)
    for size, steps, seconds, tallies in done:
        stats.add_totals(size, steps, seconds, tallies)
        progress.advance(task, size)
    return stats


FastChunk = tuple[int, int, float, Any]  # games, steps, seconds, the batch's tallies


def fast_chunk(
    game_id: str, players: int, options: dict[str, str], first: int, size: int, names: list[str], threads: int,
) -> FastChunk:
    """The games of seeds ``first .. first+size-1`` as one batch of the compiled engine."""
    from kakehiki.fast.engines import batch_class  # the fast extra

    batch_of = batch_class(game_id)
    assert batch_of is not None  # fast_engine_check refused the rest
    started = time.perf_counter()
    batch = batch_of(range(first, first + size), players, options)
    steps = batch.playout(names, threads=threads)
    return size, int(steps.sum()), time.perf_counter() - started, batch.tallies()


def fast_engine_check(game: Game[Any, Any, Any], names: list[str], save: Path | None) -> None:
    """Refuse what the fast engine cannot play: another game, another bot, records, no numba."""
    from kakehiki.fast import default_jit
    from kakehiki.fast.engines import fast_games, policies

    known = policies(game.id)
    if not known or any(name not in known for name in names):
        fail(t("error.engine", games=", ".join(fast_games()), bots=", ".join(known or ["-"]), game=game.id,
               given=",".join(names)))
    if save is not None:
        fail(t("error.engine_save"))
    if not default_jit() and os.environ.get("KAKEHIKI_FAST_JIT") != "0":
        fail(t("error.engine_missing"))


def write_record(path: Path, record: dict[str, Any]) -> None:
    try:
        save_record(path, record)
    except OSError as exc:
        fail(t("error.save", path=path, message=exc.strerror or str(exc)), code=1)


def print_stats(stats: SimStats, seed: int, game_id: str) -> None:
    out = console()
    data = stats.to_dict()
    out.print(t("sim.summary", games=stats.games, game=game_id, seed=seed, rounds=stats.rounds,
                seconds=f"{stats.seconds:.2f}"))
    out.print(t("sim.speed", games_per_s=f"{data['games_per_s']:,.1f}", steps_per_s=f"{data['steps_per_s']:,.0f}",
                mean=f"{data['mean_length']:.1f}"))
    reasons = t("list.sep").join(f"{reason_text(r)} {n}" for r, n in data["reasons"].items())
    out.print(t("sim.reasons", draws=stats.draws, reasons=reasons))
    pairs = zip(stats.bots, stats.seats, strict=True)
    by_seat = [(str(s), b, tally.to_dict(), 1) for s, (b, tally) in enumerate(pairs)]
    out.print(tally_table(t("sim.by_seat"), t("sim.col.seat"), by_seat, stats.rounds))
    by_bot = [(str(v["seats"]), b, v, v["seats"]) for b, v in stats.per_bot().items()]
    out.print(tally_table(t("sim.by_bot"), t("sim.col.seats"), by_bot, stats.rounds))


Row = tuple[str, str, dict[str, int], int]  # first column, bot, tally, seats it covers


def tally_table(title: str, first: str, rows: Sequence[Row], rounds: int) -> Table:
    """Wins, losses, draws and the win rate (wins per seat-round) of seats or bots."""
    table = Table(title=title, title_justify="left")
    table.add_column(first, justify="right")
    table.add_column(t("sim.col.bot"))
    for key in ("wins", "losses", "draws", "win_rate"):
        table.add_column(t(f"sim.col.{key}"), justify="right")
    for head, bot, tally, seats in rows:
        share = tally["wins"] / (rounds * seats) if rounds else 0.0
        table.add_row(head, bot, str(tally["wins"]), str(tally["losses"]), str(tally["draws"]), f"{share:.1%}")
    return table


def sim_command(
    game_id: str, games: int, seed: int, players: int | None, bots: str, save: Path | None, as_json: bool,
    options: list[str] | None, lang: Lang | None, engine: str = "reference", rules: str | None = None,
    workers: int | None = None, ray: str | None = None,
) -> None:
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options, rules)
    listed = [n for n in bots.split(",") if n.strip()]
    if players is None and len(listed) > 1:
        players = len(listed)  # one bot per seat: the list sets the table size
    count = player_count(game, players)
    if games < 1:
        fail(t("error.games", got=games))
    names = bot_names_for(bots, count)
    make_bots(game.id, names)  # unknown names fail before the first game
    new_state(game, count, given, seed)  # so do options that depend on the player count
    if engine == "fast":
        fast_engine_check(game, names, save)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with joined(ray) as pool, Progress(*columns, console=console(stderr=True), disable=as_json,
                                       transient=True) as progress:
        cores = min(pool.cpus if pool else workers or os.cpu_count() or 1, games)
        if engine == "fast":
            stats = simulate_fast(game, count, given, seed, games, names, progress, cores, pool)
        else:
            stats = simulate(game, count, given, seed, games, names, save, progress, cores, pool)
    if as_json:
        header = {"game": game.id, "engine": engine, "workers": cores, "seed": seed, "players": count,
                  "options": resolve_options(game.options, given), "bot_names": names}
        typer.echo(json.dumps({**header, **stats.to_dict()}, ensure_ascii=False))
    else:
        print_stats(stats, seed, game.id)
    if save is not None and not as_json:
        console().print(t("sim.saved", count=games, path=save))
