"""The waits function (A3) against brute force: every operand order, every operator, exact fractions."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from kakehiki import Card, parse_cards
from kakehiki.cards import STANDARD_DECK
from kakehiki.games.dobon_arith import OPERATORS, expression, waits
from kakehiki.games.dobon_arith.rules.arith import SYMBOLS, reachable, values_of, waits_of

STEP = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
}


def brute_force(values: list[int]) -> dict[int, tuple[str, ...]]:
    """Evaluate every order of every operator left to right with fractions; keep the card values 1..13."""
    found: dict[int, list[str]] = {}
    for op in OPERATORS:
        results = set()
        for order in set(permutations(values)):
            total = Fraction(order[0])
            for value in order[1:]:
                total = STEP[op](total, Fraction(value))
            results.add(total)
        for total in results:
            if total.denominator == 1 and 1 <= total <= 13:
                found.setdefault(int(total), []).append(op)
    return {value: tuple(found[value]) for value in sorted(found)}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=6))
def test_A3_waits_equal_brute_force_over_every_order(values: list[int]) -> None:
    assert dict(waits_of(tuple(sorted(values)))) == brute_force(values)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_DECK), min_size=1, max_size=10, unique=True))
def test_A3_waits_of_cards_and_expressions_that_reach_them(cards: list[Card]) -> None:
    found = waits(cards)
    assert set(found) == reachable(values_of(cards))
    for value, ops in found.items():
        for op in ops:
            text = expression([c.rank for c in cards], op, value)
            numbers = [Fraction(n) for n in text.split(f" {SYMBOLS[op]} ")]
            total = numbers[0]
            for n in numbers[1:]:
                total = STEP[op](total, n)
            assert total == value and sorted(numbers) == sorted(Fraction(c.rank) for c in cards)


def test_A3_waits_depend_on_the_values_only() -> None:
    assert waits(parse_cards("S4 C3")) == waits(parse_cards("C3 H4")) == {1: ("-",), 7: ("+",), 12: ("*",)}
    assert waits_of((3, 4)) is waits_of((3, 4))  # cached by the sorted multiset of values


def test_A3_large_hands() -> None:
    # 1 + 1 + 1 + 1 + 2 + 2 = 8; 1 × 1 × 1 × 1 × 2 × 2 = 4; 2 ÷ 1 ÷ 1 ÷ 1 ÷ 1 ÷ 2 = 1; no difference is positive
    assert waits(parse_cards("SA HA DA CA S2 H2")) == {1: ("/",), 4: ("*",), 8: ("+",)}
    assert waits(parse_cards("SK SA HA DA CA S2 H2 D2")) == {3: ("-",)}  # 13 − 1 − 1 − 1 − 1 − 2 − 2 − 2
