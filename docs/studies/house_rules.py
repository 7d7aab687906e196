"""How a game's rule sets and table sizes change its length, the first player's edge and its endings.

The same study as ``dobon_house_rules.py``, for any game with a compiled engine: ``--games``
games per setting on ``kakehiki.fast``, every seat the kernel's ``--policy`` (``random`` plays a
uniformly random legal action), as ``kakehiki sim --engine fast`` plays them.  The settings are
the game's named rule sets at its default table, then its default rules at other table sizes.
The first player is each game's first actor (the one with priority before any action).  Writes
``<game>_house_rules.json``, ``<game>_house_rules_<policy>.png`` and ``<game>-house-rules.md``
beside this file::

    python docs/studies/house_rules.py --game doubt --games 1000000
    python docs/studies/house_rules.py --game doubt --plot-only       # redraw from the saved figures
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator, PercentFormatter

from kakehiki.fast.engines import batch_class
from kakehiki.registry import get_game

HERE = Path(__file__).parent
CHUNK = 20_000
FINDINGS = "<!-- what the figures say, written by hand: kept when the page is rewritten -->\n"
TABLES = (2, 3, 5, 6)  # besides the default table (only those the game allows)


def settings(game_id: str) -> list[tuple[str, int, dict[str, Any]]]:
    """Each rule set at the default table, then the default rules at the other table sizes."""
    game = get_game(game_id)
    found = [(f"{rule_set.name[0]} (rule set)", game.default_players, dict(rule_set.options))
             for rule_set in game.rule_sets] or [("default rules", game.default_players, {})]
    found += [(f"{n} players", n, {}) for n in TABLES if n != game.default_players
              and game.min_players <= n <= game.max_players]
    return found


def run(game_id: str, label: str, players: int, options: dict[str, Any], games: int, policy: str,
        seed: int, threads: int) -> dict[str, Any]:
    batch_of = batch_class(game_id)
    assert batch_of is not None, f"{game_id} has no compiled engine"
    started, cpu = time.perf_counter(), time.process_time()
    lengths, reasons = [], {}
    first_won = first_lost = all_won = all_lost = 0
    for start in range(0, games, CHUNK):
        size = min(CHUNK, games - start)
        batch = batch_of(range(seed + start, seed + start + size), players, options)
        first = batch.first_actors()
        lengths.append(batch.playout(policy, threads=threads))
        result = batch.results()
        rows = np.arange(size)
        won, lost = result["winners"], result["losers"]
        first_won += int(won[rows, first].sum())
        first_lost += int(lost[rows, first].sum())
        all_won += int(won.sum())
        all_lost += int(lost.sum())
        for reason, n in zip(*np.unique(result["reason"], return_counts=True), strict=True):
            reasons[str(reason)] = reasons.get(str(reason), 0) + int(n)
    steps = np.concatenate(lengths)
    return {
        "setting": label, "players": players, "options": options, "games": games, "policy": policy,
        "mean_actions": float(steps.mean()), "sd_actions": float(steps.std()),
        "median_actions": float(np.median(steps)),
        "first_wins": first_won / games, "first_losses": first_lost / games,
        "seat_wins": all_won / (games * players), "seat_losses": all_lost / (games * players),
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "seconds": round(time.perf_counter() - started, 1), "cpu_seconds": round(time.process_time() - cpu, 1),
    }


def half_width(p: float, n: int) -> float:
    return 1.96 * math.sqrt(p * (1 - p) / n)


def edge(row: dict[str, Any]) -> tuple[float, float]:
    """The first player's win rate against the mean seat's, and its 95% half-width."""
    if not row["seat_wins"]:
        return 0.0, 0.0
    return row["first_wins"] / row["seat_wins"] - 1, half_width(row["first_wins"], row["games"]) / row["seat_wins"]


def plot(game_id: str, rows: list[dict[str, Any]], policy: str, path: Path) -> None:
    labels = [r["setting"] for r in rows]
    y = np.arange(len(rows))
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.5 * len(rows) + 1.5), sharey=True)
    left.barh(y, [r["mean_actions"] for r in rows], color="tab:blue")
    left.set_xlabel("mean actions per game (or match)")
    left.set_yticks(y, labels)
    left.invert_yaxis()
    edges = [edge(r) for r in rows]
    right.barh(y, [e for e, _ in edges], xerr=[h for _, h in edges],
               color=["tab:green" if e > 0 else "tab:red" for e, _ in edges])
    right.axvline(0, color="black", linewidth=0.8)
    right.set_xlabel("first player's win rate against the mean seat's (95% interval)")
    right.xaxis.set_major_locator(MaxNLocator(5))
    right.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    title = get_game(game_id).title_en
    fig.suptitle(f"{title}: rule sets and tables, {rows[0]['games']:,} games per setting, every seat {policy}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| setting | players | mean actions (sd) | median | first player wins | mean seat wins "
            "| first vs mean seat (95%) | first player loses | mean seat loses | endings % |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
    lines = []
    for r in rows:
        e, h = edge(r)
        endings = " / ".join(f"{name} {100 * n / r['games']:.1f}" for name, n in r["reasons"].items())
        lines.append(f"| {r['setting']} | {r['players']} | {r['mean_actions']:.1f} ({r['sd_actions']:.1f}) "
                     f"| {r['median_actions']:.0f} | {r['first_wins']:.4f} | {r['seat_wins']:.4f} "
                     f"| {100 * e:+.2f}% ± {100 * h:.2f} | {r['first_losses']:.4f} | {r['seat_losses']:.4f} "
                     f"| {endings} |")
    return head + "\n".join(lines) + "\n"


def write_page(game_id: str, data: dict[str, list[dict[str, Any]]]) -> None:
    game = get_game(game_id)
    stem = game_id.replace("-", "_")
    any_rows = next(iter(data.values()))
    parts = [
        f"# {game.title_en}: how rule sets and table sizes change the game\n\n",
        f"Made by `docs/studies/house_rules.py` on the compiled engine ([docs/fast.md](../fast.md)): "
        f"**{any_rows[0]['games']:,} games per setting**, every seat the same kernel policy, games "
        f"`0 … {any_rows[0]['games'] - 1}` dealt from the same seeds in every setting.\n\n",
        "```sh\npip install -e '.[fast]'\n"
        + "".join(f"python docs/studies/house_rules.py --game {game_id} --games {rows[0]['games']} "
                  f"--policy {policy}\n" for policy, rows in data.items())
        + "```\n\n",
        "- **Length**: actions applied in a game (a whole match where the setting is one), passes "
        "and calls included.\n"
        "- **The first player** is each game's first actor. A game can end with no winner (a step "
        "limit, a level ending), so its win rate is set beside the mean seat's, not beside "
        "1/players; the interval is 1.96 standard errors of the first player's rate alone.\n"
        "- **Endings**: the share of games by the reason they ended (the game's own names, as in "
        "`kakehiki sim`).\n\n",
    ]
    for policy, rows in data.items():
        parts.append(f"![{policy}]({stem}_house_rules_{policy}.png)\n\n## Every seat `{policy}`\n\n")
        parts.append(table(rows) + "\n")
        cpu = sum(r["cpu_seconds"] for r in rows)
        parts.append(f"{len(rows)} settings in {cpu:,.0f} CPU seconds.\n\n")
    page = HERE / f"{game_id}-house-rules.md"
    kept = page.read_text().partition(FINDINGS)[2] if page.exists() else ""
    page.write_text("".join(parts).rstrip() + f"\n\n{FINDINGS}{kept.rstrip()}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--plot-only", action="store_true", help="redraw the plot and page from the saved figures")
    args = parser.parse_args()
    stem = args.game.replace("-", "_")
    out = HERE / f"{stem}_house_rules.json"
    data: dict[str, list[dict[str, Any]]] = json.loads(out.read_text()) if out.exists() else {}
    if not args.plot_only:
        rows = []
        for label, players, options in settings(args.game):
            rows.append(run(args.game, label, players, options, args.games, args.policy, args.seed, args.threads))
            r = rows[-1]
            print(f"{label:28} mean {r['mean_actions']:7.1f} actions; first wins {r['first_wins']:.4f} "
                  f"(mean seat {r['seat_wins']:.4f}) [{r['cpu_seconds']} CPU s]", flush=True)
        data[args.policy] = rows
        out.write_text(json.dumps(data, indent=1) + "\n")
    plot(args.game, data[args.policy], args.policy, HERE / f"{stem}_house_rules_{args.policy}.png")
    write_page(args.game, data)


if __name__ == "__main__":
    main()
