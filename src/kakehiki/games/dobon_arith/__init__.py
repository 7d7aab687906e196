"""Dobon with arithmetic and card powers (game id ``dobon-arith``).

:func:`waits` is part of the rules (A3): every top value a hand can call Dobon on,
with the operators that reach it.
"""

from kakehiki.games.dobon_arith.actions import ArithAction, Bottom, Dobon, Draw, Pass, Play, Stack, Top, parse_action
from kakehiki.games.dobon_arith.arith import OPERATORS, can_dobon, expression, waits
from kakehiki.games.dobon_arith.game import DOBON_ARITH, DobonArithGame
from kakehiki.games.dobon_arith.legacy import legacy_actions
from kakehiki.games.dobon_arith.state import ArithOptions, ArithState
from kakehiki.games.dobon_arith.view import ArithView
from kakehiki.registry import register

register(DOBON_ARITH)

__all__ = [
    "DOBON_ARITH", "OPERATORS", "ArithAction", "ArithOptions", "ArithState", "ArithView", "Bottom", "Dobon",
    "DobonArithGame", "Draw", "Pass", "Play", "Stack", "Top", "can_dobon", "expression", "legacy_actions",
    "parse_action", "waits",
]
