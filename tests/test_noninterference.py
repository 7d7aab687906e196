"""The noninterference rule, for every registered game (issue 12).

What a seat is offered, what it sees and the errors it can provoke depend only on
what it may know.  The test: deal two explicit decks that differ by one swap of
two cards, replay the same actions on both, and while a seat's view is the same
in both games, its legal actions, the errors its attempts raise, the events it
sees and the states a search bot may sample for it must be the same too.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kakehiki import IllegalActionError, game_ids, get_game, parse_cards
from kakehiki.core import Action, Game

GAMES = game_ids()
PROBES = 40  # attempted actions compared per seat and step


def outcome(game: Game[Any, Any, Any], state: Any, seat: int, action: Action) -> str:
    try:
        game.check(state, seat, action)
    except IllegalActionError as err:
        return str(err)
    return "ok"


def seen(events: tuple[Any, ...], seat: int | None) -> list[Any]:
    return [e for e in (event.seen_by(seat) for event in events) if e is not None]


def twin_games(game: Game[Any, Any, Any], players: int, seed: int, i: int, j: int) -> tuple[Any, Any]:
    """Two games from explicit decks that differ only by swapping positions ``i`` and ``j``."""
    cards = list(game.all_cards(game.new(players=players, seed=seed)))
    random.Random(seed).shuffle(cards)
    i, j = i % len(cards), j % len(cards)
    swapped = list(cards)
    swapped[i], swapped[j] = cards[j], cards[i]
    return game.new(players=players, seed=seed, deck=cards), game.new(players=players, seed=seed, deck=swapped)


def compare_offers(game: Game[Any, Any, Any], one: Any, two: Any, seat: int, probes: list[Action]) -> None:
    assert game.legal_actions(one, seat) == game.legal_actions(two, seat), f"seat {seat}'s offers differ"
    for action in probes:
        assert outcome(game, one, seat, action) == outcome(game, two, seat, action), (seat, str(action))


def probe_actions(game: Game[Any, Any, Any], one: Any, two: Any, rng: random.Random) -> list[Action]:
    pool = {str(a): a for state in (one, two) for s in range(game.players(state)) for a in game.legal_actions(state, s)}
    names = sorted(pool)
    return [pool[n] for n in rng.sample(names, min(PROBES, len(names)))]


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(0, 2), i=st.integers(0, 200), j=st.integers(0, 200))
def test_noninterference_swapping_hidden_cards(game_id: str, seed: int, size: int, i: int, j: int) -> None:
    game = get_game(game_id)
    players = (game.min_players, game.default_players, min(game.max_players, 6))[size]
    one, two = twin_games(game, players, seed, i, j)
    rng = random.Random(seed)
    watching = {s for s in range(players) if game.view(one, s) == game.view(two, s)}
    for step in range(250):
        if game.result(one) is not None or not watching:
            break
        probes = probe_actions(game, one, two, rng)
        for s in watching:
            compare_offers(game, one, two, s, probes)
            if step % 25 == 0:
                k = rng.randrange(10**9)
                assert game.sample_hidden(one, s, random.Random(k)) == game.sample_hidden(two, s, random.Random(k))
        seat = rng.choice(game.actors(one))
        action = rng.choice(game.legal_actions(one, seat))
        if not game.can(two, seat, action):
            assert seat not in watching, "an action legal in one game only, for a seat that cannot tell them apart"
            break
        one, events_one = game.apply(one, seat, action)
        two, events_two = game.apply(two, seat, action)
        still = {s for s in watching if game.view(one, s) == game.view(two, s)}
        for s in still:
            assert seen(events_one, s) == seen(events_two, s), f"seat {s} saw different events after {action}"
        watching = still


@pytest.mark.parametrize("game_id", GAMES)
def test_sampled_states_carry_no_seed_or_deck(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(seed=12345)
    for seat in (*range(game.players(state)), None):
        sample = game.sample_hidden(state, seat, random.Random(1))
        assert getattr(sample, "seed", 0) == 0 and getattr(sample, "deck", None) is None
        assert game.view(sample, seat) == game.view(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_sampler_holds_nothing_but_a_sample(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(seed=99)
    seat = game.actors(state)[0]
    sampler = game.sampler(state, seat, random.Random(5))
    reachable = [getattr(sampler, name) for name in sampler.__slots__]
    assert all(item is not state for item in reachable)
    assert getattr(sampler, "__closure__", None) is None
    assert game.view(sampler(random.Random(2)), seat) == game.view(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", [-1, 99, True, False, 1.0, "0", None])
def test_C2_a_seat_not_at_the_table_is_refused(game_id: str, bad: Any) -> None:
    game = get_game(game_id)
    state = game.new(seed=4)
    action = game.legal_actions(state, game.actors(state)[0])[0]
    calls: list[Callable[[], object]] = [
        lambda: game.legal_actions(state, bad),
        lambda: game.check(state, bad, action),
        lambda: game.apply(state, bad, action),
    ]
    if bad is not None:  # None is the spectator, for views and samples alone
        calls += [lambda: game.view(state, bad), lambda: game.sample_hidden(state, bad, random.Random(0))]
    for call in calls:
        with pytest.raises(IllegalActionError) as err:
            call()
        assert err.value.rule == "C2"
    assert not game.can(state, bad, action)


def _with_hand(state: Any, seat: int, text: str) -> Any:
    """``state`` with ``seat``'s hidden hand replaced by ``text`` (the same count, another sum)."""
    hands, sums = list(state.hands), list(state.sums)
    hands[seat] = tuple(parse_cards(text))
    sums[seat] = sum(card.rank for card in hands[seat])
    return dataclasses.replace(state, hands=tuple(hands), sums=tuple(sums))


def test_C4_the_view_after_a_dobon_call_does_not_tell_whether_anyone_can_counter() -> None:
    # Seed 0, three seats, simple rules, random play to step 23: seat 2 may call Dobon on SK and
    # lay S4 on top.  Seat 1 holds DA C3 (sum 4: it can answer, J8) or D6 C9 (it cannot); seat 0
    # cannot tell the two apart before the call, and must not after it either: both seats are
    # asked (J8), and the call stands only once both have passed.
    game = get_game("dobon")
    state, rng = game.new(players=3, seed=0, options={"official": False}), random.Random(0)
    while state.steps < 23 or game.actors(state)[0] != 2:
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, rng.choice([a for a in legal if not str(a).startswith("dobon")]))
    can, cannot = _with_hand(state, 1, "DA C3"), _with_hand(state, 1, "D6 C9")
    assert game.view(can, 0) == game.view(cannot, 0)
    after = [game.apply(twin, 2, "dobon top=S4")[0] for twin in (can, cannot)]
    assert game.actors(after[0]) == game.actors(after[1]) == (0, 1)
    assert [str(a) for a in game.legal_actions(after[1], 1)] == ["pass"]  # seat 1 knows it cannot answer
    assert game.view(after[0], 0) == game.view(after[1], 0), "seat 0 learns whether seat 1 can counter"
    passed = [game.apply(twin, 0, "pass")[0] for twin in after]
    assert game.view(passed[0], 0) == game.view(passed[1], 0) and game.view(passed[0], 0).phase == "gaeshi"
    assert game.result(game.apply(passed[1], 1, "pass")[0]) is not None


def test_C4_the_view_after_a_dobon_arith_call_does_not_tell_whether_anyone_can_counter() -> None:
    # Seat 1, the turn seat, calls on seat 0's H6.  Seat 2's hidden hand reaches 6 (SA HA C2 D3 CA:
    # it may answer, A5) or does not (SQ HJ D8 C10 S9); seat 0 must not learn which from the call.
    from transcript import play
    from transcript_dobon_arith import GAME, new

    hands = {0: "S5 H6 DJ C9 SK", 1: "DA S2 H2 D2 DK", 2: "SA HA C2 D3 CA", 3: "S6 HQ D4 C8 S7"}
    twins = [play(GAME, new({**hands, 2: held}, field="H3"), "0: play H6", "1: dobon")
             for held in ("SA HA C2 D3 CA", "SQ HJ D8 C10 S9")]
    assert GAME.actors(twins[0]) == GAME.actors(twins[1]) == (2, 3, 0)
    assert ["dobon" in [str(a) for a in GAME.legal_actions(twin, 2)] for twin in twins] == [True, False]
    assert GAME.view(twins[0], 0) == GAME.view(twins[1], 0), "seat 0 learns whether seat 2 can counter"
