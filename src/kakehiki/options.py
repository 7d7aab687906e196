"""Typed, validated game options.

Each game declares its options once as :class:`OptionSpec` values.  Options
arrive from the command line as text (``-o decks=2``) or from records and code
as JSON values; both go through :func:`resolve_options`, which fills defaults
and raises :class:`~kakehiki.errors.OptionError` naming the option at fault.

Every number must be finite (no NaN, no infinity) and lie within the option's
``minimum``/``maximum`` and, whatever those say, within ±:data:`NUMBER_LIMIT`, so
no game ever computes with a value it cannot handle.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from kakehiki.errors import OptionError, describe, excerpt
from kakehiki.suggest import did_you_mean

OptionValue = bool | int | float | str | None
OptionKind = Literal["bool", "int", "float", "choice"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}

NUMBER_LIMIT = 10**9
"""No option's number may be larger than this, or smaller than its negative."""


def _bound(limit: float) -> str:
    return str(int(limit)) if float(limit).is_integer() else f"{limit:g}"


_KIND_WORDS = {"bool": "true or false", "int": "a whole number", "float": "a number", "choice": "a word"}


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, type, default, allowed values and help in English and Japanese.

    ``choices`` lists the allowed strings for a ``choice`` option; for ``int``
    and ``float`` options they are extra allowed words (e.g. ``auto``, ``none``).
    """

    name: str
    kind: OptionKind
    default: OptionValue
    help_en: str
    help_ja: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    ruling: str = ""

    def parse(self, raw: object) -> OptionValue:
        """Turn text or a JSON value into this option's value, or raise OptionError."""
        if isinstance(raw, str):
            text = raw.strip()
            if text.lower() in self.choices or text in self.choices:
                return text.lower() if text.lower() in self.choices else text
            if text.lower() == "none" and self.default is None:
                return None
            return self._check(self._from_text(text))
        if raw is None:
            if self.default is None:
                return None
            raise OptionError(self.name, "needs a value")
        return self._check(self._from_value(raw))

    def _from_text(self, text: str) -> OptionValue:
        if self.kind == "bool":
            if text.lower() in _TRUE:
                return True
            if text.lower() in _FALSE:
                return False
            raise OptionError(self.name, f"expected true or false, got {excerpt(text)}")
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise OptionError(self.name, f"expected a whole number{self._words()}, got {excerpt(text)}"
                                  f"{did_you_mean(text, self.choices)}") from None
        if self.kind == "float":
            try:
                return float(text)
            except ValueError:
                raise OptionError(self.name, f"expected a number{self._words()}, got {excerpt(text)}"
                                  f"{did_you_mean(text, self.choices)}") from None
        hint = did_you_mean(text, self.choices)
        raise OptionError(self.name, f"expected one of {', '.join(self.choices)}, got {excerpt(text)}{hint}")

    def _from_value(self, raw: object) -> OptionValue:
        if self.kind == "bool" and isinstance(raw, bool):
            return raw
        if self.kind == "int" and isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if self.kind == "float" and isinstance(raw, int | float) and not isinstance(raw, bool):
            return raw  # _check bounds it before float() could overflow
        if self.kind == "choice":
            raise OptionError(self.name, f"expected one of {', '.join(self.choices)}, got {describe(raw)}")
        raise OptionError(self.name, f"expected {_KIND_WORDS[self.kind]}{self._words()}, got {describe(raw)}")

    def _check(self, value: OptionValue) -> OptionValue:
        if isinstance(value, int | float) and not isinstance(value, bool):
            if isinstance(value, float) and not math.isfinite(value):
                raise OptionError(self.name, f"must be a finite number, got {describe(value)}")
            low = -NUMBER_LIMIT if self.minimum is None else max(self.minimum, -NUMBER_LIMIT)
            high = NUMBER_LIMIT if self.maximum is None else min(self.maximum, NUMBER_LIMIT)
            if value < low:
                raise OptionError(self.name, f"must be at least {_bound(low)}, got {describe(value)}")
            if value > high:
                raise OptionError(self.name, f"must be at most {_bound(high)}, got {describe(value)}")
            if self.kind == "float":
                return float(value)
        return value

    def _words(self) -> str:
        return f" or {'/'.join(self.choices)}" if self.choices else ""

    def describe_default(self) -> str:
        if self.default is None:
            return "none"
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return str(self.default)


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Validate ``given`` against ``specs`` and fill in defaults."""
    by_name = {spec.name: spec for spec in specs}
    values: dict[str, OptionValue] = {spec.name: spec.default for spec in specs}
    if given is not None and not isinstance(given, Mapping):
        raise OptionError("options", f"expected an object of NAME: value, got {describe(given)}")
    for name, raw in (given or {}).items():
        spec = by_name.get(name) if isinstance(name, str) else None
        if spec is None:
            known = ", ".join(sorted(by_name))
            shown = name if isinstance(name, str) else describe(name)
            raise OptionError(shown, f"unknown option{did_you_mean(name, by_name)} (known: {known})")
        values[name] = spec.parse(raw)
    return values


def parse_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """Split command-line ``NAME=VALUE`` pairs."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(pair, "expected NAME=VALUE")
        result[name.strip()] = value
    return result


def max_steps_option(default: int) -> OptionSpec:
    """The step limit every game takes (RULINGS C7)."""
    return OptionSpec(
        "max_steps", "int", default,
        "counted moves after which the game ends as a draw (the rules say which moves count)",
        "数える手がこの数に達したら引き分けで終了（どの手を数えるかはルールを参照）",
        minimum=1, ruling="C7",
    )
