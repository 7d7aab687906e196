"""Million Doubt (issue 35): the ``switch`` style earns trust with true face-down plays, then lies;
``hard`` reads each seat's lies with its older plays fading, so a seat that changed is read anew."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from kakehiki.games.million_doubt.bots.model import RecentLies, lie_rate
from kakehiki.games.million_doubt.rules.state import Habits
from kakehiki.registry import get_game

GAME = get_game("million-doubt")


def record(*habits: Habits) -> Any:
    """A view as :class:`RecentLies` reads it: the table's public record alone."""
    return SimpleNamespace(habits=habits)


def test_a_seat_that_lies_after_earning_trust_is_read_as_a_liar_sooner_than_its_whole_record_says() -> None:
    recent = RecentLies()
    truths = Habits(plays=4, blind=4, blind_doubted=4)
    recent.observe(record(Habits(), truths))
    assert recent.rate(1, blind=True) == lie_rate(truths, blind=True) < 0.2
    then = truths.add(plays=2, blind=2, blind_doubted=2, blind_lies=2)  # two lies caught in a row
    recent.observe(record(Habits(), then))
    assert recent.rate(1, blind=True) > 0.5 > lie_rate(then, blind=True)
    assert recent.rate(0, blind=True) == 0.5  # a seat not seen: the record's prior, even odds
    assert recent.rate(1, blind=False) == lie_rate(Habits(), blind=False)  # the other kind of play: not seen


def test_a_new_match_starts_the_read_over() -> None:
    recent = RecentLies()
    recent.observe(record(Habits(plays=6, blind=6, blind_doubted=3, blind_lies=3)))
    assert recent.rate(0, blind=True) > 0.7
    recent.observe(record(Habits()))
    assert recent.rate(0, blind=True) == 0.5


def test_switch_plays_true_face_down_until_two_were_shown_true_then_lies() -> None:
    # Against seats that doubt every face-down play, each of switch's plays is turned up: the
    # first two judged are true, and once they are, it lies.
    judged: list[bool] = []
    for seed in range(6):
        def listen(state: Any, seat: int, action: Any, events: Any) -> None:
            judged.extend(e.legal for e in events if type(e).__name__ == "Judged" and e.player == 0)

        start = len(judged)
        bots = [make_bot("million-doubt", "switch")] + [make_bot("million-doubt", "doubt-all") for _ in range(2)]
        play_out(GAME, GAME.new(players=3, seed=seed), bots, seed=seed, listener=listen)
        game = judged[start:]
        assert all(game[:2]), game
        if len(game) > 2:
            assert not all(game[2:]), game
    assert len(judged) > 12
