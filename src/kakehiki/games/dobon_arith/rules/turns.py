"""Arithmetic Dobon's moves inside one game: plays and their powers, draws, the first
turn's pass, reveals, Dobon calls and gaeshi.

Every function works on a :class:`Draft`; ``match.finish_game`` takes over when a
game ends (a move returns its :class:`RoundOutcome`).
"""

from __future__ import annotations

from kakehiki.cards import Card
from kakehiki.core import Action
from kakehiki.games.dobon.rules.stock import draw_cards
from kakehiki.games.dobon_arith.rules import events as ev
from kakehiki.games.dobon_arith.rules.actions import DRAW_TWO, REVEAL, REVERSE, SKIP, Play
from kakehiki.games.dobon_arith.rules.arith import values_of, waits_of
from kakehiki.games.dobon_arith.rules.draft import Draft
from kakehiki.games.dobon_arith.rules.state import CHAIN, FIRST_CARD, ArithState, PublicMove, RoundOutcome


def open_window(d: Draft) -> None:
    """After any change, list the seats that may call Dobon out of turn (C4), by priority.

    Outside a chain: every seat but the turn seat whose hand reaches the top card's value
    (A3) and that did not play it (A4), in play order from the turn seat.  The turn seat is
    never in the window: its own call is one of its turn actions, which never depend on
    whether anyone else may call; a host applies its ordinary move only once the others
    have declined (``Game.yields_to_calls``), and that move closes the window.
    """
    if d.phase == CHAIN:
        d.window = chain_window(d)
        return
    rank, owner, reach = d.field[-1].rank, d.top_owner, d.reach
    d.window = tuple(s for s in d.priority_from(d.turn)[1:] if s != owner and rank in reach[s])


def chain_window(d: Draft) -> tuple[int, ...]:
    """Seats asked whether they answer with a gaeshi: every seat not yet in the chain, the
    card's player included, by priority (A5); the call stands once all have passed (C5).

    Asking only those whose hand reaches the top value would end the game at once when
    nobody can answer, and every seat would see (``over``, not ``gaeshi``) that no other
    hand reaches it (C4).  A seat that cannot answer is offered only ``pass``."""
    return tuple(s for s in d.priority_from(d.turn) if s not in d.chain)


# -- turns ---------------------------------------------------------------------------------------


def play(d: Draft, seat: int, action: Play) -> RoundOutcome | None:
    """Lay the cards bottom first, then apply each card's power (A2, A6)."""
    cards, rank, count = action.cards, action.rank, len(action.cards)
    start_turn(d, seat, keeps_reveal=rank == REVEAL)
    d.take(seat, cards)
    d.field = d.field + cards
    d.top_owner = seat
    d.suit = action.suit or cards[-1].suit  # only a play of 8s names one (A6)
    d.events.append(ev.Played(seat, cards, action.suit))
    if rank == SKIP:
        skipped = tuple(d.seat_after(seat, i) for i in range(1, count + 1))
        d.turn = d.seat_after(seat, count + 1)
        d.events.append(ev.Skipped(skipped))
        return None
    if rank == REVERSE:
        if count % 2:
            d.direction = -d.direction
        d.events.append(ev.Reversed(d.direction))
    d.turn = d.seat_after(seat)
    if rank == DRAW_TWO:
        d.pending += 2 * count
        d.events.append(ev.DrawOwed(d.turn, d.pending))
    elif rank == REVEAL:
        d.reveal_due = True  # one reveal, however many 13s: showing a hand twice shows nothing more
        d.events.append(ev.RevealOwed(d.turn))
    return None


def stage(d: Draft, seat: int, card: Card) -> None:
    """``bottom`` or ``stack``: one more card of the play begun.  It stays in the hand, and
    the table sees nothing until ``top`` lays the whole play (A2); the first step closes
    the window on the top card, and none opens before the play is finished."""
    d.staged = (*d.staged, card)
    d.window = ()
    d.events.append(ev.Staged(seat, d.staged))


def start_turn(d: Draft, seat: int, keeps_reveal: bool = False) -> None:
    """A turn action is being taken: the opening is over, and an owed reveal is paid
    first unless the action passes it on (A2, A6).  Revealing costs no turn."""
    d.opening = False
    if d.reveal_due and not keeps_reveal:
        d.revealed[seat] = d.hands[seat]
        d.events.append(ev.HandRevealed(seat, d.hands[seat]))
    d.reveal_due = False


def draw_for_turn(d: Draft, seat: int) -> RoundOutcome | None:
    """``draw``: pay the twos owed (then the turn ends, or goes on by option), or draw one (A2, A6, A7)."""
    start_turn(d, seat)
    if d.pending:
        amount, d.pending = d.pending, 0
        if d.options.draw_penalty_ends_turn:
            d.turn = d.seat_after(seat)
        return draw(d, seat, amount, "twos")
    d.turn = d.seat_after(seat)
    return draw(d, seat, 1, "turn")


def pass_opening(d: Draft, seat: int) -> RoundOutcome | None:
    """The first turn of the game alone may pass (A2)."""
    start_turn(d, seat)
    d.turn = d.seat_after(seat)
    d.events.append(ev.TurnPassed(seat))
    return None


def draw(d: Draft, seat: int, count: int, reason: str) -> RoundOutcome | None:
    """Draw ``count`` cards, rebuilding the stock when it runs out (A8 = J11)."""
    drawn, outcome = draw_cards(d, "dobon-arith", seat, count)
    d.give(seat, drawn)
    d.events.append(ev.Drew(seat, tuple(sorted(drawn)), len(drawn), reason))
    return outcome


def log_move(d: Draft, before: ArithState, seat: int, action: Action) -> None:
    """Add a turn action to the game's public log, with the field it was taken on and what
    everyone saw of it: how many cards it drew, and the hand an owed reveal showed."""
    drawn = sum(e.count for e in d.events if isinstance(e, ev.Drew))
    shown = next((e.cards for e in d.events if isinstance(e, ev.HandRevealed)), ())
    owner = None if before.top_owner == FIRST_CARD else before.top_owner
    move = PublicMove(seat, action, before.field[-1], before.suit, owner, before.pending, drawn, shown)
    d.log = (*before.log, move)


# -- Dobon ---------------------------------------------------------------------------------------


def call_dobon(d: Draft, seat: int) -> RoundOutcome | None:
    """Show the hand (it stays public) and open the chain to gaeshi on the same card (A3, A5)."""
    hit = d.field[-1]
    if d.chain:
        against: int | None = d.chain[-1]
    else:
        against = None if d.top_owner == FIRST_CARD else d.top_owner
    hand = d.hands[seat]
    operators = dict(waits_of(values_of(hand)))[hit.rank]
    d.revealed[seat] = hand
    d.events.append(ev.DobonCalled(seat, hand, hit, against, operators))
    d.chain = (*d.chain, seat)
    d.phase = CHAIN
    d.window = chain_window(d)
    return None if d.window else chain_outcome(d)


def chain_outcome(d: Draft) -> RoundOutcome:
    """Once nobody answers: the last caller wins; the caller before it loses, or else the
    card's player, or every other seat when the card was the first field card (A4, A5)."""
    last = d.chain[-1]
    if len(d.chain) > 1:
        return RoundOutcome(winners=(last,), losers=(d.chain[-2],), reason="gaeshi")
    if d.top_owner == FIRST_CARD:
        others = tuple(s for s in range(d.players) if s != last)
        return RoundOutcome(winners=(last,), losers=others, reason="first_card")
    return RoundOutcome(winners=(last,), losers=(d.top_owner,), reason="dobon")


def decline(d: Draft, seat: int) -> RoundOutcome | None:
    """``pass`` out of turn: leave the window; a chain window that empties ends the game (C5)."""
    d.window = tuple(s for s in d.window if s != seat)
    d.events.append(ev.Declined(seat))
    if d.phase == CHAIN and not d.window:
        return chain_outcome(d)
    return None
