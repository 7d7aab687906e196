"""A learned correction to the Dobon rule's choice: what one decision's actions are worth (issue 19).

The rule bot (:mod:`kakehiki.games.dobon.bots.heuristic`) ranks its actions by hand-set weights.  This module
holds a linear model of how much more often the seat wins after each other legal action than
after the rule's choice, fitted on exact outcomes: ``benchmarks/dobon_advantage.py`` played every
legal action of 40,000 four-seat games' decisions to the end in the true state (``normal``s around
it, the seat playing ``normal`` afterwards) and regressed the win difference on what the seat
knew when it chose (:func:`features`).  The true state is used only to label the examples; the
model reads nothing but the view, so a bot using it stays honest.

The model is split by situation (out of turn, a two-debt pending, or an ordinary turn; by hand
size), with thirteen features per action: its kind, the value played, that value's danger under
the uniform model and under the bot's own reading, the total left in hand, whether it is
callable, and how many cards of that total the seat has not seen.  A choice is changed only when
the model expects more than :data:`MARGIN` (one point of win chance) from another action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kakehiki.core import Action
from kakehiki.games.dobon import DobonView
from kakehiki.games.dobon.bots.heuristic import MAX_REACHABLE, Danger
from kakehiki.games.dobon.rules.actions import Dobon, Draw, Pass, Play

MARGIN = 0.01  # least expected gain in win chance for which the rule's choice is changed
PLAYERS = 4  # the table the model was fitted at; at any other the rule's choice stands
FEATURES = 13
SITUATIONS = 12  # out of turn / two-debt pending / ordinary turn, by hand size 2, 3, 4, 5 or more


@dataclass(frozen=True, slots=True)
class Option:
    """What the seat knows of one legal action when it chooses."""

    kind: str  # "play", "draw" or "pass"
    value: int  # the value played; 0 for a draw or a pass
    uniform: float  # the value's danger under the uniform model (the rule bot's)
    read: float  # the value's danger as the deciding bot reads it
    left: int  # the total left in hand after a play (the whole total otherwise)
    unseen: int  # after a play leaving a callable total: cards of that total the seat has not seen


@dataclass(frozen=True, slots=True)
class Situation:
    """The decision's circumstances, the same for every option."""

    out_of_turn: bool
    pending: int
    size: int  # the seat's hand size
    smallest: int  # the smallest other hand

    @property
    def index(self) -> int:
        kind = 0 if self.out_of_turn else 1 if self.pending else 2
        return kind * 4 + min(max(self.size, 2), 5) - 2


def unseen_copies(view: DobonView, value: int) -> int:
    """Cards of ``value`` in no place the seat can see (its hand, the field)."""
    return 4 * view.decks - sum(1 for c in (*(view.hand or ()), *view.field) if c.rank == value)


def situation(view: DobonView, legal: Sequence[Action]) -> Situation:
    others = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
    return Situation(Pass() in legal, view.pending, len(view.hand or ()), min(others, default=0))


def option(view: DobonView, action: Action, uniform: Danger, read: Danger) -> Option:
    total = sum(c.rank for c in view.hand or ())
    if not isinstance(action, Play):
        return Option("draw" if isinstance(action, Draw) else "pass", 0, 0.0, 0.0, total, 0)
    value = action.card.rank
    left = total - value
    unseen = unseen_copies(view, left) if left <= MAX_REACHABLE else 0
    return Option("play", value, uniform(value), read(value), left, unseen)


def features(where: Situation, o: Option) -> tuple[float, ...]:
    """The thirteen numbers the model weighs (the same in every situation)."""
    callable_ = 1.0 if o.kind == "play" and o.left <= MAX_REACHABLE else 0.0
    alone = 1.0 if where.smallest == 1 else 0.0
    play = 1.0 if o.kind == "play" else 0.0
    return (
        play, float(o.kind == "draw"), float(o.kind == "pass"),
        o.value / 13, o.uniform, o.read, o.read**2,
        callable_, callable_ * o.left / 13, callable_ * o.unseen / 4,
        float(o.value == 2), alone * o.read, alone * play,
    )


def value(where: Situation, o: Option, weights: Sequence[Sequence[float]]) -> float:
    """The model's score of an option; only differences between options of one decision mean anything."""
    return sum(w * f for w, f in zip(weights[where.index], features(where, o), strict=True))


def applies(view: DobonView, legal: Sequence[Action]) -> bool:
    """A real choice of the kind the model was fitted on: four seats, two or more actions, no Dobon
    open, no gaeshi chain."""
    return (len(view.hand_sizes) == PLAYERS and len(legal) > 1 and view.phase == "turn"
            and not any(isinstance(a, Dobon) for a in legal))


def corrected(view: DobonView, legal: Sequence[Action], chosen: Action, uniform: Danger, read: Danger,
              weights: Sequence[Sequence[float]] | None = None) -> Action:
    """``chosen``, or the legal action the model expects to win more than :data:`MARGIN` more often."""
    if not applies(view, legal):
        return chosen
    table = WEIGHTS if weights is None else weights
    where = situation(view, legal)
    base = value(where, option(view, chosen, uniform, read), table)
    best, gain = chosen, MARGIN
    for action in legal:
        if action != chosen:
            ahead = value(where, option(view, action, uniform, read), table) - base
            if ahead > gain:
                best, gain = action, ahead
    return best


# Fitted by ``PYTHONPATH=src python benchmarks/dobon_advantage.py --games 20000 --seed 1000000 --read --workers 2
# --emit`` (216,766 decisions of 40,000 games; one row of FEATURES weights per situation, in
# Situation.index order).
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (-0.01882, 0.00000, 0.01882, 0.08726, -0.10232, -0.00444, 0.04324,
     -0.01882, 0.01989, 0.04434, 0.01149, -0.07492, 0.01819),
    (0.00868, 0.00000, -0.00868, 0.06009, -0.18504, 0.00920, -0.01656,
     -0.04188, 0.06182, 0.01075, -0.01918, 0.02854, -0.00242),
    (0.00559, 0.00000, -0.00559, 0.04627, -0.07326, 0.00670, -0.14647,
     0.02881, -0.00585, 0.01380, -0.00656, -0.02726, -0.01225),
    (0.01712, 0.00000, -0.01712, -0.00438, 0.01826, -0.05187, -0.05371,
     0.07879, -0.03352, 0.02208, 0.01364, 0.03614, -0.01704),
    (0.03534, -0.03534, 0.00000, 0.00544, -0.03589, 0.02157, 0.00579,
     0.03534, 0.05617, -0.17048, 0.03534, 0.00012, 0.02470),
    (0.00489, -0.00489, 0.00000, 0.00075, 0.02918, 0.00648, -0.00005,
     0.16077, -0.09142, -0.05019, 0.00489, 0.01861, 0.07909),
    (0.02021, -0.02021, 0.00000, 0.00311, -0.00415, -0.01637, -0.00422,
     0.04004, -0.09880, -0.00381, 0.02021, -0.00778, -0.02565),
    (0.00062, -0.00062, 0.00000, 0.00010, 0.00761, 0.04131, 0.01060,
     0.10922, 0.06166, 0.10922, 0.00062, 0.00901, 0.05283),
    (-0.00832, 0.00832, 0.00000, 0.06152, 0.09335, -0.13200, 0.01041,
     -0.00832, 0.00112, 0.08798, -0.02307, -0.10692, 0.01526),
    (0.00320, -0.00320, 0.00000, 0.07147, -0.20429, -0.06688, 0.05147,
     -0.01391, 0.02816, 0.07276, -0.01380, -0.11023, 0.01953),
    (0.00563, -0.00563, 0.00000, 0.05961, -0.20334, -0.01802, 0.03107,
     -0.03765, 0.09458, 0.04151, -0.00667, -0.09617, 0.03216),
    (0.00849, -0.00849, 0.00000, 0.02509, -0.06475, -0.06273, -0.00425,
     0.02986, -0.01492, 0.06851, -0.00478, -0.05527, 0.01196),
)
