"""Errors raised by the core.  Each says what was wrong and where."""

from __future__ import annotations


class KakehikiError(Exception):
    """Base of every error the project raises on bad input."""


class NotationError(KakehikiError, ValueError):
    """Text that is not a well-formed card, action or record field."""


class OptionError(KakehikiError, ValueError):
    """An unknown option name or a bad option value; the message names the option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {option!r}: {message}")
        self.option = option


class IllegalActionError(KakehikiError):
    """A well-formed action the rules do not allow now.  ``rule`` is the ruling id (e.g. ``J7``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.detail = message


class RecordError(KakehikiError):
    """A game record that cannot be read or no longer replays.  ``step`` is the failing action's index."""

    def __init__(self, message: str, step: int | None = None) -> None:
        where = f"step {step}: " if step is not None else ""
        super().__init__(where + message)
        self.step = step
