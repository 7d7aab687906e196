"""Dhumbal's observation (``dhumbal``), from a :class:`~kakehiki.games.dhumbal.rules.view.DhumbalView`.

Seats are relative in seat-number order, the order of play.
"""

from __future__ import annotations

from kakehiki.games.dhumbal.rules.view import DhumbalView
from kakehiki.rl.obs.layout import CARD_FACES, Array, Encoder, add_cards, put

RECENT = 8


class DhumbalEncoder(Encoder[DhumbalView]):
    game_id = "dhumbal"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.discarding = add("discarding", CARD_FACES, "card vector: what the turn seat has put down so far this turn")
        self.available = add("available", CARD_FACES, "card vector: the previous discard, which the turn seat may take")
        self.buried = add("buried", CARD_FACES, "card vector: discards nobody took since the last stock rebuild")
        self.known = add("known", n * CARD_FACES, "per seat (relative): a card vector of the cards it took from the "
                                                  "discards and still holds")
        self.discarded = add("discarded", n * CARD_FACES, "per seat: a card vector of everything it discarded this "
                                                          "round (`log`)")
        self.from_stock = add("from_stock", n, "per seat: cards it took from the stock this round")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.turn = add("turn", n, "per seat, one-hot: whose turn it is")
        self.available_owner = add("available_owner", n + 1, "per seat, one-hot: who discarded `available`; last "
                                                             "entry: the turned-up card")
        self.starter = add("starter", n, "per seat, one-hot: who started the round")
        self.scores = add("scores", n, "per seat: cumulative score (lower is better)")
        self.last_round = add("last_round", 2 * n, "the last finished round: per seat the points it scored, then per "
                                                   "seat its hand total at the Show (all zero before the first)")
        self.phase = add("phase", 2, "one-hot: play, over")
        self.scalars = add("scalars", 7, "stock size, turns taken this round, the round (from 0), decks, show_max, "
                                         "penalty, limit")
        self.recent = add("recent", RECENT * (n + 2 * CARD_FACES + 1),
                          f"the last {RECENT} turns of the round, newest first, each: seat one-hot (relative), card "
                          f"vector of its discard, one-hot card it took from the discards, 1 if it took the stock's "
                          f"top instead")

    def fill(self, out: Array, view: DhumbalView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())  # a seat's own view (relative refuses a spectator's)
        add_cards(out, self.discarding, view.discarding)
        add_cards(out, self.available, view.available)
        add_cards(out, self.buried, view.buried)
        for seat in range(n):
            add_cards(out, self.known + rel[seat] * CARD_FACES, view.known[seat])
        width = n + 2 * CARD_FACES + 1
        recent = len(view.log) - RECENT
        from_stock = [0] * n
        discarded = [self.discarded + rel[seat] * CARD_FACES for seat in range(n)]
        for i, turn in enumerate(view.log):
            base = discarded[turn.seat]
            for card in turn.discard:
                out[base + card.index] += 1.0
            from_stock[turn.seat] += turn.took is None
            if i >= recent:
                base = self.recent + (len(view.log) - 1 - i) * width
                self.seat_hot(out, base, rel, turn.seat)
                add_cards(out, base + n, turn.discard)
                if turn.took is None:
                    out[base + width - 1] = 1.0
                else:
                    out[base + n + CARD_FACES + turn.took.index] = 1.0
        self.per_seat(out, self.from_stock, rel, from_stock)
        self.per_seat(out, self.hand_sizes, rel, view.hand_sizes)
        self.seat_hot(out, self.turn, rel, view.turn)
        if view.available_owner is None:
            out[self.available_owner + n] = 1.0
        else:
            self.seat_hot(out, self.available_owner, rel, view.available_owner)
        self.seat_hot(out, self.starter, rel, view.starter)
        self.per_seat(out, self.scores, rel, view.scores)
        if view.outcomes:
            last = view.outcomes[-1]
            self.per_seat(out, self.last_round, rel, last.added)
            if last.totals:
                self.per_seat(out, self.last_round + n, rel, last.totals)
        out[self.phase + (view.phase != "play")] = 1.0
        put(out, self.scalars, (view.stock_size, view.round_turns, view.round_no, view.decks,
                                                view.show_max, view.penalty, view.limit))
