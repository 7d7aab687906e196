"""Games in words: views, events, prompts, refusals and results as sentences, in a language given per call.

Every front end (the terminal, a web server, a table host) narrates through this
package, so what a player reads is written once.  The language is a parameter,
never process-wide state: a :class:`Narrator` is made for one game, one language
and one viewing seat, and two of them in two languages can narrate the same
events side by side::

    >>> from kakehiki.core import RoundResult
    >>> seats_text((0, 2), ["Ann", "Bo", "Cy"], lang="en")
    'Ann, Cy'
    >>> seats_text((0, 2), ["アン", "ボー", "シー"], lang="ja")
    'アン、シー'

A game names its own narrator in its manifest (``narrator``: a class taking
``(lang, viewer)``, :mod:`kakehiki.manifest`); any other game falls back to
:class:`PlainNarrator`, which prints the view's and events' ``to_dict()``.
Narrators only ever receive a view (``game.view(state, seat)``) and events
already censored with ``seen_by``: they cannot leak hidden cards.

This package depends on the core and the games only; front ends depend on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeAlias, TypeVar

from kakehiki.cards import Card
from kakehiki.core import Action, Event, Result, RoundResult, jsonable
from kakehiki.errors import IllegalActionError
from kakehiki.i18n import DEFAULT, check_language, has, t, t_or

V_contra = TypeVar("V_contra", contravariant=True)


class NarratorOf(Protocol[V_contra]):
    """Made for one game, one language (``lang``) and one viewing seat (``viewer``; ``None``: a
    spectator), reading that game's view ``V_contra`` (``Game[S, A, V]``'s ``V``).  A game's
    narrator is typed against its view (``DoubtNarrator`` is a ``NarratorOf[DoubtView]``);
    :data:`Narrator` is one of any game, as :func:`narrator_for` hands them out."""

    lang: str
    viewer: int | None

    def view(self, view: V_contra, labels: Sequence[str]) -> list[str]:
        """The lines describing what the viewing seat sees; ``labels[seat]`` names each seat."""
        ...

    def prompt(self, view: V_contra, legal: Sequence[Action]) -> str:
        """One line saying what kind of decision the viewing seat faces (its turn, an out-of-turn offer)."""
        ...

    def event(self, event: Event, labels: Sequence[str]) -> str | None:
        """One line for an (already censored) event, or ``None`` to say nothing."""
        ...

    def refusal(self, error: IllegalActionError) -> str:
        """Why an action was refused, in this narrator's language (see :func:`refusal`)."""
        ...

    def result(self, result: Result, labels: Sequence[str]) -> list[str]:
        """The result in words (see :func:`result_lines`)."""
        ...

    def calls_out_of_turn(self, options: Mapping[str, object]) -> bool:
        """Whether the game with ``options`` (as in its record) ever offers a seat a call out of
        turn (a Dobon, a doubt, an interrupt): whether a host's reaction window is worth a word."""
        ...


Narrator: TypeAlias = NarratorOf[Any]
"""A narrator of any game: what :func:`narrator_for` gives the front ends, which know the game by its id."""


EventLine = Callable[["Narration", Any, Sequence[str]], "str | None"]
"""How a narrator turns one (censored) event into a line: ``(narration, event, labels)``."""


class Narration:
    """What every narrator shares: its game, language and viewer, and the catalog's words in that language.

    ``game_id`` is a class attribute of each game's narrator (it finds the game's
    explanations of its rules).  A bad ``lang`` raises ``ValueError`` here, once.
    """

    game_id: str | None = None
    EVENTS: ClassVar[Mapping[type[Event], EventLine]] = {}
    """Each event type's line, set by each game's narrator module."""

    def __init__(self, lang: str, viewer: int | None) -> None:
        self.lang = check_language(lang)
        self.viewer = viewer

    def t(self, key: str, /, **fields: object) -> str:
        return t(key, lang=self.lang, **fields)

    def t_or(self, key: str, fallback: str, /, **fields: object) -> str:
        return t_or(key, fallback, lang=self.lang, **fields)

    def join(self, parts: Sequence[str]) -> str:
        """Parts of a list, with the language's separator (``, `` or ``、``)."""
        return self.t("list.sep").join(parts)

    def seats(self, seats: Sequence[int], labels: Sequence[str]) -> str:
        return seats_text(seats, labels, lang=self.lang)

    def ranks(self, ranks: Sequence[int], labels: Sequence[str]) -> str:
        return self.join([self.t("result.rank", seat=labels[s], rank=r) for s, r in enumerate(ranks)])

    def reason(self, reason: str) -> str:
        return reason_text(reason, lang=self.lang)

    def rule(self, rule: str) -> str | None:
        return rule_text(rule, lang=self.lang, game_id=self.game_id)

    def refusal(self, error: IllegalActionError) -> str:
        return refusal(error, lang=self.lang, game_id=self.game_id)

    def event(self, event: Event, labels: Sequence[str]) -> str | None:
        """One line for ``event`` as this narrator's viewer may see it (``seen_by`` again, so a
        narrator handed an uncensored event still says nothing hidden: another seat's decline
        or card set aside is not narrated at all), or ``None`` to say nothing."""
        seen = event.seen_by(self.viewer)
        describe = None if seen is None else self.EVENTS.get(type(seen))
        return None if describe is None or seen is None else describe(self, seen, labels)

    def result(self, result: Result, labels: Sequence[str]) -> list[str]:
        return result_lines(result, labels, lang=self.lang, game_id=self.game_id)

    def calls_out_of_turn(self, options: Mapping[str, object]) -> bool:
        """True unless a game's narrator knows better (saying so of a game without calls only costs a line)."""
        return True


class PlainNarrator(Narration):
    """For games without their own narrator: the data as compact JSON."""

    def __init__(self, lang: str, viewer: int | None, game_id: str | None = None) -> None:
        super().__init__(lang, viewer)
        self.game_id = game_id

    def prompt(self, view: object, legal: Sequence[Action]) -> str:
        return self.t("play.your_move")

    def view(self, view: object, labels: Sequence[str]) -> list[str]:
        data = view.to_dict() if hasattr(view, "to_dict") else jsonable(view)
        return [json.dumps(data, ensure_ascii=False)]

    def event(self, event: Event, labels: Sequence[str]) -> str | None:
        return json.dumps(event.to_dict(), ensure_ascii=False)


def narrator_for(game_id: str, lang: str, viewer: int | None) -> Narrator:
    """The narrator of ``game_id`` speaking ``lang`` to ``viewer`` (``None``: a spectator)."""
    from kakehiki.manifest import find

    manifest = find(game_id)
    if manifest is None or manifest.narrator is None:
        return PlainNarrator(lang, viewer, game_id)
    factory: Callable[[str, int | None], Narrator] = manifest.load(manifest.narrator)
    return factory(lang, viewer)


# -- the pieces every game shares -----------------------------------------------------------------


def cards_text(cards: Sequence[Card | None] | None) -> str:
    """Cards in their notation; ``?`` for a card this seat may not see; ``-`` for none."""
    return " ".join("?" if c is None else str(c) for c in cards) if cards else "-"


def seats_text(seats: Sequence[int], labels: Sequence[str], *, lang: str) -> str:
    """The seats' labels as a list; "nobody" for none."""
    return t("list.sep", lang=lang).join(labels[s] for s in seats) if seats else t("result.nobody", lang=lang)


def reason_text(reason: str, *, lang: str) -> str:
    """Why a game ended (``reason.<id>``); an id without a message shows as it is."""
    return t_or(f"reason.{reason}", reason, lang=lang)


def rule_key(rule: str, game_id: str | None = None) -> str | None:
    """The catalog key explaining ruling ``rule`` (e.g. ``J1``): the game's own ``<game>.rule.<id>``,
    else the shared ``rule.<id>`` (the common rulings, C1…); ``None`` if neither exists."""
    for key in ((f"{game_id}.rule.{rule}",) if game_id else ()) + (f"rule.{rule}",):
        if has(key):
            return key
    return None


def rule_text(rule: str, *, lang: str, game_id: str | None = None) -> str | None:
    """A short explanation of ruling ``rule`` in ``lang`` (from ``docs/rulings.md``), if the catalog has one."""
    key = rule_key(rule, game_id)
    return None if key is None else t(key, lang=lang)


def refusal(error: IllegalActionError, *, lang: str, game_id: str | None = None) -> str:
    """Why ``error``'s action was refused, naming the rule.

    English gives the engine's precise detail (``hand sum 11 does not equal the
    field card's 12``); any other language the rule's explanation from its catalog,
    so no English sentence shows inside a Japanese one.
    """
    message = error.detail
    if lang != DEFAULT:
        message = rule_text(error.rule, lang=lang, game_id=game_id) or message
    return t("play.illegal", lang=lang, rule=error.rule, message=message)


def rounds_of(result: Result) -> tuple[RoundResult, ...]:
    """The games within the result (a result without ``rounds`` is its own single game)."""
    return result.rounds or (RoundResult(result.winners, result.losers, result.reason),)


def result_lines(result: Result, labels: Sequence[str], *, lang: str, game_id: str | None = None) -> list[str]:
    """The result in words: each game of the match (a game's own word for it, as Dhumbal's
    rounds, where it has one), the match outcome and the ranks."""
    def say(key: str, **fields: object) -> str:
        return t(key, lang=lang, **fields)

    lines = [say("result.title")]
    round_key = f"{game_id}.result.round" if game_id is not None and has(f"{game_id}.result.round") else "result.round"
    for number, rnd in enumerate(rounds_of(result), start=1):
        lines.append(say(round_key, number=number, winners=seats_text(rnd.winners, labels, lang=lang),
                         losers=seats_text(rnd.losers, labels, lang=lang), reason=reason_text(rnd.reason, lang=lang)))
    if len(result.rounds) > 1:
        lines.append(say("result.match", winners=seats_text(result.winners, labels, lang=lang),
                         losers=seats_text(result.losers, labels, lang=lang)))
    if result.draw:
        lines.append(say("result.draw"))
    ranks = say("list.sep").join(say("result.rank", seat=labels[s], rank=r) for s, r in enumerate(result.ranks))
    lines.append(say("result.ranks", ranks=ranks))
    return lines


__all__ = [
    "Narration",
    "Narrator",
    "NarratorOf",
    "PlainNarrator",
    "cards_text",
    "narrator_for",
    "reason_text",
    "refusal",
    "result_lines",
    "rounds_of",
    "rule_key",
    "rule_text",
    "seats_text",
]
