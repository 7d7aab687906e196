"""What each seat knows of the others' hands, kept as a careful player would (B5, B7).

Cards only ever become known by being seen: a doubted play turned up, a forfeited hand
discarded face up, or the two cards of a two-card penalty (seen by the two seats involved
only).  A pile taken (B5) is seen whole by its taker alone (it is now part of its hand); every
other seat sees go in the plays turned up and the plays it made itself, the public only the
plays turned up (``note_pile_unseen``).  With ``show_pile`` it is taken face up: everyone sees
every card (``note_pickup``).  For every viewer (row ``players`` is the
public: what everyone knows) and every other seat, the state keeps two multisets:

``known``
    cards seen going into that seat's hand and not seen leaving it: *possibly still held*.
    A face-down play does not remove them (nobody can tell which cards left), but a
    reveal removes exactly the cards turned up, and a card is never counted in more
    places than the game has copies of it: when a card turns up elsewhere, the
    surplus is struck from the seats that could have let it go.
``sure``
    the part of ``known`` certainly still held.  A face-down play of ``n`` cards
    lowers the sure count of every face by ``n`` (any ``n`` of them may have gone);
    if that play is then turned up, the exact cards are known and the rest is sure again.

In a two-card penalty the two seats involved know which cards moved; to everyone
else the giver has simply lost two unseen cards, as in a face-down play of two.

Both are kept sorted by card index.  ``sample_hidden`` deals every seat its sure cards.

>>> from kakehiki.cards import parse_cards
>>> [str(c) for c in thinned(parse_cards("S4 S4 S4 H9"), 2)]
['S4']
>>> [str(c) for c in without(parse_cards("S4 S4 H9"), parse_cards("S4 DK"))]
['S4', 'H9']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from kakehiki.cards import CARD_ORDER, Card
from kakehiki.games.doubt.rules.draft import Draft
from kakehiki.games.doubt.rules.state import Knowledge, PileEntry

Cards = tuple[Card, ...]


def merged(a: Cards, b: Cards) -> Cards:
    return tuple(sorted(a + b, key=CARD_ORDER)) if b else a


def without(a: Cards, b: Cards) -> Cards:
    """``a`` less one copy of each card of ``b`` that it holds."""
    if not a or not b:
        return a
    rest = list(a)
    for card in b:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def thinned(a: Cards, n: int) -> Cards:
    """Each face's count lowered by ``n``: what is certain after ``n`` unseen cards left."""
    if not a:
        return a
    counts: dict[int, int] = {}
    for card in a:
        counts[card.index] = counts.get(card.index, 0) + 1
    kept: list[Card] = []
    for card in a:
        if counts[card.index] > n:
            kept.append(card)
            counts[card.index] -= 1
    return tuple(kept)


T = TypeVar("T")


def _with(row: tuple[T, ...], at: int, item: T) -> tuple[T, ...]:
    return (*row[:at], item, *row[at + 1:])


def empty(players: int) -> Knowledge:
    return (((),) * players,) * (players + 1)


def _memo(change: Callable[[Cards], Cards]) -> Callable[[Cards], Cards]:
    """``change``, computed once per distinct set: most viewers know the same of a seat."""
    done: dict[Cards, Cards] = {}

    def once(before: Cards) -> Cards:
        after = done.get(before)
        if after is None:
            after = done[before] = change(before)
        return after

    return once


def note_play(d: Draft, seat: int, count: int) -> None:
    """``seat`` put ``count`` cards face down: nobody else knows which."""
    d.last_sure = tuple(row[seat] for row in d.sure)
    if any(d.last_sure):
        thin = _memo(lambda cards: thinned(cards, count))
        d.sure = tuple(_with(row, seat, thin(row[seat])) if row[seat] else row for row in d.sure)


def note_reveal(d: Draft, seat: int, cards: Cards, check: bool = True) -> None:
    """``seat``'s last play was turned up: exactly these cards left its hand.

    ``check=False`` when the pile is about to be taken face up, which checks every card of it."""
    drop = _memo(lambda held: without(held, cards))
    d.known = tuple(_with(row, seat, drop(row[seat])) if row[seat] else row for row in d.known)
    d.sure = tuple(_with(row, seat, drop(before)) for row, before in zip(d.sure, d.last_sure, strict=True))
    if check:
        reconcile_all(d, cards)


def note_pickup(d: Draft, seat: int, cards: Cards) -> None:
    """``seat`` took ``cards`` face up: everyone saw them."""
    add = _memo(lambda held: merged(held, cards))
    d.known = tuple(row if v == seat else _with(row, seat, add(row[seat])) for v, row in enumerate(d.known))
    d.sure = tuple(row if v == seat else _with(row, seat, add(row[seat])) for v, row in enumerate(d.sure))
    reconcile_all(d, cards)


def note_pile_unseen(d: Draft, seat: int, pile: tuple[PileEntry, ...]) -> None:
    """``seat`` took ``pile`` unseen by the others (B5): each other viewer saw go in only the
    plays turned up and its own plays; the public, the plays turned up."""
    shown = tuple(c for entry in pile if entry.revealed for c in entry.cards)
    known, sure = list(d.known), list(d.sure)
    for v in range(d.players + 1):
        if v == seat:
            continue
        seen = merged((), (*shown, *(c for e in pile if e.seat == v and not e.revealed for c in e.cards)))
        if seen:
            known[v] = _with(known[v], seat, merged(known[v][seat], seen))
            sure[v] = _with(sure[v], seat, merged(sure[v][seat], seen))
    d.known, d.sure = tuple(known), tuple(sure)
    reconcile_all(d, tuple(c for entry in pile for c in entry.cards))


def note_transfer(d: Draft, giver: int, taker: int, cards: Cards) -> None:
    """Two-card penalty: ``taker`` drew ``cards`` from ``giver``; only those two saw which."""
    known, sure = list(d.known), list(d.sure)
    for v in range(d.players + 1):
        if v == giver:
            known[v] = _with(known[v], taker, merged(known[v][taker], cards))
            sure[v] = _with(sure[v], taker, merged(sure[v][taker], cards))
        elif v == taker:
            known[v] = _with(known[v], giver, without(known[v][giver], cards))
            sure[v] = _with(sure[v], giver, without(sure[v][giver], cards))
        elif sure[v][giver]:
            sure[v] = _with(sure[v], giver, thinned(sure[v][giver], len(cards)))
    d.known, d.sure = tuple(known), tuple(sure)
    faces = {c.index for c in cards}
    public = _public(d, faces)
    for v in (giver, taker):
        reconcile(d, v, faces, public)


def note_forfeit(d: Draft, seat: int, cards: Cards) -> None:
    """``seat`` discarded ``cards``, its whole hand, face up: it holds nothing."""
    d.known = tuple(_with(row, seat, ()) for row in d.known)
    d.sure = tuple(_with(row, seat, ()) for row in d.sure)
    reconcile_all(d, cards)


def reconcile_all(d: Draft, moved: Cards) -> None:
    """After ``moved`` came into view somewhere, check those faces for every viewer."""
    faces = {c.index for c in moved}
    public = _public(d, faces)
    for v in range(d.players + 1):
        reconcile(d, v, faces, public)


def _public(d: Draft, faces: set[int]) -> Counter[int]:
    """Cards of ``faces`` everyone sees where they lie: the discard and plays turned up in the pile."""
    seen: Counter[int] = Counter(c.index for c in d.discard if c.index in faces)
    for entry in d.pile:
        if entry.revealed:
            seen.update(c.index for c in entry.cards if c.index in faces)
    return seen


def placed(d: Draft, viewer: int) -> Counter[int]:
    """Every card ``viewer`` can see where it lies: its hand, its own plays in the pile,
    plays turned up and left in the pile, the discard."""
    seen: Counter[int] = Counter(c.index for c in d.discard)
    for entry in d.pile:
        if entry.revealed or entry.seat == viewer:
            seen.update(c.index for c in entry.cards)
    if viewer < d.players:
        seen.update(c.index for c in d.hands[viewer])
    return seen


def reconcile(d: Draft, viewer: int, faces: set[int], public: Counter[int]) -> None:
    """Strike known cards of ``faces`` beyond the copies in the game, from seats that may have let them go.

    Only faces that just came into view can be over-counted, so only those are checked."""
    row = d.known[viewer]
    if not any(row):
        return
    indices = [c.index for cards in row for c in cards if c.index in faces]
    if viewer < d.players:
        indices.extend(c.index for c in d.hands[viewer] if c.index in faces)
        for entry in d.pile:
            if entry.seat == viewer and not entry.revealed:
                indices.extend(c.index for c in entry.cards if c.index in faces)
    if not public and len(set(indices)) == len(indices) and all(d.copies[i] for i in indices):
        return  # every face at most once: nothing over-counted (the common case)
    totals = Counter(indices)
    if public:
        totals.update(public)
    surplus = {face: n - d.copies[face] for face, n in totals.items() if n > d.copies[face]}
    if surplus:
        d.known = _with(d.known, viewer, _struck(row, d.sure[viewer], surplus))


def _struck(row: tuple[Cards, ...], sure: tuple[Cards, ...], surplus: dict[int, int]) -> tuple[Cards, ...]:
    """``row`` less ``surplus`` copies of each face, taken in seat order from cards not sure."""
    new_row = list(row)
    for seat, cards in enumerate(row):
        loose = Counter(c.index for c in cards if c.index in surplus)
        loose.subtract(c.index for c in sure[seat] if c.index in surplus)
        strike: list[Card] = []
        for card in cards:
            if surplus.get(card.index, 0) > 0 and loose[card.index] > 0:
                surplus[card.index] -= 1
                loose[card.index] -= 1
                strike.append(card)
        if strike:
            new_row[seat] = without(cards, tuple(strike))
    return tuple(new_row)


def seen_from(d: Draft, viewer: int) -> None:
    """Every other seat's private knowledge replaced by what ``viewer`` (row ``players``: a
    spectator) can know of it, for a sampled state: the public rows (a seat's entry for itself
    empty), then checked against the cards that seat was dealt in the sample, as that seat would
    check them.  ``viewer``'s own row and the public row stay as they are."""
    public = d.players
    last_player = d.pile[-1].seat if d.pile else -1
    known, sure, last_sure = list(d.known), list(d.sure), list(d.last_sure)
    for v in range(d.players):
        if v != viewer:
            known[v] = _with(d.known[public], v, ())
            sure[v] = _with(d.sure[public], v, ())
            last_sure[v] = () if v == last_player else d.last_sure[public]
    d.known, d.sure, d.last_sure = tuple(known), tuple(sure), tuple(last_sure)
    for v in range(d.players):
        if v != viewer:
            faces = {c.index for c in d.hands[v]}
            faces.update(c.index for e in d.pile if e.seat == v and not e.revealed for c in e.cards)
            reconcile(d, v, faces, _public(d, faces))
