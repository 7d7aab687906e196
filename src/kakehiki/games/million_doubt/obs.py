"""Million Doubt's observation (``million-doubt``), from a
:class:`~kakehiki.games.million_doubt.rules.view.MillionDoubtView`.

Seats are relative in seat-number order; ``reversed_order`` says when play runs the other way.
``habits`` is the public record over the match: each seat's plays, those showing a card beside
face-down ones and those wholly face down, how many of each were doubted and found false, the
doubt windows it answered and the doubts it called.
"""

from __future__ import annotations

from kakehiki.cards import SUITS
from kakehiki.games.million_doubt.rules.state import Habits
from kakehiki.games.million_doubt.rules.view import MillionDoubtView
from kakehiki.rl.obs.layout import CARD_FACES, Array, Encoder, add_cards, one_hot, put, rate, scaled

PHASES = ("turn", "hide", "doubt", "give", "over")
STATUSES = ("playing", "out", "burst")
HABITS = 12  # per seat: nine counts, three rates
FLAGS = ("revolution", "eleven_back", "reversed_order", "truthful", "face_down", "spade3_beats_joker")


class MillionDoubtEncoder(Encoder[MillionDoubtView]):
    game_id = "million-doubt"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.laying = add("laying", CARD_FACES, "card vector: its own face-up cards shown so far this turn")
        self.claim_up = add("claim_up", CARD_FACES, "card vector: its own play being hidden: the face-up cards")
        self.hiding = add("hiding", CARD_FACES, "card vector: its own face-down cards named so far")
        self.claim = add("claim", 3, "its own play being hidden: present (0/1), face-down cards to name, revolution "
                                     "(0/1)")
        self.bind_up = add("bind_up", CARD_FACES, "card vector: the face-up cards of the play that binds the next one")
        self.bind_down = add("bind_down", CARD_FACES, "card vector: its face-down cards, if they are the seat's own")
        self.bind = add("bind", n + 3, "that play: its seat one-hot (relative), present (0 on a free lead), face-down "
                                       "cards in it, revolution (0/1)")
        self.field_up = add("field_up", CARD_FACES, "card vector: every face-up card on the field")
        self.field_own = add("field_own", CARD_FACES, "card vector: the seat's own face-down cards on the field")
        self.field_by_seat = add("field_by_seat", n, "per seat (relative): cards it has on the field")
        self.pool = add("pool", CARD_FACES, "card vector: the penalty cards being chosen from (`pool`)")
        self.given = add("given", CARD_FACES, "card vector: the penalty cards given so far (`given`)")
        self.known = add("known", n * CARD_FACES, "per seat: a card vector of the cards everyone saw go into its "
                                                  "hand as a penalty")
        self.gone = add("gone", CARD_FACES, "card vector: cards that left the game face up")
        self.own_gone = add("own_gone", CARD_FACES, "card vector: the seat's own face-down cards that left the game")
        self.status = add("status", 3 * n, "per seat, one-hot of three: playing, out, burst")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.scores = add("scores", n, "per seat: match points (M10), scaled")
        self.habits = add("habits", HABITS * n, "per seat, 12 entries: its plays; those with a card face up beside "
                                                "face-down ones, doubted, found false; those wholly face down, "
                                                "doubted, found false; doubt windows on others' plays where its "
                                                "answer was heard; doubts it called (each scaled); lies per doubted "
                                                "play of each kind and doubts per window (rates)")
        self.turn = add("turn", n, "per seat, one-hot: whose turn it is (or whose play is doubted)")
        self.last_player = add("last_player", n, "per seat, one-hot: who made the last play")
        self.window = add("window", n, "per seat: 1 if offered Doubt in the open window")
        self.caller = add("caller", n, "per seat, one-hot: who called Doubt")
        self.doubted = add("doubted", n, "per seat, one-hot: whose play was doubted")
        self.leader = add("leader", n, "per seat, one-hot: who led the first trick")
        self.finished = add("finished", n, "per seat: its place going out (1 first), 0 if not out")
        self.bursts = add("bursts", n, "per seat: 1 if it burst")
        self.phase = add("phase", len(PHASES), "one-hot: turn, hide, doubt, give, over")
        self.lock = add("lock", len(SUITS), "per suit (S, H, D, C): 1 if locked")
        self.flags = add("flags", len(FLAGS), "revolution, eleven_back, reversed_order, truthful (the doubted play "
                                              "was true), face_down, spade3_beats_joker (0/1 each)")
        self.scalars = add("scalars", 6, "passes in a row, cards gone face down unseen, cards set aside unseen, the "
                                         "game of the match (from 0), the games in it, burst_at")

    def fill(self, out: Array, view: MillionDoubtView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())  # a seat's own view (relative refuses a spectator's)
        add_cards(out, self.laying, view.laying)
        add_cards(out, self.hiding, view.hiding)
        if view.claim is not None:
            up, hidden, revolution = view.claim
            add_cards(out, self.claim_up, up)
            put(out, self.claim, (1.0, hidden, revolution))
        by_seat = [0] * n
        for play in view.field:
            add_cards(out, self.field_up, play.up)
            add_cards(out, self.field_own, (c for c in play.down if c is not None))
            by_seat[play.seat] += len(play.up) + len(play.down)
        self.per_seat(out, self.field_by_seat, rel, by_seat)
        if 0 <= view.binding < len(view.field):
            play = view.field[view.binding]
            add_cards(out, self.bind_up, play.up)
            add_cards(out, self.bind_down, (c for c in play.down if c is not None))
            self.seat_hot(out, self.bind, rel, play.seat)
            put(out, self.bind + n, (1.0, len(play.down), play.revolution))
        add_cards(out, self.pool, view.pool)
        add_cards(out, self.given, view.given)
        for seat in range(n):
            add_cards(out, self.known + rel[seat] * CARD_FACES, view.known[seat])
            out[self.status + 3 * rel[seat] + STATUSES.index(view.status[seat])] = 1.0
        add_cards(out, self.gone, view.gone)
        add_cards(out, self.own_gone, view.own_gone_down)
        self.per_seat(out, self.hand_sizes, rel, view.hand_sizes)
        self.per_seat(out, self.scores, rel, [scaled(points) for points in view.scores])
        for seat, habits in enumerate(view.habits):
            put(out, self.habits + HABITS * rel[seat], habit_entries(habits))
        self.seat_hot(out, self.turn, rel, view.turn)
        self.seat_hot(out, self.last_player, rel, view.last_player)
        for seat in view.window:
            self.seat_hot(out, self.window, rel, seat)
        self.seat_hot(out, self.caller, rel, view.caller)
        self.seat_hot(out, self.doubted, rel, view.doubted)
        self.seat_hot(out, self.leader, rel, view.leader)
        for place, seat in enumerate(view.finished):
            out[self.finished + rel[seat]] = place + 1
        for seat in view.bursts:
            self.seat_hot(out, self.bursts, rel, seat)
        one_hot(out, self.phase, PHASES.index(view.phase), len(PHASES))
        for suit in view.lock:
            out[self.lock + SUITS.index(suit)] = 1.0
        put(out, self.flags, [getattr(view, flag) for flag in FLAGS])
        put(out, self.scalars, (view.passes, view.gone_down, view.aside, view.round_no, view.games,
                                                view.burst_at))


def habit_entries(h: Habits) -> tuple[float, ...]:
    """One seat's ``habits`` block: the nine counts scaled, then its lie rates (plays showing a
    card, wholly face-down plays) and its doubt rate."""
    counts = (h.plays, h.shown, h.shown_doubted, h.shown_lies, h.blind, h.blind_doubted, h.blind_lies, h.asked,
              h.doubts)
    rates = (rate(h.shown_lies, h.shown_doubted), rate(h.blind_lies, h.blind_doubted), rate(h.doubts, h.asked))
    return (*map(scaled, counts), *rates)
