"""Who goes out first if nothing changes: Doubt's race at one card a play (issue 35).

With one card a play (B3's default) and lies caught only when someone can prove them, a seat
plays exactly one card each time round, so the seat with ``n`` cards makes its last play ``n - 1``
rounds from its next one, and the rank it will claim then is fixed: the ranks run on by one a play
(B2), each seat's by the number of seats.  That last play takes the seat out only if it is true,
as careful players call every play that would go out; a seat that keeps the card it will need
last (``least_needed``) goes out exactly when it holds that rank.  So among careful players the
game is mostly settled at the deal: measured over 500 four-seat games of ``normal``s
(``benchmarks/doubt_race.py``), the first seat in play order holding its last rank won 462 (92%).

That tells a seat three things no count of cards does:

* :func:`ends_true`: whether its own last play will be true.  A seat whose last play will be a lie
  loses as things stand, so a wrong call costs it little, and taking a pile may even mend its end.
* :func:`goes_out_before`: whether the seat just played will make its last play before this
  one.  Only such a seat can beat this one to it; calling it on a likely lie is worth the risk,
  the others are better left alone.
* :func:`pile_mends_end`: whether taking the pile now would give this seat the rank of its new
  last play.  A seat whose last play will be a lie may be mended by a wrong call on a small pile.

At three seats the deal settles less (the first seat in play order holding its last rank won 132
of 400 games of three ``normal``s); there the two race calls that pay at four seats were measured to
cost a little, and a mended end to pay.
"""

from __future__ import annotations

from kakehiki.games.doubt import DoubtView


def models_table(view: DoubtView) -> bool:
    """Whether the race below is the game being played: one card a play, the pile penalty with
    piles taken unseen, ranks running on after a doubt, no round limit, three seats or more."""
    o = view.options
    return (o.max_cards_per_play == 1 and o.penalty == "pile" and not o.show_pile and not o.cheat
            and not o.require_successful_doubt and not o.repeat_rank_after_lie and not o.doubter_leads
            and o.round_limit == 0 and seats_playing(view) >= MIN_SEATS)


MIN_SEATS = 3


def seats_playing(view: DoubtView) -> int:
    return len(_playing(view))


def _playing(view: DoubtView) -> list[int]:
    return [s for s in range(len(view.hand_sizes)) if s not in view.forfeited]


def plays_before_turn(view: DoubtView, seat: int) -> int:
    """Plays made by others before ``seat``'s next play, if the play now open (phase ``doubt``)
    stands or the seat to play (phase ``play``) plays."""
    playing = _playing(view)
    ahead = (playing.index(seat) - playing.index(view.turn)) % len(playing)
    if view.phase == "play":
        return ahead
    return (ahead or len(playing)) - 1  # the next play is the one after the doubted player's


def plays_before_last(view: DoubtView, seat: int) -> int:
    """Plays made before ``seat``'s last one, each seat playing one card a turn and none taking a pile."""
    return plays_before_turn(view, seat) + (view.hand_sizes[seat] - 1) * seats_playing(view)


def last_rank(view: DoubtView, extra: int = 0) -> int:
    """The rank this seat will claim with its last card, if no pile comes to it before (or, with
    ``extra``, if that many more cards come to it now)."""
    me = view.seat if view.seat is not None else 0
    claimed = view.rank + plays_before_last(view, me) + extra * seats_playing(view)  # view.rank: the next play's
    return (claimed - 1) % 13 + 1


def ends_true(view: DoubtView) -> bool:
    """Whether this seat holds the rank of its last play, or a joker (wild, and may go last: B7)."""
    rank = last_rank(view)
    return any(card.rank == rank or card.is_joker for card in view.hand or ())


def goes_out_before(view: DoubtView, seat: int) -> bool:
    """Whether ``seat`` would make its last play before this seat makes its own."""
    me = view.seat if view.seat is not None else 0
    return plays_before_last(view, seat) < plays_before_last(view, me)


def pile_mends_end(view: DoubtView) -> bool:
    """Whether this seat, taking the pile now (a doubt of the last play, which turns out true),
    would hold the rank of its new last play: among its cards or the pile's, each face-down play
    taken to be what it claimed (as the doubted one then is)."""
    rank = last_rank(view, view.pile_size)
    shown = [card for entry in view.pile for card in entry.cards or ()]
    claimed = [entry.rank for entry in view.pile if entry.cards is None]
    return rank in claimed or any(card.rank == rank or card.is_joker for card in (*(view.hand or ()), *shown))
