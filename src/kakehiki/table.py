"""A table host for real-time play: one game, seats that are people, bots or remote clients.

The rules leave time to the host (C5); this is that host, once, for every front end.

* Any seat may :meth:`Table.submit` an action at any moment.  Answers to the same state are
  resolved by C4 priority: a claim (anything but a ``pass`` or the turn seat's ordinary
  move) is applied once every seat ahead of it has answered or the reaction window has
  closed; the others hear that they lost on priority, or that their answer came too late.
  Nothing is dropped without a notice.
* **Clocks** (:class:`Clocks`), all optional: ``reaction`` keeps a window of calls open for
  that many seconds after every change, whether or not anybody can call, so that nobody
  learns from the pace who could (the turn seat's ordinary move waits for it too); at a
  table of one person and bots, only where that person may call (what it knows already);
  ``turn`` gives the seats a move is expected from that long, then makes the game's
  :meth:`~kakehiki.core.Game.timeout_move` for them (Dobon's ``delay`` penalty, J14);
  ``grace`` keeps a disconnected seat's place that long, then a bot plays it until the
  person comes back (:meth:`Table.reconnect` gives the seat back).
* Time comes from an injected ``clock`` (seconds, monotonic), so tests run on a fake one;
  the host calls :meth:`Table.poll` when :meth:`Table.next_deadline` comes.
* Each seat (and the spectators, ``None``) reads its own stream of messages with
  :meth:`Table.inbox`: events censored by ``seen_by`` and the table's notices.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Event, Game
from kakehiki.driver import decide, is_pass
from kakehiki.errors import KakehikiError
from kakehiki.rng import derive

Clock = Callable[[], float]
NoticeKind = Literal["accepted", "refused", "too_late", "lost_priority", "timed_out", "disconnected",
                     "reconnected", "replaced_by_bot", "window", "turn_timer"]


@dataclass(frozen=True)
class Clocks:
    """The host's clocks, in seconds; ``None`` turns one off (bots-only tables: all off).

    ``reaction``: how long a window of out-of-turn calls stays open after each change
    (J8's official Dobon-gaeshi window is 3 seconds).  ``turn``: how long a seat has to
    make the move expected of it.  ``grace``: how long a disconnected seat is kept."""

    reaction: float | None = None
    turn: float | None = None
    grace: float | None = 60.0


OFFICIAL_CLOCKS = Clocks(reaction=3.0, turn=30.0, grace=60.0)
"""A people's table: J8's three-second window, thirty seconds a move, a minute's grace."""


@dataclass(frozen=True)
class Notice:
    """What the table tells one seat about its own answer or the table (never another
    seat's hidden cards or choices).  ``by`` names the seat that moved first, where one did."""

    kind: NoticeKind
    seat: int | None
    text: str
    rule: str = ""
    by: int | None = None
    until: float | None = None
    move: str = ""
    """The move the notice is about, where the seat told may know it (its own answer, or
    the move the clock made for it): a front end words the notice with it."""


Message = Event | Notice


@dataclass
class _Pending:
    """The answers given to the current state, and when its window closes."""

    answers: dict[int, Action] = field(default_factory=dict)
    window_until: float | None = None
    turn_until: float | None = None


class Table:
    """One game hosted for its seats; see the module's docstring."""

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any,
        clocks: Clocks = Clocks(),
        clock: Clock = time.monotonic,
        bots: dict[int, Bot] | None = None,
        seed: int = 0,
        fallback_bot: str = "normal",
        pace_always: bool = False,
    ) -> None:
        self.game, self.state, self.clocks, self.clock = game, state, clocks, clock
        self.pace_always = pace_always
        self.players = game.players(state)
        self.bots: dict[int, Bot] = dict(bots or {})
        self.rngs = [derive(seed, "bot", s) for s in range(self.players)]
        self.fallback_bot = fallback_bot
        self.actions: list[tuple[int, int | None, Action | str]] = []
        self.timed_out: set[int] = set()
        """The positions in :attr:`actions` that the turn clock made, not the seat."""
        self.replaced: set[int] = set()
        """The seats a bot plays because their person stayed away past the grace."""
        self._inboxes: dict[int | None, list[Message]] = {s: [] for s in (*range(self.players), None)}
        self._away: dict[int, float] = {}
        self._version = 0
        self._last: tuple[Any, int | None] = (None, None)  # the state just replaced, and who moved
        self._losers: dict[int, Notice] = {}
        self._pending = _Pending()
        self._open()

    # -- what seats read --------------------------------------------------------------------
    def inbox(self, seat: int | None) -> list[Message]:
        """The messages for ``seat`` (``None``: spectators) since it last asked."""
        messages, self._inboxes[seat] = self._inboxes[seat], []
        return messages

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    @property
    def over(self) -> bool:
        return self.game.result(self.state) is not None

    def away(self) -> frozenset[int]:
        """The seats whose person lost the connection (played by a bot once past the grace)."""
        return frozenset(self._away)

    def deadlines(self) -> tuple[float | None, float | None]:
        """When the current window of calls closes and when the turn timer runs out (``None``: not running)."""
        return self._pending.window_until, self._pending.turn_until

    def next_deadline(self) -> float | None:
        """When :meth:`poll` next has something to do (``None``: nothing timed is running)."""
        times = [self._pending.window_until, self._pending.turn_until]
        if self.clocks.grace is not None:
            times += [t + self.clocks.grace for t in self._away.values()]
        live = [t for t in times if t is not None]
        return min(live) if live else None

    # -- what seats do --------------------------------------------------------------------------
    def submit(self, seat: int, action: Action | str) -> Notice:
        """``seat`` answers the current state; the notice (also put in its inbox) says what became of it."""
        try:
            self.game.check_seat(self.state, seat)
            act = self.game.parse_action(action) if isinstance(action, str) else action
        except KakehikiError as exc:
            return self._tell(Notice("refused", seat, str(exc), getattr(exc, "rule", "")))
        try:
            self.game.check(self.state, seat, act)
        except KakehikiError as exc:
            return self._refuse_or_late(seat, act, exc)
        self._pending.answers[seat] = act
        version, self._losers = self._version, {}
        notice = Notice("accepted", seat, str(act), move=str(act))
        self._resolve()
        if self._version != version and seat in self._losers:
            return self._losers[seat]
        return self._tell(notice)

    def disconnect(self, seat: int) -> None:
        self.game.check_seat(self.state, seat)  # C2: only a seat at this table can be away
        self._away[seat] = self.clock()
        self._broadcast(Notice("disconnected", seat, f"seat {seat} lost its connection"))

    def reconnect(self, seat: int) -> None:
        """The person is back: within the grace nothing was played for them; past it the
        bot that stood in gives the seat back (an answer it already gave stands)."""
        self.game.check_seat(self.state, seat)
        away = self._away.pop(seat, None) is not None
        if seat in self.replaced:
            self.replaced.discard(seat)
            self.bots.pop(seat, None)
        elif not away:
            return
        self._broadcast(Notice("reconnected", seat, f"seat {seat} is back"))

    def answers(self) -> dict[int, Action]:
        """The answers given to the current state and not applied yet (a host keeps them,
        so that a restart loses none)."""
        return dict(self._pending.answers)

    def poll(self) -> None:
        """Apply what time has decided: windows closed, turn timers run out, grace spent."""
        now = self.clock()
        if self.clocks.grace is not None:
            for seat, since in list(self._away.items()):
                if now >= since + self.clocks.grace:
                    del self._away[seat]
                    self.bots[seat] = make_bot(self.game.id, self.fallback_bot)
                    self.replaced.add(seat)
                    self._broadcast(Notice("replaced_by_bot", seat, f"seat {seat} is played by a bot now"))
                    self._ask_bots()
        turn_until = self._pending.turn_until
        if turn_until is not None and now >= turn_until and not self.over:
            self._time_out()
            return
        pending = self._pending
        self._resolve()
        if self._pending is pending and pending.window_until is not None and now >= pending.window_until:
            pending.window_until = None  # closed and dealt with: no longer a deadline (the turn seat is awaited)

    # -- resolving ------------------------------------------------------------------------------
    def _paced(self) -> bool:
        """Whether the new state gets its reaction window.  Always, with two people or more
        at the table: the pace must not tell one of them whether another could call.  With
        one person (the rest bots, which answer at once), only when that person may call out
        of turn: a choice the person knows, so skipping it tells them nothing.  A host with
        spectators sets ``pace_always``: the pace would tell them what the person may do."""
        people = [s for s in range(self.players) if s not in self.bots]
        if len(people) > 1 or self.pace_always:
            return True
        turn = self.game.turn_seat(self.state)
        return any(s != turn for s in people if s in self.game.actors(self.state))

    def _window_open(self) -> bool:
        until = self._pending.window_until
        return until is not None and self.clock() < until

    def _resolve(self) -> None:
        """Apply the answers that C4 and the clocks allow now; ask again on the new state."""
        while not self.over:
            moves = self._decided_moves()
            if not moves:
                return
            for seat, action in moves:
                if self.over or seat not in self.game.actors(self.state):
                    break
                self._apply(seat, action)
            self._open()

    def _decided_moves(self) -> list[tuple[int, Action]]:
        """The moves to apply now, by priority, or none while the table must wait.

        With a reaction clock nothing is decided while the window is open, whatever the
        answers: so the pace is the same whoever could call.  When it closes, the first claim in priority wins; without
        one the turn seat's move is made once it comes (closing the window by itself),
        or, with no turn seat, every seat declines (one that did not answer included).
        Without a reaction clock the window closes once every other actor has answered,
        and a claim waits only for the seats ahead of it (bots-only tables, C4 at once)."""
        actors, turn = self.game.actors(self.state), self.game.turn_seat(self.state)
        answers = self._pending.answers
        timed = self.clocks.reaction is not None
        if timed and self._window_open():
            return []
        closed = timed or all(s in answers for s in actors if s != turn)
        ordinary: tuple[int, Action] | None = None
        for seat in actors:
            action = answers.get(seat)
            if action is None:
                if seat == turn and timed:
                    continue  # it did not call within the window; its move is still awaited
                if seat == turn or not closed:
                    return []
                continue
            if self._is_claim(seat, action):
                self._tell_losers(seat)
                return [(seat, action)]
            if not is_pass(action) or seat == turn:
                ordinary = ordinary or (seat, action)
        if not closed or (turn is not None and turn not in answers):
            return []
        if ordinary is not None:
            return [ordinary]
        return [(s, answers.get(s) or self.game.parse_action("pass")) for s in actors]

    def _is_claim(self, seat: int, action: Action) -> bool:
        """A call that takes priority: neither a decline nor the turn seat's ordinary move."""
        return not is_pass(action) and not self.game.yields_to_calls(self.state, seat, action)

    def _tell_losers(self, winner: int) -> None:
        """Tell every other seat whose answer (a claim, or the turn seat's move) is not applied."""
        self._losers = {}
        for seat, action in self._pending.answers.items():
            if seat != winner and not (is_pass(action) and seat != self.game.turn_seat(self.state)):
                notice = Notice("lost_priority", seat, f"seat {winner} called first; your {action} was not made",
                                by=winner, move=str(action))
                self._losers[seat] = self._tell(notice)

    def _refuse_or_late(self, seat: int, action: Action, exc: KakehikiError) -> Notice:
        """Too late if ``action`` was allowed on the state just replaced; else refused, naming the rule."""
        previous, mover = self._last
        if previous is not None and mover != seat and self.game.can(previous, seat, action):
            text = "too late: " + (f"seat {mover} moved first" if mover is not None else "the host moved first")
            return self._tell(Notice("too_late", seat, text, by=mover, move=str(action)))
        return self._tell(Notice("refused", seat, str(exc), getattr(exc, "rule", "")))

    def _time_out(self) -> None:
        seat = self.game.turn_seat(self.state)
        if seat is None:
            return
        host, move = self.game.timeout_move(self.state, seat)
        for reader in self._inboxes:  # the move itself only to its seat: it may hold hidden cards
            said = f"you ran out of time: {move}" if reader == seat else f"seat {seat} ran out of time"
            self._inboxes[reader].append(Notice("timed_out", seat, said, move=str(move) if reader == seat else ""))
        self.timed_out.add(len(self.actions))
        if host:
            state, events = self.game.apply_host(self.state, str(move))
            self._record(None, str(move), state, events)
        else:
            self._apply(seat, self.game.parse_action(move) if isinstance(move, str) else move)
        self._open()
        self._resolve()

    def _apply(self, seat: int, action: Action) -> None:
        state, events = self.game.apply(self.state, seat, action)
        self._record(seat, action, state, events)

    def _record(self, seat: int | None, action: Action | str, state: Any, events: tuple[Event, ...]) -> None:
        self.actions.append((self.game.round_of(self.state), seat, action))
        self._last = (self.state, seat)
        self.state = state
        self._version += 1
        for reader, box in self._inboxes.items():
            box.extend(seen for e in events if (seen := e.seen_by(reader)) is not None)

    def _open(self) -> None:
        """A new state: clear the answers, start its clocks, let the bots answer."""
        now = self.clock()
        reaction, turn = self.clocks.reaction, self.clocks.turn
        self._pending = _Pending(
            window_until=None if reaction is None or not self._paced() else now + reaction,
            turn_until=None if turn is None or self.game.turn_seat(self.state) is None else now + turn,
        )
        if not self.over:
            self._ask_bots()

    def _ask_bots(self) -> None:
        for seat in self.game.actors(self.state):
            bot = self.bots.get(seat)
            if bot is not None and seat not in self._pending.answers:
                self._pending.answers[seat] = decide(self.game, self.state, seat, bot, self.rngs[seat])

    def _tell(self, notice: Notice) -> Notice:
        if type(notice.seat) is int and notice.seat in self._inboxes:  # a refused non-seat has no inbox
            self._inboxes[notice.seat].append(notice)
        return notice

    def _broadcast(self, notice: Notice) -> None:
        for box in self._inboxes.values():
            box.append(notice)


def bots_table(game: Game[Any, Any], state: Any, bots: Sequence[Bot], seed: int = 0) -> Table:
    """A table of bots only, every clock off: it plays to the end at once, as ``play_out`` does."""
    table = Table(game, state, Clocks(grace=None), bots=dict(enumerate(bots)), seed=seed)
    table.poll()
    return table
