"""Million Doubt's moves inside one game: plays, passes, the doubt window, the reveal and the penalty.

Every function works on a :class:`Draft`.  When fewer than two seats are still
playing, the caller (``game._apply``) ends the game; the functions here simply
stop doing anything that would need a next seat.
"""

from __future__ import annotations

from kakehiki.cards import Card
from kakehiki.games.million_doubt.rules import events as ev
from kakehiki.games.million_doubt.rules.draft import Draft
from kakehiki.games.million_doubt.rules.plays import (
    Visible,
    has_rank,
    is_revolution,
    legal_on,
    locks,
    sort_cards,
    visible,
)
from kakehiki.games.million_doubt.rules.state import (
    BURST,
    DOUBT,
    GIVE,
    HIDE,
    OUT,
    TURN,
    TWO_PLAYER_BURST_POINTS,
    Claim,
    FieldPlay,
)

EIGHT, JACK = 8, 11


def over(d: Draft) -> bool:
    return d.active_count() <= 1


# -- plays -------------------------------------------------------------------------------------------


def play_face_up(d: Draft, seat: int, cards: tuple[Card, ...]) -> None:
    """A wholly face-up play: lock, revolution, 11-back and 8-cut act at once (M3); no doubt (M6)."""
    lead = not d.field
    shown = visible(cards)
    previous = d.binding_play
    d.take(seat, cards)
    d.known[seat] = _without(d.known[seat], cards)
    d.field = (*d.field, FieldPlay(seat, cards, ()))
    d.binding = len(d.field) - 1
    d.last_player, d.passes = seat, 0
    d.note(seat, plays=1)
    d.events.append(ev.Played(seat, cards, (), False, lead))
    if d.lock is None:
        d.lock = locks(shown, previous)
        if d.lock is not None:
            d.events.append(ev.Locked("".join(s for s in "SHDC" if s in d.lock)))
    if is_revolution(shown):
        toggle_revolution(d, seat)
    if has_rank(shown, JACK):
        d.eleven_back = not d.eleven_back
        d.events.append(ev.ElevenBack(seat, d.eleven_back, d.reversed_order))
    cut = has_rank(shown, EIGHT)
    if cut:
        d.events.append(ev.EightCut(seat))
    if not d.hands[seat]:
        go_out(d, seat)
    if over(d):
        return
    if cut:
        clear_field(d, "eight_cut", d.active_from(seat))
    else:
        d.turn = d.next_active(seat)


def show(d: Draft, card: Card) -> None:
    """``show C``: one more face-up card of the play being made; nothing happens yet."""
    d.laying = (*d.laying, card)


def end_showing(d: Draft, seat: int, hidden: int, revolution: bool) -> None:
    """``play``: the cards shown are the play; ``play *N``: N face-down cards are named next."""
    up, d.laying = d.laying, ()
    if hidden:
        announce(d, Claim(up, hidden, revolution))
    else:
        play_face_up(d, seat, up)


def take_back(d: Draft, seat: int) -> None:
    """``undo``: the play being made goes back to the hand; the turn starts over (M4)."""
    back = d.laying if d.claim is None else (*d.claim.up, *d.hiding)
    d.laying, d.claim, d.hiding, d.phase = (), None, (), TURN
    d.events.append(ev.TookBack(seat, back))


def announce(d: Draft, claim: Claim) -> None:
    """``play ... *N``: the turn seat now names its face-down cards (``hide``), still unseen by all."""
    d.claim, d.hiding = claim, ()
    d.phase = HIDE


def hide_card(d: Draft, seat: int, card: Card) -> None:
    """``hide C``: one face-down card named; with the last one the play is made."""
    claim = d.claim
    assert claim is not None
    d.hiding = (*d.hiding, card)
    if len(d.hiding) == claim.hidden:
        cards, d.hiding = d.hiding, ()
        hide(d, seat, cards)


def hide(d: Draft, seat: int, cards: tuple[Card, ...]) -> None:
    """The announced play goes down; Doubt is offered (M4, M6).  Its effects wait for the window."""
    claim = d.claim
    assert claim is not None
    lead = not d.field
    previous_seat = d.field[-1].seat if d.field else -1
    d.take(seat, claim.up + cards)
    d.known[seat] = ()  # nobody can tell which of its known cards went down
    d.field = (*d.field, FieldPlay(seat, claim.up, cards, claim.revolution))
    if claim.up:
        d.binding = len(d.field) - 1  # M5: a wholly face-down play binds nobody
    d.last_player, d.passes = seat, 0
    d.claim = None
    if claim.up:
        d.note(seat, plays=1, shown=1)
    else:
        d.note(seat, plays=1, blind=1)
    d.events.append(ev.Played(seat, claim.up, cards, claim.revolution, lead))
    open_window(d, seat, previous_seat)


def open_window(d: Draft, player: int, previous_seat: int) -> None:
    """M6: from the seat that made the previous play (after a lead: the next seat), clockwise."""
    start = previous_seat if previous_seat >= 0 else player + 1
    seats = ((start + i) % d.players for i in range(d.players))
    d.window = tuple(s for s in seats if s != player and d.is_active(s))
    d.phase = DOUBT
    d.events.append(ev.DoubtOffered(player, d.window))


def decline_doubt(d: Draft, seat: int) -> None:
    d.window = tuple(s for s in d.window if s != seat)
    d.events.append(ev.DoubtDeclined(seat))
    if not d.window:
        stand(d)


def stand(d: Draft) -> None:
    """Nobody doubted: a declared revolution takes effect; an empty hand goes out (M3, M9)."""
    play = d.field[-1]
    d.phase = TURN
    for seat in range(d.players):  # everyone offered declined: each answer was heard
        if seat != play.seat and d.is_active(seat):
            d.note(seat, asked=1)
    if play.revolution:
        toggle_revolution(d, play.seat)
    if not d.hands[play.seat]:
        go_out(d, play.seat)
    if not over(d):
        d.turn = d.next_active(play.seat)


# -- passing (M8) ------------------------------------------------------------------------------------


def pass_turn(d: Draft, seat: int) -> None:
    """When every other active seat has passed in a row, the field leaves and the last player leads."""
    d.passes += 1
    d.events.append(ev.Passed(seat))
    needed = d.active_count() - (1 if d.is_active(d.last_player) else 0)
    if d.passes >= needed:
        clear_field(d, "all_pass", d.active_from(d.last_player))
    else:
        d.turn = d.next_active(seat)


def clear_field(d: Draft, reason: str, leader: int) -> None:
    """The field leaves the game (face-down cards unseen); 11-back and the lock end (M3)."""
    count = 0
    for play in d.field:
        count += len(play.up) + len(play.down)
        d.gone += play.up
        d.gone_down += tuple((play.seat, c) for c in play.down)
    d.field, d.binding, d.lock, d.eleven_back = (), -1, None, False
    d.last_player, d.passes = -1, 0
    d.turn = leader
    d.events.append(ev.FieldCleared(reason, count, leader))


# -- doubt (M7) --------------------------------------------------------------------------------------


def doubt(d: Draft, caller: int) -> None:
    """Turn the field up and judge the last play against the field as it stood before it."""
    play = d.field[-1]
    player = play.seat
    legal = legal_on(play.actual, _binding_before(d.field), d.lock, d.reversed_order,
                     d.options.spade3_beats_joker)
    d.events.append(ev.Doubted(caller, player))
    d.events.append(ev.Revealed(tuple((p.seat, p.cards) for p in d.field)))
    d.pool = sort_cards(c for p in d.field for c in p.cards)
    d.field, d.binding, d.lock, d.eleven_back = (), -1, None, False
    d.window, d.given = (), ()
    d.caller, d.doubted, d.truthful = caller, player, legal
    d.note(caller, asked=1, doubts=1)
    if play.up:
        d.note(player, shown_doubted=1, shown_lies=int(not legal))
    else:
        d.note(player, blind_doubted=1, blind_lies=int(not legal))
    d.phase = GIVE
    d.events.append(ev.Judged(player, caller, legal, player if legal else caller))
    if legal:
        if play.revolution:
            toggle_revolution(d, player)
        if not d.hands[player]:
            go_out(d, player)


def _binding_before(field: tuple[FieldPlay, ...]) -> Visible | None:
    for play in reversed(field[:-1]):
        if play.up:
            return play.shown
    return None


def give_card(d: Draft, card: Card) -> None:
    pool = list(d.pool)
    pool.remove(card)
    d.pool = tuple(pool)
    d.given = (*d.given, card)
    d.events.append(ev.CardGiven(d.giver, d.receiver, card))
    if not d.pool:
        settle(d)


def settle(d: Draft) -> None:
    """The chosen cards join the loser's hand, the rest leaves the game; the winner of the doubt leads."""
    receiver, given = d.receiver, sort_cards(d.given)
    leader = d.doubted if d.truthful else d.caller
    d.give(receiver, given)
    d.known[receiver] = sort_cards(d.known[receiver] + given)
    d.gone += d.pool
    d.events.append(ev.Penalty(d.giver, receiver, given, d.pool))
    count = len(d.pool)
    d.pool, d.given = (), ()
    d.caller, d.doubted, d.truthful = -1, -1, False
    d.phase, d.last_player, d.passes = TURN, -1, 0
    if len(d.hands[receiver]) >= d.options.burst_at:
        burst(d, receiver)
    if over(d):
        return
    d.turn = d.active_from(leader)
    d.events.append(ev.FieldCleared("doubt", count, d.turn))


# -- going out, bursting, scoring (M9, M10) -----------------------------------------------------------


def go_out(d: Draft, seat: int) -> None:
    """Each other active seat pays the seat one point per card it holds."""
    paid = [0] * d.players
    for other in range(d.players):
        if other != seat and d.is_active(other):
            paid[other] = len(d.hands[other])
            d.scores[other] -= paid[other]
            d.scores[seat] += paid[other]
    d.status[seat] = OUT
    d.finished = (*d.finished, seat)
    d.events.append(ev.WentOut(seat, len(d.finished), tuple(paid)))


def burst(d: Draft, seat: int) -> None:
    """The seat is out and pays each other active seat (``burst_points``)."""
    size = len(d.hands[seat])
    amount = burst_amount(d.options.burst_points, d.players, size)
    paid = [0] * d.players
    for other in range(d.players):
        if other != seat and d.is_active(other):
            paid[other] = amount
            d.scores[other] += amount
            d.scores[seat] -= amount
    d.status[seat] = BURST
    d.bursts = (*d.bursts, seat)
    d.events.append(ev.Burst(seat, size, tuple(paid)))


def burst_amount(points: str | int, players: int, size: int) -> int:
    if isinstance(points, int):
        return points
    if points == "auto" and players == 2:
        return TWO_PLAYER_BURST_POINTS
    return size


def toggle_revolution(d: Draft, seat: int) -> None:
    d.revolution = not d.revolution
    d.events.append(ev.Revolution(seat, d.revolution, d.reversed_order))


def _without(cards: tuple[Card, ...], removed: tuple[Card, ...]) -> tuple[Card, ...]:
    left = list(cards)
    for card in removed:
        if card in left:
            left.remove(card)
    return tuple(left)


__all__ = ["announce", "clear_field", "decline_doubt", "doubt", "end_showing", "give_card", "hide", "hide_card",
           "over", "pass_turn", "play_face_up", "settle", "show"]
