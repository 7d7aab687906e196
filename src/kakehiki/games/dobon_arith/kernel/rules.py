"""Arithmetic Dobon's rules as kernel functions over one game's plain arrays (see
:mod:`.arith_layout`): a hand's reach (A3), who may act and what, and the moves of one game.

Each function mirrors the reference engine (``kakehiki.games.dobon_arith``) step for step:
the same moves, the same random streams drawn in the same order, so a seed gives the same
games.  ``s`` is one game's ``int32`` row, ``u`` its ``uint64`` stream slots, ``ratio`` its
``max_twos_ratio`` (negative: none).  Actions are assumed legal: the batch API checks them.
Written in the subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import PRNG, njit_for, sibling
from kakehiki.games.dobon_arith.kernel.layout import (
    BOTTOM,
    CHAIN,
    CHAIN_SEATS,
    DIRECTION,
    DOBON,
    DOBON_WIN,
    DRAW,
    DRAW_TWO,
    FIELD,
    FIRST_CARD_WIN,
    GAESHI,
    HAND,
    NCHAIN,
    NFIELD,
    NO_STOCK,
    NOBODY,
    NSTAGED,
    NSTOCK,
    NWINDOW,
    OPENING,
    OUT_LOSERS,
    OUT_REASON,
    OUT_WINNERS,
    OVER,
    PASS,
    PENDING,
    PHASE,
    PLAYERS,
    REACH,
    REBUILDS,
    REVEAL,
    REVEAL_DUE,
    REVEALED,
    REVERSE,
    ROUND,
    SIZES,
    SKIP,
    STACK,
    STAGED,
    STOCK,
    SUIT,
    TOP,
    TOP_OWNER,
    TURN,
    TURN_SEAT,
    U_BOT,
    U_PREFIX,
    U_RULES,
    WILD,
    WINDOW,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
_prng = sibling(__name__, PRNG)
seat_streams = _prng.seat_streams
fnv_int, fnv_text, seed_stream = _prng.fnv_int, _prng.fnv_text, _prng.seed_stream

LABEL_FIRST = np.frombuffer(b"dobon-arith/first/", dtype=np.uint8)
LABEL_DEALER = np.frombuffer(b"dobon-arith/dealer/", dtype=np.uint8)
LABEL_DEAL = np.frombuffer(b"dobon-arith/deal/", dtype=np.uint8)
LABEL_REBUILD = np.frombuffer(b"dobon-arith/rebuild/", dtype=np.uint8)
HIGH = 13  # the highest value a top card has
BEYOND = 170  # a product past every square of a value (13²): kept there, it reaches nothing
VALUES = ((1 << (HIGH + 1)) - 1) & ~1  # the bits of the values 1..13


# -- streams and small helpers -------------------------------------------------


@njit
def rules_stream(u: Any, label: Any, round_no: int) -> None:
    """``derive(seed, "dobon-arith", <label>, round_no)`` into the rules slot."""
    seed_stream(u, U_RULES, fnv_int(fnv_text(u[U_PREFIX], label), round_no))


@njit
def bot_streams(u: Any, players: int) -> None:
    """``derive(seed, "bot", seat)`` for every seat: the playout policy's generators."""
    seat_streams(u, U_PREFIX, U_BOT, players)


@njit
def top_face(s: Any) -> int:
    return int(s[FIELD + s[NFIELD] - 1])


@njit
def seat_after(s: Any, seat: int, count: int) -> int:
    """``Seating.seat_after``: ``count`` seats on in the direction of play."""
    players = s[PLAYERS]
    return int(((seat + s[DIRECTION] * count) % players + players) % players)


@njit
def reaches(s: Any, seat: int, value: int) -> bool:
    return bool(s[REACH + seat] >> value & 1)


@njit
def play_index(face: int, named: int) -> int:
    """The ``play`` index of ``face`` (an 8 naming suit ``named``); ``top`` is this + ``TOP``."""
    rank = face % 13 + 1
    at = rank - 1 if rank < WILD else (7 + named if rank == WILD else rank + 2)
    return 16 * (face // 13) + at


@njit
def played_face(index: int) -> int:
    """The card face of a ``play`` index (0–63); :func:`named_suit` says the suit an 8 names."""
    at = index % 16
    rank = at + 1 if at < 7 else (WILD if at <= 10 else at - 2)
    return 13 * (index // 16) + rank - 1


@njit
def named_suit(index: int) -> int:
    at = index % 16
    return at - 7 if 7 <= at <= 10 else -1


# -- hands and what they reach (A3) ------------------------------------------------


@njit
def reach_of(s: Any, seat: int) -> int:
    """``arith.reachable`` of the hand as a bit mask: the sum, ``2a − sum`` for each value
    ``a``, the product and ``a² / product`` for each ``a``, where in 1..13; a single card its
    own value; an empty hand nothing.  The product is kept at ``BEYOND`` once past 169."""
    hand = HAND + seat * 52
    count, total, product, present, doubled = 0, 0, 1, 0, 0
    for value in range(1, HIGH + 1):
        held = s[hand + value - 1] + s[hand + 12 + value] + s[hand + 25 + value] + s[hand + 38 + value]
        if held > 0:
            present |= 1 << value
            doubled |= 1 << (2 * value)
            count += held
            total += value * held
            for _ in range(held if product < BEYOND else 0):
                product = min(product * value, BEYOND)
    if count <= 1:
        return present
    reach = 1 << total if total <= HIGH else 0
    if total <= 2 * HIGH:  # 2a − sum for each a: the doubled values shifted down by the sum
        reach |= (doubled >> total) & VALUES
    if product <= HIGH:
        reach |= 1 << product
    if product < BEYOND:  # else no square reaches it
        for value in range(1, HIGH + 1):
            square = value * value
            if present >> value & 1 and square >= product:
                quotient = square // product
                if quotient * product == square and quotient <= HIGH:
                    reach |= 1 << quotient
    return reach


@njit
def give(s: Any, seat: int, face: int) -> None:
    s[HAND + seat * 52 + face] += 1
    s[SIZES + seat] += 1


@njit
def reveal_hand(s: Any, seat: int) -> None:
    """The whole hand is shown: every card of it is public until played (A6)."""
    for face in range(52):
        s[REVEALED + seat * 52 + face] = 1 if s[HAND + seat * 52 + face] > 0 else 0


# -- who may act, and what -------------------------------------------------------


@njit
def open_window(s: Any) -> None:
    """``turns.open_window``: the other seats whose hand reaches the top card's value and that
    did not play it, in play order from the turn seat (C4); in a chain, :func:`chain_window`."""
    if s[PHASE] == CHAIN:
        chain_window(s)
        return
    value, turn, owner, n = top_face(s) % 13 + 1, s[TURN_SEAT], s[TOP_OWNER], 0
    for j in range(1, s[PLAYERS]):
        seat = seat_after(s, turn, j)
        if seat != owner and reaches(s, seat, value):
            s[WINDOW + n] = seat
            n += 1
    s[NWINDOW] = n


@njit
def in_chain(s: Any, seat: int) -> bool:
    for k in range(s[NCHAIN]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[CHAIN_SEATS + k] == seat:
            return True
    return False


@njit
def chain_window(s: Any) -> None:
    """``turns.chain_window``: every seat not yet in the chain, the card's player included,
    from the turn seat (A5): each is asked, whether or not its hand answers (C4)."""
    turn, n = s[TURN_SEAT], 0
    for j in range(s[PLAYERS]):
        seat = seat_after(s, turn, j)
        if not in_chain(s, seat):
            s[WINDOW + n] = seat
            n += 1
    s[NWINDOW] = n


@njit
def actors(s: Any, out: Any) -> int:
    """``DobonArithGame.actors`` into ``out``; how many."""
    if s[PHASE] == OVER:
        return 0
    n = 0
    if s[PHASE] == TURN:
        out[0] = s[TURN_SEAT]
        n = 1
    for k in range(s[NWINDOW]):
        out[n] = s[WINDOW + k]
        n += 1
    return n


@njit
def in_window(s: Any, seat: int) -> bool:
    for k in range(s[NWINDOW]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[WINDOW + k] == seat:
            return True
    return False


@njit
def legal_list(s: Any, seat: int, out: Any) -> int:
    """``legal_actions`` as action indices, ascending, into ``out``; how many."""
    if s[PHASE] == OVER:
        return 0
    if s[PHASE] == TURN and seat == s[TURN_SEAT]:
        if s[NSTAGED] > 0:
            return stack_steps(s, seat, out)
        return turn_actions(s, seat, out)
    if not in_window(s, seat):
        return 0
    n = 0
    if reaches(s, seat, top_face(s) % 13 + 1):
        out[0] = DOBON
        n = 1
    out[n] = PASS
    return n + 1


@njit
def add_plays(out: Any, n: int, face: int, base: int) -> int:
    """The ``play`` (``base`` 0) or ``top`` (``base`` TOP) forms of ``face``: four for an 8."""
    if face % 13 + 1 == WILD:
        for named in range(4):
            out[n + named] = base + play_index(face, named)
        return n + 4
    out[n] = base + play_index(face, -1)
    return n + 1


@njit
def turn_actions(s: Any, seat: int, out: Any) -> int:
    """``_turn_actions``: every legal card alone, then those with another of their number to
    stack on them (``bottom``); with twos owed only 2s (A2, A6); then draw, dobon, pass."""
    n = 0
    if s[SIZES + seat] > 0:
        n = first_plays(s, seat, out)
        plays = n
        for k in range(plays):  # the bottoms: the same cards, once each (an 8's first form)
            face = played_face(out[k])
            if named_suit(out[k]) <= 0 and holds_another(s, seat, face):
                out[n] = BOTTOM + face
                n += 1
    out[n] = DRAW
    n += 1
    if s[SIZES + seat] == 0:
        return n  # A7: an empty hand must draw
    if s[TOP_OWNER] != seat and reaches(s, seat, top_face(s) % 13 + 1):
        out[n] = DOBON
        n += 1
    if s[OPENING]:
        out[n] = PASS
        n += 1
    return n


@njit
def first_plays(s: Any, seat: int, out: Any) -> int:
    """The ``play`` of every card that may begin a play, ascending, into ``out``; how many.
    Only the suit to follow, the top card's number and the 8s can: the others are not looked at.
    (One loop, no helper taking the arrays: each such call costs more than the test itself.)"""
    hand, top = HAND + seat * 52, s[FIELD + s[NFIELD] - 1]
    rank, suit, pending = top % 13 + 1, s[SUIT], s[PENDING]
    low, high = min(rank - 1, WILD - 1), max(rank - 1, WILD - 1)
    n = 0
    for column in range(4):  # each suit's cards in order: all of the suit to follow, else two numbers
        at = 0 if column == suit else low
        while True:
            face = column * 13 + at
            if s[hand + face] > 0 and legal_first(face, rank, suit, pending):
                if at == WILD - 1:
                    for named in range(4):
                        out[n + named] = play_index(face, named)
                    n += 4
                else:
                    out[n] = play_index(face, -1)
                    n += 1
            if column == suit and at < 12:
                at += 1
            elif column != suit and at < high:
                at = high
            else:
                break
    return n


@njit
def legal_first(face: int, rank: int, suit: int, pending: int) -> bool:
    """``legal_base`` with twos owed: the bottom card of a play (A2, A6)."""
    mine = face % 13 + 1
    if pending > 0 and mine != DRAW_TWO:
        return False
    if mine == WILD:
        return True
    return face // 13 == suit or mine == rank


@njit
def holds_another(s: Any, seat: int, face: int) -> bool:
    hand, rank = HAND + seat * 52, face % 13
    for suit in range(4):
        other = suit * 13 + rank
        if other != face and s[hand + other] > 0:
            return True
    return False


@njit
def is_staged(s: Any, face: int) -> bool:
    for k in range(s[NSTAGED]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if s[STAGED + k] == face:
            return True
    return False


@njit
def stack_steps(s: Any, seat: int, out: Any) -> int:
    """``plays.stack_steps``: ``stack`` a card of the number that leaves another for the top,
    after the cards stacked so far in card order; or ``top`` any of them."""
    hand, rank, staged = HAND + seat * 52, s[STAGED] % 13, s[NSTAGED]
    after = s[STAGED + staged - 1] if staged > 1 else -1
    left = 0
    for suit in range(4):
        face = suit * 13 + rank
        left += s[hand + face] > 0 and not is_staged(s, face)
    n = 0
    if left > 1:
        for suit in range(4):
            face = suit * 13 + rank
            if s[hand + face] > 0 and not is_staged(s, face) and face > after:
                out[n] = STACK + face
                n += 1
    for suit in range(4):
        face = suit * 13 + rank
        if s[hand + face] > 0 and not is_staged(s, face):
            n = add_plays(out, n, face, TOP)
    return n


@njit
def legal_mask(s: Any, seat: int, mask: Any, buffer: Any) -> int:
    """``legal_mask`` (one byte per action index) into ``mask``; how many are legal."""
    for i in range(mask.shape[0]):
        mask[i] = 0
    n = legal_list(s, seat, buffer)
    for k in range(n):
        mask[buffer[k]] = 1
    return n


@njit
def yields_to_calls(s: Any, seat: int, action: int) -> bool:
    """``DobonArithGame.yields_to_calls``: the turn seat's move but its own call waits for
    the other seats offered a call (C4, C5)."""
    return s[PHASE] == TURN and seat == s[TURN_SEAT] and s[NWINDOW] > 0 and action != DOBON


# -- acting -------------------------------------------------------------------------


@njit
def outcome(s: Any, reason: int, winners: int, losers: int) -> None:
    s[OUT_REASON] = reason
    s[OUT_WINNERS] = winners
    s[OUT_LOSERS] = losers


@njit
def start_turn(s: Any, seat: int, keeps_reveal: bool) -> None:
    """``turns.start_turn``: the opening is over; an owed reveal is paid unless passed on (A2, A6)."""
    s[OPENING] = 0
    if s[REVEAL_DUE] and not keeps_reveal:
        reveal_hand(s, seat)
    s[REVEAL_DUE] = 0


@njit
def play(s: Any, seat: int, count: int, named: int) -> None:
    """``turns.play`` of the ``count`` cards in ``STAGED``, bottom first: lay them, then the
    power of their number (A2, A6).  ``named`` is the suit a play of 8s names, else -1."""
    rank = s[STAGED] % 13 + 1
    start_turn(s, seat, rank == REVEAL)
    for k in range(count):
        face = s[STAGED + k]
        s[HAND + seat * 52 + face] -= 1
        s[REVEALED + seat * 52 + face] = 0
        s[FIELD + s[NFIELD]] = face
        s[NFIELD] += 1
    s[SIZES + seat] -= count
    s[REACH + seat] = reach_of(s, seat)
    s[NSTAGED] = 0
    s[TOP_OWNER] = seat
    s[SUIT] = named if named >= 0 else s[STAGED + count - 1] // 13
    if rank == SKIP:
        s[TURN_SEAT] = seat_after(s, seat, count + 1)
        return
    if rank == REVERSE and count % 2:
        s[DIRECTION] = -s[DIRECTION]
    s[TURN_SEAT] = seat_after(s, seat, 1)
    if rank == DRAW_TWO:
        s[PENDING] += 2 * count
    elif rank == REVEAL:
        s[REVEAL_DUE] = 1  # one reveal, however many 13s


@njit
def draw_for_turn(s: Any, u: Any, ratio: float, seat: int, penalty_ends_turn: bool, min_field: int) -> None:
    """``draw``: pay the twos owed (then the turn ends, or goes on by option), or draw one (A2, A6, A7)."""
    start_turn(s, seat, False)
    if s[PENDING] > 0:
        amount = s[PENDING]
        s[PENDING] = 0
        if penalty_ends_turn:
            s[TURN_SEAT] = seat_after(s, seat, 1)
        draw(s, u, ratio, seat, amount, min_field)
        return
    s[TURN_SEAT] = seat_after(s, seat, 1)
    draw(s, u, ratio, seat, 1, min_field)


@njit
def draw(s: Any, u: Any, ratio: float, seat: int, count: int, min_field: int) -> None:
    """``stock.draw_cards`` and ``Draft.give``: rebuild the stock when empty (A8); with no
    stock to be made the seats holding the most cards lose, nobody wins."""
    for _ in range(count):
        if s[NSTOCK] == 0 and not rebuild_stock(s, u, ratio, min_field):
            most, losers = -1, 0
            for other in range(s[PLAYERS]):
                if s[SIZES + other] > most:
                    most, losers = s[SIZES + other], 0
                if s[SIZES + other] == most:
                    losers |= 1 << other
            outcome(s, NO_STOCK, 0, losers)
            break
        s[NSTOCK] -= 1
        give(s, seat, s[STOCK + s[NSTOCK]])
    s[REACH + seat] = reach_of(s, seat)


@njit
def rebuild_stock(s: Any, u: Any, ratio: float, min_field: int) -> bool:
    """``stock.rebuild_stock``: the field under its top card, shuffled, is the new stock."""
    under = s[NFIELD] - 1
    if under <= min_field:
        return False
    if ratio >= 0.0:
        twos = 0
        for i in range(under):
            twos += s[FIELD + i] % 13 == 1
        if not twos < ratio * under:
            return False
    key = fnv_int(fnv_text(u[U_PREFIX], LABEL_REBUILD), s[ROUND])
    seed_stream(u, U_RULES, fnv_int(_prng.fnv_byte(key, _prng.SLASH), s[REBUILDS]))
    for i in range(under):
        s[STOCK + i] = s[FIELD + i]
    _prng.shuffle(u, U_RULES, s, STOCK, under)
    s[FIELD] = s[FIELD + under]
    s[NFIELD] = 1
    s[NSTOCK] = under
    s[REBUILDS] += 1
    return True


@njit
def call_dobon(s: Any, seat: int) -> None:
    """``turns.call_dobon``: the hand is shown and stays public; the chain opens to gaeshi (A3, A5)."""
    reveal_hand(s, seat)
    s[CHAIN_SEATS + s[NCHAIN]] = seat
    s[NCHAIN] += 1
    s[PHASE] = CHAIN
    chain_window(s)
    if s[NWINDOW] == 0:
        chain_outcome(s)


@njit
def chain_outcome(s: Any) -> None:
    """Once nobody answers: the last caller wins; the caller before it loses, or else the
    card's player, or every other seat when the card was the first field card (A4, A5)."""
    last = s[CHAIN_SEATS + s[NCHAIN] - 1]
    if s[NCHAIN] > 1:
        outcome(s, GAESHI, 1 << last, 1 << s[CHAIN_SEATS + s[NCHAIN] - 2])
    elif s[TOP_OWNER] == NOBODY:
        outcome(s, FIRST_CARD_WIN, 1 << last, ((1 << s[PLAYERS]) - 1) & ~(1 << last))
    else:
        outcome(s, DOBON_WIN, 1 << last, 1 << s[TOP_OWNER])


@njit
def decline(s: Any, seat: int) -> None:
    """``pass`` out of turn: leave the window; a chain window that empties ends the game (C5)."""
    n = 0
    for k in range(s[NWINDOW]):
        if s[WINDOW + k] != seat:
            s[WINDOW + n] = s[WINDOW + k]
            n += 1
    s[NWINDOW] = n
    if s[PHASE] == CHAIN and n == 0:
        chain_outcome(s)
