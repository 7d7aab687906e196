"""The match around arithmetic Dobon games: the first player, deals, dealers and ranking (A1, A9)."""

from __future__ import annotations

from kakehiki.cards import CARD_ORDER, STANDARD_DECK, Card, same_multiset, shuffled
from kakehiki.core import Event, ranks_from_keys
from kakehiki.errors import OptionError
from kakehiki.games.dobon_arith.rules import events as ev
from kakehiki.games.dobon_arith.rules.arith import reachable, values_of
from kakehiki.games.dobon_arith.rules.draft import Draft
from kakehiki.games.dobon_arith.rules.state import FIRST_CARD, OVER, TURN, ArithOptions, ArithState, RoundOutcome
from kakehiki.games.dobon_arith.rules.turns import open_window
from kakehiki.rng import derive

DEAL = 5  # cards per seat (A1)


def new_match(
    options: ArithOptions, players: int, seed: int, deck: tuple[Card, ...] | None
) -> tuple[ArithState, tuple[Event, ...]]:
    if options.first_player is not None and options.first_player >= players:
        raise OptionError("first_player", f"no seat {options.first_player} among {players} players")
    if deck is not None:
        checked_deck(deck)
    if options.first_player is None:
        dealer, reason = derive(seed, "dobon-arith", "first", 0).randrange(players), "random"
    else:
        dealer, reason = options.first_player, "fixed"
    zeros = (0,) * players
    state = ArithState(
        options=options, seed=seed, players=players, deck=deck,
        round_no=0, dealer=dealer, wins=zeros, losses=zeros, outcomes=(),
        hands=((),) * players, reach=(frozenset(),) * players, revealed=((),) * players, stock=(), field=(),
        suit="", top_owner=FIRST_CARD, turn=dealer, direction=1, pending=0, reveal_due=False, opening=True,
        staged=(), phase=TURN, window=(), chain=(), rebuilds=0, steps=0, log=(),
    )
    d = Draft(state)
    d.events.append(ev.DealerChosen(dealer, reason))
    deal(d)
    return d.finish()


def checked_deck(deck: tuple[Card, ...]) -> None:
    """An explicit deck is one whole 52-card deck without jokers."""
    if len(deck) != len(STANDARD_DECK) or not same_multiset(deck, STANDARD_DECK):
        raise OptionError("deck", f"must be one whole 52-card deck without jokers ({len(deck)} cards given)")


def deal(d: Draft) -> None:
    """Deal five cards one at a time clockwise from the dealer, turn up the next card,
    keep the rest in order as the stock; the dealer plays first (A1, A9)."""
    deck = d.deck if d.round_no == 0 and d.deck is not None else shuffled(
        STANDARD_DECK, derive(d.seed, "dobon-arith", "deal", d.round_no))
    seats = [(d.dealer + i) % d.players for i in range(d.players)]
    hands: list[list[Card]] = [[] for _ in range(d.players)]
    for i in range(DEAL * d.players):
        hands[seats[i % d.players]].append(deck[i])
    at = DEAL * d.players
    d.hands = [tuple(sorted(h, key=CARD_ORDER)) for h in hands]
    d.reach = [reachable(values_of(h)) for h in d.hands]
    d.revealed = [()] * d.players
    d.field = (deck[at],)
    d.stock = tuple(reversed(deck[at + 1:]))
    d.suit = deck[at].suit  # the first field card has no power: an 8 there names nothing
    d.turn, d.direction, d.pending = d.dealer, 1, 0
    d.reveal_due, d.opening, d.staged, d.phase = False, True, (), TURN
    d.chain, d.top_owner, d.rebuilds, d.steps, d.log = (), FIRST_CARD, 0, 0, ()
    d.events.append(ev.GameStarted(d.round_no, d.dealer))
    d.events.extend(ev.Dealt(s, d.hands[s], DEAL) for s in seats)
    d.events.append(ev.FieldTurned(deck[at]))
    open_window(d)


def finish_game(d: Draft, outcome: RoundOutcome) -> None:
    """Count the game's wins and losses, then deal the next game or end the match (A9)."""
    d.events.append(ev.GameEnded(d.round_no, outcome.winners, outcome.losers, outcome.reason))
    d.outcomes = (*d.outcomes, outcome)
    d.wins = tuple(w + (s in outcome.winners) for s, w in enumerate(d.wins))
    d.losses = tuple(n + (s in outcome.losers) for s, n in enumerate(d.losses))
    if d.round_no + 1 >= d.options.games:
        d.phase, d.window = OVER, ()
        d.events.append(ev.MatchEnded(d.wins, d.losses, match_ranks(d.wins, d.losses)))
        return
    d.round_no += 1
    choose_next_dealer(d, outcome)
    deal(d)


def choose_next_dealer(d: Draft, outcome: RoundOutcome) -> None:
    """The loser deals next; among several losers one is drawn at random; with none the dealer stays (A9)."""
    losers = outcome.losers
    if not losers:
        reason = "unchanged"
    elif len(losers) == 1:
        d.dealer, reason = losers[0], "loser"
    else:
        d.dealer, reason = derive(d.seed, "dobon-arith", "dealer", d.round_no).choice(losers), "losers_draw"
    d.events.append(ev.DealerChosen(d.dealer, reason))


def match_ranks(wins: tuple[int, ...], losses: tuple[int, ...]) -> tuple[int, ...]:
    """More wins first, then fewer losses; equal seats share a rank (A9)."""
    return ranks_from_keys([(-wins[s], losses[s]) for s in range(len(wins))])
