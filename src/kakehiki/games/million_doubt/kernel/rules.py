"""Million Doubt's rules inside one game (``games/million_doubt/rules/flow.py`` and ``legal.py``) as
kernel functions over one game's plain arrays (see :mod:`.md_layout`).

Each function mirrors the reference step for step.  ``s`` is one game's ``int32`` row.
Actions are assumed legal: the batch API checks them against :func:`legal_mask`.  Written in
the subset of Python numba compiles; loaded by :func:`kakehiki.fast._loader.kernels`.
"""

from __future__ import annotations

from typing import Any

from kakehiki.fast._loader import njit_for, sibling
from kakehiki.games.million_doubt.kernel.layout import (
    A_DOUBT,
    A_PASS,
    A_PLAY,
    A_SHOW,
    BINDING,
    BURST,
    BURST_HAND,
    BURSTS,
    CALLER,
    CLAIM_HIDDEN,
    CLAIM_REV,
    CLAIMING,
    DOUBT,
    DOUBTED,
    ELEVEN_BACK,
    FACES,
    FCARDS,
    FINISHED,
    GIVE,
    GIVEN,
    GONE,
    GONE_DOWN,
    HAND,
    HIDE,
    HIDING,
    JOKER,
    KNOWN,
    LAST_PLAYER,
    LAYING,
    LOCK,
    NBURSTS,
    NCLAIM_UP,
    NFCARDS,
    NFINISHED,
    NGIVEN,
    NHIDING,
    NLAYING,
    NPLAYS,
    NPOOL,
    NWINDOW,
    OPT_BURST_AT,
    OPT_BURST_POINTS,
    OPT_FACE_DOWN,
    OPT_MOST_HIDDEN,
    OPT_SPADE3,
    OUT,
    OVER,
    PASSES,
    PDOWN,
    PHASE,
    PLAYERS,
    PLAYING,
    POOL,
    PREV,
    PSEAT,
    PSTART,
    PUP,
    REVOLUTION,
    SCORES,
    SIZES,
    STATUS,
    TRUTHFUL,
    TURN,
    TURN_SEAT,
    WINDOW,
)

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none
_plays = sibling(__name__, "kakehiki.games.million_doubt.kernel.plays")
_lays = sibling(__name__, "kakehiki.games.million_doubt.kernel.lays")
readings, legal_against, faces_mask = _plays.readings, _plays.legal_against, _plays.faces_mask
popcount, lowest_bit = _plays.popcount, _plays.lowest_bit
is_revolution, has_strength, suits_of = _plays.is_revolution, _plays.has_strength, _plays.suits_of
EIGHT_STRENGTH, JACK_STRENGTH = _plays.EIGHT_STRENGTH, _plays.JACK_STRENGTH
mark_turn_plays, highest_bit = _lays.mark_turn_plays, _lays.highest_bit
TURN_CTX = 11  # a turn's context (md_lays.mark_turn_plays)
CTX = TURN_CTX + FACES  # the scratch a legal mask is given (room to spare: the turn's context is all it uses)


# -- action indices past play *N (they move with M) ---------------------------------------------------


@njit
def hide_base(s: Any) -> int:
    return A_PLAY + int(s[OPT_MOST_HIDDEN]) + 5


@njit
def give_base(s: Any) -> int:
    return hide_base(s) + FACES


@njit
def done_action(s: Any) -> int:
    return give_base(s) + FACES


@njit
def undo_action(s: Any) -> int:
    return done_action(s) + 1


# -- seats -------------------------------------------------------------------------------------------


@njit
def is_active(s: Any, seat: int) -> bool:
    return bool(s[STATUS + seat] == PLAYING)


@njit
def active_count(s: Any) -> int:
    n = 0
    for seat in range(s[PLAYERS]):
        n += s[STATUS + seat] == PLAYING
    return n


@njit
def next_active(s: Any, seat: int) -> int:
    """The next seat clockwise after ``seat`` still playing (``seat`` itself if it is the only one)."""
    p = s[PLAYERS]
    for step in range(1, p + 1):
        other = (seat + step) % p
        if s[STATUS + other] == PLAYING:
            return int(other)
    return seat


@njit
def active_from(s: Any, seat: int) -> int:
    return seat if s[STATUS + seat] == PLAYING else next_active(s, seat)


@njit
def giver(s: Any) -> int:
    return int(s[DOUBTED] if s[TRUTHFUL] else s[CALLER])


@njit
def receiver(s: Any) -> int:
    return int(s[CALLER] if s[TRUTHFUL] else s[DOUBTED])


@njit
def reversed_order(s: Any) -> bool:
    return bool(s[REVOLUTION] != s[ELEVEN_BACK])


# -- cards -------------------------------------------------------------------------------------------


@njit
def take(s: Any, seat: int, face: int) -> None:
    s[HAND + seat * FACES + face] -= 1
    s[SIZES + seat] -= 1


@njit
def put(s: Any, seat: int, face: int) -> None:
    s[HAND + seat * FACES + face] += 1
    s[SIZES + seat] += 1


@njit
def hand_mask(s: Any, seat: int) -> tuple[int, int]:
    """``(naturals mask, jokers)`` of the seat's hand."""
    base = HAND + seat * FACES
    nat = 0
    for face in range(52):
        if s[base + face]:
            nat |= 1 << face
    return nat, int(s[base + JOKER])


@njit
def play_shown(s: Any, k: int) -> tuple[int, int, int, int]:
    """What the table sees of field play ``k``: ``(nat, jokers, hidden, rev)``."""
    nat, jokers = faces_mask(s, FCARDS + s[PSTART + k], s[PUP + k])
    return nat, jokers, int(s[PDOWN + k]), int(s[PREV + k])


@njit
def binding_of(s: Any, k: int) -> tuple[int, int]:
    """``(readings, size)`` of field play ``k`` as a binding play; ``(0, -1)`` for ``k`` < 0."""
    if k < 0:
        return 0, -1
    nat, jokers, hidden, rev = play_shown(s, k)
    return readings(nat, jokers, hidden, rev, 0), int(s[PUP + k] + s[PDOWN + k])


# -- who acts, and what they may do -------------------------------------------------------------------


@njit
def actors(s: Any, out: Any) -> int:
    phase = s[PHASE]
    if phase == OVER:
        return 0
    if phase == DOUBT:
        for k in range(s[NWINDOW]):
            out[k] = s[WINDOW + k]
        return int(s[NWINDOW])
    out[0] = giver(s) if phase == GIVE else s[TURN_SEAT]
    return 1


@njit
def is_actor(s: Any, seat: int) -> bool:
    phase = s[PHASE]
    if phase == OVER:
        return False
    if phase == DOUBT:
        for k in range(s[NWINDOW]):  # noqa: SIM110 - a plain loop: numba compiles no generator into any()
            if s[WINDOW + k] == seat:
                return True
        return False
    if phase == GIVE:
        return seat == giver(s)
    return bool(seat == s[TURN_SEAT])


@njit
def legal_mask(s: Any, seat: int, out: Any, ctx: Any) -> None:
    """``legal_mask``: 1 for each legal action index of ``seat`` (``out`` of the space's size)."""
    out[:] = 0
    if not is_actor(s, seat):
        return
    phase = s[PHASE]
    if phase == TURN:
        turn_mask(s, seat, out, ctx)
    elif phase == HIDE:
        hide_mask(s, seat, out)
        out[undo_action(s)] = 1
    elif phase == DOUBT:
        out[A_PASS] = 1
        out[A_DOUBT] = 1
    else:
        base = give_base(s)
        for face in range(FACES):
            if s[POOL + face]:
                out[base + face] = 1
        if s[NGIVEN]:
            out[done_action(s)] = 1


@njit
def turn_mask(s: Any, seat: int, out: Any, ctx: Any) -> None:
    shown, sj = faces_mask(s, LAYING, s[NLAYING])
    top = highest_bit(shown)
    theirs, bsize = binding_of(s, int(s[BINDING]))
    nat, jokers = hand_mask(s, seat)
    ctx[0], ctx[1], ctx[2] = shown, sj, top
    ctx[3], ctx[4], ctx[5] = s[LOCK], theirs, bsize
    ctx[6], ctx[7], ctx[8] = reversed_order(s), s[OPT_SPADE3], s[SIZES + seat]
    ctx[9], ctx[10] = s[OPT_MOST_HIDDEN], s[OPT_FACE_DOWN]
    mark_turn_plays(out, nat, jokers, ctx)
    if s[NLAYING]:
        out[undo_action(s)] = 1
    elif s[NPLAYS]:
        out[A_PASS] = 1


@njit
def hide_mask(s: Any, seat: int, out: Any) -> None:
    """``hide_choices``: the cards of the rest of the hand that may be named next, in hand order:
    of the hand less the cards shown and named, those from the last one named on, as long as
    enough are left after them to finish."""
    nat, jokers = hand_mask(s, seat)
    up, up_jokers = faces_mask(s, LAYING, s[NCLAIM_UP])
    named, named_jokers = faces_mask(s, HIDING, s[NHIDING])
    nat &= ~(up | named)
    jokers -= up_jokers + named_jokers
    first = int(s[HIDING + s[NHIDING] - 1]) if s[NHIDING] else 0
    nat = (nat >> first) << first if first < JOKER else 0
    room = popcount(nat) + jokers - (s[CLAIM_HIDDEN] - s[NHIDING]) + 1  # the first ``room`` cards may come next
    base = hide_base(s)
    while room > 0 and nat:
        out[base + lowest_bit(nat)] = 1
        nat &= nat - 1
        room -= 1
    if room > 0 and jokers:
        out[base + JOKER] = 1


# -- plays (flow.py) ---------------------------------------------------------------------------------


@njit
def append_play(s: Any, seat: int, source: int, up: int, down_source: int, down: int, rev: int) -> int:
    """Put a play on the field: ``up`` faces from ``s[source:]``, ``down`` from ``s[down_source:]``;
    they leave the seat's hand.  Its index on the field."""
    k = int(s[NPLAYS])
    start = int(s[NFCARDS])
    s[PSEAT + k], s[PSTART + k], s[PUP + k], s[PDOWN + k], s[PREV + k] = seat, start, up, down, rev
    for i in range(up):
        face = s[source + i]
        s[FCARDS + start + i] = face
        take(s, seat, face)
    for i in range(down):
        face = s[down_source + i]
        s[FCARDS + start + up + i] = face
        take(s, seat, face)
    s[NPLAYS] = k + 1
    s[NFCARDS] = start + up + down
    return k


@njit
def play_face_up(s: Any, seat: int) -> None:
    """A wholly face-up play of the cards shown: lock, revolution, 11-back and 8-cut act at once (M3)."""
    count = int(s[NLAYING])
    nat, jokers = faces_mask(s, LAYING, count)
    previous = int(s[BINDING])
    for i in range(count):
        face = s[LAYING + i]
        if s[KNOWN + seat * FACES + face]:
            s[KNOWN + seat * FACES + face] -= 1
    k = append_play(s, seat, LAYING, count, LAYING, 0, 0)
    s[NLAYING] = 0
    s[BINDING] = k
    s[LAST_PLAYER], s[PASSES] = seat, 0
    if s[LOCK] == 0 and previous >= 0 and jokers == 0 and s[PDOWN + previous] == 0:
        before, before_jokers, _, _ = play_shown(s, previous)
        suits = suits_of(nat)
        if before_jokers == 0 and suits == suits_of(before):
            s[LOCK] = suits
    if is_revolution(nat, jokers):
        s[REVOLUTION] = 1 - s[REVOLUTION]
    if has_strength(nat, JACK_STRENGTH):
        s[ELEVEN_BACK] = 1 - s[ELEVEN_BACK]
    cut = has_strength(nat, EIGHT_STRENGTH)
    if s[SIZES + seat] == 0:
        go_out(s, seat)
    if active_count(s) <= 1:
        return
    if cut:
        clear_field(s, active_from(s, seat))
    else:
        s[TURN_SEAT] = next_active(s, seat)


@njit
def end_showing(s: Any, seat: int, hidden: int, rev: int) -> None:
    """``play``: the cards shown are the play; ``play *N``: N face-down cards are named next."""
    if hidden:
        s[CLAIMING], s[NCLAIM_UP], s[CLAIM_HIDDEN], s[CLAIM_REV] = 1, s[NLAYING], hidden, rev
        s[NLAYING], s[NHIDING] = 0, 0
        s[PHASE] = HIDE
    else:
        play_face_up(s, seat)


@njit
def take_back(s: Any) -> None:
    """``undo``: the play being made goes back to the hand; the turn starts over (M4)."""
    s[NLAYING], s[CLAIMING], s[NCLAIM_UP], s[CLAIM_HIDDEN], s[CLAIM_REV], s[NHIDING] = 0, 0, 0, 0, 0, 0
    s[PHASE] = TURN


@njit
def hide_card(s: Any, seat: int, face: int) -> None:
    """``hide C``: one face-down card named; with the last one the play is made and Doubt offered."""
    s[HIDING + s[NHIDING]] = face
    s[NHIDING] += 1
    if s[NHIDING] < s[CLAIM_HIDDEN]:
        return
    previous_seat = int(s[PSEAT + s[NPLAYS] - 1]) if s[NPLAYS] else -1
    up = int(s[NCLAIM_UP])
    for face in range(FACES):
        s[KNOWN + seat * FACES + face] = 0  # nobody can tell which of its known cards went down
    k = append_play(s, seat, LAYING, up, HIDING, int(s[NHIDING]), int(s[CLAIM_REV]))
    if up:
        s[BINDING] = k  # M5: a wholly face-down play binds nobody
    s[LAST_PLAYER], s[PASSES] = seat, 0
    s[CLAIMING], s[NCLAIM_UP], s[CLAIM_HIDDEN], s[CLAIM_REV], s[NHIDING] = 0, 0, 0, 0, 0
    open_window(s, seat, previous_seat)


@njit
def open_window(s: Any, player: int, previous_seat: int) -> None:
    """M6: from the seat that made the previous play (after a lead: the next seat), clockwise."""
    p = s[PLAYERS]
    start = previous_seat if previous_seat >= 0 else player + 1
    n = 0
    for i in range(p):
        seat = (start + i) % p
        if seat != player and is_active(s, seat):
            s[WINDOW + n] = seat
            n += 1
    s[NWINDOW] = n
    s[PHASE] = DOUBT


@njit
def decline_doubt(s: Any, seat: int) -> None:
    n = 0
    for k in range(s[NWINDOW]):
        if s[WINDOW + k] != seat:
            s[WINDOW + n] = s[WINDOW + k]
            n += 1
    s[NWINDOW] = n
    if n == 0:
        stand(s)


@njit
def stand(s: Any) -> None:
    """Nobody doubted: a declared revolution takes effect; an empty hand goes out (M3, M9)."""
    k = s[NPLAYS] - 1
    seat = int(s[PSEAT + k])
    s[PHASE] = TURN
    if s[PREV + k]:
        s[REVOLUTION] = 1 - s[REVOLUTION]
    if s[SIZES + seat] == 0:
        go_out(s, seat)
    if active_count(s) > 1:
        s[TURN_SEAT] = next_active(s, seat)


@njit
def pass_turn(s: Any, seat: int) -> None:
    """When every other active seat has passed in a row, the field leaves and the last player leads (M8)."""
    s[PASSES] += 1
    last = int(s[LAST_PLAYER])
    needed = active_count(s) - (1 if is_active(s, last) else 0)
    if s[PASSES] >= needed:
        clear_field(s, active_from(s, last))
    else:
        s[TURN_SEAT] = next_active(s, seat)


@njit
def clear_field(s: Any, leader: int) -> None:
    """The field leaves the game (face-down cards unseen); 11-back and the lock end (M3)."""
    for k in range(s[NPLAYS]):
        start, up, seat = s[PSTART + k], s[PUP + k], s[PSEAT + k]
        for i in range(up):
            s[GONE + s[FCARDS + start + i]] += 1
        for i in range(up, up + s[PDOWN + k]):
            s[GONE_DOWN + seat * FACES + s[FCARDS + start + i]] += 1
    empty_field(s)
    s[LAST_PLAYER], s[PASSES] = -1, 0
    s[TURN_SEAT] = leader


@njit
def empty_field(s: Any) -> None:
    s[NPLAYS], s[NFCARDS], s[BINDING], s[LOCK], s[ELEVEN_BACK] = 0, 0, -1, 0, 0


# -- doubt (M7) --------------------------------------------------------------------------------------


@njit
def doubt(s: Any, caller: int) -> None:
    """Turn the field up and judge the last play against the field as it stood before it."""
    last = s[NPLAYS] - 1
    player = int(s[PSEAT + last])
    before = -1
    for k in range(last - 1, -1, -1):
        if s[PUP + k]:
            before = k
            break
    theirs, bsize = binding_of(s, before)
    nat, jokers = faces_mask(s, FCARDS + s[PSTART + last], s[PUP + last] + s[PDOWN + last])
    rev = int(s[PREV + last])
    legal = legal_against(nat, jokers, 0, rev, s[LOCK], theirs, bsize, reversed_order(s), s[OPT_SPADE3] != 0)
    for i in range(s[NFCARDS]):
        s[POOL + s[FCARDS + i]] += 1
    s[NPOOL] = s[NFCARDS]
    empty_field(s)
    s[NWINDOW], s[NGIVEN] = 0, 0
    s[CALLER], s[DOUBTED], s[TRUTHFUL] = caller, player, 1 if legal else 0
    s[PHASE] = GIVE
    if legal:
        if rev:
            s[REVOLUTION] = 1 - s[REVOLUTION]
        if s[SIZES + player] == 0:
            go_out(s, player)


@njit
def give_card(s: Any, face: int) -> None:
    s[POOL + face] -= 1
    s[NPOOL] -= 1
    s[GIVEN + face] += 1
    s[NGIVEN] += 1
    if s[NPOOL] == 0:
        settle(s)


@njit
def settle(s: Any) -> None:
    """The chosen cards join the loser's hand, the rest leaves the game; the winner of the doubt leads."""
    to = receiver(s)
    leader = giver(s)
    for face in range(FACES):
        count = s[GIVEN + face]
        if count:
            s[HAND + to * FACES + face] += count
            s[KNOWN + to * FACES + face] += count
            s[SIZES + to] += count
            s[GIVEN + face] = 0
        s[GONE + face] += s[POOL + face]
        s[POOL + face] = 0
    s[NPOOL], s[NGIVEN] = 0, 0
    s[CALLER], s[DOUBTED], s[TRUTHFUL] = -1, -1, 0
    s[PHASE], s[LAST_PLAYER], s[PASSES] = TURN, -1, 0
    if s[SIZES + to] >= s[OPT_BURST_AT]:
        burst(s, to)
    if active_count(s) <= 1:
        return
    s[TURN_SEAT] = active_from(s, leader)


# -- going out, bursting, scoring (M9, M10) -----------------------------------------------------------


@njit
def go_out(s: Any, seat: int) -> None:
    """Each other active seat pays the seat one point per card it holds."""
    for other in range(s[PLAYERS]):
        if other != seat and is_active(s, other):
            paid = s[SIZES + other]
            s[SCORES + other] -= paid
            s[SCORES + seat] += paid
    s[STATUS + seat] = OUT
    s[FINISHED + s[NFINISHED]] = seat
    s[NFINISHED] += 1


@njit
def burst(s: Any, seat: int) -> None:
    """The seat is out and pays each other active seat (``burst_points``)."""
    amount = s[SIZES + seat] if s[OPT_BURST_POINTS] == BURST_HAND else s[OPT_BURST_POINTS]
    for other in range(s[PLAYERS]):
        if other != seat and is_active(s, other):
            s[SCORES + other] += amount
            s[SCORES + seat] -= amount
    s[STATUS + seat] = BURST
    s[BURSTS + s[NBURSTS]] = seat
    s[NBURSTS] += 1


# -- one action --------------------------------------------------------------------------------------


@njit
def act(s: Any, seat: int, action: int) -> None:
    """One action's move (``game._step``'s dispatch), before the end of the game is looked at."""
    most = int(s[OPT_MOST_HIDDEN])
    hide0 = hide_base(s)
    if action == A_PASS:
        if s[PHASE] == DOUBT:
            decline_doubt(s, seat)
        else:
            pass_turn(s, seat)
    elif action == A_DOUBT:
        doubt(s, seat)
    elif action < A_PLAY:
        s[LAYING + s[NLAYING]] = action - A_SHOW
        s[NLAYING] += 1
    elif action <= A_PLAY + most:
        end_showing(s, seat, action - A_PLAY, 0)
    elif action < hide0:
        end_showing(s, seat, action - A_PLAY - most, 1)
    elif action < hide0 + FACES:
        hide_card(s, seat, action - hide0)
    elif action < hide0 + 2 * FACES:
        give_card(s, action - hide0 - FACES)
    elif action == done_action(s):
        settle(s)
    else:
        take_back(s)

