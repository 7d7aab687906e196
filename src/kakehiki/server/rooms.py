"""Rooms: a game, its seats and their tokens, its settings, and, once started, its :class:`Table`.

A room knows nothing of sockets: the server asks it for each seat's frames
(:meth:`Room.frames`) after every change.  Everything a frame holds comes from the
seat's own view, events censored with ``seen_by`` and the table's notices to it; the
seed stays in the room until the game is over (only its commitment is shown).
"""

from __future__ import annotations

import hashlib
import itertools
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from kakehiki.bots import make_bot
from kakehiki.cards import Card
from kakehiki.core import Event, Game, jsonable
from kakehiki.learn import LEARNER, Lesson
from kakehiki.learn.lesson import attach
from kakehiki.manifest import find
from kakehiki.narrate import narrator_for
from kakehiki.narrate.notices import notice_line
from kakehiki.record import make_record
from kakehiki.server.protocol import SCALAR_TYPES, event_frame, notice_frame, plain
from kakehiki.server.settings import BOT_WORDS_JA, RequestError, RoomSettings
from kakehiki.table import Message, Notice, Table
from kakehiki.thinking import Thinkers

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 8
MOVES: Final = 200
"""How many whole moves a state frame lists at most (``moves_more`` says there are more: the
page builds those from the cards picked, and the table checks them)."""
CHAT_KEPT: Final = 50
"""How many of its latest chat frames a room keeps (in memory only) for whoever (re)connects."""
VIEW_ENTRIES: Final = 64
"""How many of its latest entries a state frame carries of a view's list of records (a game's
log, the plays on the pile), so that a frame stays the same size however long the game: the
frame's ``cut`` says how many older ones were left out, and ``earlier`` asks for them.  Lists of
cards (hands, the discard) are bounded by the deck and always sent whole."""
HISTORY: Final = 300
"""How many of its latest event frames a seat is sent again when it (re)connects."""
Frame = dict[str, Any]
Ref = str | int
ANSWER_KINDS: Final = frozenset({"accepted", "refused", "too_late", "lost_priority"})
"""The notices about a seat's own ``act``: those echo its ``ref``."""


def shard_of(code: str, shards: int) -> int:
    """Which of ``shards`` processes owns the room: by the code's first character, so that a
    proxy in front can route a room's requests with a pattern on its path (``docs/load.md``)."""
    return CODE_ALPHABET.index(code[0]) % shards if code and code[0] in CODE_ALPHABET else -1


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """Only this is stored: a leaked database gives nobody a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    nickname: str | None = None
    token_hash: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        return self.nickname is None and self.bot is None

    def label(self, seat: int, lang: str = "en") -> str:
        """The seat's name in narration: its person's nickname, else its bot's (in ``lang``)."""
        if self.nickname:
            return self.nickname
        if lang == "ja":
            return f"ボット{seat}（{BOT_WORDS_JA.get(self.bot, self.bot)}）" if self.bot else f"席{seat}"
        return f"bot {seat} ({self.bot})" if self.bot else f"seat {seat}"


@dataclass(frozen=True)
class AnswerNotice(Notice):
    """A notice about an ``act`` that carried a ``ref``: its frame echoes it, so that a client
    can tell which of its messages the table answered."""

    ref: Ref | None = None


@dataclass
class Room:
    """One room; see the module's docstring.  ``status``: ``lobby``, ``playing`` or ``over``."""

    code: str
    game: Game[Any, Any, Any]
    options: dict[str, Any]
    seats: list[Seat]
    settings: RoomSettings
    seed: int
    salt: str
    commitment: str
    host_token_hash: str
    created_at: float
    status: str = "lobby"
    table: Table | None = None
    initial: Any = None
    stored: int = 0
    saved_pending: dict[int, str] = field(default_factory=dict)
    record: dict[str, Any] | None = None
    ended: float | None = None
    """When the game ended (the host's monotonic clock), to forget the room a while later."""
    next: str | None = None
    """The code of the room its people play again in (``again``), once one is made and stored."""
    made_next: str | None = None
    """That room's code from when it is made (people are told ``next``, once it is stored)."""
    history: dict[int | None, deque[Message]] = field(default_factory=dict)
    sent: dict[int | None, tuple[int, str]] = field(default_factory=dict)
    """The moment (actions applied, status) of the last state frame each seat was sent."""
    encoder: ViewEncoder = field(default_factory=lambda: ViewEncoder())
    _refs: list[tuple[Notice, Ref]] = field(default_factory=list)
    """The notices the table just gave ``act`` messages that carried a ``ref`` (by identity)."""
    _answer_refs: dict[int, tuple[int, str, Ref]] = field(default_factory=dict)
    """Per seat, its answer waiting on the current state: (actions applied then, the move,
    its ``ref``); a ``lost_priority`` about that move, told later, echoes the ref too."""
    _narrators: dict[tuple[int | None, str], Any] = field(default_factory=dict)
    present: set[int] = field(default_factory=set)
    """The seats with an open connection now (the server keeps this: ``here`` in :meth:`public`)."""
    final: tuple[int, Any] | None = None
    """A finished room read back from the store: (its actions, its last state), replayed from its log."""
    chat: deque[Frame] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    """The latest chat frames (memory only: a restart forgets them)."""
    lesson: Lesson | None = None
    """A learn room's guide (:mod:`kakehiki.learn`): its bots play the script, its learner's
    state frames carry the hints.  Not stored: a learn room restored plays on without it."""

    # -- what anybody may know -------------------------------------------------------------
    def labels(self, lang: str = "en") -> list[str]:
        return [seat.label(i, lang) for i, seat in enumerate(self.seats)]

    def public(self) -> dict[str, Any]:
        """The room as everybody (spectators included) may see it: never a token or the seed before the end."""
        table = self.table
        info: dict[str, Any] = {
            "code": self.code, "game": self.game.id, "version": self.game.version, "title": self.game.title_en,
            "title_ja": self.game.title_ja, "options": self.options, "settings": self.settings.to_json(),
            "status": self.status, "commitment": self.commitment,
            "seats": [{"seat": i, "nickname": s.nickname, "bot": s.bot,
                       "away": table is not None and (i in table.away() or i in table.replaced),
                       "replaced": table is not None and i in table.replaced,
                       "here": i in self.present} for i, s in enumerate(self.seats)],
        }
        if self.status == "over":
            info["reveal"] = {"seed": self.seed, "salt": self.salt, "hash": self.commitment}
        info["next"] = self.next
        return info

    # -- frames ----------------------------------------------------------------------------
    def moment(self) -> tuple[int, str]:
        """Where the room is: actions applied and its status (a state frame is sent once per moment)."""
        return len(self.table.actions) if self.table else 0, self.status

    def take_messages(self, seat: int | None) -> list[Message]:
        """The table's new messages for ``seat``, kept in its history for a reconnect."""
        if self.table is None:
            return []
        messages = [self._with_ref(seat, m) for m in self.table.inbox(seat)]
        if messages:
            kept = self.history.get(seat)
            if kept is None:
                kept = self.history[seat] = deque(maxlen=HISTORY)
            kept.extend(messages)
        return messages

    def answered(self, seat: int, notice: Notice, ref: Ref | None, at: int) -> None:
        """``seat``'s ``act`` (with ``ref``, on the state after ``at`` actions) got ``notice``:
        echo the ref in it, and in a ``lost_priority`` about the answer it gave, if one comes."""
        if ref is not None:
            self._refs.append((notice, ref))
        if notice.kind == "accepted" and ref is not None:
            self._answer_refs[seat] = (at, notice.move, ref)
        elif notice.kind == "accepted":
            self._answer_refs.pop(seat, None)

    def forget_refs(self) -> None:
        """After every seat took its messages: the answers to a state replaced can no longer lose."""
        self._refs.clear()
        now = len(self.table.actions) if self.table else 0
        self._answer_refs = {s: entry for s, entry in self._answer_refs.items() if entry[0] == now}

    def _with_ref(self, seat: int | None, message: Message) -> Message:
        if not isinstance(message, Notice) or message.kind not in ANSWER_KINDS or message.seat != seat:
            return message
        ref = next((r for notice, r in self._refs if notice is message), None)
        waiting = self._answer_refs.get(seat) if seat is not None else None
        if ref is None and message.kind == "lost_priority" and waiting is not None and waiting[1] == message.move:
            ref = waiting[2]
        if ref is None:
            return message
        return AnswerNotice(**{f.name: getattr(message, f.name) for f in fields(message)}, ref=ref)

    def message_frames(self, seat: int | None, messages: list[Message], lang: str) -> list[Frame]:
        if not messages:
            return []
        seq = len(self.table.actions) if self.table else 0
        narrator = self._narrator(seat, lang)
        labels = self.labels(lang)
        frames: list[Frame] = []
        for message in messages:
            if isinstance(message, Notice):
                frames.append(notice_frame(seq, message, notice_line(message, narrator, labels)))
            elif isinstance(message, Event):
                frames.append(event_frame(seq, message, narrator.event(message, labels)))
        return frames

    def state_frame(self, seat: int | None) -> Frame:
        """What ``seat`` (``None``: a spectator) sees now: its view, whose turn, what it may do, the clocks."""
        table = self.table
        if table is None and self.final is not None:  # a finished room read back from the store
            return self._final_frame(seat)
        if table is None:
            return {"type": "state", "seq": 0, "status": self.status, "view": None, "turn": None, "legal": []}
        game, state = self.game, table.state
        legal: list[str] = []
        moves: list[str] = []
        if seat is not None and seat in game.actors(state):
            legal = [str(a) for a in game.legal_actions(state, seat)]
            moves = [text for _, text in itertools.islice(game.legal_move_texts(state, seat), MOVES + 1)]
        window, turn_until = table.deadlines()
        now = table.clock()
        view = game.view(state, seat)
        shown, cut = self.encoder.bounded(view)
        return {
            "type": "state", "seq": len(table.actions), "status": self.status,
            "view": shown, **({"cut": cut} if cut else {}), "turn": game.turn_seat(state), "legal": legal,
            "window_ms": _ms_left(window, now), "turn_ms": _ms_left(turn_until, now),
            "window": table.window_open(),
            "moves": moves[:MOVES], "moves_more": len(moves) > MOVES,
            **_hand_total(game.id, view),
            **({"learn": self.lesson.frame(len(table.actions), table.over)}
               if self.lesson is not None and seat == LEARNER else {}),
        }

    def _final_frame(self, seat: int | None) -> Frame:
        """The last state of a game read back after a restart, as ``seat`` sees it (nothing to do)."""
        assert self.final is not None
        seq, state = self.final
        view = self.game.view(state, seat)
        shown, cut = self.encoder.bounded(view)
        return {"type": "state", "seq": seq, "status": self.status, "view": shown, **({"cut": cut} if cut else {}),
                "turn": None, "legal": [], "window_ms": None, "turn_ms": None, "window": False,
                "moves": [], "moves_more": False, **_hand_total(self.game.id, view)}

    def earlier_frame(self, seat: int | None, name: str, before: int) -> Frame:
        """Entries of the list ``name`` of ``seat``'s current view that a state frame left out
        (``cut``): up to :data:`VIEW_ENTRIES` of them, those just before index ``before``."""
        table = self.table
        if table is not None:
            seq, state = len(table.actions), table.state
        elif self.final is not None:
            seq, state = self.final
        else:
            raise RequestError("no_view", "there is no table yet: nothing was left out", status=409)
        view = self.game.view(state, seat)
        values = view._asdict() if hasattr(view, "_asdict") else {}
        entries = values.get(name)
        if not isinstance(entries, tuple) or hasattr(entries, "_asdict"):
            raise RequestError("bad_field", f"the view has no list {name[:40]!r}", "field")
        end = min(before, len(entries))
        start = max(0, end - VIEW_ENTRIES)
        return {"type": "earlier", "seq": seq, "field": name, "from": start, "total": len(entries),
                "entries": [self.encoder.entry(e) for e in entries[start:end]]}

    def over_frame(self) -> Frame:
        result = self.game.result(self.table.state) if self.table else None
        shown = result.to_dict() if result else (self.record or {}).get("result")
        return {"type": "over", "result": shown,
                "reveal": {"seed": self.seed, "salt": self.salt, "hash": self.commitment},
                "record": f"/api/rooms/{self.code}/record"}

    def _narrator(self, seat: int | None, lang: str) -> Any:
        key = (seat, lang)
        if key not in self._narrators:
            self._narrators[key] = narrator_for(self.game.id, lang, seat)
        return self._narrators[key]

    # -- the game --------------------------------------------------------------------------
    def begin(self, state: Any, clock: Callable[[], float], bot_seed: int,
              done: Sequence[tuple[int, int | None, Any]] = (), timed_out: frozenset[int] = frozenset(),
              thinkers: Thinkers | None = None) -> None:
        """Seat the bots and open the table on ``state``: a new deal, or a restored game
        whose log so far is ``done`` (``timed_out``: the positions the turn clock made)."""
        bots = dict(self.lesson.bots()) if self.lesson is not None and not done else \
            {i: make_bot(self.game.id, s.bot) for i, s in enumerate(self.seats) if s.bot}
        table = self.table = Table(self.game, state, self.settings.clocks, clock, bots=bots, seed=bot_seed,
                                   fallback_bot=self.settings.fill_bot, pace_always=True,
                                   thinkers=None if self.lesson is not None else thinkers)
        attach(bots, lambda: len(table.actions))
        self.table.actions = list(done)
        self.table.timed_out = set(timed_out)
        self.stored = len(done)
        self.status = "playing"

    def remember(self, events: Sequence[Event]) -> None:
        """Put events (a restored game's) in every seat's history, censored for each."""
        for seat in (*range(len(self.seats)), None):
            box = self.history.setdefault(seat, deque(maxlen=HISTORY))
            box.extend(seen for e in events if (seen := e.seen_by(seat)) is not None)

    def finished_record(self) -> dict[str, Any]:
        from kakehiki.fairness import commitment_field

        assert self.table is not None
        return make_record(self.game, self.initial, self.table.actions, self.labels(), self.table.state,
                           commitment_field(self.seed, self.salt))

    def seat_for_token(self, token: str) -> int:
        digest = token_hash(token)
        for i, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return i
        raise RequestError("bad_token", "no seat of this room has that token", "token", status=403)


class ViewEncoder:
    """Views as JSON, as their ``to_dict`` gives them, without converting the same public
    record twice.  A view's long tuples (a game's log, the field) grow by an entry or two a
    move and keep their old entries, the same objects, from state to state and seat to seat:
    each entry is converted once and remembered by identity (the entry itself is kept, so
    its identity cannot be reused while remembered)."""

    LONG: Final = 8
    LIMIT: Final = 50_000
    LISTS: Final = 256

    def __init__(self) -> None:
        self._memo: dict[int, tuple[object, Any]] = {}
        self._last: dict[tuple[str, int], tuple[object, Any, int]] = {}
        """Each field of the last view bounded, converted: every seat's view of one state shares
        most of its fields (the same objects), converted once for all of them."""
        self._lists: dict[tuple[int, int], tuple[object, list[Any]]] = {}
        """Whole lists converted, by identity and how many of their last entries: every seat's
        view of one state shares the state's log and field, converted once for all of them."""

    def view(self, view: Any) -> Any:
        """The whole view, every list whole."""
        if not hasattr(view, "_asdict"):
            return view.to_dict() if hasattr(view, "to_dict") else jsonable(view)
        return {name: self._value(value) for name, value in view._asdict().items()}

    def bounded(self, view: Any, keep: int = VIEW_ENTRIES) -> tuple[Any, dict[str, int]]:
        """The view with each list of records cut to its last ``keep`` entries (lists of cards
        whole), and how many entries each cut list left out at its start."""
        if not hasattr(view, "_asdict"):
            return self.view(view), {}
        shown: dict[str, Any] = {}
        cut: dict[str, int] = {}
        last = self._last
        for name, value in zip(view._fields, view, strict=True):
            if type(value) in SCALAR_TYPES:
                shown[name] = value
                continue
            seen = last.get((name, keep))
            if seen is None or seen[0] is not value:  # not the same object as the last view's
                again = None if seen is None or type(value) is not tuple else self._again(seen, value, keep)
                seen = last[name, keep] = (value, *(again or self._field(value, keep)))
            shown[name] = seen[1]
            if seen[2]:
                cut[name] = seen[2]
        return shown, cut

    def _again(self, seen: tuple[object, Any, int], value: tuple[Any, ...], keep: int) -> tuple[Any, int] | None:
        """``value`` converted from the last view's conversion of this field, where it can be:
        a short tuple equal to it (the seats' counts of cards, rebuilt for every view) as it
        was, a record that only grew since (the log, a new entry or two) with the new entries
        added and the oldest cut.  ``None``: convert it afresh."""
        before, shown, cut = seen
        if type(before) is not tuple or not value:
            return None
        if len(value) <= self.LONG and value == before:
            return shown, cut
        grown, kept = len(value) - len(before), len(shown)
        if grown <= 0 or len(before) != cut + kept or value[cut:len(before)] != before[cut:]:
            return None  # not the last value with entries added at its end
        entries = [*shown, *(self.entry(entry) for entry in value[len(before):])]
        if len(value) > keep and not isinstance(value[0], Card):
            return entries[-keep:], len(value) - keep
        return (entries, 0) if cut == 0 else None  # the last conversion was whole

    def _field(self, value: object, keep: int) -> tuple[Any, int]:
        """A view's field as JSON, and how many of its first entries were left out."""
        if (isinstance(value, tuple) and len(value) > keep and not hasattr(value, "_asdict")
                and not isinstance(value[0], Card)):
            return self._list(value, keep), len(value) - keep
        return self._value(value), 0

    def _value(self, value: object) -> Any:
        if type(value) is tuple and len(value) >= self.LONG:
            return self._list(value, 0)
        return plain(value)

    def _list(self, value: tuple[Any, ...], keep: int) -> list[Any]:
        """``value``'s entries converted (its last ``keep``; 0: all), each list once."""
        key = (id(value), keep)
        hit = self._lists.get(key)
        if hit is not None and hit[0] is value:
            return hit[1]
        if len(self._lists) >= self.LISTS:
            self._lists.clear()
        converted = [self.entry(entry) for entry in (value[-keep:] if keep else value)]
        self._lists[key] = (value, converted)
        return converted

    def entry(self, entry: object) -> Any:
        """One entry of a view's list, as JSON (converted once, remembered by identity)."""
        hit = self._memo.get(id(entry))
        if hit is not None and hit[0] is entry:
            return hit[1]
        if len(self._memo) >= self.LIMIT:
            self._memo.clear()
        converted = plain(entry)
        self._memo[id(entry)] = (entry, converted)
        return converted


_HAND_TOTALS: dict[str, Callable[[Any], int] | None] = {}


def _hand_total(game_id: str, view: Any) -> dict[str, int]:
    """``hand_total``, for a seat's own hand where its game counts hands: Dobon's and arithmetic
    Dobon's sum of ranks (J1), Dhumbal's points (D1).  Nothing for a spectator or another game."""
    hand = getattr(view, "hand", None)
    if hand is None:
        return {}
    if game_id not in _HAND_TOTALS:
        manifest = find(game_id)
        _HAND_TOTALS[game_id] = None if manifest is None or manifest.hand_total is None else \
            manifest.load(manifest.hand_total)
    total = _HAND_TOTALS[game_id]
    return {} if total is None else {"hand_total": total(hand)}


def _ms_left(until: float | None, now: float) -> int | None:
    return None if until is None else max(0, round((until - now) * 1000))
