"""A line a person typed, made ready for a game's parser (the terminal and the server both use it).

People type on Japanese keyboards: full-width letters and digits (``ｐｌａｙ　Ｓ５``), ``＊``,
``、`` between several actions, and the words of the table (ドボン, パス, 引く …).
:func:`normalise` turns such a line into the game's action text:

* Unicode NFKC (full width to ASCII), ``、`` to ``,`` and runs of spaces to one;
* each game's Japanese words to its verbs (:data:`WORDS`), a verb typed after its card
  (``S5を出す``) put first, the particle を dropped;
* verbs in lower case and cards as they print (``s5`` → ``S5``);
* a bare card (``S5``) to the one legal action that names it, where there is exactly one.

>>> normalise("ｐｌａｙ　ｓ５", "dobon")
'play S5'
>>> normalise("ドボン", "dobon-arith")
'dobon'
>>> normalise("S5を出す", "doubt")
'play S5'
>>> normalise("ショー S5、プレイ", "million-doubt")
'show S5, play'
>>> normalise("h3", "dobon", ["play H3", "draw"])
'play H3'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final

from kakehiki.cards import Card
from kakehiki.core import Game
from kakehiki.errors import KakehikiError, NotationError
from kakehiki.manifest import ByGame

COMMON: Final[Mapping[str, str]] = {
    "パス": "pass", "ぱす": "pass", "出す": "play", "だす": "play", "プレイ": "play", "ぷれい": "play",
}
WORDS: Final[Mapping[str, Mapping[str, str]]] = ByGame(
    lambda m: {**(COMMON if m.common_words else {}), **m.words}
)
"""Each game's Japanese words for its verbs (games/<package>/spec.md lists the verbs), longest matched first:
its manifest's ``words``, with the common ones unless it says otherwise."""

ARGUMENTS: Final = frozenset({"stock", "revolution"})
"""Words of the tables that follow a verb rather than being one (``take stock``, ``play *4 revolution``)."""
PARTICLES: Final = re.compile(r"\s*を\s*")


def normalise(line: str, game_id: str, legal: Sequence[str] = ()) -> str:
    """``line`` as ``game_id``'s action text, several actions joined by ``", "``.  ``legal``: the
    seat's legal action texts, for a bare card (only when the line holds one action)."""
    texts = _texts(line, WORDS.get(game_id, COMMON))
    if len(texts) == 1:
        return _bare_card(texts[0], legal)
    return ", ".join(texts)


_TEXTS: dict[tuple[str, int], tuple[Mapping[str, str], tuple[str, ...]]] = {}
TEXTS_KEPT: Final = 4096
"""Lines already read, by the game's words (a host reads the same few lines over and over)."""


def _texts(line: str, words: Mapping[str, str]) -> tuple[str, ...]:
    """``line``'s actions in the notation, each read once per game's words and remembered
    (the words are kept beside it, so their identity cannot be reused while remembered)."""
    key = (line, id(words))
    hit = _TEXTS.get(key)
    if hit is not None and hit[0] is words:
        return hit[1]
    parts = [p for p in unicodedata.normalize("NFKC", line).replace("、", ",").split(",") if p.strip()]
    texts = tuple(_one(part, words) for part in parts)
    if len(_TEXTS) >= TEXTS_KEPT:
        _TEXTS.clear()
    _TEXTS[key] = (words, texts)
    return texts


def _one(part: str, words: Mapping[str, str]) -> str:
    longest_first, verbs = _lookup(tuple(words.items()))
    for word, verb in longest_first:
        if word in part:
            part = part.replace(word, f" {verb} ")
    tokens = [_canonical(token) for token in PARTICLES.sub(" ", part).split()]
    if len(tokens) > 1 and tokens[-1] in verbs and tokens[0] not in verbs:  # "S5 play": the verb comes last
        tokens = [tokens[-1], *tokens[:-1]]
    return " ".join(tokens)


@functools.cache
def _lookup(words: tuple[tuple[str, str], ...]) -> tuple[tuple[tuple[str, str], ...], frozenset[str]]:
    """A game's words longest first, and its verbs (worked out once per game)."""
    return tuple(sorted(words, key=lambda item: len(item[0]), reverse=True)), frozenset(v for _, v in words) - ARGUMENTS


def _canonical(token: str) -> str:
    """A card as it prints (``s5`` → ``S5``), ``key=card`` likewise; any other word in lower case."""
    key, sep, value = token.rpartition("=")
    try:
        card = Card.parse(value)
    except NotationError:
        return token.lower()
    return f"{key.lower()}{sep}{card}" if sep else str(card)


def _bare_card(text: str, legal: Sequence[str]) -> str:
    """A lone card: the one legal action naming it (``play S5``), if only one does."""
    if " " in text or not legal:
        return text
    naming = [action for action in legal if action.split()[-1].rpartition("=")[2] == text and " " in action]
    return naming[0] if len(naming) == 1 else text


MAX_TYPED: Final = 200
"""Longer text is no line a person typed: it goes to the parser as it came (and is refused there)."""


def typed(game: Game[Any, Any, Any], state: Any, seat: int, text: str) -> str:
    """What a person typed at ``seat`` of a game in ``state``, normalised with the seat's legal
    actions (a host's entry point: the server's ``act``)."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        return text
    line = normalise(text, game.id)
    if " " in line:  # not a bare card: the seat's legal actions are not needed (and not worked out)
        return line
    try:
        legal = [str(action) for action in game.legal_actions(state, seat)]
    except KakehikiError:  # not a seat of this game: the table refuses it, naming C2
        legal = []
    return _bare_card(line, legal)
