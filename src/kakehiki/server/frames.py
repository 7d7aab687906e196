"""The table socket's server frames (docs/protocol.md, "Server frames") as types: what the page
reads, written once here so that its types are generated from them (:mod:`kakehiki.server.pagetypes`).

The server builds its frames as plain dicts (:mod:`kakehiki.server.protocol`, :mod:`kakehiki.server.rooms`);
these types name their fields.  A game's view is its own type (``games/<g>/rules/view.py``), so the
``view`` of a state frame is left open here and each game's page reads it as its view.
"""


from typing import Literal, NotRequired, TypedDict


class Words(TypedDict):
    en: str
    ja: str
"""A text in English and Japanese."""


class Seat(TypedDict):
    """A seat of a room as anybody may see it."""

    seat: int
    nickname: str | None
    bot: str | None
    away: bool
    replaced: bool
    here: bool


class Reveal(TypedDict):
    """The seed and salt committed to, shown once the game is over."""

    seed: int
    salt: str
    hash: str


class Room(TypedDict):
    """A room's public information (``GET /api/rooms/{code}``, the ``room`` of ``welcome`` and ``room``)."""

    code: str
    game: str
    version: int
    title: str
    title_ja: str
    options: dict[str, object]
    settings: dict[str, object]
    status: Literal["lobby", "playing", "over"]
    commitment: str
    seats: list[Seat]
    reveal: NotRequired[Reveal]
    next: str | None


class Guide(TypedDict):
    """A learn room's guide, in its learner's state frames."""

    game: str
    steps: int
    step: NotRequired[int]
    move: NotRequired[str]
    why: NotRequired[Words]
    over: NotRequired[bool]
    intro: NotRequired[Words]
    handover: NotRequired[Words]


class WelcomeFrame(TypedDict):
    type: Literal["welcome"]
    room: Room
    seat: int | None
    lang: str
    host: bool


class RoomFrame(TypedDict):
    type: Literal["room"]
    room: Room


class StateFrame(TypedDict):
    """The table as this seat sees it: its ``view`` is its game's view (``null`` in the lobby)."""

    type: Literal["state"]
    seq: int
    status: Literal["lobby", "playing", "over"]
    view: object | None
    turn: int | None
    legal: list[str]
    moves: NotRequired[list[str]]
    moves_more: NotRequired[bool]
    window: NotRequired[bool]
    window_ms: NotRequired[int | None]
    turn_ms: NotRequired[int | None]
    hand_total: NotRequired[int]
    learn: NotRequired[Guide]


class EventFrame(TypedDict):
    type: Literal["event"]
    seq: int
    event: dict[str, object]
    text: str | None
    replay: NotRequired[bool]


NoticeKind = Literal["accepted", "refused", "too_late", "lost_priority", "timed_out", "disconnected",
                     "reconnected", "replaced_by_bot"]


class NoticeFrame(TypedDict):
    type: Literal["notice"]
    seq: int
    kind: NoticeKind
    seat: int | None
    text: str
    rule: NotRequired[str]
    by: NotRequired[int | None]
    move: NotRequired[str]
    ref: NotRequired[str | int | None]
    replay: NotRequired[bool]


class Round(TypedDict):
    winners: list[int]
    losers: list[int]
    reason: str


class Result(TypedDict):
    """A game's result: ``ranks[seat]`` (1 is best), one ``rounds`` entry per game of a match."""

    winners: list[int]
    losers: list[int]
    ranks: list[int]
    scores: list[float]
    reason: str
    rounds: list[Round]
    draw: bool


class OverFrame(TypedDict):
    type: Literal["over"]
    result: Result
    reveal: Reveal
    record: str


class ErrorFrame(TypedDict):
    type: Literal["error"]
    code: str
    message: str
    ref: NotRequired[str | int | None]


class PongFrame(TypedDict):
    type: Literal["pong"]
    ref: NotRequired[str | int | None]


class ChatFrame(TypedDict):
    type: Literal["chat"]
    seat: int
    name: str
    text: NotRequired[str]
    emoji: NotRequired[str]
    replay: NotRequired[bool]


class ChangeFrame(TypedDict):
    """Two or more frames of one change, to be read in order as if each had come alone: the
    change's events and notices, then the state; at a game's start the room first; after a
    welcome the history and chat replayed."""

    type: Literal["change"]
    frames: list[RoomFrame | EventFrame | NoticeFrame | ChatFrame | StateFrame]


FRAMES = (WelcomeFrame, RoomFrame, ChangeFrame, StateFrame, EventFrame, NoticeFrame, OverFrame, ErrorFrame,
          PongFrame, ChatFrame)
"""Every server frame, in the order of docs/protocol.md."""
