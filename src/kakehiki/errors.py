"""Errors raised by the core.  Each says what was wrong and where, in one short line.

Messages quote what they refuse through :func:`excerpt` and :func:`describe`, so a
hostile input (a 50 MB action, a number of 5,000 digits, JSON nested 100,000 deep)
gives a short line, never one as long as the input and never a second error.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from kakehiki.suggest import did_you_mean


class KakehikiError(Exception):
    """Base of every error the project raises on bad input."""


class NotationError(KakehikiError, ValueError):
    """Text that is not a well-formed card, action or record field."""


class OptionError(KakehikiError, ValueError):
    """An unknown option name or a bad option value; the message names the option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {excerpt(str(option))}: {message}")
        self.option = option


class IllegalActionError(KakehikiError):
    """A well-formed action the rules do not allow now.  ``rule`` is the ruling id (e.g. ``J7``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.detail = message


class UnknownGameError(KakehikiError, KeyError):
    """A game id no game has; the message names the known ones (and the closest)."""

    def __str__(self) -> str:
        return str(self.args[0])


def unknown_game(game_id: str, known: Iterable[str]) -> UnknownGameError:
    """The error for ``game_id`` among the ``known`` ids, with the closest one suggested."""
    names = sorted(known)
    return UnknownGameError(f"unknown game {game_id!r}{did_you_mean(game_id, names)} (known: {', '.join(names)})")


class RecordError(KakehikiError):
    """A game record that cannot be read or no longer replays.  ``step`` is the failing action's index.

    When a game's own code failed on the record (a bug, not bad input), the original
    exception is kept as ``__cause__``; for every refusal of bad input it is ``None``."""

    def __init__(self, message: str, step: int | None = None) -> None:
        where = f"step {step}: " if step is not None else ""
        super().__init__(where + message)
        self.step = step


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message: whole if short, else its first ``limit``
    characters and its length.

    >>> excerpt("play S4")
    "'play S4'"
    >>> excerpt("x" * 50_000_000, limit=5)
    "'xxxxx'… (50,000,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def describe(value: object, limit: int = 40) -> str:
    """Any value (a JSON value above all) in a few words for an error message: short,
    in JSON spelling, and safe for huge numbers and deep nesting.

    >>> describe(True), describe(None), describe(float("nan")), describe([0, "pass"])
    ('true', 'null', 'NaN', "[0, 'pass']")
    >>> describe(10**5000)
    'a whole number of 5001 digits'
    >>> describe([[[[[[1]]]]]])
    '[[[[…]]]]'
    """
    text = _short(value, depth=3)
    return text if len(text) <= limit + 20 else text[: limit + 20] + "…"


def _short(value: object, depth: int) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 128:
            return f"a whole number of {_digits(value)} digits"
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, str):
        return excerpt(value, 30)
    if isinstance(value, list | tuple | dict):
        if depth <= 0:
            return "[…]" if not isinstance(value, dict) else "{…}"
        if isinstance(value, dict):
            items = [f"{_short(k, 0)}: {_short(v, depth - 1)}" for k, v in list(value.items())[:4]]
            more = ", …" if len(value) > 4 else ""
            return "{" + ", ".join(items) + more + "}"
        parts = [_short(v, depth - 1) for v in list(value[:4])]
        more = ", …" if len(value) > 4 else ""
        return "[" + ", ".join(parts) + more + "]"
    try:
        return excerpt(str(value), 30)
    except Exception:  # a value whose str() fails still gets named
        return type(value).__name__


def _digits(value: int) -> int:
    """The number of decimal digits of a big ``value`` (no str(), which Python limits)."""
    size = abs(value)
    digits = max(1, int((size.bit_length() - 1) * math.log10(2)))
    while 10**digits <= size:
        digits += 1
    return digits
