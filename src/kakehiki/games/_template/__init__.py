"""The template of a game folder: copy it to ``kakehiki/games/<package>/`` (or into a package of
your own distribution, registered under the entry point group ``kakehiki.games``), rename the
game, and every shared part of kakehiki finds it through ``MANIFEST`` (``docs/adding-a-game.md``).

Its pure rules are the package ``rules/``; the rest of the folder plugs them in (``bots.py``,
``narrate.py``, ``page.js``) or says them in words (``text/``, ``spec.md``).  A folder whose name
starts with ``_`` is not discovered: this one is a template, not a game.
"""

from kakehiki.manifest import GameManifest

from .rules.game import MY_GAME, MyGame
from .rules.model import MyOptions, MyState, MyView, Play, Played

MANIFEST = GameManifest(
    game=MY_GAME,
    package=__name__,
    bots={"high": ".bots:HighBot", "expert": ".bots:expert"},
    heuristic="high",
    narrator=".narrate:NARRATOR",
    words={"出す": "play"},
    page="page.js",
)

__all__ = ["MANIFEST", "MY_GAME", "MyGame", "MyOptions", "MyState", "MyView", "Play", "Played"]
