"""Dhumbal, declared once and registered as ``dhumbal``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar, assert_never

from kakehiki.base import StandardGame
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.core import Event, Result
from kakehiki.errors import IllegalActionError
from kakehiki.games.dhumbal.rules import moves, rounds
from kakehiki.games.dhumbal.rules.actions import (
    ALL_ACTIONS,
    DISCARDS,
    SHOW,
    TAKE_STOCK,
    TAKES,
    DhumbalAction,
    Discard,
    Show,
    Take,
    parse_action,
)
from kakehiki.games.dhumbal.rules.draft import Draft
from kakehiki.games.dhumbal.rules.melds import continuations, is_discard, total
from kakehiki.games.dhumbal.rules.rulesets import LABELS, RULE_SETS
from kakehiki.games.dhumbal.rules.state import OPTION_SPECS, OVER, DhumbalOptions, DhumbalState
from kakehiki.games.dhumbal.rules.view import DhumbalView, build_view
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rulesets import OptionLabel, RuleSet


class DhumbalGame(StandardGame[DhumbalState, DhumbalAction, DhumbalView]):
    id: ClassVar[str] = "dhumbal"
    title_en: ClassVar[str] = "Dhumbal"
    title_ja: ClassVar[str] = "ダンバル"
    version: ClassVar[int] = 2
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 16
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[DhumbalState, tuple[Event, ...]]:
        return rounds.new_match(DhumbalOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def calls_open(self, state: DhumbalState) -> bool:
        """Dhumbal has no calls out of turn: a table never waits for one."""
        return False

    def actors(self, state: DhumbalState) -> tuple[int, ...]:
        """Only the turn seat ever has a choice: Dhumbal has no calls out of turn."""
        return () if state.phase == OVER else (state.turn,)

    def _legal_actions(self, state: DhumbalState, seat: int) -> tuple[DhumbalAction, ...]:
        """In index order: ``show``, ``discard`` by card, ``take stock``, ``take`` by card.

        Hands are sorted by card, and a discard (so ``available``) is in written order, which
        for one card, a set or a run is card order too: nothing needs sorting here."""
        if state.phase == OVER or seat != state.turn:
            return ()
        hand, pending = state.hands[seat], state.discarding
        if not pending:  # the start of the turn: Show, or put down any card held
            firsts = tuple(DISCARDS[c.index] for c in dict.fromkeys(hand))
            return (SHOW, *firsts) if state.totals[seat] <= state.options.show_max else firsts
        actions: list[DhumbalAction] = [DISCARDS[c.index] for c in continuations(hand, pending)]
        if is_discard(pending):
            actions.append(TAKE_STOCK)
            actions.extend(TAKES[c.index] for c in dict.fromkeys(state.available))
        return tuple(actions)

    def _check(self, state: DhumbalState, seat: int, action: DhumbalAction) -> None:
        if state.phase == OVER:
            ended_by = "C7" if state.outcomes[-1].reason == "max_steps" else "D5"
            raise IllegalActionError(ended_by, "the match is over")
        if seat != state.turn:
            raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
        match action:
            case Show():
                self._check_show(state, seat)
            case Discard():  # no positional capture: it would look up __match_args__ on every call
                self._check_discard(state, seat, action.card)
            case Take():
                self._check_take(state, action.card)
            case _:
                assert_never(action)

    def _check_show(self, state: DhumbalState, seat: int) -> None:
        if state.discarding:
            raise IllegalActionError("D3", "a Show comes at the very start of a turn, before any card is put down")
        if state.totals[seat] > state.options.show_max:
            limit, held = state.options.show_max, state.totals[seat]
            raise IllegalActionError("D3", f"a Show needs a hand of {limit} points or less, not {held}")

    def _check_discard(self, state: DhumbalState, seat: int, card: Card) -> None:
        pending = state.discarding
        if card not in state.hands[seat]:
            more = " any more" if card in pending else ""
            raise IllegalActionError("C6", f"seat {seat} does not hold {card}{more}")
        if pending and card not in continuations(state.hands[seat], pending):
            raise IllegalActionError("D3", f"{cards_text(pending)} then {card} makes no set of one rank or run of 3+ "
                                           "in a suit with the cards held (a discard goes down by rank, then suit)")

    def _check_take(self, state: DhumbalState, card: Card | None) -> None:
        pending = state.discarding
        if not pending:
            raise IllegalActionError("D3", "discard first: put down one card, a set or a run, then take")
        if not is_discard(pending):
            raise IllegalActionError("D3", f"{cards_text(pending)} is not a discard yet: a run needs 3+ cards")
        if card is None:
            if not state.stock:  # never happens: the stock is rebuilt as soon as it runs out (D7)
                raise IllegalActionError("D7", "the stock is empty")
        elif card not in state.available:
            raise IllegalActionError("D3", f"{card} is not among the previous discards ({cards_text(state.available)})")

    # -- acting ---------------------------------------------------------------
    def _apply(self, state: DhumbalState, seat: int, action: DhumbalAction) -> tuple[DhumbalState, tuple[Event, ...]]:
        """A Show or a take ends a turn and counts as one step (C7); a card put down does not."""
        d: Draft
        match action:
            case Discard():
                return rounds.put_down(state, seat, action.card)
            case Show():
                d = Draft(state)
                d.steps += 1
                rounds.show(d, seat)
            case Take():
                d = Draft(state)
                d.steps += 1
                rounds.take_turn(d, seat, action.card)
            case _:
                assert_never(action)
        if d.phase != OVER and d.steps >= d.options.max_steps:
            rounds.stop_at_step_limit(d)
        return d.finish()

    def _all_actions(self, state: DhumbalState) -> Sequence[DhumbalAction]:
        """The same 106 actions for any players and decks (see games/dhumbal/spec.md, Actions)."""
        return ALL_ACTIONS

    def parse_action(self, text: str) -> DhumbalAction:
        return parse_action(text)

    def parse_move(self, text: str) -> tuple[DhumbalAction, ...]:
        return moves.parse_move(text)

    def move_text(self, steps: Sequence[DhumbalAction]) -> str:
        return moves.move_text(steps)

    def continues(self, state: DhumbalState, seat: int, action: DhumbalAction) -> bool:
        return moves.continues(action)

    # -- looking --------------------------------------------------------------
    def _view(self, state: DhumbalState, seat: int | None) -> DhumbalView:
        return build_view(state, seat)

    def _sample_hidden(self, state: DhumbalState, seat: int | None, rng: random.Random) -> DhumbalState:
        """Deal anew every card ``seat`` cannot see: the other hands' cards not known to all, and
        the stock.  Known cards, and the cards put down so far this turn (face up), stay where
        they are; every count stays the same.  Once the match
        ended at a Show every hand was shown and only the stock's order is hidden.

        The sample carries nothing hidden from ``seat``: no seed (it shuffles later deals and
        stock rebuilds), no explicit deck; the cards are gathered in card order before the
        shuffle, so states that differ only in what ``seat`` cannot see give the same sample."""
        d = Draft(state)
        d.seed, d.deck = 0, None
        shown = state.phase == OVER and state.outcomes[-1].reason != "max_steps"
        others = [] if shown else [s for s in range(state.players) if s != seat]
        pool = list(state.stock)
        for s in others:
            if state.known[s]:
                pool.extend((Counter(state.hands[s]) - Counter(state.known[s])).elements())
            else:
                pool.extend(state.hands[s])
        pool.sort(key=CARD_ORDER)
        rng.shuffle(pool)
        for s in others:
            size = len(state.hands[s]) - len(state.known[s])
            dealt, pool = pool[:size], pool[size:]
            d.hands[s] = tuple(sorted((*state.known[s], *dealt), key=CARD_ORDER))
            d.totals[s] = total(d.hands[s])
        d.stock = tuple(pool)
        return d.freeze()

    def result(self, state: DhumbalState) -> Result | None:
        if state.phase != OVER:
            return None
        rounds_played = self.round_results(state)
        scores = tuple(0.0 - s for s in state.scores)  # higher is better; never -0.0
        reason = state.outcomes[-1].reason
        if reason == "max_steps":
            return Result((), (), (1,) * state.players, scores, "max_steps", rounds_played)
        ranks = rounds.match_ranks(state.scores, reason)
        best, worst = min(ranks), max(ranks)
        if best == worst:
            return Result((), (), ranks, scores, "match", rounds_played)
        winners = tuple(s for s in range(state.players) if ranks[s] == best)
        losers = tuple(s for s in range(state.players) if ranks[s] == worst)
        return Result(winners, losers, ranks, scores, "match", rounds_played)

    def all_cards(self, state: DhumbalState) -> tuple[Card, ...]:
        held = tuple(c for h in state.hands for c in h)
        return held + state.stock + state.discarding + state.available + state.buried


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


DHUMBAL = DhumbalGame()
__all__ = ["DHUMBAL", "DhumbalGame", "DhumbalView"]
