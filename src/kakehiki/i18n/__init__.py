"""The one message catalog for every text a player reads.

Messages live in ``en.json`` and ``ja.json`` (flat objects, ``key -> template``),
plus each game's ``text/messages_<lang>.json``,
and are filled with :meth:`str.format` fields.  The language is an argument of
every call, never process-wide state, so one process can speak to an English and a
Japanese table at once::

    >>> t("result.rank", lang="ja", seat="席1", rank=2)
    '席1 2位'
    >>> t("result.rank", lang="en", seat="Seat 1", rank=2)
    'Seat 1 #2'

Card and action notation (``S4``, ``play S4``) is never translated.  Sentences
about games (views, events, refusals) are built by :mod:`kakehiki.narrate`;
:func:`detect_language` gives a front end its default from the locale.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Final

LANGUAGES: Final = ("en", "ja")
DEFAULT: Final = "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    """The messages of one language, loaded once from the package data.

    The shared messages are ``kakehiki/i18n/<lang>.json``; each game may add its
    own in ``text/messages_<lang>.json`` of its package (``kakehiki/games/<package>/text/``,
    keys prefixed with its id), so a new game never edits the shared files.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    merged = _load(files("kakehiki.i18n").joinpath(f"{lang}.json").read_text(encoding="utf-8"), f"{lang}.json")
    from kakehiki.manifest import manifests, text_folder

    for manifest in manifests():
        extra = text_folder(manifest).joinpath(f"messages_{lang}.json")
        if extra.is_file():
            name = f"{manifest.package}: text/messages_{lang}.json"
            for key, value in _load(extra.read_text(encoding="utf-8"), name).items():
                if key in merged:
                    raise ValueError(f"{name}: key {key!r} is already defined")
                merged[key] = value
    return merged


def _load(text: str, name: str) -> dict[str, str]:
    data = json.loads(text)
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"{name} must be an object of strings")
    return data


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """``ja`` when the locale names Japanese, else ``en``.

    The first non-empty of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` decides, as
    POSIX ranks them (``LANG=ja_JP.UTF-8`` gives ``ja``).
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else DEFAULT
    return DEFAULT


def check_language(lang: str) -> str:
    """``lang`` itself, or ``ValueError`` for a language without a catalog."""
    catalog(lang)
    return lang


def has(key: str) -> bool:
    return key in catalog(DEFAULT)


def t(key: str, /, *, lang: str, **fields: object) -> str:
    """The message ``key`` in ``lang``, with ``fields`` filled in.

    A key missing from ``lang`` falls back to English; a key missing everywhere is
    a programming error and raises ``KeyError`` (the tests check that both catalogs
    hold the same keys).
    """
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(DEFAULT)[key]
    text = template.format(**fields)
    return _ONE_CARDS.sub(r"\1 card", text) if lang == "en" and "1 cards" in text else text


_ONE_CARDS: Final = re.compile(r"(?<![\d.,])(1) cards\b")
"""English counts cards with a plural; one is "1 card" ("The field (1 card) leaves the game")."""


def t_or(key: str, fallback: str, /, *, lang: str, **fields: object) -> str:
    """Like :func:`t`, but ``fallback`` for keys a later game has not added yet (e.g. a new reason)."""
    return t(key, lang=lang, **fields) if has(key) else fallback


__all__ = ["DEFAULT", "LANGUAGES", "catalog", "check_language", "detect_language", "has", "t", "t_or"]
