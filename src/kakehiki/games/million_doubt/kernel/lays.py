"""The turn's one-card actions (``games/million_doubt/rules/lays.py``) as kernel functions.

The reference lists every whole play a hand may make on the field (``lays``) and offers, after
the cards shown so far, each next step some play takes (``tree``).  Here every candidate play is
a bit mask ``up`` of face-up naturals (bit ``face``) with ``uj`` face-up jokers, plus a count of
face-down cards; a candidate that starts with the cards shown marks its next step in the mask
(``show`` its next card, or the ``play`` / ``play *N`` that ends it), once its legality is
checked.  Marking is idempotent, so the duplicates the reference removes cost nothing here.
"""

from __future__ import annotations

from typing import Any

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.games.million_doubt.kernel.layout import A_PLAY, A_SHOW, JOKER

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
_plays = sibling(__name__, "kakehiki.games.million_doubt.kernel.plays")
popcount, lowest_bit, highest_bit = _plays.popcount, _plays.lowest_bit, _plays.highest_bit
legal_against, suit_bits = _plays.legal_against, _plays.suit_bits

MAX_GROUP = 4
MIN_STAIRS = 3
MAX_STAIRS = 13  # the most cards a play can read as (stairs of every strength)


@njit
def next_step(up: int, uj: int, shown: int, sj: int, top: int, complete: int) -> int:
    """The action that goes on from the cards shown (``shown``, ``sj`` jokers; ``top`` its highest
    natural's face, -1 for none) towards the play ``up`` + ``uj``, whose ending action is
    ``complete``; -1 when the play does not start with the cards shown (hand order)."""
    if up & shown != shown or uj < sj:
        return -1
    extra = up & ~shown
    if sj and extra:
        return -1  # jokers come last
    if extra:
        low = lowest_bit(extra)
        return A_SHOW + low if low > top else -1
    if uj > sj:
        return A_SHOW + JOKER
    return complete


@njit
def spread(levels: int, suit: int) -> int:
    """The faces of one suit at the strengths set in ``levels`` (13 bits spread four apart)."""
    x = (levels | (levels << 24)) & 0x000000FF000000FF
    x = (x | (x << 12)) & 0x000F000F000F000F
    x = (x | (x << 6)) & 0x0303030303030303
    x = (x | (x << 3)) & 0x1111111111111111
    return x << suit


@njit
def suit_levels(hand: int, suit: int) -> int:
    """The strengths of ``hand``'s faces of one suit (every fourth bit gathered)."""
    x = (hand >> suit) & 0x1111111111111
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    return (x | (x >> 24)) & 0xFFFF


@njit
def offer_face_up(out: Any, up: int, uj: int, ctx: Any) -> None:
    """Mark the next step towards the wholly face-up play ``up`` + ``uj`` if it is legal."""
    action = next_step(up, uj, ctx[0], ctx[1], ctx[2], A_PLAY)
    if action >= 0 and not out[action] and legal_against(
            up, uj, 0, 0, ctx[3], ctx[4], ctx[5], ctx[6] != 0, ctx[7] != 0):
        out[action] = 1


@njit
def offer_claims(out: Any, up: int, uj: int, ctx: Any) -> None:
    """Mark the next steps towards every legal play showing ``up`` + ``uj`` with cards face down.
    Until ``up`` is all shown, every such play goes on with the same ``show``: one legal play
    is enough to offer it."""
    shown = popcount(up) + uj
    rest = ctx[8] - shown
    bsize, most = ctx[5], ctx[9]
    first, last = (1, rest) if bsize < 0 else (bsize - shown, bsize - shown)
    going_on = next_step(up, uj, ctx[0], ctx[1], ctx[2], -2)
    if going_on == -1 or (going_on >= 0 and out[going_on]):
        return
    for hidden in range(max(first, 1), min(last, rest) + 1):
        for rev in range(2 if shown + hidden == MAX_GROUP else 1):
            action = going_on if going_on >= 0 else A_PLAY + hidden + (most if rev else 0)
            if not out[action] and legal_against(
                    up, uj, hidden, rev, ctx[3], ctx[4], bsize, ctx[6] != 0, ctx[7] != 0):
                out[action] = 1
                if going_on >= 0:
                    return


@njit
def mark_turn_plays(out: Any, hand: int, jokers: int, ctx: Any) -> None:
    """Every next step of every play the hand (``hand`` naturals, ``jokers``) may make (M2-M5).

    ``ctx``: the cards shown (mask, jokers, top face), the lock, the binding play's readings and
    size (-1: a free lead), reversed order, spade-3 option, hand size, M, face_down.

    Only candidates that could mark something are looked at: a play begun goes on from the cards
    shown (a group of their rank, stairs of their suit, with cards above the last one shown; after
    a joker, nothing but more jokers), and a lead not begun offers every card at once.  What is
    marked is the same as when every candidate of the hand is tried."""
    shown, sj, top, bsize = ctx[0], ctx[1], ctx[2], ctx[5]
    face_down = ctx[10] != 0
    if shown == 0 and sj == 0 and bsize < 0 and ctx[3] == 0:
        mark_free_lead(out, hand, jokers, ctx)
        return
    if sj:
        # after a joker only more jokers may be shown: every play left shows exactly the
        # naturals shown (any other candidate of the hand fails next_step)
        for uj in range(sj, jokers + 1):
            offer_face_up(out, shown, uj, ctx)
            if face_down:
                offer_claims(out, shown, uj, ctx)
        return
    above = hand & ~((2 << top) - 1) if top >= 0 else hand  # the cards that may be shown next
    if shown == 0:
        singles = above
    elif (shown & (shown - 1)) == 0:
        singles = shown
    else:
        singles = 0
    if bsize < 0 or bsize == 1:
        while singles:
            offer_face_up(out, singles & -singles, 0, ctx)
            singles &= singles - 1
    if shown == 0:
        for uj in range(1, jokers + 1):
            offer_face_up(out, 0, uj, ctx)
        if face_down:
            for uj in range(jokers + 1):
                offer_claims(out, 0, uj, ctx)
    mark_groups(out, hand, above, jokers, ctx)
    mark_stairs(out, hand, above, jokers, ctx)


@njit
def mark_free_lead(out: Any, hand: int, jokers: int, ctx: Any) -> None:
    """A lead not begun: every card is a legal single, so every card may be shown; with
    ``face_down``, ``play *N`` for every N a hand's cards can read as (1 … 13), and
    ``play *4 revolution``."""
    singles = hand
    while singles:
        out[A_SHOW + lowest_bit(singles)] = 1
        singles &= singles - 1
    if jokers:
        out[A_SHOW + JOKER] = 1
    if ctx[10] != 0:
        rest = ctx[8]
        for hidden in range(1, min(rest, MAX_STAIRS) + 1):
            out[A_PLAY + hidden] = 1
        if rest >= MAX_GROUP:
            out[A_PLAY + MAX_GROUP + ctx[9]] = 1


@njit
def mark_groups(out: Any, hand: int, above: int, jokers: int, ctx: Any) -> None:
    """Groups, and the face-up part of claims of one rank, that go on from the cards shown
    (``sj`` = 0): every set of one rank's cards holding those shown, the rest of it ``above``."""
    shown, bsize = ctx[0], ctx[5]
    face_down = ctx[10] != 0
    first, last = 0, 12
    if shown:
        first = lowest_bit(shown) >> 2
        if shown >> (first * 4) >= 16:
            return  # shown cards of two ranks are no group
        last = first
    for level in range(first, last + 1):
        rank = (hand >> (level * 4)) & 15
        if not rank:
            continue
        must = (shown >> (level * 4)) & 15
        free = (above >> (level * 4)) & 15 & ~must
        sub = free
        while True:
            whole = sub | must
            if whole:
                count = popcount(whole)
                for extra in range(jokers + 1):
                    size = count + extra
                    if 2 <= size <= MAX_GROUP and (bsize < 0 or size == bsize):
                        offer_face_up(out, whole << (level * 4), extra, ctx)
                    if face_down and count <= MAX_GROUP - 1 and (bsize < 0 or size < bsize):
                        offer_claims(out, whole << (level * 4), extra, ctx)
            if not sub:
                break
            sub = (sub - 1) & free


@njit
def mark_stairs(out: Any, hand: int, above: int, jokers: int, ctx: Any) -> None:
    """Stairs, and the face-up part of claims of one suit, that go on from the cards shown
    (``sj`` = 0): every set of two or more of one suit's cards holding those shown, the rest of
    it ``above``."""
    shown, bsize = ctx[0], ctx[5]
    face_down = ctx[10] != 0
    first, last = 0, 3
    if shown:
        suits = suit_bits(shown)
        if suits & (suits - 1):
            return  # shown cards of two suits are no stairs
        first = lowest_bit(suits)
        last = first
    for suit in range(first, last + 1):
        must = suit_levels(shown, suit)
        free = suit_levels(above, suit) & ~must
        if popcount(must | free) < 2:
            continue
        sub = free
        while True:
            whole = sub | must
            count = popcount(whole)
            if count >= 2 and (bsize < 0 or count <= bsize):
                gaps = highest_bit(whole) - lowest_bit(whole) + 1 - count
                up = spread(whole, suit)
                for extra in range(jokers + 1):
                    size = count + extra
                    if extra >= gaps and size >= MIN_STAIRS and (bsize < 0 or size == bsize):
                        offer_face_up(out, up, extra, ctx)
                    if face_down and (bsize < 0 or size < bsize):
                        offer_claims(out, up, extra, ctx)
            if not sub:
                break
            sub = (sub - 1) & free
