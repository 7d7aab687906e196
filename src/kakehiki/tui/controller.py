"""The table screen's thin controller: the person's seat on a :class:`~kakehiki.table.Table`.

It holds no rules: it asks the table what the person sees (``view(0)``, the inbox), which
whole moves they have (:func:`~kakehiki.cli.choices.choices_for`), and sends every move
through :meth:`Table.submit` with ``at``: the state **painted on screen** when the key came
(:attr:`Controller.shown_at`, set by the app once a refresh has drawn it).  A key that comes
after its window's deadline first lets the table close the window, then is sent for the
state the person saw, so it is refused as too late and never applied to a state they did
not see (as the line mode does with a line typed past its countdown).

Nothing here imports Textual: the controller is plain Python, tested without a screen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kakehiki.cards import Card
from kakehiki.cli.choices import Choice, Choices, choices_for
from kakehiki.core import Action, Game
from kakehiki.i18n import has, t
from kakehiki.narrate import Narrator, reason_text, seats_text
from kakehiki.narrate.notices import notice_line
from kakehiki.table import Notice, Table
from kakehiki.tui.clock import PausableClock
from kakehiki.tui.picking import moves_of, typed_move

HUMAN = 0
CALL_WORDS = ("dobon", "doubt", "show")
"""A move starting with one of these is what the call key (``c``) makes."""


@dataclass(frozen=True)
class Line:
    """One line of the live log, with its style (``""``: plain)."""

    text: str
    style: str = ""


@dataclass(frozen=True)
class Pause:
    """The result shown between rounds or at the end, until a key: ``final`` ends the app."""

    title: str
    lines: tuple[str, ...]
    final: bool


@dataclass(frozen=True)
class Countdown:
    """A window of calls running: seconds left of ``total``; ``yours``: the person may call."""

    left: float
    total: float
    yours: bool


@dataclass
class Controller:
    """The person (seat 0) at ``table``, narrated in ``narrator``'s language."""

    table: Table
    labels: Sequence[str]
    narrator: Narrator
    clock: PausableClock
    log: list[Line] = field(default_factory=list)
    picked: list[int] = field(default_factory=list)
    """Positions in the hand, in the order picked."""
    cursor: int = 0
    highlight: int = 0
    pause: Pause | None = None
    shown_at: int = -1
    answered_at: int = -1
    confirm: tuple[str, int] | None = None
    rounds_seen: int = 0
    last_notice: Notice | None = None
    """What the table said of the person's last move sent (tests read it)."""
    _picked_from: tuple[Card, ...] = ()
    _cache: tuple[int, Choices] | None = None
    _shown: Choices = field(default_factory=Choices)
    _offered_call_at: int = -1

    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.table.game

    @property
    def lang(self) -> str:
        return self.narrator.lang

    def t(self, key: str, /, **fields: object) -> str:
        return t(key, lang=self.lang, **fields)

    # -- what the screen shows ---------------------------------------------------------------
    def start(self) -> None:
        """The bots' first moves made (as far as the pace lets them), the screen's first state."""
        self.table.catch_up()
        self.drain()

    def view(self) -> Any:
        return self.table.view(HUMAN)

    def hand(self) -> tuple[Card, ...]:
        hand = getattr(self.view(), "hand", None)
        return tuple(hand or ())

    def choices(self) -> Choices:
        """The person's whole moves on the current state (none once answered)."""
        seq = self.table.seq
        if self._cache is None or self._cache[0] != seq:
            self._cache = (seq, choices_for(self.game, self.table.state, HUMAN, self.loses_at_once))
        return Choices() if self.answered_at == seq else self._cache[1]

    def picked_cards(self) -> list[Card]:
        hand = self.hand()
        return [hand[i] for i in self.picked if i < len(hand)]

    def offered(self, choices: Choices | None = None) -> list[Choice]:
        """The moves on offer for the cards picked: with none picked, the moves using no card
        of the hand (calls, draw, pass) first, then the usual list."""
        choices = self.choices() if choices is None else choices
        hand = self.hand()
        if self.picked:
            return moves_of(choices.every, hand, self.picked_cards())
        plain = moves_of(choices.every, hand, [])
        return plain + [c for c in choices.listed if c not in plain]

    def prompt(self) -> str:
        """What kind of decision the person faces, or what the table waits for."""
        if self.table.over:
            return self.t("tui.over")
        if not self.choices():
            return self.t("tui.waiting")
        return self.narrator.prompt(self.view(), self.game.legal_actions(self.table.state, HUMAN))

    def countdown(self) -> Countdown | None:
        until, _ = self.table.deadlines()
        if until is None or not self.table.window_open():
            return None
        reaction = self.table.clocks.reaction
        total = self.game.reaction_seconds(self.table.state) if reaction == "auto" else float(reaction or 0.0)
        yours = bool(self.choices()) and self.game.turn_seat(self.table.state) != HUMAN
        return Countdown(max(0.0, until - self.clock()), max(total, 0.001), yours)

    def countdown_text(self, countdown: Countdown) -> str:
        seconds = math.ceil(countdown.left * 10) / 10
        return self.t("tui.countdown_you" if countdown.yours else "tui.countdown", seconds=f"{seconds:.1f}")

    def mark_shown(self) -> None:
        """The screen now shows the current state: keys from now on answer it."""
        self.shown_at = self.table.seq
        self._shown = self.choices()
        if self.countdown() is not None and self._shown and self.game.turn_seat(self.table.state) != HUMAN:
            self._offered_call_at = self.shown_at

    # -- time --------------------------------------------------------------------------------
    def due(self) -> bool:
        deadline = self.table.next_deadline()
        return deadline is not None and deadline <= self.clock()

    def tick(self) -> bool:
        """Let the table do what is due (bots, windows closing); whether anything changed."""
        if self.pause is not None or not self.due():
            return False
        self.catch_up()
        return True

    def catch_up(self) -> None:
        seq = self.table.seq
        self.table.catch_up()
        if self.table.seq != seq and self._offered_call_at == seq and self.answered_at != seq:
            self.say(self.t("play.window_passed"), "dim")
        self.drain()

    def drain(self) -> None:
        """The person's inbox into the log (events already censored for seat 0), then a
        pause if a round or the game ended."""
        for message in self.table.inbox(HUMAN):
            if isinstance(message, Notice):
                if message.kind != "accepted":
                    self.say(notice_line(message, self.narrator, self.labels), "red")
            elif (line := self.narrator.event(message, self.labels)) is not None:
                self.say(line)
        self.check_pause()

    def check_pause(self) -> None:
        if self.pause is not None:
            return
        result = self.game.result(self.table.state)
        rounds = self.game.round_results(self.table.state)
        recent = tuple(line.text for line in self.log[-6:])  # the Dobon or the Show that ended it
        if result is not None:
            self.hold(Pause(self.t("tui.game_over"), (*recent, "", *self.narrator.result(result, self.labels)), True))
        elif len(rounds) > self.rounds_seen:
            number = len(rounds)
            latest = rounds[-1]
            key = f"{self.game.id}.result.round" if has(f"{self.game.id}.result.round") else "result.round"
            said = self.t(key, number=number, winners=seats_text(latest.winners, self.labels, lang=self.lang),
                          losers=seats_text(latest.losers, self.labels, lang=self.lang),
                          reason=reason_text(latest.reason, lang=self.lang))
            self.hold(Pause(self.t("tui.round_over", number=number), (*recent, "", said.strip()), False))
        self.rounds_seen = len(rounds)

    def hold(self, pause: Pause) -> None:
        self.pause = pause
        self.clock.pause()  # the table's clocks stop while the person reads

    def resume(self) -> None:
        """The person read the result: the table's clocks run again."""
        if self.pause is not None and not self.pause.final:
            self.pause = None
            self.clock.resume()

    # -- what the person does -----------------------------------------------------------------
    def sync(self) -> None:
        """After a change: a pick made from another hand is put back (its positions would name
        other cards now), and the cursor stays on a card."""
        hand = self.hand()
        if hand != self._picked_from:
            self.clear()
            self._picked_from = hand
        self.cursor = min(self.cursor, max(0, len(hand) - 1))

    def move_cursor(self, step: int) -> None:
        size = len(self.hand())
        self.cursor = (self.cursor + step) % size if size else 0

    def toggle(self, position: int | None = None) -> None:
        """Pick the card at ``position`` (default: the cursor's) or put it back."""
        position = self.cursor if position is None else position
        if not 0 <= position < len(self.hand()):
            return
        self.cursor = position
        if position in self.picked:
            self.picked.remove(position)
        else:
            self.picked.append(position)
        self.highlight = 0

    def clear(self) -> None:
        self.picked.clear()
        self.highlight = 0

    def move_highlight(self, step: int) -> None:
        count = len(self.offered())
        self.highlight = (self.highlight + step) % count if count else 0

    def play(self, number: int | None = None) -> None:
        """Enter (the highlighted move) or a number key (the move so numbered), answering the
        moves painted on screen.  A pick that makes no move is sent as typed, to be refused."""
        at, shown = self.shown_at, self.offered(self._shown)
        index = self.highlight if number is None else number - 1
        if self.picked and not shown and number is None:
            self.send(typed_move(self.game.id, self.picked_cards()), at)
        elif not self._shown:
            self.say(self.t("play.nothing_to_do"), "dim")
        elif 0 <= index < len(shown):
            self.send(shown[index].text, at)
        else:
            self.say(self.t("play.bad_number", number=index + 1, count=len(shown)), "red")

    def key_move(self, kind: str) -> None:
        """The call key (``call``), ``pass`` or ``draw``: the move of that kind painted on screen."""
        at = self.shown_at
        for choice in self._shown.every:
            word = choice.text.split()[0]
            if (word in CALL_WORDS if kind == "call" else choice.text == kind) and not self.loses_at_once(choice.first):
                self.send(choice.text, at)
                return
        self.say(self.t(f"tui.no_{kind}"), "dim")

    def send(self, move: str, at: int) -> Notice | None:
        """The move to the table for the state ``at``; a deadline already past is met first."""
        if at == self.table.seq and self.confirm != (move, at) and self.loses_at_once_text(move):
            self.confirm = (move, at)
            self.say(self.t("tui.self_dobon", rule="J10"), "bold red")
            return None
        self.confirm = None
        if self.due():
            self.catch_up()
        seq = self.table.seq
        notice = self.last_notice = self.table.submit(HUMAN, move, at=at)
        if notice.kind == "accepted":
            self.answered_at = at
            self.clear()
            if self.table.seq == seq:
                self.say(self.t("play.taken", action=move), "dim")
        self.drain()
        return notice

    def loses_at_once(self, action: Action) -> bool:
        """A Dobon on the person's own card: a sure loss (J10), asked about first."""
        return self.loses_at_once_text(str(action))

    def loses_at_once_text(self, move: str) -> bool:
        return move.startswith("dobon") and getattr(self.view(), "top_owner", None) == HUMAN

    def say(self, text: str, style: str = "") -> None:
        self.log.append(Line(text, style))

