"""What calling lies is worth in 4-seat Doubt: oracles that see every play among three ``normal``s.

This is a study, not a bot.  The oracles below read the true state (the cards of the play just
made) and so cheat: they are NOT legitimate bots, are never registered with
:func:`kakehiki.bots.register_bot`, and live only in this script.  They make ``normal``'s plays
(``count``, ``games/doubt/bots/heuristic.py``) and change only its answers to the doubt window,
so their win rate against the same opponents on the same deals says what the doubt decisions
alone are worth, and how far an honest reading of the table could take a bot.

Set-up, as ``kakehiki arena doubt --bots X,normal,normal,normal --seed S`` seats it: game ``i``
uses seed ``S + i`` and the default options, and the bot list ``[oracle, normal, normal,
normal]`` is rotated by ``i`` (seat ``s`` gets ``bots[(s + i) % 4]``), and the game is played
out by :func:`kakehiki.driver.play_out` (C4: every seat in the window answers on the same state
and the first doubt in priority order counts), its listener showing the oracle each new state.
Oracles, by what they add to ``normal``:

* ``normal``: ``normal`` itself in the oracle's seat (the baseline: about a quarter).
* ``never-wrong``: ``normal``'s answers, but a doubt of a true play becomes a pass.
* ``every-lie``: doubts every lie and nothing else.
* ``share``: ``normal``'s answers, and besides them a doubt of a share ``--share`` of the lies
  (which ones is fixed by the game's seed and the play's number, so the same lies every run),
  never a doubt of a true play.

Run from the repository root (one process, one core)::

    PYTHONPATH=src python benchmarks/doubt_ceiling.py --oracle every-lie --games 1000 --seed 0
    PYTHONPATH=src python benchmarks/doubt_ceiling.py --oracle share --share 0.05 --games 1000 --seed 0
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Callable, Sequence

from kakehiki.arena import wilson_interval
from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Event
from kakehiki.driver import play_out
from kakehiki.games.doubt import DOUBT, PASS, DoubtState, DoubtView
from kakehiki.games.doubt.bots.basics import good
from kakehiki.registry import get_game

ORACLES = ("normal", "never-wrong", "every-lie", "share")
SEATS = 4

Answer = Callable[[DoubtState, Action], Action]


def is_lie(state: DoubtState) -> bool:
    """Whether the play awaiting doubts holds a card that is neither its claimed rank nor a joker."""
    last = state.pile[-1]
    return any(not good(card, last.rank) for card in last.cards)


def picked(seed: int, state: DoubtState, share: float) -> bool:
    """Whether the play awaiting doubts is among the ``share`` of plays the ``share`` oracle calls
    (a hash of the game's seed and the play's number: the same plays on every run)."""
    digest = hashlib.blake2b(f"{seed}:{state.plays}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64 < share


def oracle_answer(name: str, seed: int, share: float) -> Answer:
    """How the oracle ``name`` answers a doubt window, given the true state and ``normal``'s answer."""

    def answer(state: DoubtState, normal: Action) -> Action:
        lie = is_lie(state)
        if name == "every-lie":
            return DOUBT if lie else PASS
        if name == "never-wrong":
            return PASS if normal == DOUBT and not lie else normal
        if name == "share":
            return DOUBT if lie and picked(seed, state, share) else normal
        return normal

    return answer


class Oracle:
    """``normal`` in the oracle's seat, its doubt windows answered by ``answer`` on the true state,
    which the play-out's listener keeps in ``state`` (every seat in a window answers on the same
    state, the last one applied)."""

    name = "oracle"

    def __init__(self, answer: Answer, state: DoubtState) -> None:
        self.normal = make_bot("doubt", "normal")
        self.answer = answer
        self.state = state

    def choose(self, view: DoubtView, legal: Sequence[Action], rng: random.Random) -> Action:
        action: Action = self.normal.choose(view, legal, rng)
        if view.phase == "doubt" and not view.picked:
            return self.answer(self.state, action)
        return action

    def watch(self, state: DoubtState, seat: int, action: Action, events: tuple[Event, ...]) -> None:
        self.state = state


def play(seed: int, rotation: int, oracle: str, share: float) -> bool:
    """One game, played out as the arena plays it: whether the oracle's seat won."""
    game = get_game("doubt")
    start: DoubtState = game.new(players=SEATS, options={}, seed=seed)
    me = (-rotation) % SEATS  # seat s plays bots[(s + rotation) % 4]; the oracle is bots[0]
    seer = Oracle(oracle_answer(oracle, seed, share), start)
    bots: list[Bot] = [seer if seat == me else make_bot("doubt", "normal") for seat in range(SEATS)]
    result = game.result(play_out(game, start, bots, seed=seed, listener=seer.watch).state)
    assert result is not None
    return me in result.winners


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--oracle", choices=ORACLES, default="every-lie")
    parser.add_argument("--share", type=float, default=0.05, help="the share oracle's part of the lies")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    began = time.process_time()
    wins = sum(play(args.seed + i, i % SEATS, args.oracle, args.share) for i in range(args.games))
    low, high = wilson_interval(wins, args.games)
    label = f"{args.oracle} {args.share}" if args.oracle == "share" else args.oracle
    print(f"{label}: {wins}/{args.games} ({100 * wins / args.games:.1f}% [{100 * low:.1f}, {100 * high:.1f}]) "
          f"among three normals, seed {args.seed}, {time.process_time() - began:.0f} s CPU")


if __name__ == "__main__":
    main()
