"""The command line's one language: chosen once per command, at the edge, and passed down.

A command runs in one language, so the command line keeps it here (``--lang``,
else the locale) and fills its own messages (help, errors, menus) through
:func:`t`.  Narration never reads it: the command hands :func:`language` to
:func:`kakehiki.narrate.narrator_for` and the other narration calls.
"""

from __future__ import annotations

from kakehiki import i18n

_language = i18n.DEFAULT


def set_language(lang: str) -> None:
    global _language
    _language = i18n.check_language(lang)


def language() -> str:
    return _language


def t(key: str, /, **fields: object) -> str:
    """The message ``key`` in the command's language."""
    return i18n.t(key, lang=_language, **fields)


def t_or(key: str, fallback: str, /, **fields: object) -> str:
    return i18n.t_or(key, fallback, lang=_language, **fields)
