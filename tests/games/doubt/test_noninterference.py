"""Doubt: no seat learns what it must not (issue 12, items 1 and 2).

A sampled state carries nothing hidden from its seat: no seed, no explicit deck, no other
seat's private knowledge (what two seats saw of a two-card penalty), no other seat's pass.
Two deals that differ only in cards a seat cannot see give it the same samples.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from kakehiki.bots import make_bot
from kakehiki.driver import play_out
from transcript_doubt import GAME, new, play

PUBLIC = 3  # the public row of ``known`` and ``sure`` at three seats


def samples(state: Any, seat: int | None, count: int = 6) -> list[Any]:
    return [GAME.sample_hidden(state, seat, random.Random(k)) for k in range(count)]


def counts(cards: Any) -> Counter[int]:
    return Counter(c.index for c in cards)


def consistent(sample: Any) -> None:
    """Every seat's knowledge in a sample fits the cards dealt in it, as in a real game."""
    for row_known, row_sure in zip(sample.known, sample.sure, strict=True):
        for seat, (known, sure) in enumerate(zip(row_known, row_sure, strict=True)):
            assert not counts(sure) - counts(sample.hands[seat]), "a card said to be certainly held is held"
            assert not counts(sure) - counts(known)


def test_sample_hidden_carries_no_seed_or_deck() -> None:
    hands = {0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4"}
    state = play(new(hands, seed=77, penalty="two_cards"), "0: play S2")
    for seat in (0, 1, 2, None):
        for sample in samples(state, seat):
            assert sample.seed == 0 and sample.deck is None
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert GAME.record_header(sample) == {"options": state.options.to_values(), "seed": 0}


def test_sample_hidden_is_the_same_for_deals_differing_in_hidden_cards() -> None:
    # Seat 0 cannot tell these deals apart: seats 1 and 2 swapped H3 and D4, neither of them played.
    one = new({0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4"})
    two = new({0: "SA S2 S3 S4", 1: "HA H2 D4 H4", 2: "DA D2 D3 H3"})
    moves = ("0: play SA", "1: pass", "2: pass", "1: play H2", "2: pass", "0: pass", "2: play D3")
    one, two = play(one, *moves), play(two, *moves)
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert samples(one, 0) == samples(two, 0)
    assert samples(one, None) == samples(two, None)
    assert GAME.view(one, 1) != GAME.view(two, 1)


def test_sample_hidden_drops_what_two_seats_alone_saw_of_a_two_card_penalty() -> None:
    # Seat 0's lie is caught by seat 1: seat 0 draws two random cards from seat 1's hand, seen by
    # those two alone (B7).  The two deals differ only in cards of seats 0 and 1, so which cards
    # moved differs too; seat 2 sees neither, and its samples keep nothing of it.
    one = new({0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4"}, penalty="two_cards")
    two = new({0: "SA S2 S3 H3", 1: "HA H2 S4 H4", 2: "DA D2 D3 D4"}, penalty="two_cards")
    one, two = play(one, "0: play S2", "1: doubt"), play(two, "0: play S2", "1: doubt")
    moved_one, moved_two = one.sure[1][0], two.sure[1][0]  # what seat 1 knows seat 0 now holds
    assert len(moved_one) == 2 and moved_one != moved_two
    assert GAME.view(one, 2) == GAME.view(two, 2)
    assert samples(one, 2) == samples(two, 2)
    for sample in samples(one, 2):
        for seat in (0, 1):
            assert sample.known[seat] == tuple(() if s == seat else one.known[PUBLIC][s] for s in range(3))
            assert sample.sure[seat] == tuple(() if s == seat else one.sure[PUBLIC][s] for s in range(3))
        consistent(sample)
    for sample in samples(one, 1):  # seat 1 keeps its own knowledge
        assert sample.sure[1][0] == moved_one
        consistent(sample)


def test_sample_hidden_knowledge_still_serves_the_bots() -> None:
    # Bots read the other seats' views of a sample when a search plays it out.
    one = new({0: "SA S2 S3 S4", 1: "HA H2 H3 H4", 2: "DA D2 D3 D4"}, penalty="two_cards")
    state = play(one, "0: play S2", "1: doubt")
    bots = [make_bot("doubt", name) for name in ("count", "expert", "count")]
    for sample in samples(state, 2):
        result = GAME.result(play_out(GAME, sample, bots, seed=1).state)
        assert result is not None and result.reason != "max_steps"


def test_sample_hidden_keeps_the_cards_a_seat_knew_the_player_held_before_its_play() -> None:
    # Seat 1 doubts seat 0's true SA and takes it face up; then it plays one card face down.
    # Seat 0 knew seat 1 held SA: in every sample SA is in seat 1's hand or in that play, so a
    # doubt played on in the sample shows what seat 0 would then know.
    state = play(new({0: "SA S3 S5", 1: "HA H2 H4", 2: "DA D2 D3"}), "0: play SA", "1: doubt", "1: play H4")
    assert [str(c) for c in state.last_sure[0]] == ["SA"] and state.sure[0][1] == ()
    where: Counter[bool] = Counter()
    for sample in samples(state, 0, count=40):
        in_play = [str(c) for c in sample.pile[-1].cards] == ["SA"]
        assert in_play != ("SA" in [str(c) for c in sample.hands[1]])
        where[in_play] += 1
        doubted, _ = GAME.apply(sample, 0, "doubt")
        consistent(doubted)
    assert where[True] and where[False]


def test_B4_other_seats_passes_are_not_counted_in_a_view() -> None:
    # Seat 1 passes on seat 0's play; seats 2 and 3 must not learn it (C4: a pass is seen by its
    # seat alone), neither through the step count nor through their samples.
    state = play(new({0: "SA S2", 1: "HA H2", 2: "DA D2", 3: "CA C2"}), "0: play SA")
    passed = play(state, "1: pass")
    for seat in (2, 3, None):
        assert GAME.view(passed, seat) == GAME.view(state, seat)
        assert samples(passed, seat) == samples(state, seat)
        assert {s.steps for s in samples(passed, seat)} == {1}
        assert {s.window for s in samples(passed, seat)} == {(1, 2, 3)}
    assert GAME.view(passed, 1).steps == 2 and GAME.view(state, 1).steps == 1
    assert {s.window for s in samples(passed, 1)} == {(2, 3)}
    closed = play(passed, "2: pass", "3: pass")
    assert GAME.view(closed, 2).steps == 4 == closed.steps


@pytest.mark.parametrize("penalty", ["pile", "forfeit", "two_cards"])
def test_sample_hidden_fits_every_seat_knowledge_over_whole_games(penalty: str) -> None:
    for seed in range(4):
        state = GAME.new(players=4, options={"penalty": penalty, "max_cards_per_play": 2}, seed=seed)
        rng = random.Random(seed)
        while GAME.result(state) is None and state.steps < 200:
            if state.steps % 7 == 0:
                for seat in (*range(4), None):
                    sample = GAME.sample_hidden(state, seat, rng)
                    assert sample.seed == 0 and sample.deck is None
                    assert GAME.view(sample, seat) == GAME.view(state, seat)
                    consistent(sample)
            seat = rng.choice(GAME.actors(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
