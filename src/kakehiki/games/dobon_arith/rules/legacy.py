"""Reading records of older versions of arithmetic Dobon (see games/dobon_arith/spec.md, Version History).

* Version 1 → 2: the turn seat's ``pass`` in a window it is no longer put in is skipped
  (:func:`legacy_v1_skips`, which needs the state).
* Version 2 → 3: a play of several cards, one action ``play S4 D4 H4`` before, is now made
  in steps, ``bottom S4``, ``stack D4``, ``top H4`` (:func:`legacy_actions`, which needs no
  state: every step's text says whether more cards follow).

* Version 3 → 4: a gaeshi chain asks every seat outside it, not only those whose hand reaches
  the top value (A5, C4).  Older records hold no entry for the others, who could only pass:
  :func:`legacy_settle` makes their passes after each entry.

A version-1 record replays on version 4 by skipping what :func:`legacy_v1_skips` says on the
state so far, then applying :func:`legacy_actions` of each other entry in order, then
:func:`legacy_settle`.
"""

from __future__ import annotations

from kakehiki.cards import SUITS, Card
from kakehiki.core import Event, Game
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.dobon_arith.rules.actions import WILD, ArithAction, Pass, Play, parse_action
from kakehiki.games.dobon_arith.rules.state import CHAIN, TURN, ArithState
from kakehiki.games.dobon_arith.rules.view import ArithView

CURRENT = 4


def legacy_actions(version: int, seat: int | None, text: str) -> list[str]:
    """The version-3 action texts that do what ``text``, an action of a version-``version``
    record by ``seat``, did: itself, or for a play of several cards its steps.

    >>> legacy_actions(2, 0, "play S4 D4 C4 H4")
    ['bottom S4', 'stack D4', 'stack C4', 'top H4']
    >>> legacy_actions(1, 0, "play H8 S8 suit=C"), legacy_actions(2, 1, "play s8 suit=h"), legacy_actions(2, 1, "draw")
    (['bottom H8', 'top S8 suit=C'], ['play S8 suit=H'], ['draw'])
    """
    if version in (3, CURRENT):
        return [text]
    if version not in (1, 2):
        raise NotationError(f"dobon-arith has no version {excerpt(repr(version))} (this build plays {CURRENT})")
    return [str(step) for step in _steps(parse_v2(text))]


def _steps(action: ArithAction) -> tuple[ArithAction, ...]:
    return action.steps() if isinstance(action, Play) else (action,)


def parse_v2(text: str) -> ArithAction:
    """An action text of versions 1 and 2: ``draw``, ``dobon``, ``pass`` or
    ``play CARD [CARD…] [suit=S|H|D|C]`` (bottom first; any order between the bottom and the
    top; 8s name a suit).  A play of several cards comes back as one whole :class:`Play`."""
    words = text.strip().split()
    if len(words) < 2 or words[0].lower() != "play":
        return parse_action(text)
    args = words[1:]
    suit = None
    if args[-1].lower().startswith("suit="):
        suit = args.pop()[5:].upper()
        if suit not in SUITS:
            raise NotationError(f"{excerpt(text)}: suit= names S, H, D or C")
    if not args:
        raise NotationError(f"{excerpt(text)}: no card to play")
    cards = tuple(Card.parse(a) for a in args)
    if (cards[0].rank == WILD) != (suit is not None):
        raise NotationError(f"{excerpt(text)}: a play of 8s names a suit, and only it")
    if len(set(cards)) != len(cards) or any(c.rank != cards[0].rank or c.is_joker for c in cards):
        raise NotationError(f"{excerpt(text)}: a play is of different cards of one number")
    return Play(cards, suit)


def legacy_v1_skips(state: ArithState, seat: int, action: ArithAction | str) -> bool:
    """Whether a version-1 record's ``action`` by ``seat`` is a no-op wait that version 2
    no longer has, to be skipped when replaying it on ``state`` (the current state so far).

    Version 1 put the turn seat first into the window when it and other seats could call,
    so it had to ``pass`` there before taking its turn.  Version 2 never puts the turn seat
    in a window: such a ``pass`` is the turn seat's, outside a chain, while other seats are
    still offered a call and its own hand reaches the top card it did not play.  The
    opening turn's ``pass`` (A2) is a real move: in version 1 it could come only once the
    window had closed, so it is never skipped.  (Records whose host took the other seats'
    declines before the turn seat's are not told apart; the driver and the CLI never did.)"""
    act = parse_v2(action) if isinstance(action, str) else action
    return (
        isinstance(act, Pass) and state.phase == TURN and seat == state.turn and bool(state.window)
        and state.top_owner != seat and state.field[-1].rank in state.reach[seat]
    )


def legacy_settle(game: Game[ArithState, ArithAction, ArithView], version: int,
                  state: ArithState) -> tuple[ArithState, tuple[Event, ...]]:
    """Before version 4 a seat whose hand could not answer a Dobon call was never asked: pass for it."""
    events: tuple[Event, ...] = ()
    while version < CURRENT and state.phase == CHAIN:
        idle = next((s for s in state.window if state.field[-1].rank not in state.reach[s]), None)
        if idle is None:
            break
        state, caused = game.apply(state, idle, Pass())
        events += caused
    return state, events
