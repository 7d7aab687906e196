"""Doubt (Cheat, I Doubt It), declared once and registered as ``doubt``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, assert_never

from kakehiki.base import StandardGame
from kakehiki.cards import CARDS, Card
from kakehiki.core import Event, Result, RoundResult
from kakehiki.errors import IllegalActionError
from kakehiki.games.doubt.rules import events as ev
from kakehiki.games.doubt.rules import flow, moves, sample
from kakehiki.games.doubt.rules.actions import (
    ADDS,
    DOUBT,
    PASS,
    PLAYS,
    Add,
    Doubt,
    DoubtAction,
    Pass,
    Play,
    parse_action,
)
from kakehiki.games.doubt.rules.draft import Draft
from kakehiki.games.doubt.rules.legacy import legacy_actions, legacy_options
from kakehiki.games.doubt.rules.rulesets import LABELS, RULE_SETS
from kakehiki.games.doubt.rules.state import OPTION_SPECS, OVER, PLAY, WINDOW, DoubtOptions, DoubtState
from kakehiki.games.doubt.rules.view import DoubtView, build_view
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rulesets import OptionLabel, RuleSet

WINDOW_ACTIONS: tuple[DoubtAction, ...] = (DOUBT, PASS)


class DoubtGame(StandardGame[DoubtState, DoubtAction, DoubtView]):
    id: ClassVar[str] = "doubt"
    title_en: ClassVar[str] = "Doubt (Cheat / I Doubt It)"
    title_ja: ClassVar[str] = "ダウト"
    version: ClassVar[int] = 3  # 3: piles taken unseen (B5, show_pile); 2: one card per action
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[DoubtState, tuple[Event, ...]]:
        return flow.new_game(DoubtOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def actors(self, state: DoubtState) -> tuple[int, ...]:
        if state.phase == PLAY:
            return (state.turn,)
        return state.window  # empty once over

    def calls_open(self, state: DoubtState) -> bool:
        """The doubt window after every play (B4): every other seat may doubt, as everybody knows."""
        return state.phase == WINDOW

    def reaction_seconds(self, state: DoubtState) -> float:
        """Long enough to weigh a doubt; a window closes as soon as every person has answered."""
        return 4.0

    def turn_seat(self, state: DoubtState) -> int | None:
        """The seat to play, awaited and timed by a host; none while the doubt window is open
        (every seat offered may decline, B4)."""
        return state.turn if state.phase == PLAY else None

    def _legal_actions(self, state: DoubtState, seat: int) -> tuple[DoubtAction, ...]:
        if state.phase == PLAY:
            return self._plays(state) if seat == state.turn else ()
        return WINDOW_ACTIONS if seat in state.window else ()

    @staticmethod
    def _plays(state: DoubtState) -> tuple[DoubtAction, ...]:
        """The turn seat's next card: ``play`` any card it has left (not before the last one set
        aside: a play's cards go down in card order), and while the play has room for another
        card, ``add`` any that leaves one to finish with.  In index order: plays, then adds."""
        hand, most = state.hands[state.turn], state.options.max_cards_per_play
        if most == 1:
            return tuple(PLAYS[c.index] for c in dict.fromkeys(hand))  # hand is sorted: so are the plays
        picked = state.picked
        rest = _left(hand, picked)
        if picked:
            floor = picked[-1].index
            rest = tuple(c for c in rest if c.index >= floor)
        faces = tuple(dict.fromkeys(rest))
        plays: tuple[DoubtAction, ...] = tuple(PLAYS[c.index] for c in faces)
        if len(picked) + 1 >= most:
            return plays
        size = len(rest)
        adds = tuple(ADDS[c.index] for i, c in enumerate(rest) if size - i >= 2 and (i == 0 or rest[i - 1] != c))
        return plays + adds

    def _check(self, state: DoubtState, seat: int, action: DoubtAction) -> None:
        """Refuse ``action`` naming the ruling that forbids it (C6)."""
        if state.phase == OVER:
            ended_by = "C7" if state.outcomes[0].reason == "max_steps" else "B6"
            raise IllegalActionError(ended_by, "the game is over")
        match action:  # the window's answers first: they are most of the steps
            case Doubt() | Pass():  # only a seat offered the doubt on the play just made (B4, C4)
                if state.phase != WINDOW:
                    if seat == state.turn and isinstance(action, Pass):
                        raise IllegalActionError("B3", "no passing: the seat to play must put down a card")
                    raise IllegalActionError("B4", f"no play is waiting for a doubt; seat {state.turn} is to play")
                if seat == state.turn:
                    raise IllegalActionError("B4", "a seat cannot doubt or pass on its own play")
                if seat in state.forfeited:
                    raise IllegalActionError("B7", f"seat {seat} has forfeited and is out: it is offered no doubt")
                if seat not in state.window:
                    why = "only the next seat may call (cheat)" if state.options.cheat else "it has already answered"
                    raise IllegalActionError("B4", f"seat {seat} is not offered this doubt: {why}")
            case Play() | Add():
                self._check_card(state, seat, action)
            case _:
                assert_never(action)

    @staticmethod
    def _check_card(state: DoubtState, seat: int, action: Play | Add) -> None:
        """A card put down: only the seat to play, and only it learns about the cards it set aside."""
        if state.phase == WINDOW:
            raise IllegalActionError("B4", f"seat {state.turn}'s play awaits doubts: doubt or pass first")
        if seat != state.turn:
            raise IllegalActionError("C2", f"it is seat {state.turn}'s turn, not seat {seat}'s")
        most, picked, card = state.options.max_cards_per_play, state.picked, action.card
        if isinstance(action, Add) and len(picked) + 1 >= most:
            if most == 1:
                raise IllegalActionError("B3", "one card per play (max_cards_per_play is 1): put it down with play")
            raise IllegalActionError("B3", f"at most {most} cards per play: put the last one down with play")
        rest = _left(state.hands[seat], picked)
        if card not in rest:
            again = " more" if card in picked else ""
            raise IllegalActionError("C6", f"seat {seat} holds no{again} {card} to put down")
        if picked and card.index < picked[-1].index:
            raise IllegalActionError("B3", f"a play's cards go down in card order: after {picked[-1]} comes "
                                           f"{picked[-1]} or a later card")
        if isinstance(action, Add) and sum(1 for c in rest if c.index >= card.index) < 2:
            raise IllegalActionError("B3", f"no card would be left to finish the play after {card} "
                                           "(in card order): put it down with play")

    # -- acting ---------------------------------------------------------------
    def _apply(self, state: DoubtState, seat: int, action: DoubtAction) -> tuple[DoubtState, tuple[Event, ...]]:
        d = Draft(state)
        match action:  # the most frequent first: a window's passes, plays, doubts, cards set aside
            case Pass():
                d.steps += 1
                flow.decline(d, seat)
            case Play(card=card):
                d.steps += 1
                d.picked = ()
                flow.play(d, seat, (*state.picked, card))
            case Doubt():
                d.steps += 1
                flow.doubt(d, seat)
            case Add(card=card):  # a sub-decision: not a step (C7), seen by this seat alone
                d.picked = (*state.picked, card)
                d.events.append(ev.Added(seat, card))
                return d.finish()
            case _:
                assert_never(action)
        if not d.outcomes and d.steps >= d.options.max_steps and d.phase == PLAY:
            # C7, checked once no doubt window is open: hosts (and the driver) apply a window's
            # passes together, so a game never ends between two of them.
            flow.finish(d, None, "max_steps")
        limit = d.options.round_limit
        if limit and not d.outcomes and d.phase == PLAY and d.plays >= limit * d.players:
            flow.finish_at_round_limit(d)  # checked, like C7, once no doubt window is open
        return d.finish()

    def legacy_options(self, version: int, options: dict[str, Any]) -> dict[str, Any]:
        return legacy_options(version, options)

    def parse_action(self, text: str) -> DoubtAction:
        return parse_action(text)

    def parse_move(self, text: str) -> tuple[DoubtAction, ...]:
        return moves.parse_move(text)

    def move_text(self, steps: Sequence[DoubtAction]) -> str:
        return moves.move_text(steps)

    def continues(self, state: DoubtState, seat: int, action: DoubtAction) -> bool:
        return moves.continues(action)

    # -- looking --------------------------------------------------------------
    def _view(self, state: DoubtState, seat: int | None) -> DoubtView:
        return build_view(state, seat)

    def _sample_hidden(self, state: DoubtState, seat: int | None, rng: random.Random) -> DoubtState:
        return sample.sample_hidden(state, seat, rng)

    def result(self, state: DoubtState) -> Result | None:
        if not state.outcomes:
            return None
        o = state.outcomes[0]
        scores = tuple(1.0 if s in o.winners else -1.0 if s in o.losers else 0.0 for s in range(state.players))
        rounds = (RoundResult(o.winners, o.losers, o.reason),)
        return Result(o.winners, o.losers, o.ranks, scores, o.reason, rounds)

    def _all_actions(self, state: DoubtState) -> Sequence[DoubtAction]:
        """``play`` each card face of the game (the joker last, with ``jokers``), then with
        ``max_cards_per_play`` > 1 ``add`` each, then ``doubt`` and ``pass`` (games/doubt/spec.md)."""
        faces = CARDS if state.options.jokers else CARDS[:52]
        adds = [ADDS[c.index] for c in faces] if state.options.max_cards_per_play > 1 else []
        return [*(PLAYS[c.index] for c in faces), *adds, DOUBT, PASS]

    def all_cards(self, state: DoubtState) -> tuple[Card, ...]:
        return tuple(c for h in state.hands for c in h) + tuple(c for e in state.pile for c in e.cards) + state.discard


def _left(hand: tuple[Card, ...], picked: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less the cards set aside (both in card order)."""
    if not picked:
        return hand
    rest = list(hand)
    for card in picked:
        rest.remove(card)
    return tuple(rest)


DOUBT_GAME = DoubtGame()
__all__ = ["DOUBT_GAME", "DoubtGame", "DoubtView", "legacy_actions"]
