"""Where each field of a Dobon game lies in the kernel's plain arrays.

A batch of N games is an ``int32`` array ``(N, WIDTH)`` (one row per game), a ``uint64``
array ``(N, USLOTS)`` for the random streams, and a ``float64`` array ``(N,)`` for
``max_twos_ratio``.  Fields are named as in :class:`~kakehiki.games.dobon.rules.state.DobonState`.
Hands are counts per card face (``HAND + seat * 52 + face``); ``FIELD`` and ``STOCK`` hold
faces in the reference's order (the top card last; the next card drawn last).
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 16
MAX_DECKS: Final = 8
MAX_CARDS: Final = 52 * MAX_DECKS
ACTIONS: Final = 106
PLAY: Final = 0  # 0–51: play X
DRAW: Final = 52
DOBON: Final = 53  # 53–104: dobon top=X
PASS: Final = 105
PENDING_CAP: Final = 1 << 30  # pending twos beyond this (31 twos in a row) are kept at it: more than any stock

# phases and reasons, as the reference's Phase and RoundOutcome.reason
TURN: Final = 0
CHAIN: Final = 1
OVER: Final = 2
REASONS: Final = ("dobon", "gaeshi", "first_card", "self_dobon", "no_stock", "max_steps")
DOBON_WIN, GAESHI, FIRST_CARD_WIN, SELF_DOBON, NO_STOCK, MAX_STEPS = range(6)
NOBODY: Final = -1  # FIRST_CARD's owner, or no outcome yet

# options
PLAYERS: Final = 0
OPT_DECKS: Final = 1  # 0: auto
OPT_OFFICIAL: Final = 2
OPT_FIRST_DEALER: Final = 3  # -1: auto
OPT_AFTER_INTERRUPTER: Final = 4
OPT_MIN_FIELD: Final = 5
OPT_GAMES: Final = 6
OPT_MIN_GAMES: Final = 7
OPT_MAX_STEPS: Final = 8
# the match and the game in progress
ROUND: Final = 9
DEALER: Final = 10
DECKS: Final = 11
TOP_OWNER: Final = 12
TURN_SEAT: Final = 13
PENDING: Final = 14
TWOS: Final = 15
PHASE: Final = 16
FIRST_HIT: Final = 17
REBUILDS: Final = 18
STEPS: Final = 19
NFIELD: Final = 20
NSTOCK: Final = 21
NWINDOW: Final = 22
NCHAIN: Final = 23
NROUNDS: Final = 24  # games finished (len(outcomes))
LAST_REASON: Final = 25  # the last finished game's reason, or NOBODY
LAST_WINNERS: Final = 26  # bit masks of seats
LAST_LOSERS: Final = 27
MOVES: Final = 28  # every action applied, passes included
OUT_REASON: Final = 29  # an outcome reached inside one action, before it is scored
OUT_WINNERS: Final = 30
OUT_LOSERS: Final = 31
# per seat
COUNTS: Final = 32
LAPS: Final = COUNTS + MAX_PLAYERS
ORDER: Final = LAPS + MAX_PLAYERS
POSITION: Final = ORDER + MAX_PLAYERS
SIZES: Final = POSITION + MAX_PLAYERS
SUMS: Final = SIZES + MAX_PLAYERS
SCORES: Final = SUMS + MAX_PLAYERS
WINDOW: Final = SCORES + MAX_PLAYERS
CHAIN_SEATS: Final = WINDOW + MAX_PLAYERS
SCRATCH: Final = CHAIN_SEATS + MAX_PLAYERS  # a seat-draw's seats
SCRATCH2: Final = SCRATCH + MAX_PLAYERS  # and their faces
WINS: Final = SCRATCH2 + MAX_PLAYERS  # games won and lost by each seat in the match
LOSSES: Final = WINS + MAX_PLAYERS
REASON_COUNTS: Final = LOSSES + MAX_PLAYERS  # finished games by reason (REASONS order)
HAND: Final = REASON_COUNTS + len(REASONS)
FIELD: Final = HAND + MAX_PLAYERS * 52
STOCK: Final = FIELD + MAX_CARDS
DECK: Final = STOCK + MAX_CARDS  # scratch: a shuffled deck or draw pool
PRESET: Final = DECK + MAX_CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS
