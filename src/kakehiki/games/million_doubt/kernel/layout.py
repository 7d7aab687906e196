"""Where each field of a Million Doubt game lies in the kernel's plain arrays.

A batch of N games is an ``int32`` array ``(N, WIDTH)`` (one row per game) and a ``uint64``
array ``(N, USLOTS)`` for the random streams.  Fields are named as in
:class:`~kakehiki.games.million_doubt.rules.state.MillionDoubtState`.  Cards are *faces* in hand
order, as the action space numbers them: ``face = strength * 4 + suit`` (3 = 0 … 2 = 12;
suits S H D C), the joker 52.  Hands, known cards, cards gone, the penalty pool and the cards
given are counts per face; the field, the cards shown or named and the cards set aside are
faces in the reference's order.
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 7
FACES: Final = 53
JOKER: Final = 52
CARDS: Final = 54

# action indices (M = the largest hand a seat may hold, games/million_doubt/spec.md)
A_PASS: Final = 0
A_DOUBT: Final = 1
A_SHOW: Final = 2  # + face
A_PLAY: Final = 55  # + N: play *N
# A_PLAY + M + N: play *N revolution; A_PLAY + M + 5 + face: hide; then give, done, undo (see md_kernel)

# phases and statuses, as the reference's Phase and Status
TURN: Final = 0
HIDE: Final = 1
DOUBT: Final = 2
GIVE: Final = 3
OVER: Final = 4
PLAYING: Final = 0
OUT: Final = 1
BURST: Final = 2
REASONS: Final = ("one_seat_left", "max_steps")
END, DRAW = range(2)
NOBODY: Final = -1

# options
PLAYERS: Final = 0
OPT_FIRST_LEADER: Final = 1  # a seat, or FIRST_RANDOM / FIRST_LAST_WINNER
OPT_SPADE3: Final = 2
OPT_FACE_DOWN: Final = 3
OPT_DEAL_ALL: Final = 4
OPT_BURST_AT: Final = 5
OPT_BURST_POINTS: Final = 6  # a fixed amount, or BURST_HAND (auto is settled per table size)
OPT_GAMES: Final = 7
OPT_MAX_STEPS: Final = 8
OPT_MOST_HIDDEN: Final = 9  # M: play *1 … play *M
FIRST_RANDOM: Final = -1
FIRST_LAST_WINNER: Final = -2
BURST_HAND: Final = -1
# the match and the game in progress
ROUND: Final = 10
STEPS: Final = 11  # every action applied in the match (C7)
LEADER: Final = 12
TURN_SEAT: Final = 13
LAST_PLAYER: Final = 14
PASSES: Final = 15
PHASE: Final = 16
BINDING: Final = 17  # index of the binding play on the field, -1: none (M5)
LOCK: Final = 18  # suit bits (S=1, H=2, D=4, C=8), 0: none (M3)
REVOLUTION: Final = 19
ELEVEN_BACK: Final = 20
NLAYING: Final = 21
CLAIMING: Final = 22  # 1 while a claim is announced (HIDE)
NCLAIM_UP: Final = 23  # its face-up cards: LAYING[:NCLAIM_UP]
CLAIM_HIDDEN: Final = 24
CLAIM_REV: Final = 25
NHIDING: Final = 26
NWINDOW: Final = 27
CALLER: Final = 28
DOUBTED: Final = 29
TRUTHFUL: Final = 30
NPOOL: Final = 31
NGIVEN: Final = 32
NPLAYS: Final = 33  # plays on the field
NFCARDS: Final = 34  # their cards
NASIDE: Final = 35
NFINISHED: Final = 36
NBURSTS: Final = 37
NROUNDS: Final = 38  # games finished (len(outcomes))
LAST_REASON: Final = 39  # the last finished game's reason, or NOBODY
LAST_WINNERS: Final = 40  # bit masks of seats
LAST_LOSERS: Final = 41
LAST_FIRST: Final = 42  # the last game's winners[0], or NOBODY
DRAWS: Final = 43  # finished games with neither winners nor losers
# per seat
SCORES: Final = 48
STATUS: Final = SCORES + MAX_PLAYERS
SIZES: Final = STATUS + MAX_PLAYERS
WINDOW: Final = SIZES + MAX_PLAYERS
FINISHED: Final = WINDOW + MAX_PLAYERS
BURSTS: Final = FINISHED + MAX_PLAYERS
WINS: Final = BURSTS + MAX_PLAYERS  # games won and lost by each seat in the match
LOSSES: Final = WINS + MAX_PLAYERS
REASON_COUNTS: Final = LOSSES + MAX_PLAYERS
# cards
HAND: Final = REASON_COUNTS + len(REASONS)  # + seat * FACES + face: counts
KNOWN: Final = HAND + MAX_PLAYERS * FACES  # the same, cards publicly known in each hand
GONE_DOWN: Final = KNOWN + MAX_PLAYERS * FACES  # the same, cards each seat played that left face down
GONE: Final = GONE_DOWN + MAX_PLAYERS * FACES  # counts: cards that left the game face up
POOL: Final = GONE + FACES  # counts: the turned-up field not yet handed over
GIVEN: Final = POOL + FACES  # counts: the cards given so far
LAYING: Final = GIVEN + FACES  # faces shown so far (TURN), or the claim's face-up cards (HIDE)
HIDING: Final = LAYING + CARDS  # faces named face down so far (HIDE)
ASIDE: Final = HIDING + CARDS  # faces set aside at the deal, in order
FCARDS: Final = ASIDE + CARDS  # the field's cards: each play's face-up, then its face-down cards
PSEAT: Final = FCARDS + CARDS  # per play on the field: its seat,
PSTART: Final = PSEAT + CARDS  # where its cards start in FCARDS,
PUP: Final = PSTART + CARDS  # how many face up,
PDOWN: Final = PUP + CARDS  # how many face down,
PREV: Final = PDOWN + CARDS  # a declared revolution
DECK: Final = PREV + CARDS  # scratch: a shuffled deck
PRESET: Final = DECK + CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS


def action_count(most_hidden: int) -> int:
    """The size of the action space for ``play *1`` … ``play *most_hidden``."""
    return 168 + most_hidden
