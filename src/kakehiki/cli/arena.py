"""``kakehiki arena``: seat-rotated bot games on all cores, with win rates, 95% intervals and ratings."""

from __future__ import annotations

import csv
import json
import os
import time
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kakehiki.arena import (
    MAX_ORDERS,
    ArenaReport,
    Matchup,
    gauntlet_opponents,
    order_count,
    run_arena,
    run_arena_fast,
    run_gauntlet,
    table_orders,
)
from kakehiki.cli.common import (
    Lang,
    console,
    fail,
    joined,
    load_game,
    make_bots,
    new_state,
    parse_options,
    use_language,
)
from kakehiki.cli.lang import t
from kakehiki.cli.sim import fast_engine_check

COLUMNS = ("bot", "games", "wins", "win_rate", "ci_low", "ci_high", "rating", "mean_decision_s", "max_decision_s")


def arena_command(
    game_id: str, bots: str | None, games: int, seed: int, workers: int | None, as_json: bool, out: Path | None,
    options: list[str] | None, lang: Lang | None, engine: str = "reference", ray: str | None = None,
    every_order: bool = False,
) -> None:
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options)
    if bots is None:
        fail(t("error.arena_bots"))
    names = [n.strip() for n in bots.split(",") if n.strip()]
    if not game.min_players <= len(names) <= game.max_players:
        fail(t("error.arena_seats", game=game.id, low=game.min_players, high=game.max_players, got=len(names)))
    if games < 1:
        fail(t("error.games", got=games))
    make_bots(game.id, names)  # unknown names fail before any game
    if every_order and order_count(names) > MAX_ORDERS:
        fail(t("error.arena_orders", bots=len(set(names)), orders=order_count(names), most=MAX_ORDERS))
    new_state(game, len(names), given, seed)  # so do bad options
    if engine == "fast":
        fast_engine_check(game, names, None)
        if ray is not None:
            fail(t("error.ray_fast_arena"))
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with joined(ray) as pool, Progress(*columns, console=console(stderr=True), disable=as_json,
                                       transient=True) as progress:
        count = pool.cpus if pool else workers or os.cpu_count() or 1
        task = progress.add_task(t("arena.progress", game=game.id, workers=count), total=games)
        if engine == "fast":
            report = run_arena_fast(game.id, names, games, seed, given, lambda _: progress.advance(task), count,
                                    every_order)
        else:
            report = run_arena(game.id, names, games, seed, count, given, lambda _: progress.advance(task), pool,
                               every_order)
    results = [s.to_dict() for s in report.standings()]
    if out is not None:
        write_outputs(out, report, results)
    if as_json:
        typer.echo(json.dumps({"game": game.id, "engine": engine, "seed": seed, "games": games, "seats": names,
                               "every_order": every_order, "seconds": report.seconds, "results": results},
                              ensure_ascii=False))
        return
    print_report(report, results)
    if out is not None:
        console().print(t("arena.saved", path=out))


def gauntlet_command(
    game_id: str, bot: str, bots: str | None, games: int, seed: int, workers: int | None, as_json: bool,
    options: list[str] | None, lang: Lang | None, ray: str | None = None,
) -> None:
    """``--gauntlet BOT``: ``bot`` against each opponent, 2 seats and the default table, ``games`` games each."""
    use_language(lang)
    game = load_game(game_id)
    given = parse_options(game, options)
    if games < 1:
        fail(t("error.games", got=games))
    opponents = [n.strip() for n in bots.split(",") if n.strip()] if bots else list(gauntlet_opponents(game.id, bot))
    make_bots(game.id, [bot, *opponents])  # unknown names fail before any game
    new_state(game, game.default_players, given, seed)  # so do bad options
    tables = len({max(2, game.min_players), game.default_players})
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    start = time.perf_counter()
    with joined(ray) as pool, Progress(*columns, console=console(stderr=True), disable=as_json,
                                       transient=True) as progress:
        count = pool.cpus if pool else workers or os.cpu_count() or 1
        total = games * tables * len(opponents)
        task = progress.add_task(t("arena.progress", game=game.id, workers=count), total=total)
        found = run_gauntlet(game.id, bot, games, seed, count, None, opponents, given,
                             lambda _: progress.advance(task), pool)
    seconds = time.perf_counter() - start
    rows = [m.to_dict() for m in found]
    if as_json:
        typer.echo(json.dumps({"game": game.id, "bot": bot, "seed": seed, "games": games, "seconds": seconds,
                               "results": rows}, ensure_ascii=False))
        return
    print_gauntlet(game.id, bot, games, seed, seconds, found)


def print_gauntlet(game_id: str, bot: str, games: int, seed: int, seconds: float, found: list[Matchup]) -> None:
    out = console()
    out.print(t("gauntlet.summary", bot=bot, game=game_id, games=games, seed=seed, seconds=f"{seconds:.1f}"))
    table = Table(title=t("gauntlet.title", bot=bot))
    for key in ("gauntlet.col.opponent", "gauntlet.col.seats", "arena.col.wins",
                "arena.col.win_rate", "arena.col.ci", "gauntlet.col.chance", "gauntlet.col.verdict"):
        table.add_column(t(key), justify="left" if key == "gauntlet.col.opponent" else "right")
    for m in found:
        r = m.to_dict()
        table.add_row(m.opponent, str(m.seats), str(m.wins), f"{m.win_rate:.1%}",
                      f"{r['ci_low'] * 100:.1f}–{r['ci_high']:.1%}", f"{m.chance:.1%}",
                      t("gauntlet.yes") if r["above_chance"] else t("gauntlet.no"))
    out.print(table)


def print_report(report: ArenaReport, results: list[dict[str, Any]]) -> None:
    out = console()
    out.print(t("arena.summary", games=len(report.games), game=report.game_id, seed=report.seed,
                seats=", ".join(report.bots), seconds=f"{report.seconds:.1f}"))
    if report.every_order:
        orders = len(table_orders(report.bots))
        out.print(t("arena.every_order", orders=orders, cycle=orders * len(report.bots)))
    table = Table(title=t("arena.title"))
    for key in ("bot", "games", "wins", "win_rate", "ci", "rating", "decision"):
        table.add_column(t(f"arena.col.{key}"), justify="left" if key == "bot" else "right")
    for r in results:
        table.add_row(
            r["bot"], str(r["games"]), str(r["wins"]), f"{r['win_rate']:.1%}",
            f"{r['ci_low']:.1%}–{r['ci_high']:.1%}", f"{r['rating']:.2f}",
            f"{r['mean_decision_s'] * 1000:.1f} / {r['max_decision_s'] * 1000:.0f} ms",
        )
    out.print(table)


def write_outputs(directory: Path, report: ArenaReport, results: list[dict[str, Any]]) -> None:
    """``arena.csv`` (one row per bot) and ``arena.png`` (win rates with their 95% intervals)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with (directory / "arena.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS, extrasaction="ignore")
            writer.writeheader()
            writer.writerows(results)
        write_chart(directory / "arena.png", report, results)
    except OSError as exc:
        fail(t("error.save", path=directory, message=exc.strerror or str(exc)), code=1)


def by_win_rate(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bars' order: best win rate first (ratings, which weigh whom a bot beat, may differ)."""
    return sorted(results, key=lambda r: -float(r["win_rate"]))


def write_chart(path: Path, report: ArenaReport, results: list[dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = by_win_rate(results)
    names = [r["bot"] for r in ordered]
    rates = [r["win_rate"] for r in ordered]
    errors = [[max(0.0, r["win_rate"] - r["ci_low"]) for r in ordered],
              [max(0.0, r["ci_high"] - r["win_rate"]) for r in ordered]]
    fig, ax = plt.subplots(figsize=(6, 1.2 + 0.5 * len(names)))
    ax.barh(names, rates, xerr=errors, capsize=4, color="#4c72b0")
    ax.axvline(1 / len(report.bots), color="grey", linestyle="--", linewidth=1, label="1 / seats")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(f"{report.game_id}: {len(report.games)} games, seats {', '.join(report.bots)}", fontsize=9)
    ax.invert_yaxis()
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
