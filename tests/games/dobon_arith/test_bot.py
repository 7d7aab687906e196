"""The rule-aware arithmetic Dobon bot: it calls, counters, and avoids playing into waits."""

from __future__ import annotations

import random
from typing import Any

from kakehiki import parse_cards
from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.games.dobon_arith import ArithView, Play
from kakehiki.games.dobon_arith.rules.actions import DOBON, DRAW, PASS
from transcript import play
from transcript_dobon_arith import GAME, new

BOT = make_bot("dobon-arith", "rule")


def choice(state: Any, seat: int) -> str:
    return str(BOT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(0)))


def two_seat_view(hand: str, top: str, shown: str) -> ArithView:
    """Seat 0 to play on ``top``, played by seat 1, whose whole hand ``shown`` is public."""
    revealed = parse_cards(shown)
    return ArithView(
        seat=0, hand=tuple(sorted(parse_cards(hand))), hand_sizes=(len(parse_cards(hand)), len(revealed)),
        revealed=((), revealed), top=parse_cards(top)[0], suit=top[0], top_owner=1, field=parse_cards(top),
        stock_size=30, turn=0, direction=1, pending=0, reveal_due=False, opening=False, phase="turn", chain=(),
        dealer=0, wins=(0, 0), losses=(0, 0), round_no=0, games=1,
    )


def plays(*texts: str) -> list[Any]:
    return [GAME.parse_action(t) for t in texts]


def test_calls_dobon_when_offered() -> None:
    hands = {0: "S5 H6 DJ C9 SK", 1: "H4 D7 CQ S10 HK", 2: "SA HA C2 D3 CA", 3: "S6 HQ D4 C8 S7"}
    state = play(GAME, new(hands, field="H3"), "0: play H6")
    assert choice(state, 2) == "dobon"


def test_counters_as_the_seat_about_to_lose() -> None:
    hands = {0: "S4 C3 HQ DQ CQ", 1: "DA S2 H2 D3 H4", 2: "SJ DJ C5 H10 D9", 3: "S6 HJ D8 C10 S7"}
    state = play(GAME, new(hands, field="H5"), "0: bottom HQ", "0: stack CQ", "0: top DQ", "1: dobon")
    assert choice(state, 0) == "dobon"


def test_avoids_a_value_an_opponent_waits_on() -> None:
    view = two_seat_view("H7 H9 SJ DQ", top="H5", shown="S4 C3")  # seat 1 waits on 1, 7 and 12
    assert BOT.choose(view, plays("play H7", "play H9", "draw"), random.Random(0)) == Play(tuple(parse_cards("H9")))
    assert BOT.choose(view, plays("play H7", "draw"), random.Random(0)) == DRAW


def test_plays_into_a_wait_it_can_counter() -> None:
    # After H6 seat 0 holds S4 H2 (4 + 2 = 6): a call on H6 would be answered, so H6 is worth playing.
    view = two_seat_view("S4 H2 H6", top="H5", shown="SA C5")  # seat 1 waits on 6 (1 + 5)
    assert BOT.choose(view, plays("play H6", "draw"), random.Random(0)) == Play(tuple(parse_cards("H6")))


def test_an_eight_names_the_suit_it_holds_most() -> None:
    view = two_seat_view("S8 C2 C5 C9 HJ", top="D5", shown="SA H5")
    legal = plays(*(f"play S8 suit={s}" for s in "SHDC"), "draw")
    assert str(BOT.choose(view, legal, random.Random(0))) == "play S8 suit=C"


def test_passes_twos_on_with_every_two_it_holds() -> None:
    hands = {0: "H2 S5 DJ C9 SK", 1: "S2 D2 H4 D7 CQ", 2: "SJ DQ C5 H10 D8", 3: "S6 HQ DA C4 S7"}
    state = play(GAME, new(hands, field="H3"), "0: play H2")
    assert choice(state, 1) in ("bottom S2", "bottom D2")
    assert choice(play(GAME, state, "1: bottom S2"), 1) == "top D2"


def test_declines_an_offer_it_does_not_take() -> None:
    view = two_seat_view("S4 H2", top="H6", shown="SA C5")
    assert BOT.choose(view._replace(turn=1), [PASS], random.Random(0)) == PASS
    assert BOT.choose(view, [DOBON, PASS], random.Random(0)) in (DOBON, PASS)


def test_beats_random_players() -> None:
    wins = 0
    for seed in range(120):
        state = GAME.new(players=4, seed=seed)
        bots = [make_bot("dobon-arith", name) for name in ("rule", "random", "random", "random")]
        result = GAME.result(play_out(GAME, state, bots, seed=seed).state)
        assert result is not None
        wins += 0 in result.winners
    assert wins / 120 > 0.4  # a random seat wins about 1 game in 4 at most; measured about 0.6
