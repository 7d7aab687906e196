"""The rooms of one server process, kept in a :class:`~kakehiki.server.store.Store`.

Every change goes the same way: check the request (a :class:`RequestError` changes
nothing), change the room, then :meth:`RoomHost.settle` appends the table's new actions
to the room's log, saves the answers given and not yet applied, and, once the game is
over, its record.  On start, :meth:`RoomHost.restore` replays every live room's log: a
server killed at any moment resumes every table where its log ends.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from kakehiki.core import Game
from kakehiki.errors import KakehikiError, OptionError
from kakehiki.fairness import commitment, new_salt
from kakehiki.learn import LEARNER, load_lesson
from kakehiki.learn.lesson import EASY, LEARN_RULE
from kakehiki.options import resolve_options
from kakehiki.registry import UnknownGameError, get_game
from kakehiki.rulesets import RuleSet, find_rule_set
from kakehiki.server.leases import Leases
from kakehiki.server.rooms import Room, Seat, ViewEncoder, new_code, new_token, shard_of, token_hash
from kakehiki.server.settings import RequestError, RoomSettings, check_bot, check_nickname
from kakehiki.server.store import ActionRow, RoomChange, RoomRow, SeatRow, Store, StoredRoom
from kakehiki.table import Notice
from kakehiki.textin import typed
from kakehiki.thinking import Thinkers

LobbyWrite = tuple[str, Callable[[], object]]
"""A room's code and one write of its lobby, waiting for the writer thread."""

SEED_BITS: Final = 63
"""Room seeds are below 2**63: every database stores them as a signed 64-bit number."""
MAX_ROOMS: Final = 20_000
"""Rooms in play one process holds at most (a room of four seats takes well under a megabyte)."""
FINISHED_KEPT: Final = 600.0
"""Seconds a finished room stays in memory while a player still has it open (for a last look, and
to play again); the store keeps it after."""
FINISHED_LEFT_KEPT: Final = 60.0
"""Seconds a finished room that no player has open any more stays in memory (asked for later, it
is read back from the store).  On a busy server most rooms are left at once for the next game,
and every room kept lengthens each full pass of the garbage collector (docs/load.md)."""
LOBBY_KEPT: Final = 7200.0
"""Seconds a room may wait in the lobby (by the wall clock, across restarts) before it is
forgotten, here and in the store: rooms nobody starts must not fill the server for good."""


class RoomHost:
    """The rooms; ``clock`` is monotonic (the tables' clocks), ``wall`` is the time stored in logs."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, max_rooms: int = MAX_ROOMS,
                 shard: tuple[int, int] = (0, 1), thinkers: Thinkers | None = None) -> None:
        self.store, self.clock, self.wall, self.max_rooms = store, clock, wall, max_rooms
        self.thinkers = thinkers
        self.leases: Leases | None = None
        """This process's leases where several processes share the store (``--advertise``)."""
        """Where the tables' bots think (``None``: on the caller's thread, as in tests)."""
        self.deferred = False
        """Whether :meth:`settle` leaves the writing to the host's tick (:meth:`take_changes`)."""
        self.dirty: dict[str, Room] = {}
        """The rooms settled since the last :meth:`take_changes`, by code."""
        self.lobby_writes: list[LobbyWrite] = []
        """The lobby's writes waiting for the writer thread (``deferred``), in order."""
        self.on_thought: Callable[[str], None] | None = None
        """Told a room's code when one of its bots has finished thinking (from the worker thread)."""
        self.shard = shard
        """``(k, n)``: this process is the k-th of n sharing one store; it makes and resumes
        only the rooms :func:`shard_of` gives it."""
        self.rooms: dict[str, Room] = {}

    def owns(self, code: str) -> bool:
        return shard_of(code, self.shard[1]) == self.shard[0]

    def room(self, code: object) -> Room:
        room = self.find(code)
        if room is None:
            raise RequestError("no_room", f"no room {str(code)[:20]!r}", "code", status=404)
        return room

    def find(self, code: object) -> Room | None:
        """A room held here, or a finished one read back from the store (its record, its reveal).
        (A server reads the store on its writer thread instead, then calls :meth:`found`.)"""
        if not isinstance(code, str) or not 0 < len(code) <= 12:
            return None
        room = self.rooms.get(code)
        return room if room is not None else self.found(code, self.store.room(code))

    def found(self, code: str, stored: StoredRoom | None) -> Room | None:
        """The room ``code`` once the store said what it holds of it (``stored``): a room held here
        (perhaps made or loaded while the store was read), or a finished one read back."""
        room = self.rooms.get(code)
        if room is None and stored is not None and stored.room.status == "over":
            room = _restored_room(stored)
            room.status, room.record, room.ended = "over", stored.room.record, self.clock()
            _replay_final(room, stored)
            room.next = stored.next
            self.rooms[code] = room
        return room

    def live_count(self) -> int:
        return sum(1 for room in self.rooms.values() if room.status != "over")

    def evict_finished(self, older_than: float = FINISHED_KEPT, left_for: float = FINISHED_LEFT_KEPT) -> int:
        """Forget the rooms over for ``older_than`` seconds, or for ``left_for`` once no player has
        them open (the store keeps them: :meth:`find` reads them back)."""
        now = self.clock()
        old = [code for code, room in self.rooms.items()
               if room.status == "over" and room.ended is not None
               and now - room.ended >= (older_than if room.present else left_for)]
        for code in old:
            del self.rooms[code]
        return len(old)

    def expire_lobbies(self, older_than: float = LOBBY_KEPT) -> list[str]:
        """Forget the rooms made ``older_than`` seconds ago that never started; their codes."""
        now = self.wall()
        old = [code for code, room in self.rooms.items()
               if room.status == "lobby" and now - room.created_at >= older_than]
        for code in old:
            self._lobby(code, functools.partial(self.store.forget_lobby, code))
            del self.rooms[code]
        return old

    # -- the lobby -------------------------------------------------------------------------
    def create(self, request: Mapping[str, Any]) -> tuple[Room, int, str]:
        """A room from a client's request; the creator sits (and hosts).  Returns room, seat and token."""
        if request.get("learn") is True:
            return self.learn(request)
        self._make_room_for_one_more()
        game = _game(request.get("game"))
        players = _players(game, request.get("players", game.default_players))
        options = _options(game, request.get("rules"), request.get("options"))
        settings = RoomSettings.from_json(game.id, request.get("clocks"))
        nickname = check_nickname(request.get("nickname"))
        seat = _seat_number(request.get("seat", 0), players)
        seats = [Seat() for _ in range(players)]
        for key, level in _bots(request.get("bots")).items():
            number = _seat_number(key, players, f"bots.{str(key)[:8]}")
            if number == seat:
                raise RequestError("bad_seat", f"seat {seat} is yours: a bot cannot sit there", f"bots.{key}")
            seats[number].bot = check_bot(game.id, level, f"bots.{key}")
        token = new_token()
        seats[seat] = Seat(nickname, token_hash(token))
        room = self._new_room(game, options, seats, settings, token_hash(token))
        return room, seat, token

    def learn(self, request: Mapping[str, Any]) -> tuple[Room, int, str]:
        """A learn room (``"learn": true``): the game's guided first game, started at once, the
        learner at seat 0 against easy bots on the guide's deal, no clock running (the
        bots' moves shown ``clocks.pace`` apart).  Playing again there is a real game."""
        self._make_room_for_one_more()
        game = _game(request.get("game"))
        try:
            lesson = load_lesson(game.id)
        except KeyError:
            raise RequestError("no_lesson", f"{game.id} has no guided game", "game") from None
        nickname = check_nickname(request.get("nickname"))
        pace = RoomSettings.from_json(game.id, request.get("clocks")).pace
        settings = RoomSettings(reaction=None, turn=None, grace=None, fill_bot=EASY, pace=pace)
        token = new_token()
        seats = [Seat(nickname, token_hash(token)) if s == LEARNER else Seat(bot=EASY) for s in range(lesson.players)]
        room = self._new_room(game, dict(lesson.options), seats, settings, token_hash(token), seed=lesson.seed)
        room.lesson = lesson
        self.start(room, LEARNER)
        return room, LEARNER, token

    def again(self, room: Room, seat: int) -> str:
        """The people of a finished room play again: the code of the room they play in.

        The first call makes it: the same game, options, settings and seats (each person
        keeps seat, nickname and token, the bots stay, the host is the same), with a fresh
        seed and commitment, in the lobby.  Later calls give the same room."""
        if room.status != "over":
            raise RequestError("not_over", "you can play again once the game is over", status=409)
        if room.next is None and room.made_next is None:
            self._make_room_for_one_more()
            seats = [Seat(s.nickname, s.token_hash, s.bot) for s in room.seats]
            made = self._new_room(room.game, dict(room.options), seats, room.settings, room.host_token_hash,
                                  follows=room.code)
            room.made_next = made.code
            self._lobby(made.code, functools.partial(setattr, room, "next", made.code))  # told once stored
        code = room.next or room.made_next
        assert code is not None
        return code

    def _make_room_for_one_more(self) -> None:
        self.evict_finished()
        self.expire_lobbies()
        if self.live_count() >= self.max_rooms:
            raise RequestError("full", "this server holds as many rooms as it can; try again later", status=503)

    def _new_room(self, game: Game[Any, Any, Any], options: dict[str, Any], seats: list[Seat],
                  settings: RoomSettings, host_hash: str, follows: str | None = None,
                  seed: int | None = None) -> Room:
        """A room with a fresh seed, its code one of this process's shard (``follows``: the
        finished room whose people play it, linked in the store with it)."""
        code = new_code()
        while code in self.rooms or not self.owns(code):
            code = new_code()
        seed, salt = secrets.randbits(SEED_BITS) if seed is None else seed, new_salt()
        room = Room(code, game, options, seats, settings, seed, salt, commitment(seed, salt), host_hash, self.wall())
        rows = [_seat_row(i, s) for i, s in enumerate(seats)]
        self._lobby(code, functools.partial(self._store_room, _room_row(room), rows, follows))
        self.rooms[code] = room
        return room

    def _store_room(self, room: RoomRow, seats: list[SeatRow], follows: str | None) -> None:
        self.store.create_room(room, seats, follows)
        if self.leases is not None:
            self.leases.claim(room.code)

    def _store_seat(self, room: Room, number: int) -> None:
        self._lobby(room.code, functools.partial(self.store.set_seat, room.code, _seat_row(number, room.seats[number])))

    def _lobby(self, code: str, write: Callable[[], object]) -> None:
        """A write of the lobby (a room made, a seat taken, a game started, a lobby forgotten):
        made now, or (``deferred``, as a server runs) queued for the server's writer thread, which
        makes them in order before the tick's transaction (:meth:`take_lobby_writes`), so the
        event loop never waits on the database."""
        if self.deferred:
            self.lobby_writes.append((code, write))
        else:
            write()

    def take_lobby_writes(self) -> list[LobbyWrite]:
        writes, self.lobby_writes = self.lobby_writes, []
        return writes

    def join(self, code: object, nickname: object, seat: object = None) -> tuple[int, str]:
        room = self.room(code)
        name = check_nickname(nickname)
        _in_lobby(room)
        free = [i for i, s in enumerate(room.seats) if s.free]
        if not free:
            raise RequestError("seat_taken", "every seat is taken (you may watch)", "seat", status=409)
        number = free[0] if seat is None else _seat_number(seat, len(room.seats))
        if number not in free:
            raise RequestError("seat_taken", f"seat {number} is taken", "seat", status=409)
        token = new_token()
        room.seats[number] = Seat(name, token_hash(token))
        self._store_seat(room, number)
        return number, token

    def sit(self, room: Room, seat: int, new_seat: int) -> int:
        """A person in the lobby moves to a free seat."""
        _in_lobby(room)
        number = _seat_number(new_seat, len(room.seats))
        if number != seat:
            if not room.seats[number].free:
                raise RequestError("seat_taken", f"seat {number} is taken", "seat", status=409)
            room.seats[number], room.seats[seat] = room.seats[seat], Seat()
            for i in (seat, number):
                self._store_seat(room, i)
        return number

    def start(self, room: Room, seat: int) -> None:
        """The host starts the match; seats nobody took get the room's bot level."""
        _in_lobby(room)
        if room.seats[seat].token_hash != room.host_token_hash:
            raise RequestError("not_host", "only the person who made the room starts it", status=403)
        for i, s in enumerate(room.seats):
            if s.free:
                room.seats[i] = Seat(bot=room.settings.fill_bot)
                self._store_seat(room, i)
        room.initial, events = room.game.start(players=len(room.seats), options=room.options, seed=room.seed)
        room.remember(events)
        room.begin(room.initial, self.clock, secrets.randbits(63), thinkers=self._thinkers(room.code))
        self._lobby(room.code, functools.partial(self.store.start, room.code, self.wall()))
        assert room.table is not None
        room.table.poll()  # a bot that moves first moves now, not at the first deadline
        self.settle(room)

    # -- the game ------------------------------------------------------------------------------
    def act(self, room: Room, seat: int, action: str, at: int | None = None) -> Notice:
        """``seat``'s whole move; ``at``: the state it answers, as the seat last received it."""
        if room.table is None or room.status != "playing":
            raise RequestError("not_playing", "the game has not started" if room.status == "lobby"
                               else "the game is over", status=409)
        move = typed(room.table.game, room.table.state, seat, action)
        refused = _off_the_guide(room, seat, move, at)
        notice = room.table.tell(refused) if refused is not None else room.table.submit(seat, move, at)
        self.settle(room)
        return notice

    def poll(self, room: Room) -> None:
        if room.table is not None and room.status == "playing":
            room.table.poll()
            self.settle(room)

    def settle(self, room: Room) -> None:
        """Store what changed: at once, or (``deferred``, as a server runs) with every other
        room's changes in the tick's one transaction (:meth:`take_changes`)."""
        if self.deferred:
            self.dirty[room.code] = room
            return
        change = self.change(room)
        if change is not None:
            self.store.write([change])

    def change(self, room: Room) -> RoomChange | None:
        """What ``room`` has to store since last asked: new actions (append-only), answers
        waiting, the record once over; ``None`` if nothing.  Counted as stored from here on."""
        table = room.table
        if table is None:
            return None
        rows: tuple[ActionRow, ...] = ()
        if len(table.actions) > room.stored:
            at = self.wall()
            rows = tuple(ActionRow(i, r, s, str(a), _kind(table.timed_out, i, s), at)
                         for i, (r, s, a) in enumerate(table.actions[room.stored:], start=room.stored))
            room.stored = len(table.actions)
        pending = {s: text for s, text in table.answers().items() if s not in table.bots}
        kept: dict[int, str] | None = None
        ended: tuple[float, dict[str, Any], dict[str, Any]] | None = None
        if table.over and room.status != "over":
            room.record = room.finished_record()
            room.status, room.ended = "over", self.clock()
            room.encoder = ViewEncoder()  # what it remembered served the game's frames; a finished room only waits
            ended = (self.wall(), room.record["result"], room.record)
        elif pending != room.saved_pending:
            kept = room.saved_pending = pending
        if not rows and kept is None and ended is None:
            return None
        return RoomChange(room.code, rows, kept, ended)

    def take_changes(self) -> tuple[list[RoomChange], list[Room]]:
        """The changes of every room settled since the last call (``deferred``), and those rooms."""
        rooms = list(self.dirty.values())
        self.dirty.clear()
        changes = [change for room in rooms if (change := self.change(room)) is not None]
        return changes, rooms

    # -- connections -------------------------------------------------------------------------------
    def connected(self, room: Room, seat: int) -> None:
        if room.table is not None and room.status == "playing":
            room.table.reconnect(seat)

    def disconnected(self, room: Room, seat: int) -> None:
        if room.table is not None and room.status == "playing" and room.seats[seat].bot is None:
            room.table.disconnect(seat)

    def _thinkers(self, code: str) -> Thinkers | None:
        if self.thinkers is None:
            return None
        tell = self.on_thought
        return self.thinkers.with_notify(lambda: tell(code) if tell is not None else None)

    # -- a restart ---------------------------------------------------------------------------------
    def restore(self) -> int:
        """Load every live room from the store, replaying its log; returns how many.  With
        leases, only the rooms nobody holds (and claimed first): the others are alive elsewhere."""
        if self.leases is not None:
            return len(self.take_over())
        for stored in self.store.live_rooms():
            if self.owns(stored.room.code):  # else another process's room
                self._load(stored)
        return len(self.rooms)

    def _load(self, stored: StoredRoom) -> None:
        if stored.room.status == "lobby" and self.wall() - stored.room.created_at >= LOBBY_KEPT:
            self._lobby(stored.room.code, functools.partial(self.store.forget_lobby, stored.room.code))
            return
        room = _restored_room(stored)
        if stored.room.status == "playing":
            self._resume(room, stored)
        self.rooms[room.code] = room

    # -- several processes: leases ----------------------------------------------------------------
    # Each step is split in two: the store's part (``claim_orphans``, ``read_holder``, the leases'
    # ``renew``), which a server runs on its writer thread (``Server.lease_round``), and the rooms' part (``adopt``,
    # ``drop_lost``), run where the rooms live; the event loop so never waits on the database.
    def take_over(self) -> list[str]:
        """Claim and load every live room whose holder's lease ran out; their codes."""
        return [stored.room.code for stored in self.claim_orphans(frozenset(self.rooms)) if self.adopt(stored)]

    def claim_orphans(self, known: frozenset[str]) -> list[StoredRoom]:
        """The store's part of :meth:`take_over`: claim every live room nobody holds, but those in
        ``known``; what the store holds of each claimed."""
        if self.leases is None:
            return []
        claimed = (self._claim(code) for code in self.leases.orphans() if code not in known)
        return [stored for stored in claimed if stored is not None]

    def _claim(self, code: str) -> StoredRoom | None:
        """Take ``code``'s lease and read the room back (after the claim: its log is final then);
        ``None`` if another process claimed it first, or it is over or gone."""
        assert self.leases is not None
        if not self.leases.claim(code):
            return None
        stored = self.store.room(code)
        return stored if stored is not None and stored.room.status != "over" else None

    def adopt(self, stored: StoredRoom) -> bool:
        """The rooms' part of a take-over: load a room claimed, replaying its log; whether it is
        held here now (not if it already was, or was a lobby left too long)."""
        code = stored.room.code
        if code in self.rooms:
            return False
        self._load(stored)
        return code in self.rooms

    def drop_lost(self, held: set[str], known: list[str]) -> list[str]:
        """Drop the live rooms of ``known`` (those whose leases were stored when the leases were
        renewed) that are not ``held`` any more; their codes."""
        lost = [code for code in known
                if (room := self.rooms.get(code)) is not None and room.status != "over" and code not in held]
        for code in lost:
            del self.rooms[code]
        return lost

    def read_holder(self, code: str) -> tuple[str | None, StoredRoom | None]:
        """The store's part of finding who holds ``code`` (not held here): the address of another
        live process holding it, or, where nobody does, the room claimed for this one (``None``
        for both: nobody holds it and there is nothing live to take)."""
        leases = self.leases
        assert leases is not None
        elsewhere = leases.holder(code)
        if elsewhere is not None and elsewhere != leases.address:
            return elsewhere, None
        stored = self.store.room(code) if 0 < len(code) <= 12 else None
        if stored is None or stored.room.status == "over":
            return None, None
        claimed = self._claim(code)
        if claimed is None:  # another process claimed it first: it holds it now
            other = leases.holder(code)
            return (other if other != leases.address else None), None
        return None, claimed

    def _resume(self, room: Room, stored: StoredRoom) -> None:
        """Replay the log; keep each seat's censored events; people have their grace to come back."""
        game = room.game
        room.initial, events = game.start(players=len(room.seats), options=room.options, seed=room.seed)
        state, done = room.initial, []
        room.remember(events)
        for row in stored.actions:
            done.append((game.round_of(state), row.seat, row.action))
            if row.seat is None:
                state, events = game.apply_host(state, row.action)
            else:
                state, events = game.apply(state, row.seat, row.action)
            room.remember(events)
        timed_out = frozenset(row.seq for row in stored.actions if row.kind == "timeout")
        room.begin(state, self.clock, secrets.randbits(63), done, timed_out, self._thinkers(room.code))
        table = room.table
        assert table is not None
        for i, seat in enumerate(room.seats):
            if seat.bot is None:
                table.disconnect(i)  # back within the grace, or a bot plays for them
        for seat_no, text in sorted(stored.pending.items()):
            table.submit(seat_no, text)
        for reader in (*range(len(room.seats)), None):
            table.inbox(reader)  # the notices of the restart itself: the history has what happened
        room.saved_pending = dict(stored.pending)
        table.poll()
        self.settle(room)


def _off_the_guide(room: Room, seat: int, move: str, at: int | None) -> Notice | None:
    """A learn room takes from its learner, while the guide runs, only the move it points at."""
    table, lesson = room.table, room.lesson
    if lesson is None or table is None or seat != LEARNER or at not in (None, table.seq):
        return None
    ask = lesson.ask(table.seq)
    if ask is None or lesson.same_move(ask, move, table.state):
        return None
    return Notice("refused", seat, ask.move, rule=LEARN_RULE, move=move)


def _kind(timed_out: set[int], index: int, seat: int | None) -> str:
    return "host" if seat is None else "timeout" if index in timed_out else "move"


def _replay_final(room: Room, stored: StoredRoom) -> None:
    """A finished room read back: its log replayed to the last state (what its table showed at
    the end, for whoever opens it now), every seat's censored events kept as its history."""
    game = room.game
    try:
        state, events = game.start(players=len(room.seats), options=room.options, seed=room.seed)
        room.remember(events)
        for row in stored.actions:
            if row.seat is None:
                state, events = game.apply_host(state, row.action)
            else:
                state, events = game.apply(state, row.seat, row.action)
            room.remember(events)
    except KakehikiError:  # a log this version cannot replay: the result and record are still shown
        room.history.clear()
        return
    room.final = (len(stored.actions), state)


def _restored_room(stored: StoredRoom) -> Room:
    row = stored.room
    game = get_game(row.game)
    seats = [Seat() for _ in range(row.seats_count)]
    for s in stored.seats:
        seats[s.seat] = Seat(s.nickname, s.token_hash, s.bot)
    settings = RoomSettings.from_json(game.id, row.settings)
    return Room(row.code, game, row.options, seats, settings, row.seed, row.salt, row.commitment,
                row.host_token_hash, row.created_at, status="lobby")


def _room_row(room: Room) -> RoomRow:
    return RoomRow(room.code, room.game.id, room.game.version, room.options, room.settings.to_json(),
                   len(room.seats), room.seed, room.salt, room.commitment, room.host_token_hash, room.status,
                   room.created_at)


def _seat_row(number: int, seat: Seat) -> SeatRow:
    return SeatRow(number, seat.nickname, seat.token_hash, seat.bot)


def _in_lobby(room: Room) -> None:
    if room.status != "lobby":
        raise RequestError("started", "the game has started: seats are fixed", status=409)


def _game(game_id: object) -> Game[Any, Any, Any]:
    try:
        return get_game(str(game_id)) if isinstance(game_id, str) else get_game("")
    except UnknownGameError as exc:
        raise RequestError("bad_game", str(exc).strip("'\""), "game") from None


def _players(game: Game[Any, Any, Any], value: object) -> int:
    if type(value) is not int or not game.min_players <= value <= game.max_players:
        raise RequestError("bad_players", f"{game.id} takes {game.min_players} to {game.max_players} players",
                           "players")
    return value


def _options(game: Game[Any, Any, Any], rules: object, value: object) -> dict[str, Any]:
    """The options of rule set ``rules`` (none: the defaults), changed by those ``value`` names."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise RequestError("bad_option", "options must be an object of option names to values", "options")
    base = {} if rules is None else dict(_rule_set(game, rules).options)
    try:
        return dict(resolve_options(game.options, {**base, **value}))
    except KakehikiError as exc:
        name = getattr(exc, "option", "")
        raise RequestError("bad_option", str(exc), f"options.{name}" if name else "options") from None


def _rule_set(game: Game[Any, Any, Any], name: object) -> RuleSet:
    if not isinstance(name, str):
        raise RequestError("bad_rules", "rules must be the name of one of the game's rule sets", "rules")
    try:
        return find_rule_set(game.rule_sets, name[:100])
    except OptionError as exc:
        raise RequestError("bad_rules", str(exc).removeprefix("option 'rules': "), "rules") from None


def _bots(value: object) -> dict[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RequestError("bad_bot", "bots must be an object of seat numbers to bot levels", "bots")
    return value


def _seat_number(value: object, players: int, field: str = "seat") -> int:
    number = value
    if isinstance(value, str) and value.isdigit() and len(value) < 3:
        number = int(value)
    if type(number) is not int or not 0 <= number < players:
        raise RequestError("bad_seat", f"a seat is a number from 0 to {players - 1}", field)
    return number
