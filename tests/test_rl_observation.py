"""Observations (issue 17): fixed-length arrays built from a seat's view alone.

The noninterference rule for encodings: deal two games whose decks differ by one swap, play the
same actions in both, and while a seat's view is the same in both games its observation and its
action mask are the same too.  And the other way round: when a seat can tell the games apart, so
can its observation (the encoding drops nothing the seat sees of the deal).
"""

from __future__ import annotations

import random
import sys
from importlib.resources import files
from typing import Any

import numpy as np
import pytest

from kakehiki import game_ids, get_game
from kakehiki.manifest import manifest
from kakehiki.rl import encoder
from kakehiki.rl.obs import ENCODERS
from kakehiki.rl.obs.layout import rate, scaled
from kakehiki.rl.table import RLTable
from test_noninterference import twin_games


def test_every_game_has_an_encoder() -> None:
    assert sorted(ENCODERS) == sorted(game_ids())


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
@pytest.mark.parametrize("players", [2, 4])
def test_observations_never_change_when_hidden_cards_are_swapped(game_id: str, players: int) -> None:
    game = get_game(game_id)
    enc = encoder(game_id, players)
    told_apart = 0
    for seed in range(6):
        one, two = twin_games(game, players, seed, 7 * seed + 1, 11 * seed + 4)  # positions of either parity
        rng = random.Random(seed)
        for _ in range(120):
            if game.result(one) is not None:
                break
            for seat in range(players):
                view_one, view_two = game.view(one, seat), game.view(two, seat)
                obs_one, obs_two = enc.encode(view_one), enc.encode(view_two)
                if view_one == view_two:
                    assert np.array_equal(obs_one, obs_two), f"seat {seat}'s observation tells the deals apart"
                    assert game.legal_mask(one, seat) == game.legal_mask(two, seat)
                else:
                    told_apart += 1
                    assert not np.array_equal(obs_one, obs_two), f"seat {seat} sees a difference its encoding drops"
            if game.actors(one) != game.actors(two):
                break
            seat = rng.choice(game.actors(one))
            both = [a for a in game.legal_actions(one, seat) if game.can(two, seat, a)]
            if not both:
                break
            action = rng.choice(both)
            one, _ = game.apply(one, seat, action)
            two, _ = game.apply(two, seat, action)
    assert told_apart > 0, "no seat ever saw the swap: the test compared nothing but equal views"


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_an_observation_has_the_layouts_fixed_size_all_through_a_game(game_id: str) -> None:
    table = RLTable(game_id, players=3)
    table.deal(11)
    rng = np.random.default_rng(11)
    sizes: set[tuple[int, ...]] = set()
    steps = 0
    while not table.over and steps < 400:
        for seat in range(table.players):
            obs = table.observe(seat)
            assert obs.dtype == np.float32 and np.isfinite(obs).all()
            sizes.add(obs.shape)
        seat = table.waiting_for()
        table.answer(int(rng.choice(np.flatnonzero(table.mask(seat)))))
        steps += 1
    assert sizes == {(table.encoder.size,)}
    assert table.encoder.layout.size == sum(p.size for p in table.encoder.layout.parts)


def test_a_dobon_observation_reads_like_the_seats_view() -> None:
    """Seat 0 of a simple Dobon game: its hand, the top card, the hand sizes, whose turn."""
    game = get_game("dobon")
    state = game.new(players=3, seed=2, options={"official": False, "first_dealer": 0})
    view = game.view(state, 0)
    enc = encoder("dobon", 3)
    obs = enc.encode(view)
    layout = enc.layout

    def part(name: str) -> Any:
        return obs[layout.part(name).slice]

    assert [i for i in np.flatnonzero(part("hand"))] == [c.index for c in view.hand]
    assert list(np.flatnonzero(part("top"))) == [view.top.index]
    assert list(part("hand_sizes")) == [4, 4, 4]
    assert list(part("turn")) == [1, 0, 0]  # seat 0 is to play: entry 0 is the seat itself
    assert part("phase").tolist() == [1, 0, 0]


def test_seats_are_relative_so_each_sees_itself_first() -> None:
    game = get_game("doubt")
    state = game.new(players=4, seed=1)
    enc = encoder("doubt", 4)
    for seat in range(4):
        turn = enc.encode(game.view(state, seat))[enc.layout.part("turn").slice]
        assert int(np.flatnonzero(turn)[0]) == (game.view(state, seat).turn - seat) % 4


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_the_spec_documents_the_encoding_slice_by_slice(game_id: str) -> None:
    """Each game's spec shows its observation's slices for 4 players exactly as the encoder lays them out."""
    spec = files(manifest(game_id).package).joinpath("spec.md").read_text(encoding="utf-8")
    assert "## Observation (RL)" in spec
    assert encoder(game_id, 4).layout.describe() in spec, f"{game_id}'s spec.md shows another layout than the encoder's"


def test_scaled_counts_and_rates_are_as_documented() -> None:
    assert [scaled(c) for c in (0, 1, 1023)] == [0.0, 0.1, 1.0]
    assert scaled(20_000) == pytest.approx(1.4288, abs=1e-4) and scaled(-3) == -0.2
    assert (rate(0, 0), rate(3, 4)) == (0.5, 4 / 6)


@pytest.mark.parametrize("game_id", ["doubt", "million-doubt"])
def test_the_habits_slice_holds_every_seats_public_record(game_id: str) -> None:
    """Random play until the record is rich; each seat's block, in relative order, is its
    ``habits`` in the view, counts scaled, rates with an even prior; the same for every seat's
    observation of it, since the record is public; and the twin games with a swapped hidden card
    give the same block."""
    game, players = get_game(game_id), 4
    enc = encoder(game_id, players)
    entries = sys.modules[type(enc).__module__].habit_entries
    width = enc.layout.part("habits").size // players
    one, two = twin_games(game, players, 3, 5, 40)
    rng = random.Random(3)
    for _ in range(400):
        if game.result(one) is not None:
            break
        seat = rng.choice(game.actors(one))
        both = [a for a in game.legal_actions(one, seat) if game.can(two, seat, a)]
        if not both:
            break
        action = rng.choice(both)
        one, _ = game.apply(one, seat, action)
        two, _ = game.apply(two, seat, action)
    record = game.view(one, None).habits
    assert sum(h.doubts for h in record) > 0 and sum(h.plays for h in record) > 3, "the record stayed thin"
    for me in range(players):
        block = enc.encode(game.view(one, me))[enc.layout.part("habits").slice].reshape(players, width)
        twin = enc.encode(game.view(two, me))[enc.layout.part("habits").slice].reshape(players, width)
        assert np.array_equal(block, twin)
        for seat, habits in enumerate(record):
            assert block[(seat - me) % players].tolist() == pytest.approx(entries(habits))
        assert block[0].tolist() == pytest.approx(entries(record[me]))  # entry 0: the seat itself
