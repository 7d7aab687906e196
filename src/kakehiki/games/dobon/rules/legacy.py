"""Reading records of older versions of Dobon (see games/dobon/spec.md, Version History).

* Version 1 → 2: the turn seat's ``pass`` in a window it is no longer put in is skipped
  (``legacy_v1_skips`` in :mod:`kakehiki.games.dobon.rules.game`).
* Version 2 → 3: a gaeshi window asks every seat still holding cards, not only those whose
  hand totals the top card (J8, C4).  Older records hold no entry for the others, who could
  only pass: :func:`legacy_settle` makes their passes after each entry.
"""

from __future__ import annotations

from kakehiki.core import Event, Game
from kakehiki.games.dobon.rules.actions import PASS, DobonAction
from kakehiki.games.dobon.rules.state import CHAIN, DobonState
from kakehiki.games.dobon.rules.view import DobonView

CURRENT = 3


def legacy_settle(game: Game[DobonState, DobonAction, DobonView], version: int,
                  state: DobonState) -> tuple[DobonState, tuple[Event, ...]]:
    """Before version 3 a seat that could not answer a Dobon call was never asked: pass for it."""
    events: tuple[Event, ...] = ()
    while version < CURRENT and state.phase == CHAIN:
        idle = next((s for s in state.window if state.sums[s] != state.field[-1].rank), None)
        if idle is None:
            break
        state, caused = game.apply(state, idle, PASS)
        events += caused
    return state, events
