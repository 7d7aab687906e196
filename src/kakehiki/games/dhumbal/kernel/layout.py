"""Where each field of a Dhumbal match lies in the kernel's plain arrays.

A batch of N matches is an ``int32`` array ``(N, WIDTH)`` (one row per match) and a
``uint64`` array ``(N, USLOTS)`` for the random streams.  Fields are named as in
:class:`~kakehiki.games.dhumbal.rules.state.DhumbalState`.  Hands and their known parts are
counts per card face (``HAND + seat * 52 + face``); ``STOCK`` holds faces in the
reference's order (the next card drawn last); ``DISCARDING``, ``AVAILABLE`` and ``BURIED``
hold faces in the reference's order too.  The round's log and the history of finished
rounds are not kept: only the last round's outcome and running tallies of all of them.
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 16
MAX_DECKS: Final = 4
MAX_CARDS: Final = 52 * MAX_DECKS
HAND_SIZE: Final = 5
SEATS_PER_DECK: Final = 8
MAX_DISCARD: Final = 8  # a discard holds at most the 5 cards of a hand
ACTIONS: Final = 106
SHOW: Final = 0
DISCARD: Final = 1  # 1–52: discard X
TAKE_STOCK: Final = 53
TAKE: Final = 54  # 54–105: take X
TURNED_UP: Final = -1  # AVAILABLE_OWNER of the round's turned-up card

# phases and round reasons, as the reference's Phase and RoundOutcome.reason
PLAY: Final = 0
OVER: Final = 1
REASONS: Final = ("show", "show_back", "max_steps")
SHOW_WON, SHOW_BACK, MAX_STEPS = range(3)
NOBODY: Final = -1  # no round finished yet

# options
PLAYERS: Final = 0
OPT_DECKS: Final = 1  # 0: auto
OPT_SHOW_MAX: Final = 2
OPT_PENALTY: Final = 3
OPT_CALLER_WINS: Final = 4  # show_tie=caller_wins
OPT_LEFT: Final = 5  # starter_rotation=left
OPT_LIMIT: Final = 6
OPT_MAX_STEPS: Final = 7
HEADER: Final = OPT_MAX_STEPS + 1
# the match and the round in progress
DECKS: Final = 8
ROUND: Final = 9
STARTER: Final = 10
PHASE: Final = 11
STEPS: Final = 12  # Shows and whole turns (C7)
TURN_SEAT: Final = 13
ROUND_TURNS: Final = 14
REBUILDS: Final = 15
AVAILABLE_OWNER: Final = 16
NSTOCK: Final = 17
NDISCARDING: Final = 18
NAVAILABLE: Final = 19
NBURIED: Final = 20
NROUNDS: Final = 21  # rounds finished (len(outcomes))
LAST_REASON: Final = 22  # the last finished round's reason, or NOBODY
LAST_WINNERS: Final = 23  # bit masks of seats
LAST_LOSERS: Final = 24
LAST_CALLER: Final = 25  # -1: none (max_steps)
MOVES: Final = 26  # every action applied, each card put down included
MATCH_REASON: Final = 27  # how the match ended: LIMIT or MAX_STEPS, else NOBODY
LIMIT: Final = 0  # MATCH_REASON: a score passed the limit (D5)
# per seat
SCORES: Final = 32  # cumulative (D5)
TOTALS: Final = SCORES + MAX_PLAYERS  # each hand's points (D1)
SIZES: Final = TOTALS + MAX_PLAYERS
ADDED: Final = SIZES + MAX_PLAYERS  # the last finished round's points
WINS: Final = ADDED + MAX_PLAYERS  # rounds won and lost by each seat in the match
LOSSES: Final = WINS + MAX_PLAYERS
REASON_COUNTS: Final = LOSSES + MAX_PLAYERS  # finished rounds by reason (REASONS order)
HAND: Final = REASON_COUNTS + len(REASONS)
KNOWN: Final = HAND + MAX_PLAYERS * 52
STOCK: Final = KNOWN + MAX_PLAYERS * 52
BURIED: Final = STOCK + MAX_CARDS
DISCARDING: Final = BURIED + MAX_CARDS
AVAILABLE: Final = DISCARDING + MAX_DISCARD
DECK: Final = AVAILABLE + MAX_DISCARD  # scratch: a shuffled deck
PRESET: Final = DECK + MAX_CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS
