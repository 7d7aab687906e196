"""Dobon's observation (``dobon``), from a :class:`~kakehiki.games.dobon.rules.view.DobonView`.

Seats are relative in **play order** (``view.order``, which official reseating changes):
entry 0 is the observing seat, entry 1 the seat that plays after it, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from kakehiki.games.dobon.rules.view import DobonView
from kakehiki.rl.obs.layout import CARD_FACES, Array, Encoder, add_cards, card_hot, observer, one_hot, put

PHASES = ("turn", "gaeshi", "over")
KINDS = ("turned", "play", "interrupt", "draw", "penalty", "dobon", "rebuild")
RECENT = 8  # public moves kept move by move


class DobonSeats(Protocol):
    """The per-seat facts of a Dobon table, as both Dobons' views show them."""

    @property
    def seat(self) -> int | None: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def top_owner(self) -> int | None: ...
    @property
    def chain(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...


DV = TypeVar("DV", bound=DobonSeats)


class DobonSeatsEncoder(Encoder[DV]):
    """What both Dobons' encoders share: the per-seat facts of a Dobon table."""

    hand_sizes: int
    drawn: int
    turn: int
    top_owner: int
    chain: int
    dealer: int

    def fill_seats(self, out: Array, rel: Sequence[int], view: DV, drawn: Sequence[int]) -> None:
        """Hand sizes, cards drawn, whose turn, who played the top card, the Dobon chain, the dealer."""
        self.per_seat(out, self.hand_sizes, rel, view.hand_sizes)
        self.per_seat(out, self.drawn, rel, drawn)
        self.seat_hot(out, self.turn, rel, view.turn)
        if view.top_owner is None:
            out[self.top_owner + self.players] = 1.0
        else:
            self.seat_hot(out, self.top_owner, rel, view.top_owner)
        for place, seat in enumerate(view.chain):
            out[self.chain + rel[seat]] = place + 1
        self.seat_hot(out, self.dealer, rel, view.dealer)


class DobonEncoder(DobonSeatsEncoder[DobonView]):
    game_id = "dobon"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.top = add("top", CARD_FACES, "one-hot card: the field's top card")
        self.field = add("field", CARD_FACES, "card vector: every card on the field since the last rebuild, top "
                                                "included")
        self.played = add("played", n * CARD_FACES,
                          "per seat (relative), a card vector of the cards it played or interrupted with this game "
                          "(from `log`)")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.drawn = add("drawn", n, "per seat: cards drawn this game (draws, twos debts and delay penalties)")
        self.turn = add("turn", n, "per seat, one-hot: whose turn it is")
        self.top_owner = add("top_owner", n + 1, "per seat, one-hot: who played the top card; the last entry: the "
                                                 "first field card, played by nobody")
        self.chain = add("chain", n, "per seat: its place in the Dobon chain (1 for the first caller), 0 if none")
        self.dealer = add("dealer", n, "per seat, one-hot: the dealer")
        self.phase = add("phase", len(PHASES), "one-hot: turn, gaeshi, over")
        self.scalars = add("scalars", 4, "pending twos owed, stock size, field size, decks")
        self.match = add("match", 2 * n + 2, "per seat: deal count, then per seat: laps; then the game of the match "
                                             "(from 0) and the games in it")
        self.recent = add("recent", RECENT * (len(KINDS) + n + CARD_FACES + 1),
                          f"the last {RECENT} public moves, newest first, each: kind one-hot (turned, play, interrupt, "
                          f"draw, penalty, dobon, rebuild), seat one-hot (relative; none for turned/rebuild), card "
                          f"one-hot (the card played or turned, or a Dobon's top), amount (cards drawn or rebuilt)")

    def relative(self, view: DobonView) -> tuple[int, ...]:
        order: Sequence[int] = view.order
        n = self.players
        mine = order.index(observer(view))
        rel = [0] * n
        for position, seat in enumerate(order):
            rel[seat] = (position - mine) % n
        return tuple(rel)

    def fill(self, out: Array, view: DobonView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())  # a seat's own view (relative refuses a spectator's)
        card_hot(out, self.top, view.top)
        add_cards(out, self.field, view.field)
        drawn = [0] * n
        played = [self.played + rel[seat] * CARD_FACES for seat in range(n)]
        for kind, seat, card, amount in view.log:  # the hot loop of a long game: plain tuple reads
            if seat is None:  # the first card turned, a rebuild: nobody's move
                continue
            if (kind == "play" or kind == "interrupt") and card is not None:
                out[played[seat] + card.index] += 1.0
            elif kind == "draw" or kind == "penalty":
                drawn[seat] += amount
        self.fill_seats(out, rel, view, drawn)
        one_hot(out, self.phase, PHASES.index(view.phase), len(PHASES))
        put(out, self.scalars, (view.pending, view.stock_size, view.field_size, view.decks))
        self.per_seat(out, self.match, rel, view.deal_counts)
        self.per_seat(out, self.match + n, rel, view.laps)
        out[self.match + 2 * n] = view.round_no
        out[self.match + 2 * n + 1] = view.games
        width = len(KINDS) + n + CARD_FACES + 1
        for k, move in enumerate(reversed(view.log[-RECENT:])):
            base = self.recent + k * width
            one_hot(out, base, KINDS.index(move.kind), len(KINDS))
            self.seat_hot(out, base + len(KINDS), rel, move.seat)
            card_hot(out, base + len(KINDS) + n, move.card)
            out[base + width - 1] = move.amount
