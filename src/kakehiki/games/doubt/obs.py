"""Doubt's observation (``doubt``), from a :class:`~kakehiki.games.doubt.rules.view.DoubtView`.

Seats are relative in seat-number order, the order of play.  Ranks index 14-entry slices by
rank number (1 = A … 13 = K); entry 0 is the joker's.  ``habits`` is the public record the
project's own ``normal``/``hard`` bots read (:mod:`kakehiki.games.doubt.bots.model`): each seat's plays,
doubts against it, lies caught, doubt windows answered and doubts called, over the whole game
(the pile slices hold the plays since the last pile was taken, ``recent`` the last 8).
"""

from __future__ import annotations

from kakehiki.games.doubt.rules.state import Habits
from kakehiki.games.doubt.rules.view import DoubtView
from kakehiki.rl.obs.layout import CARD_FACES, Array, Encoder, add_cards, one_hot, put, rate, scaled

PHASES = ("play", "doubt", "over")
RANKS = 14
RECENT = 8
HABITS = 7  # per seat: five counts, two rates


class DoubtEncoder(Encoder[DoubtView]):
    game_id = "doubt"

    def build(self) -> None:
        n, add = self.players, self.layout.add
        self.hand = add("hand", CARD_FACES, "card vector: the seat's own hand")
        self.picked = add("picked", CARD_FACES, "card vector: the cards set aside for its own play being made "
                                                "card by card (still in `hand`)")
        self.pile_own = add("pile_own", CARD_FACES, "card vector: its own face-down cards in the pile")
        self.pile_seen = add("pile_seen", CARD_FACES, "card vector: other seats' cards in the pile turned up by a "
                                                      "doubt")
        self.pile_claims = add("pile_claims", RANKS, "per rank: cards claimed as that rank in the pile whose faces the "
                                                     "seat has not seen")
        self.pile_by_seat = add("pile_by_seat", n, "per seat (relative): cards it put in the pile")
        self.known = add("known", n * CARD_FACES, "per seat: a card vector of the cards the seat saw go into that "
                                                  "hand (of a pile taken: the plays turned up and its own; all with "
                                                  "show_pile) that may still be there")
        self.sure = add("sure", n * CARD_FACES, "per seat: a card vector of those it knows are still there")
        self.discard = add("discard", CARD_FACES, "card vector: cards out of the game face up (rank_rest, discards)")
        self.hand_sizes = add("hand_sizes", n, "per seat: cards in hand")
        self.turn = add("turn", n, "per seat, one-hot: the seat to play, or whose play may be doubted")
        self.forfeited = add("forfeited", n, "per seat: 1 if it is out by the forfeit penalty")
        self.successes = add("successes", n, "per seat: its successful doubts so far (scaled)")
        self.habits = add("habits", HABITS * n, "per seat, 7 entries: its plays, its plays doubted, lies caught in "
                                                "them, doubt windows on others' plays where its answer was heard, "
                                                "doubts it called (each scaled); lies per doubted play and doubts per "
                                                "window (rates)")
        self.phase = add("phase", len(PHASES), "one-hot: play, doubt (a window is open), over")
        self.rank = add("rank", RANKS, "one-hot rank: what the next play claims")
        self.rank_counts = add("rank_counts", RANKS, "per rank: copies of it in the game")
        self.scalars = add("scalars", 3, "cards in the pile; plays made so far, steps as the seat counts them "
                                         "(both scaled)")
        self.recent = add("recent", RECENT * (n + RANKS + 2 + CARD_FACES),
                          f"the last {RECENT} plays in the pile, newest first, each: seat one-hot (relative), claimed "
                          f"rank one-hot, number of cards, turned up (0/1), card vector of its cards if the seat has "
                          f"seen them (its own, or turned up)")

    def fill(self, out: Array, view: DoubtView) -> None:
        n = self.players
        rel = self.relative(view)
        add_cards(out, self.hand, view.hand or ())  # a seat's own view (relative refuses a spectator's)
        add_cards(out, self.picked, view.picked)
        width = n + RANKS + 2 + CARD_FACES
        recent = len(view.pile) - RECENT
        by_seat = [0] * n
        for i, play in enumerate(view.pile):
            by_seat[play.seat] += play.size
            if play.cards is None:
                out[self.pile_claims + play.rank] += play.size
            else:
                add_cards(out, self.pile_own if play.seat == view.seat else self.pile_seen, play.cards)
            if i >= recent:
                base = self.recent + (len(view.pile) - 1 - i) * width
                self.seat_hot(out, base, rel, play.seat)
                one_hot(out, base + n, play.rank, RANKS)
                out[base + n + RANKS] = play.size
                out[base + n + RANKS + 1] = play.revealed
                if play.cards is not None:
                    add_cards(out, base + n + RANKS + 2, play.cards)
        self.per_seat(out, self.pile_by_seat, rel, by_seat)
        for seat in range(n):
            add_cards(out, self.known + rel[seat] * CARD_FACES, view.known[seat])
            add_cards(out, self.sure + rel[seat] * CARD_FACES, view.sure[seat])
        add_cards(out, self.discard, view.discard)
        self.per_seat(out, self.hand_sizes, rel, view.hand_sizes)
        self.seat_hot(out, self.turn, rel, view.turn)
        for seat in view.forfeited:
            self.seat_hot(out, self.forfeited, rel, seat)
        self.per_seat(out, self.successes, rel, [scaled(k) for k in view.successes])
        for seat, habits in enumerate(view.habits):
            put(out, self.habits + HABITS * rel[seat], habit_entries(habits))
        one_hot(out, self.phase, PHASES.index(view.phase), len(PHASES))
        one_hot(out, self.rank, view.rank, RANKS)
        put(out, self.rank_counts, view.rank_counts)
        put(out, self.scalars, (view.pile_size, scaled(view.plays), scaled(view.steps)))


def habit_entries(h: Habits) -> tuple[float, ...]:
    """One seat's ``habits`` block: the five counts scaled, then its lie and doubt rates."""
    counts = (h.plays, h.doubted, h.lies, h.asked, h.doubts)
    return (*map(scaled, counts), rate(h.lies, h.doubted), rate(h.doubts, h.asked))
