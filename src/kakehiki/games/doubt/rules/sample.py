"""Sampled states for search bots: everything a seat cannot see dealt anew (``Game.sample_hidden``).

A sample carries nothing hidden from the seat: no seed (it would replay the two-card
penalties' draws) and no explicit deck (it is the real deal); other seats' private
knowledge is replaced by what the seat can know of it (``knowledge.seen_from``); an open
doubt window and the step count are as the seat sees them (other seats' passes unseen, C4); a
play another seat is making card by card (``add``) is not begun in the sample.
The cards to deal are gathered in card order before the shuffle, so two states that differ
only in what is hidden from the seat give the same sample for the same generator.
"""

from __future__ import annotations

import random
from collections import Counter

from kakehiki.cards import CARD_ORDER, CARDS, Card
from kakehiki.games.doubt.rules import knowledge
from kakehiki.games.doubt.rules.draft import Draft
from kakehiki.games.doubt.rules.state import WINDOW, DoubtState, PileEntry, offered
from kakehiki.games.doubt.rules.view import seen_steps


def sample_hidden(state: DoubtState, seat: int | None, rng: random.Random) -> DoubtState:
    """Deal every card ``seat`` cannot see anew: the other hands and the face-down plays it did not
    make, keeping every count, every card turned up, every card ``seat`` knows a hand still holds,
    and, while its play awaits doubts, the cards ``seat`` knew the player held just before it."""
    d = Draft(state)
    row = state.players if seat is None else seat
    sure = state.sure[row]
    others = [s for s in range(state.players) if s != seat]
    pool = Counter({i: n for i, n in enumerate(state.copies) if n})
    pool.subtract(knowledge.placed(d, row))
    for s in others:
        pool.subtract(c.index for c in sure[s])
    last = state.pile[-1] if state.phase == WINDOW and state.pile[-1].seat != seat else None
    bound: list[Card] = []  # in the player's hand or its last play: row ``row`` was sure of them before it
    if last is not None:
        gone = Counter(c.index for c in state.last_sure[row]) - Counter(c.index for c in sure[last.seat])
        bound = [CARDS[i] for i in sorted(gone.elements())]
        pool.subtract(gone)
    cards = [CARDS[index] for index, n in sorted(pool.items()) for _ in range(max(0, n))]
    rng.shuffle(cards)

    def draw(count: int) -> tuple[Card, ...]:
        nonlocal cards
        taken, cards = tuple(cards[:count]), cards[count:]
        return taken

    last_play: tuple[Card, ...] = ()
    for s in others:
        need = len(state.hands[s]) - len(sure[s])
        if last is not None and s == last.seat:
            both = [*bound, *draw(need + len(last.cards) - len(bound))]
            rng.shuffle(both)
            dealt, last_play = tuple(both[:need]), tuple(sorted(both[need:], key=CARD_ORDER))
        else:
            dealt = draw(need)
        d.hands[s] = tuple(sorted(sure[s] + dealt, key=CARD_ORDER))
    pile: list[PileEntry] = []
    for at, entry in enumerate(state.pile):
        if entry.revealed or entry.seat == seat:
            pile.append(entry)
        elif last is not None and at == len(state.pile) - 1:
            pile.append(PileEntry(entry.seat, entry.rank, last_play, False))
        else:
            pile.append(PileEntry(entry.seat, entry.rank, tuple(sorted(draw(len(entry.cards)), key=CARD_ORDER)), False))
    d.pile = tuple(pile)
    d.seed, d.deck = 0, None
    if seat != state.turn:
        d.picked = ()  # a play being made card by card is the player's alone
    if state.phase == WINDOW:
        asked = offered(state.options, state.players, state.forfeited, state.turn)
        d.window = tuple(s for s in asked if s != seat or s in state.window)
        d.steps = seen_steps(state, seat)
    knowledge.seen_from(d, row)
    return d.freeze()
