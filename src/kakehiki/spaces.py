"""Numbered actions: every game's fixed action space and legal-action masks (issue 13).

For given players and options a game has a fixed list of every action any seat
could ever take; an action's index is its place in that list.  ``legal_actions``
lists actions in ascending index order, and ``legal_mask`` marks the same set as
bytes (1 legal, 0 not), numpy-free; the RL adapter turns it into an array.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from kakehiki.errors import NotationError, describe, excerpt

A = TypeVar("A")


class ActionSpace(Generic[A]):
    """A bijection between ``0..size-1`` and actions, keyed by each action's one text form."""

    __slots__ = ("_index", "actions")

    def __init__(self, actions: Iterable[A]) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        self._index = {str(a): i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action space lists each action once")

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: A | str) -> int:
        """The index of ``action`` (or of its text); :class:`NotationError` if it has none."""
        found = self._index.get(str(action))
        if found is None:
            raise NotationError(f"no action {excerpt(str(action))} in this game's action space")
        return found

    def at(self, index: int) -> A:
        """The action numbered ``index``; :class:`NotationError` outside ``0..size-1``."""
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise NotationError(f"action index {describe(index)} is outside 0–{len(self.actions) - 1}")
        return self.actions[index]

    def mask(self, legal: Sequence[A]) -> bytes:
        marks = bytearray(len(self.actions))
        for action in legal:
            marks[self._index[str(action)]] = 1
        return bytes(marks)
