"""Dhumbal's ``hard`` reads each opponent's Show habit from the match's finished rounds.

A round's Show is public (every hand is laid open), so the view of a later round still says
who Showed, with which hand, and against hands of which sizes.  The model turns each such
Show into the chance of success its caller saw, and a seat that Shows at poor chances is
taken for an eager caller.  A seat never seen to Show keeps the cautious prior.
"""

from __future__ import annotations

import random

from kakehiki import get_game, parse_cards
from kakehiki.games.dhumbal import DhumbalView, RoundOutcome
from kakehiki.games.dhumbal.bots.expert import ExpertBot
from kakehiki.games.dhumbal.bots.model import PRIOR, TYPES, OpponentModel, posterior, show_chance_at, shows_seen
from kakehiki.games.dhumbal.rules.melds import POINTS, total
from transcript_dhumbal import position

from .test_expert_bot import LOW_SHEDDER, holding

GAME = get_game("dhumbal")


def shown(caller: int, hands: list[str], round_no: int = 1) -> RoundOutcome:
    """A finished round in which ``caller`` Showed with these hands (it scores 0 when strictly lowest)."""
    cards = tuple(tuple(parse_cards(h)) for h in hands)
    totals = tuple(total(h) for h in cards)
    lowest = min(t for s, t in enumerate(totals) if s != caller) > totals[caller]
    added = tuple(
        (0 if lowest else totals[s] + 30) if s == caller else (totals[s] if lowest else 0)
        for s in range(len(cards))
    )
    winners = tuple(s for s, a in enumerate(added) if a == 0)
    losers = tuple(s for s, a in enumerate(added) if a == max(added))
    return RoundOutcome(winners=winners, losers=losers, reason="show", round_no=round_no, starter=0,
                        caller=caller, hands=cards, totals=totals, added=added)


def seat_zero_after(*outcomes: RoundOutcome, players: int = 2) -> DhumbalView:
    """Seat 0's view of a new round, after these finished rounds."""
    view: DhumbalView = GAME.view(GAME.new(players=players, seed=3), 0)
    return view._replace(outcomes=outcomes, round_no=len(outcomes) + 1)


# Seat 1 Showed with 5 points against a single card: only a 6 or more beat it.
EAGER_SHOW = shown(1, ["SK", "SA H4"])
# Seat 1 Showed with an ace against five cards: almost sure to succeed, whoever you are.
SAFE_SHOW = shown(1, ["SK SQ H9 D8 C2", "HA"])


def test_a_fresh_opponent_gets_the_cautious_prior() -> None:
    model = OpponentModel.read(seat_zero_after())
    assert model.weights == (None, PRIOR)
    assert 0.0 < model.expected_confidence(1) < 0.7  # not the patient ``normal`` for sure


def test_the_chance_a_caller_saw_is_rebuilt_from_the_shown_hands() -> None:
    # Seat 1 held A and 4 (5 points); seat 0 held one card, drawn from the 50 cards seat 1 did not hold.
    beating = sum(1 for rank in range(1, 14) for _ in "SHDC" if POINTS[rank] > 5)
    assert show_chance_at(EAGER_SHOW, decks=1, caller_wins=False) == beating / 50
    assert show_chance_at(SAFE_SHOW, decks=1, caller_wins=False) > 0.99


def test_a_show_at_poor_odds_marks_an_eager_caller() -> None:
    eager = OpponentModel.read(seat_zero_after(EAGER_SHOW))
    safe = OpponentModel.read(seat_zero_after(SAFE_SHOW))
    assert eager.weights != safe.weights
    assert eager.expected_confidence(1) < safe.expected_confidence(1)
    assert safe.weights[1] == PRIOR  # every type would have made that Show: nothing learnt


def test_every_eager_show_lowers_the_estimate_further() -> None:
    once = OpponentModel.read(seat_zero_after(EAGER_SHOW)).expected_confidence(1)
    twice = OpponentModel.read(seat_zero_after(EAGER_SHOW, EAGER_SHOW)).expected_confidence(1)
    assert twice < once
    # Six Shows at a 64% chance: almost surely a seat that needs no more than that.
    weights = posterior(shows_seen(seat_zero_after(*[EAGER_SHOW] * 6), 1))
    assert sum(w for w, c in zip(weights, TYPES, strict=True) if c <= 0.64) > 0.99


def test_a_seat_is_judged_by_its_own_shows_only() -> None:
    # Four players: seat 2 Showed at poor odds (against a lone king); seats 1 and 3 were never seen to Show.
    eager_two = shown(2, ["SK SQ SJ S10 S9", "HK HQ HJ H10 H9", "SA H4", "DK"])
    model = OpponentModel.read(seat_zero_after(eager_two, players=4))
    assert model.weights[0] is None
    assert model.weights[1] == model.weights[3] == PRIOR
    assert model.expected_confidence(2) < model.expected_confidence(1)
    assert [s.succeeded for s in shows_seen(seat_zero_after(eager_two, players=4), 2)] == [True]


def test_worlds_draw_each_seat_by_its_weights() -> None:
    model = OpponentModel.read(seat_zero_after(*[EAGER_SHOW] * 6))
    rng = random.Random(0)
    draws = [model.draw(1, rng) for _ in range(200)]
    assert set(draws) <= set(TYPES)
    assert sum(1 for c in draws if c <= 0.64) > 190  # an eager caller is played out as one


def test_the_heads_up_search_waits_longer_for_a_caller_read_as_eager() -> None:
    # Seat 0 may Show with a lone two; seat 1 holds a three and a two.  Dealt the same worlds
    # from the same seed, Showing now is worth less against a seat seen Showing at poor odds:
    # played out as that caller, it Shows into the two and fails more often while seat 0 waits.
    _, _, state = position(*LOW_SHEDDER, stock="D2 DA C2 HQ")
    state = holding(state, ["S2", "D3 H2"], ["", ""])
    view = GAME.view(state, 0)
    bot = ExpertBot()
    turn_played = bot.best_turn(view)

    def show_gain(seen: DhumbalView) -> float:
        return bot.show_beats(turn_played, GAME, seen, random.Random(1),
                              lambda rng: GAME.sample_hidden(state, 0, rng))

    unread = show_gain(view)
    assert show_gain(view) == unread  # the same worlds each time
    assert show_gain(view._replace(outcomes=(EAGER_SHOW,) * 6)) < unread
