"""Typed input (``kakehiki.textin``) and the reasons a typed action is unreadable, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kakehiki import NotationError, get_game
from kakehiki.cli.main import build_app
from kakehiki.narrate.notation import notation_reason
from kakehiki.textin import normalise, typed

ENGLISH = re.compile(r"\b(names|expected|action|actions|jokers|per|only|one|with|then|time|not|game|or|e\.g|card)\b")
"""The English prose of the parsers' refusals (the notation's own words, play CARD, stay)."""


@pytest.mark.parametrize(("game_id", "line", "text"), [
    ("dobon", "ｐｌａｙ　Ｓ５", "play S5"),
    ("dobon", "ドボン　ｔｏｐ＝ｈ３", "dobon top=H3"),
    ("dobon", "引く", "draw"),
    ("dobon", "パス", "pass"),
    ("dobon-arith", "ドボン", "dobon"),
    ("dobon-arith", "下 s4、重ねる c4、上 h4", "bottom S4, stack C4, top H4"),
    ("doubt", "ダウト", "doubt"),
    ("doubt", "S5を出す", "play S5"),
    ("doubt", "足す h9, PLAY c2", "add H9, play C2"),
    ("dhumbal", "ショー", "show"),
    ("dhumbal", "山札を取る", "take stock"),
    ("dhumbal", "捨てる ｄｑ", "discard DQ"),
    ("million-doubt", "ショー S5、出す", "show S5, play"),
    ("million-doubt", "出す　＊２　革命", "play *2 revolution"),
    ("million-doubt", "伏せる c4", "hide C4"),
    ("million-doubt", "渡す jk、終わり", "give JK, done"),
])
def test_a_typed_line_becomes_the_games_action_text(game_id: str, line: str, text: str) -> None:
    assert normalise(line, game_id) == text
    for part in text.split(", "):
        assert str(get_game(game_id).parse_action(part)) == part


def test_a_bare_card_plays_it_only_where_one_legal_action_names_it() -> None:
    assert normalise("ｈ３", "dobon", ["play H3", "draw"]) == "play H3"
    assert normalise("H3", "dobon", ["play H3", "dobon top=H3", "draw"]) == "H3", "play or Dobon: ambiguous"
    assert normalise("S9", "dobon", ["play H3", "draw"]) == "S9", "not legal: left for the parser to refuse"
    assert normalise("c4", "million-doubt", ["hide C4", "hide D9", "undo"]) == "hide C4"
    assert normalise("c4, d9", "million-doubt", ["hide C4", "hide D9"]) == "C4, D9", "several: legal changes between"


def test_typed_reads_the_seats_legal_actions_and_leaves_long_text_alone() -> None:
    game = get_game("dobon")
    state = game.new(players=3, seed=3)
    seat = game.actors(state)[0]
    assert [str(a) for a in game.legal_actions(state, seat)] == ["play D7", "play C9", "draw"]
    assert typed(game, state, seat, "ｃ９") == "play C9"
    assert typed(game, state, seat, "ひく") == "draw"
    assert typed(game, state, seat, "ｘ" * 500) == "ｘ" * 500
    assert typed(game, state, 9, "パス") == "pass", "no seat 9: no legal actions, the table refuses it (C2)"


# -- refusals, with their reason in both languages -------------------------------------------------

UNREADABLE = [
    ("dobon-arith", "play D8", "8 を出すときは次のマークを指定します（例 play D8 suit=H）"),
    ("dobon-arith", "play S8 suit=X", "suit= には S、H、D、C のどれかを書きます"),
    ("dobon-arith", "stack S8 suit=H", "stack ではマークを指定しません"),
    ("dobon-arith", "play S5 suit=H", "マークを指定できるのは 8 を出すときだけです"),
    ("dobon-arith", "play S4 D4", "1 回の行動で出す札は 1 枚です。同じ数字を重ねるときは bottom S4, stack …, top D4"),
    ("dobon-arith", "play JK", "このゲームにジョーカーはありません"),
    ("dobon-arith", "bottom", "'bottom' はこのゲームの行動ではありません"),
    ("dobon", "play XX", "'XX' は札ではありません（マーク S/H/D/C に続けて数字"),
    ("dobon", "", "何も入力されていません"),
    ("doubt", "play S4 S5", "play で出す札は 1 枚です"),
    ("dhumbal", "discard S4 S5 take stock", "1 つの行動ではありません"),
    ("dhumbal", "discard JK", "このゲームにジョーカーはありません"),
    ("million-doubt", "play *1 hide C3", "'play *1 hide C3' は複数の行動です：'play *1'、次に 'hide C3'"),
    ("million-doubt", "play *0", "play、play *N、play *N revolution のどれかです（N は 1～53。"),
    ("million-doubt", "play *9 revolution", "革命は 4 枚なので *4 までです"),
]


@pytest.mark.parametrize(("game_id", "text", "japanese"), UNREADABLE)
def test_a_refusal_gives_its_reason_in_japanese_as_in_english(game_id: str, text: str, japanese: str) -> None:
    with pytest.raises(NotationError) as err:
        get_game(game_id).parse_action(text)
    english = str(err.value)
    assert notation_reason(english, lang="en") == english
    reason = notation_reason(english, lang="ja")
    assert reason is not None and japanese in reason, reason
    assert not ENGLISH.findall(re.sub(r"'[^']*'", "", reason)), reason


def test_an_unknown_refusal_has_no_japanese_reason() -> None:
    assert notation_reason("something else went wrong", lang="ja") is None


def run(*args: str, stdin: str) -> str:
    result = CliRunner().invoke(build_app(), list(args), input=stdin, env={"LANG": "C.UTF-8", "LC_ALL": None})
    return result.stdout


def test_play_d8_is_refused_with_the_same_reason_in_both_languages() -> None:
    args = ("play", "dobon-arith", "--seed", "5", "--players", "3")
    english = run(*args, "--lang", "en", stdin="play D8\nquit\n")
    japanese = run(*args, "--lang", "ja", stdin="ｐｌａｙ　ｄ８\nquit\n")
    assert "Not understood: 'play D8': a play of 8s names a suit, e.g. play D8 suit=H" in english
    assert "解釈できません：'play D8'：8 を出すときは次のマークを指定します（例 play D8 suit=H）" in japanese


def test_the_terminal_takes_japanese_words_and_full_width_text(tmp_path: Path) -> None:
    # Seed 1, three seats: the person deals and its first choice is draw alone.
    for lang, line, drew in (("en", "引く", "Seat 0 (you) draws 1 (turn): D5."),
                             ("ja", "ひく", "席0（あなた）が 1 枚引きました（手番）：D5。"),
                             ("ja", "ｄｒａｗ", "席0（あなた）が 1 枚引きました（手番）：D5。")):
        out = run("play", "dobon", "--seed", "1", "--players", "3", "--lang", lang, "--save",
                  str(tmp_path / "r.json"), stdin=f"{line}\nquit\n")
        assert drew in out and "解釈できません" not in out and "Not understood" not in out, out[-800:]
