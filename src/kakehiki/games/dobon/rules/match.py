"""The match around Dobon games: seats, dealers, deals, deal counts and laps (J2, J3, J12, J13)."""

from __future__ import annotations

import random
from collections import Counter

from kakehiki.cards import CARD_ORDER, Card, make_deck, shuffled
from kakehiki.core import Event, ranks_from_keys
from kakehiki.errors import OptionError
from kakehiki.games.dobon.rules import events as ev
from kakehiki.games.dobon.rules.draft import Draft
from kakehiki.games.dobon.rules.state import FIRST_CARD, OVER, TURN, DobonOptions, DobonState, RoundOutcome
from kakehiki.games.dobon.rules.turns import open_window, start_phase
from kakehiki.rng import derive

MIN_DEAL, MAX_DEAL, STOCK_RESERVE = 4, 12, 20


def strength(card: Card) -> tuple[int, int]:
    """Seat-draw strength (J12): A > K > … > 2, then S > H > D > C."""
    rank = 14 if card.rank == 1 else card.rank
    return rank, 3 - "SHDC".index(card.suit)


def draw_cards(rng: random.Random, seats: list[int], decks: int) -> dict[int, Card]:
    """Each seat draws a card; seats holding identical cards draw again (J12).

    Should the redraws ever use up the pool, the cards are gathered and shuffled again."""
    pool = list(shuffled(make_deck(decks), rng))
    drawn: dict[int, Card] = {}
    todo = list(seats)
    while todo:
        if len(pool) < len(todo):
            pool = list(shuffled(make_deck(decks), rng))
        for seat in todo:
            drawn[seat] = pool.pop()
        faces = [drawn[s].index for s in seats]
        todo = [s for s in seats if faces.count(drawn[s].index) > 1]
    return drawn


def seating_by_draw(drawn: dict[int, Card]) -> tuple[int, ...]:
    """Seats clockwise in descending strength of the cards drawn; the first deals (J12)."""
    return tuple(sorted(drawn, key=lambda s: strength(drawn[s]), reverse=True))


def auto_decks(deal_counts: tuple[int, ...]) -> int:
    """Fewest 52-card decks leaving at least 20 cards in the stock after the deal (J2)."""
    needed = sum(deal_counts) + 1 + STOCK_RESERVE
    return max(1, -(-needed // 52))


def largest_deal(players: int, games: int) -> int:
    """The most cards a deal of the match can take: every seat at the highest deal count
    it can reach in ``games`` games (4, then 2 more per game, at most 12), and the first
    field card (J3).  An empty stock later is no crash but J11's ending."""
    return players * min(MAX_DEAL, MIN_DEAL + 2 * (games - 1)) + 1


def check_decks(options: DobonOptions, players: int, deck: tuple[Card, ...] | None) -> None:
    """Refuse a fixed ``decks`` too small for the match's largest deal, or an explicit
    deck that is not a whole number of decks or disagrees with ``decks`` (J2, C3)."""
    if deck is not None:
        checked_deck(deck, (MIN_DEAL,) * players)
    decks = options.decks
    if decks is None:
        return
    if deck is not None and len(deck) != 52 * decks:
        raise OptionError("decks", f"decks={decks} is {52 * decks} cards, but the explicit deck holds {len(deck)}; "
                                   "leave decks at auto to let the deck decide (J2)")
    need = largest_deal(players, options.games)
    if need > 52 * decks:
        enough = -(-need // 52)
        raise OptionError("decks", f"{decks} deck(s) hold {52 * decks} cards, but a match of {options.games} "
                                   f"game(s) at {players} players may deal {need} (hands and the first field "
                                   f"card): use decks={enough} or more, or auto (J2)")


def new_match(
    options: DobonOptions, players: int, seed: int, deck: tuple[Card, ...] | None
) -> tuple[DobonState, tuple[Event, ...]]:
    counts = (MIN_DEAL,) * players
    if options.first_dealer is not None and options.first_dealer >= players:
        raise OptionError("first_dealer", f"no seat {options.first_dealer} among {players} players")
    check_decks(options, players, deck)
    order, dealer, opening = first_seating(options, players, seed, counts)
    state = DobonState(
        options=options, seed=seed, players=players, deck=deck,
        round_no=0, deal_counts=counts, laps=(0,) * players,
        order=order, position=positions(order), dealer=dealer, outcomes=(), stop_requested=False,
        decks=1, hands=((),) * players, sums=(0,) * players, stock=(), field=(),
        top_owner=FIRST_CARD, turn=dealer, pending=0, twos=0, phase=TURN, window=(), chain=(),
        first_hit_owner=FIRST_CARD, rebuilds=0, steps=0, log=(),
    )
    d = Draft(state)
    d.events.extend(opening)
    deal(d)
    return d.finish()


def first_seating(
    options: DobonOptions, players: int, seed: int, counts: tuple[int, ...]
) -> tuple[tuple[int, ...], int, list[Event]]:
    """The first seating and dealer: fixed, a card draw (official) or random (J4, J12)."""
    fixed = tuple(range(players))
    if options.first_dealer is not None:
        return fixed, options.first_dealer, [ev.DealerChosen(options.first_dealer, "fixed")]
    if options.official:
        drawn = draw_cards(derive(seed, "dobon", "seats", 0), list(fixed), options.decks or auto_decks(counts))
        order = seating_by_draw(drawn)
        return order, order[0], [ev.SeatsDrawn(tuple(drawn[s] for s in fixed), order),
                                 ev.DealerChosen(order[0], "seat_draw")]
    dealer = derive(seed, "dobon", "dealer", 0).randrange(players)
    return fixed, dealer, [ev.DealerChosen(dealer, "random")]


def positions(order: tuple[int, ...]) -> tuple[int, ...]:
    pos = [0] * len(order)
    for i, seat in enumerate(order):
        pos[seat] = i
    return tuple(pos)


def deck_for_game(d: Draft) -> tuple[Card, ...]:
    if d.round_no == 0 and d.deck is not None:
        return checked_deck(d.deck, d.deal_counts)
    decks = d.options.decks or auto_decks(d.deal_counts)
    return shuffled(make_deck(decks), derive(d.seed, "dobon", "deal", d.round_no))


def checked_deck(deck: tuple[Card, ...], counts: tuple[int, ...]) -> tuple[Card, ...]:
    """An explicit deck must be whole 52-card decks and large enough to deal."""
    problem = deck_problem(deck)
    if problem is not None:
        raise OptionError("deck", f"must be whole 52-card decks without jokers: {problem}")
    if sum(counts) + 1 > len(deck):
        raise OptionError("deck", f"{len(deck)} cards cannot deal {sum(counts)} cards and turn up a field card")
    return deck


def deck_problem(deck: tuple[Card, ...]) -> str | None:
    """What keeps ``deck`` from being whole 52-card decks, or ``None``: its size, or the
    cards it lacks or holds too often against the nearest whole number of decks."""
    if not deck:
        return "the deck is empty"
    decks = max(1, round(len(deck) / 52))
    wanted = Counter(make_deck(decks))
    given = Counter(deck)
    missing, extra = wanted - given, given - wanted
    if not missing and not extra:
        return None
    parts = [f"{len(deck)} cards given, against {decks} deck(s)"]
    if missing:
        parts.append("missing " + _listed(missing))
    if extra:
        parts.append("extra " + _listed(extra))
    return "; ".join(parts)


def _listed(cards: Counter[Card], most: int = 6) -> str:
    names = [str(c) if n == 1 else f"{c}×{n}" for c, n in sorted(cards.items(), key=lambda item: item[0].index)]
    return " ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def deal(d: Draft) -> None:
    """Deal one card at a time clockwise from the dealer until each seat has its count;
    turn up the next card; the rest, in order, is the stock (J3, J6)."""
    deck = deck_for_game(d)
    d.decks = len(deck) // 52
    hands: list[list[Card]] = [[] for _ in range(d.players)]
    at = 0
    seats = d.priority_from(d.dealer)
    for lap in range(max(d.deal_counts)):
        for seat in seats:
            if lap < d.deal_counts[seat]:
                hands[seat].append(deck[at])
                at += 1
    d.hands = [tuple(sorted(h, key=CARD_ORDER)) for h in hands]
    d.sums = [sum(c.rank for c in h) for h in hands]
    d.field = (deck[at],)
    d.stock = tuple(reversed(deck[at + 1:]))
    d.turn = d.dealer
    d.pending, d.twos = (2, 1) if deck[at].rank == 2 else (0, 0)
    start_phase(d)
    d.saw("turned", None, deck[at])
    d.events.append(ev.GameStarted(d.round_no, d.dealer, d.deal_counts, d.decks))
    d.events.extend(ev.Dealt(s, d.hands[s], len(d.hands[s])) for s in seats)
    d.events.append(ev.FieldTurned(deck[at]))
    if d.pending:
        d.events.append(ev.TwosPending(d.dealer, 2))
    open_window(d)


def finish_game(d: Draft, outcome: RoundOutcome) -> None:
    """Score the game (J3), then deal the next one or end the match (J13)."""
    d.events.append(ev.GameEnded(d.round_no, outcome.winners, outcome.losers, outcome.reason))
    d.outcomes = (*d.outcomes, outcome)
    counts, laps = list(d.deal_counts), list(d.laps)
    for seat in outcome.winners:
        counts[seat] = max(MIN_DEAL, counts[seat] - 2)
    for seat in outcome.losers:
        if counts[seat] >= MAX_DEAL:
            counts[seat], laps[seat] = MIN_DEAL, laps[seat] + 1
        else:
            counts[seat] += 2
    lapped = tuple(laps) != d.laps
    d.deal_counts, d.laps = tuple(counts), tuple(laps)
    d.events.append(ev.DealCountsChanged(d.deal_counts, d.laps))
    played = d.round_no + 1
    min_games = d.options.min_games if d.options.official else 0  # min_games is an official rule (J4)
    if played >= d.options.games or (d.stop_requested and played >= min_games):
        d.phase, d.window = OVER, ()
        d.events.append(ev.MatchEnded(match_ranks(d.laps, d.deal_counts)))
        return
    d.round_no = played
    choose_next_dealer(d, outcome)
    if lapped and d.options.official:
        reseat(d)
    deal(d)


def choose_next_dealer(d: Draft, outcome: RoundOutcome) -> None:
    """The last loser deals; among several, the most behind, then a card draw (J12, J4)."""
    losers = list(outcome.losers)
    if not losers:
        d.events.append(ev.DealerChosen(d.dealer, "unchanged"))
        return
    reason = "loser"
    if len(losers) > 1 and d.options.official:
        worst = max((d.laps[s], d.deal_counts[s]) for s in losers)
        losers = [s for s in losers if (d.laps[s], d.deal_counts[s]) == worst]
        reason = "most_behind"
    if len(losers) > 1:
        rng = derive(d.seed, "dobon", "dealer", d.round_no)
        if d.options.official:
            drawn = draw_cards(rng, losers, 1)
            losers, reason = [seating_by_draw(drawn)[0]], "card_draw"
        else:
            losers, reason = [rng.choice(losers)], "random"
    d.dealer = losers[0]
    d.events.append(ev.DealerChosen(d.dealer, reason))


def reseat(d: Draft) -> None:
    """After a lap, seats are drawn again; the dealer stays the loser (J12)."""
    seats = list(range(d.players))
    drawn = draw_cards(derive(d.seed, "dobon", "seats", d.round_no), seats, 1)
    ranked = [s for s in seating_by_draw(drawn) if s != d.dealer]
    d.order = (d.dealer, *ranked)
    d.position = positions(d.order)
    d.events.append(ev.SeatsDrawn(tuple(drawn[s] for s in seats), d.order))


def match_ranks(laps: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    """Fewer laps, then a smaller deal count; equal seats share a rank (J13)."""
    return ranks_from_keys([(laps[s], counts[s]) for s in range(len(laps))])

