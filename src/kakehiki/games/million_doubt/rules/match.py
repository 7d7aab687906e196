"""The deal, the first leader, the end of a game and the match around it (M1, M10)."""

from __future__ import annotations

from kakehiki.base import match_result as shared_match_result
from kakehiki.cards import Card, make_deck, same_multiset, shuffled
from kakehiki.core import Event, Result, RoundResult, ranks_from_keys
from kakehiki.errors import OptionError
from kakehiki.games.million_doubt.rules import events as ev
from kakehiki.games.million_doubt.rules.draft import Draft
from kakehiki.games.million_doubt.rules.plays import sort_cards
from kakehiki.games.million_doubt.rules.state import (
    HAND_SIZE,
    OVER,
    PLAYING,
    TURN,
    Habits,
    MillionDoubtOptions,
    MillionDoubtState,
    RoundOutcome,
    deals_all,
    largest_hand,
)
from kakehiki.rng import derive

JOKERS = 2
END_REASON = "one_seat_left"
DRAW_REASON = "max_steps"


def full_deck() -> tuple[Card, ...]:
    """52 cards and two jokers (M1)."""
    return make_deck(1, jokers=JOKERS)


def new_match(
    options: MillionDoubtOptions, players: int, seed: int, deck: tuple[Card, ...] | None
) -> tuple[MillionDoubtState, tuple[Event, ...]]:
    if isinstance(options.first_leader, int) and options.first_leader >= players:
        raise OptionError("first_leader", f"no seat {options.first_leader} among {players} players")
    if deck is not None:
        checked_deck(deck)
    check_burst_at(options, players)
    empty: tuple[tuple[Card, ...], ...] = ((),) * players
    state = MillionDoubtState(
        options=options, seed=seed, players=players, deck=deck,
        round_no=0, scores=(0,) * players, outcomes=(), steps=0,
        leader=0, hands=empty, known=empty, aside=(), gone=(), gone_down=(),
        status=(PLAYING,) * players, finished=(), bursts=(),
        field=(), binding=-1, lock=None, revolution=False, eleven_back=False,
        turn=0, last_player=-1, passes=0, phase=TURN, laying=(), claim=None, hiding=(), window=(),
        caller=-1, doubted=-1, truthful=False, pool=(), given=(), habits=(Habits(),) * players,
    )
    d = Draft(state)
    deal(d)
    return d.finish()


def check_burst_at(options: MillionDoubtOptions, players: int) -> None:
    """Refuse a deal whose hands start at or past ``burst_at`` with cards played face down (M1, M9):
    naming ``deal`` when ``deal=all`` made them that large, else ``burst_at``.  Without
    ``face_down`` nobody is ever given cards, so nobody bursts and any size is fine."""
    size = largest_hand(options, players)
    if not options.face_down or size < options.burst_at:
        return
    if deals_all(options):
        raise OptionError("deal", f"dealing every card gives hands of {size}, at or past "
                                  f"burst_at={options.burst_at}: deal seven, raise burst_at, or play face_down=false")
    raise OptionError("burst_at", f"dealing seven cards gives hands of {size}, at or past "
                                  f"burst_at={options.burst_at}: raise burst_at above {size}, or play face_down=false")


def checked_deck(deck: tuple[Card, ...]) -> tuple[Card, ...]:
    if not same_multiset(deck, full_deck()):
        raise OptionError("deck", f"must be the 52 cards and two jokers, once each ({len(deck)} cards given)")
    return deck


def deal(d: Draft) -> None:
    """Seven cards each (or every card, ``deal``), one at a time from seat 0 clockwise; the rest
    is set aside unseen (M1)."""
    if d.round_no == 0 and d.deck is not None:
        deck = d.deck
    else:
        deck = shuffled(full_deck(), derive(d.seed, "million-doubt", "deal", d.round_no))
    dealt = len(deck) if deals_all(d.options) else HAND_SIZE * d.players
    d.hands = [sort_cards(deck[s:dealt:d.players]) for s in range(d.players)]
    d.known = [()] * d.players
    d.aside, d.gone, d.gone_down = deck[dealt:], (), ()
    d.status = [PLAYING] * d.players
    d.finished, d.bursts = (), ()
    d.field, d.binding, d.lock, d.revolution, d.eleven_back = (), -1, None, False, False
    d.last_player, d.passes, d.phase, d.window = -1, 0, TURN, ()
    d.laying, d.claim, d.hiding = (), None, ()
    d.caller, d.doubted, d.truthful, d.pool, d.given = -1, -1, False, (), ()
    d.leader, how = first_leader(d)
    d.turn = d.leader
    d.events.append(ev.GameStarted(d.round_no, d.leader, how, len(d.aside)))
    d.events.extend(ev.Dealt(s, d.hands[s], len(d.hands[s])) for s in range(d.players))


def first_leader(d: Draft) -> tuple[int, str]:
    """A fixed seat, the previous game's first seat out (``last_winner``), or random (M1)."""
    choice = d.options.first_leader
    if isinstance(choice, int):
        return choice, "fixed"
    if choice == "last_winner" and d.outcomes and d.outcomes[-1].winners:
        return d.outcomes[-1].winners[0], "last_winner"
    return derive(d.seed, "million-doubt", "leader", d.round_no).randrange(d.players), "random"


def outcome_of(d: Draft) -> RoundOutcome:
    """Winner: the first seat out (or the last one standing if all others burst); seats that
    went out later neither win nor lose (their order shows in the points).  Losers: the seat
    left holding cards, then the bursts (M9, M10)."""
    left = tuple(s for s in range(d.players) if d.status[s] == PLAYING)
    if d.finished:
        return RoundOutcome(winners=d.finished[:1], losers=left + d.bursts, reason=END_REASON)
    return RoundOutcome(winners=left, losers=d.bursts, reason=END_REASON)


def finish_game(d: Draft, outcome: RoundOutcome) -> None:
    """Record the game; deal the next one, or end the match (after ``games`` games or at ``max_steps``)."""
    d.events.append(ev.GameEnded(d.round_no, outcome.winners, outcome.losers, outcome.reason, tuple(d.scores)))
    d.outcomes = (*d.outcomes, outcome)
    if outcome.reason == DRAW_REASON or d.round_no + 1 >= d.options.games:
        d.phase, d.window, d.laying, d.claim, d.hiding = OVER, (), (), None, ()
        d.events.append(ev.MatchEnded(final_ranks(tuple(d.scores), d.outcomes), tuple(d.scores)))
        return
    d.round_no += 1
    deal(d)


def match_ranks(scores: tuple[int, ...]) -> tuple[int, ...]:
    """More points rank higher; equal points share a rank (M10)."""
    return ranks_from_keys([(-s,) for s in scores])


def final_ranks(scores: tuple[int, ...], outcomes: tuple[RoundOutcome, ...]) -> tuple[int, ...]:
    """The match's ranks: by points (M10); every seat 1 at ``max_steps`` (C7).  In a match of one
    game, seats level on points (``burst_points=0`` can leave all at 0) are ordered by the game
    itself, winner first, losers last: a game with losers is no draw."""
    if outcomes[-1].reason == DRAW_REASON:
        return (1,) * len(scores)
    if len(outcomes) > 1:
        return match_ranks(scores)
    only = outcomes[0]
    places = [0 if s in only.winners else 2 if s in only.losers else 1 for s in range(len(scores))]
    return ranks_from_keys([(-points, place) for points, place in zip(scores, places, strict=True)])


def match_result(state: MillionDoubtState) -> Result:
    """The match's winners are the seats ranked first and its losers those ranked last, in a match
    of one game too: points decide (M10), so the first seat out (M9's winner, the game's own
    winner in ``rounds``) may rank below a seat that went out later and was paid more."""
    ranks = final_ranks(state.scores, state.outcomes)
    scores = tuple(float(s) for s in state.scores)
    rounds = tuple(RoundResult(o.winners, o.losers, o.reason) for o in state.outcomes)
    if rounds[-1].reason == DRAW_REASON:
        return Result((), (), ranks, scores, DRAW_REASON, rounds)  # C7: a draw ranks all alike
    if len(rounds) > 1:
        return shared_match_result(ranks, scores, state.outcomes)
    first, last = min(ranks), max(ranks)  # one game: never all alike (places part equal points)
    winners = tuple(s for s, rank in enumerate(ranks) if rank == first)
    losers = tuple(s for s, rank in enumerate(ranks) if rank == last)
    return Result(winners, losers, ranks, scores, rounds[0].reason, rounds)
