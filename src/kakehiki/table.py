"""A table host for real-time play: one game, seats that are people, bots or remote clients.

The rules leave time to the host (C5); this is that host, once, for every front end.

* **Whole moves.** A seat answers with a whole move: every step it makes before control
  leaves it (a Doubt play of three cards is ``add``, ``add``, ``play``), given as the game's
  one-line move text (``play S5 S9 S10``) or as its steps.  The table checks the steps in
  turn and applies them together as one change; the steps between are never shown to
  another seat, never paced and never open a window.  Bots are asked step by step
  (:meth:`~kakehiki.core.Game.continues`) and their moves applied the same way.
* **Answers bound to what was seen.**  :attr:`Table.seq` numbers the states (the actions
  applied so far); an answer that names the state it answers (``at``) is applied to that
  state or not at all: once the table has moved on it is ``too_late``, naming the move.
* **Priority** (C4): answers to the same state resolve by play order, not by speed: a claim
  (anything but a ``pass`` or the turn seat's ordinary move) wins over everything after it
  in priority; the others hear they lost on priority, who had it and why.
* **Clocks** (:class:`Clocks`), all optional.  ``reaction``: after a change where calls out
  of turn may be open, judged from what everybody sees (:meth:`~kakehiki.core.Game.calls_open`),
  the window stays open that long, whoever could call, so the pace tells nobody who could;
  it closes early once every person at the table has answered (a person may always answer
  a window with ``pass``, whether or not it has a call).  At a table of one person among
  bots, a window runs only where that person may call (what it knows already).
  ``pace``: the least time between a change and a bot's answer to it taking effect, so
  that people can follow the bots' moves and a bot's thinking time never shows.
  ``turn``: how long the seat a move is expected from has (never less than the window),
  then the game's :meth:`~kakehiki.core.Game.timeout_move` is made for it.  ``grace``:
  how long a disconnected seat is kept before a bot plays it.
* **Accepted answers stand.**  On each :meth:`Table.poll` the answers already accepted are
  applied, in priority, before any clock makes a move.
* Time comes from an injected ``clock`` (seconds, monotonic), so tests run on a fake one;
  the host calls :meth:`Table.poll` when :meth:`Table.next_deadline` comes.  Where people
  sit, bots are asked on the first poll after a change, so a host publishes the change
  before any bot thinks about it.
* Each seat (and the spectators, ``None``) reads its own stream of messages with
  :meth:`Table.inbox`: events censored by ``seen_by`` and the table's notices.
* Bots decide on the host's thread, or, given :class:`~kakehiki.thinking.Thinkers`, on
  worker threads within a budget (a server: no table waits on another's bots).

``docs/core.md`` (Hosting a table) argues why nothing a person observes through the table,
its timing included, depends on cards hidden from that person.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Event, Game
from kakehiki.driver import decide, is_pass
from kakehiki.errors import IllegalActionError, KakehikiError, NotationError
from kakehiki.rng import derive
from kakehiki.thinking import Thinkers, Thought

Clock = Callable[[], float]
Move = tuple[Action, ...]
"""A whole move: its steps in the order they are applied."""
NoticeKind = Literal["accepted", "refused", "too_late", "lost_priority", "timed_out", "disconnected",
                     "reconnected", "replaced_by_bot", "window", "turn_timer"]


@dataclass(frozen=True)
class Clocks:
    """The host's clocks, in seconds; ``None`` turns one off (bots-only tables: all off).

    ``reaction``: how long a window of out-of-turn calls stays open after a change where
    calls may be open; ``"auto"``: as long as the game suggests for that state
    (:meth:`~kakehiki.core.Game.reaction_seconds`: JDA's three seconds for gaeshi).  ``turn``: how long a
    seat has to make the move expected of it (counted from the change, and never shorter than
    the window).  ``grace``: how long a disconnected seat is kept.  ``pace``: the least time
    from a change to a bot's answer taking effect where people watch."""

    reaction: float | Literal["auto"] | None = None
    turn: float | None = None
    grace: float | None = 60.0
    pace: float | None = None


OFFICIAL_CLOCKS = Clocks(reaction=3.0, turn=30.0, grace=60.0, pace=0.6)
"""A people's table: J8's three-second window, thirty seconds a move, a minute's grace."""


@dataclass(frozen=True)
class Notice:
    """What the table tells one seat about its own answer or the table (never another
    seat's hidden cards or choices).  ``by`` names the seat that moved first (or had
    priority), where one did."""

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
    """One state's answers and clocks: from the change that made it to the next one."""

    opened: float
    answers: dict[int, Move] = field(default_factory=dict)
    """The answers that count, by seat (bots' only once released)."""
    held: dict[int, Move] = field(default_factory=dict)
    """Bots' answers given and not yet released (``pace``)."""
    thinking: dict[int, Thought[Move]] = field(default_factory=dict)
    """Bots deciding on a worker (with :class:`~kakehiki.thinking.Thinkers`)."""
    ready: set[int] = field(default_factory=set)
    """People who answered the window with ``pass`` without a call to decline."""
    asked: bool = False
    window_until: float | None = None
    release_at: float | None = None
    turn_until: float | None = None


class MoveError(IllegalActionError):
    """A move whose steps do not make one whole move (unfinished, or going on past its end)."""


class Table:
    """One game hosted for its seats; see the module's docstring."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        clocks: Clocks = Clocks(),
        clock: Clock = time.monotonic,
        bots: dict[int, Bot] | None = None,
        seed: int = 0,
        fallback_bot: str = "normal",
        pace_always: bool = False,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.game, self.state, self.clocks, self.clock = game, state, clocks, clock
        self.thinkers = thinkers
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
        self._last: tuple[Any, int | None] = (None, None)  # the state just replaced, and who moved
        self._losers: dict[int, Notice] = {}
        self._pending = _Pending(self.clock())
        self._open()

    # -- what seats read --------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The current state's number: the actions applied so far.  An answer names it (``at``)."""
        return len(self.actions)

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
        """When the current window of calls closes at the latest and when the turn timer runs
        out (``None``: not running).  Both are fixed when the state opens."""
        return self._pending.window_until, self._pending.turn_until

    def window_open(self) -> bool:
        """Whether a window of calls is open on the current state (every person may answer it)."""
        until = self._pending.window_until
        return until is not None and self.clock() < until

    def next_deadline(self) -> float | None:
        """When :meth:`poll` next has something to do (``None``: nothing timed is running)."""
        pending = self._pending
        times = [pending.window_until, pending.turn_until]
        if self._to_ask():
            times.append(pending.opened)
        if pending.thinking and self.thinkers is not None and self.thinkers.budget is not None:
            times.append(min(t.started for t in pending.thinking.values()) + self.thinkers.budget)
        release = pending.release_at
        if release is not None and (pending.held or (pending.window_until is not None and self.clock() < release)):
            times.append(release)
        if self.clocks.grace is not None:
            times += [t + self.clocks.grace for t in self._away.values()]
        live = [t for t in times if t is not None]
        return min(live) if live else None

    def catch_up(self) -> None:
        """Poll until nothing is due at this moment (a host that publishes nothing between)."""
        while (due := self.next_deadline()) is not None and due <= self.clock():
            before = (self.seq, self._pending)
            self.poll()
            if (self.seq, self._pending) == before and self.next_deadline() == due:
                return

    # -- what seats do --------------------------------------------------------------------------
    def submit(self, seat: int, move: Action | str | Sequence[Action], at: int | None = None) -> Notice:
        """``seat`` answers the current state with a whole move; the notice (also put in its
        inbox) says what became of it.  ``at``: the state the answer was meant for (:attr:`seq`
        as the seat last saw it); an answer to a state gone is too late and never applied."""
        try:
            self.game.check_seat(self.state, seat)
            steps = self._steps(move)
        except KakehikiError as exc:
            return self._tell(Notice("refused", seat, str(exc), getattr(exc, "rule", "")))
        text = self.game.move_text(steps)
        if at is not None and at != self.seq:
            return self._stale(seat, text, at)
        if self._is_ready(seat, steps):
            self._pending.ready.add(seat)
            notice = self._tell(Notice("accepted", seat, text, move=text))
            self._resolve()
            return notice
        try:
            self._check_move(seat, steps)
        except KakehikiError as exc:
            return self._refuse_or_late(seat, steps, text, exc)
        replaced = self._pending.answers.get(seat)
        self._pending.answers[seat] = steps
        before, self._losers = self.seq, {}
        said = text if replaced is None else f"{text} (instead of {self.game.move_text(replaced)})"
        notice = Notice("accepted", seat, said, move=text)
        self._resolve()
        if self.seq != before and seat in self._losers:
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

    def answers(self) -> dict[int, str]:
        """The moves given to the current state and not applied yet, as move texts (a host
        keeps them, so that a restart loses none)."""
        return {seat: self.game.move_text(steps) for seat, steps in self._pending.answers.items()}

    def poll(self) -> None:
        """Apply what has been decided, then what time decides: the answers accepted first
        (bots asked and released), then windows closed, turn timers run out, grace spent."""
        now = self.clock()
        self._replace_the_absent(now)
        pending = self._pending
        self._ask_bots()
        self._collect(now)
        self._release(now)
        self._resolve()
        if self._pending is not pending:
            return
        if pending.turn_until is not None and now >= pending.turn_until and not self.over:
            self._time_out()
            return
        if pending.window_until is not None and now >= pending.window_until:
            pending.window_until = None  # closed and dealt with: no longer a deadline (the turn seat is awaited)

    # -- checking a move ------------------------------------------------------------------------
    def _steps(self, move: Action | str | Sequence[Action]) -> Move:
        if isinstance(move, str):
            return self.game.parse_move(move)
        if isinstance(move, Action):
            return (move,)
        steps = tuple(move)
        if not steps or not all(isinstance(s, Action) for s in steps):
            raise NotationError("a move is one or more actions")
        return steps

    def _check_move(self, seat: int, steps: Move) -> None:
        """Check every step on the state the ones before it make; the last must end the move."""
        state, last = self.state, len(steps) - 1
        for i, step in enumerate(steps):
            self.game.check(state, seat, step)
            goes_on = self.game.continues(state, seat, step)
            if goes_on and i == last:
                raise MoveError("C6", f"the move is not finished after {step}: send the whole move in one")
            if not goes_on and i < last:
                raise MoveError("C6", f"the move ends with {step}: {steps[i + 1]} cannot follow it")
            if i < last:
                state, _ = self.game.apply(state, seat, step)

    def _is_ready(self, seat: int, steps: Move) -> bool:
        """A person's ``pass`` to an open window with no call of its own to decline: it only
        says "go on".  Taken from every person alike, whether or not it could call (C4)."""
        return (len(steps) == 1 and is_pass(steps[0]) and seat not in self.bots and self.window_open()
                and seat not in self.game.actors(self.state))

    def _stale(self, seat: int, text: str, at: int) -> Notice:
        """An answer meant for a state that is gone (or never was): too late, never applied."""
        if not 0 <= at < self.seq:
            return self._tell(Notice("refused", seat, f"there is no position {at} (the table is at {self.seq})",
                                     "C5", move=text))
        mover = self.actions[at][1]
        who = "you" if mover == seat else "the host" if mover is None else f"seat {mover}"
        said = f"too late for your {text}: {who} moved first, and the table has moved on"
        return self._tell(Notice("too_late", seat, said, by=mover, move=text))

    def _refuse_or_late(self, seat: int, steps: Move, text: str, exc: KakehikiError) -> Notice:
        """Too late if the move was allowed on the state just replaced; else refused, naming the rule."""
        previous, mover = self._last
        if previous is not None and mover != seat and self.game.can(previous, seat, steps[0]):
            who = f"seat {mover}" if mover is not None else "the host"
            said = f"too late for your {text}: {who} moved first"
            return self._tell(Notice("too_late", seat, said, by=mover, move=text))
        return self._tell(Notice("refused", seat, str(exc), getattr(exc, "rule", ""), move=text))

    # -- resolving ------------------------------------------------------------------------------
    def _watched(self) -> bool:
        """Whether people (or spectators) follow this table: then bots wait for the pace and
        are asked only once a change has been published."""
        return self.pace_always or any(s not in self.bots for s in range(self.players))

    def _window(self) -> float | None:
        """The new state's window of calls, in seconds (``None``: none).  With two people or
        more, or spectators, wherever calls may be open by what everybody sees: the pace must
        not tell anyone who could call.  With one person (the rest bots, which answer at
        once), only where that person may call out of turn: a choice the person knows, so
        skipping it tells them nothing."""
        reaction = self.clocks.reaction
        if reaction is None or self.over:
            return None
        if reaction == "auto":
            reaction = self.game.reaction_seconds(self.state)
        people = [s for s in range(self.players) if s not in self.bots]
        if len(people) > 1 or self.pace_always:
            return reaction if self.game.calls_open(self.state) else None
        turn = self.game.turn_seat(self.state)
        mine = any(s != turn for s in people if s in self.game.actors(self.state))
        return reaction if mine else None

    def _people_done(self) -> bool:
        """Every person present has answered the window (or made the change it answers)."""
        pending, mover = self._pending, self._last[1]
        return all(s in pending.answers or s in pending.ready or s == mover
                   for s in range(self.players) if s not in self.bots and s not in self._away)

    def _window_closed(self, now: float) -> bool:
        pending = self._pending
        if pending.window_until is None or now >= pending.window_until:
            return True
        released = pending.release_at is None or now >= pending.release_at
        return released and self._people_done()

    def _resolve(self) -> None:
        """Apply the answers that C4 and the clocks allow now; ask again on the new state."""
        while not self.over:
            moves = self._decided_moves()
            if not moves:
                return
            for seat, steps in moves:
                if self.over or seat not in self.game.actors(self.state):
                    break
                self._apply(seat, steps)
            self._open()

    def _decided_moves(self) -> list[tuple[int, Move]]:
        """The moves to apply now, by priority, or none while the table must wait.

        With a reaction clock nothing is decided while the window is open, whatever the
        answers: so the pace is the same whoever could call.  When it closes, the first claim
        in priority wins; without one the turn seat's move is made once it comes (closing the
        window by itself), or, with no turn seat, every seat declines (one that did not answer
        included).  Without a reaction clock the window closes once every other actor has
        answered, and a claim waits only for the seats ahead of it (bots-only tables, C4 at once)."""
        actors, turn = self.game.actors(self.state), self.game.turn_seat(self.state)
        answers = self._pending.answers
        timed = self.clocks.reaction is not None
        if timed and not self._window_closed(self.clock()):
            return []
        closed = timed or all(s in answers for s in actors if s != turn)
        ordinary: tuple[int, Move] | None = None
        for seat in actors:
            move = answers.get(seat)
            if move is None:
                if seat == turn and timed:
                    continue  # it did not call within the window; its move is still awaited
                if seat == turn or not closed:
                    return []
                continue
            if self._is_claim(seat, move[0]):
                self._tell_losers(seat)
                return [(seat, move)]
            if not is_pass(move[0]) or seat == turn:
                ordinary = ordinary or (seat, move)
        if not closed or (turn is not None and turn not in answers):
            return []
        if ordinary is not None:
            return [ordinary]
        return [(s, answers.get(s) or (self.game.parse_action("pass"),)) for s in actors]

    def _is_claim(self, seat: int, action: Action) -> bool:
        """A call that takes priority: neither a decline nor the turn seat's ordinary move."""
        return not is_pass(action) and not self.game.yields_to_calls(self.state, seat, action)

    def _tell_losers(self, winner: int) -> None:
        """Tell every other seat whose answer (a claim, or the turn seat's move) is not applied."""
        self._losers = {}
        for seat, steps in self._pending.answers.items():
            if seat != winner and not (is_pass(steps[0]) and seat != self.game.turn_seat(self.state)):
                text = self.game.move_text(steps)
                said = (f"seat {winner} had priority: calls made together go by seat order from the turn, "
                        f"not by speed; your {text} was not made")
                self._losers[seat] = self._tell(Notice("lost_priority", seat, said, by=winner, move=text))

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
            self._last = (self.state, None)
            self._record(None, str(move), state, events)
        else:
            self._apply(seat, self._finish(seat, self.game.parse_action(move) if isinstance(move, str) else move))
        self._open()
        self._resolve()

    def _finish(self, seat: int, first: Action) -> Move:
        """A clock's move for ``seat``: ``first``, and where it goes on, the fallback bot's steps to its end."""
        if not self.game.continues(self.state, seat, first):
            return (first,)
        state, _ = self.game.apply(self.state, seat, first)
        return (first, *self._bot_steps(state, seat, make_bot(self.game.id, self.fallback_bot)))

    def _apply(self, seat: int, steps: Move) -> None:
        """One whole move: its steps applied in turn, every event told once the move is made."""
        before, events = self.state, list[Event]()
        for step in steps:
            self.actions.append((self.game.round_of(self.state), seat, step))
            self.state, caused = self.game.apply(self.state, seat, step)
            events.extend(caused)
        self._last = (before, seat)
        self._tell_events(tuple(events))

    def _record(self, seat: int | None, action: Action | str, state: Any, events: tuple[Event, ...]) -> None:
        self.actions.append((self.game.round_of(self.state), seat, action))
        self.state = state
        self._tell_events(events)

    def _tell_events(self, events: tuple[Event, ...]) -> None:
        for reader, box in self._inboxes.items():
            box.extend(seen for e in events if (seen := e.seen_by(reader)) is not None)

    def _open(self) -> None:
        """A new state: clear the answers, start its clocks; bots answer at once where nobody
        watches, else on the next poll (once the change is published)."""
        now = self.clock()
        window, pace, turn = self._window(), self.clocks.pace, self.clocks.turn
        watched = self._watched()
        self._pending = pending = _Pending(now)
        pending.window_until = None if window is None else now + window
        if watched and pace is not None:
            pending.release_at = now + (pace if window is None else min(pace, window))
        if turn is not None and self.game.turn_seat(self.state) is not None:
            pending.turn_until = now + max(turn, window or 0.0)
        if not watched:
            self._ask_bots()

    # -- bots ------------------------------------------------------------------------------------
    def _to_ask(self) -> bool:
        """Whether the bots have yet to be asked about the current state.  Whether or not one of
        them is asked: that depends on their cards, so the host's timing must not."""
        return not self._pending.asked and not self.over and bool(self.bots)

    def _ask_bots(self) -> None:
        pending = self._pending
        if pending.asked or self.over:
            return
        pending.asked = True
        for seat in self.game.actors(self.state):
            bot = self.bots.get(seat)
            if bot is not None and seat not in pending.answers:
                if self.thinkers is None:
                    self._given(seat, self._bot_steps(self.state, seat, bot))
                else:
                    pending.thinking[seat] = self.thinkers.think(
                        seat, self.rngs[seat], self.clock(), functools.partial(self._bot_steps, self.state, seat, bot))

    def _given(self, seat: int, move: Move) -> None:
        """A bot's answer: it counts at once, or once released where people watch (``pace``)."""
        pending = self._pending
        if pending.release_at is None:
            pending.answers[seat] = move
        else:
            pending.held[seat] = move

    def _collect(self, now: float) -> None:
        """Take the thoughts that ended; past the budget, play the fallback bot's move instead."""
        pending, thinkers = self._pending, self.thinkers
        for seat, thought in list(pending.thinking.items()):
            if thought.future.done():
                del pending.thinking[seat]
                try:
                    move = thought.future.result()
                except Exception:  # a bot that fails: the fallback bot decides, as for a late one
                    move = self._fallback_steps(seat)
                else:
                    self.rngs[seat] = thought.rng
                self._given(seat, move)
            elif thinkers is not None and thought.overdue(now, thinkers.budget):
                del pending.thinking[seat]
                thinkers.overruns += 1
                self._given(seat, self._fallback_steps(seat))

    def _fallback_steps(self, seat: int) -> Move:
        return self._bot_steps(self.state, seat, make_bot(self.game.id, self.fallback_bot))

    def _bot_steps(self, state: Any, seat: int, bot: Bot, rng: random.Random | None = None) -> Move:
        """A bot's whole move: asked step by step on the private states between."""
        steps: list[Action] = []
        rng = self.rngs[seat] if rng is None else rng
        while True:
            action = decide(self.game, state, seat, bot, rng)
            steps.append(action)
            if not self.game.continues(state, seat, action):
                return tuple(steps)
            state, _ = self.game.apply(state, seat, action)

    def _release(self, now: float) -> None:
        pending = self._pending
        if pending.held and pending.release_at is not None and now >= pending.release_at:
            for seat, move in pending.held.items():
                pending.answers.setdefault(seat, move)
            pending.held = {}

    def _replace_the_absent(self, now: float) -> None:
        if self.clocks.grace is None:
            return
        for seat, since in list(self._away.items()):
            if now >= since + self.clocks.grace:
                del self._away[seat]
                self.bots[seat] = make_bot(self.game.id, self.fallback_bot)
                self.replaced.add(seat)
                self._broadcast(Notice("replaced_by_bot", seat, f"seat {seat} is played by a bot now"))
                self._pending.asked = False

    # -- telling ---------------------------------------------------------------------------------
    def tell(self, notice: Notice) -> Notice:
        """Tell one seat a notice of its host's (a learn room's refusal of a move the guide
        does not point at): the seat reads it in its inbox like the table's own."""
        return self._tell(notice)

    def _tell(self, notice: Notice) -> Notice:
        if type(notice.seat) is int and notice.seat in self._inboxes:  # a refused non-seat has no inbox
            self._inboxes[notice.seat].append(notice)
        return notice

    def _broadcast(self, notice: Notice) -> None:
        for box in self._inboxes.values():
            box.append(notice)


def bots_table(game: Game[Any, Any, Any], state: Any, bots: Sequence[Bot], seed: int = 0) -> Table:
    """A table of bots only, every clock off: it plays to the end at once, as ``play_out`` does."""
    table = Table(game, state, Clocks(grace=None), bots=dict(enumerate(bots)), seed=seed)
    table.poll()
    return table
