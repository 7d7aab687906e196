"""Named rule sets and the words a person reads for each option, in English and Japanese.

A game declares, next to its option specs, a few :class:`RuleSet` values (Dobon's
"JDA official" and "Simple", Doubt's "Classic" and "Quick" …): each a named, legal
combination of its options, explained in one line.  It also gives every option an
:class:`OptionLabel`: a short label and help for a person (no option or value names),
whether it is an advanced option, and the words for its values.  The command line
(``--rules NAME``) and the browser table's lobby read both through the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kakehiki.errors import OptionError
from kakehiki.options import OptionSpec, OptionValue, resolve_options
from kakehiki.suggest import did_you_mean

Words = tuple[str, str]
"""A text in English and in Japanese."""


@dataclass(frozen=True)
class RuleSet:
    """A named set of house rules: the options it sets (the others keep their defaults)."""

    id: str
    name: Words
    summary: Words
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def values(self, specs: Sequence[OptionSpec]) -> dict[str, OptionValue]:
        """Every option's value under this rule set (raises OptionError if it is not a legal set)."""
        return resolve_options(specs, self.options)

    def as_text(self) -> dict[str, str]:
        """The options as ``-o NAME=VALUE`` text, as the command line takes them."""
        return {name: value_text(value) for name, value in self.options.items()}


@dataclass(frozen=True)
class OptionLabel:
    """What a person reads for one option: a label and help, and words for its values.

    ``values`` names the option's words (``auto``, ``random``, choices); ``none`` is what its
    ``None`` means; ``seat`` says its numbers are seats; ``step`` is a number's step in the
    lobby; ``advanced`` folds it away there."""

    label: Words
    help: Words
    advanced: bool = False
    values: Mapping[str, Words] = field(default_factory=dict)
    none: Words | None = None
    seat: bool = False
    step: float | None = None


def value_text(value: OptionValue) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def find_rule_set(rule_sets: Sequence[RuleSet], name: str) -> RuleSet:
    """The rule set called ``name`` (its id, any case), or OptionError naming the closest ones."""
    for rule_set in rule_sets:
        if rule_set.id == name.strip().lower():
            return rule_set
    known = [r.id for r in rule_sets]
    raise OptionError("rules", f"unknown rule set {name!r}{did_you_mean(name, known)} (known: {', '.join(known)})")


def with_rule_set(rule_sets: Sequence[RuleSet], name: str | None, given: Mapping[str, str]) -> dict[str, str]:
    """The options of rule set ``name`` (none: the defaults), overridden by those ``given``."""
    base = {} if name is None else find_rule_set(rule_sets, name).as_text()
    return {**base, **given}


MAX_STEPS_LABEL = OptionLabel(
    ("Step limit", "手数の上限"),
    ("After this many actions the game ends as a draw (a safety net; games never come near it).",
     "この手数に達したら引き分けで終わります（念のための上限で、ふつうは届きません）。"),
    advanced=True,
)
AUTO_DECKS: Mapping[str, Words] = {"auto": ("As many as the table needs", "人数に合わせて自動")}


def games_label(help_en: str = "How many games make the match.", help_ja: str = "1マッチで遊ぶゲームの数です。"
                ) -> OptionLabel:
    return OptionLabel(("Games in the match", "マッチのゲーム数"), (help_en, help_ja))
