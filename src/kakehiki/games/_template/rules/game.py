"""The template game's :class:`~kakehiki.core.Game`: setting up, whose turn, what is legal, the
transitions, the views and the result.

>>> state = MY_GAME.new(players=2, seed=1)
>>> MY_GAME.actors(state)
(0,)
>>> state, events = MY_GAME.apply(state, 0, MY_GAME.legal_actions(state, 0)[0])
>>> [type(e).__name__ for e in events]
['Played']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from kakehiki.base import StandardGame, match_result
from kakehiki.cards import STANDARD_DECK, Card, card_of, shuffled
from kakehiki.core import Dealt, Event, Result, RoundResult
from kakehiki.errors import IllegalActionError, NotationError, OptionError
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rng import derive
from kakehiki.rulesets import MAX_STEPS_LABEL, OptionLabel, RuleSet

from .draft import Draft
from .model import (
    GAME_ID,
    OPTION_SPECS,
    PHASE_TEXT,
    MyOptions,
    MyState,
    MyView,
    Phase,
    Play,
    Played,
    suit_to_follow,
    totals,
)

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("standard", ("Standard", "標準"), ("Three cards each.", "1人3枚。"), {}),
    RuleSet("long", ("Long", "ロング"), ("Eight cards each.", "1人8枚。"), {"hand": 8}),
)
LABELS: dict[str, OptionLabel] = {
    "hand": OptionLabel(("Cards each", "配る枚数"), ("Cards dealt to each player.", "各プレイヤーに配る枚数。")),
    "max_steps": MAX_STEPS_LABEL,
}


class MyGame(StandardGame[MyState, Play, MyView]):  # state, action, view: bots, narrator, encoder take MyView
    id: ClassVar[str] = GAME_ID
    title_en: ClassVar[str] = "High card (template)"
    title_ja: ClassVar[str] = "ハイカード（ひな形）"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 2
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[MyState, tuple[Event, ...]]:
        opts = MyOptions.from_values(options)
        cards = deck if deck is not None else shuffled(STANDARD_DECK, derive(seed, GAME_ID, "deal"))
        if len(cards) < players * opts.hand:
            raise OptionError("hand", f"{players} hands of {opts.hand} need {players * opts.hand} cards")
        hands = tuple(cards[s * opts.hand:(s + 1) * opts.hand] for s in range(players))
        state = MyState(opts, seed, players, deck, 0, (), Phase.PLAY, 0, hands, cards[players * opts.hand:], (), 0)
        return state, tuple(Dealt(s, hand, len(hand)) for s, hand in enumerate(hands))

    def actors(self, state: MyState) -> tuple[int, ...]:
        return () if state.phase == Phase.OVER else (state.turn,)

    def _legal_actions(self, state: MyState, seat: int) -> tuple[Play, ...]:
        if state.phase == Phase.OVER or seat != state.turn:
            return ()
        hand = state.hands[seat]
        suit = suit_to_follow(hand, state.pile)
        return tuple(Play(card) for card in sorted(set(hand), key=lambda c: c.index) if suit in (None, card.suit))

    def _check(self, state: MyState, seat: int, action: Play) -> None:
        if state.phase == Phase.OVER:
            raise IllegalActionError("X5", "the game is over")
        if seat != state.turn:
            raise IllegalActionError("X2", f"it is seat {state.turn}'s turn")
        suit = suit_to_follow(state.hands[seat], state.pile)
        if suit is not None and action.card.suit != suit:
            raise IllegalActionError("X4", f"{action.card} is not of the last card's suit {suit}, which the hand holds")
        if action.card not in state.hands[seat]:
            raise IllegalActionError("X3", f"{action} is not a card of seat {seat}'s hand")

    def _apply(self, state: MyState, seat: int, action: Play) -> tuple[MyState, tuple[Event, ...]]:
        d = Draft(state)  # a mutable copy: the rules as small steps, frozen into the next state
        hand = list(d.hands[seat])
        hand.remove(action.card)
        d.hands[seat] = tuple(hand)
        d.pile.append((seat, action.card))
        d.steps += 1
        d.turn = (seat + 1) % d.players
        d.events.append(Played(seat, action.card))
        if not any(d.hands):
            sums = totals(d.pile, d.players)
            winners = tuple(s for s, total in enumerate(sums) if total == max(sums))
            losers = tuple(s for s, total in enumerate(sums) if total == min(sums)) if min(sums) < max(sums) else ()
            d.phase, d.outcomes = Phase.OVER, (RoundResult(winners, losers, "played_out"),)
        elif d.steps >= state.options.max_steps:
            d.phase, d.outcomes = Phase.OVER, (RoundResult((), (), "max_steps"),)
        return d.finish()

    def parse_action(self, text: str) -> Play:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "play":
            raise NotationError(f"not a {GAME_ID} action: {text[:20]!r} (expected play CARD, e.g. play S4)")
        return Play(card_of(words[1]))

    def _view(self, state: MyState, seat: int | None) -> MyView:
        return MyView(seat, None if seat is None else state.hands[seat], tuple(len(h) for h in state.hands),
                      state.pile, state.turn, PHASE_TEXT[state.phase])

    def _sample_hidden(self, state: MyState, seat: int | None, rng: random.Random) -> MyState:
        unseen = sorted([*state.stock, *(c for s, hand in enumerate(state.hands) if s != seat for c in hand)],
                        key=lambda c: c.index)  # in an order that does not tell where each card was
        dealt = list(shuffled(unseen, rng))
        hands = []
        for s, hand in enumerate(state.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(dealt[:len(hand)]))
                del dealt[:len(hand)]
        return replace(state, hands=tuple(hands), stock=tuple(dealt), seed=0, deck=None)

    def result(self, state: MyState) -> Result | None:
        if state.phase != Phase.OVER:
            return None
        sums = totals(state.pile, state.players)
        drawn = state.outcomes[-1].reason == "max_steps"
        ranks = tuple(1 if drawn else 1 + sum(t > mine for t in sums) for mine in sums)
        return match_result(ranks, tuple(float(t) for t in sums), state.outcomes)

    def all_cards(self, state: MyState) -> tuple[Card, ...]:
        return (*(c for hand in state.hands for c in hand), *state.stock, *(c for _, c in state.pile))

    def _all_actions(self, state: MyState) -> tuple[Play, ...]:
        return tuple(Play(card) for card in STANDARD_DECK)


MY_GAME = MyGame()
