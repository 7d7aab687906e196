"""Million Doubt, declared once and registered as ``million-doubt``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, assert_never

from kakehiki.base import StandardGame
from kakehiki.cards import CARD_ORDER, Card
from kakehiki.core import Event, Result
from kakehiki.errors import IllegalActionError
from kakehiki.games.million_doubt.rules import flow, legal, match, moves
from kakehiki.games.million_doubt.rules.actions import HIDE as HIDE_CARD
from kakehiki.games.million_doubt.rules.actions import (
    PLAY,
    Done,
    Doubt,
    Give,
    Hide,
    MillionDoubtAction,
    Pass,
    Play,
    Show,
    Undo,
    all_actions,
    legacy_actions,
    parse_action,
)
from kakehiki.games.million_doubt.rules.draft import Draft
from kakehiki.games.million_doubt.rules.lays import Lay
from kakehiki.games.million_doubt.rules.plays import sort_cards
from kakehiki.games.million_doubt.rules.rulesets import LABELS, RULE_SETS
from kakehiki.games.million_doubt.rules.state import (
    DOUBT,
    HIDE,
    OPTION_SPECS,
    OVER,
    TURN,
    Claim,
    FieldPlay,
    MillionDoubtOptions,
    MillionDoubtState,
    RoundOutcome,
    largest_hand,
)
from kakehiki.games.million_doubt.rules.view import MillionDoubtView, build_view
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rulesets import OptionLabel, RuleSet


class MillionDoubtGame(StandardGame[MillionDoubtState, MillionDoubtAction, MillionDoubtView]):
    id: ClassVar[str] = "million-doubt"
    title_en: ClassVar[str] = "Million Doubt"
    title_ja: ClassVar[str] = "ミリオンダウト"
    version: ClassVar[int] = 3  # 3: the deal option; 2: one card per action (legacy_actions reads 1)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(
        self, players: int, options: dict[str, OptionValue], seed: int, deck: tuple[Card, ...] | None
    ) -> tuple[MillionDoubtState, tuple[Event, ...]]:
        return match.new_match(MillionDoubtOptions.from_values(options), players, seed, deck)

    # -- asking ---------------------------------------------------------------
    def actors(self, state: MillionDoubtState) -> tuple[int, ...]:
        return legal.actors(state)

    def calls_open(self, state: MillionDoubtState) -> bool:
        """The doubt window after a face-down play (M6), as everybody sees it."""
        return state.phase == DOUBT

    def reaction_seconds(self, state: MillionDoubtState) -> float:
        """Long enough to weigh a doubt; a window closes as soon as every person has answered."""
        return 4.0

    def turn_seat(self, state: MillionDoubtState) -> int | None:
        """The seat to lead, play, hide or give, awaited and timed by a host; none while
        Doubt is offered (every seat asked may decline)."""
        actors = legal.actors(state)
        return None if state.phase == DOUBT or not actors else actors[0]

    def _legal_actions(self, state: MillionDoubtState, seat: int) -> tuple[MillionDoubtAction, ...]:
        return legal.legal_actions(state, seat)

    def _check(self, state: MillionDoubtState, seat: int, action: MillionDoubtAction) -> None:
        legal.check(state, seat, action)

    # -- acting ---------------------------------------------------------------
    def _apply(
        self, state: MillionDoubtState, seat: int, action: MillionDoubtAction
    ) -> tuple[MillionDoubtState, tuple[Event, ...]]:
        d = Draft(state)
        _step(d, seat, action)
        return d.finish()

    def apply_lay(
        self, state: MillionDoubtState, seat: int, lay: Lay, down: Sequence[Card] = ()
    ) -> tuple[MillionDoubtState, tuple[Event, ...]]:
        """A whole play at once, its face-down cards being ``down``: the same as applying
        ``lay.steps(down)`` one by one, without listing the plays of the hand to check each step
        (what a search's rollouts need).  Only at the start of a turn; illegal plays raise."""
        self.check_seat(state, seat)
        legal.check_lay(state, seat, lay, tuple(down))
        d = Draft(state)
        actions = len(lay.up) + 1 + lay.hidden
        if d.steps + actions - 1 >= d.options.max_steps:  # the step limit falls inside the play
            for action in lay.steps(down):
                _step(d, seat, action)
                if d.phase == OVER:
                    break
            return d.finish()
        # Only the last step can end anything: take the others at once.
        d.steps += actions - 1
        if lay.hidden:
            flow.announce(d, Claim(lay.up, lay.hidden, lay.revolution))
            named = sort_cards(down)
            d.hiding = named[:-1]
            _step(d, seat, HIDE_CARD[named[-1]])
        else:
            d.laying = lay.up
            _step(d, seat, PLAY)
        return d.finish()

    def legacy_options(self, version: int, options: dict[str, Any]) -> dict[str, Any]:
        """Before version 3 every game dealt seven cards, plain play too (``deal`` came with 3)."""
        return options if version >= 3 or "deal" in options else {**options, "deal": "seven"}

    def parse_action(self, text: str) -> MillionDoubtAction:
        return parse_action(text)

    def parse_move(self, text: str) -> tuple[MillionDoubtAction, ...]:
        return moves.parse_move(text)

    def move_text(self, steps: Sequence[MillionDoubtAction]) -> str:
        return moves.move_text(steps)

    def continues(self, state: MillionDoubtState, seat: int, action: MillionDoubtAction) -> bool:
        return moves.continues(state, action)

    def _all_actions(self, state: MillionDoubtState) -> Sequence[MillionDoubtAction]:
        """See games/million_doubt/spec.md: ``play *N`` runs to the largest hand a seat may hold."""
        return all_actions(max(largest_hand(state.options, state.players), state.options.burst_at - 1))

    # -- looking --------------------------------------------------------------
    def _view(self, state: MillionDoubtState, seat: int | None) -> MillionDoubtView:
        return build_view(state, seat)

    def _sample_hidden(self, state: MillionDoubtState, seat: int | None, rng: random.Random) -> MillionDoubtState:
        """Deal anew every card ``seat`` cannot see: the unknown part of other hands (not the cards
        known to be there), other seats' face-down cards (on the field and gone), and the cards set
        aside; every count stays.  Another seat's play in the making (the cards it has shown or
        named so far) is unseen too: the sample has it not yet begun (nor counted in ``steps``).

        The sample carries nothing hidden from ``seat``: no seed (it deals the later games), no
        explicit deck; the cards are gathered in card order before the shuffle, so states that
        differ only in what ``seat`` cannot see give the same sample for the same generator."""
        others = [s for s in range(state.players) if s != seat]
        shown = {s: state.known[s] for s in others}
        unknown = {s: _without(state.hands[s], shown[s]) for s in others}
        pool = [c for s in others for c in unknown[s]] + list(state.aside)
        pool += [c for p in state.field if p.seat != seat for c in p.down]
        pool += [c for s, c in state.gone_down if s != seat]
        pool.sort(key=CARD_ORDER)
        rng.shuffle(pool)
        d = Draft(state)
        d.seed, d.deck = 0, None

        def draw(count: int) -> tuple[Card, ...]:
            nonlocal pool
            taken, pool = tuple(pool[:count]), pool[count:]
            return taken

        for s in others:
            d.hands[s] = sort_cards(shown[s] + draw(len(unknown[s])))
        d.field = tuple(p if p.seat == seat else FieldPlay(p.seat, p.up, sort_cards(draw(len(p.down))), p.revolution)
                        for p in state.field)
        d.gone_down = tuple((s, c) if s == seat else (s, draw(1)[0]) for s, c in state.gone_down)
        d.aside = draw(len(state.aside))
        if state.turn != seat and state.phase in (TURN, HIDE):
            begun = len(state.laying) if state.claim is None else len(state.claim.up) + 1 + len(state.hiding)
            d.steps -= begun  # actions nobody else has seen yet
            d.phase, d.laying, d.claim, d.hiding = TURN, (), None, ()
        return d.freeze()

    def result(self, state: MillionDoubtState) -> Result | None:
        return match.match_result(state) if state.phase == OVER else None

    def all_cards(self, state: MillionDoubtState) -> tuple[Card, ...]:
        return (
            tuple(c for h in state.hands for c in h) + state.aside + state.gone
            + tuple(c for _, c in state.gone_down) + tuple(c for p in state.field for c in p.cards)
            + state.pool + state.given
        )


def _without(cards: tuple[Card, ...], removed: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` less ``removed`` (a multiset difference; each must be there)."""
    left = list(cards)
    for card in removed:
        left.remove(card)
    return tuple(left)


def _step(d: Draft, seat: int, action: MillionDoubtAction) -> None:
    """One action, checked already.  ``steps`` (C7's ``max_steps``) counts every action, each card
    shown or named included."""
    d.steps += 1
    match action:
        case Show():
            flow.show(d, action.card)
        case Hide():
            flow.hide_card(d, seat, action.card)
        case Play():
            flow.end_showing(d, seat, action.hidden, action.revolution)
        case Pass():
            if d.phase == DOUBT:
                flow.decline_doubt(d, seat)
            else:
                flow.pass_turn(d, seat)
        case Give():
            flow.give_card(d, action.card)
        case Doubt():
            flow.doubt(d, seat)
        case Done():
            flow.settle(d)
        case Undo():
            flow.take_back(d, seat)
        case _:
            assert_never(action)
    if d.phase != OVER and flow.over(d):
        match.finish_game(d, match.outcome_of(d))
    if d.phase != OVER and d.steps >= d.options.max_steps:
        match.finish_game(d, RoundOutcome(winners=(), losers=(), reason=match.DRAW_REASON))


MILLION_DOUBT = MillionDoubtGame()
__all__ = ["MILLION_DOUBT", "IllegalActionError", "MillionDoubtGame", "MillionDoubtView", "legacy_actions"]
