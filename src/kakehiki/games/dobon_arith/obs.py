"""Dobon-arith's observation (``dobon-arith``), from an :class:`~kakehiki.games.dobon_arith.rules.view.ArithView`.

Seats are relative in seat-number order (entry 1 is the seat numbered one above the observing
seat); ``direction`` says which way play goes now.
"""

from __future__ import annotations

from kakehiki.cards import SUITS
from kakehiki.games.dobon.obs import DobonSeatsEncoder
from kakehiki.games.dobon_arith.rules.view import ArithView
from kakehiki.rl.obs.layout import CARD_FACES, Array, add_cards, card_hot, one_hot, put

PHASES = ("turn", "gaeshi", "over")
KINDS = ("play", "draw", "pass")
RECENT = 8


class ArithEncoder(DobonSeatsEncoder[ArithView]):
    game_id = "dobon-arith"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.staged = add("staged", CARD_FACES, "card vector: its own play of several cards begun and not finished "
                                                "(still in `hand`)")
        self.top = add("top", CARD_FACES, "one-hot card: the field's top card")
        self.suit = add("suit", len(SUITS), "one-hot: the suit to follow (S, H, D, C; an 8 names it)")
        self.field = add("field", CARD_FACES, "card vector: every card on the field since the last rebuild")
        self.revealed = add("revealed", n * CARD_FACES, "per seat (relative), a card vector of its hand's cards "
                                                        "everyone has seen (a 13's reveal, a Dobon call) and it still "
                                                        "holds")
        self.played = add("played", n * CARD_FACES, "per seat, a card vector of the cards it played this game (`log`)")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.drawn = add("drawn", n, "per seat: cards drawn this game")
        self.turn = add("turn", n, "per seat, one-hot: whose turn it is")
        self.top_owner = add("top_owner", n + 1, "per seat, one-hot: who played the top card; last entry: the first "
                                                 "field card")
        self.chain = add("chain", n, "per seat: its place in the Dobon chain (1 for the first caller), 0 if none")
        self.dealer = add("dealer", n, "per seat, one-hot: the dealer")
        self.phase = add("phase", len(PHASES), "one-hot: turn, gaeshi, over")
        self.scalars = add("scalars", 5, "pending twos owed by the turn seat, stock size, direction (+1 clockwise, "
                                         "−1 counter-clockwise), reveal due (0/1), opening turn (0/1)")
        self.match = add("match", 2 * n + 2, "per seat: games won, then per seat: games lost; then the game of the "
                                             "match (from 0) and the games in it")
        self.recent = add("recent", RECENT * (n + len(KINDS) + CARD_FACES + 1),
                          f"the last {RECENT} turn actions, newest first, each: seat one-hot (relative), kind one-hot "
                          f"(play, draw, pass), card vector of the cards played, cards drawn")

    def fill(self, out: Array, view: ArithView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())  # a seat's own view (relative refuses a spectator's)
        add_cards(out, self.staged, view.staged)
        card_hot(out, self.top, view.top)
        if view.suit in SUITS:
            one_hot(out, self.suit, SUITS.index(view.suit), len(SUITS))
        add_cards(out, self.field, view.field)
        for seat, cards in enumerate(view.revealed):
            add_cards(out, self.revealed + rel[seat] * CARD_FACES, cards)
        drawn = [0] * n
        width = n + len(KINDS) + CARD_FACES + 1
        recent = len(view.log) - RECENT
        for i, move in enumerate(view.log):
            cards = getattr(move.action, "cards", ())
            add_cards(out, self.played + rel[move.seat] * CARD_FACES, cards)
            drawn[move.seat] += move.drawn
            if i >= recent:
                base = self.recent + (len(view.log) - 1 - i) * width
                self.seat_hot(out, base, rel, move.seat)
                kind = "play" if cards else str(move.action).split()[0]
                one_hot(out, base + n, KINDS.index(kind) if kind in KINDS else -1, len(KINDS))
                add_cards(out, base + n + len(KINDS), cards)
                out[base + width - 1] = move.drawn
        self.fill_seats(out, rel, view, drawn)
        one_hot(out, self.phase, PHASES.index(view.phase), len(PHASES))
        scalars = (view.pending, view.stock_size, view.direction, view.reveal_due, view.opening)
        put(out, self.scalars, scalars)
        self.per_seat(out, self.match, rel, view.wins)
        self.per_seat(out, self.match + n, rel, view.losses)
        out[self.match + 2 * n] = view.round_no
        out[self.match + 2 * n + 1] = view.games
