"""Daifugo's plays (``games/daifugo/plays.py`` and ``fits_on``) as kernel functions.

A play is a run of faces in hand order (``cand[:m]``; jokers, face 52, last).  :func:`fit` is
``fits_on``: the (shape, level) the cards are played as on the field, or :data:`NONE`.  The
field it is played on is a few integers in ``ctx`` (see :data:`C_LOCK` …).  :func:`mark_plays`
lists every shaped set of a hand as ``shaped_sets`` does (singles, jokers alone, groups with
jokers, stairs with jokers standing in), and marks in a legal mask the next step of each one
that begins with the cards shown and fits: ``show`` its next card, or ``play``.  Marking is
idempotent, so a set found twice (as a group and as stairs) costs nothing.  Written in the
subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

from kakehiki.fast._loader import njit_for
from kakehiki.games.daifugo.kernel.layout import A_PLAY, A_SHOW, FACES, GROUP, JOKER, NONE, SINGLE, STAIRS, TOP

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none

HIGHEST = 12  # the level of a 2
MIN_STAIRS = 3
SPADE3 = 0  # the face of the spade 3
EIGHT = 5  # the strength of an 8 (8-cut, F6)
JACK = 8  # of a J (11-back, F6)
TWO = 12  # of a 2 (foul finish, F8)
THREE = 0  # of a 3

# the field a play is fitted to: ctx[C_*]
C_LOCK = 0  # suit bits of the lock, 0: none
C_LAST_N = 1  # cards of the last play, 0: a lead
C_LAST_SHAPE = 2
C_LAST_LEVEL = 3
C_LAST_JOKER = 4  # 1: the last play is one joker alone
C_REVERSED = 5  # the order in force is reversed (revolution xor 11-back)
C_STRICT = 6  # a strict lock (激縛り)
C_SPADE3 = 7  # the option spade3
C_SHOWN = 8  # cards shown so far of the play being made
FIELD_CTX = 9
CAND = FIELD_CTX  # scratch after the field: one candidate play (16 faces),
HELD = CAND + 16  # the held faces of a stairs' window (13),
DROP = HELD + 13  # which of them jokers stand in for (4)
CTX = DROP + 4


@njit
def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit
def fit(cand: Any, m: int, ctx: Any) -> tuple[int, int]:
    """``fits_on``: ``(shape, level)`` of the play ``cand[:m]`` on the field of ``ctx``, or
    ``(NONE, NONE)``.  A lead takes the lowest shape its cards read as, a follow the last play's
    shape and size; each the strongest level allowed (F3-F7)."""
    nat, suits, strengths, low, high, distinct = 0, 0, 0, 99, -1, True
    for i in range(m):
        face = cand[i]
        if face == JOKER:
            continue
        nat += 1
        bit = 1 << (face >> 2)
        if strengths & bit:
            distinct = False
        strengths |= bit
        suits |= 1 << (face & 3)
        low = min(low, face >> 2)
        high = max(high, face >> 2)
    single, group, stairs_low, stairs_high = NONE, NONE, 0, -1
    if m == 1:
        single = TOP if nat == 0 else low
    else:
        if nat == 0:
            group = TOP
        elif popcount(strengths) == 1:
            group = low
        if nat > 0 and MIN_STAIRS <= m <= HIGHEST + 1 and popcount(suits) == 1 and distinct:
            stairs_low, stairs_high = max(0, high - m + 1), min(low, HIGHEST - m + 1)
    lock = ctx[C_LOCK]
    if lock:
        inside = suits & ~lock == 0
        if not (popcount(lock) == m and inside and popcount(suits) == nat):
            single, group = NONE, NONE
        if not (popcount(lock) == 1 and inside):
            stairs_high = stairs_low - 1
    if single == NONE and group == NONE and stairs_low > stairs_high:
        return NONE, NONE
    reverse = ctx[C_REVERSED] != 0
    if ctx[C_LAST_N] == 0:
        if single != NONE:
            return SINGLE, single
        if group != NONE:
            return GROUP, group
        return STAIRS, stairs_low if reverse else stairs_high
    if m != ctx[C_LAST_N]:
        return NONE, NONE
    if ctx[C_SPADE3] and ctx[C_LAST_JOKER] and m == 1 and cand[0] == SPADE3:
        return SINGLE, 0
    return follow(ctx, single, group, stairs_low, stairs_high, reverse)


@njit
def follow(ctx: Any, single: int, group: int, stairs_low: int, stairs_high: int, reverse: bool) -> tuple[int, int]:
    """The strongest level of the last play's shape that beats it (and, under a strict lock,
    is one rank stronger), or ``(NONE, NONE)``."""
    shape, last = int(ctx[C_LAST_SHAPE]), int(ctx[C_LAST_LEVEL])
    if last == TOP:
        return NONE, NONE
    step = -1 if reverse else 1
    strict = ctx[C_STRICT] != 0
    if shape != STAIRS:
        level = single if shape == SINGLE else group
        if level == NONE or not (level == TOP or (level < last if reverse else level > last)):
            return NONE, NONE
        if strict and level != last + step:
            return NONE, NONE
        return shape, level
    if strict:
        want = last + step
        return (STAIRS, want) if stairs_low <= want <= stairs_high else (NONE, NONE)
    if reverse:
        return (STAIRS, stairs_low) if stairs_low <= stairs_high and stairs_low < last else (NONE, NONE)
    return (STAIRS, stairs_high) if stairs_low <= stairs_high and stairs_high > last else (NONE, NONE)


@njit
def consider(cand: Any, m: int, shown: Any, ctx: Any, out: Any) -> None:
    """Mark the next step of ``cand[:m]`` if it begins with the cards shown and fits the field."""
    k = int(ctx[C_SHOWN])
    if m < k:
        return
    for i in range(k):
        if cand[i] != shown[i]:
            return
    shape, _ = fit(cand, m, ctx)
    if shape == NONE:
        return
    if m > k:
        out[A_SHOW + cand[k]] = 1
    else:
        out[A_PLAY] = 1


@njit
def mark_plays(hand: Any, shown: Any, ctx: Any, out: Any) -> None:
    """``shaped_sets`` of ``hand`` (counts per face), each offered to :func:`consider`; only the
    kinds of set that could fit are listed (a follow has the last play's shape and size; a play
    begun has its first card), which changes nothing in the mask but its cost."""
    k, size = int(ctx[C_SHOWN]), int(ctx[C_LAST_N])
    if k == 0 and size == 0:  # a lead not begun: every card begins a single of its own
        for face in range(FACES):
            if hand[face]:
                out[A_SHOW + face] = 1
        return
    first = int(shown[0]) if k else -1
    shape = int(ctx[C_LAST_SHAPE]) if size else -1
    cand = ctx[CAND:HELD]
    jokers = int(hand[JOKER])
    if size <= 1 and first != JOKER:
        for face in range(JOKER):
            if hand[face] and (first < 0 or face == first):
                cand[0] = face
                consider(cand, 1, shown, ctx, out)
    if first < 0 or first == JOKER:
        for count in range(1, jokers + 1):
            cand[count - 1] = JOKER
            if size == 0 or (count == size and shape != STAIRS):
                consider(cand, count, shown, ctx, out)
    if first == JOKER:
        return  # a play begun with a joker is jokers alone (jokers come last)
    if size == 0 or shape == GROUP:
        for level in range(HIGHEST + 1):
            if first < 0 or level == first >> 2:
                mark_groups(hand, level, jokers, size, shown, ctx, out)
    if size == 0 or shape == STAIRS:
        for suit in range(4):
            if first < 0 or suit == first & 3:
                mark_stairs(hand, suit, jokers, size, shown, ctx, out)


@njit
def mark_groups(hand: Any, level: int, jokers: int, size: int, shown: Any, ctx: Any, out: Any) -> None:
    """Every choice of the level's natural cards (some of each suit's copies) with 0… jokers,
    two cards or more (``size`` of them, unless 0)."""
    cand = ctx[CAND:HELD]
    base = level * 4
    c0, c1, c2, c3 = hand[base], hand[base + 1], hand[base + 2], hand[base + 3]
    if c0 + c1 + c2 + c3 == 0:
        return
    for t0 in range(c0 + 1):
        for t1 in range(c1 + 1):
            for t2 in range(c2 + 1):
                for t3 in range(c3 + 1):
                    nat = t0 + t1 + t2 + t3
                    if nat == 0 or (size and (nat > size or nat + jokers < size)):
                        continue
                    m = 0
                    for suit, taken in ((0, t0), (1, t1), (2, t2), (3, t3)):
                        for _ in range(taken):
                            cand[m] = base + suit
                            m += 1
                    for extra in range(jokers + 1):
                        if nat + extra >= 2 and (size == 0 or nat + extra == size):
                            for i in range(extra):
                                cand[nat + i] = JOKER
                            consider(cand, nat + extra, shown, ctx, out)


@njit
def mark_stairs(hand: Any, suit: int, jokers: int, size: int, shown: Any, ctx: Any, out: Any) -> None:
    """Every window of three or more levels of one suit (``size`` of them, unless 0) whose gaps
    the jokers fill, the spare jokers standing in for some held cards too (at least one natural
    card kept)."""
    held = ctx[HELD:DROP]
    any_held = False
    for level in range(HIGHEST + 1):
        any_held = any_held or hand[level * 4 + suit] > 0
    if not any_held:
        return
    for low in range(HIGHEST + 1):
        for high in range(low + MIN_STAIRS - 1, HIGHEST + 1):
            if size and high - low + 1 != size:
                if high - low + 1 > size:
                    break
                continue
            count = 0
            for level in range(low, high + 1):
                if hand[level * 4 + suit]:
                    held[count] = level * 4 + suit
                    count += 1
            missing = high - low + 1 - count
            if missing > jokers:
                break
            if count == 0:
                continue
            spare = jokers - missing
            for drop in range(min(spare, count - 1) + 1):
                mark_dropping(held, count, drop, high - low + 1, shown, ctx, out)


@njit
def mark_dropping(held: Any, count: int, drop: int, size: int, shown: Any, ctx: Any, out: Any) -> None:
    """Each way of leaving out ``drop`` of the ``count`` held faces (jokers take their places)."""
    cand, which = ctx[CAND:HELD], ctx[DROP:CTX]
    for i in range(drop):
        which[i] = i
    while True:
        m, d = 0, 0
        for i in range(count):
            if d < drop and which[d] == i:
                d += 1
            else:
                cand[m] = held[i]
                m += 1
        while m < size:
            cand[m] = JOKER
            m += 1
        consider(cand, size, shown, ctx, out)
        i = drop - 1
        while i >= 0 and which[i] == count - drop + i:
            i -= 1
        if i < 0:
            return
        which[i] += 1
        for j in range(i + 1, drop):
            which[j] = which[j - 1] + 1


@njit
def has_strength(cards: Any, start: int, m: int, strength: int) -> bool:
    """A natural card of ``strength`` among ``cards[start:start + m]`` (a joker does not count)."""
    for i in range(start, start + m):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if cards[i] != JOKER and cards[i] >> 2 == strength:
            return True
    return False


@njit
def has_joker(cards: Any, start: int, m: int) -> bool:
    for i in range(start, start + m):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
        if cards[i] == JOKER:
            return True
    return False


@njit
def suits_of(cards: Any, start: int, m: int) -> int:
    """The suit bits of a play without jokers; 0 with a joker (its suits are not fixed)."""
    suits = 0
    for i in range(start, start + m):
        if cards[i] == JOKER:
            return 0
        suits |= 1 << (cards[i] & 3)
    return suits
