"""Uniform-random playout speed: kakehiki Dobon against RLCard UNO and OpenSpiel crazy_eights.

What is measured
----------------
Whole games played with a uniformly random choice among the legal actions at
every decision, one process, one core, timed with :func:`time.process_time` (CPU time of this
process: a loaded shared machine slows it less than the wall clock, and every ratio is one of
CPU times).
The timed region of each game covers setting it up (shuffle and deal) and
playing it to the end; building an engine's game/env object once is not timed.
Game ``i`` of an engine uses seed ``--seed + i`` for the deal and for the random
choices (a fresh :class:`random.Random` per game); warm-up games use other seeds.
After a short warm-up, the budget is split into ``--rounds`` slices run engine
after engine, so a slow spell of a shared machine is spread over every engine.

Engines (rows of the table):

* ``kakehiki dobon`` — ``game.new(players=4, seed=s)`` then
  :func:`kakehiki.driver.random_playout`: the first actor picks uniformly from
  ``game.legal_actions``.  One step is one ``game.apply``.
* ``kakehiki dobon (with view)`` — the same loop, but the acting seat's view
  (``game.view(state, seat)``) is also built before every decision, as bots and
  RL agents observe the game through it.
* ``rlcard uno`` — RLCard's UNO env as an RL user drives it: ``env.reset()``,
  then ``env.step(action)`` with the action id drawn uniformly from
  ``state['legal_actions']`` until ``env.is_over()``.  One step is one
  ``env.step`` (each builds the next observation, as RLCard always does).
  RLCard 1.2's ``Env`` applies ``game_num_players`` only to blackjack and the
  hold'em games, so ``rlcard.make('uno', ...)`` always gives 2 players; that row
  is the env as shipped.  The ``(4p, game.configure)`` row sets 4 players on the
  underlying game (``env.game.configure``) so the player count matches the
  others (UNO's rules code handles any count; only its payoffs assume 2).
* ``open_spiel crazy_eights`` — ``pyspiel.load_game("crazy_eights", {"players": 4})``
  with its default parameters (notably ``max_turns=100``); player actions drawn
  uniformly from ``state.legal_actions()``, chance nodes (the deal and draws)
  resolved by sampling ``state.chance_outcomes()``.  Steps count player actions
  only; chance actions are excluded from steps/s but are timed (they are part of
  playing the game) and reported separately.

Games differ in length and in what one "step" does, so compare steps/s with
care; games/s is shown beside it.  The ratio column is each row's steps/s over
that of ``rlcard uno`` (the env as shipped).

Run it from the repository root (RLCard and OpenSpiel are optional; an engine
that cannot be imported is skipped with a note)::

    pip install -e .[bench]
    python benchmarks/bench_dobon.py                 # about 5 s per engine
    python benchmarks/bench_dobon.py --seconds 2 --seed 7
    python benchmarks/bench_dobon.py --games 200     # exactly 200 games per engine
    python benchmarks/bench_dobon.py --rounds 1      # each engine in one go, no interleaving
    python benchmarks/bench_dobon.py --json          # the same figures as JSON
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

# One game from a seed: (player steps, chance steps).
PlayOne = Callable[[int], tuple[int, int]]

PLAYERS = 4
WARMUP_SEED_OFFSET = 1_000_000_000
REFERENCE = "rlcard uno"
INSTALL_HINT = "pip install -e .[bench]"


@dataclass(frozen=True)
class Engine:
    """A row of the table: how to play one game of it from a seed."""

    name: str
    players: int
    play_one: PlayOne
    note: str = ""


@dataclass(frozen=True)
class Measurement:
    """One engine's totals over the timed games."""

    engine: str
    players: int
    games: int
    steps: int
    chance_steps: int
    seconds: float
    note: str

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_steps(self) -> float:
        return self.steps / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "players": self.players,
            "games": self.games,
            "steps": self.steps,
            "chance_steps": self.chance_steps,
            "seconds": round(self.seconds, 6),
            "steps_per_s": round(self.steps_per_s, 1),
            "games_per_s": round(self.games_per_s, 2),
            "mean_steps_per_game": round(self.mean_steps, 2),
            "note": self.note,
        }


# -- engines -------------------------------------------------------------------------------------------------------


def kakehiki_engines() -> list[Engine]:
    return playout_engines("dobon", "kakehiki dobon", "random_playout; default (official) rules")


def playout_engines(game_id: str, label: str, note: str) -> list[Engine]:
    """A kakehiki game's two rows (also bench_dobon_arith's): random playouts, and the same
    with the acting seat's view built before every decision."""
    from kakehiki import get_game
    from kakehiki.driver import random_playout

    game = get_game(game_id)

    def plain(seed: int) -> tuple[int, int]:
        state = game.new(players=PLAYERS, seed=seed)
        _, steps = random_playout(game, state, random.Random(seed))
        return steps, 0

    def with_view(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new(players=PLAYERS, seed=seed)
        steps = 0
        while game.result(state) is None:
            seat = game.actors(state)[0]
            game.view(state, seat)
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
            steps += 1
        return steps, 0

    return [
        Engine(label, PLAYERS, plain, note),
        Engine(f"{label} (with view)", PLAYERS, with_view, "+ game.view(state, seat) each step"),
    ]


def rlcard_engines(seed: int) -> list[Engine]:
    rlcard: Any = importlib.import_module("rlcard")  # untyped: imported as Any

    def uno_env(players: int | None) -> Any:
        config: dict[str, Any] = {"seed": seed}
        if players is not None:
            config["game_num_players"] = players
        env = rlcard.make("uno", config=config)
        if players is not None and env.num_players != players:
            # RLCard 1.2 ignores game_num_players for UNO; set it on the game itself.
            env.game.configure({"game_num_players": players})
            env.num_players = players
        return env

    def player(env: Any) -> PlayOne:
        def play_one(game_seed: int) -> tuple[int, int]:
            rng = random.Random(game_seed)
            state, _ = env.reset()
            steps = 0
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                steps += 1
            return steps, 0

        return play_one

    default_env = uno_env(None)
    engines = [Engine(REFERENCE, default_env.num_players, player(default_env), "rlcard.make('uno') as shipped")]
    if default_env.num_players != PLAYERS:
        four = uno_env(PLAYERS)
        engines.append(
            Engine(f"rlcard uno ({PLAYERS}p, game.configure)", four.num_players, player(four),
                   "make() ignores game_num_players for uno")
        )
    return engines


def open_spiel_engines() -> list[Engine]:
    pyspiel: Any = importlib.import_module("pyspiel")  # untyped: imported as Any

    game = pyspiel.load_game("crazy_eights", {"players": PLAYERS})
    params = game.get_parameters()

    def play_one(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, chance

    note = f"max_turns={params.get('max_turns')}; steps exclude chance actions"
    return [Engine("open_spiel crazy_eights", PLAYERS, play_one, note)]


def load_engines(seed: int) -> tuple[list[Engine], list[str]]:
    """Every engine that imports, and a note for each library that does not."""
    engines: list[Engine] = []
    skipped: list[str] = []
    loaders: list[tuple[str, Callable[[], list[Engine]]]] = [
        ("kakehiki", kakehiki_engines),
        ("rlcard", lambda: rlcard_engines(seed)),
        ("open_spiel", open_spiel_engines),
    ]
    for library, load in loaders:
        try:
            engines.extend(load())
        except ImportError as error:
            skipped.append(f"{library} is not installed ({INSTALL_HINT}); skipped: {error}")
    return engines, skipped


# -- timing --------------------------------------------------------------------------------------------------------


class Tally:
    """One engine's running totals; game ``i`` it plays uses seed ``seed + i``."""

    def __init__(self, engine: Engine, seed: int) -> None:
        self.engine = engine
        self.seed = seed
        self.games = self.steps = self.chance = 0
        self.seconds = 0.0

    def play_until(self, seconds: float | None, games: int | None) -> None:
        """Play on until the totals reach ``seconds`` of playout time or ``games`` games, whichever comes first."""
        play_one = self.engine.play_one
        while (games is None or self.games < games) and (seconds is None or self.seconds < seconds):
            start = time.process_time()
            steps, chance = play_one(self.seed + self.games)
            self.seconds += time.process_time() - start
            self.games += 1
            self.steps += steps
            self.chance += chance

    def measurement(self) -> Measurement:
        e = self.engine
        return Measurement(e.name, e.players, self.games, self.steps, self.chance, self.seconds, e.note)


def measure(engines: list[Engine], seed: int, seconds: float | None, games: int | None, rounds: int,
            warmup: float) -> list[Measurement]:
    """Warm every engine up, then time them in ``rounds`` interleaved slices of the budget.

    Interleaving spreads slow spells of a shared machine over all engines
    rather than over whichever ran at the time.
    """
    for engine in engines:
        warm = Tally(engine, seed + WARMUP_SEED_OFFSET)
        warm.play_until(warmup, None)
        warm.play_until(None, 3)  # a few games at least, however short the warm-up
    tallies = [Tally(engine, seed) for engine in engines]
    for r in range(1, rounds + 1):
        for tally in tallies:
            tally.play_until(None if seconds is None else seconds * r / rounds,
                             None if games is None else -(-games * r // rounds))
    return [tally.measurement() for tally in tallies]


def ratio(numerator: Measurement, denominator: Measurement) -> float | None:
    return numerator.steps_per_s / denominator.steps_per_s if denominator.steps_per_s else None


# -- output --------------------------------------------------------------------------------------------------------


def versions() -> dict[str, str | None]:
    found: dict[str, str | None] = {"python": platform.python_version()}
    for dist in ("kakehiki", "rlcard", "open_spiel"):
        try:
            found[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found[dist] = None
    return found


def summary_ratios(results: list[Measurement]) -> dict[str, float | None]:
    """kakehiki's steps/s over each RLCard UNO row's."""
    kakehiki = [m for m in results if m.engine.startswith("kakehiki")]
    uno = [m for m in results if m.engine.startswith(REFERENCE)]
    return {f"{k.engine} / {u.engine}": ratio(k, u) for k in kakehiki for u in uno}


def table(results: list[Measurement]) -> str:
    reference = next((m for m in results if m.engine == REFERENCE), None)
    header = ("engine", "players", "games", "steps", "steps/s", "games/s", "steps/game", f"x {REFERENCE}")
    rows = []
    for m in results:
        r = ratio(m, reference) if reference is not None else None
        rows.append((
            m.engine, str(m.players), f"{m.games:,}", f"{m.steps:,}", f"{m.steps_per_s:,.0f}",
            f"{m.games_per_s:,.1f}", f"{m.mean_steps:,.1f}", "-" if r is None else f"{r:.2f}",
        ))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        padded = (c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        return "  ".join(padded)

    return "\n".join([line(header), "  ".join("-" * w for w in widths), *(line(row) for row in rows)])


def report_text(results: list[Measurement], skipped: list[str], config: dict[str, Any]) -> str:
    found = versions()
    budget = (f"{config['seconds']} s" if config["seconds"] is not None else "no time limit") + (
        f", at most {config['games']} games" if config["games"] is not None else ""
    )
    parts = [
        "Uniform-random playouts, one process (" + ", ".join(f"{k} {v or '-'}" for k, v in found.items()) + ")",
        f"per engine: {budget} in {config['rounds']} interleaved rounds, after {config['warmup']} s warm-up;"
        f" seed {config['seed']}",
        "",
        table(results),
        "",
    ]
    parts += [f"  {m.engine}: {m.note}" + (f" ({m.chance_steps:,} chance steps)" if m.chance_steps else "")
              for m in results if m.note]
    ratios = summary_ratios(results)
    if ratios:
        parts.append("")
        parts += [f"steps/s ratio {name}: {'-' if value is None else f'{value:.2f}'}" for name, value in ratios.items()]
    if skipped:
        parts.append("")
        parts += skipped
    return "\n".join(parts)


def report_json(results: list[Measurement], skipped: list[str], config: dict[str, Any]) -> str:
    ratios = summary_ratios(results)
    data = {
        "config": config,
        "versions": versions(),
        "results": [m.to_dict() for m in results],
        "steps_per_s_ratios": {k: None if v is None else round(v, 4) for k, v in ratios.items()},
        "skipped": skipped,
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


# -- command line --------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="playout time per engine (default 5, or no limit when --games is given)")
    parser.add_argument("--games", type=int, default=None, help="games per engine (stops at the first of the two)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game i uses seed + i)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="warm-up seconds per engine (default: 10%% of --seconds, at most 0.5)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved slices the budget is split into, engine by engine (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.seconds is None and args.games is None:
        args.seconds = 5.0
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.games is not None and args.games <= 0:
        parser.error("--games must be positive")
    if args.rounds <= 0:
        parser.error("--rounds must be positive")
    if args.warmup is None:
        args.warmup = min(0.5, 0.1 * args.seconds) if args.seconds is not None else 0.5
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    engines, skipped = load_engines(args.seed)
    if args.json:
        for note in skipped:
            print(note, file=sys.stderr)
    results = measure(engines, args.seed, args.seconds, args.games, args.rounds, args.warmup)
    config = {"seconds": args.seconds, "games": args.games, "seed": args.seed, "warmup": args.warmup,
              "rounds": args.rounds}
    print(report_json(results, skipped, config) if args.json else report_text(results, skipped, config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
