"""Million Doubt's whole moves as one line each (games/million_doubt/spec.md, Whole moves).

A play is made card by card (``show``…, ``play`` or ``play *N``, ``hide``…); a person says it
at once.  ``play S5 H5`` shows both and plays them face up; ``play S5 down C4 D9`` shows S5 and
lays C4 and D9 face down; ``play down C4 C5 C6 C7 revolution`` lays four face down declaring a
revolution.  Cards may be written in any order: the steps take them in hand order.  The winner
of a doubt hands field cards over one by one: ``give S3 D4 done`` gives two and sends the rest
out of the game; ``give S3 D4`` gives the whole field (the last ``give`` ends it).  Every
single action's text is a move of one step.

>>> [str(a) for a in parse_move("play H5 S5 down D9 C4")]
['show S5', 'show H5', 'play *2', 'hide C4', 'hide D9']
>>> [str(a) for a in parse_move("give D4 S3 done")]
['give D4', 'give S3', 'done']
>>> move_text(parse_move("play down C7 C4 C5 C6 revolution"))
'play down C4 C5 C6 C7 revolution'
"""

from __future__ import annotations

from collections.abc import Sequence

from kakehiki.cards import Card
from kakehiki.errors import NotationError, excerpt
from kakehiki.games.million_doubt.rules.actions import (
    DONE,
    GIVE,
    HIDE,
    MOST_HIDDEN,
    PLAY,
    SHOW,
    Done,
    Give,
    Hide,
    MillionDoubtAction,
    Play,
    Show,
    Undo,
    claim_of,
    parse_action,
)
from kakehiki.games.million_doubt.rules.plays import REVOLUTION_SIZE, sort_cards
from kakehiki.games.million_doubt.rules.state import MillionDoubtState
from kakehiki.moves import cards_of, check_copies, check_round_trip, words_of

GAME, DOWN, REVOLUTION, DONE_WORD = "million-doubt", "down", "revolution", "done"
_ONE_DECK = "one deck with two jokers"


def parse_move(text: str) -> tuple[MillionDoubtAction, ...]:
    """A whole play or a whole giving as its steps; any other text as the one action it is."""
    words = words_of(text)
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and args and not args[0].startswith("*"):
        return _play(text, args)
    if verb == "give" and (len(args) > 1 or [a.lower() for a in args] == [DONE_WORD]):
        return _giving(text, args)
    return (parse_action(text),)


def _play(text: str, args: list[str]) -> tuple[MillionDoubtAction, ...]:
    lowered = [a.lower() for a in args]
    if REVOLUTION in lowered[:-1]:
        raise NotationError(f"{excerpt(text)}: revolution comes last, after the face-down cards")
    revolution = lowered[-1] == REVOLUTION
    if revolution:
        args, lowered = args[:-1], lowered[:-1]
    if lowered.count(DOWN) > 1:
        raise NotationError(f"{excerpt(text)}: write down once, before the face-down cards")
    split = lowered.index(DOWN) if DOWN in lowered else len(args)
    up = cards_of(text, args[:split], 2)
    down = cards_of(text, args[split + 1:], split + 3)
    if split < len(args) and not down:
        raise NotationError(f"{excerpt(text)}: name the face-down cards after down")
    if revolution and not down:
        raise NotationError(f"{excerpt(text)}: only a play with face-down cards declares a revolution "
                            "(play … down CARD… revolution)")
    if revolution and len(down) > REVOLUTION_SIZE:
        raise NotationError(f"{excerpt(text)}: a revolution is four cards, so at most {REVOLUTION_SIZE} face down")
    if len(down) > MOST_HIDDEN:
        raise NotationError(f"{excerpt(text)}: at most {MOST_HIDDEN} cards face down")
    check_copies(text, (*up, *down), _copies, _ONE_DECK)
    shows = tuple(SHOW[c] for c in sort_cards(up))
    if not down:
        return (*shows, PLAY)
    return (*shows, claim_of(len(down), revolution), *(HIDE[c] for c in sort_cards(down)))


def _giving(text: str, args: list[str]) -> tuple[MillionDoubtAction, ...]:
    if DONE_WORD in (a.lower() for a in args[:-1]):
        raise NotationError(f"{excerpt(text)}: done ends the giving: nothing follows it")
    done = args[-1].lower() == DONE_WORD
    cards = cards_of(text, args[:-1] if done else args, 2)
    if not cards:
        raise NotationError(f"{excerpt(text)}: give at least one card before done")
    check_copies(text, cards, _copies, _ONE_DECK)
    return (*(GIVE[c] for c in cards), *((DONE,) if done else ()))


def _copies(card: Card) -> int:
    return 2 if card.is_joker else 1


def move_text(steps: Sequence[MillionDoubtAction]) -> str:
    """The text :func:`parse_move` reads back as ``steps``; :class:`NotationError` if they are no move."""
    if len(steps) == 1:
        return str(steps[0])
    if steps and isinstance(steps[0], Give):
        cards = [s.card for s in steps if isinstance(s, Give)]
        done = " done" if isinstance(steps[-1], Done) else ""
        return check_round_trip(parse_move, GAME, steps, "give " + " ".join(map(str, cards)) + done)
    up = [s.card for s in steps if isinstance(s, Show)]
    down = [s.card for s in steps if isinstance(s, Hide)]
    claim = next((s for s in steps if isinstance(s, Play)), PLAY)
    words = ["play", *map(str, up), *([DOWN, *map(str, down)] if down else [])]
    return check_round_trip(parse_move, GAME, steps, " ".join(words + ([REVOLUTION] if claim.revolution else [])))


def continues(state: MillionDoubtState, action: MillionDoubtAction) -> bool:
    """Whether the seat goes on with the same move after ``action``: a card shown, a claim with cards
    still to name, a face-down card but the last, a take-back, or a field card given with more
    left; never a step that ends the game at ``max_steps`` (C7: every action counts)."""
    if state.steps + 1 >= state.options.max_steps:
        return False
    match action:
        case Show() | Undo():
            return True
        case Play():
            return action.hidden > 0
        case Hide():
            claim = state.claim
            return claim is not None and len(state.hiding) + 1 < claim.hidden
        case Give():
            return len(state.pool) > 1
        case _:
            return False


__all__ = ["continues", "move_text", "parse_move"]
