"""Daifugo, declared once and registered as ``daifugo``: the deal, the exchange, the tricks, the match.

>>> state = DAIFUGO.new(players=4, seed=1)
>>> DAIFUGO.actors(state)
(2,)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from kakehiki.base import StandardGame, match_result
from kakehiki.cards import CARD_ORDER, JOKER, Card, make_deck, shuffled
from kakehiki.core import Dealt, Event, Result
from kakehiki.errors import IllegalActionError, OptionError
from kakehiki.games.daifugo.rules.draft import Draft
from kakehiki.games.daifugo.rules.model import (
    ALL_ACTIONS,
    EXCHANGE,
    GAME_ID,
    GIVE,
    OPTION_SPECS,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    SHOW,
    TURN,
    Cleared,
    DaifugoAction,
    DaifugoOptions,
    DaifugoState,
    DaifugoView,
    ElevenBack,
    Fell,
    FieldPlay,
    Finished,
    GameEnded,
    Gave,
    Give,
    Locked,
    Pass,
    Passed,
    Play,
    Played,
    Revolution,
    RoundOutcome,
    Show,
    Starts,
    parse_action,
    points_for,
    title_of,
)
from kakehiki.games.daifugo.rules.plays import (
    GROUP,
    SHAPE_NAMES,
    SINGLE,
    TOP,
    beats,
    card_key,
    has_rank,
    is_revolution,
    keeps_lock,
    readings,
    shaped_sets,
    sort_cards,
    strongest,
    suits_of,
)
from kakehiki.games.daifugo.rules.rulesets import LABELS, RULE_SETS
from kakehiki.moves import cards_of, check_copies, check_round_trip, words_of
from kakehiki.options import OptionSpec, OptionValue
from kakehiki.rng import derive
from kakehiki.rulesets import OptionLabel, RuleSet

DIAMOND3 = Card.parse("D3")
SPADE3 = Card.parse("S3")
DRAW_REASON = "max_steps"


# -- what may be played -----------------------------------------------------------------------------


def fits(state: DaifugoState, cards: tuple[Card, ...]) -> tuple[int, int] | None:
    """The (shape, level) ``cards`` would be played as on the field now, or ``None`` if they may not be."""
    last = state.field[-1] if state.field else None
    return fits_on(cards, None if last is None else (last.cards, last.shape, last.level), state.lock, state.strict,
                   state.reversed_order, state.options.spade3)


def fits_on(cards: tuple[Card, ...], last: tuple[tuple[Card, ...], int, int] | None, lock: frozenset[str] | None,
            strict: bool, reversed_order: bool, spade3: bool) -> tuple[int, int] | None:
    """Whether ``cards`` may follow ``last`` (its cards, shape and level; ``None``: a lead), and as what.

    A lead takes any shape (a play readable as a group and as stairs is a group); a follow must
    have the last play's shape and size and beat it (F3), keep to a lock (F7) and, under a strict
    lock, be exactly one rank stronger; a lone spade 3 beats a lone joker (F4).  The seat takes
    the strongest reading its cards allow."""
    found = [(shape, level) for shape, level in readings(cards) if keeps_lock(cards, shape, lock)]
    if not found:
        return None
    if last is None:
        shape = min(s for s, _ in found)
        return shape, strongest((lv for s, lv in found if s == shape), reversed_order)
    last_cards, last_shape, last_level = last
    if len(last_cards) != len(cards):
        return None
    if spade3 and last_cards == (JOKER,) and cards == (SPADE3,):
        return SINGLE, 0
    good = [lv for s, lv in found if s == last_shape and beats(lv, last_level, reversed_order)]
    if strict and last_level != TOP:
        step = -1 if reversed_order else 1
        good = [lv for lv in good if lv == last_level + step]
    return (last_shape, strongest(good, reversed_order)) if good else None


def legal_plays(state: DaifugoState, seat: int) -> list[tuple[Card, ...]]:
    return [cards for cards in shaped_sets(state.hands[seat]) if fits(state, cards) is not None]


def remaining(hand: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    left = list(hand)
    for card in taken:
        left.remove(card)
    return left


def legal_actions(state: DaifugoState, seat: int) -> tuple[DaifugoAction, ...]:
    if state.phase == OVER:
        return ()
    if state.phase == EXCHANGE:
        if seat != state.returns[0][0]:
            return ()
        floor = card_key(state.giving[-1]) if state.giving else (-1, -1)
        left = [c for c in sort_cards(remaining(state.hands[seat], state.giving)) if card_key(c) >= floor]
        after = state.returns[0][2] - len(state.giving) - 1  # cards still to give after this one
        return tuple(GIVE[c] for i, c in enumerate(left) if len(left) - i - 1 >= after and c not in left[:i])
    if seat != state.turn:
        return ()
    laying, k = state.laying, len(state.laying)
    plays = [p for p in legal_plays(state, seat) if p[:k] == laying]
    shows = sort_cards({p[k] for p in plays if len(p) > k})
    actions: list[DaifugoAction] = [PASS] if state.field and not laying else []
    actions += [SHOW[c] for c in shows]
    if laying and laying in plays:
        actions.append(PLAY)
    return tuple(actions)


def check(state: DaifugoState, seat: int, action: DaifugoAction) -> None:
    """Raise :class:`IllegalActionError` naming the rule ``action`` breaks, if it breaks one."""
    if state.phase == OVER:
        raise IllegalActionError("F10", "the match is over")
    if action in legal_actions(state, seat):
        return
    if state.phase == EXCHANGE:
        giver, receiver, count = state.returns[0]
        if seat != giver:
            raise IllegalActionError(
                "F9", f"the exchange comes first: seat {giver} hands {count} back to seat {receiver}")
        if not isinstance(action, Give):
            raise IllegalActionError("F9", f"hand {count} card(s) back first (give CARD)")
        raise IllegalActionError("F9", f"{action.card} is not a card of your hand left to give, in hand order")
    if isinstance(action, Give):
        raise IllegalActionError("F9", "cards are exchanged only before a game's first play")
    if seat != state.turn:
        raise IllegalActionError("F3", f"it is seat {state.turn}'s turn")
    if isinstance(action, Pass):
        why = "finish the play being made first" if state.laying else "the leader must play: the field is empty"
        raise IllegalActionError("F3", why)
    if isinstance(action, Play):
        raise IllegalActionError("F2" if not state.laying else "F3",
                                 "show the cards first" if not state.laying else
                                 f"{' '.join(map(str, state.laying))} is no play that may go on the field now")
    _refuse_show(state, seat, action)


def _refuse_show(state: DaifugoState, seat: int, action: Show) -> None:
    card, laying = action.card, state.laying
    if card not in remaining(state.hands[seat], laying):
        raise IllegalActionError("F2", f"{card} is not in your hand (besides the cards shown)")
    if laying and card_key(card) < card_key(laying[-1]):
        raise IllegalActionError("F2", f"cards are shown in hand order: {card} comes before {laying[-1]}")
    prefix = (*laying, card)
    shaped = [p for p in shaped_sets(state.hands[seat]) if p[:len(prefix)] == prefix]
    if not shaped:
        raise IllegalActionError("F2", f"no single, group or stairs of your hand begins {' '.join(map(str, prefix))}")
    if state.lock is not None and not any(keeps_lock(p, s, state.lock) for p in shaped for s, _ in readings(p)):
        raise IllegalActionError("F7", f"the field is locked to {''.join(sorted(state.lock))}")
    raise IllegalActionError("F3", f"no play beginning {' '.join(map(str, prefix))} beats the field")


# -- the match ----------------------------------------------------------------------------------------


def new_match(options: DaifugoOptions, players: int, seed: int,
              deck: tuple[Card, ...] | None) -> tuple[DaifugoState, tuple[Event, ...]]:
    n = players
    decks = options.deck_count(n)
    if deck is not None and sorted(deck, key=CARD_ORDER) != sorted(_full_deck(options, n), key=CARD_ORDER):
        raise OptionError("deck", f"a daifugo deck here is {decks} deck(s) of 52 with {options.jokers * decks} "
                          f"joker(s): {len(_full_deck(options, n))} cards")
    state = DaifugoState(
        options=options, seed=seed, players=n, deck=deck, round_no=0, outcomes=(), phase=TURN, steps=0,
        scores=(0,) * n, hands=((),) * n, gone=(), active=(True,) * n, finished=(), fallen=(), known=((),) * n,
        returns=(), giving=(), forced=(), field=(), lock=None, strict=False, revolution=False, eleven_back=False,
        turn=0, last_player=-1, passed=(False,) * n, laying=())
    d = Draft(state)
    _deal(d)
    return d.finish()


def _full_deck(options: DaifugoOptions, players: int) -> tuple[Card, ...]:
    decks = options.deck_count(players)
    return make_deck(decks, options.jokers * decks)


def _deal(d: Draft) -> None:
    """Deal every card one at a time from seat 0 round the table (top card first), then the
    exchange before a later game (F9); the holder of D3 leads the first game, the daihinmin later ones."""
    n = d.players
    if d.round_no == 0 and d.deck is not None:
        cards = d.deck
    else:
        cards = shuffled(_full_deck(d.options, n), derive(d.seed, GAME_ID, "deal", d.round_no))
    d.hands = [sort_cards(cards[s::n]) for s in range(n)]
    d.gone, d.active, d.finished, d.fallen = (), [True] * n, (), ()
    d.known, d.returns, d.giving, d.laying, d.forced = [()] * n, (), (), (), ()
    d.revolution = False
    _clear_field(d)
    d.events.extend(Dealt(s, h, len(h)) for s, h in enumerate(d.hands))
    if d.round_no == 0:
        d.turn = next(s for s in range(n) if DIAMOND3 in d.hands[s])
        d.events.append(Starts(d.round_no, d.options.games, d.turn, "diamond3"))
        d.phase = TURN
        return
    order = d.outcomes[-1].order
    d.turn = order[-1]
    d.events.append(Starts(d.round_no, d.options.games, d.turn, "daihinmin"))
    pairs = [(order[0], order[-1], 2)] + ([(order[1], order[-2], 1)] if n >= 4 else [])
    for rich, poor, count in pairs:
        given = d.hands[poor][-count:]  # the strongest: last in hand order
        _move(d, poor, rich, given)
        d.events.append(Gave(poor, rich, given, count, True))
        d.forced += ((poor, rich, given[0]),)
    d.returns = tuple(pairs)
    d.phase = EXCHANGE


def _move(d: Draft, giver: int, receiver: int, cards: Sequence[Card]) -> None:
    d.hands[giver] = tuple(remaining(d.hands[giver], cards))
    d.hands[receiver] = sort_cards(d.hands[receiver] + tuple(cards))
    _forget(d, giver, cards)
    d.known[giver] = d.known[giver] + tuple((receiver, c) for c in cards)


def _forget(d: Draft, holder: int, cards: Sequence[Card]) -> None:
    """Cards left ``holder``'s hand: nobody knows them there any more."""
    for s in range(d.players):
        known = list(d.known[s])
        for card in cards:
            if (holder, card) in known:
                known.remove((holder, card))
        d.known[s] = tuple(known)


def _clear_field(d: Draft) -> None:
    d.field, d.lock, d.strict, d.eleven_back, d.last_player = (), None, False, False, -1
    d.passed = [False] * d.players


def _next_active(d: Draft, seat: int) -> int:
    return next(s for k in range(1, d.players + 1) if d.active[s := (seat + k) % d.players])


def _clear(d: Draft, why: str, leader: int) -> None:
    if not d.active[leader]:
        leader = _next_active(d, leader)
    _clear_field(d)
    d.turn = leader
    d.events.append(Cleared(why, leader))


def _next_turn(d: Draft, start: int) -> None:
    """The next seat still in the trick after ``start``; back to the last player, the field clears (F3)."""
    for k in range(1, d.players + 1):
        s = (start + k) % d.players
        if s == d.last_player:
            break
        if d.active[s] and not d.passed[s]:
            d.turn = s
            return
    _clear(d, "passes", d.last_player)


def _give(d: Draft, seat: int, card: Card) -> None:
    d.giving = (*d.giving, card)
    giver, receiver, count = d.returns[0]
    if len(d.giving) < count:
        return
    _move(d, giver, receiver, d.giving)
    d.events.append(Gave(giver, receiver, d.giving, count, False))
    d.giving, d.returns = (), d.returns[1:]
    if d.returns:
        d.turn = d.returns[0][0]
    else:
        d.phase, d.turn = TURN, d.outcomes[-1].order[-1]


def _foul(d: Draft, cards: tuple[Card, ...], revolution: bool) -> str:
    o = d.options
    if o.foul_joker and JOKER in cards:
        return "joker"
    if o.foul_eight and has_rank(cards, 8):
        return "eight"
    if o.foul_two and not revolution and has_rank(cards, 2):
        return "two"
    if o.foul_three and revolution and has_rank(cards, 3):
        return "three"
    return ""


def _play(d: Draft, state: DaifugoState, seat: int) -> None:
    cards = d.laying
    reading = fits(state, cards)
    assert reading is not None  # checked
    shape, level = reading
    prev = d.field[-1] if d.field else None
    d.hands[seat] = tuple(remaining(d.hands[seat], cards))
    _forget(d, seat, cards)
    d.laying = ()
    d.gone = d.gone + cards
    if prev is not None and d.options.lock and d.lock is None:
        suits = suits_of(cards)
        if suits is not None and suits == suits_of(prev.cards):
            d.lock = suits
    step = -1 if state.reversed_order else 1
    climbing = prev is not None and shape in (SINGLE, GROUP) and level != TOP and level == prev.level + step
    strict_now = d.options.strict_lock and d.lock is not None and climbing and not d.strict
    d.field = (*d.field, FieldPlay(seat, cards, shape, level))
    d.last_player = seat
    d.events.append(Played(seat, cards, SHAPE_NAMES[shape], level))
    if d.lock is not None and (state.lock is None or strict_now):
        d.strict = d.strict or strict_now
        d.events.append(Locked(tuple(sorted(d.lock)), d.strict))
    was_revolution = d.revolution
    if is_revolution(cards, shape, d.options.run_revolution):
        d.revolution = not d.revolution
        d.events.append(Revolution(seat, d.revolution))
    if d.options.eleven_back and has_rank(cards, 11):
        d.eleven_back = not d.eleven_back
        d.events.append(ElevenBack(seat, d.eleven_back))
    cut = ""
    if prev is not None and prev.cards == (JOKER,) and cards == (SPADE3,) and d.options.spade3:
        cut = "spade3"
    elif d.options.eight_cut and has_rank(cards, 8):
        cut = "eight"
    if not d.hands[seat]:
        _go_out(d, seat, _foul(d, cards, was_revolution))
    if sum(d.active) <= 1:
        _end_game(d)
    elif cut:
        _clear(d, cut, seat)
    else:
        _next_turn(d, seat)


def _go_out(d: Draft, seat: int, foul: str) -> None:
    d.active[seat] = False
    if foul:
        d.fallen = (*d.fallen, seat)
        place = d.players - len(d.fallen)
    else:
        d.finished = (*d.finished, seat)
        place = len(d.finished) - 1
    d.events.append(Finished(seat, place, foul))
    if foul or len(d.finished) != 1 or d.round_no == 0 or not d.options.miyako_ochi:
        return
    reigning = d.outcomes[-1].order[0]
    if reigning != seat and d.active[reigning]:  # 都落ち (F10)
        cards = d.hands[reigning]
        d.hands[reigning] = ()
        _forget(d, reigning, cards)
        d.gone = d.gone + cards
        d.active[reigning] = False
        d.fallen = (*d.fallen, reigning)
        d.events.append(Fell(reigning, cards))


def _end_game(d: Draft) -> None:
    n = d.players
    rest = tuple(s for s in range(n) if d.active[s])
    for s in rest:
        d.gone = d.gone + d.hands[s]
        d.hands[s] = ()
    order = d.finished + rest + tuple(reversed(d.fallen))
    points = [0] * n
    for place, s in enumerate(order):
        points[s] = points_for(place, n, d.options.scoring)
        d.scores[s] += points[s]
    d.events.append(GameEnded(order, tuple(points)))
    d.outcomes = (*d.outcomes, RoundOutcome((order[0],), (order[-1],), "ranked", order))
    _clear_field(d)
    d.active = [False] * n
    if d.round_no + 1 < d.options.games:
        d.round_no += 1
        _deal(d)
    else:
        d.phase = OVER


def _step(d: Draft, state: DaifugoState, seat: int, action: DaifugoAction) -> None:
    d.steps += 1
    if isinstance(action, Show):
        d.laying = (*d.laying, action.card)
    elif isinstance(action, Play):
        _play(d, state, seat)
    elif isinstance(action, Pass):
        d.passed[seat] = True
        d.events.append(Passed(seat))
        _next_turn(d, seat)
    else:
        _give(d, seat, action.card)
    if d.phase != OVER and d.steps >= d.options.max_steps:
        d.outcomes = (*d.outcomes, RoundOutcome((), (), DRAW_REASON, ()))
        d.phase = OVER


# -- whole moves ------------------------------------------------------------------------------------


def parse_move(text: str) -> tuple[DaifugoAction, ...]:
    """``play S5 H5`` (its cards in any order; the steps take them in hand order) or
    ``give C3 D4``; any other text as the one action it is."""
    words = words_of(text)
    verb, args = words[0].lower(), words[1:]
    if verb in ("play", "give") and args and not (verb == "give" and len(args) == 1):
        cards = sort_cards(cards_of(text, args, 2))
        check_copies(text, cards, lambda c: 4 if c.is_joker else 2, "at most two decks with two jokers each")
        if verb == "give":
            return tuple(GIVE[c] for c in cards)
        return (*(SHOW[c] for c in cards), PLAY)
    return (parse_action(text),)


def move_text(steps: Sequence[DaifugoAction]) -> str:
    if len(steps) == 1:
        return str(steps[0])
    if steps and all(isinstance(s, Give) for s in steps):
        text = "give " + " ".join(str(s.card) for s in steps if isinstance(s, Give))
    else:
        text = "play " + " ".join(str(s.card) for s in steps if isinstance(s, Show))
    return check_round_trip(parse_move, GAME_ID, steps, text)


# -- the game -----------------------------------------------------------------------------------------


class DaifugoGame(StandardGame[DaifugoState, DaifugoAction, DaifugoView]):
    id: ClassVar[str] = GAME_ID
    title_en: ClassVar[str] = "Daifugo"
    title_ja: ClassVar[str] = "大富豪"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    default_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    rule_sets: ClassVar[tuple[RuleSet, ...]] = RULE_SETS
    option_labels: ClassVar[Mapping[str, OptionLabel]] = LABELS

    def _start(self, players: int, options: dict[str, OptionValue], seed: int,
               deck: tuple[Card, ...] | None) -> tuple[DaifugoState, tuple[Event, ...]]:
        return new_match(DaifugoOptions.from_values(options), players, seed, deck)

    def calls_open(self, state: DaifugoState) -> bool:
        """Daifugo has no calls out of turn (only the turn seat, or the seat handing cards back,
        ever acts): a table never holds a window of calls open, so nobody waits for one."""
        return False

    def actors(self, state: DaifugoState) -> tuple[int, ...]:
        """The one seat with a choice: the seat handing cards back in the exchange, else the turn seat."""
        if state.phase == OVER:
            return ()
        return (state.returns[0][0],) if state.phase == EXCHANGE else (state.turn,)

    def _legal_actions(self, state: DaifugoState, seat: int) -> tuple[DaifugoAction, ...]:
        return legal_actions(state, seat)

    def _check(self, state: DaifugoState, seat: int, action: DaifugoAction) -> None:
        check(state, seat, action)

    def _apply(self, state: DaifugoState, seat: int, action: DaifugoAction) -> tuple[DaifugoState, tuple[Event, ...]]:
        d = Draft(state)
        _step(d, state, seat, action)
        return d.finish()

    def parse_action(self, text: str) -> DaifugoAction:
        return parse_action(text)

    def parse_move(self, text: str) -> tuple[DaifugoAction, ...]:
        return parse_move(text)

    def move_text(self, steps: Sequence[DaifugoAction]) -> str:
        return move_text(steps)

    def continues(self, state: DaifugoState, seat: int, action: DaifugoAction) -> bool:
        if state.steps + 1 >= state.options.max_steps:
            return False
        if isinstance(action, Show):
            return True
        return isinstance(action, Give) and bool(state.returns) and len(state.giving) + 1 < state.returns[0][2]

    def _all_actions(self, state: DaifugoState) -> Sequence[DaifugoAction]:
        return ALL_ACTIONS

    def _view(self, state: DaifugoState, seat: int | None) -> DaifugoView:
        n = state.players
        titles = (tuple(title_of(state.outcomes[-1].order.index(s), n) for s in range(n))
                  if state.outcomes and state.outcomes[-1].order else ("",) * n)
        own = seat is not None
        giver = state.returns[0][0] if state.returns else -1
        return DaifugoView(
            seat=seat, phase=PHASE_NAMES[state.phase], round_no=state.round_no, games=state.options.games,
            hand=state.hands[seat] if seat is not None else None, hand_sizes=tuple(len(h) for h in state.hands),
            scores=state.scores, titles=titles, field=tuple((p.seat, p.cards) for p in state.field),
            lock=tuple(sorted(state.lock or ())), strict=state.strict, revolution=state.revolution,
            eleven_back=state.eleven_back, turn=state.turn, passed=state.passed, active=state.active,
            finished=state.finished, fallen=state.fallen, gone=sort_cards(state.gone), spade3=state.options.spade3,
            top=(state.field[-1].shape, state.field[-1].level) if state.field else None,
            laying=state.laying if own and seat == state.turn else (),
            known=state.known[seat] if seat is not None else (), returns=state.returns,
            giving=state.giving if seat == giver else ())

    def _sample_hidden(self, state: DaifugoState, seat: int | None, rng: random.Random) -> DaifugoState:
        """Deal anew the cards of other hands that ``seat`` does not know to be there; another seat's
        play or return in the making is not begun (nor counted in ``steps``).  A seat that took a
        poorer seat's strongest cards by force (F9) knows that seat holds only weaker ones."""
        others = [s for s in range(state.players) if s != seat]
        mine = state.known[seat] if seat is not None else ()
        kept = {s: tuple(c for h, c in mine if h == s) for s in others}
        unknown = {s: remaining(state.hands[s], kept[s]) for s in others}
        pool = sorted((c for s in others for c in unknown[s]), key=CARD_ORDER)
        rng.shuffle(pool)
        d = Draft(state)
        d.seed, d.deck = 0, None
        d.forced = tuple(f for f in state.forced if f[1] == seat)
        below = {poor: card_key(weakest) for poor, _, weakest in d.forced}
        for s in sorted(others, key=lambda s: s not in below):  # the seats held to weaker cards first
            count = len(unknown[s])
            fits = [c for c in pool if s not in below or card_key(c) < below[s]][:count]
            d.hands[s] = sort_cards(kept[s] + tuple(fits))
            for card in fits:
                pool.remove(card)
            d.known[s] = ()
        if state.phase == TURN and state.turn != seat and state.laying:
            d.steps -= len(state.laying)
            d.laying = ()
        if state.phase == EXCHANGE and state.returns[0][0] != seat and state.giving:
            d.steps -= len(state.giving)
            d.giving = ()
        return d.freeze()

    def result(self, state: DaifugoState) -> Result | None:
        if state.phase != OVER:
            return None
        n = state.players
        if state.outcomes[-1].reason == DRAW_REASON:
            return Result((), (), (1,) * n, tuple(float(s) for s in state.scores), DRAW_REASON,
                          self.round_results(state))
        if len(state.outcomes) == 1:
            order = state.outcomes[0].order
            ranks = tuple(order.index(s) + 1 for s in range(n))
        else:
            ranks = tuple(1 + sum(o > state.scores[s] for o in state.scores) for s in range(n))
        return match_result(ranks, tuple(float(s) for s in state.scores), state.outcomes)

    def all_cards(self, state: DaifugoState) -> tuple[Card, ...]:
        return tuple(c for h in state.hands for c in h) + state.gone


def phase_text(state: DaifugoState) -> str:
    return PHASE_NAMES[state.phase]


DAIFUGO = DaifugoGame()
__all__ = ["DAIFUGO", "DaifugoGame", "fits_on", "legal_actions"]
