"""The Dobon test of the arithmetic variant (RULINGS A3) and a hand's *waits*.

A hand calls Dobon on a top card of value ``v`` when some expression using every
hand card exactly once, all joined by one operator kind, evaluated left to right
with exact fractions, in any operand order, equals ``v``.  No permutation needs
to be tried:

* ``+`` and ``×`` do not depend on the order: the sum and the product;
* ``a1 − a2 − … − an`` is ``a1 − (a2 + … + an)``: only the first operand matters,
  so the values are ``2·a − sum`` for each card value ``a``;
* ``a1 ÷ a2 ÷ … ÷ an`` is ``a1 / (a2 · … · an)``: likewise ``a² / product``.

A single card equals its own value (under any operator kind: there is none to
apply).  An empty hand reaches nothing.  Only card values 1..13 count.  Results
are cached by the hand's multiset of values (a sorted tuple).

>>> from kakehiki.cards import parse_cards
>>> waits(parse_cards("C3 H7 D2"))[12]
('+',)
>>> waits(parse_cards("S4 C3"))
{1: ('-',), 7: ('+',), 12: ('*',)}
>>> sorted(waits(parse_cards("SA CA C2 HA H2 DA D3")))
[11, 12]
>>> expression((3, 4), "*", 12)
'3 × 4'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import prod
from typing import Final

from kakehiki.cards import Card

PLUS, MINUS, TIMES, DIVIDE = "+", "-", "*", "/"
OPERATORS: Final = (PLUS, MINUS, TIMES, DIVIDE)
SYMBOLS: Final = {PLUS: "+", MINUS: "−", TIMES: "×", DIVIDE: "÷"}
LOW, HIGH = 1, 13  # the card values a top card can have

Waits = tuple[tuple[int, tuple[str, ...]], ...]


def values_of(hand: Iterable[Card]) -> tuple[int, ...]:
    """The hand's multiset of values, as the sorted tuple every cache here is keyed by."""
    return tuple(sorted(c.rank for c in hand))


@lru_cache(maxsize=1 << 16)
def waits_of(values: tuple[int, ...]) -> Waits:
    """``(value, operators)`` pairs by rising value for a sorted tuple of card values."""
    if len(values) <= 1:
        return ((values[0], OPERATORS),) if values and LOW <= values[0] <= HIGH else ()
    found: dict[int, list[str]] = {}
    total, product = sum(values), prod(values)
    if total <= HIGH:
        found[total] = [PLUS]
    for first in set(values):
        difference = 2 * first - total
        if LOW <= difference <= HIGH:
            found.setdefault(difference, []).append(MINUS)
    if product <= HIGH:
        found.setdefault(product, []).append(TIMES)
    for first in set(values):
        square = first * first
        if square >= product and square % product == 0 and square // product <= HIGH:
            found.setdefault(square // product, []).append(DIVIDE)
    return tuple((value, tuple(found[value])) for value in sorted(found))


@lru_cache(maxsize=1 << 16)
def reachable(values: tuple[int, ...]) -> frozenset[int]:
    """The top values a hand with these (sorted) values can call Dobon on."""
    return frozenset(value for value, _ in waits_of(values))


def waits(hand: Iterable[Card]) -> dict[int, tuple[str, ...]]:
    """Every top value ``hand`` can call Dobon on, with the operators that reach it
    (``+ - * /``, in that order).  Empty for an empty hand (A3)."""
    return dict(waits_of(values_of(hand)))


def can_dobon(hand: Iterable[Card], value: int) -> bool:
    return value in reachable(values_of(hand))


def expression(values: Iterable[int], operator: str, target: int) -> str:
    """One expression over ``values`` with ``operator`` that equals ``target`` (for display),
    e.g. ``'12 − 3 − 4'``.  ``operator`` must be one :func:`waits_of` lists for ``target``."""
    rest = sorted(values)
    if len(rest) > 1 and operator in (MINUS, DIVIDE):
        total = sum(rest) if operator == MINUS else prod(rest)
        first = next(a for a in rest if (2 * a - total if operator == MINUS else a * a) == (
            target if operator == MINUS else target * total))
        rest.remove(first)
        rest.insert(0, first)
    return f" {SYMBOLS[operator]} ".join(map(str, rest))
