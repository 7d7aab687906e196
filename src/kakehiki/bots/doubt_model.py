"""What Doubt's bots make of each opponent from the public record, ``habits`` (issue 19).

The view's ``habits`` count, per seat, its plays, how many were doubted and how many of those
were lies, the doubt windows where its answer was heard, and the doubts it called.  From them,
with priors for a seat nobody has seen yet:

* :func:`doubt_rate`: how often a seat doubts a play it is offered;
* :func:`doubts_truths`: whether a seat is seen doubting plays that were true, not only lies
  (at two seats every doubt of this seat's plays is the other's, so this seat's own record says
  it): such a seat doubts without evidence, and a true play no longer passes;
* :func:`lie_rate`: how often a seat's doubted plays were lies, counted only where the doubts were
  not chosen on evidence (see there).

No assumption that the others play like any bot here: with no record a seat gets the priors.
"""

from __future__ import annotations

from kakehiki.games.doubt import DoubtView
from kakehiki.games.doubt.state import Habits

PRIOR_DOUBT = (1.0, 1.0)  # (doubts, declines) imagined for a seat's answers: even odds
PRIOR_LIE = (1.0, 3.0)  # (lies, truths) imagined for a seat's doubted plays: mostly true
EAGER = 0.85  # a doubt rate at which a seat doubts nearly every play
TRUTHS_SEEN = 3  # true plays seen doubted before a seat counts as doubting without evidence
BLIND = 0.5  # a doubt rate above which the table's doubts are mostly not chosen on evidence


def habits_of(view: DoubtView, seat: int) -> Habits:
    return view.habits[seat] if seat < len(view.habits) else Habits()


def doubt_rate(habits: Habits) -> float:
    """The chance that the seat doubts a play it is offered (Bayes with an even prior)."""
    yes, no = PRIOR_DOUBT
    return (habits.doubts + yes) / (habits.asked + yes + no)


def eager_doubter(view: DoubtView, seat: int) -> bool:
    """Whether ``seat`` doubts (nearly) every play, true ones too, as far as the record shows.

    At two seats this seat's own plays were doubted by ``seat`` alone, so its record tells how
    many true plays ``seat`` turned up: doubted less lies found."""
    theirs = habits_of(view, seat)
    me = habits_of(view, view.seat if view.seat is not None else 0)
    truths_doubted = me.doubted - me.lies
    return doubt_rate(theirs) >= EAGER and truths_doubted >= TRUTHS_SEEN


def lie_rate(view: DoubtView, seat: int) -> float | None:
    """How often ``seat``'s plays are lies, from its doubted plays, or ``None`` where the record
    cannot say.

    A careful caller doubts the plays it can nearly prove are lies, so among its doubts nearly
    all are lies whatever the player's habits: those doubts say nothing of how often the player
    lies.  Only doubts not chosen on evidence sample the player's plays fairly, so this counts
    the record only when every other seat doubts blindly (a doubt rate above ``BLIND``)."""
    others = [s for s in range(len(view.hand_sizes)) if s != seat and s not in view.forfeited]
    if not others or any(doubt_rate(habits_of(view, s)) < BLIND for s in others):
        return None
    habits = habits_of(view, seat)
    lies, truths = PRIOR_LIE
    return (habits.lies + lies) / (habits.doubted + lies + truths)
