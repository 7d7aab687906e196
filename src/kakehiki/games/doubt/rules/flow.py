"""Doubt's moves: the deal, plays, the doubt window, penalties, going out (B1–B7).

Every function works on a :class:`Draft`.
"""

from __future__ import annotations

from dataclasses import replace

from kakehiki.cards import CARD_ORDER, Card, make_deck, shuffled
from kakehiki.core import Event, ranks_from_keys
from kakehiki.errors import OptionError
from kakehiki.games.doubt.rules import events as ev
from kakehiki.games.doubt.rules import knowledge
from kakehiki.games.doubt.rules.draft import Draft
from kakehiki.games.doubt.rules.state import (
    OVER,
    PLAY,
    WINDOW,
    DoubtOptions,
    DoubtState,
    Habits,
    PileEntry,
    RoundOutcome,
    offered,
)
from kakehiki.rng import derive

# -- the deal (B1) -------------------------------------------------------------------------------


def deal_order(options: DoubtOptions, players: int, seed: int, deck: tuple[Card, ...] | None) -> tuple[Card, ...]:
    """The cards in dealing order: shuffled from the seed, or the explicit deck checked against the options."""
    full = make_deck(options.decks, options.jokers)
    if deck is None:
        return shuffled(full, derive(seed, "doubt", "deal"))
    left = list(full)
    for card in deck:
        if card not in left:  # the options are too small for this deck: name the one to raise
            raise OptionError("jokers" if card.is_joker else "decks",
                              f"the explicit deck holds {card} more often than {options.decks} deck(s) and "
                              f"{options.jokers} joker(s) do")
        left.remove(card)
    if len(deck) < players:
        raise OptionError("deck", f"{len(deck)} cards cannot deal one to each of {players} seats")
    return deck


def new_game(
    options: DoubtOptions, players: int, seed: int, deck: tuple[Card, ...] | None
) -> tuple[DoubtState, tuple[Event, ...]]:
    """Deal every card one at a time clockwise from seat 0, so earlier seats take any extra card (B1);
    seat 0 plays first, claiming A (B2)."""
    cards = deal_order(options, players, seed, deck)
    copies = [0] * 53
    for card in cards:
        copies[card.index] += 1
    hands = tuple(tuple(sorted(cards[seat::players], key=CARD_ORDER)) for seat in range(players))
    state = DoubtState(
        options=options, seed=seed, players=players, deck=deck, copies=tuple(copies),
        hands=hands, pile=(), round_no=0, rank=1, turn=0, phase=PLAY, window=(), picked=(), forfeited=(), discard=(),
        successes=(0,) * players, known=knowledge.empty(players), sure=knowledge.empty(players),
        last_sure=((),) * (players + 1), penalty_draws=0, plays=0, steps=0, outcomes=(),
        habits=(Habits(),) * players,
    )
    d = Draft(state)
    d.events.append(ev.GameStarted(players, len(cards), options.decks, sum(1 for c in cards if c.is_joker)))
    d.events.extend(ev.Dealt(seat, hands[seat], len(hands[seat])) for seat in range(players))
    d.events.append(ev.TurnTo(0, 1))
    return d.finish()


# -- plays and the doubt window (B2–B4) ----------------------------------------------------------


def play(d: Draft, seat: int, cards: tuple[Card, ...]) -> None:
    """Put ``cards`` face down claiming the running rank (B2, B3), then open the doubt window (B4)."""
    d.take(seat, cards)
    d.pile = (*d.pile, PileEntry(seat, d.rank, cards, False))
    d.plays += 1
    d.note(seat, plays=1)
    knowledge.note_play(d, seat, len(cards))
    d.events.append(ev.Played(seat, d.rank, len(cards), cards))
    d.rank = d.rank % 13 + 1
    if not d.hands[seat] and needs_success(d, seat):
        take_pile(d, seat, "no_success")  # B7: nothing to doubt, the pile comes back whatever was played
        start_turn(d, d.next_active(seat))
        return
    d.window = offered(d.options, d.players, d.forfeited, seat)
    d.phase = WINDOW
    d.turn = seat


def decline(d: Draft, seat: int) -> None:
    """``pass``: the play stands for this seat; once every offered seat has passed the window closes."""
    d.window = tuple(s for s in d.window if s != seat)
    d.events.append(ev.Declined(seat))
    if d.window:
        return
    player = d.turn
    for other in offered(d.options, d.players, d.forfeited, player):  # all declined: each answer was heard
        d.note(other, asked=1)
    d.events.append(ev.Unchallenged(player))
    if not d.hands[player]:
        go_out(d, player)
    else:
        start_turn(d, d.next_active(player))


def doubt(d: Draft, caller: int) -> None:
    """Turn the last play up; the loser pays the penalty; play goes on after the doubted seat (B5, B7)."""
    entry = d.pile[-1]
    player, lie = entry.seat, entry.lie
    d.window = ()
    d.pile = (*d.pile[:-1], replace(entry, revealed=True))
    d.note(caller, asked=1, doubts=1)
    d.note(player, doubted=1, lies=int(lie))
    d.events.append(ev.Doubted(caller, player, entry.rank, len(entry.cards)))
    d.events.append(ev.Revealed(player, entry.rank, entry.cards, lie))
    knowledge.note_reveal(d, player, entry.cards, check=d.options.penalty != "pile")
    if lie:
        d.successes[caller] += 1
        if d.options.repeat_rank_after_lie:
            d.rank = entry.rank
    penalise(d, player if lie else caller, caller, player, lie)
    for seat in (player, caller):
        if d.active(seat) and not d.hands[seat] and emptied(d, seat):
            return
    still = [s for s in range(d.players) if d.active(s)]
    if len(still) == 1:
        finish(d, still[0], "doubt_last_standing")
        return
    start_turn(d, caller if lie and d.options.doubter_leads else d.next_active(player))


def start_turn(d: Draft, seat: int) -> None:
    d.turn, d.phase, d.window = seat, PLAY, ()
    d.events.append(ev.TurnTo(seat, d.rank))


# -- penalties (B5, B7) --------------------------------------------------------------------------


def penalise(d: Draft, loser: int, caller: int, player: int, lie: bool) -> None:
    penalty = d.options.penalty
    if penalty == "pile":
        take_pile(d, loser, "lie" if lie else "truth")
    elif penalty == "forfeit":
        forfeit(d, loser)
    else:
        take_two(d, caller if lie else player, loser)


def take_pile(d: Draft, seat: int, reason: str) -> None:
    """``seat`` takes every card of the pile.  Everyone sees the plays a doubt turned up; the
    rest only the taker, and each seat its own plays (B5), unless ``show_pile`` turns it all up."""
    pile = d.pile
    cards = tuple(sorted((c for entry in pile for c in entry.cards), key=CARD_ORDER))
    shown = tuple(sorted((c for entry in pile if entry.revealed for c in entry.cards), key=CARD_ORDER))
    d.pile = ()
    d.give(seat, cards)
    d.events.append(ev.PileTaken(seat, cards, reason, len(cards), shown, d.options.show_pile))
    if d.options.show_pile:
        knowledge.note_pickup(d, seat, cards)
    else:
        knowledge.note_pile_unseen(d, seat, pile)


def forfeit(d: Draft, seat: int) -> None:
    """``seat`` discards its hand face up and is out of the game (B7)."""
    cards = d.hands[seat]
    d.hands[seat] = ()
    d.discard = tuple(sorted(d.discard + cards, key=CARD_ORDER))
    d.forfeited = (*d.forfeited, seat)
    d.events.append(ev.Forfeited(seat, cards))
    knowledge.note_forfeit(d, seat, cards)


def take_two(d: Draft, giver: int, taker: int) -> None:
    """``taker`` draws two random cards (fewer if there are fewer) from ``giver``'s hand (B7).

    The draw is seeded by the game's seed and a counter kept in the state (C3)."""
    rng = derive(d.seed, "doubt", "penalty", d.penalty_draws)
    d.penalty_draws += 1
    hand = d.hands[giver]
    picks = rng.sample(range(len(hand)), min(2, len(hand)))
    cards = tuple(sorted((hand[i] for i in picks), key=CARD_ORDER))
    d.take(giver, cards)
    d.give(taker, cards)
    d.events.append(ev.CardsTaken(taker, giver, cards, len(cards)))
    knowledge.note_transfer(d, giver, taker, cards)


# -- the end (B6) --------------------------------------------------------------------------------


def needs_success(d: Draft, seat: int) -> bool:
    return d.options.require_successful_doubt and not d.successes[seat]


def emptied(d: Draft, seat: int) -> bool:
    """``seat``'s hand is empty after a doubt: it goes out (True), or with no successful
    doubt under ``require_successful_doubt`` it takes the pile and plays on (B6, B7)."""
    if needs_success(d, seat) and d.pile:
        take_pile(d, seat, "no_success")
        return False
    go_out(d, seat)
    return True


def go_out(d: Draft, seat: int) -> None:
    d.events.append(ev.WentOut(seat))
    finish(d, seat, "doubt_out")


def final_ranks(d: Draft, winner: int | None) -> tuple[int, ...]:
    """The winner first; then seats still playing by cards left (``rank_rest``), or all equal;
    forfeited seats last, the earliest forfeit lowest (B6, B7)."""
    keys: list[tuple[float, ...]] = []
    for seat in range(d.players):
        if seat == winner:
            keys.append((0, 0))
        elif seat in d.forfeited:
            keys.append((2, -d.forfeited.index(seat)))
        else:
            keys.append((1, len(d.hands[seat]) if d.options.rank_rest else 0))
    return ranks_from_keys(keys)


def finish(d: Draft, winner: int | None, reason: str) -> None:
    """End the game: ``winner`` went out or is the last seat standing; ``None`` is a draw (C7)."""
    ranks = final_ranks(d, winner) if winner is not None else (1,) * d.players  # C7: nobody ranked apart
    if winner is None:
        winners: tuple[int, ...] = ()
        losers: tuple[int, ...] = ()
    else:
        winners = (winner,)
        worst = max(ranks)
        losers = tuple(s for s in range(d.players) if ranks[s] == worst and s != winner)
    d.outcomes = (RoundOutcome(winners=winners, losers=losers, reason=reason, ranks=ranks, draw=winner is None),)
    d.phase, d.window = OVER, ()
    d.events.append(ev.GameEnded(winners, losers, ranks, reason))


def finish_at_round_limit(d: Draft) -> None:
    """``round_limit`` rounds played: every seat ranked by cards left, fewest first, forfeited
    seats last; the seats ranked first win, those ranked last lose (none, if all are level)."""
    keys: list[tuple[float, ...]] = [
        (2, -d.forfeited.index(seat)) if seat in d.forfeited else (1, len(d.hands[seat])) for seat in range(d.players)
    ]
    ranks = ranks_from_keys(keys)
    worst = max(ranks)
    winners = tuple(s for s in range(d.players) if ranks[s] == 1) if worst > 1 else ()
    losers = tuple(s for s in range(d.players) if ranks[s] == worst) if worst > 1 else ()
    d.outcomes = (RoundOutcome(winners=winners, losers=losers, reason="round_limit", ranks=ranks, draw=worst == 1),)
    d.phase, d.window = OVER, ()
    d.events.append(ev.GameEnded(winners, losers, ranks, "round_limit"))


__all__ = ["OVER", "PLAY", "WINDOW", "decline", "doubt", "finish", "finish_at_round_limit", "new_game", "play"]
