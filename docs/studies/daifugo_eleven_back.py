"""Where the UECda rule set's handicap for the holder of ♦3 comes from (docs/studies/daifugo-house-rules.md).

Each probe plays ``--games`` matches at 4 seats on the compiled engine, every seat ``random``
(as ``house_rules.py`` does), and prints the ♦3 holder's (the first actor's) win rate beside the
mean seat's::

    python docs/studies/daifugo_eleven_back.py --games 40000
"""

from __future__ import annotations

import argparse
from typing import Any

from house_rules import run

UECDA: dict[str, Any] = {"run_revolution": True, "eleven_back": False, "miyako_ochi": False, "scoring": "uecda",
                         "foul_two": False, "foul_joker": False, "foul_eight": False, "foul_three": False}
PROBES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("UECda rule set", UECDA),
    ("UECda points only", {"scoring": "uecda"}),
    ("UECda rules, common points", {**UECDA, "scoring": "common"}),
    ("one game, common rules", {"games": 1}),
    ("one game, no 11-back", {"games": 1, "eleven_back": False}),
    ("one game, stairs revolution", {"games": 1, "run_revolution": True}),
    ("one game, no foul finishes", {"games": 1, "foul_two": False, "foul_joker": False, "foul_eight": False,
                                    "foul_three": False}),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40_000)
    args = parser.parse_args()
    for label, options in PROBES:
        r = run("daifugo", label, 4, options, args.games, "random", 0, 1)
        edge = r["first_wins"] / r["seat_wins"] - 1
        print(f"{label:30} ♦3 holder wins {r['first_wins']:.4f} (mean seat {r['seat_wins']:.4f}, "
              f"{100 * edge:+.1f} %), loses {r['first_losses']:.4f} (mean seat {r['seat_losses']:.4f})", flush=True)


if __name__ == "__main__":
    main()
