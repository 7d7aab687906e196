"""Where each field of a Daifugo match lies in the kernel's plain arrays.

A batch of N matches is an ``int32`` array ``(N, WIDTH)`` (one row per match) and a ``uint64``
array ``(N, USLOTS)`` for the random streams.  Fields are named as in
:class:`~kakehiki.games.daifugo.rules.DaifugoState`.  Cards are *faces* in hand order, as the
action space numbers them: ``face = strength * 4 + suit`` (3 = 0 … 2 = 12; suits S H D C), the
joker 52.  Hands and the cards gone are counts per face (two decks hold two of a face); the
field, the cards shown and the cards chosen for a return are faces in the reference's order.
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 8
FACES: Final = 53
JOKER: Final = 52
MAX_CARDS: Final = 2 * 52 + 2 * 2  # two decks with two jokers each
MAX_PLAY: Final = 16  # the most cards of one play (a stairs of 13; a group of 8 and 4 jokers)
MAX_KNOWN: Final = 4  # cards a seat handed to others in one game's exchange (at most 2)

# action indices: pass, show FACE, play, give FACE (108 in all)
A_PASS: Final = 0
A_SHOW: Final = 1  # + face
A_PLAY: Final = A_SHOW + FACES
A_GIVE: Final = A_PLAY + 1  # + face
ACTIONS: Final = A_GIVE + FACES

# phases, as the reference's Phase
EXCHANGE: Final = 0
TURN: Final = 1
OVER: Final = 2
# the shapes and levels of plays (plays.py): levels 3 = 0 … 2 = 12, TOP for jokers alone
SINGLE: Final = 0
GROUP: Final = 1
STAIRS: Final = 3
TOP: Final = 13
NONE: Final = -1
# how a game ended
REASONS: Final = ("ranked", "max_steps")
RANKED, MAX_STEPS = range(2)

# options (every choice settled to a number)
PLAYERS: Final = 0
OPT_GAMES: Final = 1
OPT_JOKERS: Final = 2  # jokers in the whole deck (per deck × decks)
OPT_DECKS: Final = 3
OPT_RUN_REVOLUTION: Final = 4
OPT_EIGHT_CUT: Final = 5
OPT_ELEVEN_BACK: Final = 6
OPT_LOCK: Final = 7
OPT_STRICT_LOCK: Final = 8
OPT_SPADE3: Final = 9
OPT_FOUL_TWO: Final = 10
OPT_FOUL_JOKER: Final = 11
OPT_FOUL_EIGHT: Final = 12
OPT_FOUL_THREE: Final = 13
OPT_MIYAKO_OCHI: Final = 14
OPT_UECDA_SCORING: Final = 15  # 1: points by place (uecda); 0: by rank (common)
OPT_MAX_STEPS: Final = 16
HEADER: Final = 17
# the match and the game in progress
ROUND: Final = HEADER
STEPS: Final = ROUND + 1  # every action applied in the match (C7)
PHASE: Final = STEPS + 1
TURN_SEAT: Final = PHASE + 1
LAST_PLAYER: Final = TURN_SEAT + 1
LOCK: Final = LAST_PLAYER + 1  # suit bits (S=1, H=2, D=4, C=8), 0: none (F7)
STRICT: Final = LOCK + 1
REVOLUTION: Final = STRICT + 1
ELEVEN_BACK: Final = REVOLUTION + 1
NLAYING: Final = ELEVEN_BACK + 1
NGIVING: Final = NLAYING + 1
NRETURNS: Final = NGIVING + 1
NFINISHED: Final = NRETURNS + 1
NFALLEN: Final = NFINISHED + 1
NPLAYS: Final = NFALLEN + 1  # plays on the field
NFCARDS: Final = NPLAYS + 1  # their cards
NROUNDS: Final = NFCARDS + 1  # games finished (len(outcomes))
LAST_REASON: Final = NROUNDS + 1  # the last finished game's reason, or NONE
# per seat
SCORES: Final = LAST_REASON + 1
ACTIVE: Final = SCORES + MAX_PLAYERS
PASSED: Final = ACTIVE + MAX_PLAYERS
SIZES: Final = PASSED + MAX_PLAYERS
FINISHED: Final = SIZES + MAX_PLAYERS  # seats out properly, in order
FALLEN: Final = FINISHED + MAX_PLAYERS  # foul finishes and 都落ち, in order
LAST_ORDER: Final = FALLEN + MAX_PLAYERS  # the last ranked game's places, first out first
WINS: Final = LAST_ORDER + MAX_PLAYERS  # games won (first) and lost (last) by each seat
LOSSES: Final = WINS + MAX_PLAYERS
NKNOWN: Final = LOSSES + MAX_PLAYERS
REASON_COUNTS: Final = NKNOWN + MAX_PLAYERS
# per seat, in order: the cards it handed to another seat that are still there (holder, face)
KNOWN_HOLDER: Final = REASON_COUNTS + len(REASONS)
KNOWN_FACE: Final = KNOWN_HOLDER + MAX_PLAYERS * MAX_KNOWN
# the exchange: returns still to make (giver, receiver, count), the first one's cards chosen so far
RETURNS: Final = KNOWN_FACE + MAX_PLAYERS * MAX_KNOWN
GIVING: Final = RETURNS + 2 * 3
LAYING: Final = GIVING + 2  # faces shown so far of the play being made
# cards
HAND: Final = LAYING + MAX_PLAY  # + seat * FACES + face: counts
GONE: Final = HAND + MAX_PLAYERS * FACES  # counts: out of the game face up
FCARDS: Final = GONE + FACES  # the field's cards, play after play
PSEAT: Final = FCARDS + MAX_CARDS  # per play on the field: its seat,
PSTART: Final = PSEAT + MAX_CARDS  # where its cards start in FCARDS,
PCOUNT: Final = PSTART + MAX_CARDS  # how many,
PSHAPE: Final = PCOUNT + MAX_CARDS  # its shape
PLEVEL: Final = PSHAPE + MAX_CARDS  # and level
DECK: Final = PLEVEL + MAX_CARDS  # scratch: a shuffled deck
PRESET: Final = DECK + MAX_CARDS  # cards of an explicit deck waiting for the first deal (0: shuffle), issue 31
WIDTH: Final = PRESET + 1

# uint64 slots
U_PREFIX: Final = 0  # FNV-1a state after the text "<seed>/"
U_RULES: Final = 1  # the stream the rules draw from now
U_BOT: Final = 2  # + seat: the playout policy's stream of each seat, derive(seed, "bot", seat)
USLOTS: Final = U_BOT + MAX_PLAYERS
