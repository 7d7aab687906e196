"""A game's rules for the page: the player's text (``games/<g>/rules_<lang>.md``) as HTML.

The Markdown is the project's own, but it is rendered safely all the same: raw HTML in it is
shown as text, and links that are no web or mail links are not made (markdown-it's CommonMark
with tables, HTML off).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from markdown_it import MarkdownIt

from kakehiki.cli.rules import rules_text
from kakehiki.learn import learnable
from kakehiki.registry import UnknownGameError, get_game
from kakehiki.server.settings import RequestError

LANGS = ("en", "ja")


@cache
def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@cache
def rules_page(game_id: str, lang: str) -> dict[str, Any]:
    """The rules of ``game_id`` in ``lang`` (English if it is neither language), or a 404 :class:`RequestError`."""
    try:
        game = get_game(game_id)
    except UnknownGameError:
        raise RequestError("no_game", f"no game {game_id[:40]!r}", "game", status=404) from None
    lang = lang if lang in LANGS else "en"
    text = rules_text(game.id, lang)
    if text is None:
        raise RequestError("no_rules", f"{game.id} has no rules text", "game", status=404)
    return {"game": game.id, "lang": lang, "title": game.title(lang), "html": _renderer().render(text),
            "learn": game.id in learnable()}
