"""Dobon's moves inside one game: plays, interrupts, twos, draws, Dobon and gaeshi.

Every function works on a :class:`Draft`; ``match.finish_game`` takes over when
a game ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kakehiki.cards import Card
from kakehiki.games.dobon.rules import events as ev
from kakehiki.games.dobon.rules.draft import Draft
from kakehiki.games.dobon.rules.state import CHAIN, FIRST_CARD, TURN, RoundOutcome
from kakehiki.games.dobon.rules.stock import draw_cards


def open_window(d: Draft) -> None:
    """After any change, list the other seats with an out-of-turn claim (C4), by priority.

    Out of turn a seat may call Dobon (J1) or interrupt with a card of the top's number
    (J5, never emptying its hand: J7).  The turn seat is never in the window: it always
    has its turn, whose actions include its own Dobon and same-number play, so what it is
    offered never depends on other hands.  Its priority over the window (C4) comes from
    ``actors``, where it stands first.
    """
    if d.phase == CHAIN:
        d.window = gaeshi_window(d)
        return
    rank, hands, sums = d.field[-1].rank, d.hands, d.sums
    # claimants() written out: this runs after every move
    d.window = tuple(s for s in d.priority_from(d.turn)[1:]
                     if sums[s] == rank or (len(hands[s]) >= 2 and holds_rank(hands[s], rank)))


def claimants(
    rank: int, hands: Sequence[tuple[Card, ...]], sums: Sequence[int], seats: Iterable[int]
) -> tuple[int, ...]:
    """Those of ``seats`` (in the order given) that may call Dobon or interrupt on a top of ``rank``."""
    return tuple(s for s in seats if can_claim(hands[s], sums[s], rank))


def can_claim(hand: tuple[Card, ...], total: int, rank: int) -> bool:
    """Whether a hand may call Dobon (J1) or interrupt (J5, J7) on a top card of ``rank``."""
    return total == rank or (len(hand) >= 2 and holds_rank(hand, rank))


def holds_rank(hand: tuple[Card, ...], rank: int) -> bool:
    # A plain loop: about twice as fast as any() over a generator on this hot path.
    for card in hand:  # noqa: SIM110
        if card.rank == rank:
            return True
    return False


def gaeshi_window(d: Draft) -> tuple[int, ...]:
    """Every seat still holding cards, other than the last caller, by priority: each is asked
    whether it answers the call (J8), and the call stands once all have passed (C5).

    Asking only the seats whose hand totals the top would end the game at once when nobody
    can answer, and the view (``over`` rather than ``gaeshi``) would tell every seat that no
    other hand totals the top (C4).  So every seat that might hold an answer is asked; one
    that cannot answer is offered only ``pass``."""
    return gaeshi_askees(d.hands, d.chain[-1], d.priority_from(d.turn))


def gaeshi_askees(hands: Sequence[tuple[Card, ...]], last: int, seats: Iterable[int]) -> tuple[int, ...]:
    """Those of ``seats`` (in the order given) other than the last caller that still hold cards."""
    return tuple(s for s in seats if s != last and hands[s])


def gaeshi_answerers(
    rank: int, hands: Sequence[tuple[Card, ...]], sums: Sequence[int], last: int, seats: Iterable[int]
) -> tuple[int, ...]:
    """Those of ``seats`` other than the last caller whose hand totals ``rank`` (J8)."""
    return tuple(s for s in seats if s != last and hands[s] and sums[s] == rank)


def play(d: Draft, seat: int, card: Card) -> RoundOutcome | None:
    """A normal play or a same-number interrupt (J5); twos add to the pending draw (J6)."""
    interrupt = seat != d.turn
    d.take(seat, card)
    d.field = (*d.field, card)
    d.top_owner = seat
    d.events.append(ev.Played(seat, card, interrupt))
    d.saw("interrupt" if interrupt else "play", seat, card)
    # J6 is the rule for twos: an interrupting 2 always hands the debt to the seat after
    # the interrupter, whatever ``interrupt_turn`` says of other interrupts (J5).
    if not interrupt or card.rank == 2 or d.options.interrupt_turn == "after_interrupter":
        d.turn = d.next_seat(seat)
    if card.rank == 2:
        d.twos += 1
        d.pending = 2 ** d.twos
        d.events.append(ev.TwosPending(d.turn, d.pending))
    return None


def draw_for_turn(d: Draft, seat: int) -> RoundOutcome | None:
    """``draw``: pay pending twos and keep the turn (J6), or draw one and pass the turn."""
    if d.pending:
        amount, d.pending, d.twos = d.pending, 0, 0
        return draw(d, seat, amount, "twos")
    d.turn = d.next_seat(seat)
    return draw(d, seat, 1, "turn")


def delay_penalty(d: Draft, seat: int) -> RoundOutcome | None:
    """The host's delay penalty (J14): draw 2 (and any pending twos); the turn passes."""
    d.events.append(ev.DelayPenalty(seat))
    amount = 2 + d.pending
    d.pending, d.twos = 0, 0
    d.turn = d.next_seat(seat)
    return draw(d, seat, amount, "delay")


def draw(d: Draft, seat: int, count: int, reason: str) -> RoundOutcome | None:
    """Draw ``count`` cards, rebuilding the stock when it runs out (J11)."""
    drawn, outcome = draw_cards(d, "dobon", seat, count)
    d.give(seat, drawn)
    d.events.append(ev.Drew(seat, tuple(sorted(drawn)), len(drawn), reason))
    d.saw("penalty" if reason == "delay" else "draw", seat, None, len(drawn))
    return outcome


def call_dobon(d: Draft, seat: int, top: Card) -> RoundOutcome | None:
    """Lay the whole hand on the field, ``top`` uppermost; open the gaeshi window (J8)."""
    hit = d.field[-1]
    hit_owner = d.top_owner if not d.chain else d.chain[-1]
    hand = d.hands[seat]
    i = hand.index(top)
    d.field = d.field + hand[:i] + hand[i + 1:] + (top,)
    d.events.append(ev.DobonCalled(seat, hand, top, hit, None if hit_owner == FIRST_CARD else hit_owner))
    d.saw("dobon", seat, top, len(hand))
    d.hands[seat] = ()
    d.sums[seat] = 0
    if not d.chain:
        d.first_hit_owner = hit_owner
    d.chain = (*d.chain, seat)
    d.top_owner = seat
    d.phase = CHAIN
    d.window = gaeshi_window(d)
    return None if d.window else chain_outcome(d)


def chain_outcome(d: Draft) -> RoundOutcome:
    """Who won and lost once nobody answers the last call (J8, J9, J10)."""
    last = d.chain[-1]
    if len(d.chain) > 1:
        return RoundOutcome(winners=(last,), losers=(d.chain[-2],), reason="gaeshi")
    victim = d.first_hit_owner
    if victim == FIRST_CARD:
        others = tuple(s for s in range(d.players) if s != last)
        return RoundOutcome(winners=(last,), losers=others, reason="first_card")
    if victim == last:
        return RoundOutcome(winners=(), losers=(last,), reason="self_dobon")
    return RoundOutcome(winners=(last,), losers=(victim,), reason="dobon")


def decline(d: Draft, seat: int) -> RoundOutcome | None:
    """``pass``: leave the window; a gaeshi window that empties ends the game (C5)."""
    d.window = tuple(s for s in d.window if s != seat)
    d.events.append(ev.Declined(seat))
    if d.phase == CHAIN and not d.window:
        return chain_outcome(d)
    return None


def start_phase(d: Draft) -> None:
    """Reset per-game move state for a freshly dealt game."""
    d.phase = TURN
    d.chain = ()
    d.first_hit_owner = FIRST_CARD
    d.top_owner = FIRST_CARD
    d.rebuilds = 0
    d.steps = 0
    d.log = ()
