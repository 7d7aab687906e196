"""The closest known names to a mistyped one, for "did you mean …?" in error messages.

>>> closest("dobn", ["dobon", "dobon-arith", "doubt"])
['dobon', 'doubt']
>>> did_you_mean("max_step", ["max_steps", "games"])
" (did you mean 'max_steps'?)"
>>> did_you_mean("zzz", ["max_steps"])
''
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(name: object, known: Iterable[str], count: int = 2) -> list[str]:
    """The known names most like ``name`` (none if nothing is close)."""
    if not isinstance(name, str) or len(name) > 100:
        return []
    names = list(known)
    lowered = {n.lower(): n for n in names}
    found = difflib.get_close_matches(name.strip().lower(), list(lowered), n=count, cutoff=0.6)
    return [lowered[n] for n in found]


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest known name, or nothing."""
    found = closest(name, known, 1)
    return f" (did you mean {found[0]!r}?)" if found else ""
