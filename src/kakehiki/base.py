"""What the five games share: one vocabulary and one home for the parts they had copied.

Every game's state is a frozen dataclass with the fields of :class:`StandardState`
(``options``, ``seed``, ``players``, ``deck``, ``round_no``, ``outcomes``, ``phase``,
``steps``), named and meaning the same in every game, and ``log`` in those with a public
move log:

* ``round_no`` — the game of a match being played (Dobon's 試合, Dhumbal's round), from 0;
* ``outcomes`` — each finished one, a :class:`~kakehiki.core.RoundResult` or a subclass of it;
* ``log`` — the public moves every view shows;
* ``phase`` — a game's own :class:`enum.IntEnum` of phases, ``OVER`` once the match ends;
* ``steps`` — the actions counted towards C7's ``max_steps``.

:class:`StandardGame` answers ``players``, ``round_of``, ``round_results`` and
``record_header`` from those fields; :class:`GameOptions` turns an options
dataclass to and from option values by its specs; :class:`Draft` is the mutable
working copy a game's ``apply`` edits and freezes into the next state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from kakehiki.cards import Card
from kakehiki.core import Action, Event, Game, Result, RoundResult
from kakehiki.options import OptionSpec, OptionValue


class GameOptions:
    """A mixin for a game's frozen options dataclass whose fields are named as its options.

    ``SPECS`` are the game's :class:`OptionSpec` values.  A number option whose value is
    its one word (``auto``, or ``none``) is ``None`` in the dataclass and that word again in
    the values; an option with several words (``random``/``last_winner``) keeps the word."""

    __slots__ = ()
    SPECS: ClassVar[tuple[OptionSpec, ...]]

    @classmethod
    def from_values(cls, values: dict[str, OptionValue]) -> Self:
        """The options from resolved option values (see :func:`~kakehiki.options.resolve_options`)."""
        specs = {spec.name: spec for spec in cls.SPECS}
        kwargs = {f.name: _field_value(specs[f.name], values[f.name]) for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**kwargs)

    def to_values(self) -> dict[str, OptionValue]:
        """The option values these options were made from (a record's ``options``)."""
        specs = {spec.name: spec for spec in self.SPECS}
        values: dict[str, OptionValue] = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value, spec = getattr(self, f.name), specs[f.name]
            word = value is None and spec.kind in ("int", "float") and spec.choices
            values[f.name] = spec.choices[0] if word else value
        return values


def _field_value(spec: OptionSpec, value: OptionValue) -> OptionValue:
    if spec.kind == "bool":
        return bool(value)
    if spec.kind in ("int", "float"):
        if isinstance(value, str):  # one of its words: a lone word (auto, none) is None, several stay words
            return value if len(spec.choices) > 1 else None
        if value is None:
            return None
        return int(value) if spec.kind == "int" else float(value)
    return value


class StandardState(Protocol):
    """The fields every game's state has (read-only: states are frozen)."""

    @property
    def options(self) -> GameOptions: ...
    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def deck(self) -> tuple[Card, ...] | None: ...
    @property
    def round_no(self) -> int: ...
    @property
    def outcomes(self) -> tuple[RoundResult, ...]: ...
    @property
    def phase(self) -> int: ...
    @property
    def steps(self) -> int: ...


SS = TypeVar("SS", bound=StandardState)
A = TypeVar("A", bound=Action)
V = TypeVar("V")


class StandardGame(Game[SS, A, V]):
    """A game whose state has the standard fields: the bookkeeping answers come from them."""

    def players(self, state: SS) -> int:
        return state.players

    def round_of(self, state: SS) -> int:
        return state.round_no

    def round_results(self, state: SS) -> tuple[RoundResult, ...]:
        return tuple(RoundResult(o.winners, o.losers, o.reason) for o in state.outcomes)

    def record_header(self, state: SS) -> dict[str, Any]:
        header: dict[str, Any] = {"options": state.options.to_values(), "seed": state.seed}
        if state.deck is not None:
            header["deck"] = [str(c) for c in state.deck]
        return header


def match_result(ranks: tuple[int, ...], scores: tuple[float, ...], outcomes: Sequence[RoundResult]) -> Result:
    """A finished match's result: a single game's own winners, losers and reason; over several
    games, the best-ranked seats win and the worst-ranked lose, unless all rank alike (then the
    match has neither, and is a draw: J13, A9, M10)."""
    rounds = tuple(RoundResult(o.winners, o.losers, o.reason) for o in outcomes)
    if len(rounds) == 1:
        only = rounds[0]
        return Result(only.winners, only.losers, ranks, scores, only.reason, rounds)
    best, worst = min(ranks), max(ranks)
    if best == worst:
        return Result((), (), ranks, scores, "match", rounds)
    winners = tuple(s for s, rank in enumerate(ranks) if rank == best)
    losers = tuple(s for s, rank in enumerate(ranks) if rank == worst)
    return Result(winners, losers, ranks, scores, "match", rounds)


S = TypeVar("S")


class Draft(Generic[S]):
    """A mutable working copy of a state, used inside one ``apply`` only.

    The rules read more plainly as small in-place steps; the draft is frozen back into a
    new state at the end, so the caller's state is never touched.  A game's draft names
    its state class in ``STATE`` and the fields it edits as lists in ``LISTS``, and
    declares every field with its draft type so that mypy checks the rules' edits.

    Copying and freezing go through the instance ``__dict__`` rather than the dataclass
    ``__init__``: a state has some thirty fields and ``apply`` runs millions of times in a
    simulation, and building through ``__init__`` cost a tenth of a playout's time.  That
    is sound because the new state's dict is a fresh one that nobody else holds."""

    STATE: ClassVar[type]
    LISTS: ClassVar[tuple[str, ...]] = ()
    events: list[Event]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give each game's draft its own copy and freeze, with its ``LISTS`` written out."""
        super().__init_subclass__(**kwargs)
        if "STATE" in cls.__dict__:
            _compile_draft(cls)

    def __init__(self, state: S) -> None:  # replaced per game by _compile_draft
        values = self.__dict__
        values.update(state.__dict__)
        for name in self.LISTS:
            values[name] = list(values[name])
        self.events = []

    def freeze(self) -> S:
        """The new state.  The draft hands over its attribute dict and must not be used after."""
        values = self.__dict__  # replaced per game by _compile_draft
        del values["events"]
        for name in self.LISTS:
            values[name] = tuple(values[name])
        new: S = object.__new__(self.STATE)
        object.__setattr__(new, "__dict__", values)  # as dataclasses' own frozen __init__ does
        return new

    def finish(self) -> tuple[S, tuple[Event, ...]]:
        """The new state and the events that led to it."""
        events = tuple(self.events)
        return self.freeze(), events


def _compile_draft(cls: type[Draft[Any]]) -> None:
    """Write ``__init__`` and ``freeze`` out for one draft class, as :mod:`dataclasses` writes
    its methods: one line per list field instead of a loop, which a playout feels (an
    ``apply`` builds a draft and freezes it)."""
    for name in cls.LISTS:
        if not name.isidentifier():
            raise ValueError(f"{cls.__name__}.LISTS: {name!r} is not a field name")
    thaw = "".join(f"    values[{name!r}] = list(values[{name!r}])\n" for name in cls.LISTS)
    freeze = "".join(f"    values[{name!r}] = tuple(values[{name!r}])\n" for name in cls.LISTS)
    source = (
        "def __init__(self, state):\n"
        "    values = self.__dict__\n"
        "    values.update(state.__dict__)\n"
        f"{thaw}"
        "    values['events'] = []\n"
        "def freeze(self):\n"
        "    values = self.__dict__\n"
        "    del values['events']\n"
        f"{freeze}"
        "    new = new_state(STATE)\n"
        "    set_dict(new, '__dict__', values)\n"
        "    return new\n"
    )
    scope: dict[str, Any] = {"new_state": object.__new__, "set_dict": object.__setattr__, "STATE": cls.STATE}
    exec(compile(source, f"<draft of {cls.STATE.__name__}>", "exec"), scope)  # the text built just above
    for method in ("__init__", "freeze"):
        function = scope[method]
        function.__qualname__ = f"{cls.__qualname__}.{method}"
        function.__doc__ = getattr(Draft, method).__doc__
        setattr(cls, method, function)

