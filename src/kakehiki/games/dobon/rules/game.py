"""Dobon under the JDA rules, declared once and registered as ``dobon``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import ClassVar, assert_never

from kakehiki.base import StandardGame, match_result
from kakehiki.cards import Card
from kakehiki.core import Event, Result
from kakehiki.errors import IllegalActionError, NotationError
from kakehiki.games.dobon.rules import match, sample, turns
from kakehiki.games.dobon.rules.actions import (
    DELAY,
    DOBON_OF,
    DRAW,
    PASS,
    PLAY_OF,
    Delay,
    Dobon,
    DobonAction,
    Draw,
    Pass,
    Play,
    parse_action,
)
from kakehiki.games.dobon.rules.draft import Draft
from kakehiki.games.dobon.rules.rulesets import LABELS, RULE_SETS
from kakehiki.games.dobon.rules.state import CHAIN, OPTION_SPECS, OVER, TURN, DobonOptions, DobonState, RoundOutcome
from kakehiki.games.dobon.rules.view import DobonView, build_view
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rulesets import OptionLabel, RuleSet

BASIC_PLAY = "JDA-5"  # the source's rule 5: match the field card's suit or number
WAITING_FOR_GAESHI = "a Dobon call is waiting for gaeshi; only dobon or pass now"


class DobonGame(StandardGame[DobonState, DobonAction, DobonView]):
    id: ClassVar[str] = "dobon"
    title_en: ClassVar[str] = "Dobon (JDA rules)"
    title_ja: ClassVar[str] = "ドボン（JDA制定ルール）"
    version: ClassVar[int] = 3
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 16
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[DobonState, tuple[Event, ...]]:
        return match.new_match(DobonOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def actors(self, state: DobonState) -> tuple[int, ...]:
        """The turn seat first, then the other seats with an out-of-turn claim by priority
        (C4); during a gaeshi window only the seats that may answer (J8)."""
        if state.phase == OVER:
            return ()
        if state.phase == CHAIN:
            return state.window
        return (state.turn, *state.window)

    def _legal_actions(self, state: DobonState, seat: int) -> tuple[DobonAction, ...]:
        if state.phase == OVER:
            return ()
        if seat in state.window:
            return self._window_actions(state, seat)
        return self._turn_actions(state) if state.phase == TURN and seat == state.turn else ()

    def _window_actions(self, state: DobonState, seat: int) -> tuple[DobonAction, ...]:
        actions: list[DobonAction] = []
        hand, rank = state.hands[seat], state.field[-1].rank
        if state.phase != CHAIN and len(hand) >= 2:
            actions.extend(PLAY_OF[c.index] for c in _distinct(c for c in hand if c.rank == rank))
        if state.sums[seat] == rank:
            actions.extend(DOBON_OF[c.index] for c in _distinct(hand))
        actions.append(PASS)
        return tuple(actions)

    def _turn_actions(self, state: DobonState) -> tuple[DobonAction, ...]:
        """The turn seat's choices, whoever else may claim: they depend on its hand alone (C4)."""
        seat = state.turn
        hand, top = state.hands[seat], state.field[-1]
        actions: list[DobonAction] = []
        if len(hand) >= 2:
            if state.pending:
                playable = (c for c in hand if c.rank == 2)
            else:
                playable = (c for c in hand if c.suit == top.suit or c.rank == top.rank)
            actions.extend(PLAY_OF[c.index] for c in _distinct(playable))
        actions.append(DRAW)
        if state.sums[seat] == top.rank:
            actions.extend(DOBON_OF[c.index] for c in _distinct(hand))
        return tuple(actions)

    def _all_actions(self, state: DobonState) -> tuple[DobonAction, ...]:
        """``play X`` for the 52 faces (0–51), ``draw`` (52), ``dobon top=X`` (53–104), ``pass`` (105).

        Hands are kept in card order, so every offer is already in index order."""
        return (*PLAY_OF[:52], DRAW, *DOBON_OF[:52], PASS)

    def turn_seat(self, state: DobonState) -> int | None:
        """The turn seat, awaited and timed by a host; none while a Dobon awaits gaeshi (J8)."""
        return None if state.phase in (CHAIN, OVER) else state.turn

    def timeout_move(self, state: DobonState, seat: int) -> tuple[bool, DobonAction | str]:
        """Under the official rules a slow turn seat takes the host's ``delay`` penalty (J14);
        otherwise it draws, as the core's default does."""
        if state.options.official and state.phase != CHAIN and seat == state.turn:
            return True, "delay"
        return super().timeout_move(state, seat)

    def calls_open(self, state: DobonState) -> bool:
        """A Dobon awaiting gaeshi, or a new top card (turned, played, interrupted): what
        everybody sees.  A draw leaves the top as it was, so nobody has a new call (J5, J7)."""
        if state.phase == CHAIN:
            return True
        return state.phase == TURN and (not state.log or state.log[-1].kind in ("turned", "play", "interrupt"))

    def reaction_seconds(self, state: DobonState) -> float:
        """The JDA text's three seconds to answer a Dobon with gaeshi (J8, C5); a second to
        call on a new top card, which every person may also close sooner with ``pass``."""
        return 3.0 if state.phase == CHAIN else 1.0

    def yields_to_calls(self, state: DobonState, seat: int, action: DobonAction) -> bool:
        """The turn seat's draw, or its play of another number than the top's, waits for the
        other seats' claims on this state (C4).  Its Dobon and its same-number play are claims
        themselves and keep its priority; a gaeshi window has no turn moves."""
        if state.phase != TURN or seat != state.turn or not state.window:
            return False
        match action:
            case Draw():
                return True
            case Play():
                return action.card.rank != state.field[-1].rank
            case Dobon() | Pass() | Delay():
                return False
            case _:
                assert_never(action)

    def _check(self, state: DobonState, seat: int, action: DobonAction) -> None:
        # Every refusal depends only on the public state and ``seat``'s own hand and choices,
        # never on whether another seat may claim (C4: who is asked is never shown).
        if state.phase == OVER:
            raise IllegalActionError("J13", "the match is over")
        match action:  # the cases are disjoint: the commonest first
            case Play():
                if state.phase == CHAIN:
                    raise IllegalActionError("J8", WAITING_FOR_GAESHI)
                self._check_play(state, seat, action.card)
            case Draw():
                if state.phase == CHAIN:
                    raise IllegalActionError("J8", WAITING_FOR_GAESHI)
                if seat != state.turn:
                    raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
            case Dobon():
                self._check_dobon(state, seat, action.top)
            case Pass():
                if seat not in state.window:
                    raise IllegalActionError("C4", f"seat {seat} has no out-of-turn offer to decline")
            case Delay():
                raise IllegalActionError("C5", "the delay penalty (J14) is the host's action, not a seat's")
            case _:
                assert_never(action)

    def _check_dobon(self, state: DobonState, seat: int, top: Card) -> None:
        rank = state.field[-1].rank
        if state.sums[seat] != rank:
            raise IllegalActionError("J1", f"hand sum {state.sums[seat]} does not equal the field card's {rank}")
        if seat not in state.window and (state.phase == CHAIN or seat != state.turn):
            # the hand matches, so the seat was offered this call and declined it (C4)
            raise IllegalActionError("C4", f"seat {seat} declined this call; it is offered again after the next change")
        if top not in state.hands[seat]:
            raise IllegalActionError("J8", f"the chosen top card {top} is not in the hand")

    def _check_play(self, state: DobonState, seat: int, card: Card) -> None:
        hand, top = state.hands[seat], state.field[-1]
        if card not in hand:
            raise IllegalActionError("C6", f"seat {seat} does not hold {card}")
        if len(hand) < 2:
            raise IllegalActionError("J7", "a play may not leave the hand empty; draw or call Dobon")
        if seat == state.turn:
            if state.pending and card.rank != 2:
                raise IllegalActionError("J6", f"twos are pending ({state.pending}): play a 2 or draw")
            if card.suit != top.suit and card.rank != top.rank:
                raise IllegalActionError(BASIC_PLAY, f"{card} matches neither the suit nor the number of {top}")
            return
        if seat not in state.window:
            raise IllegalActionError(
                "C4", f"it is seat {state.turn}'s turn; seat {seat} has no interrupt to make now (or declined it)")
        if card.rank != top.rank:
            raise IllegalActionError("J5", f"out of turn only the field card's number ({top.rank}) may be played")

    # -- acting ---------------------------------------------------------------
    def _apply(self, state: DobonState, seat: int, action: DobonAction) -> tuple[DobonState, tuple[Event, ...]]:
        d = Draft(state)
        passed = isinstance(action, Pass)
        if not passed:
            d.steps += 1  # a pass is seen by nobody else, so it is no step of the public count (C4, C7)
        return _settle(d, _move(d, seat, action), reopen=not passed)

    host_actions: ClassVar[tuple[str, ...]] = ("delay",)

    def apply_host(self, state: DobonState, action: str) -> tuple[DobonState, tuple[Event, ...]]:
        """The host's ``delay`` (J14, official rules): the turn seat, too slow, draws 2 and
        pays any pending twos, and its turn passes.  No seat can apply it (C5)."""
        if not isinstance(action, str) or action.strip().lower() != "delay":
            return super().apply_host(state, action if isinstance(action, str) else repr(action))
        if state.phase == OVER:
            raise IllegalActionError("J13", "the match is over")
        if not state.options.official:
            raise IllegalActionError("J14", "the delay penalty is an official rule (official=true)")
        if state.phase == CHAIN:
            raise IllegalActionError("J8", "a Dobon call is waiting for gaeshi: no turn to penalise")
        d = Draft(state)
        d.steps += 1
        return _settle(d, turns.delay_penalty(d, state.turn), reopen=True)

    def parse_action(self, text: str) -> DobonAction:
        return parse_action(text)

    # -- looking --------------------------------------------------------------
    def _view(self, state: DobonState, seat: int | None) -> DobonView:
        return build_view(state, seat)

    def _sample_hidden(self, state: DobonState, seat: int | None, rng: random.Random) -> DobonState:
        return sample.sample_hidden(state, seat, rng)

    def result(self, state: DobonState) -> Result | None:
        if state.phase != OVER:
            return None
        ranks = match.match_ranks(state.laps, state.deal_counts)
        scores = [0.0] * state.players
        for o in state.outcomes:
            for s in o.winners:
                scores[s] += 1
            for s in o.losers:
                scores[s] -= 1
        return match_result(ranks, tuple(scores), state.outcomes)

    def all_cards(self, state: DobonState) -> tuple[Card, ...]:
        return tuple(c for h in state.hands for c in h) + state.stock + state.field

    # -- host hooks -------------------------------------------------------------
    def request_stop(self, state: DobonState) -> DobonState:
        """A host's time limit is up: end the match after the current game,
        once ``min_games`` have been played (J13).  Not an action of any seat."""
        d = Draft(state)
        d.stop_requested = True
        return d.freeze()


def _move(d: Draft, seat: int, action: DobonAction) -> RoundOutcome | None:
    match action:
        case Play():
            return turns.play(d, seat, action.card)
        case Draw():
            return turns.draw_for_turn(d, seat)
        case Dobon():
            return turns.call_dobon(d, seat, action.top)
        case Pass():
            return turns.decline(d, seat)
        case Delay():  # refused by _check: the host's delay comes through apply_host
            raise IllegalActionError("C5", "the delay penalty (J14) is the host's action, not a seat's")
        case _:
            assert_never(action)


def _settle(d: Draft, outcome: RoundOutcome | None, reopen: bool) -> tuple[DobonState, tuple[Event, ...]]:
    """After a move: offer the claims the new state allows (a pass only leaves the window),
    apply the step limit (C7), and end the game if it is over."""
    if outcome is None and reopen and d.phase != CHAIN:
        turns.open_window(d)
    if outcome is None and d.steps >= d.options.max_steps:
        outcome = RoundOutcome(winners=(), losers=(), reason="max_steps")
    if outcome is not None:
        match.finish_game(d, outcome)
    return d.finish()


def legacy_v1_skips(state: DobonState, seat: int, action: DobonAction | str) -> bool:
    """Whether a version-1 record's action is a turn seat's ``pass`` in a window: under
    version 1 the turn seat joined the window when others could claim, and its pass was
    a no-op wait for them.  Version 2 never asks it that, so replays skip such a pass."""
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except NotationError:
            return False
    return isinstance(action, Pass) and state.phase == TURN and seat == state.turn


def _distinct(cards: Iterable[Card]) -> Iterable[Card]:
    """Each card face once (several decks hold the same card twice), in hand order."""
    return dict.fromkeys(cards)


DOBON = DobonGame()
__all__ = ["DELAY", "DOBON", "DobonGame", "DobonView", "legacy_v1_skips"]
