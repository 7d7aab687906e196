"""The golden playthroughs (``tests/games/<package>/playthroughs/``, written by ``tests/playthrough.py --write``)
on both engines (issue 31).

The reference must write every file again, byte for byte.  The compiled kernel (plain Python
here) follows the same script in lockstep: the actors and legal actions written at every step
are the kernel's, and after every step its state must be the reference's field by field
(``both_engines.Mirror``); so a rule changed in either engine alone changes the text or fails
the lockstep, and a rule changed on purpose shows as a diff of these files.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kakehiki
from both_engines import Mirror, mirrored
from kakehiki.core import Game
from playthrough import SCRIPTS, Ask, Script, text

NAMES = [f"{s.game}/{s.name}" for s in SCRIPTS]


def kernel_asks(game: Game[Any, Any, Any], mirror: Mirror) -> Ask:
    """The kernel twin's actors, and each one's legal actions (its mask) in action-index order."""
    def ask(state: Any) -> tuple[tuple[int, ...], dict[int, list[str]]]:
        batch = mirror.twin_of(state)
        assert batch is not None, "every state of a playthrough has its kernel twin"
        seats, count = batch.actors()
        actors = tuple(int(seat) for seat in seats[0, : count[0]])
        space = game.action_space(state)
        return actors, {seat: [str(space.at(int(i))) for i in np.flatnonzero(batch.masks([seat])[0])]
                        for seat in actors}
    return ask


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_the_reference_plays_every_playthrough_as_written(script: Script) -> None:
    assert text(script) == script.path.read_text(encoding="utf-8"), (
        f"{script.path} is stale: PYTHONPATH=src python tests/playthrough.py --write, and read the diff")


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_the_kernel_plays_every_playthrough_as_written(script: Script) -> None:
    game = kakehiki.get_game(script.game)
    with mirrored(game) as mirror:
        assert text(script, kernel_asks(game, mirror)) == script.path.read_text(encoding="utf-8")
        assert mirror.steps == script.path.read_text(encoding="utf-8").count("\n== step ")
