"""Dhumbal's rounds and the match around them: deal, turns, stock rebuild, Show and scoring.

Every function works on a :class:`Draft`.
"""

from __future__ import annotations

from kakehiki.cards import CARD_ORDER, Card, make_deck, same_multiset, shuffled
from kakehiki.core import Event, ranks_from_keys
from kakehiki.errors import OptionError
from kakehiki.games.dhumbal.rules import events as ev
from kakehiki.games.dhumbal.rules.draft import Draft
from kakehiki.games.dhumbal.rules.melds import POINTS, total
from kakehiki.games.dhumbal.rules.state import (
    HAND_SIZE,
    OVER,
    PLAY,
    SEATS_PER_DECK,
    TURNED_UP,
    DhumbalOptions,
    DhumbalState,
    LoggedTurn,
    RoundOutcome,
)
from kakehiki.rng import derive


def deck_count(options: DhumbalOptions, players: int, deck: tuple[Card, ...] | None) -> int:
    """Decks in play: the option's, or one per 8 players (D2).  An explicit deck must be
    exactly that many whole decks: it never overrides ``decks``."""
    decks = options.decks or -(-players // SEATS_PER_DECK)
    if players > SEATS_PER_DECK * decks:
        raise OptionError("decks", f"{decks} deck(s) seat at most {SEATS_PER_DECK * decks} players, not {players}")
    if deck is not None:
        given = len(deck) // 52
        if not deck or len(deck) % 52 or not same_multiset(deck, make_deck(given)):
            raise OptionError("deck", f"must be whole 52-card decks without jokers ({len(deck)} cards given)")
        if given != decks:
            how = f"decks={options.decks}" if options.decks else f"decks=auto ({players} players)"
            raise OptionError("decks", f"{how} plays {decks} deck(s), but the explicit deck holds {given} "
                                       f"({len(deck)} cards): give decks={given} or a deck of {52 * decks} cards")
    return decks


def new_match(
    options: DhumbalOptions, players: int, seed: int, deck: tuple[Card, ...] | None
) -> tuple[DhumbalState, tuple[Event, ...]]:
    state = DhumbalState(
        options=options, seed=seed, players=players, deck=deck, decks=deck_count(options, players, deck),
        round_no=0, starter=0, scores=(0,) * players, outcomes=(), phase=PLAY, steps=0,
        hands=((),) * players, totals=(0,) * players, known=((),) * players, stock=(), discarding=(), available=(),
        available_owner=TURNED_UP, buried=(), turn=0, round_turns=0, log=(), rebuilds=0,
    )
    d = Draft(state)
    deal(d)
    return d.finish()


def deal(d: Draft) -> None:
    """Deal five cards one at a time clockwise from the starter, turn up the next card;
    the rest, in order, is the stock (D2).  Only the first round may use an explicit deck."""
    if d.round_no == 0 and d.deck is not None:
        deck = d.deck
    else:
        deck = shuffled(make_deck(d.decks), derive(d.seed, "dhumbal", "deal", d.round_no))
    n = d.players
    seats = [(d.starter + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    for at in range(HAND_SIZE * n):
        hands[seats[at % n]].append(deck[at])
    up = deck[HAND_SIZE * n]
    d.hands = [tuple(sorted(h, key=CARD_ORDER)) for h in hands]
    d.totals = [total(h) for h in hands]
    d.known = [()] * n
    d.stock = tuple(reversed(deck[HAND_SIZE * n + 1:]))
    d.discarding, d.available, d.available_owner, d.buried = (), (up,), TURNED_UP, ()
    d.turn, d.round_turns, d.log, d.rebuilds = d.starter, 0, (), 0
    d.events.append(ev.RoundStarted(d.round_no, d.starter, d.decks))
    d.events.extend(ev.Dealt(s, d.hands[s], HAND_SIZE) for s in seats)
    d.events.append(ev.TurnedUp(up))


def put_down(state: DhumbalState, seat: int, card: Card) -> tuple[DhumbalState, tuple[Event, ...]]:
    """One card of this turn's discard goes down, face up: public from now on (D3).

    The commonest step, so it skips the draft: only the hand, its total, what is known of it
    and the cards down change."""
    values = dict(state.__dict__)
    hands, totals = list(state.hands), list(state.totals)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    totals[seat] -= POINTS[card.rank]
    if card in state.known[seat]:  # a card taken from the discards goes back down
        known = list(state.known)
        kept = list(known[seat])
        kept.remove(card)
        known[seat] = tuple(kept)
        values["known"] = tuple(known)
    values["hands"], values["totals"] = tuple(hands), tuple(totals)
    values["discarding"] = (*state.discarding, card)
    new = object.__new__(DhumbalState)
    object.__setattr__(new, "__dict__", values)  # as Draft.freeze does
    return new, (ev.Discarded(seat, card),)


def take_turn(d: Draft, seat: int, take: Card | None) -> None:
    """The discard is down: take one of the previous discards or the stock's top; bury the
    rest; the discard is the next seat's to take from (D3)."""
    discard, d.discarding = d.discarding, ()
    offered = d.available
    if take is None:
        card = d.stock[-1]
        d.stock = d.stock[:-1]
        d.give(seat, card, public=False)
        d.events.append(ev.Drew(seat, card))
        left = offered
    else:
        i = offered.index(take)
        left = offered[:i] + offered[i + 1:]
        d.give(seat, take, public=True)
        owner = None if d.available_owner == TURNED_UP else d.available_owner
        d.events.append(ev.Took(seat, take, owner))
    if left:
        d.buried += left
        d.events.append(ev.Buried(left))
    d.available, d.available_owner = discard, seat
    d.log += (LoggedTurn(seat, discard, take),)
    d.turn = (seat + 1) % d.players
    d.round_turns += 1
    if not d.stock:
        rebuild_stock(d)


def rebuild_stock(d: Draft) -> None:
    """The buried discards, shuffled, become the new stock (D7).

    Done as soon as a turn leaves the stock empty.  Hands never grow and a seat holds at
    most five cards, so with at most 8 players per deck at least 11 cards are then buried.
    """
    pool = list(d.buried)
    derive(d.seed, "dhumbal", "rebuild", d.round_no, d.rebuilds).shuffle(pool)
    d.stock, d.buried = tuple(pool), ()
    d.rebuilds += 1
    d.events.append(ev.StockRebuilt(len(pool)))


def score_show(
    totals: tuple[int, ...] | list[int], sizes: list[int], caller: int, options: DhumbalOptions
) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """The Show's reason, the points each seat adds and the seats scoring 0 (D4)."""
    others = [s for s in range(len(totals)) if s != caller]
    low = min(totals[s] for s in others)
    mine = totals[caller]
    if mine < low or (mine == low and options.show_tie == "caller_wins"):
        added = [0 if s == caller else totals[s] for s in range(len(totals))]
        return "show", tuple(added), (caller,)
    lowest = [s for s in others if totals[s] == low]
    fewest = min(sizes[s] for s in lowest)
    zero = tuple(s for s in lowest if sizes[s] == fewest)
    added = [0 if s in zero else totals[s] for s in range(len(totals))]
    added[caller] = mine + options.penalty
    return "show_back", tuple(added), zero


def show(d: Draft, seat: int) -> None:
    """Every hand is shown and scored (D4); then the match ends (D5) or the next round is dealt (D6)."""
    d.events.append(ev.ShowCalled(seat, d.totals[seat]))
    d.events.append(ev.HandsShown(tuple(d.hands), tuple(d.totals)))
    sizes = [len(h) for h in d.hands]
    reason, added, winners = score_show(d.totals, sizes, seat, d.options)
    most = max(added)
    losers = tuple(s for s in range(d.players) if added[s] == most)
    d.scores = tuple(a + b for a, b in zip(d.scores, added, strict=True))
    outcome = RoundOutcome(winners=winners, losers=losers, reason=reason, round_no=d.round_no, starter=d.starter,
                           caller=seat, hands=tuple(d.hands), totals=tuple(d.totals), added=added)
    d.outcomes = (*d.outcomes, outcome)
    d.events.append(ev.RoundScored(d.round_no, reason, added, d.scores, winners))
    if max(d.scores) > d.options.limit:
        end_match(d, "limit")
        return
    d.round_no += 1
    step = -1 if d.options.starter_rotation == "right" else 1
    d.starter = (d.starter + step) % d.players
    deal(d)


def stop_at_step_limit(d: Draft) -> None:
    """``max_steps`` reached: the round stops unscored and the match ends as a draw (C7)."""
    zero = (0,) * d.players
    outcome = RoundOutcome(winners=(), losers=(), reason="max_steps", round_no=d.round_no, starter=d.starter,
                           caller=None, hands=(), totals=(), added=zero)
    d.outcomes = (*d.outcomes, outcome)
    d.events.append(ev.RoundScored(d.round_no, "max_steps", zero, d.scores, ()))
    end_match(d, "max_steps")


def end_match(d: Draft, reason: str) -> None:
    d.phase = OVER
    d.events.append(ev.MatchEnded(d.scores, match_ranks(d.scores, reason), reason))


def match_ranks(scores: tuple[int, ...], reason: str) -> tuple[int, ...]:
    """Lowest cumulative score first; ties share (D5).  A match stopped by max_steps is a draw (C7)."""
    if reason == "max_steps":
        return (1,) * len(scores)
    return ranks_from_keys([(s,) for s in scores])
