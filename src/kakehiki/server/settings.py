"""A room's settings, as a client asks for them: seats, bots, clocks, each checked with a clear error."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from kakehiki.bots import bot_names
from kakehiki.errors import KakehikiError
from kakehiki.table import Clocks

CLOCK_LIMITS: Final = {"reaction": (0.0, 60.0), "turn": (1.0, 3600.0), "grace": (0.0, 86400.0)}
DEFAULT_CLOCKS: Final = {"reaction": 3.0, "turn": 60.0, "grace": 120.0}
"""J8's three-second window; a minute a move and two minutes' grace online."""
MAX_NICKNAME: Final = 24


class RequestError(KakehikiError):
    """A request the server cannot take; ``code`` names what was wrong, ``field`` where."""

    def __init__(self, code: str, message: str, field: str = "", status: int = 400) -> None:
        super().__init__(message)
        self.code, self.field, self.status = code, field, status


@dataclass(frozen=True)
class RoomSettings:
    """The clocks of a room, and the bot level that fills the seats nobody took."""

    reaction: float | None = DEFAULT_CLOCKS["reaction"]
    turn: float | None = DEFAULT_CLOCKS["turn"]
    grace: float | None = DEFAULT_CLOCKS["grace"]
    fill_bot: str = "normal"

    @property
    def clocks(self) -> Clocks:
        return Clocks(self.reaction, self.turn, self.grace)

    def to_json(self) -> dict[str, Any]:
        return {"reaction": self.reaction, "turn": self.turn, "grace": self.grace, "fill_bot": self.fill_bot}

    @classmethod
    def from_json(cls, game_id: str, data: object) -> RoomSettings:
        """Settings from a client's JSON (``None``: the defaults), or :class:`RequestError`."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RequestError("bad_settings", "clocks must be an object", "clocks")
        unknown = sorted(set(data) - {*CLOCK_LIMITS, "fill_bot"})
        if unknown:
            raise RequestError("bad_settings", f"unknown setting {str(unknown[0])[:40]!r}", f"clocks.{unknown[0]}")
        values = {name: clock_value(name, data.get(name, DEFAULT_CLOCKS[name])) for name in CLOCK_LIMITS}
        fill = data.get("fill_bot", "normal")
        check_bot(game_id, fill, "clocks.fill_bot")
        return cls(values["reaction"], values["turn"], values["grace"], str(fill))


def clock_value(name: str, value: object) -> float | None:
    """One clock in seconds (``None`` turns it off), within :data:`CLOCK_LIMITS`."""
    if value is None:
        return None
    low, high = CLOCK_LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RequestError("bad_settings", f"{name} must be a number of seconds or null", f"clocks.{name}")
    if not low <= value <= high:
        raise RequestError("bad_settings", f"{name} must be {low:g} to {high:g} seconds, got {value:g}",
                           f"clocks.{name}")
    return float(value)


def check_bot(game_id: str, name: object, field: str) -> str:
    known = bot_names(game_id)
    if not isinstance(name, str) or name not in known:
        raise RequestError("bad_bot", f"unknown bot {str(name)[:40]!r} for {game_id} (known: {', '.join(known)})",
                           field)
    return name


def check_nickname(value: object) -> str:
    """A nickname: 1 to 24 printable characters, spaces at the ends dropped."""
    if not isinstance(value, str):
        raise RequestError("bad_nickname", "a nickname is a string", "nickname")
    name = unicodedata.normalize("NFC", value).strip()
    if not 0 < len(name) <= MAX_NICKNAME:
        raise RequestError("bad_nickname", f"a nickname is 1 to {MAX_NICKNAME} characters", "nickname")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RequestError("bad_nickname", "a nickname may not hold control characters", "nickname")
    return name
