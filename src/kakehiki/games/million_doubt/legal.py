"""Who may do what: the legal actions of each phase, and the checks that name the ruling.

The turn seat may pass (not on an empty field), make any legal face-up play, or
announce a play with face-down cards.  An announcement (``play S5 *2``) is listed
when some reading of what it shows could be legal on the field (M4, M5): a play
whose face-up cards already refute it, or of the wrong size, is refused like an
illegal face-up play.  Its face-down cards are then any cards of the hand
(``hide``), since nobody checks them unless Doubt is called.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from kakehiki.cards import Card
from kakehiki.errors import IllegalActionError
from kakehiki.games.million_doubt.actions import (
    DONE,
    DOUBT,
    PASS,
    Done,
    Doubt,
    Give,
    Hide,
    MillionDoubtAction,
    Pass,
    Play,
)
from kakehiki.games.million_doubt.match import DRAW_REASON
from kakehiki.games.million_doubt.plays import (
    REVOLUTION_SIZE,
    Lock,
    Visible,
    legal_on,
    shaped_sets,
    showable_sets,
    visible,
)
from kakehiki.games.million_doubt.state import DOUBT as DOUBT_PHASE
from kakehiki.games.million_doubt.state import GIVE, HIDE, OVER, PLAYING, TURN, MillionDoubtState


def actors(state: MillionDoubtState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.phase == DOUBT_PHASE:
        return state.window
    if state.phase == GIVE:
        return (state.giver,)
    return (state.turn,)


def legal_actions(state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
    if seat not in actors(state):
        return ()
    if state.phase == TURN:
        return turn_actions(state, seat)
    if state.phase == HIDE:
        return hide_actions(state, seat)
    if state.phase == DOUBT_PHASE:
        return (PASS, DOUBT)
    gives: tuple[MillionDoubtAction, ...] = tuple(Give(c) for c in dict.fromkeys(state.pool))
    return (*gives, DONE) if state.given else gives


FieldKey = tuple[Visible | None, Lock | None, bool, bool]


def field_key(state: MillionDoubtState) -> FieldKey:
    """What a play is judged against: the binding play, the lock, the order, the spade-3 option."""
    return state.binding_play, state.lock, state.reversed_order, state.options.spade3_beats_joker


def on_field(state: MillionDoubtState, play: Visible) -> bool:
    return legal_on(play, *field_key(state))


def turn_actions(state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
    hand = state.hands[seat]
    key = field_key(state)
    actions: list[MillionDoubtAction] = [PASS] if state.field else []
    actions.extend(Play(cards) for cards in shaped_sets(hand) if legal_on(visible(cards), *key))
    if state.options.face_down:
        actions.extend(announcements(key, hand))
    return tuple(actions)


def announcements(key: FieldKey, hand: tuple[Card, ...]) -> list[Play]:
    """Every play with face-down cards that some reading could make legal (M4, M5)."""
    binding = key[0]
    found: list[Play] = []
    for up in showable_sets(hand):
        rest = len(hand) - len(up)
        counts = range(1, rest + 1) if binding is None else (binding.size - len(up),)
        for hidden in counts:
            if not 1 <= hidden <= rest:
                continue
            size = len(up) + hidden
            for revolution in (False, True) if size == REVOLUTION_SIZE else (False,):
                if legal_on(visible(up, hidden, revolution), *key):
                    found.append(Play(up, hidden, revolution))
    return found


def hide_actions(state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
    claim = state.claim
    assert claim is not None
    rest = list(state.hands[seat])
    for card in claim.up:
        rest.remove(card)
    return tuple(Hide(cards) for cards in dict.fromkeys(combinations(rest, claim.hidden)))


# -- checks ------------------------------------------------------------------------------------------


def check(state: MillionDoubtState, seat: int, action: MillionDoubtAction) -> None:
    if state.phase == OVER:
        ended_by = "C7" if state.outcomes and state.outcomes[-1].reason == DRAW_REASON else "M10"
        raise IllegalActionError(ended_by, "the game is over")
    if isinstance(action, Pass):
        _check_pass(state, seat)
    elif isinstance(action, Doubt):
        _check_window(state, seat, "call Doubt")
    elif isinstance(action, Play):
        _check_turn(state, seat, TURN, "play")
        _check_play(state, seat, action)
    elif isinstance(action, Hide):
        _check_turn(state, seat, HIDE, "name face-down cards")
        _check_hide(state, seat, action)
    else:
        _check_give(state, seat, action)


def _check_pass(state: MillionDoubtState, seat: int) -> None:
    if state.phase == DOUBT_PHASE:
        _check_window(state, seat, "pass")
        return
    _check_turn(state, seat, TURN, "pass")
    if not state.field:
        raise IllegalActionError("M8", "the field is empty: the leader must play")


def _check_window(state: MillionDoubtState, seat: int, what: str) -> None:
    if state.phase != DOUBT_PHASE:
        raise IllegalActionError("M6", f"no play is waiting for Doubt: seat {seat} cannot {what} now")
    if seat not in state.window:
        if state.status[seat] != PLAYING:
            raise IllegalActionError("M9", f"seat {seat} is out of the game: it is offered no Doubt")
        raise IllegalActionError("M6", f"seat {seat} is not offered Doubt on this play (its own play, "
                                       "or already answered)")


def _check_turn(state: MillionDoubtState, seat: int, phase: int, what: str) -> None:
    if state.phase == DOUBT_PHASE:
        raise IllegalActionError("M6", f"seat {seat} cannot {what}: Doubt is being offered on the last play")
    if state.phase == GIVE:
        raise IllegalActionError("M7", f"seat {seat} cannot {what}: seat {state.giver} is choosing the penalty")
    if seat != state.turn:
        raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
    if state.phase != phase:
        expected = "name its face-down cards (hide)" if state.phase == HIDE else "play or pass"
        raise IllegalActionError("M4", f"seat {seat} must {expected} now")


def _check_play(state: MillionDoubtState, seat: int, play: Play) -> None:
    hand = state.hands[seat]
    if not _holds(hand, play.up):
        raise IllegalActionError("C6", f"seat {seat} does not hold {_missing(hand, play.up)}")
    if play.hidden:
        if not state.options.face_down:
            raise IllegalActionError("M4", "face_down=false: every card is played face up")
        if len(play.up) + play.hidden > len(hand):
            raise IllegalActionError("C6", f"seat {seat} holds only {len(hand)} cards")
        if play.revolution and len(play.up) + play.hidden != REVOLUTION_SIZE:
            raise IllegalActionError("M4", "only a play of four cards can be a revolution")
    shown = visible(play.up, play.hidden, play.revolution)
    binding = state.binding_play
    if binding is not None and binding.size != shown.size:
        raise IllegalActionError("M2", f"the field holds {binding.size} card(s): play as many")
    if not on_field(state, shown):
        raise IllegalActionError(_rule_refuting(state, shown), _refusal(state, play))


def _rule_refuting(state: MillionDoubtState, shown: Visible) -> str:
    if shown.hidden:
        return "M4"
    if state.lock is not None and legal_on(shown, state.binding_play, None, state.reversed_order,
                                           state.options.spade3_beats_joker):
        return "M3"
    return "M2"


def _refusal(state: MillionDoubtState, play: Play) -> str:
    if play.hidden:
        return f"{play}: no reading of what it shows is a legal play here"
    if state.lock is not None:
        return f"{play}: not a valid play, not stronger than the field, or off the suit lock"
    return f"{play}: not a valid play, or not stronger than the field"


def _check_hide(state: MillionDoubtState, seat: int, hide: Hide) -> None:
    claim = state.claim
    assert claim is not None
    if len(hide.cards) != claim.hidden:
        raise IllegalActionError("M4", f"the play announced {claim.hidden} face-down card(s)")
    if not _holds(state.hands[seat], claim.up + hide.cards):
        rest = list(state.hands[seat])
        for card in claim.up:
            rest.remove(card)
        raise IllegalActionError("C6", f"seat {seat} does not hold {_missing(tuple(rest), hide.cards)} "
                                       "besides the face-up cards")


def _check_give(state: MillionDoubtState, seat: int, action: Give | Done) -> None:
    if state.phase != GIVE:
        raise IllegalActionError("M7", "no doubt penalty is being chosen now")
    if seat != state.giver:
        raise IllegalActionError("M7", f"seat {state.giver} won the doubt and chooses the penalty")
    if isinstance(action, Give) and action.card not in state.pool:
        raise IllegalActionError("M7", f"{action.card} is not on the field")
    if isinstance(action, Done) and not state.given:
        raise IllegalActionError("M7", "give at least one card")


def _missing(hand: tuple[Card, ...], cards: tuple[Card, ...], most: int = 4) -> str:
    """The cards of ``cards`` not in ``hand`` (counting copies), the first ``most`` of them named:
    a refusal never repeats a huge action back."""
    lacking = list((Counter(cards) - Counter(hand)).elements())
    named = " ".join(map(str, lacking[:most]))
    return named if len(lacking) <= most else f"{named} … ({len(lacking)} cards in all)"


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())
