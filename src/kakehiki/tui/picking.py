"""Cards picked from the hand, and the whole moves they make.

A person picks cards (arrows and space, or a click) and plays them with Enter as one whole
move.  Which legal moves a pick makes is read from the moves' own texts: the cards of the
hand a move names, as a multiset (two decks hold two of a card).  Several moves may use the
same cards (Million Doubt's face-up or face-down, Dobon-arith's order or named suit,
Dhumbal's stock or discard): they are all offered, the ones naming the cards in the order
they were picked first.  A pick that makes no legal move is still sent, written as the
game's usual move of those cards, so the table refuses it naming the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from rich.text import Text

from kakehiki.cards import Card
from kakehiki.cli.choices import Choice
from kakehiki.errors import NotationError
from kakehiki.manifest import find

SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_text(card: Card) -> str:
    """A card as a person reads it at a table: suit mark and rank (``♠10``, ``JK``)."""
    if card.is_joker:
        return "JK"
    return SUIT_MARKS[card.suit] + RANK_TEXT.get(card.rank, str(card.rank))


def card_label(card: Card) -> Text:
    """:func:`card_text`, red for hearts and diamonds."""
    style = "bold red" if card.suit in RED_SUITS else "bold magenta" if card.is_joker else "bold"
    return Text(card_text(card), style=style)


def named_cards(text: str) -> list[Card]:
    """The cards a move's text names, in the order written."""
    cards = []
    for word in text.split():
        try:
            cards.append(Card.parse(word))
        except NotationError:
            continue
    return cards


def hand_cards(text: str, hand: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` a move's text names (each copy at most as often as held)."""
    left = Counter(hand)
    used = []
    for card in named_cards(text):
        if left[card] > 0:
            left[card] -= 1
            used.append(card)
    return used


@lru_cache(maxsize=1 << 14)
def _used(text: str, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], frozenset[tuple[Card, int]]]:
    """:func:`hand_cards` and its multiset (cached: a list of thousands is read on every key)."""
    used = tuple(hand_cards(text, hand))
    return used, frozenset(Counter(used).items())


def moves_of(choices: Sequence[Choice], hand: Sequence[Card], picked: Sequence[Card]) -> list[Choice]:
    """The moves using exactly the ``picked`` cards of the hand, those naming them in the
    order picked first (none picked: the moves that use no card of the hand)."""
    wanted, held = frozenset(Counter(picked).items()), tuple(hand)
    found = [c for c in choices if _used(c.text, held)[1] == wanted]
    return sorted(found, key=lambda c: _used(c.text, held)[0] != tuple(picked))


def typed_move(game_id: str, picked: Sequence[Card]) -> str:
    """The usual move of ``picked`` in ``game_id``'s notation (for the table to judge)."""
    return _pick(game_id).format(cards=" ".join(map(str, picked)))


def _pick(game_id: str) -> str:
    """How a pick that makes no legal move is written (the manifest's ``pick``, ``play {cards}``
    unless the game says otherwise), so the table can say which rule refuses it."""
    manifest = find(game_id)
    return "play {cards}" if manifest is None else manifest.pick
