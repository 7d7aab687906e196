"""Doubt (Cheat, I Doubt It), declared once and registered as ``doubt``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, ClassVar

from kakehiki.cards import Card
from kakehiki.core import Event, Game, Result, RoundResult
from kakehiki.errors import IllegalActionError
from kakehiki.games.doubt import rules, sample
from kakehiki.games.doubt.actions import DOUBT, PASS, SINGLE, Doubt, DoubtAction, Play, parse_action
from kakehiki.games.doubt.draft import Draft
from kakehiki.games.doubt.state import OPTION_SPECS, OVER, PLAY, WINDOW, DoubtOptions, DoubtState
from kakehiki.games.doubt.view import DoubtView, build_view
from kakehiki.options import OptionSpec, OptionValue

WINDOW_ACTIONS: tuple[DoubtAction, ...] = (DOUBT, PASS)


class DoubtGame(Game[DoubtState, DoubtAction]):
    id: ClassVar[str] = "doubt"
    title_en: ClassVar[str] = "Doubt (Cheat / I Doubt It)"
    title_ja: ClassVar[str] = "ダウト"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[DoubtState, tuple[Event, ...]]:
        return rules.new_game(DoubtOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def actors(self, state: DoubtState) -> tuple[int, ...]:
        if state.phase == PLAY:
            return (state.turn,)
        return state.window  # empty once over

    def _legal_actions(self, state: DoubtState, seat: int) -> tuple[DoubtAction, ...]:
        if state.phase == PLAY:
            return self._plays(state.hands[seat], state.options.max_cards_per_play) if seat == state.turn else ()
        return WINDOW_ACTIONS if seat in state.window else ()

    @staticmethod
    def _plays(hand: tuple[Card, ...], most: int) -> tuple[DoubtAction, ...]:
        """Every distinct play of 1..``most`` cards from ``hand`` (several decks repeat faces)."""
        if most == 1:
            return tuple(SINGLE[c.index] for c in dict.fromkeys(hand))
        combos: dict[tuple[Card, ...], None] = {}
        for size in range(1, min(most, len(hand)) + 1):
            combos.update(dict.fromkeys(combinations(hand, size)))  # hand is sorted: so is each combination
        return tuple(SINGLE[c[0].index] if len(c) == 1 else Play(c) for c in combos)

    def _check(self, state: DoubtState, seat: int, action: DoubtAction) -> None:
        """Refuse ``action`` naming the ruling that forbids it (C6)."""
        if state.phase == OVER:
            assert state.outcome is not None
            ended_by = "C7" if state.outcome.reason == "max_steps" else "B6"
            raise IllegalActionError(ended_by, "the game is over")
        if isinstance(action, Play):
            self._check_play(state, seat, action.cards)
        elif state.phase != WINDOW:
            if seat == state.turn and not isinstance(action, Doubt):
                raise IllegalActionError("B3", "no passing: the seat to play must put down a card")
            raise IllegalActionError("B4", f"no play is waiting for a doubt; seat {state.turn} is to play")
        elif seat == state.turn:
            raise IllegalActionError("B4", "a seat cannot doubt or pass on its own play")
        elif seat in state.forfeited:
            raise IllegalActionError("B7", f"seat {seat} has forfeited and is out: it is offered no doubt")
        elif seat not in state.window:
            why = "only the next seat may call (cheat)" if state.options.cheat else "it has already answered"
            raise IllegalActionError("B4", f"seat {seat} is not offered this doubt: {why}")

    @staticmethod
    def _check_play(state: DoubtState, seat: int, cards: tuple[Card, ...]) -> None:
        if state.phase == WINDOW:
            raise IllegalActionError("B4", f"seat {state.turn}'s play awaits doubts: doubt or pass first")
        if seat != state.turn:
            raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
        most = state.options.max_cards_per_play
        if not cards:
            raise IllegalActionError("B3", "a play puts down at least one card")
        if len(cards) > most:
            raise IllegalActionError("B3", f"at most {most} card(s) per play, got {len(cards)}")
        held = Counter(c.index for c in state.hands[seat])
        held.subtract(c.index for c in cards)
        if any(n < 0 for n in held.values()):
            raise IllegalActionError("C6", f"seat {seat} does not hold {' '.join(map(str, cards))}")

    # -- acting ---------------------------------------------------------------
    def _apply(self, state: DoubtState, seat: int, action: DoubtAction) -> tuple[DoubtState, tuple[Event, ...]]:
        d = Draft(state)
        d.steps += 1
        if isinstance(action, Play):
            rules.play(d, seat, action.cards)
        elif isinstance(action, Doubt):
            rules.doubt(d, seat)
        else:
            rules.decline(d, seat)
        if d.outcome is None and d.steps >= d.options.max_steps and d.phase == PLAY:
            # C7, checked once no doubt window is open: hosts (and the driver) apply a window's
            # passes together, so a game never ends between two of them.
            rules.finish(d, None, "max_steps")
        return d.finish()

    def parse_action(self, text: str) -> DoubtAction:
        return parse_action(text)

    # -- looking --------------------------------------------------------------
    def _view(self, state: DoubtState, seat: int | None) -> DoubtView:
        return build_view(state, seat)

    def _sample_hidden(self, state: DoubtState, seat: int | None, rng: random.Random) -> DoubtState:
        return sample.sample_hidden(state, seat, rng)

    def result(self, state: DoubtState) -> Result | None:
        o = state.outcome
        if o is None:
            return None
        scores = tuple(1.0 if s in o.winners else -1.0 if s in o.losers else 0.0 for s in range(state.players))
        rounds = (RoundResult(o.winners, o.losers, o.reason),)
        return Result(o.winners, o.losers, o.ranks, scores, o.reason, rounds)

    def players(self, state: DoubtState) -> int:
        return state.players

    def round_of(self, state: DoubtState) -> int:
        return 0

    def record_header(self, state: DoubtState) -> dict[str, Any]:
        header: dict[str, Any] = {"options": state.options.to_values(), "seed": state.seed}
        if state.deck is not None:
            header["deck"] = [str(c) for c in state.deck]
        return header

    def all_cards(self, state: DoubtState) -> tuple[Card, ...]:
        return tuple(c for h in state.hands for c in h) + tuple(c for e in state.pile for c in e.cards) + state.discard


DOUBT_GAME = DoubtGame()
__all__ = ["DOUBT_GAME", "DoubtGame", "DoubtView"]
