"""Where each field of an arithmetic Dobon game lies in the kernel's plain arrays.

A batch of N games is an ``int32`` array ``(N, WIDTH)`` (one row per game), a ``uint64`` array
``(N, USLOTS)`` for the random streams, and a ``float64`` array ``(N,)`` for ``max_twos_ratio``.
Fields are named as in :class:`~kakehiki.games.dobon_arith.rules.state.ArithState`.  Hands and the
revealed cards are flags per card face (``HAND + seat * 52 + face``: one deck, so 0 or 1);
``REACH`` is a bit mask of the top values each hand can call Dobon on (bit ``v`` for value
``v``, A3); ``FIELD`` and ``STOCK`` hold faces in the reference's order (the top card last;
the next card drawn last); ``STAGED`` the play of several cards begun, bottom first (A2).

Action indices are those of ``games/dobon_arith/spec.md`` (235: ``play`` 0–63, ``bottom`` 64–115,
``stack`` 116–167, ``top`` 168–231, ``draw``, ``dobon``, ``pass``).
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 8
CARDS: Final = 52
DEAL: Final = 5  # cards per seat (A1)
ACTIONS: Final = 235
PLAY: Final = 0  # 0–63: play X (an 8 once per named suit)
BOTTOM: Final = 64  # + face
STACK: Final = 116  # + face
TOP: Final = 168  # 168–231: laid out as PLAY
DRAW: Final = 232
DOBON: Final = 233
PASS: Final = 234
SKIP, DRAW_TWO, WILD, REVERSE, REVEAL = 1, 2, 8, 9, 13  # the numbers with powers (A6)

# phases, as the reference's Phase; reasons, as RoundOutcome.reason
TURN: Final = 0
CHAIN: Final = 1
OVER: Final = 2
REASONS: Final = ("dobon", "gaeshi", "first_card", "no_stock", "max_steps")
DOBON_WIN, GAESHI, FIRST_CARD_WIN, NO_STOCK, MAX_STEPS = range(5)
NOBODY: Final = -1  # FIRST_CARD's owner, or no outcome yet

# options
PLAYERS: Final = 0
OPT_FIRST_PLAYER: Final = 1  # -1: at random
OPT_PENALTY_ENDS_TURN: Final = 2
OPT_MIN_FIELD: Final = 3
OPT_GAMES: Final = 4
OPT_MAX_STEPS: Final = 5
# the match and the game in progress
ROUND: Final = 6
DEALER: Final = 7
TOP_OWNER: Final = 8
TURN_SEAT: Final = 9
DIRECTION: Final = 10
PENDING: Final = 11
REVEAL_DUE: Final = 12
OPENING: Final = 13
SUIT: Final = 14  # 0–3: S, H, D, C
PHASE: Final = 15
REBUILDS: Final = 16
STEPS: Final = 17
NFIELD: Final = 18
NSTOCK: Final = 19
NWINDOW: Final = 20
NCHAIN: Final = 21
NSTAGED: Final = 22
NROUNDS: Final = 23  # games finished (len(outcomes))
LAST_REASON: Final = 24  # the last finished game's reason, or NOBODY
LAST_WINNERS: Final = 25  # bit masks of seats
LAST_LOSERS: Final = 26
MOVES: Final = 27  # every action applied, passes and steps of a play included
OUT_REASON: Final = 28  # an outcome reached inside one action, before it is scored
OUT_WINNERS: Final = 29
OUT_LOSERS: Final = 30
# per seat
SIZES: Final = 32
REACH: Final = SIZES + MAX_PLAYERS
WINS: Final = REACH + MAX_PLAYERS
LOSSES: Final = WINS + MAX_PLAYERS
WINDOW: Final = LOSSES + MAX_PLAYERS
CHAIN_SEATS: Final = WINDOW + MAX_PLAYERS
SCRATCH: Final = CHAIN_SEATS + MAX_PLAYERS  # the losers a next dealer is drawn among
STAGED: Final = SCRATCH + MAX_PLAYERS  # up to 4 cards of one number
REASON_COUNTS: Final = STAGED + 4  # finished games by reason (REASONS order)
HAND: Final = REASON_COUNTS + len(REASONS)
REVEALED: Final = HAND + MAX_PLAYERS * CARDS
FIELD: Final = REVEALED + MAX_PLAYERS * CARDS
STOCK: Final = FIELD + CARDS
DECK: Final = STOCK + CARDS  # scratch: the shuffled deck
PRESET: Final = DECK + CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS
