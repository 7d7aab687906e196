"""States from written positions, for tests, perft tables and analysis.

>>> state = position({0: "S3 H9 JK", 1: "D4 D5"}, field=[(1, "S8 *2")], turn=0)
>>> state.binding_play.size, len(state.field[0].down), state.turn
(3, 2, 0)

A field play is written as in the rules: face-up cards, then face-down ones either
named (``*D9``) or counted (``*2``, filled with cards nobody else holds), then an
optional ``revolution``.  Every card not named lies aside, so all 54 are accounted for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kakehiki.cards import Card, parse_cards
from kakehiki.games.million_doubt.rules.draft import Draft
from kakehiki.games.million_doubt.rules.game import MILLION_DOUBT
from kakehiki.games.million_doubt.rules.match import full_deck
from kakehiki.games.million_doubt.rules.plays import sort_cards
from kakehiki.games.million_doubt.rules.state import (
    OPTION_SPECS,
    OUT,
    PLAYING,
    FieldPlay,
    MillionDoubtOptions,
    MillionDoubtState,
)
from kakehiki.options import resolve_options


def position(
    hands: Mapping[int, str],
    field: Sequence[tuple[int, str]] = (),
    turn: int = 0,
    revolution: bool = False,
    eleven_back: bool = False,
    lock: str = "",
    options: Mapping[str, object] | None = None,
    players: int | None = None,
) -> MillionDoubtState:
    """A game in progress: ``hands`` by seat (seats not named hold nothing and are out),
    ``field`` plays in order, ``turn`` to move, and the field's order and lock."""
    count = players if players is not None else max(hands) + 1
    values = {"first_leader": 0, **(options or {})}
    # A position's hands are written, not dealt: a small burst_at is fine here (the deal refuses it).
    state = MILLION_DOUBT.new(players=count, options={k: v for k, v in values.items() if k != "burst_at"}, seed=0)
    left = list(full_deck())
    d = Draft(state)
    d.options = MillionDoubtOptions.from_values(resolve_options(OPTION_SPECS, dict(values)))
    d.hands = [sort_cards(_take(left, parse_cards(hands.get(s, "")))) for s in range(count)]
    d.status = [PLAYING if s in hands else OUT for s in range(count)]
    plays = []
    for seat, text in field:
        up, named, counted, declared = _parse_field_play(text)
        down = _take(left, named) + _take_any(left, counted)
        plays.append(FieldPlay(seat, sort_cards(_take(left, up)), sort_cards(down), declared))
    d.field = tuple(plays)
    d.binding = max((i for i, p in enumerate(plays) if p.up), default=-1)
    d.last_player = plays[-1].seat if plays else -1
    d.revolution, d.eleven_back = revolution, eleven_back
    d.lock = frozenset(lock) if lock else None
    d.turn = d.leader = turn
    d.aside = tuple(left)
    d.events.clear()
    return d.freeze()


def _parse_field_play(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...], int, bool]:
    words = text.split()
    declared = bool(words) and words[-1].lower() == "revolution"
    if declared:
        words = words[:-1]
    up = [w for w in words if not w.startswith("*")]
    down = [w[1:] for w in words if w.startswith("*")]
    counted = sum(int(w) for w in down if w.isascii() and w.isdigit())
    named = parse_cards(" ".join(w for w in down if not (w.isascii() and w.isdigit())))
    return parse_cards(" ".join(up)), named, counted, declared


def _take(left: list[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    for card in cards:
        if card not in left:
            raise ValueError(f"{card} is named twice")
        left.remove(card)
    return tuple(cards)


def _take_any(left: list[Card], count: int) -> tuple[Card, ...]:
    """``count`` cards from the end of the unnamed ones (clubs first, never the jokers)."""
    plain = [c for c in left if not c.is_joker]
    return _take(left, plain[len(plain) - count:] if count else [])
