"""Who may do what: the legal actions of each phase, and the checks that name the ruling.

The turn seat may pass (not on an empty field, nor once it has begun a play) or make a
play, one card at a time (:mod:`lays`): it shows the face-up cards in hand order, each
offered only when some play starts so, then ends them with ``play`` (a wholly face-up play)
or ``play *N`` (N more face down, perhaps declaring a revolution).  A play with face-down
cards is offered when some reading of what it shows could be legal on the field (M4, M5):
a play whose face-up cards already refute it, or of the wrong size, is refused like an
illegal face-up play.  Its face-down cards are then any cards of the hand (``hide``, one at
a time in hand order), since nobody checks them unless Doubt is called.
"""

from __future__ import annotations

from typing import assert_never

from kakehiki.cards import Card
from kakehiki.errors import IllegalActionError
from kakehiki.games.million_doubt.rules.actions import (
    DONE,
    DOUBT,
    GIVE,
    HIDE,
    PASS,
    UNDO,
    Done,
    Doubt,
    Give,
    Hide,
    MillionDoubtAction,
    Pass,
    Play,
    Show,
    Undo,
    claim_of,
)
from kakehiki.games.million_doubt.rules.lays import FieldKey, Lay, Tree, hide_choices, tree
from kakehiki.games.million_doubt.rules.match import DRAW_REASON
from kakehiki.games.million_doubt.rules.plays import REVOLUTION_SIZE, Visible, card_key, legal_on, sort_cards
from kakehiki.games.million_doubt.rules.state import DOUBT as DOUBT_PHASE
from kakehiki.games.million_doubt.rules.state import GIVE as GIVE_PHASE
from kakehiki.games.million_doubt.rules.state import HIDE as HIDE_PHASE
from kakehiki.games.million_doubt.rules.state import OVER, PLAYING, TURN, MillionDoubtState

__all__ = ["FieldKey", "actors", "check", "field_key", "legal_actions", "on_field"]


def actors(state: MillionDoubtState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.phase == DOUBT_PHASE:
        return state.window
    if state.phase == GIVE_PHASE:
        return (state.giver,)
    return (state.turn,)


def legal_actions(state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
    """In index order (see ``actions.all_actions``)."""
    if seat not in actors(state):
        return ()
    if state.phase == TURN:
        actions = turn_actions(state, seat)
        return (*actions, UNDO) if state.laying else actions
    if state.phase == HIDE_PHASE:
        claim = state.claim
        assert claim is not None
        return (*(HIDE[c] for c in hide_choices(rest_of(state, seat), state.hiding, claim.hidden)), UNDO)
    if state.phase == DOUBT_PHASE:
        return (PASS, DOUBT)
    gives: tuple[MillionDoubtAction, ...] = tuple(GIVE[c] for c in dict.fromkeys(state.pool))
    return (*gives, DONE) if state.given else gives


def field_key(state: MillionDoubtState) -> FieldKey:
    """What a play is judged against: the binding play, the lock, the order, the spade-3 option."""
    return state.binding_play, state.lock, state.reversed_order, state.options.spade3_beats_joker


def on_field(state: MillionDoubtState, play: Visible) -> bool:
    return legal_on(play, *field_key(state))


def turn_actions(state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
    after = tree(state.hands[seat], field_key(state), state.options.face_down).get(state.laying, ())
    return (PASS, *after) if state.field and not state.laying else after


def rest_of(state: MillionDoubtState, seat: int) -> list[Card]:
    """The hand less the announced face-up cards and the face-down cards named so far, in hand order."""
    claim = state.claim
    assert claim is not None
    rest = list(state.hands[seat])
    for card in claim.up + state.hiding:
        rest.remove(card)
    return rest


# -- checks ------------------------------------------------------------------------------------------


def check(state: MillionDoubtState, seat: int, action: MillionDoubtAction) -> None:
    """Refuse ``action`` naming the ruling.  What a refusal says depends only on what ``seat``
    may know: another seat's play in the making is not mentioned."""
    if state.phase == OVER:
        ended_by = "C7" if state.outcomes and state.outcomes[-1].reason == DRAW_REASON else "M10"
        raise IllegalActionError(ended_by, "the game is over")
    match action:
        case Pass():
            _check_pass(state, seat)
        case Doubt():
            _check_window(state, seat, "call Doubt")
        case Show():
            _check_turn(state, seat, TURN, "show a card")
            _check_show(state, seat, action.card)
        case Play():
            _check_turn(state, seat, TURN, "play")
            _check_claim(state, seat, action)
        case Hide():
            _check_turn(state, seat, HIDE_PHASE, "name face-down cards")
            _check_hide(state, seat, action.card)
        case Give() | Done():
            _check_give(state, seat, action)
        case Undo():
            _check_undo(state, seat)
        case _:
            assert_never(action)


def _check_undo(state: MillionDoubtState, seat: int) -> None:
    if state.phase == HIDE_PHASE:
        _check_turn(state, seat, HIDE_PHASE, "take back a play")
        return
    _check_turn(state, seat, TURN, "take back a play")
    if not state.laying:
        raise IllegalActionError("M4", "no play is being made: there is nothing to take back")


def _check_pass(state: MillionDoubtState, seat: int) -> None:
    if state.phase == DOUBT_PHASE:
        _check_window(state, seat, "pass")
        return
    _check_turn(state, seat, TURN, "pass")
    if not state.field:
        raise IllegalActionError("M8", "the field is empty: the leader must play")
    if state.laying:
        raise IllegalActionError("M8", f"seat {seat} has begun a play ({_cards(state.laying)} shown): "
                                       "it goes on with show or play")


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
    if state.phase == GIVE_PHASE:
        raise IllegalActionError("M7", f"seat {seat} cannot {what}: seat {state.giver} is choosing the penalty")
    if seat != state.turn:
        raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
    if state.phase != phase:
        expected = "name its face-down cards (hide)" if state.phase == HIDE_PHASE else "show cards, play or pass"
        raise IllegalActionError("M4", f"seat {seat} must {expected} now")


def _check_show(state: MillionDoubtState, seat: int, card: Card) -> None:
    hand, laying = state.hands[seat], state.laying
    if hand.count(card) <= laying.count(card):
        held = "has shown it already" if card in laying else "does not hold it"
        raise IllegalActionError("C6", f"seat {seat} cannot show {card}: it {held}")
    if laying and card_key(card) < card_key(laying[-1]):
        raise IllegalActionError("M2", f"cards are shown in hand order (3 … 2, suits S H D C, jokers last): "
                                       f"{card} comes before {laying[-1]}")
    shown = (*laying, card)
    if _tree(state, seat).get(shown) is None:
        unlocked = tree(hand, (state.binding_play, None, state.reversed_order, state.options.spade3_beats_joker),
                        state.options.face_down)
        rule = "M3" if state.lock is not None and shown in unlocked else "M2"
        raise IllegalActionError(rule, f"no play seat {seat} may make here shows {_cards(shown)}")


def _check_claim(state: MillionDoubtState, seat: int, action: Play) -> None:
    if not state.laying and not action.hidden:
        raise IllegalActionError("M2", "a play needs cards: show them first (show CARD)")
    _check_lay(state, seat, Lay(state.laying, action.hidden, action.revolution))
    if claim_of(action.hidden, action.revolution) not in _tree(state, seat).get(state.laying, ()):
        raise IllegalActionError("M2", f"seat {seat} may not make this play here")  # the checks above agree


def _tree(state: MillionDoubtState, seat: int) -> Tree:
    return tree(state.hands[seat], field_key(state), state.options.face_down)


def check_lay(state: MillionDoubtState, seat: int, lay: Lay, down: tuple[Card, ...]) -> None:
    """Refuse a whole play (``apply_lay``) the seat may not make now with these face-down cards."""
    if state.phase == OVER:
        check(state, seat, PASS)
    _check_turn(state, seat, TURN, "play")
    if state.laying:
        raise IllegalActionError("M4", f"seat {seat} has begun a play already: it goes on with show or play")
    if not lay.size:
        raise IllegalActionError("M2", "a play needs cards")
    if lay.up != sort_cards(lay.up):
        raise IllegalActionError("M2", "cards are shown in hand order (3 … 2, suits S H D C, jokers last)")
    if len(down) != lay.hidden:
        raise IllegalActionError("M4", f"the play lays {lay.hidden} card(s) face down, not {len(down)}")
    if not _holds(state.hands[seat], lay.up + down):
        raise IllegalActionError("C6", f"seat {seat} does not hold all of {_cards(lay.up + down)}")
    _check_lay(state, seat, lay)


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    left = list(hand)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


def _check_lay(state: MillionDoubtState, seat: int, play: Lay) -> None:
    hand = state.hands[seat]
    if play.hidden:
        if not state.options.face_down:
            raise IllegalActionError("M4", "face_down=false: every card is played face up")
        if len(play.up) + play.hidden > len(hand):
            raise IllegalActionError("C6", f"seat {seat} holds only {len(hand)} card{'' if len(hand) == 1 else 's'}")
        if play.revolution and len(play.up) + play.hidden != REVOLUTION_SIZE:
            raise IllegalActionError("M4", "only a play of four cards can be a revolution")
    shown = play.shown
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


def _refusal(state: MillionDoubtState, play: Lay) -> str:
    text = " ".join([*map(str, play.up), *([f"*{play.hidden}"] if play.hidden else []),
                     *(["revolution"] if play.revolution else [])])
    if play.hidden:
        return f"{text}: no reading of what it shows is a legal play here"
    if state.lock is not None:
        return f"{text}: not a valid play, not stronger than the field, or off the suit lock"
    return f"{text}: not a valid play, or not stronger than the field"


def _check_hide(state: MillionDoubtState, seat: int, card: Card) -> None:
    claim = state.claim
    assert claim is not None
    rest = rest_of(state, seat)
    if card not in rest:
        raise IllegalActionError("C6", f"seat {seat} holds no {card} besides the cards shown and named already")
    if card not in hide_choices(rest, state.hiding, claim.hidden):
        raise IllegalActionError("M4", f"face-down cards are named in hand order (3 … 2, suits S H D C, jokers "
                                       f"last), {claim.hidden} in all: {card} cannot come next")


def _check_give(state: MillionDoubtState, seat: int, action: Give | Done) -> None:
    if state.phase != GIVE_PHASE:
        raise IllegalActionError("M7", "no doubt penalty is being chosen now")
    if seat != state.giver:
        raise IllegalActionError("M7", f"seat {state.giver} won the doubt and chooses the penalty")
    match action:
        case Give():
            if action.card not in state.pool:
                raise IllegalActionError("M7", f"{action.card} is not on the field")
        case Done():
            if not state.given:
                raise IllegalActionError("M7", "give at least one card")
        case _:
            assert_never(action)


def _cards(cards: tuple[Card, ...], most: int = 4) -> str:
    """Up to ``most`` cards named: a refusal never repeats a huge action back."""
    named = " ".join(map(str, cards[:most]))
    return named if len(cards) <= most else f"{named} … ({len(cards)} cards in all)"
