"""What Million Doubt's bots make of each opponent from the public record (issue 19).

The view's ``habits`` are what the whole table saw each seat do this match: its plays with
cards face down (showing a card or wholly face down), how many of those were doubted and
how many of those turned out to be lies, the doubt windows where its answer was heard, and
the doubts it called.  From them, with priors for a seat nobody has seen yet:

* :func:`lie_rate`: how often the seat's face-down plays of a kind are lies (when doubted:
  doubts are called on what everyone could see, so the plays doubted are a fair sample);
* :func:`doubt_rate` and :func:`doubt_weight`: how often it doubts, and how much to trust that;
* :func:`worth_calling`: whether a doubt pays, given the chance of a lie: the cards at stake
  either way, and a burst.

No assumption that the others play like any bot here: with no record a seat gets the priors,
which make a doubt pay only on fairly even odds, and each doubt seen moves it towards what the
seat actually does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kakehiki.games.million_doubt import MillionDoubtView
from kakehiki.games.million_doubt.rules.state import Habits

PRIOR_BLIND = (1.0, 1.0)  # (lies, truths) imagined for a seat's wholly face-down plays: even odds
PRIOR_SHOWN = (1.0, 3.0)  # and for its face-down plays that show a card too: mostly true
PRIOR_DOUBT = (1.0, 1.0)  # (doubts, declines) imagined for a seat's answers: even odds
TRUST_DOUBTS = 2.0  # answers seen at which a seat's doubt rate counts as much as the policy it replaces
GAIN, LOSS, BURST = 0.8, 1.0, 20.0  # per field card, a doubt won / lost; losing into a burst
LEAST_LIE = 0.3  # never doubt a claim less likely than this to be a lie


def habits_of(view: MillionDoubtView, seat: int) -> Habits:
    return view.habits[seat] if seat < len(view.habits) else Habits()


def lie_rate(habits: Habits, blind: bool) -> float:
    """The chance that a face-down play of the seat's is a lie: wholly face down (``blind``) or showing a card."""
    if blind:
        lies, truths = PRIOR_BLIND
        return (habits.blind_lies + lies) / (habits.blind_doubted + lies + truths)
    lies, truths = PRIOR_SHOWN
    return (habits.shown_lies + lies) / (habits.shown_doubted + lies + truths)


def doubt_rate(habits: Habits) -> float:
    """The chance that the seat doubts a play it is offered."""
    yes, no = PRIOR_DOUBT
    return (habits.doubts + yes) / (habits.asked + yes + no)


def doubt_weight(habits: Habits) -> float:
    """How far the seat's own record of doubting outweighs a model policy: 0 unseen … towards 1."""
    return habits.asked / (habits.asked + TRUST_DOUBTS)


def chance_of_lie(view: MillionDoubtView, possible: float, q: float | None = None) -> float:
    """The chance that the last play is a lie, given how often a hand like the player's could have
    made its claim true (``possible``, from the count) and its record.

    Bayes, with ``q`` the seat's record of lying (:func:`lie_rate`): a player that could make the
    claim true makes it truly but for lying with chance ``q``; one that could not bluffs it with
    about the same chance ``q`` (it could pass or make another play instead).  So a claim few
    hands could make true is most likely a lie unless the seat is seen to tell the truth, and
    a claim nearly any hand could make true is a lie as often as the seat lies."""
    play = view.field[-1]
    if q is None:
        q = lie_rate(habits_of(view, play.seat), blind=not play.up)
    return q / (q + possible * (1 - q))


def worth_calling(view: MillionDoubtView, lie: float) -> bool:
    """Doubt when the cards won, weighed by the chance of a lie, beat the cards lost otherwise.

    A doubt won sends the field to the liar, a doubt lost brings it to this seat (and a burst at
    ``burst_at`` cards is a disaster); a player left with no cards goes out unless caught.  Nothing
    is added for what a doubt would teach about a seat seen little so far: any seat's doubt turns
    the cards up for the whole table, and paying for it taught the ``hard`` level less than it
    cost (issue 35: against ``switch`` and ``all-down``, games/million_doubt/spec.md)."""
    play = view.field[-1]
    if not play.down:
        return False
    field_cards = sum(len(p.up) + len(p.down) for p in view.field)
    mine = len(view.hand or ())
    gain = GAIN * field_cards
    if view.hand_sizes[play.seat] == 0:
        gain += 0.5 * mine + 2.0  # it goes out unless caught
    loss = LOSS * field_cards
    if mine + field_cards >= view.burst_at:
        loss += BURST
    return lie >= LEAST_LIE and lie * gain > (1 - lie) * loss


FADE = 0.5  # each newly turned-up play of a kind weighs the seat's earlier ones of that kind by this


@dataclass
class RecentLies:
    """Each seat's lie rate per kind of face-down play, its older plays fading (issue 35).

    The record's counts weigh every turned-up play alike, so a seat that tells the truth until
    trusted and then lies every time (the ``switch`` style) is believed long after it changed.
    This read follows the record as it grows, and each newly turned-up play of a kind weighs the
    seat's earlier ones by ``FADE``: two lies in a row outweigh any number of truths before them.
    Kept between calls (a bot's memory of one game); public counts only."""

    seen: dict[int, Habits] = field(default_factory=dict)
    counts: dict[tuple[int, bool], tuple[float, float]] = field(default_factory=dict)  # (seat, blind) -> (lies, truths)

    def observe(self, view: MillionDoubtView) -> None:
        """Take in what the record shows that was not there at the last call (a new match: start over)."""
        for seat, now in enumerate(view.habits):
            before = self.seen.get(seat, Habits())
            if now.plays < before.plays:  # a new match
                self.seen.clear()
                self.counts.clear()
                before = Habits()
            for blind, doubted_now, lies_now, doubted_before, lies_before in (
                (True, now.blind_doubted, now.blind_lies, before.blind_doubted, before.blind_lies),
                (False, now.shown_doubted, now.shown_lies, before.shown_doubted, before.shown_lies),
            ):
                new = doubted_now - doubted_before
                if new > 0:
                    lies, truths = self.counts.get((seat, blind), (0.0, 0.0))
                    new_lies = lies_now - lies_before
                    self.counts[(seat, blind)] = (lies * FADE**new + new_lies, truths * FADE**new + new - new_lies)
            self.seen[seat] = now

    def rate(self, seat: int, blind: bool) -> float:
        """The chance a face-down play of ``seat``'s of that kind is a lie, with the record's priors."""
        lies, truths = self.counts.get((seat, blind), (0.0, 0.0))
        prior_lies, prior_truths = PRIOR_BLIND if blind else PRIOR_SHOWN
        return (lies + prior_lies) / (lies + truths + prior_lies + prior_truths)
