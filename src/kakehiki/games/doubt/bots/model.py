"""What Doubt's bots make of each opponent from the public record, ``habits`` (issue 19).

The view's ``habits`` count, per seat, its plays, how many were doubted and how many of those
were lies, the doubt windows where its answer was heard, and the doubts it called.  From them,
with priors for a seat nobody has seen yet:

* :func:`doubt_rate`: how often a seat doubts a play it is offered;
* :func:`eager_doubter`: whether a seat is seen doubting nearly every play, true ones too (at
  two seats every doubt of this seat's plays is the other's, so this seat's own record says it):
  such a seat doubts without evidence, and a true play no longer stands;
* :func:`nobody_doubts`: whether every other seat is seen doubting almost never;
* :class:`Honesty`: how often a seat tells the truth when it can, from its doubted plays, each
  weighed against the chance it could have been true, counting only the doubts not chosen on
  evidence this seat cannot see (see there).

No assumption that the others play like any bot here: with no record a seat gets the priors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kakehiki.games.doubt import DoubtView
from kakehiki.games.doubt.rules.state import Habits

PRIOR_DOUBT = (1.0, 1.0)  # (doubts, declines) imagined for a seat's answers: even odds
EAGER = 0.85  # a doubt rate at which a seat doubts nearly every play
TRUTHS_SEEN = 3  # true plays seen doubted before a seat counts as doubting without evidence
QUIET = 0.1  # a doubt rate at or below which a seat doubts almost never (0 doubts in 8 answers)
BLIND = 0.4  # a doubt rate above which the table's doubts are mostly not chosen on evidence


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


def nobody_doubts(view: DoubtView) -> bool:
    """Whether every other seat still playing is seen to doubt (almost) never."""
    others = [s for s in range(len(view.hand_sizes)) if s != view.seat and s not in view.forfeited]
    return all(doubt_rate(habits_of(view, s)) <= QUIET for s in others)


def caller_of(before: tuple[Habits, ...], after: tuple[Habits, ...]) -> int | None:
    """The seat that called the one doubt between two records, or ``None`` if not exactly one."""
    callers = [s for s, (b, a) in enumerate(zip(before, after, strict=False)) if a.doubts != b.doubts]
    if len(callers) != 1 or after[callers[0]].doubts - before[callers[0]].doubts != 1:
        return None
    return callers[0]


HONESTY_GRID = tuple((i + 0.5) / 20 for i in range(20))  # candidate chances that a seat able to tell the truth does
HONESTY_PRIOR = tuple(h**3 for h in HONESTY_GRID)  # mean about 0.8: a seat not seen yet is taken to be honest


@dataclass(frozen=True)
class Watched:
    """A play this seat answered: who made it, the chance it could have been made true (before any
    reveal, from what this seat saw), and the table's record at that moment."""

    player: int
    could: float
    record: tuple[Habits, ...]


@dataclass
class Honesty:
    """Each seat's honesty (the chance it tells the truth when it can), learnt from the record.

    A doubted play of the player's shows whether it lied.  The plays a careful caller doubts are
    mostly lies whatever the player's habits (an earlier attempt, counting the record's lies per
    doubted play, saw every seat as a liar): so each doubted play is weighed by Bayes against the
    chance it could have been true as this seat saw it before the reveal (a lie on a play that
    could hardly be true says nothing), and only doubts whose caller chose on nothing this seat
    does not see count: its own, and those of seats that doubt blindly (a doubt rate above
    ``BLIND``).  A careful caller's doubts use its hand, which this seat cannot weigh."""

    forget: float = 0.0  # each new doubted play first pulls the read this far back to the prior (habits change)
    weights: dict[int, list[float]] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)  # seat -> doubted plays learnt from
    watched: Watched | None = None
    steps: int = -1

    def watch(self, view: DoubtView, could: float) -> None:
        """Note the play in the doubt window this seat is answering, to learn from its fate later."""
        self.watched = Watched(view.turn, could, view.habits)

    def observe(self, view: DoubtView) -> None:
        """Learn from the fate of the play watched last (doubted or not) as the record now shows it."""
        if view.steps < self.steps:  # a new game
            self.weights.clear()
            self.seen.clear()
            self.watched = None
        self.steps = view.steps
        watched, self.watched = self.watched, None
        if watched is None or not watched.record:
            return
        before, after = watched.record[watched.player], habits_of(view, watched.player)
        if after.plays != before.plays or after.doubted != before.doubted + 1:
            return  # not doubted, or more happened since than that one play
        caller = caller_of(watched.record, view.habits)
        if caller is None or (caller != view.seat and doubt_rate(habits_of(view, caller)) < BLIND):
            return
        self.learn(watched.player, watched.could, after.lies > before.lies)

    def learn(self, seat: int, could: float, lie: bool) -> None:
        """Bayes over the seat's honesty ``h``: a play that could have been true (chance ``could``)
        is true with chance ``could * h``."""
        weights = self.weights.setdefault(seat, list(HONESTY_PRIOR))
        self.seen[seat] = self.seen.get(seat, 0) + 1
        could = min(max(could, 0.02), 0.98)  # never rule a value out
        if self.forget:
            weights[:] = [w ** (1 - self.forget) * p**self.forget for w, p in zip(weights, HONESTY_PRIOR, strict=True)]
        for i, h in enumerate(HONESTY_GRID):
            weights[i] *= (1 - could * h) if lie else could * h
        total = sum(weights)
        weights[:] = [w / total for w in weights]

    def of(self, seat: int) -> float:
        """The expected chance that ``seat`` tells the truth when it can."""
        weights = self.weights.get(seat, list(HONESTY_PRIOR))
        return sum(w * h for w, h in zip(weights, HONESTY_GRID, strict=True)) / sum(weights)
