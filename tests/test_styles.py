"""The gauntlet's style bots (issue 19): each plays whole games legally and does what its name says.

Every decision a style makes in a few whole games is written down (its view, what it was
offered, what it chose) and read back against the style's one rule."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from kakehiki import get_game
from kakehiki.bots import Bot, bot_names, make_bot
from kakehiki.bots.styles import GAUNTLET
from kakehiki.cards import CARD_ORDER
from kakehiki.core import Action
from kakehiki.driver import play_out
from kakehiki.games.dhumbal.rules.actions import Discard
from kakehiki.games.dhumbal.rules.melds import POINTS
from kakehiki.games.dobon.rules.actions import Play as DobonPlay
from kakehiki.games.dobon_arith.rules.actions import Bottom
from kakehiki.games.dobon_arith.rules.actions import Play as ArithPlay
from kakehiki.games.doubt.rules.actions import Add
from kakehiki.games.doubt.rules.actions import Play as DoubtPlay
from transcript_million_doubt import GAME as MILLION_DOUBT
from transcript_million_doubt import decision, play, position, view

Decision = tuple[Any, tuple[Action, ...], Action]  # a view, what was offered, what was chosen


@dataclass
class Recorder:
    """Plays ``bot`` and writes down every decision: (view, offered, chosen)."""

    bot: Bot
    seen: list[Decision] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.bot.name)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        action: Action = self.bot.choose(view, legal, rng)
        assert action in legal, f"{self.name} chose {action}, not offered"
        self.seen.append((view, tuple(legal), action))
        return action


def first_rank(action: Action) -> int:
    """The rank of the (first) card a Dobon play, or a Dobon-arith play or bottom card, puts down."""
    if isinstance(action, ArithPlay):
        return action.cards[0].rank
    assert isinstance(action, DobonPlay | Bottom), action
    return action.card.rank


def decisions(game_id: str, style: str, games: int = 2, players: int = 2) -> list[Decision]:
    """Every decision ``style`` made at seat 0 in ``games`` whole games against ``normal``s."""
    game = get_game(game_id)
    seen: list[Decision] = []
    for seed in range(games):
        recorder = Recorder(make_bot(game_id, style))
        bots: list[Bot] = [recorder, *(make_bot(game_id, "normal") for _ in range(players - 1))]
        final = play_out(game, game.new(players=players, seed=seed), bots, seed=seed).state
        assert game.result(final) is not None
        seen += recorder.seen
    return seen


def texts(seen: list[Decision]) -> set[str]:
    return {str(a).split()[0] for _, _, a in seen}


@pytest.mark.parametrize(("game_id", "style"), [(g, s) for g, styles in GAUNTLET.items() for s in styles])
def test_every_style_is_registered_and_plays_whole_games_legally(game_id: str, style: str) -> None:
    assert style in bot_names(game_id)
    assert decisions(game_id, style, games=1)


def test_the_lobby_offers_the_styles_and_accepts_them_at_a_seat() -> None:
    from kakehiki.server.catalog import games_catalog
    from kakehiki.server.settings import check_bot

    offered = {g["id"]: set(g["bots"]) for g in games_catalog()["games"]}
    for game_id, styles in GAUNTLET.items():
        assert set(styles) <= offered[game_id]
        assert check_bot(game_id, styles[0], "bots.1") == styles[0]


# -- Doubt ---------------------------------------------------------------------------------------


def test_doubt_doubters_doubt_all_none_or_about_half() -> None:
    def answers(style: str) -> set[str]:
        return {str(a) for v, _, a in decisions("doubt", style, games=1) if v.phase == "doubt"}

    assert answers("doubt-all") == {"doubt"}
    assert answers("doubt-never") == {"pass"}
    assert answers("doubt-half") == {"doubt", "pass"}


def test_doubt_liar_plays_a_card_of_another_rank_whenever_it_holds_one() -> None:
    plays = [(v, a) for v, _, a in decisions("doubt", "lie", games=1) if v.phase != "doubt"]
    can_lie = [(v, a) for v, a in plays if any(c.rank != v.rank and not c.is_joker for c in v.hand)]
    assert can_lie
    assert all(isinstance(a, DoubtPlay) and a.card.rank != v.rank for v, a in can_lie)


def test_doubt_truth_teller_plays_the_claimed_rank_whenever_it_holds_it() -> None:
    plays = [(v, a) for v, _, a in decisions("doubt", "truth") if v.phase != "doubt" and not v.picked]
    can_tell = [(v, a) for v, a in plays if any(c.rank == v.rank or c.is_joker for c in v.hand)]
    assert can_tell
    assert all(isinstance(a, DoubtPlay | Add) and (a.card.rank == v.rank or a.card.is_joker) for v, a in can_tell)


def test_doubt_lowest_plays_its_lowest_card_alone_and_never_doubts() -> None:
    seen = decisions("doubt", "lowest")
    assert {str(a) for v, _, a in seen if v.phase == "doubt"} <= {"pass"}
    plays = [(v, a) for v, _, a in seen if v.phase != "doubt"]
    assert plays and all(isinstance(a, DoubtPlay) and a.card == min(v.hand, key=CARD_ORDER) for v, a in plays)


# -- Million Doubt -------------------------------------------------------------------------------


def test_million_doubt_doubters_doubt_every_face_down_play_none_or_about_half() -> None:
    def answers(style: str, games: int = 2, players: int = 2) -> list[str]:
        seen = decisions("million-doubt", style, games=games, players=players)
        return [str(a) for v, _, a in seen if v.phase == "doubt" and v.field[-1].down]

    assert set(answers("doubt-all")) == {"doubt"}
    assert set(answers("doubt-never")) == {"pass"}
    # Enough face-down plays to doubt (three opponents) that a coin thrown at each shows both sides.
    half = answers("doubt-half", games=6, players=4)
    assert len(half) >= 10 and set(half) == {"doubt", "pass"}


def test_million_doubt_all_down_never_shows_a_card_and_no_down_never_hides_one() -> None:
    all_down = decisions("million-doubt", "all-down")
    assert "show" not in texts(all_down) and "hide" in texts(all_down)
    no_down = decisions("million-doubt", "no-down")
    assert "show" in texts(no_down) and "hide" not in texts(no_down)


def test_million_doubt_liar_hides_cards_that_make_its_claim_false() -> None:
    # A single 9 binds the field: seat 0 could beat it with its king, but lays one card face down
    # and names a card that cannot beat a 9.
    state = position({0: "S3 S4 SK", 1: "C4 C5 C6"}, field=[(1, "S9")])
    liar = make_bot("million-doubt", "lie")

    def choose(state: Any, seat: int) -> Action:
        return liar.choose(view(state, seat), MILLION_DOUBT.legal_actions(state, seat), random.Random(0))

    assert decision(choose, state, 0) == "play *1"
    announced = play(state, "0: play *1")
    assert decision(choose, announced, 0) == "hide S3"


def test_million_doubt_truth_teller_hides_a_card_that_makes_its_claim_true() -> None:
    state = position({0: "S3 S4 SK", 1: "C4 C5 C6"}, field=[(1, "S9")])
    announced = play(state, "0: play *1")
    truth = make_bot("million-doubt", "truth")
    hidden = truth.choose(view(announced, 0), MILLION_DOUBT.legal_actions(announced, 0), random.Random(0))
    assert str(hidden) == "hide SK"


def test_million_doubt_lowest_lays_its_weakest_honest_play() -> None:
    state = position({0: "D9 S4 SK", 1: "C4 C5 C6"}, field=[(1, "S3")])
    lowest = make_bot("million-doubt", "lowest")
    assert decision(lambda s, seat: lowest.choose(view(s, seat), MILLION_DOUBT.legal_actions(s, seat),
                                                  random.Random(0)), state, 0) == "play S4"


# -- Dobon, Dobon-arith --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["dobon", "dobon-arith"])
def test_dobon_caller_calls_whenever_it_may(game_id: str) -> None:
    seen = decisions(game_id, "caller", games=20, players=4)
    offered = [(v, a) for v, legal, a in seen if any(str(x).startswith("dobon") for x in legal)
               and v.top_owner != v.seat]
    assert offered and all(str(a).startswith("dobon") for _, a in offered)


@pytest.mark.parametrize("game_id", ["dobon", "dobon-arith"])
def test_dobon_shed_high_plays_its_highest_card_and_never_out_of_turn(game_id: str) -> None:
    seen = decisions(game_id, "shed-high", games=2, players=3)
    plays = [(legal, a) for _, legal, a in seen if str(a).split()[0] in ("play", "bottom")]
    assert plays
    for legal, a in plays:
        offered = [first_rank(x) for x in legal if str(x).split()[0] in ("play", "bottom")]
        mine = first_rank(a)
        assert mine == max(offered)
    assert not [a for _, legal, a in seen if "pass" in map(str, legal) and str(a).startswith("play")
                and "draw" not in map(str, legal)]


def test_dobon_no_interrupt_never_plays_out_of_turn() -> None:
    seen = decisions("dobon", "no-interrupt", games=4, players=4)
    out_of_turn = [a for v, legal, a in seen if "pass" in map(str, legal)]
    assert out_of_turn and not [a for a in out_of_turn if str(a).startswith("play")]


def test_dobon_arith_no_interrupt_never_counters_a_dobon() -> None:
    seen = decisions("dobon-arith", "no-interrupt", games=4, players=4)
    assert not [a for v, _, a in seen if v.chain and str(a) == "dobon"]


# -- Dhumbal -------------------------------------------------------------------------------------


def test_dhumbal_show_early_shows_as_soon_as_it_may() -> None:
    seen = decisions("dhumbal", "show-early", games=2, players=3)
    allowed = [a for _, legal, a in seen if "show" in map(str, legal)]
    assert allowed and all(str(a) == "show" for a in allowed)


def test_dhumbal_discard_high_throws_away_its_single_highest_card_and_draws() -> None:
    seen = decisions("dhumbal", "discard-high", games=2, players=3)
    starts = [(v, a) for v, _, a in seen if not v.discarding and str(a) != "show"]
    assert starts
    for v, a in starts:
        assert isinstance(a, Discard) and POINTS[a.card.rank] == max(POINTS[c.rank] for c in v.hand)
    takes = {str(a) for v, _, a in seen if v.discarding}
    assert takes == {"take stock"}
