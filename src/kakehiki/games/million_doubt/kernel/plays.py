"""Million Doubt's play model (``games/million_doubt/rules/plays.py``) as kernel functions.

What the table sees of a play (the reference's ``Visible``) is four integers: ``nat``, a bit
mask of its face-up natural cards (bit ``face``, faces 0–51 in hand order), ``jokers`` face
up, ``hidden`` face down, ``rev`` a declared revolution.  A suit lock is a mask of suit bits
(S=1, H=2, D=4, C=8; 0: none).  The set of readings (shape, level) is a bit mask too: bit
``(shape - 1) * 14 + level`` (levels 0–12, :data:`TOP` = 13).  Written in the subset of
Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

from kakehiki.fast._loader import njit_for

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none

SINGLE, GROUP, STAIRS = 1, 2, 3
TOP = 13
HIGHEST = 12
LEVELS = 14
EIGHT_STRENGTH = 5  # (8 - 3) % 13: an 8 cuts (M3)
JACK_STRENGTH = 8  # (11 - 3) % 13: 11-back
SPADE3 = 0  # the face of the spade 3


@njit
def popcount(x: int) -> int:
    """The set bits of ``x`` (0 <= x < 2**62): summed in pairs, nibbles, bytes, then the bytes
    folded by shifts (no multiplication, so Python's integers and numba's agree; ``int``: the
    plain kernels may pass a numpy ``int32``)."""
    x = int(x)
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit
def lowest_bit(x: int) -> int:
    """The index of the lowest set bit of ``x`` (0 < x < 2**62)."""
    return popcount((x & -x) - 1)


@njit
def highest_bit(x: int) -> int:
    """The index of the highest set bit of ``x`` (< 2**62), -1 for 0: six tests."""
    if not x:
        return -1
    x = int(x)
    k = 0
    for width in (32, 16, 8, 4, 2, 1):
        if x >> width:
            x >>= width
            k += width
    return k


@njit
def suit_bits(nat: int) -> int:
    """The suit bits of the faces in ``nat``: its 13 nibbles OR-ed together."""
    x = int(nat)
    x |= x >> 32
    x |= x >> 16
    x |= x >> 8
    x |= x >> 4
    return x & 15


@njit
def level_bits(shape: int, low: int, high: int) -> int:
    """The readings of ``shape`` at levels ``low`` … ``high``."""
    if high < low:
        return 0
    return ((1 << (high - low + 1)) - 1) << ((shape - 1) * LEVELS + low)


@njit
def readings(nat: int, jokers: int, hidden: int, rev: int, lock: int) -> int:
    """Every reading of the play, keeping to ``lock``; a declared revolution keeps groups of four."""
    count = popcount(nat)
    suits = suit_bits(nat)
    low = lowest_bit(nat) >> 2 if count else 99
    high = highest_bit(nat) >> 2
    size = count + jokers + hidden
    found = 0
    locked = popcount(lock)
    if size == 1 and (lock == 0 or locked == 1):
        if count:
            if lock == 0 or suits & lock:
                found |= level_bits(SINGLE, low, low)
        elif jokers:
            found |= level_bits(SINGLE, TOP, TOP)
        else:
            found |= level_bits(SINGLE, 0, TOP)
    if 2 <= size <= 4 and not (lock != 0 and (locked != size or suits & ~lock)):
        if count:
            if low == high:  # one strength
                found |= level_bits(GROUP, low, low)
        elif jokers == size:
            found |= level_bits(GROUP, TOP, TOP)
        else:
            found |= level_bits(GROUP, 0, HIGHEST)
            if size == 2:
                found |= level_bits(GROUP, TOP, TOP)
    if size >= 3 and popcount(suits) <= 1 and size <= HIGHEST + 1 and not (
            lock != 0 and (locked != 1 or suits & ~lock)):
        bottom = max(0, (high if count else 0) - size + 1)
        top = min(low if count else HIGHEST, HIGHEST - size + 1)
        found |= level_bits(STAIRS, bottom, top)
    if rev:
        found = found & level_bits(GROUP, 0, TOP) if size == 4 else 0
    return found


@njit
def may_be_spade3(nat: int, jokers: int, hidden: int, lock: int) -> bool:
    """Whether the play can be read as the single spade 3 (``spade3_beats_joker``, M2)."""
    if popcount(nat) + jokers + hidden != 1 or (lock != 0 and lock != 1):
        return False
    if nat:
        return nat == 1 << SPADE3
    return hidden == 1


@njit
def beats_some(mine: int, theirs: int, reversed_order: bool) -> bool:
    """Whether some reading in ``mine`` is strictly stronger than one of ``theirs`` of its shape:
    per shape, the strongest of ours against the weakest of theirs (TOP is never beaten)."""
    for shape in range(3):
        ours = (mine >> (shape * LEVELS)) & ((1 << LEVELS) - 1)
        other_levels = (theirs >> (shape * LEVELS)) & ((1 << TOP) - 1)
        if not ours or not other_levels:
            continue
        if (ours >> TOP) & 1:
            return True
        if reversed_order:
            if ours & ((1 << highest_bit(other_levels)) - 1):
                return True
        elif ours >> (lowest_bit(other_levels) + 1):
            return True
    return False


@njit
def legal_against(
    nat: int, jokers: int, hidden: int, rev: int, lock: int, theirs: int, bsize: int, reversed_order: bool,
    spade3: bool,
) -> bool:
    """``legal_on``: some reading of the play is legal on a field whose binding play has readings
    ``theirs`` (unlocked) and ``bsize`` cards (``bsize`` < 0: a free lead)."""
    if bsize >= 0 and bsize != popcount(nat) + jokers + hidden:
        return False
    mine = readings(nat, jokers, hidden, rev, lock)
    if not mine:
        return False
    if bsize < 0:
        return True
    if (theirs >> TOP) & 1 and spade3 and may_be_spade3(nat, jokers, hidden, lock):
        return True
    return beats_some(mine, theirs, reversed_order)


@njit
def faces_mask(cards: Any, start: int, count: int) -> tuple[int, int]:
    """``(nat, jokers)`` of the faces ``cards[start:start + count]``."""
    nat, jokers = 0, 0
    for k in range(start, start + count):
        face = int(cards[k])
        if face == 52:
            jokers += 1
        else:
            nat |= 1 << face
    return nat, jokers


@njit
def is_revolution(nat: int, jokers: int) -> bool:
    """Four face-up cards readable as one rank (jokers wild)."""
    return popcount(nat) + jokers == 4 and readings(nat, jokers, 0, 0, 0) & level_bits(GROUP, 0, TOP) != 0


@njit
def has_strength(nat: int, level: int) -> bool:
    """A face-up natural card of strength ``level`` (8-cut, 11-back); a joker does not count."""
    return (nat >> (level * 4)) & 15 != 0


@njit
def suits_of(nat: int) -> int:
    return suit_bits(nat)

