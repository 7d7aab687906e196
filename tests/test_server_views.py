"""The server's view encoder gives exactly each view's ``to_dict``, however long the game runs."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

pytest.importorskip("starlette")

from kakehiki import get_game
from kakehiki.server.rooms import ViewEncoder

GAMES = ["dobon", "dobon-arith", "doubt", "million-doubt", "dhumbal", "daifugo"]


@pytest.mark.parametrize("game_id", GAMES)
def test_issue15_the_encoded_view_is_the_views_own_dict_at_every_step(game_id: str) -> None:
    game, encoder, rng = get_game(game_id), ViewEncoder(), random.Random(11)
    state = game.new(players=3, seed=11)
    for _ in range(150):
        if game.result(state) is not None:
            break
        for seat in (0, 1, 2, None):
            view = game.view(state, seat)
            assert encoder.view(view) == view.to_dict()
        seat = game.actors(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_frames_view_is_bounded_and_cuts_only_the_oldest_entries_of_its_records(game_id: str) -> None:
    """However long the game, each list of records carries its last VIEW_ENTRIES entries
    (``cut`` counts those left out, all at the start); everything else is the view's own.
    Each seat in turn, on one encoder: what one seat's view showed is never another's."""
    from kakehiki.server.rooms import VIEW_ENTRIES

    game, encoder, rng = get_game(game_id), ViewEncoder(), random.Random(7)
    state = game.new(players=3, seed=7)
    for _ in range(400):
        if game.result(state) is not None:
            break
        for seat in (0, 1, None, 2):
            view = game.view(state, seat)
            full = view.to_dict()
            shown, cut = encoder.bounded(view)
            assert set(shown) == set(full)
            for name, value in full.items():
                left_out = cut.get(name, 0)
                assert shown[name] == (value[left_out:] if left_out else value), name
                assert left_out == 0 or len(shown[name]) == VIEW_ENTRIES
        seat = game.actors(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


class Told(NamedTuple):
    seat: int
    said: str


class TinyView(NamedTuple):
    sizes: tuple[int, ...]
    log: tuple[Told, ...]


def test_a_record_that_grew_is_extended_and_one_replaced_is_converted_afresh() -> None:
    """The encoder reuses its last conversion of a record that only grew, and of a short tuple
    rebuilt equal; a record replaced (a new round's, longer or not) is never mistaken for it."""
    encoder = ViewEncoder()

    def told(*said: str) -> tuple[Told, ...]:
        return tuple(Told(i % 3, text) for i, text in enumerate(said))

    def shown(sizes: tuple[int, ...], log: tuple[Told, ...]) -> tuple[list[int], str, dict[str, int]]:
        """The sizes, what the log shows (each entry checked whole, read by its words), and the cut."""
        view, cut = encoder.bounded(TinyView(sizes, log), keep=4)
        entries = log[cut.get("log", 0):]
        assert view["log"] == [{"seat": e.seat, "said": e.said} for e in entries]
        return view["sizes"], "".join(e["said"] for e in view["log"]), cut

    first = told("a", "b", "c")
    assert shown((5, 5), first) == ([5, 5], "abc", {})
    grown = (*first, Told(0, "d"), Told(1, "e"))
    assert shown((5, 4), grown) == ([5, 4], "bcde", {"log": 1})
    assert shown((5, 4), (*grown, Told(2, "f"))) == ([5, 4], "cdef", {"log": 2})
    assert shown((7, 7), told("x", "y", "z", "w", "v", "u", "t")) == ([7, 7], "wvut", {"log": 3})
    assert shown((7, 7), told("x", "y", "z", "w", "v", "q", "t", "s", "r")) == ([7, 7], "qtsr", {"log": 5})
    assert shown((7, 7), told("x", "y")) == ([7, 7], "xy", {})


def test_a_long_dobon_game_keeps_its_state_frames_small() -> None:
    """Dobon's log grows by an entry a move (a frame was 70 KB by move 1,418): cut to its end,
    a frame stays a few kilobytes for the whole game."""
    from kakehiki.server.protocol import encode

    game, encoder, rng = get_game("dobon"), ViewEncoder(), random.Random(7)
    state, largest, cut_at = game.new(players=3, seed=7), 0, None
    for move in range(1500):
        if game.result(state) is not None:
            break
        shown, cut = encoder.bounded(game.view(state, 0))
        largest = max(largest, len(encode(shown)))
        cut_at = move if cut and cut_at is None else cut_at
        seat = game.actors(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert cut_at is not None and move > 1000, "the game ran long enough to cut its log"
    assert largest < 8_000, largest


@pytest.mark.parametrize("game_id", GAMES)
def test_event_and_notice_frames_carry_exactly_their_own_dicts(game_id: str) -> None:
    """The frames' fast conversion gives what ``to_dict`` and ``jsonable`` give."""
    from kakehiki.core import jsonable
    from kakehiki.server.protocol import event_frame, notice_frame
    from kakehiki.table import Notice

    game, rng = get_game(game_id), random.Random(5)
    state, events = game.start(players=3, seed=5)
    for _ in range(150):
        for event in events:
            for seat in (0, 1, None):
                seen = event.seen_by(seat)
                if seen is not None:
                    assert event_frame(1, seen, "x")["event"] == seen.to_dict()
        if game.result(state) is not None:
            break
        seat = game.actors(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        notice = Notice("accepted", seat, str(action))
        data = jsonable(notice)
        assert isinstance(data, dict)
        expected = {k: v for k, v in data.items() if k != "until" and v is not None and v != ""}
        assert {k: v for k, v in notice_frame(1, notice, "t").items() if k not in ("type", "seq", "text")} == \
            {k: v for k, v in expected.items() if k != "text"}
        state, events = game.apply(state, seat, action)
