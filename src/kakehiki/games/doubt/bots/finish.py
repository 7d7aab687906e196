"""Who goes out first if nothing changes: Doubt's race at one card a play (issue 35).

With one card a play (B3's default) and lies caught only when someone can prove them, a seat
plays exactly one card each time round, so the seat with ``n`` cards makes its last play ``n - 1``
rounds from its next one, and the rank it will claim then is fixed: the ranks run on by one a play
(B2), each seat's by the number of seats.  That last play takes the seat out only if it is true,
as careful players call every play that would go out; a seat that keeps the card it will need
last (``least_needed``) goes out exactly when it holds that rank.  So among careful players the
game is mostly settled at the deal: measured over 500 four-seat games of ``normal``s
(``benchmarks/doubt_race.py``), the first seat in play order holding its last rank won 462 (92%).

That tells a seat two things no count of cards does:

* :func:`ends_true`: whether its own last play will be true.  A seat whose last play will be a lie
  loses as things stand, so a wrong call costs it little, and taking a pile may even mend its end.
* :func:`goes_out_before`: whether the seat just played will make its last play before this
  one.  Only such a seat can beat this one to it; calling it on a likely lie is worth the risk,
  the others are better left alone.
"""

from __future__ import annotations

from kakehiki.games.doubt import DoubtView


def models_table(view: DoubtView) -> bool:
    """Whether the race below is the game being played: one card a play, the pile penalty with
    piles taken unseen, ranks running on after a doubt, no round limit, four seats or more.  (At
    three seats the calls it suggests were measured to cost ``hard`` a little: 356 wins of 1,000
    against 382 without, among two ``normal``s.)"""
    o = view.options
    return (o.max_cards_per_play == 1 and o.penalty == "pile" and not o.show_pile and not o.cheat
            and not o.require_successful_doubt and not o.repeat_rank_after_lie and not o.doubter_leads
            and o.round_limit == 0 and len(view.hand_sizes) - len(view.forfeited) >= MIN_SEATS)


MIN_SEATS = 4


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
    return plays_before_turn(view, seat) + (view.hand_sizes[seat] - 1) * len(_playing(view))


def last_rank(view: DoubtView) -> int:
    """The rank this seat will claim with its last card, if no pile comes to it before."""
    me = view.seat if view.seat is not None else 0
    claimed = view.rank + plays_before_last(view, me)  # view.rank: the next play's
    return (claimed - 1) % 13 + 1


def ends_true(view: DoubtView) -> bool:
    """Whether this seat holds the rank of its last play, or a joker (wild, and may go last: B7)."""
    rank = last_rank(view)
    return any(card.rank == rank or card.is_joker for card in view.hand or ())


def goes_out_before(view: DoubtView, seat: int) -> bool:
    """Whether ``seat`` would make its last play before this seat makes its own."""
    me = view.seat if view.seat is not None else 0
    return plays_before_last(view, seat) < plays_before_last(view, me)
