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

njit = njit_for(__name__)
_plays = sibling(__name__, "kakehiki.games.million_doubt.kernel.plays")
popcount, lowest_bit, legal_against = _plays.popcount, _plays.lowest_bit, _plays.legal_against

MAX_GROUP = 4
MIN_STAIRS = 3


@njit
def highest_bit(x: int) -> int:
    """The index of the highest set bit of ``x`` (< 2**62), -1 for 0: six tests."""
    if not x:
        return -1
    k = 0
    for width in (32, 16, 8, 4, 2, 1):
        if x >> width:
            x >>= width
            k += width
    return k


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
    """The faces of one suit at the strengths set in ``levels``."""
    faces = 0
    for level in range(13):
        if (levels >> level) & 1:
            faces |= 1 << (level * 4 + suit)
    return faces


@njit
def suit_levels(hand: int, suit: int) -> int:
    levels = 0
    for level in range(13):
        if (hand >> (level * 4 + suit)) & 1:
            levels |= 1 << level
    return levels


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
    size (-1: a free lead), reversed order, spade-3 option, hand size, M, face_down."""
    singles = hand
    while singles:
        offer_face_up(out, singles & -singles, 0, ctx)
        singles &= singles - 1
    for uj in range(1, jokers + 1):
        offer_face_up(out, 0, uj, ctx)
    face_down = ctx[10] != 0
    if face_down:
        for uj in range(jokers + 1):
            offer_claims(out, 0, uj, ctx)
    for level in range(13):  # groups, and the face-up part of claims of one rank
        rank = (hand >> (level * 4)) & 15
        sub = rank
        while sub:
            count = popcount(sub)
            for extra in range(jokers + 1):
                if 2 <= count + extra <= MAX_GROUP:
                    offer_face_up(out, sub << (level * 4), extra, ctx)
                if face_down and count <= MAX_GROUP - 1:
                    offer_claims(out, sub << (level * 4), extra, ctx)
            sub = (sub - 1) & rank
    for suit in range(4):  # stairs, and the face-up part of claims of one suit
        levels = suit_levels(hand, suit)
        sub = levels
        while sub:
            count = popcount(sub)
            gaps = highest_bit(sub) - lowest_bit(sub) + 1 - count
            up = spread(sub, suit)
            for extra in range(jokers + 1):
                if extra >= gaps and count + extra >= MIN_STAIRS:
                    offer_face_up(out, up, extra, ctx)
                if face_down and count >= 2:
                    offer_claims(out, up, extra, ctx)
            sub = (sub - 1) & levels
