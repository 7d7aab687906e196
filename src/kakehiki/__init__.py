"""kakehiki — the Japanese call-and-bluff card games: a pure rules core and thin adapters."""

from kakehiki.cards import CARDS, JOKER, Card, format_cards, parse_cards
from kakehiki.core import Action, Event, Game, Result, RoundResult
from kakehiki.errors import IllegalActionError, KakehikiError, NotationError, OptionError, RecordError
from kakehiki.registry import game_ids, get_game

__version__ = "0.1.0"

__all__ = [
    "CARDS", "JOKER", "Action", "Card", "Event", "Game", "IllegalActionError", "KakehikiError", "NotationError",
    "OptionError", "RecordError", "Result", "RoundResult", "format_cards", "game_ids", "get_game", "parse_cards",
]
