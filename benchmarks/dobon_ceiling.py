"""The ceiling of issue 19: how often can an *omniscient* seat win 4-seat Dobon among three ``normal``s?

This is a study, not a bot.  The oracle below reads the true state (every hand, the stock
order) and so cheats: it is NOT a legitimate bot, is never registered with
:func:`kakehiki.bots.register_bot`, and lives only in this script.  Its win rate is an
upper bound for what any honest bot (one that sees only its own view) can reach against
the same opponents on the same deals.

Set-up, as ``kakehiki arena dobon --bots X,normal,normal,normal --seed S`` seats it: game
``i`` uses seed ``S + i`` and the default options, and the bot list ``[oracle, normal,
normal, normal]`` is rotated by ``i`` (seat ``s`` gets ``bots[(s + i) % 4]``).  Moves are
resolved as :func:`kakehiki.driver.play_out` does (C4): every actor answers on the same
state, the first call in priority order wins, a turn seat's ordinary move yields to calls.

``normal`` is Dobon's rule bot (``games/dobon/bots/heuristic.py``), which never reads its random generator:
given the state, its move is fixed.  So once the oracle's own moves are chosen the whole
game is fixed, and one play-out per action is exact (varying the opponents' streams would
change nothing).  Four oracles, from the least to the most they use:

* ``perfect-danger``: ``normal``'s own rules (those ``hard`` keeps, with its belief in place of
  their danger estimate), a value's danger being 1 when another hand totals it, else 0.  It
  reads the others' totals only: ``hard`` with a perfect belief.
* ``greedy``: for each legal action, play the true game on (the ``normal``s moving) up to
  the oracle's next decision, and score what it finds there: a win or loss outright, a
  Dobon it could then call safely, its hand's size and total.
* ``greedy-hands`` and ``greedy-blind``: ``greedy`` on ``--worlds`` guesses of the state, the
  scores averaged as rough chances to win (the same guesses for every action).  ``greedy-hands`` knows every hand but
  not the stock: each guess shuffles the true stock.  ``greedy-blind`` knows only its view: each
  guess is the game's own sampler (``Game.sample_hidden``, everything hidden dealt anew), so it
  is an honest seat, kept here as the baseline the two oracles are measured against.
* ``rollout``: perfect-information Monte Carlo.  For each legal action, play the true game
  to the end, the oracle's later moves made by ``--rollout-policy`` (``normal`` or
  ``greedy``); pick a winning action, else a non-losing one, else the greedy choice.
* ``search``: clairvoyant.  A depth-first search over the oracle's own choices (the others'
  being fixed) for any line that wins, within ``--budget`` applied moves a game.  A deal
  it wins is one some sequence of the oracle's moves wins; one it does not win within the
  budget is counted as a loss and reported as undecided.  No bot, honest or not, can win a
  deal that no sequence of moves wins, so this rate (plus the undecided) bounds every bot.

Run from the repository root (one process, one core)::

    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle perfect-danger --games 2000 --seed 0
    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle greedy --games 2000 --seed 0
    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle greedy-hands --games 1000 --seed 0
    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle greedy-blind --games 1000 --seed 0
    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle rollout --games 600 --seed 0
    PYTHONPATH=src python benchmarks/dobon_ceiling.py --oracle search --games 600 --seed 0 --budget 20000

Each line also gives how often ``normal`` wins from the oracle's seat on the same deals
(the baseline: about a quarter), and every win is replayed through
:func:`kakehiki.driver.play_out` with the oracle's recorded answers (``--no-verify`` skips it).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from kakehiki.arena import seating, wilson_interval
from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action
from kakehiki.driver import decide, play_out, resolve, still_asked
from kakehiki.games.dobon.bots.heuristic import decide as rule_decide
from kakehiki.games.dobon.rules.actions import Dobon, Draw, Play
from kakehiki.games.dobon.rules.state import CHAIN, DobonState
from kakehiki.registry import get_game

PLAYERS = 4
MAX_REACHABLE = 13  # a hand totalling more can never call Dobon
WIN, LOSS, NEUTRAL = 1000.0, -1000.0, -500.0  # scores of a finished game, for the oracle

Policy = Callable[[DobonState, int], Action]  # (state, oracle seat) -> the oracle's action


class Table:
    """The true game and three ``normal`` seats around one oracle seat."""

    def __init__(self) -> None:
        self.game: Any = get_game("dobon")
        self.normal: Bot = make_bot("dobon", "normal")
        self.rng = random.Random(0)  # ``normal`` never draws from it; ``decide`` wants one
        self.moves = 0  # moves applied, for the search's budget

    def normal_move(self, state: DobonState, seat: int) -> Action:
        return decide(self.game, state, seat, self.normal, self.rng)

    def step(self, state: DobonState, oracle: int, action: Action | None) -> DobonState:
        """One round of asking (as :func:`kakehiki.driver.play_out`): every actor answers on
        ``state`` (the oracle with ``action`` when it is asked), the moves are resolved by
        priority (C4) and applied."""
        game = self.game
        actors = game.actors(state)
        choices = [(s, action if s == oracle and action is not None else self.normal_move(state, s)) for s in actors]
        moves = choices if len(choices) == 1 else resolve(game, state, choices)
        for n, (seat, move) in enumerate(moves):
            if n and not still_asked(game, state, seat):
                break
            state, _ = game.apply(state, seat, move)
            self.moves += 1
        return state

    def to_decision(self, state: DobonState, oracle: int) -> DobonState:
        """Play the ``normal``s on until the oracle is asked or the game is over."""
        while (actors := self.game.actors(state)) and oracle not in actors:
            state = self.step(state, oracle, None)
        return state

    def outcome(self, state: DobonState, oracle: int) -> float | None:
        result = self.game.result(state)
        if result is None:
            return None
        if oracle in result.winners:
            return WIN
        return LOSS if oracle in result.losers else NEUTRAL

    def play(self, state: DobonState, oracle: int, policy: Policy, line: list[Action] | None = None) -> DobonState:
        """The game to its end, the oracle seat moving by ``policy`` (its answers appended to ``line``)."""
        while self.game.actors(state):
            state = self.to_decision(state, oracle)
            if self.game.actors(state):
                action = policy(state, oracle)
                if line is not None:
                    line.append(action)
                state = self.step(state, oracle, action)
        return state

    # -- the oracles ------------------------------------------------------------------------------

    def legal(self, state: DobonState, oracle: int) -> tuple[Action, ...]:
        return tuple(self.game.legal_actions(state, oracle))

    def after(self, state: DobonState, oracle: int, action: Action) -> DobonState:
        """The state at the oracle's next decision (or the end) after it plays ``action``."""
        return self.to_decision(self.step(state, oracle, action), oracle)

    def score(self, state: DobonState, oracle: int) -> float:
        """How good ``state`` (at the oracle's decision, or over) looks to the oracle."""
        done = self.outcome(state, oracle)
        if done is not None:
            return done
        hand, total = state.hands[oracle], state.sums[oracle]
        value = -0.3 * len(hand) - 0.02 * total
        if total <= MAX_REACHABLE:
            value += 1.0
            # how many cards of its total the others hold, and could play
            value += 0.4 * sum(1 for s, h in enumerate(state.hands) if s != oracle for c in h if c.rank == total)
        if state.phase != CHAIN and total == state.field[-1].rank and state.top_owner != oracle:
            value += 50.0  # a call is open to it right now
        return value

    def greedy(self, state: DobonState, oracle: int) -> Action:
        legal = self.legal(state, oracle)
        if len(legal) == 1:
            return legal[0]
        return max(legal, key=lambda a: (self.score(self.after(state, oracle, a), oracle), _tie(a)))

    def greedy_on(self, guess: Callable[[DobonState, int, random.Random], DobonState], worlds: int) -> Policy:
        """``greedy`` with each action's score averaged over ``worlds`` guesses of the state."""
        def choose(state: DobonState, oracle: int) -> Action:
            legal = self.legal(state, oracle)
            if len(legal) == 1:
                return legal[0]
            rng = random.Random(state.steps * 1000 + oracle)  # fixed per decision: the replay check repeats it
            guesses = [guess(state, oracle, rng) for _ in range(worlds)]
            scores = {a: sum(self.chance(self.after(g, oracle, a), oracle) for g in guesses) for a in legal}
            return max(legal, key=lambda a: (scores[a], _tie(a)))
        return choose

    def chance(self, state: DobonState, oracle: int) -> float:
        """:meth:`score` as a rough chance to win, for averaging over guesses: 1 for a win, 0 for
        any other end (the arena counts wins only), the logistic of the score otherwise.  The raw
        scores put a loss a thousand times past any other state, so a mean over guesses would
        shun every action with any losing guess."""
        done = self.outcome(state, oracle)
        if done is not None:
            return 1.0 if done == WIN else 0.0
        return 1 / (1 + math.exp(-self.score(state, oracle)))

    def shuffled_stock(self, state: DobonState, oracle: int, rng: random.Random) -> DobonState:
        """The true state with its stock shuffled: every hand known, what is drawn not."""
        stock = list(state.stock)
        rng.shuffle(stock)
        return replace(state, stock=tuple(stock))

    def sampled(self, state: DobonState, oracle: int, rng: random.Random) -> DobonState:
        """A state the oracle's seat cannot tell from the true one (its own view's knowledge only)."""
        guess: DobonState = self.game.sample_hidden(state, oracle, rng)
        return guess

    def perfect_danger(self, state: DobonState, oracle: int) -> Action:
        """``normal``'s rules with the true danger of a value: 1 when some other hand totals it."""
        view = self.game.view(state, oracle)
        totals = {t for s, t in enumerate(state.sums) if s != oracle and state.hands[s]}
        return rule_decide(view, self.legal(state, oracle), lambda value: float(value in totals))

    def normal_policy(self, state: DobonState, oracle: int) -> Action:
        return self.normal_move(state, oracle)

    def rollout(self, policy: Policy) -> Policy:
        def choose(state: DobonState, oracle: int) -> Action:
            legal = self.legal(state, oracle)
            if len(legal) == 1:
                return legal[0]
            outcomes = []
            for a in legal:
                end = self.play(self.step(state, oracle, a), oracle, policy)
                outcomes.append((self.outcome(end, oracle) or NEUTRAL, a))
            best = max(o for o, _ in outcomes)
            if best == WIN:
                return next(a for o, a in outcomes if o == WIN)
            fallback = self.greedy(state, oracle)
            return fallback if dict((a, o) for o, a in outcomes)[fallback] == best else next(
                a for o, a in outcomes if o == best)
        return choose

    def search(self, state: DobonState, oracle: int, budget: int) -> tuple[list[Action] | None, bool]:
        """(a winning line of the oracle's answers, or None; whether the search finished within
        ``budget`` applied moves)."""
        self.moves = 0
        failed: set[tuple[Any, ...]] = set()
        exhausted = False
        line: list[Action] = []

        def wins(at: DobonState) -> bool:
            nonlocal exhausted
            at = self.to_decision(at, oracle)
            done = self.outcome(at, oracle)
            if done is not None:
                return done == WIN
            key = _key(at)
            if key in failed:
                return False
            if self.moves > budget:
                exhausted = True
                return False
            children = [(self.step(at, oracle, a), a) for a in self.legal(at, oracle)]
            children.sort(key=lambda c: -self.score(self.to_decision(c[0], oracle), oracle))
            for child, action in children:
                line.append(action)
                if wins(child):
                    return True
                line.pop()
            if not exhausted:
                failed.add(key)
            return False

        found = wins(state)
        return (line if found else None), found or not exhausted

    def replay(self, state: DobonState, oracle: int, line: Sequence[Action]) -> bool:
        """Whether the oracle wins when ``line`` is replayed through :func:`kakehiki.driver.play_out`
        (the reference host loop), the others being ``normal``: a check of :meth:`step`."""
        script = Script(list(line))
        bots: list[Bot] = [script if s == oracle else self.normal for s in range(PLAYERS)]
        end = play_out(self.game, state, bots, seed=state.seed).state
        return not script.moves and oracle in self.game.result(end).winners


class Script:
    """Answers from a list, in order (for :meth:`Table.replay` only)."""

    name = "script"
    sees_view = False

    def __init__(self, moves: list[Action]) -> None:
        self.moves = moves

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.moves.pop(0)
        if action not in legal:
            raise AssertionError(f"replayed {action} is not legal: {[str(a) for a in legal]}")
        return action


def _tie(action: Action) -> int:
    """Among equal scores: call, then play, then draw, then pass."""
    return 3 if isinstance(action, Dobon) else 2 if isinstance(action, Play) else 1 if isinstance(action, Draw) else 0


def _key(state: DobonState) -> tuple[Any, ...]:
    """What the rest of the game depends on (the ``normal``s read no history)."""
    return (state.hands, state.stock, state.field, state.top_owner, state.turn, state.pending, state.twos,
            state.phase, state.window, state.chain, state.rebuilds)


def run(
    oracle_kind: str, games: int, seed: int, budget: int, rollout_policy: str, progress: int, verify: bool,
    worlds: int = 24,
) -> dict[str, Any]:
    table = Table()
    game = table.game
    bots = ["oracle", *["normal"] * (PLAYERS - 1)]
    wins = baseline = undecided = verified = 0
    start = time.perf_counter()
    for i in range(games):
        oracle = seating(bots, i).index("oracle")
        state = game.new(players=PLAYERS, seed=seed + i)
        end = table.play(state, oracle, table.normal_policy)
        baseline += oracle in game.result(end).winners
        if oracle_kind == "search":
            line, decided = table.search(state, oracle, budget)
            undecided += not decided
            won = line is not None
        else:
            policy: Policy = table.greedy
            if oracle_kind == "rollout":
                policy = table.rollout(table.greedy if rollout_policy == "greedy" else table.normal_policy)
            elif oracle_kind == "perfect-danger":
                policy = table.perfect_danger
            elif oracle_kind == "greedy-hands":
                policy = table.greedy_on(table.shuffled_stock, worlds)
            elif oracle_kind == "greedy-blind":
                policy = table.greedy_on(table.sampled, worlds)
            line = []
            won = oracle in game.result(table.play(state, oracle, policy, line)).winners
        if won and verify:
            assert line is not None and table.replay(state, oracle, line), f"game {i}: the win does not replay"
            verified += 1
        wins += won
        if progress and (i + 1) % progress == 0:
            print(f"  {i + 1} games: {wins} wins, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    low, high = wilson_interval(wins, games)
    b_low, b_high = wilson_interval(baseline, games)
    return {"oracle": oracle_kind, "games": games, "seed": seed, "wins": wins, "low": low, "high": high,
            "baseline": baseline, "b_low": b_low, "b_high": b_high, "undecided": undecided, "verified": verified,
            "seconds": time.perf_counter() - start}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    oracles = ("perfect-danger", "greedy", "greedy-hands", "greedy-blind", "rollout", "search")
    parser.add_argument("--oracle", choices=oracles, default="greedy")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=20000, help="search: moves applied per game at most")
    parser.add_argument("--rollout-policy", choices=("normal", "greedy"), default="normal",
                        help="rollout: how the oracle moves after its first action in a play-out")
    parser.add_argument("--worlds", type=int, default=24, help="greedy-hands, greedy-blind: guesses per decision")
    parser.add_argument("--progress", type=int, default=0, help="print a line every N games (stderr)")
    parser.add_argument("--no-verify", action="store_true",
                        help="skip replaying every win through kakehiki.driver.play_out")
    args = parser.parse_args(argv)
    r = run(args.oracle, args.games, args.seed, args.budget, args.rollout_policy, args.progress, not args.no_verify,
            args.worlds)
    label = args.oracle + (f" ({args.rollout_policy} play-outs)" if args.oracle == "rollout" else "")
    print(f"oracle {label} among three normal, 4 seats, seed {r['seed']}: {r['wins']}/{r['games']} "
          f"({100 * r['wins'] / r['games']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}])")
    print(f"normal in the same seat, same deals: {r['baseline']}/{r['games']} "
          f"({100 * r['baseline'] / r['games']:.1f}% [{100 * r['b_low']:.1f}, {100 * r['b_high']:.1f}])")
    if args.oracle == "search":
        print(f"undecided within {args.budget} moves (counted as not won): {r['undecided']}")
    print(f"wins replayed through kakehiki.driver.play_out: {r['verified']}/{r['wins']}")
    print(f"{r['seconds']:.0f} s, {r['seconds'] / r['games']:.2f} s a game")


if __name__ == "__main__":
    main()
