"""Daifugo's observation (``daifugo``), from a :class:`~kakehiki.games.daifugo.rules.model.DaifugoView`.

Seats are relative in seat-number order.  Card vectors count copies (two decks hold two of each).
"""

from __future__ import annotations

from kakehiki.cards import SUITS
from kakehiki.games.daifugo.rules.model import PHASE_NAMES, TITLES, DaifugoView
from kakehiki.rl.obs.layout import CARD_FACES, Array, Encoder, add_cards, one_hot, put, scaled

FLAGS = ("revolution", "eleven_back", "strict", "spade3")


class DaifugoEncoder(Encoder[DaifugoView]):
    game_id = "daifugo"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.laying = add("laying", CARD_FACES, "card vector: its own cards shown so far in the play being made")
        self.giving = add("giving", CARD_FACES, "card vector: its own cards chosen so far to hand back")
        self.top = add("top", CARD_FACES, "card vector: the last play on the field, the one to beat")
        self.top_info = add("top_info", n + 3, "that play: its seat one-hot (relative), present, shape (1 single, "
                                               "2 group, 3 stairs, scaled), level (scaled)")
        self.gone = add("gone", CARD_FACES, "card vector: every card played this game")
        self.known = add("known", n * CARD_FACES,
                         "per seat: a card vector of the cards this seat handed it, still there")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.scores = add("scores", n, "per seat: match points, scaled")
        self.titles = add("titles", len(TITLES) * n, "per seat, one-hot: its rank from the last game")
        self.active = add("active", n, "per seat: 1 if still holding cards in play")
        self.passed = add("passed", n, "per seat: 1 if it passed this trick")
        self.finished = add("finished", n, "per seat: its place going out (1 first), 0 if not out")
        self.fallen = add("fallen", n, "per seat: 1 if put at the bottom (foul finish or fall)")
        self.turn = add("turn", n, "per seat, one-hot: whose turn it is")
        self.returns = add("returns", 2 * n + 1, "the next hand-over due: giver and receiver one-hot, cards (scaled)")
        self.phase = add("phase", len(PHASE_NAMES), "one-hot: exchange, turn, over")
        self.lock = add("lock", len(SUITS), "per suit (S, H, D, C): 1 if locked")
        self.flags = add("flags", len(FLAGS), "revolution, eleven_back, strict lock, spade3 option (0/1 each)")
        self.scalars = add("scalars", 2, "the game of the match (from 0), the games in it")

    def fill(self, out: Array, view: DaifugoView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())
        add_cards(out, self.laying, view.laying)
        add_cards(out, self.giving, view.giving)
        if view.field and view.top is not None:
            seat, cards = view.field[-1]
            add_cards(out, self.top, cards)
            self.seat_hot(out, self.top_info, rel, seat)
            put(out, self.top_info + n, (1.0, (view.top[0] + 1) / 4, view.top[1] / 13))
        add_cards(out, self.gone, view.gone)
        for holder, card in view.known:
            add_cards(out, self.known + rel[holder] * CARD_FACES, (card,))
        self.per_seat(out, self.hand_sizes, rel, view.hand_sizes)
        self.per_seat(out, self.scores, rel, [scaled(points) for points in view.scores])
        for seat in range(n):
            if view.titles[seat]:
                out[self.titles + len(TITLES) * rel[seat] + TITLES.index(view.titles[seat])] = 1.0
        self.per_seat(out, self.active, rel, [float(a) for a in view.active])
        self.per_seat(out, self.passed, rel, [float(p) for p in view.passed])
        for place, seat in enumerate(view.finished):
            out[self.finished + rel[seat]] = place + 1
        for seat in view.fallen:
            self.seat_hot(out, self.fallen, rel, seat)
        if view.phase == "turn":
            self.seat_hot(out, self.turn, rel, view.turn)
        if view.returns:
            giver, receiver, count = view.returns[0]
            self.seat_hot(out, self.returns, rel, giver)
            self.seat_hot(out, self.returns + n, rel, receiver)
            out[self.returns + 2 * n] = count / 2
        one_hot(out, self.phase, PHASE_NAMES.index(view.phase), len(PHASE_NAMES))
        for suit in view.lock:
            out[self.lock + SUITS.index(suit)] = 1.0
        put(out, self.flags, [getattr(view, flag) for flag in FLAGS])
        put(out, self.scalars, (view.round_no, view.games))
