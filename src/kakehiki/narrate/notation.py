"""Why a typed action could not be read, in the reader's language.

The parsers refuse text with an English :class:`~kakehiki.errors.NotationError`; English
readers get it word for word.  For any other language this module recognises each
parser's refusal and says the same reason from the catalog (keys ``notation.*``), so a
Japanese reader learns why (an 8 names a suit, one card per action …) without an English
sentence inside a Japanese one.  A refusal it does not know gives ``None``: the caller then
says the text is unreadable and shows examples.
"""

from __future__ import annotations

import re
from typing import Final

from kakehiki.i18n import DEFAULT, t

Q: Final = r"(?P<text>'.*?'(?:… \([\d,]+ characters\))?)"  # an excerpt() of the text typed
REASONS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple((re.compile(p), key) for p, key in (
    (r"^empty action", "notation.empty"),
    (rf"^not a card: {Q} \(unknown rank (?P<rank>.*)\)$", "notation.unknown_rank"),
    (rf"^not a card: {Q} \(", "notation.not_a_card"),
    (rf"^not a Dhumbal action: {Q} \(a turn is made in steps", "notation.dhumbal_steps"),
    (rf"^not a .+? action: {Q} \((?:expected )?(?P<usage>.*)\)$", "notation.not_an_action"),
    (r"^Dhumbal is played without jokers$", "notation.no_jokers"),
    (rf"^{Q}: there are no jokers in this game$", "notation.no_jokers"),
    (rf"^{Q}: a play of 8s names a suit, e\.g\. (?P<example>.*)$", "notation.eight_names_suit"),
    (rf"^{Q}: suit= names S, H, D or C$", "notation.suit_letters"),
    (rf"^{Q}: (?P<verb>\w+) names no suit; a play of 8s names it with its top card$", "notation.no_suit_here"),
    (rf"^{Q}: only a play of 8s names a suit$", "notation.only_eights_name_suit"),
    (rf"^{Q}: one card per action; stack several cards of one number with (?P<example>.*)$",
     "notation.one_card_stack"),
    (rf"^{Q}: (?P<verb>\w+) names one card \(", "notation.names_one_card"),
    (rf"^a play names one card: {Q} \(", "notation.doubt_one_card"),
    (rf"^{Q} is more than one action: (?P<first>'.*?'), then (?P<rest>'.*?'), one at a time$",
     "notation.several_actions"),
    (rf"^{Q}: expected play, play \*N or play \*N revolution, with N from 1 to (?P<most>\d+)",
     "notation.claim"),
    (rf"^{Q}: a revolution is four cards, so at most \*(?P<most>\d+)$", "notation.revolution_size"),
))


def notation_reason(message: str, *, lang: str) -> str | None:
    """``message`` (a parser's refusal) in ``lang``: itself in English; elsewhere the same
    reason from the catalog, or ``None`` for a refusal not known here."""
    if lang == DEFAULT:
        return message
    for pattern, key in REASONS:
        found = pattern.match(message)
        if found is not None:
            fields = found.groupdict()
            if "usage" in fields:  # notation stays; its English "or" does not
                fields["usage"] = fields["usage"].replace(" or ", ", ")
            return t(key, lang=lang, **fields)
    return None
