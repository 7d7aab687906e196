"""The table protocol: what a client may send over the socket, checked, and the frames it gets.

Every message is one JSON object with a ``type``.  A client's message is refused with an
``error`` frame (and changes nothing) when it is not UTF-8 JSON, is longer than
:data:`MAX_MESSAGE_BYTES`, is not an object, has an unknown ``type``, misses a field or
has a field of the wrong kind or size.  The frames are built only from what a seat may
know: its own view (``game.view``), events already censored with ``seen_by``, and the
table's notices to it.  ``docs/protocol.md`` documents every message with examples.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from kakehiki.cards import Card
from kakehiki.core import Action, Event, jsonable
from kakehiki.errors import KakehikiError
from kakehiki.table import Notice

MAX_MESSAGE_BYTES: Final = 4096
"""The longest message a client may send (an action's text is far shorter)."""
MAX_ACTION_CHARS: Final = 300
MAX_REF_CHARS: Final = 64
LANGS: Final = ("en", "ja")
MAX_CHAT_CHARS: Final = 200
"""The longest chat line (in characters, after its ends are trimmed)."""
REACTIONS: Final = ("👍", "👏", "😂", "😮", "😅", "🤔", "🎉", "🙏")
"""The quick reactions a person may send (``react``): nothing else."""

CLIENT_FIELDS: Final[Mapping[str, Mapping[str, tuple[type, ...]]]] = {
    "hello": {"token": (str,), "lang": (str,), "ref": (str, int)},
    "act": {"action": (str,), "ref": (str, int), "at": (int,)},
    "start": {"ref": (str, int)},
    "sit": {"seat": (int,), "ref": (str, int)},
    "again": {"ref": (str, int)},
    "lang": {"lang": (str,), "ref": (str, int)},
    "sync": {"ref": (str, int)},
    "ping": {"ref": (str, int)},
    "chat": {"text": (str,), "ref": (str, int)},
    "react": {"emoji": (str,), "ref": (str, int)},
    "earlier": {"field": (str,), "before": (int,), "ref": (str, int)},
}
"""Each client message type and its optional fields (``action`` in ``act``, ``seat`` in
``sit`` and ``lang`` in ``lang`` are required)."""
REQUIRED: Final[Mapping[str, tuple[str, ...]]] = {"act": ("action",), "sit": ("seat",), "lang": ("lang",),
                                                  "chat": ("text",), "react": ("emoji",),
                                                  "earlier": ("field", "before")}


class ProtocolError(KakehikiError):
    """A client's message that cannot be taken; ``code`` names what was wrong for programs."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        self.code, self.ref = code, ref


@dataclass(frozen=True)
class ClientMessage:
    """A checked message from a client: its type and its fields."""

    type: str
    fields: Mapping[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


def parse_client_message(raw: str | bytes) -> ClientMessage:
    """Check one message from a client, or raise :class:`ProtocolError` saying what was wrong."""
    if isinstance(raw, bytes):
        raise ProtocolError("text_only", "messages are JSON in text frames: a binary frame is refused")
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes, this one is {size}")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object (this one is not valid JSON)") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message must be a JSON object, not {type(data).__name__}")
    ref = data.get("ref")
    ref = ref if isinstance(ref, int | str) and not isinstance(ref, bool) and len(str(ref)) <= MAX_REF_CHARS else None
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_FIELDS:
        known = ", ".join(CLIENT_FIELDS)
        raise ProtocolError("bad_type", f"unknown message type {str(kind)[:40]!r}; known: {known}", ref)
    return ClientMessage(kind, _fields(kind, data, ref))


def _fields(kind: str, data: dict[str, Any], ref: str | int | None) -> dict[str, Any]:
    allowed = CLIENT_FIELDS[kind]
    extra = sorted(set(data) - set(allowed) - {"type"})
    if extra:
        raise ProtocolError("bad_field", f"{kind}: unknown field {extra[0][:40]!r}", ref)
    for name in REQUIRED.get(kind, ()):
        if name not in data:
            raise ProtocolError("missing_field", f"{kind}: the field {name!r} is required", ref)
    for name, value in data.items():
        if name != "type":
            _check_field(kind, name, value, allowed[name], ref)
    return {k: v for k, v in data.items() if k != "type"}


def _check_field(kind: str, name: str, value: object, types: tuple[type, ...], ref: str | int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, types):
        wanted = " or ".join("a string" if t is str else "a whole number" for t in types)
        raise ProtocolError("bad_field", f"{kind}: {name} must be {wanted}", ref)
    if name == "action" and not 0 < len(str(value)) <= MAX_ACTION_CHARS:
        raise ProtocolError("bad_field", f"act: an action is 1 to {MAX_ACTION_CHARS} characters", ref)
    if name == "lang" and value not in LANGS:
        raise ProtocolError("bad_field", f"{kind}: lang must be one of {', '.join(LANGS)}", ref)
    if name == "token" and not 0 < len(str(value)) <= 100:
        raise ProtocolError("bad_field", "hello: a token is 1 to 100 characters", ref)
    if name == "ref" and len(str(value)) > MAX_REF_CHARS:
        raise ProtocolError("bad_field", f"{kind}: a ref is at most {MAX_REF_CHARS} characters", None)
    if name == "at" and not 0 <= int(str(value)) < 10**9:
        raise ProtocolError("bad_field", "act: at is the seq of the state the move answers", ref)
    if name == "seat" and not 0 <= int(str(value)) < 64:
        raise ProtocolError("bad_field", "sit: seat must be a seat number", ref)
    if name == "text" and not 0 < len(chat_text(str(value))) <= MAX_CHAT_CHARS:
        raise ProtocolError("bad_field", f"chat: a line is 1 to {MAX_CHAT_CHARS} characters", ref)
    if name == "field" and not 0 < len(str(value)) <= 40:
        raise ProtocolError("bad_field", "earlier: field is the name of one of the view's lists", ref)
    if name == "before" and not 0 <= int(str(value)) < 10**9:
        raise ProtocolError("bad_field", "earlier: before is an index into the view's list", ref)
    if name == "emoji" and value not in REACTIONS:
        raise ProtocolError("bad_field", f"react: emoji must be one of {' '.join(REACTIONS)}", ref)


def chat_text(text: str) -> str:
    """A chat line as it is passed on: one line (control characters become spaces), its ends trimmed."""
    return "".join(" " if ch < " " or ch == "\x7f" else ch for ch in text).strip()


# -- frames to clients -------------------------------------------------------------------
def encode(frame: Mapping[str, Any]) -> str:
    """A frame as compact JSON text: by orjson where installed (several times faster than the
    standard library), else by ``json``; both give the same text for what frames hold."""
    if _orjson is not None:
        try:
            text: str = _orjson.dumps(frame).decode()
            return text
        except TypeError:  # a key that is no string, or a value orjson does not take
            pass
        try:
            text = _orjson.dumps(frame, option=_orjson.OPT_NON_STR_KEYS).decode()
            return text
        except TypeError:  # an integer past 64 bits: the slow way
            pass
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def _load_orjson() -> Any:
    try:
        return importlib.import_module("orjson")
    except ImportError:  # the web extra pins it; a bare install still serves, a little slower
        return None


_orjson = _load_orjson()


SCALAR_TYPES: Final = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def plain(value: object) -> Any:
    """``jsonable(value)``, the same data, faster for what views, events and notices hold
    (numbers, text, cards, tuples and named tuples of those): every seat's frames are built
    at every change."""
    kind = type(value)
    if kind in SCALAR_TYPES:
        return value
    if kind is Card:
        return str(value)
    if kind is tuple or kind is list:
        return [plain(v) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, tuple) and hasattr(value, "_asdict") and not isinstance(value, Action | Card):
        return {name: plain(v) for name, v in zip(value._fields, value, strict=True)}  # type: ignore[attr-defined]
    return jsonable(value)


def _field_names(item: object) -> tuple[str, ...]:
    """A dataclass's field names, looked up once per class."""
    kind = type(item)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in fields(item))  # type: ignore[arg-type]
    return names


def error_frame(code: str, message: str, ref: str | int | None = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return frame


def chat_frame(seat: int, name: str, text: str | None = None, emoji: str | None = None) -> dict[str, Any]:
    """A line of chat (``text``) or a reaction (``emoji``) from ``seat``, to everyone in the room."""
    frame: dict[str, Any] = {"type": "chat", "seat": seat, "name": name}
    if text is not None:
        frame["text"] = text
    if emoji is not None:
        frame["emoji"] = emoji
    return frame


def event_frame(seq: int, event: Event, text: str | None) -> dict[str, Any]:
    """An event as one seat may see it (already censored by the caller with ``seen_by``)."""
    if type(event).to_dict is not Event.to_dict:  # an event that says itself how it reads
        return {"type": "event", "seq": seq, "event": event.to_dict(), "text": text}
    shown = {"event": type(event).__name__, **{name: plain(getattr(event, name)) for name in _field_names(event)}}
    return {"type": "event", "seq": seq, "event": shown, "text": text}


def notice_frame(seq: int, notice: Notice, text: str) -> dict[str, Any]:
    """A notice to one seat, its ``text`` worded in the connection's language."""
    data = {name: plain(getattr(notice, name)) for name in _field_names(notice)}
    data.pop("until", None)
    data["text"] = text
    return {"type": "notice", "seq": seq, **{k: v for k, v in data.items() if v is not None and v != ""}}
