"""The page's catalog (``static/i18n.js``, issue 30) and each game's own page words (``<id>.page.*`` in its
``text/messages_<lang>.json``, issue 31): English and Japanese have the same keys, every key is used by
the page's scripts (the shared ones and the games' ``page.js``) and every key they use is there; in a
real Chromium the Japanese page shows no English word (card codes, numbers, nicknames and a few names
excepted)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE, Person, english_words

STATIC = Path(__file__).resolve().parents[1] / "src" / "kakehiki" / "server" / "static"
GAMES = STATIC.parents[1] / "games"
KEY = re.compile(r'^\s*"([^"]+)":', re.MULTILINE)
USED = re.compile(r'\b(?:t|has)\(\s*"([a-z_]+(?:\.[a-z0-9_-]+)+|bot)"')
DYNAMIC: dict[str, str] = {
    "act.": 'the verb of an action: t("act." + verb), table.js',
    "call.": 'the call button: t("call." + verb), table.js',
    "word.": 'the words of a move: t("word." + word), compose.js',
    "bot.": 'a bot level: t("bot." + name), app.js and lobby.js',
    "error.": 'an error frame by its code: t("error." + code), app.js',
    "lobby.": 'a clock setting by its name: t("lobby." + name), lobby.js',
}
"""The keys the scripts build from data (prefix: where), and so never write out whole."""


def catalogs() -> tuple[list[str], list[str]]:
    text = (STATIC / "i18n.js").read_text()
    en = text[text.index("const EN = {"):text.index("const JA = {")]
    ja = text[text.index("const JA = {"):text.index("const TABLES")]
    return KEY.findall(en), KEY.findall(ja)


def scripts() -> str:
    return "\n".join(p.read_text() for p in sorted(STATIC.glob("*.js")) if p.name != "i18n.js")


def game_pages() -> dict[str, tuple[str, dict[str, dict[str, str]]]]:
    """Each game with a page.js: its code and its own page words by language (prefix dropped)."""
    from kakehiki.manifest import manifests
    from kakehiki.server.catalog import page_text

    found = {}
    for manifest in manifests():
        if manifest.page is not None:
            folder = Path(str(manifest.module().__file__)).parent
            words = {lang: page_text(manifest.id, lang) for lang in ("en", "ja")}
            found[manifest.id] = ((folder / manifest.page).read_text(), words)
    return found


def test_english_and_japanese_have_the_same_keys_once_each() -> None:
    en, ja = catalogs()
    assert len(en) == len(set(en)) and len(ja) == len(set(ja)), "a key written twice"
    assert set(en) == set(ja), f"only English: {sorted(set(en) - set(ja))}; only Japanese: {sorted(set(ja) - set(en))}"


def test_every_key_is_used_and_every_key_used_is_there() -> None:
    en, _ = catalogs()
    code = scripts() + "\n".join(page for page, _ in game_pages().values())
    for prefix, where in DYNAMIC.items():
        assert f'"{prefix}" +' in code, f"the prefix {prefix!r} ({where}) is no longer built"
    unused = [k for k in en if f'"{k}"' not in code and not any(k.startswith(p) for p in DYNAMIC)]
    assert unused == [], f"keys of the catalog no script uses: {unused}"
    # The shared scripts' keys are the catalog's, but one: each game's own "over.how" (app.js asks it of the game).
    missing = sorted({k for k in USED.findall(scripts()) if k not in en and k != "over.how"})
    assert missing == [], f"keys the scripts use that the catalog lacks: {missing}"


def test_each_games_page_words_are_in_both_languages_used_and_enough() -> None:
    """A game's page.js asks its own words first, then the page's: every key it uses is in one of them,
    every word of its own is used (``over.how`` by app.js, a built ``prefix.`` where the code builds it)."""
    en, _ = catalogs()
    pages = game_pages()
    assert len(pages) >= 5
    for game, (code, words) in pages.items():
        assert set(words["en"]) == set(words["ja"]), f"{game}: English and Japanese page words differ"
        japanese = all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", w) for w in words["ja"].values())
        assert japanese, f"{game}: English among its Japanese page words"
        missing = sorted({k for k in USED.findall(code) if k not in en and k not in words["en"]})
        assert missing == [], f"{game}: page.js uses words nobody has: {missing}"
        unused = [k for k in words["en"] if k != "over.how" and f'"{k}"' not in code
                  and not any(k.startswith(p) and f'"{p}" +' in code for p in ("info.status.",))]
        assert unused == [], f"{game}: page words its page.js never uses: {unused}"


# -- the Japanese page in a browser -------------------------------------------------------------------
def test_every_bot_has_a_name_in_words_as_the_server_narrates_it() -> None:
    """The page names bots with ``bot.*``; Japanese narration with the server's words: the same."""
    from kakehiki.bots import bot_names
    from kakehiki.registry import game_ids
    from kakehiki.server.settings import BOT_WORDS_JA

    text = (STATIC / "i18n.js").read_text()
    ja = dict(re.findall(r'^\s*"bot\.([a-z-]+)": "([^"]+)"', text[text.index("const JA = {"):], re.MULTILINE))
    assert ja == dict(BOT_WORDS_JA)
    assert {n for g in game_ids() for n in bot_names(g)} <= set(ja)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("uvicorn")
    from serving import LiveServer

    live = LiveServer(str(tmp_path_factory.mktemp("catalog") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


def test_the_japanese_lobby_and_a_japanese_table_show_no_english(browser: Any, server: Any) -> None:
    from browser import make_room

    aki = Person(browser, server.base, "ja-JP", PHONE)
    aki.open("/")
    aki.page.wait_for_selector("#create")
    from kakehiki.registry import game_ids

    for game in game_ids():
        aki.page.select_option('select[name="game"]', game)
        aki.page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        found = english_words(aki)
        assert found == [], f"the lobby of {game}: {found}"
    for game in game_ids():
        make_room(aki, game, 3, {1: "normal", 2: "hard"}, {}, {"reaction": "0.2", "pace": "0.05"}, "Ann")
        assert english_words(aki) == [], f"the waiting room of {game}"
        aki.page.click("#start")
        aki.page.wait_for_selector("#hand")
        aki.page.wait_for_selector("#log-list li")
        found = english_words(aki)
        assert found == [], f"the table of {game}: {found}"
    assert aki.errors == []
    aki.close()
