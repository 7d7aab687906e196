"""The threshold Dhumbal bot, and Dhumbal through the command line (sim, play, replay, rules)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner, Result

from kakehiki import get_game, parse_cards
from kakehiki.bots import RandomBot, make_bot
from kakehiki.cli.main import build_app
from kakehiki.driver import play_out
from kakehiki.games.dhumbal.bots.heuristic import ThresholdBot, best_discard, show_chance, unseen_values
from kakehiki.games.dhumbal.narrate import DhumbalNarrator
from kakehiki.record import load_record, replay
from transcript_dhumbal import assert_plays_its_plans, bot_turn, position

GAME = get_game("dhumbal")
APP = build_app()
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


def cli(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=stdin, env=NO_LOCALE)


def choice(hands: dict[int, str], up: str, *moves: str, stock: str = "") -> str:
    """The whole turn the bot plays here, asked at each step (``discard … take …``)."""
    _, _, state = position(hands, up, *moves, stock=stock)
    return bot_turn(ThresholdBot(), state)[0]


# -- the bot -------------------------------------------------------------------------------------


def test_threshold_bot_is_registered_and_is_the_normal_level() -> None:
    assert isinstance(make_bot("dhumbal", "threshold"), ThresholdBot)
    state = GAME.new(players=3, seed=2)
    bots = [make_bot("dhumbal", name) for name in ("threshold", "normal", "easy")]
    assert GAME.result(play_out(GAME, state, bots, seed=2).state) is not None


def test_threshold_bot_beats_random_bots() -> None:
    wins = 0.0
    for seed in range(20):
        state = GAME.new(players=4, seed=seed)
        playout = play_out(GAME, state, [ThresholdBot(), RandomBot(), RandomBot(), RandomBot()], seed=seed)
        result = GAME.result(playout.state)
        assert result is not None
        wins += (0 in result.winners) / len(result.winners)
    assert wins >= 18


def test_threshold_bot_sheds_its_highest_points() -> None:
    action = choice({0: "SK HQ D2 C3 H4", 1: "S5 H5 D7 C8 S9"}, "C9")
    assert action.split()[1] in ("SK", "HQ") and action.endswith("take stock")


def test_threshold_bot_discards_a_whole_run_or_set() -> None:
    assert choice({0: "S8 S9 S10 HA C2", 1: "H5 D5 C7 D8 H9"}, "C9") == "discard S8 S9 S10 take stock"
    assert choice({0: "SQ HQ DQ HA C2", 1: "H5 D5 C7 D8 H9"}, "C9") == "discard SQ HQ DQ take stock"


def test_threshold_bot_picks_up_what_completes_a_set() -> None:
    assert choice({0: "S9 H9 C3 D4 SK", 1: "S5 H5 D7 C8 D9"}, "CA", "0: discard SK, take stock",
                  "1: discard D9, take stock", stock="HK CK") == "discard HK take D9"


def test_threshold_bot_picks_up_what_completes_a_run() -> None:
    assert choice({0: "S4 S5 H9 DK C2", 1: "S6 H5 D7 C8 D9"}, "CA", "0: discard DK, take stock",
                  "1: discard S6, take stock", stock="HK CK") == "discard HK take S6"


def test_threshold_bot_plays_the_turn_it_planned_at_its_start() -> None:
    # Asked again after each card goes down, it goes on with the plan it made before the first.
    assert_plays_its_plans(ThresholdBot, players=3)


def test_show_chance_uses_what_it_has_seen() -> None:
    # Seat 0 is down to HA DA CA (3); the others hold 2 unknown cards each: a fair chance.
    hands = {0: "HA DA S8 S9 S10", 1: "H5 D5 C5 S5 C2", 2: "S4 H4 D4 C4 DQ"}
    moves = ("0: discard S8, discard S9, discard S10, take stock",
             "1: discard S5, discard H5, discard D5, discard C5, take stock",
             "2: discard S4, discard H4, discard D4, discard C4, take stock")
    view, legal, _ = position(hands, "H7", *moves, stock="CA HK SJ")
    chance = show_chance(view, unseen_values(view))
    assert 0.5 < chance < 1 and str(ThresholdBot().choose(view, legal, random.Random(0))) == "show"
    sure, _, _ = position(hands, "H7", moves[0], "1: discard S5, discard H5, discard D5, discard C5, take S8",
                          moves[2], stock="CA SJ")
    assert show_chance(sure, unseen_values(sure)) > chance  # seat 1 holds the known S8 and one card
    # Here seat 1 took SA from seat 0's run and shed everything else: its 1 point is public.
    low = {0: "SA S2 S3 HA DA", 1: "S4 S5 S6 S7 S8", 2: "H4 D4 C4 S9 DQ"}
    view3, legal3, _ = position(low, "H7", "0: discard SA, discard S2, discard S3, take stock",
                                "1: discard S4, discard S5, discard S6, discard S7, discard S8, take SA",
                                "2: discard H4, discard D4, discard C4, take stock", stock="CA SJ")
    assert [str(c) for c in view3.known[1]] == ["SA"] and view3.hand_sizes[1] == 1
    assert show_chance(view3, unseen_values(view3)) == 0
    assert "show" in map(str, legal3) and str(ThresholdBot().choose(view3, legal3, random.Random(0))) != "show"


def test_unseen_values_leave_out_every_seen_card() -> None:
    view, _, _ = position({0: "SA S2 S3 S4 S5", 1: "H5 D5 C5 S6 C2"}, "H7")
    values = unseen_values(view)
    assert abs(sum(values) - 1) < 1e-9
    # 52 - 5 (own hand) - 1 (turned up) = 46 unseen; of them 16 count 10 (no ten or face card seen).
    assert abs(values[10] - 16 / 46) < 1e-9 and abs(values[1] - 3 / 46) < 1e-9


def test_best_discard() -> None:
    assert best_discard(parse_cards("S4 S5 S6 HK CA")) == 15
    assert best_discard(parse_cards("S9 H9 D9 CK")) == 27
    assert best_discard(parse_cards("SA S2 CK")) == 10
    assert best_discard(parse_cards("SJ SQ SK")) == 30


# -- the command line ----------------------------------------------------------------------------


def test_sim_reports_rounds_and_is_reproducible() -> None:
    args = ("sim", "dhumbal", "--games", "15", "--seed", "1", "--bots", "threshold,random,random,random", "--json")
    first, again = cli(*args), cli(*args)
    assert first.exit_code == 0, first.output
    data, other = json.loads(first.stdout), json.loads(again.stdout)
    assert data["games"] == 15 and data["rounds"] > 15 and set(data["reasons"]) <= {"show", "show_back"}
    assert data["bots"]["threshold"]["wins"] > data["bots"]["random"]["wins"]
    drop = ("seconds", "games_per_s", "steps_per_s")
    assert {k: v for k, v in data.items() if k not in drop} == {k: v for k, v in other.items() if k not in drop}


PROMPTS = {"en": ("another card", "a run needs 3+", "now take"), "ja": ("さらに", "3枚以上", "を捨てました")}


def test_renderer_shows_the_cards_down_and_asks_for_the_next_step() -> None:
    # After S4 the set or the run may grow, or the turn may end; after S4 S5 the run must grow;
    # after CK only a take is left.  The other seat sees the cards down as well.
    hands, labels = {0: "S4 S5 S6 H4 CK", 1: "H5 D5 C5 S7 C2"}, ["You", "Bot"]
    for lang, words in PROMPTS.items():
        for moves, word in zip(("0: discard S4", "0: discard S4, discard S5", "0: discard CK"), words, strict=True):
            view, legal, state = position(hands, "H7", moves)
            down = moves.split()[-1]
            prompt = DhumbalNarrator(lang, 0).prompt(view, legal)
            assert word in prompt and down in prompt
            assert any(down in line for line in DhumbalNarrator(lang, 1).view(GAME.view(state, 1), labels))


def test_piped_play_saves_a_record_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    script = "discard XX take stock\nshow\n" + "1\n" * 3000
    result = cli("play", "dhumbal", "--seed", "4", "--players", "3", "--bots", "threshold",
                 "--save", str(save), "--lang", "en", stdin=script)
    assert result.exit_code == 0, result.output
    assert "Not understood" in result.stdout and "Result:" in result.stdout
    assert "Your hand:" in result.stdout and "SHOW!" in result.stdout
    record = load_record(save)
    assert record["game"] == "dhumbal" and len(record["actions"]) >= 1
    _, _, replayed = replay(record)
    assert replayed is not None and replayed.to_dict() == record["result"]
    check = cli("replay", str(save), "--lang", "en")
    assert check.exit_code == 0 and "replayed without error" in check.stdout


def test_play_never_prints_the_bots_hidden_cards(tmp_path: Path) -> None:
    result = cli("play", "dhumbal", "--seed", "6", "--players", "3", "--bots", "threshold",
                 "--save", str(tmp_path / "r.json"), "--lang", "en", stdin="")
    assert "Seat 1 (threshold) is dealt 5 cards." in result.stdout
    assert "Seat 1 (threshold) is dealt 5 cards:" not in result.stdout


def test_rules_in_both_languages() -> None:
    english, japanese = cli("rules", "dhumbal", "--lang", "en"), cli("rules", "dhumbal", "--lang", "ja")
    assert english.exit_code == japanese.exit_code == 0
    assert "Show" in english.stdout and "show_tie" in english.stdout and "D6" in english.stdout
    assert "ショウ返し" in japanese.stdout and "starter_rotation" in japanese.stdout
