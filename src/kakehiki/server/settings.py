"""A room's settings, as a client asks for them: seats, bots, clocks, each checked with a clear error."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from kakehiki.bots import bot_names
from kakehiki.cards import Card
from kakehiki.errors import KakehikiError, NotationError
from kakehiki.registry import game_ids
from kakehiki.table import Clocks

AUTO: Final = "auto"
"""A window of calls as long as the game suggests (:meth:`~kakehiki.core.Game.reaction_seconds`)."""

CLOCK_LIMITS: Final = {"reaction": (0.0, 60.0), "turn": (1.0, 3600.0), "grace": (0.0, 86400.0), "pace": (0.0, 5.0)}
DEFAULT_CLOCKS: Final[dict[str, float | str]] = {"reaction": AUTO, "turn": 60.0, "grace": 120.0, "pace": 0.6}
"""The game's own window of calls (``auto``: Dobon's J8 three seconds under the official rules,
a second otherwise; four seconds to weigh a doubt, closed as soon as every person has answered);
a minute a move, two minutes' grace online; bots' moves shown 0.6 s apart."""
MAX_NICKNAME: Final = 24


class RequestError(KakehikiError):
    """A request the server cannot take; ``code`` names what was wrong, ``field`` where."""

    def __init__(self, code: str, message: str, field: str = "", status: int = 400) -> None:
        super().__init__(message)
        self.code, self.field, self.status = code, field, status


@dataclass(frozen=True)
class RoomSettings:
    """The clocks of a room, and the bot level that fills the seats nobody took."""

    reaction: float | str | None = AUTO
    turn: float | None = 60.0
    grace: float | None = 120.0
    fill_bot: str = "normal"
    pace: float | None = 0.6

    @property
    def clocks(self) -> Clocks:
        """The table's clocks (``auto``: the game's window for each state).  A turn clock is
        never shorter than the window (the table counts both from the change)."""
        if isinstance(self.reaction, str):
            return Clocks("auto", self.turn, self.grace, self.pace)
        return Clocks(self.reaction, self.turn, self.grace, self.pace)

    def to_json(self) -> dict[str, Any]:
        return {"reaction": self.reaction, "turn": self.turn, "grace": self.grace, "fill_bot": self.fill_bot,
                "pace": self.pace}

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
        reaction, turn = values["reaction"], _seconds(values["turn"])
        if isinstance(reaction, float) and turn is not None and turn < reaction:
            raise RequestError("bad_settings", f"turn ({turn:g} s) may not be shorter than reaction ({reaction:g} s): "
                               "a move would be timed out while calls on it are still open", "clocks.turn")
        return cls(reaction, turn, _seconds(values["grace"]), str(fill), _seconds(values["pace"]))


def _seconds(value: float | str | None) -> float | None:
    """A clock that only ``reaction`` may set to ``auto`` (:func:`clock_value` refuses it elsewhere)."""
    assert not isinstance(value, str)
    return value


def clock_value(name: str, value: object) -> float | str | None:
    """One clock in seconds (``None`` turns it off), within :data:`CLOCK_LIMITS`; the window
    of calls may also be ``auto``, the game's own."""
    if value is None:
        return None
    if name == "reaction" and value == AUTO:
        return AUTO
    low, high = CLOCK_LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        also = ", auto" if name == "reaction" else ""
        raise RequestError("bad_settings", f"{name} must be a number of seconds{also} or null", f"clocks.{name}")
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
    """A nickname: 1 to 24 printable characters, spaces at the ends dropped, that nobody could
    take for a bot's name or for a card in the log (``bot 2 (hard)``, ``S5``, ``ＪＫ``)."""
    if not isinstance(value, str):
        raise RequestError("bad_nickname", "a nickname is a string", "nickname")
    name = unicodedata.normalize("NFC", value).strip()
    if not 0 < len(name) <= MAX_NICKNAME:
        raise RequestError("bad_nickname", f"a nickname is 1 to {MAX_NICKNAME} characters", "nickname")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RequestError("bad_nickname", "a nickname may not hold control or invisible characters", "nickname")
    folded = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
    if _looks_like_a_bot(folded):
        raise RequestError("bad_nickname", "a nickname may not look like a bot's name", "nickname")
    if all(_is_card(word) for word in folded.split()):
        raise RequestError("bad_nickname", "a nickname may not look like a card", "nickname")
    return name


BOT_WORDS_JA: Final[Mapping[str, str]] = {
    "easy": "かんたん",
    "normal": "ふつう",
    "hard": "むずかしい",
    "expert": "達人",
    "master": "名人",
    "caller": "コール狙い",
    "greedy": "欲張り",
    "no-interrupt": "割り込まない",
    "random": "ランダム",
    "rule": "ルール通り",
    "search": "探索",
    "shed-high": "大きい札から",
    "count": "数える",
    "doubt-all": "全部ダウト",
    "doubt-half": "半分ダウト",
    "switch": "豹変",
    "doubt-never": "ダウトしない",
    "honest": "正直",
    "lie": "うそつき",
    "lowest": "小さい札から",
    "truth": "本当だけ",
    "all-down": "全部伏せる",
    "heuristic": "経験則",
    "no-down": "伏せない",
    "discard-high": "大きい札を捨てる",
    "show-early": "早めにショー",
    "threshold": "しきい値",
}
"""The bots' names in Japanese, as the Japanese page (``bot.*`` in ``static/i18n.js``) and narration name them."""
BOT_LOOKALIKE: Final = re.compile(r"^(bot|seat|ボット|席) ?\d|\(([^()]+)\)$")
"""How the table labels a seat with no person (``bot 2 (normal)``, ``seat 3``; in Japanese
``ボット2（ふつう）``, ``席3``); a nickname like one (ending in a bot's level in brackets, or
starting so) could pass for a bot."""



def _looks_like_a_bot(folded: str) -> bool:
    found = BOT_LOOKALIKE.search(folded)
    if found is None:
        return False
    level = found.group(2)
    known = {name for g in game_ids() for name in bot_names(g)}
    return level is None or level in known or level in BOT_WORDS_JA.values()


def _is_card(word: str) -> bool:
    try:
        Card.parse(word.upper())
    except (NotationError, ValueError):
        return False
    return True
