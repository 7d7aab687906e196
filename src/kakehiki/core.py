"""The one API every game implements.

A game is a :class:`Game` subclass declared once (id, version, player range,
options) and registered by id.  Its states are immutable values; the game
object itself holds no state, so one instance serves every table.

The life of a game::

    game = get_game("dobon")
    state = game.new(players=4, seed=7)          # or deck=[...] for a fixed deal
    while game.result(state) is None:
        seat = game.actors(state)[0]             # seats with a real choice, by priority
        action = game.legal_actions(state, seat)[0]
        state, events = game.apply(state, seat, action)

Several seats may hold a choice at the same moment (RULINGS C4): ``actors``
lists them in priority order; a host that receives claims together applies the
first in that order, then asks again.  Nothing here reads a clock (C5).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, ClassVar, Final, Generic, TypeVar

from kakehiki.cards import Card
from kakehiki.errors import IllegalActionError, KakehikiError, NotationError, OptionError, describe
from kakehiki.options import OptionSpec, OptionValue, resolve_options
from kakehiki.rng import LegacySeed
from kakehiki.rulesets import OptionLabel, RuleSet
from kakehiki.spaces import ActionSpace


class Action:
    """An action a seat may take.  ``str(action)`` is its one text form (see ``docs/``)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Event:
    """Something an action caused.  Subclasses holding hidden cards override :meth:`seen_by`."""

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it (``None``: a spectator), censored, or
        ``None`` when that seat does not see it happen at all."""
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"event": type(self).__name__, **{f.name: jsonable(getattr(self, f.name)) for f in fields(self)}}


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat was dealt ``count`` cards; only that seat sees which (``cards`` is ``None`` for others)."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat or self.cards is None else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """A seat declined an out-of-turn offer (``pass``).  Only that seat sees this: others
    must not learn that it had a choice (C4)."""

    seat: int

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of one game inside a match (or of the only one)."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Result:
    """The result once a game (or match) is over.

    ``ranks[seat]`` is 1 for the best; equal seats share a rank.  ``scores`` are
    game-specific points (higher is better).  ``rounds`` lists each game of a
    match in order.  ``draw`` is true exactly when nobody is ranked apart from the
    others (C7's ``max_steps``, a Dhumbal tie of all): a game with losers, such as a
    self-Dobon (J10) or a no-stock ending (J11), is no draw even though nobody won.
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    rounds: tuple[RoundResult, ...] = field(default=())

    @property
    def draw(self) -> bool:
        return len(set(self.ranks)) <= 1

    def to_dict(self) -> dict[str, Any]:
        data = jsonable(self)
        assert isinstance(data, dict)
        data["draw"] = self.draw
        return data


def deck_of(deck: Sequence[Card | str] | None) -> tuple[Card, ...] | None:
    """An explicit deck (top card first) as cards; card texts are accepted too.

    Raises :class:`NotationError` naming the first entry that is not a card."""
    if deck is None:
        return None
    if isinstance(deck, str):
        raise NotationError("an explicit deck is a list of cards, not one string (use parse_cards)")
    cards: list[Card] = []
    for i, item in enumerate(deck):
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            try:
                cards.append(Card.parse(item))
            except NotationError as err:
                raise NotationError(f"deck position {i}: {err}") from None
        else:
            raise NotationError(f"deck position {i}: not a card: {type(item).__name__}")
    return tuple(cards)


def ranks_from_keys(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Competition ranks (1 = best) from sort keys where smaller is better; ties share."""
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def jsonable(value: object) -> object:
    """Turn views, events and results into JSON-ready data (cards become their text)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Action):
        return str(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):  # a NamedTuple: its fields by name
        return {k: jsonable(v) for k, v in value._asdict().items()}
    if isinstance(value, tuple | list | frozenset):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")


MOVE_TEXTS: Final = 50_000
"""Moves of several steps whose text a game remembers at most (then it starts again)."""


class Game(ABC, Generic[S, A, V]):
    """A game's declaration and rules.  Subclasses set the class attributes once.

    ``Game[S, A, V]``: its state ``S``, its action ``A`` and its view ``V`` (what
    :meth:`view` gives a seat: the one thing bots, narrators and encoders read).  A game
    declares all three in its class statement (``class DoubtGame(StandardGame[DoubtState,
    DoubtAction, DoubtView])``); only the registry and the shared machinery that serves every
    game hold ``Game[Any, Any, Any]``."""

    id: ClassVar[str]
    title_en: ClassVar[str]
    title_ja: ClassVar[str]
    version: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]]
    rule_sets: ClassVar[tuple[RuleSet, ...]] = ()
    """Named, legal sets of options, the first being the defaults (:mod:`kakehiki.rulesets`)."""
    option_labels: ClassVar[Mapping[str, OptionLabel]] = {}
    """A person's words for each option, by name."""

    # -- creating -------------------------------------------------------------
    def new(
        self,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        deck: Sequence[Card | str] | None = None,
    ) -> S:
        """A new game from options and a seed, or from an explicit deck order (top card first)."""
        return self.start(players, options, seed, deck)[0]

    def start(
        self,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        deck: Sequence[Card | str] | None = None,
    ) -> tuple[S, tuple[Event, ...]]:
        """As :meth:`new`, with the events of setting up (seat draw, deal, first card)."""
        count = self.default_players if players is None else players
        if type(count) is not int or not self.min_players <= count <= self.max_players:
            shown = describe(count, 20)
            raise OptionError("players", f"{self.id} takes {self.min_players}–{self.max_players} players, got {shown}")
        if type(seed) not in (int, LegacySeed):
            raise OptionError("seed", f"the seed must be an integer, got {type(seed).__name__}")
        return self._start(count, resolve_options(self.options, options), seed, deck_of(deck))

    @abstractmethod
    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[S, tuple[Event, ...]]: ...

    def title(self, lang: str) -> str:
        return self.title_ja if lang == "ja" else self.title_en

    # -- asking ---------------------------------------------------------------
    @abstractmethod
    def actors(self, state: S) -> tuple[int, ...]:
        """Seats with a real choice now, highest priority first (empty once over).

        Host-facing: who is being asked is never shown to a seat (C4)."""

    def legal_actions(self, state: S, seat: int) -> tuple[A, ...]:
        """Every action ``seat`` may take now (empty if it has no choice).

        Depends only on what ``seat`` may know (the noninterference rule)."""
        self.check_seat(state, seat)
        return self._legal_actions(state, seat)

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> tuple[A, ...]: ...

    def check(self, state: S, seat: int, action: A) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is not allowed."""
        self.check_seat(state, seat)
        self._check(state, seat, action)

    @abstractmethod
    def _check(self, state: S, seat: int, action: A) -> None: ...

    def can(self, state: S, seat: int, action: A) -> bool:
        try:
            self.check(state, seat, action)
        except IllegalActionError:
            return False
        return True

    def check_seat(self, state: S, seat: object, spectator: bool = False) -> None:
        """Refuse anything that is not a seat at this table (C2); ``None`` is a
        spectator where ``spectator`` allows it.  A bool is not a seat."""
        if seat is None and spectator:
            return
        players = self.players(state)
        if type(seat) is not int or not 0 <= seat < players:
            raise IllegalActionError("C2", f"no seat {describe(seat, 20)} at this table (seats are 0–{players - 1})")

    def yields_to_calls(self, state: S, seat: int, action: A) -> bool:
        """Whether a host applies ``action`` only once the other actors' out-of-turn
        calls on this state have been declined or timed out (C4/C5).

        True for a turn seat's ordinary move while other seats may still call;
        its own calls keep the turn seat's priority.  Host-facing, like :meth:`actors`."""
        return False

    def calls_open(self, state: S) -> bool:
        """Whether calls out of turn may be open on ``state``, judged only from what every seat
        sees (a play just made, a Dobon awaiting gaeshi): where a host with people at the
        table opens its window of calls (C5).  Public: it never depends on whether anybody
        really can call, so the pace tells nobody.  The default: on every state while playing."""
        return self.result(state) is None

    def reaction_seconds(self, state: S) -> float:
        """How long a table with people keeps a window of calls open unless told otherwise (C5)."""
        return 2.0

    # -- acting ---------------------------------------------------------------
    def apply(self, state: S, seat: int, action: A | str) -> tuple[S, tuple[Event, ...]]:
        """The next state and the events caused.  Illegal actions raise; ``state`` never changes."""
        self.check_seat(state, seat)
        act = self.parse_action(action) if isinstance(action, str) else action
        self._check(state, seat, act)
        return self._apply(state, seat, act)

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> tuple[S, tuple[Event, ...]]: ...

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Parse an action's text form; raise :class:`NotationError` if malformed."""

    # -- whole moves (a person's one line; the engine's card-by-card steps) ---
    def parse_move(self, text: str) -> tuple[A, ...]:
        """A whole move's one-line text as its card-by-card steps, in the order they are applied.

        Every single action's text is also a move (of one step).  :class:`NotationError`
        names what is wrong.  The default: a game without multi-step moves."""
        return (self.parse_action(text),)

    def move_text(self, steps: Sequence[A]) -> str:
        """The one-line text of the whole move made of ``steps``: the inverse of
        :meth:`parse_move` (``parse_move(move_text(s)) == tuple(s)``).  :class:`NotationError`
        if ``steps`` are no move of this game (the default: anything but one step)."""
        if len(steps) != 1:
            raise NotationError(f"{self.id} moves are one action each, got {len(steps)}")
        return str(steps[0])

    def continues(self, state: S, seat: int, action: A) -> bool:
        """Whether ``action`` by ``seat`` on ``state`` is an intermediate step of a move: after it
        the same seat must go on with the same move, it gives the seat no new information, and
        nobody else sees anything of it (Doubt's ``add``).  A move is its steps up to and
        including the first one that does not continue.

        Host-facing; depends only on what ``seat`` knows.  The default: no step continues."""
        return False

    def legal_moves(self, state: S, seat: int) -> Iterator[tuple[A, ...]]:
        """Every whole move ``seat`` may make now, lazily, depth first in action-space order of
        each step (python-chess's lazy legal moves): a front end lists or checks a few without
        paying for all.  A step that only takes the move back (Million Doubt's ``undo``) is no
        part of a whole move, and steps the move's text would put in another order (Million
        Doubt's face-down cards) are yielded once, in that order.  Depends only on what ``seat``
        may know, as its steps do."""
        for move in self._step_paths(state, seat):
            if len(move) == 1 or self._canonical_text(move) is not None:
                yield move

    def legal_move_texts(self, state: S, seat: int) -> Iterator[tuple[tuple[A, ...], str]]:
        """:meth:`legal_moves`, each with its :meth:`move_text` (a host lists both to a person)."""
        for move in self._step_paths(state, seat):
            text = self.move_text(move) if len(move) == 1 else self._canonical_text(move)
            if text is not None:
                yield move, text

    def _canonical_text(self, move: tuple[A, ...]) -> str | None:
        """The text of a move of several steps if it reads back as the same steps, else ``None``.

        Remembered per game: a move's text depends on its steps alone, and a host asks for the
        same moves at every change of a table (the seat's hand is the same), each answer being
        a text made and parsed back twice (Million Doubt's face-down plays: most of a state
        frame's cost)."""
        texts = self.__dict__.setdefault("_move_texts", {})
        if move in texts:
            known: str | None = texts[move]
            return known
        try:
            text: str | None = self.move_text(move)
            if self.parse_move(text) != move:  # type: ignore[arg-type]
                text = None
        except NotationError:
            text = None
        if len(texts) >= MOVE_TEXTS:
            texts.clear()
        texts[move] = text
        return text

    def _step_paths(self, state: S, seat: int) -> Iterator[tuple[A, ...]]:
        for action in self.legal_actions(state, seat):
            if str(action) == "undo":
                continue
            if not self.continues(state, seat, action):
                yield (action,)
                continue
            after, _ = self.apply(state, seat, action)
            for rest in self._step_paths(after, seat):
                yield (action, *rest)

    host_actions: ClassVar[tuple[str, ...]] = ()
    """The text forms of the host's own actions (e.g. Dobon's ``delay``, J14)."""

    def apply_host(self, state: S, action: str) -> tuple[S, tuple[Event, ...]]:
        """A host's action (a timer's penalty, a stop): never a seat's.  Records store
        it with the seat ``null``.  Games without host actions refuse every one."""
        raise IllegalActionError("C5", f"{self.id} has no host action {describe(action)}")

    def turn_seat(self, state: S) -> int | None:
        """The seat a move is expected from now, which a host waits for and times (C5);
        ``None`` when only out-of-turn calls are open (every actor may decline).  Host-facing,
        like :meth:`actors`; the default is the first actor."""
        actors = self.actors(state)
        return actors[0] if actors else None

    def legacy_options(self, version: int, options: dict[str, Any]) -> dict[str, Any]:
        """A record of an older ``version``'s options as this version reads them: an option
        added since with a default that plays differently is given the old behaviour."""
        return options

    def timeout_move(self, state: S, seat: int) -> tuple[bool, A | str]:
        """The move a host makes for ``seat`` when its turn timer runs out (C5), as
        ``(is_host_action, move)``.

        The default is the seat's ``pass`` if it may pass, else ``draw`` if it may draw,
        else its first legal action in action-space order.  A game with a penalty for
        slowness (Dobon's ``delay``, J14) answers with its host action instead."""
        legal = self.legal_actions(state, seat)
        texts = [str(a) for a in legal]
        for word in ("pass", "draw"):
            if word in texts:
                return False, legal[texts.index(word)]
        return False, legal[0]

    # -- looking --------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator).  The only way to hidden cards."""
        self.check_seat(state, seat, spectator=True)
        return self._view(state, seat)

    @abstractmethod
    def _view(self, state: S, seat: int | None) -> V: ...

    def sample_hidden(self, state: S, seat: int | None, rng: random.Random) -> S:
        """A state ``seat`` cannot tell from ``state``: everything hidden from it dealt anew,
        consistent with every public fact, carrying nothing else that is hidden from it
        (no seed, no explicit deck, no other seat's private knowledge).  Two states that
        differ only in what is hidden from ``seat`` give the same sample for the same ``rng``."""
        self.check_seat(state, seat, spectator=True)
        return self._sample_hidden(state, seat, rng)

    @abstractmethod
    def _sample_hidden(self, state: S, seat: int | None, rng: random.Random) -> S: ...

    def sampler(self, state: S, seat: int | None, rng: random.Random) -> Sampler[S]:
        """A :class:`Sampler` for ``seat``: what a search bot gets instead of the state."""
        return Sampler(self, seat, self.sample_hidden(state, seat, rng))

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once over, else ``None``."""

    @abstractmethod
    def players(self, state: S) -> int: ...

    def round_results(self, state: S) -> tuple[RoundResult, ...]:
        """The outcome of every round (game of a match) finished so far.

        Search bots score a rollout at the end of its round with this.  The default
        knows only the final result; games of several rounds override it."""
        result = self.result(state)
        return () if result is None else result.rounds

    @abstractmethod
    def round_of(self, state: S) -> int:
        """Index of the current game within a match (0 for single games)."""

    @abstractmethod
    def record_header(self, state: S) -> dict[str, Any]:
        """``options``, ``seed`` and/or ``deck`` needed to rebuild the initial state."""

    # -- numbered actions (kakehiki.spaces) -----------------------------------
    def action_space(self, state: S) -> ActionSpace[A]:
        """Every action of this game for ``state``'s players and options, numbered.

        Fixed for the whole game or match; cached per (players, options)."""
        key = self._space_key(state)
        space = self._spaces.get(key)
        if space is None:
            space = self._spaces[key] = ActionSpace(self._all_actions(state))
        return space

    def action_index(self, state: S, action: A | str) -> int:
        return self.action_space(state).index(action)

    def action_at(self, state: S, index: int) -> A:
        return self.action_space(state).at(index)

    def legal_mask(self, state: S, seat: int) -> bytes:
        """``legal_actions(state, seat)`` as one byte per action index (1: legal)."""
        return self.action_space(state).mask(self.legal_actions(state, seat))

    def _space_key(self, state: S) -> tuple[object, ...]:
        """What the action space depends on: by default the players and every option."""
        header = self.record_header(state)
        options = header.get("options", {})
        return (self.players(state), *sorted((k, repr(v)) for k, v in options.items()))

    def _all_actions(self, state: S) -> Sequence[A]:
        """Every action in index order; each game lists its own."""
        raise NotImplementedError(f"{self.id} declares no action space yet")

    @property
    def _spaces(self) -> dict[tuple[object, ...], ActionSpace[A]]:
        cache: dict[tuple[object, ...], ActionSpace[A]] | None = self.__dict__.get("_space_cache")
        if cache is None:
            cache = self.__dict__["_space_cache"] = {}
        return cache

    # -- conformance helpers (tests, property checks) -------------------------
    @abstractmethod
    def all_cards(self, state: S) -> tuple[Card, ...]:
        """Every card in the game wherever it lies (hidden ones included): for conservation checks."""


class Sampler(Generic[S]):
    """Determinizations for a search bot, holding nothing the seat may not know.

    It keeps one already-resampled state (hidden cards dealt at random, no seed or
    deck), never the true one, so a bot cannot reach the truth through it."""

    __slots__ = ("_game", "_public", "seat")

    def __init__(self, game: Game[S, Any, Any], seat: int | None, public: S) -> None:
        self._game = game
        self._public = public
        self.seat = seat

    def __call__(self, rng: random.Random) -> S:
        return self._game.sample_hidden(self._public, self.seat, rng)


__all__ = [
    "Action", "Dealt", "Declined", "Event", "Game", "KakehikiError", "Result", "RoundResult", "Sampler",
    "jsonable", "ranks_from_keys",
]
