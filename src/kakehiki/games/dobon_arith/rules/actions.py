"""Arithmetic Dobon actions, their one text form each, and the numbered action space.

A play of one card is one action: ``play S4`` (``play S8 suit=H`` for an 8, which names
the suit to follow, A6).  A play of several cards of one number (A2) is one act made in
steps by the turn seat, each naming one card: ``bottom S4`` lays the card that must be
legal on the field, ``stack D4`` adds a card between the bottom and the top (zero or more,
in card order: S, H, D, C), and ``top H4`` lays the last card, which ends on top and
finishes the play (``top H8 suit=C`` for 8s).  Every text says whether more cards follow,
so each play has exactly one spelling and an older record's play converts without its
state (:mod:`kakehiki.games.dobon_arith.rules.legacy`).

:class:`Play` also describes a whole play of several cards (the log, the ``Played``
event, bots' plans): :meth:`Play.steps` gives the actions that make it.

>>> [str(parse_action(t)) for t in ("play s4", "bottom s4", "STACK d4", "top h4", "top c8 suit=d", "dobon")]
['play S4', 'bottom S4', 'stack D4', 'top H4', 'top C8 suit=D', 'dobon']
>>> from kakehiki.cards import parse_cards
>>> [str(a) for a in Play(parse_cards("S4 D4 C4 H4")).steps()]
['bottom S4', 'stack D4', 'stack C4', 'top H4']
>>> len(ACTIONS)
235
"""

from __future__ import annotations

from dataclasses import dataclass

from kakehiki.cards import CARD_ORDER, CARDS, STANDARD_DECK, SUITS, Card
from kakehiki.core import Action
from kakehiki.errors import NotationError, excerpt

# ``draw`` and ``pass`` are the sister game's actions (one value each, A2, A6, C4).
from kakehiki.games.dobon.rules.actions import DRAW as DRAW
from kakehiki.games.dobon.rules.actions import PASS as PASS
from kakehiki.games.dobon.rules.actions import Draw as Draw
from kakehiki.games.dobon.rules.actions import Pass as Pass

SKIP, DRAW_TWO, WILD, REVERSE, REVEAL = 1, 2, 8, 9, 13  # the numbers with powers (A6); 8 is always legal


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``cards`` (bottom first, all of one number); ``suit`` is named by a play of 8s.

    As an action it holds one card: ``play S4``.  A play of several cards is made with
    :meth:`steps` (``bottom``, ``stack``…, ``top``); the log and events describe it whole."""

    cards: tuple[Card, ...]
    suit: str | None = None

    def __post_init__(self) -> None:
        if len(self.cards) > 3:  # the cards between the bottom and the top go in card order: one form each
            middle = sorted(self.cards[1:-1], key=CARD_ORDER)
            object.__setattr__(self, "cards", (self.cards[0], *middle, self.cards[-1]))

    @property
    def rank(self) -> int:
        return self.cards[0].rank

    def steps(self) -> tuple[ArithAction, ...]:
        """The actions that make this play, in order."""
        cards = self.cards
        if len(cards) == 1:
            return (self,)
        return (BOTTOM_OF[cards[0].index], *(STACK_OF[c.index] for c in cards[1:-1]), top_of(cards[-1], self.suit))

    def __str__(self) -> str:
        named = "" if self.suit is None else f" suit={self.suit}"
        return "play " + " ".join(str(c) for c in self.cards) + named


@dataclass(frozen=True, slots=True)
class Bottom(Action):
    """Begin a play of several cards with ``card``, which must be legal on the field (A2)."""

    card: Card

    def __str__(self) -> str:
        return f"bottom {self.card}"


@dataclass(frozen=True, slots=True)
class Stack(Action):
    """Stack ``card`` on the play begun, with at least one more card to come (A2)."""

    card: Card

    def __str__(self) -> str:
        return f"stack {self.card}"


@dataclass(frozen=True, slots=True)
class Top(Action):
    """Lay ``card`` on top of the play begun and finish it; 8s name ``suit`` (A2, A6)."""

    card: Card
    suit: str | None = None

    def __str__(self) -> str:
        return f"top {self.card}" + ("" if self.suit is None else f" suit={self.suit}")


@dataclass(frozen=True, slots=True)
class Dobon(Action):
    """Call Dobon on the top card (A3): the hand is shown; the engine finds the expression."""

    def __str__(self) -> str:
        return "dobon"


ArithAction = Play | Bottom | Stack | Top | Draw | Dobon | Pass

DOBON = Dobon()
_BARE: dict[str, ArithAction] = {"draw": DRAW, "dobon": DOBON, "pass": PASS}

# One shared object per form; an 8's play and top once per named suit.
PLAY_OF = tuple(Play((c,)) for c in CARDS)
PLAY8_OF = {(c.index, s): Play((c,), s) for c in CARDS if c.rank == WILD for s in SUITS}
BOTTOM_OF = tuple(Bottom(c) for c in CARDS)
STACK_OF = tuple(Stack(c) for c in CARDS)
TOP_OF = tuple(Top(c) for c in CARDS)
TOP8_OF = {(c.index, s): Top(c, s) for c in CARDS if c.rank == WILD for s in SUITS}


# A card's forms of the suit-naming actions, by card: one, or one per suit (S, H, D, C) for an 8.
PLAYS_BY_CARD: tuple[tuple[Play, ...], ...] = tuple(
    tuple(PLAY8_OF[c.index, s] for s in SUITS) if c.rank == WILD else (PLAY_OF[c.index],) for c in CARDS)
TOPS_BY_CARD: tuple[tuple[Top, ...], ...] = tuple(
    tuple(TOP8_OF[c.index, s] for s in SUITS) if c.rank == WILD else (TOP_OF[c.index],) for c in CARDS)


def top_of(card: Card, suit: str | None) -> Top:
    return TOP_OF[card.index] if suit is None else TOP8_OF[card.index, suit]

ACTIONS: tuple[ArithAction, ...] = (
    *(a for c in STANDARD_DECK for a in PLAYS_BY_CARD[c.index]),
    *(BOTTOM_OF[c.index] for c in STANDARD_DECK),
    *(STACK_OF[c.index] for c in STANDARD_DECK),
    *(a for c in STANDARD_DECK for a in TOPS_BY_CARD[c.index]),
    DRAW, DOBON, PASS,
)
"""Every action in index order (the same for every table and option set): see games/dobon_arith/spec.md."""

USAGE = "expected play CARD [suit=S|H|D|C], bottom CARD, stack CARD, top CARD [suit=…], draw, dobon, pass"


def parse_action(text: str) -> ArithAction:
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty action ({USAGE})")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    if verb in ("play", "bottom", "stack", "top") and args:
        return _parse_card_action(text, verb, args)
    raise NotationError(f"not a Dobon (arithmetic) action: {excerpt(text)} ({USAGE})")


def _parse_card_action(text: str, verb: str, args: list[str]) -> ArithAction:
    suit = None
    if args[-1].lower().startswith("suit="):
        suit = args.pop()[5:].upper()
        if suit not in SUITS:
            raise NotationError(f"{excerpt(text)}: suit= names S, H, D or C")
    if len(args) != 1:
        if verb == "play" and len(args) > 1:
            raise NotationError(
                f"{excerpt(text)}: one card per action; stack several cards of one number with "
                f"bottom {args[0].upper()}, stack …, top {args[-1].upper()}")
        raise NotationError(f"{excerpt(text)}: {verb} names one card ({USAGE})")
    card = Card.parse(args[0])
    if card.is_joker:
        raise NotationError(f"{excerpt(text)}: there are no jokers in this game")
    names_suit = verb in ("play", "top") and card.rank == WILD
    if names_suit and suit is None:
        raise NotationError(f"{excerpt(text)}: a play of 8s names a suit, e.g. {verb} {card} suit=H")
    if not names_suit and suit is not None:
        if verb in ("bottom", "stack"):
            raise NotationError(f"{excerpt(text)}: {verb} names no suit; a play of 8s names it with its top card")
        raise NotationError(f"{excerpt(text)}: only a play of 8s names a suit")
    if verb == "play":
        return PLAY_OF[card.index] if suit is None else PLAY8_OF[card.index, suit]
    if verb == "top":
        return top_of(card, suit)
    return (BOTTOM_OF if verb == "bottom" else STACK_OF)[card.index]
