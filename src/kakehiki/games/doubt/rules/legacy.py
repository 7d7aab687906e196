"""Reading records of older versions of Doubt (see games/doubt/spec.md, Version History).

* Version 1 → 2: a play of several cards, one action ``play S4 H9 D9`` before, is now made
  one card at a time, ``add S4``, ``add H9``, ``play D9`` (in card order).  A play of one card,
  ``doubt`` and ``pass`` are unchanged.  No state is needed: version 1's text lists every card.
* Version 2 → 3: a pile taken is no longer turned up for everyone, only the doubted play (B5);
  ``show_pile=true`` plays the old way, and :func:`legacy_options` gives it to older records.
  The actions are unchanged.
"""

from __future__ import annotations

from typing import Any

from kakehiki.errors import NotationError, excerpt
from kakehiki.games.doubt.rules.actions import parse_action, parse_v1, steps_of

CURRENT = 3


def legacy_options(version: int, options: dict[str, Any]) -> dict[str, Any]:
    """Before version 3 every pile was taken face up: such a record plays with ``show_pile=true``.

    >>> legacy_options(2, {"cheat": True}), legacy_options(3, {})
    ({'cheat': True, 'show_pile': True}, {})
    """
    return options if version >= 3 or "show_pile" in options else {**options, "show_pile": True}


def legacy_actions(version: int, seat: int | None, text: str) -> list[str]:
    """The version-3 action texts that do what ``text``, an action of a version-``version`` record
    by ``seat``, did: itself, or for a play of several cards its steps.

    >>> legacy_actions(1, 0, "play H9 s4 D9"), legacy_actions(1, 2, "play S4"), legacy_actions(1, 1, "Pass")
    (['add S4', 'add H9', 'play D9'], ['play S4'], ['pass'])
    """
    if version in (2, CURRENT):
        return [text]
    if type(version) is not int or version != 1:
        raise NotationError(f"doubt has no version {excerpt(repr(version))} (this build plays {CURRENT})")
    cards = parse_v1(text)
    if cards is None:
        return [str(parse_action(text))]
    return [str(step) for step in steps_of(cards)]


__all__ = ["CURRENT", "legacy_actions", "legacy_options"]
