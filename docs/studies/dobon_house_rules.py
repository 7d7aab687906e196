"""How Dobon's house rules change game length and the first player's advantage.

Plays ``--games`` games per setting on the compiled engine (``kakehiki.fast``), every seat a
bot of ``--policy`` (``random`` or ``greedy``), as ``kakehiki sim --engine fast`` plays them,
and writes ``dobon_house_rules.json`` and ``dobon_house_rules_<policy>.png`` beside this file.
The first player is the first game's dealer, who plays first (J12).  For one game a setting
reports how often that seat wins and loses it, beside the mean seat (a game may have losers and
no winner: J10, J11); for a match (``games=5``) how often it ends ranked first or last (J13).

    python docs/studies/dobon_house_rules.py --games 1000000 --policy greedy
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

from kakehiki.fast import DobonBatch
from kakehiki.games.dobon.kernel import layout as L

HERE = Path(__file__).parent
CHUNK = 20_000
SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("default (official)", 4, {}),
    ("official=false", 4, {"official": False}),
    ("interrupt_turn=unchanged", 4, {"interrupt_turn": "unchanged"}),
    ("decks=2", 4, {"decks": 2}),
    ("decks=3", 4, {"decks": 3}),
    ("min_field_to_rebuild=10", 4, {"min_field_to_rebuild": 10}),
    ("max_twos_ratio=0.2", 4, {"max_twos_ratio": 0.2}),
    ("2 players", 2, {}),
    ("3 players", 3, {}),
    ("6 players", 6, {}),
    ("match of 5 games (deal counts)", 4, {"games": 5}),
]


def run(label: str, players: int, options: dict[str, Any], games: int, policy: str, seed: int) -> dict[str, Any]:
    started = time.perf_counter()
    steps, first_won, first_lost, reasons = [], 0, 0, np.zeros(len(L.REASONS), dtype=np.int64)
    all_won = all_lost = 0
    for start in range(0, games, CHUNK):
        size = min(CHUNK, games - start)
        batch = DobonBatch(range(seed + start, seed + start + size), players, options)
        first = batch.column(L.DEALER)  # the first game's dealer plays first
        steps.append(batch.playout(policy))  # type: ignore[arg-type]
        result = batch.results()
        rows = np.arange(size)
        if options.get("games", 1) == 1:
            every_won, every_lost = result["winners"], result["losers"]
        else:  # a match: ranked first, or last (unless all rank alike)
            ranks = result["ranks"]
            best, worst = ranks.min(axis=1, keepdims=True), ranks.max(axis=1, keepdims=True)
            every_won, every_lost = ranks == best, (ranks == worst) & (best != worst)
        won, lost = every_won[rows, first], every_lost[rows, first]
        all_won += int(every_won.sum())
        all_lost += int(every_lost.sum())
        first_won += int(won.sum())
        first_lost += int(lost.sum())
        reasons += batch.rows[:, L.REASON_COUNTS : L.REASON_COUNTS + len(L.REASONS)].sum(axis=0)
    lengths = np.concatenate(steps)
    return {
        "setting": label, "players": players, "options": options, "games": games, "policy": policy,
        "mean_actions": float(lengths.mean()), "sd_actions": float(lengths.std()),
        "median_actions": float(np.median(lengths)),
        "first_wins": first_won / games, "first_losses": first_lost / games,
        "seat_wins": all_won / (games * players), "seat_losses": all_lost / (games * players),
        "reasons": {name: int(n) for name, n in zip(L.REASONS, reasons, strict=True)},
        "seconds": round(time.perf_counter() - started, 1),
    }


def half_width(p: float, n: int) -> float:
    return 1.96 * math.sqrt(p * (1 - p) / n)


def plot(rows: list[dict[str, Any]], policy: str, path: Path) -> None:
    labels = [r["setting"] for r in rows]
    y = np.arange(len(rows))
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.5 * len(rows) + 1.5), sharey=True)
    left.barh(y, [r["mean_actions"] for r in rows], color="tab:blue")
    left.set_xlabel("mean actions per game (or match)")
    left.set_yticks(y, labels)
    left.invert_yaxis()
    excess = [r["first_wins"] / r["seat_wins"] - 1 for r in rows]
    errors = [half_width(r["first_wins"], r["games"]) / r["seat_wins"] for r in rows]
    right.barh(y, excess, xerr=errors, color=["tab:green" if e > 0 else "tab:red" for e in excess])
    right.axvline(0, color="black", linewidth=0.8)
    right.set_xlabel("first player's win rate against the mean seat's (95% interval)")
    right.xaxis.set_major_locator(MaxNLocator(5))
    right.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    fig.suptitle(f"Dobon house rules, {rows[0]['games']:,} games per setting, every seat the {policy} bot")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--policy", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot-only", action="store_true", help="redraw the plot from the saved figures")
    args = parser.parse_args()
    out = HERE / "dobon_house_rules.json"
    if args.plot_only:
        plot(json.loads(out.read_text())[args.policy], args.policy, HERE / f"dobon_house_rules_{args.policy}.png")
        return
    rows = []
    for label, players, options in SETTINGS:
        rows.append(run(label, players, options, args.games, args.policy, args.seed))
        r = rows[-1]
        print(f"{label:32} mean {r['mean_actions']:7.1f} actions; first player wins {r['first_wins']:.4f} "
              f"loses {r['first_losses']:.4f} (mean seat {r['seat_wins']:.4f}, {r['seat_losses']:.4f}) "
              f"[{r['seconds']} s]", flush=True)
    data = json.loads(out.read_text()) if out.exists() else {}
    data[args.policy] = rows
    out.write_text(json.dumps(data, indent=1) + "\n")
    plot(rows, args.policy, HERE / f"dobon_house_rules_{args.policy}.png")


if __name__ == "__main__":
    main()
