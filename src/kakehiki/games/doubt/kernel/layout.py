"""Where each field of a Doubt game lies in the kernel's plain arrays.

A batch of N games is an ``int32`` array ``(N, WIDTH)`` (one row per game) and a ``uint64``
array ``(N, USLOTS)`` for the random streams.  Fields are named as in
:class:`~kakehiki.games.doubt.rules.state.DoubtState`.  Hands and the discard are counts per card
face (``HAND + seat * 53 + face``, the joker face 52); the pile is its cards in the order
played (``PILE``) and one entry per play (``ENTRY_*``: seat, claimed rank, size, turned up).
The knowledge of hands (``known``, ``sure``) and the seats' public record (``habits``) feed
views and bots only, never the rules: the kernel does not keep them.

The action index space depends on the options (games/doubt/spec.md): ``F`` faces (52, or 53 with
jokers), ``play`` 0..F-1, then ``add`` F..2F-1 when ``max_cards_per_play`` > 1, then ``doubt``
and ``pass``; a row keeps its own offsets (``A_ADD``, ``A_DOUBT``, ``A_PASS``).
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 12
FACES: Final = 53
JOKER: Final = 52
MAX_DECKS: Final = 4
MAX_CARDS: Final = 52 * MAX_DECKS + 2
MAX_ACTIONS: Final = 2 * FACES + 2
MAX_PICKED: Final = 4

# phases, as the reference's Phase
PLAY: Final = 0
WINDOW: Final = 1
OVER: Final = 2
# penalties, in the order of the reference's PENALTIES
PENALTIES: Final = ("pile", "forfeit", "two_cards")
PILE_PENALTY, FORFEIT, TWO_CARDS = range(3)
# how a game ended, as RoundOutcome.reason
REASONS: Final = ("doubt_out", "doubt_last_standing", "max_steps", "round_limit")
OUT, LAST_STANDING, MAX_STEPS, ROUND_LIMIT = range(4)
NOBODY: Final = -1

# options (and what follows from them: the action offsets)
PLAYERS: Final = 0
OPT_MOST: Final = 1  # max_cards_per_play
OPT_CHEAT: Final = 2
OPT_REPEAT: Final = 3  # repeat_rank_after_lie
OPT_DOUBTER_LEADS: Final = 4
OPT_RANK_REST: Final = 5
OPT_DECKS: Final = 6
OPT_JOKERS: Final = 7
OPT_PENALTY: Final = 8  # PENALTIES index
OPT_NEED_SUCCESS: Final = 9  # require_successful_doubt
OPT_ROUND_LIMIT: Final = 10
OPT_MAX_STEPS: Final = 11
A_ADD: Final = 12  # the first ``add`` (F); also the number of faces
A_DOUBT: Final = 13
A_PASS: Final = 14
HEADER: Final = 15  # the fields above are set by the batch, the same for every game
# the game in progress
RANK: Final = 15  # the rank the next play claims, 1..13
TURN_SEAT: Final = 16
PHASE: Final = 17
NWINDOW: Final = 18
NPICKED: Final = 19
NFORFEITED: Final = 20
PENALTY_DRAWS: Final = 21
PLAYS: Final = 22
STEPS: Final = 23  # as the reference counts them: an ``add`` is none (C7)
MOVES: Final = 24  # every action applied, ``add`` included
NPILE: Final = 25  # cards in the pile
NENTRIES: Final = 26  # plays in the pile
REASON: Final = 27  # REASONS index once over, else NOBODY
WINNERS: Final = 28  # bit masks of seats
LOSERS: Final = 29
# per seat
SIZES: Final = 32
SUCCESSES: Final = SIZES + MAX_PLAYERS
WINDOW_SEATS: Final = SUCCESSES + MAX_PLAYERS  # seats still to answer the window, by priority
FORFEITED: Final = WINDOW_SEATS + MAX_PLAYERS  # seats out by forfeit, in order
RANKS: Final = FORFEITED + MAX_PLAYERS  # once over
PICKED: Final = RANKS + MAX_PLAYERS  # faces set aside with ``add``, in card order
HAND: Final = PICKED + MAX_PICKED
DISCARD: Final = HAND + MAX_PLAYERS * FACES
PILE: Final = DISCARD + FACES
ENTRY_SEAT: Final = PILE + MAX_CARDS
ENTRY_RANK: Final = ENTRY_SEAT + MAX_CARDS
ENTRY_SIZE: Final = ENTRY_RANK + MAX_CARDS
ENTRY_REVEALED: Final = ENTRY_SIZE + MAX_CARDS
DECK: Final = ENTRY_REVEALED + MAX_CARDS  # scratch: the shuffled deck
PRESET: Final = DECK + MAX_CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS
