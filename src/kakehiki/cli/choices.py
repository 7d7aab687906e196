"""The person's numbered choices in the terminal: whole moves, one rule for every game.

A choice is a whole move (:meth:`~kakehiki.core.Game.legal_moves`): everything the person
does before control leaves them, written as the game's one-line move text (``play S5 S9 S10``).

The order: the game's moves and calls come first, in the game's own order (a Dobon, a doubt,
an interrupt, a play); the decline, ``pass``, comes after them; and a call that loses at once
(a Dobon on one's own card, J10) comes last of all, so that no habit of typing ``1`` makes it.

Where a game has many moves (Doubt with several cards per play, Million Doubt's face-down
plays and gives, Dhumbal's discards) the list is **compact**: the moves a person picks most
often are numbered (:func:`brief`), and the prompt explains how to type the others on one
line; ``all`` numbers every move, the compact ones keeping their numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from kakehiki.core import Action, Game
from kakehiki.errors import NotationError
from kakehiki.manifest import find

DECLINE = "pass"
"""The action text that lets a chance, or a turn where the game allows it, pass."""
SHORT = 20
"""A list of whole moves this long or shorter is numbered whole, never compact."""
MOST = 5000
"""The most whole moves a list holds (``all`` says how to type the rest)."""

Move = tuple[Action, ...]


@dataclass(frozen=True)
class Choice:
    """One numbered choice: a whole move's text and its steps."""

    text: str
    steps: Move

    @property
    def first(self) -> Action:
        return self.steps[0]


@dataclass(frozen=True)
class Choices:
    """A seat's whole moves now, in the order they are numbered: the compact list first
    (``listed``), then the ``rest`` (numbered only once the person asks for ``all``).
    ``more``: there were more than :data:`MOST` moves; only a typed move reaches the others."""

    listed: tuple[Choice, ...] = ()
    rest: tuple[Choice, ...] = ()
    more: bool = False

    @property
    def every(self) -> tuple[Choice, ...]:
        return self.listed + self.rest

    @property
    def compact(self) -> bool:
        """Whether some moves are left out of the numbered list (typed instead)."""
        return bool(self.rest) or self.more

    def __bool__(self) -> bool:
        return bool(self.listed)

    def texts(self) -> list[str]:
        return [choice.text for choice in self.every]


def in_order(choices: Sequence[Choice], loses_at_once: Callable[[Action], bool]) -> tuple[Choice, ...]:
    """``choices`` as numbered on screen: moves and calls, then ``pass``, then a sure loss."""

    def place(choice: Choice) -> int:
        if loses_at_once(choice.first):
            return 2
        return 1 if choice.text == DECLINE else 0

    return tuple(sorted(choices, key=place))  # stable: the game's order within each group


def whole_moves(game: Game[Any, Any, Any], state: Any, seat: int) -> tuple[list[Choice], bool]:
    """The seat's whole moves, at most :data:`MOST` of them, and whether there were more.

    The moves of one step come first whatever the action order (Doubt numbers ``doubt`` and
    ``pass`` after its hundreds of ``add`` steps): the list, however cut, never loses them."""
    singles = [(a,) for a in game.legal_actions(state, seat)
               if str(a) != "undo" and not game.continues(state, seat, a)]
    longer: Iterator[Move] = (m for m in game.legal_moves(state, seat) if len(m) > 1)
    moves = [*singles, *islice(longer, MOST + 1 - len(singles))]
    more = len(moves) > MOST
    by_order = {str(a): i for i, a in enumerate(game.legal_actions(state, seat))}
    moves = sorted(moves[:MOST], key=lambda m: by_order.get(str(m[0]), 0))  # stable: the game's order
    return [choice for m in moves if (choice := _choice(game, m)) is not None], more


def _choice(game: Game[Any, Any, Any], steps: Move) -> Choice | None:
    """The move as a choice; ``None`` for steps in an order the game's move text does not
    write (Million Doubt's hides out of hand order: the same play is listed in order too)."""
    try:
        return Choice(game.move_text(steps), steps)
    except NotationError:
        return None


def brief(game_id: str, choice: Choice) -> bool:
    """Whether ``choice`` is numbered in a compact list of ``game_id``'s moves.

    A game's manifest may name a ``brief`` test (Doubt: a play of one card, a doubt, a pass;
    Million Doubt: the plays wholly face up and a give of one card or of the whole field;
    Dhumbal: each discard taking from the stock); every move of any other game is."""
    manifest = find(game_id)
    if manifest is None or manifest.brief is None:
        return True
    short: Callable[[list[str], int], bool] = manifest.load(manifest.brief)
    return short(choice.text.split(), len(choice.steps))


def same_give(choice: Choice) -> tuple[object, ...]:
    """A key equal for gives of the same cards in another order (the engine takes them in any
    order: games/million_doubt/spec.md), so a list shows each once; any other move is its own key."""
    words = choice.text.split()
    if words[0] != "give":
        return (choice.text,)
    return ("give", *sorted(words[1:]))


def choices_for(
    game: Game[Any, Any, Any], state: Any, seat: int, loses_at_once: Callable[[Action], bool]
) -> Choices:
    """The seat's numbered choices now (none once it has no move)."""
    if game.result(state) is not None or seat not in game.actors(state):
        return Choices()
    moves, more = whole_moves(game, state, seat)
    seen: set[tuple[object, ...]] = set()
    unique = []
    for choice in moves:
        key = same_give(choice)
        if key not in seen:
            seen.add(key)
            unique.append(choice)
    ordered = in_order(unique, loses_at_once)
    if len(ordered) <= SHORT and not more:
        return Choices(ordered)
    listed = tuple(c for c in ordered if brief(game.id, c))
    rest = tuple(c for c in ordered if not brief(game.id, c))
    if not listed:  # nothing brief to show: number them all, cut on screen
        return Choices(ordered, (), more)
    return Choices(listed, rest, more)
