"""What the games' whole-move texts share (``Game.parse_move``, ``Game.move_text``).

A whole move is one line of words: a verb, cards, a few key words.  These helpers split it,
read its cards naming the word that is wrong, and check that steps written back as text
read back as the same steps.

>>> words_of("play s5  S9 s10")
['play', 's5', 'S9', 's10']
>>> [str(c) for c in cards_of("play S5 H9", ["S5", "H9"], 2)]
['S5', 'H9']
>>> cards_of("play S5 X9", ["S5", "X9"], 2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kakehiki.errors.NotationError: word 3 of 'play S5 X9': not a card: 'X9' ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from kakehiki.cards import Card
from kakehiki.cards import card_of as any_card_of
from kakehiki.errors import NotationError, excerpt

MOST_WORDS = 64
"""No move has more words: a verb, at most 54 cards and a few key words.  Longer text is refused
before it is split, so a hostile line costs nothing."""


def words_of(text: object) -> list[str]:
    """The words of a move; :class:`NotationError` for no text, empty text or too many words."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    words = text.split(maxsplit=MOST_WORDS)
    if not words:
        raise NotationError("empty move: nothing to do")
    if len(words) > MOST_WORDS:
        raise NotationError(f"{excerpt(text)}: a move has at most {MOST_WORDS} words")
    return words


def cards_of(
    text: str, words: Sequence[str], first: int, read: Callable[[str], Card] = any_card_of
) -> tuple[Card, ...]:
    """``words`` as cards, read by ``read``; ``first`` is the first one's place in ``text``
    (1 for the first word), so an error names the word that is not a card."""
    cards = []
    for place, word in enumerate(words, start=first):
        try:
            cards.append(read(word))
        except NotationError as error:
            raise NotationError(f"word {place} of {excerpt(text)}: {error}") from None
    return tuple(cards)


def check_copies(text: str, cards: Sequence[Card], copies: Callable[[Card], int], why: str) -> None:
    """Refuse a card written more often than the game can hold it (``copies(card)``; ``why`` says why)."""
    for card, count in Counter(cards).items():
        most = copies(card)
        if count > most:
            times = "twice" if count == 2 else f"{count} times"
            raise NotationError(f"{excerpt(text)} names {card} {times}: {why} ({most} at most)")


def check_round_trip(parse: Callable[[str], tuple[Any, ...]], game: str, steps: Sequence[Any], text: str) -> str:
    """``text``, once ``parse`` reads it back as ``steps``; else :class:`NotationError`: they are
    no whole move of ``game``."""
    if parse(text) != tuple(steps):
        shown = ", ".join(str(s) for s in steps[:8]) + (", …" if len(steps) > 8 else "")
        raise NotationError(f"{excerpt(shown, 80)} is no whole {game} move in the order the game takes its steps")
    return text


__all__ = ["MOST_WORDS", "cards_of", "check_copies", "check_round_trip", "words_of"]
