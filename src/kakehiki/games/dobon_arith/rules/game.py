"""Dobon with arithmetic and card powers, declared once and registered as ``dobon-arith``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, assert_never

from kakehiki.base import StandardGame, match_result
from kakehiki.cards import Card
from kakehiki.core import Event, Result
from kakehiki.errors import IllegalActionError
from kakehiki.games.dobon_arith.rules import match, moves, turns
from kakehiki.games.dobon_arith.rules.actions import (
    ACTIONS,
    DOBON,
    DRAW,
    PASS,
    ArithAction,
    Bottom,
    Dobon,
    Draw,
    Pass,
    Play,
    Stack,
    Top,
    parse_action,
)
from kakehiki.games.dobon_arith.rules.draft import Draft
from kakehiki.games.dobon_arith.rules.legacy import legacy_actions, legacy_v1_skips
from kakehiki.games.dobon_arith.rules.plays import check_bottom, check_play, check_step, stack_steps, turn_plays
from kakehiki.games.dobon_arith.rules.rulesets import LABELS, RULE_SETS
from kakehiki.games.dobon_arith.rules.sample import sample_hidden
from kakehiki.games.dobon_arith.rules.state import (
    CHAIN,
    MAX_PLAYERS,
    OPTION_SPECS,
    OVER,
    TURN,
    ArithOptions,
    ArithState,
    RoundOutcome,
)
from kakehiki.games.dobon_arith.rules.view import ArithView, build_view
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rulesets import OptionLabel, RuleSet


class DobonArithGame(StandardGame[ArithState, ArithAction, ArithView]):
    id: ClassVar[str] = "dobon-arith"
    title_en: ClassVar[str] = "Dobon with arithmetic and card powers"
    title_ja: ClassVar[str] = "ドボン（四則演算・特殊カードあり）"
    version: ClassVar[int] = 4
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[ArithState, tuple[Event, ...]]:
        return match.new_match(ArithOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def actors(self, state: ArithState) -> tuple[int, ...]:
        """The turn seat first, then the other seats offered a call, by priority (C4);
        during a gaeshi chain, only the seats offered an answer (A5)."""
        if state.phase == OVER:
            return ()
        if state.phase == CHAIN:
            return state.window
        return (state.turn, *state.window)

    def _legal_actions(self, state: ArithState, seat: int) -> tuple[ArithAction, ...]:
        """In index order (see :data:`~kakehiki.games.dobon_arith.rules.actions.ACTIONS`)."""
        if state.phase == OVER:
            return ()
        if state.phase == TURN and seat == state.turn:
            if state.staged:
                return tuple(stack_steps(state.hands[seat], state.staged))
            return self._turn_actions(state)
        if seat not in state.window:
            return ()
        # A seat in a window reaches the top card; only a resampled state may hold one that does not.
        return (DOBON, PASS) if state.field[-1].rank in state.reach[seat] else (PASS,)

    def _turn_actions(self, state: ArithState) -> tuple[ArithAction, ...]:
        """The turn seat's actions: they depend on its own hand and the table, never on
        whether another seat may call (C4)."""
        seat = state.turn
        hand = state.hands[seat]
        if not hand:
            return (DRAW,)  # A7: an empty hand must draw
        actions = turn_plays(hand, state.field[-1], state.suit, state.pending)
        actions.append(DRAW)
        if state.top_owner != seat and state.field[-1].rank in state.reach[seat]:
            actions.append(DOBON)
        if state.opening:
            actions.append(PASS)
        return tuple(actions)

    def turn_seat(self, state: ArithState) -> int | None:
        """The turn seat, awaited and timed by a host; none during a gaeshi chain (A5)."""
        return None if state.phase in (CHAIN, OVER) else state.turn

    def calls_open(self, state: ArithState) -> bool:
        """A Dobon awaiting gaeshi, or a new top card: what everybody sees.  A draw or a pass
        leaves the top as it was, so nobody has a new call."""
        if state.phase == CHAIN:
            return True
        return state.phase == TURN and (not state.log or isinstance(state.log[-1].action, Play))

    def reaction_seconds(self, state: ArithState) -> float:
        """Three seconds to answer a Dobon (as the JDA's gaeshi); a second on a new top card."""
        return 3.0 if state.phase == CHAIN else 1.0

    def yields_to_calls(self, state: ArithState, seat: int, action: ArithAction) -> bool:
        """The turn seat's ordinary move (anything but its own ``dobon``, which keeps its
        priority) waits for the other seats offered a call (C4, C5).  Of a play of several
        cards that is the first step, ``bottom``: it closes the window, and nobody is offered
        a call between the steps of one play (A2)."""
        return (state.phase == TURN and seat == state.turn and bool(state.window)
                and not isinstance(action, Dobon))

    def _check(self, state: ArithState, seat: int, action: ArithAction) -> None:
        if state.phase == OVER:
            raise IllegalActionError("A9", "the match is over")
        if state.staged and seat == state.turn:  # in the middle of one play: only its next step (A2)
            if not isinstance(action, Stack | Top):
                raise IllegalActionError("A2", f"seat {seat} is in the middle of a play begun with "
                                               f"{state.staged[0]}: stack or top next")
            check_step(state, seat, action)
            return
        match action:
            case Dobon():
                self._check_dobon(state, seat)
            case Pass():
                self._check_pass(state, seat)
            case _ if state.phase == CHAIN:
                raise IllegalActionError("A5", "a Dobon call is open to gaeshi: only dobon or pass now")
            case _ if seat != state.turn:
                raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
            case Play():
                check_play(state, seat, action)
            case Bottom():
                check_bottom(state, seat, action)
            case Stack() | Top():
                check_step(state, seat, action)  # refused: no play begun
            case Draw():
                pass
            case _:
                assert_never(action)

    def _check_dobon(self, state: ArithState, seat: int) -> None:
        """Every refusal depends on the seat's own hand, its own declines and the table only."""
        rank = state.field[-1].rank
        if not state.hands[seat]:
            raise IllegalActionError("A3", "an empty hand cannot call Dobon")
        if rank not in state.reach[seat]:
            raise IllegalActionError("A3", f"no expression of the whole hand with one operator makes {rank}")
        if state.phase == CHAIN:
            if seat in state.chain:
                raise IllegalActionError("A5", f"seat {seat} has already called in this chain")
            if seat not in state.window:
                raise IllegalActionError("C4", f"seat {seat} declined to answer this call")
            return
        if seat == state.top_owner:
            raise IllegalActionError("A4", "nobody may call Dobon on a card they played themselves")
        if seat != state.turn and seat not in state.window:
            raise IllegalActionError("C4", f"seat {seat} declined the call on this card")

    def _check_pass(self, state: ArithState, seat: int) -> None:
        if state.phase == TURN and seat == state.turn:
            if not state.opening:
                raise IllegalActionError("A2", "only the first turn of the game may pass; play or draw")
            return
        if seat not in state.window:
            raise IllegalActionError("C4", f"seat {seat} has no out-of-turn offer to decline")

    # -- acting ---------------------------------------------------------------
    def _apply(self, state: ArithState, seat: int, action: ArithAction) -> tuple[ArithState, tuple[Event, ...]]:
        d = Draft(state)
        match action:  # the cases are disjoint: the commonest first
            case Play() | Draw() | Dobon():
                move: Play | Draw | Dobon | Pass = action
            case Pass() if seat in state.window:
                # a decline is seen only by its seat (C4): it changes nothing else, not even the step count
                declined = turns.decline(d, seat)
                if declined is not None:
                    match.finish_game(d, declined)
                return d.finish()
            case Pass():
                move = action  # the opening turn's pass (A2)
            case Bottom() | Stack():
                turns.stage(d, seat, action.card)  # not a step: the play counts once, when finished (C7)
                return d.finish()
            case Top():
                move = Play((*state.staged, action.card), action.suit)
                d.staged = ()
            case _:
                assert_never(action)
        d.steps += 1
        outcome = _move(d, seat, move)
        if not isinstance(move, Dobon):
            turns.log_move(d, state, seat, move)
        if outcome is None and d.phase == TURN:
            turns.open_window(d)  # the turn seat's move closes any window; the next one is worked out anew
        if outcome is None and d.steps >= d.options.max_steps:
            outcome = RoundOutcome(winners=(), losers=(), reason="max_steps")
        if outcome is not None:
            match.finish_game(d, outcome)
        return d.finish()

    def parse_action(self, text: str) -> ArithAction:
        return parse_action(text)

    def parse_move(self, text: str) -> tuple[ArithAction, ...]:
        return moves.parse_move(text)

    def move_text(self, steps: Sequence[ArithAction]) -> str:
        return moves.move_text(steps)

    def continues(self, state: ArithState, seat: int, action: ArithAction) -> bool:
        return moves.continues(action)

    def _all_actions(self, state: ArithState) -> Sequence[ArithAction]:
        return ACTIONS

    def _space_key(self, state: ArithState) -> tuple[object, ...]:
        """One space for every table size and option set (235 actions)."""
        return ()

    # -- looking --------------------------------------------------------------
    def _view(self, state: ArithState, seat: int | None) -> ArithView:
        return build_view(state, seat)

    def _sample_hidden(self, state: ArithState, seat: int | None, rng: random.Random) -> ArithState:
        return sample_hidden(state, seat, rng)

    def result(self, state: ArithState) -> Result | None:
        if state.phase != OVER:
            return None
        ranks = match.match_ranks(state.wins, state.losses)
        scores = tuple(float(w - n) for w, n in zip(state.wins, state.losses, strict=True))
        return match_result(ranks, scores, state.outcomes)

    def all_cards(self, state: ArithState) -> tuple[Card, ...]:
        return tuple(c for h in state.hands for c in h) + state.stock + state.field


def _move(d: Draft, seat: int, action: Play | Draw | Dobon | Pass) -> RoundOutcome | None:
    match action:
        case Play():
            return turns.play(d, seat, action)
        case Draw():
            return turns.draw_for_turn(d, seat)
        case Dobon():
            return turns.call_dobon(d, seat)
        case Pass():
            return turns.pass_opening(d, seat)  # declining is handled before
        case _:
            assert_never(action)


DOBON_ARITH = DobonArithGame()
__all__ = ["DOBON_ARITH", "DobonArithGame", "legacy_actions", "legacy_v1_skips"]
