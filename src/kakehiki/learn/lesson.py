"""A guide as data, and the bots that play its script (see the package's docstring)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any, Final

from kakehiki.bots import Bot, make_bot
from kakehiki.core import Action, Event, Game
from kakehiki.errors import KakehikiError
from kakehiki.manifest import manifest, text_folder
from kakehiki.registry import game_ids, get_game
from kakehiki.table import Clocks

LEARNER: Final = 0
"""The learner's seat in every guide."""
EASY: Final = "easy"
"""The level the bots play at once the script is over."""
LANGS: Final = ("en", "ja")
LEARN_RULE: Final = "learn"
"""The rule a learn room names when it refuses a move the guide does not point at (the
notice's text is the move it points at)."""
WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "step": {"en": "Guided game, step {n} of {of}", "ja": "ガイド付きゲーム {n}／{of}"},
    "point": {"en": "Make this move: {move}", "ja": "この手を選んでください：{move}"},
    "other_move": {"en": "In this guided game, make the move the guide points at: {move}",
                   "ja": "このガイド付きゲームでは、ガイドが示す手を選んでください：{move}"},
    "handover": {"en": "That was the guided part. From here on the game is real: the bot plays as an easy bot "
                       "and every move is yours. Good luck!",
                 "ja": "ガイドはここまでです。ここからは本当のゲームです。ボットは「かんたん」のレベルで打ち、"
                       "手はすべてあなたが選びます。がんばってください！"},
    "handover_over": {"en": "That was the guided game. Play again for a real game against an easy bot: "
                            "every move is yours.",
                      "ja": "ガイド付きゲームはここまでです。もう一度遊ぶと、「かんたん」なボットとの本当のゲームに"
                            "なります。手はすべてあなたが選びます。"},
    "handover_next": {"en": "That was the guided game. Now a real game against an easy bot, on a new deal: "
                            "every move is yours.",
                      "ja": "ガイド付きゲームはここまでです。続いて新しい配り札で、「かんたん」なボットと本当のゲームを"
                            "します。手はすべてあなたが選びます。"},
}
"""The words around every guide (a guide's own ``words`` add its ``intro``)."""


def _text(data: Mapping[str, Any], lang: str) -> str:
    return str(data.get(lang) or data["en"])


@dataclass(frozen=True)
class Ask:
    """A decision the learner is asked for on the state after ``at`` actions: the move the
    guide points at, and why (``why``: by language)."""

    at: int
    move: str
    why: Mapping[str, str]

    def hint(self, lang: str) -> str:
        return _text(self.why, lang)


@dataclass(frozen=True)
class Lesson:
    """One game's guide: the deal, the script, the words around it."""

    game_id: str
    seed: int
    players: int
    options: Mapping[str, Any]
    asks: tuple[Ask, ...]
    bot_moves: Mapping[tuple[int, int], tuple[str, ...]]
    """Each bot's answer, by (the state's ``seq``, seat): the texts of its steps, as the bot
    gave them (a step taken back with ``undo`` included)."""
    end: int
    """The ``seq`` at which the script is over and the game goes on for real."""
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """``intro``, ``handover`` and ``other_move`` (a refusal's words), by language."""

    @property
    def game(self) -> Game[Any, Any, Any]:
        return get_game(self.game_id)

    def start(self) -> tuple[Any, tuple[Event, ...]]:
        """The scripted deal and its opening events."""
        return self.game.start(players=self.players, options=dict(self.options), seed=self.seed)

    def ask(self, at: int) -> Ask | None:
        """The decision the guide asks for on the state after ``at`` actions, if any."""
        return next((a for a in self.asks if a.at == at), None)

    def number(self, ask: Ask) -> int:
        """Which decision of the guide ``ask`` is, counting from 1."""
        return self.asks.index(ask) + 1

    def over(self, at: int) -> bool:
        return at >= self.end

    def word(self, key: str, lang: str, **fields: object) -> str:
        return _text(self.words.get(key) or WORDS[key], lang).format(**fields)

    def words_of(self, key: str) -> dict[str, str]:
        return {lang: self.word(key, lang) for lang in LANGS}

    def same_move(self, ask: Ask, move: str, state: Any = None) -> bool:
        """Whether ``move`` (a whole move's text, however typed) is the move ``ask`` points at:
        the same text, or, on ``state``, the same cards in another order that make the same
        next state (``give C3 D3`` and ``give D3 C3``; a stack's top still matters)."""
        game = self.game
        try:
            given, pointed = game.parse_move(move), game.parse_move(ask.move)
            if game.move_text(given) == game.move_text(pointed):
                return True
            if state is None or sorted(map(str, given)) != sorted(map(str, pointed)):
                return False
            same: bool = _after(game, state, given) == _after(game, state, pointed)
            return same
        except KakehikiError:
            return False

    def refusal(self, at: int, move: str, lang: str, state: Any = None) -> str | None:
        """Why ``move`` is not taken on ``state``, the one after ``at`` actions (``None``: it is)."""
        ask = self.ask(at)
        if ask is None or self.same_move(ask, move, state):
            return None
        return self.word("other_move", lang, move=ask.move)

    def clocks(self, pace: float | None = None) -> Clocks:
        """No clock runs while learning: every window waits for the learner's answer."""
        return Clocks(reaction=None, turn=None, grace=None, pace=pace)

    def bots(self) -> dict[int, Bot]:
        """The other seats: each plays its script, then the ``easy`` level."""
        return {seat: ScriptBot(seat, self.scripted(seat), self.end, make_bot(self.game_id, EASY))
                for seat in range(self.players) if seat != LEARNER}

    def scripted(self, seat: int) -> dict[int, tuple[str, ...]]:
        """``seat``'s scripted answers by ``seq``, each as the texts of its steps."""
        return {at: steps for (at, who), steps in self.bot_moves.items() if who == seat}

    def frame(self, at: int, finished: bool) -> dict[str, Any]:
        """What a learner's state frame says about the guide: the decision asked now (its
        move and why, in both languages), its number, whether the script is over and what
        comes next (``finished``: the game itself is over)."""
        ask = self.ask(at)
        info: dict[str, Any] = {"game": self.game_id, "steps": len(self.asks), "over": self.over(at),
                                "intro": self.words_of("intro"),
                                "handover": self.words_of("handover_over" if finished else "handover")}
        if ask is not None:
            info.update(step=self.number(ask), move=ask.move, why=dict(ask.why))
        return info


@dataclass
class ScriptBot:
    """A bot that gives the script's answers for its seat, keyed by the table's ``seq`` (read
    through ``seq``, set once the table exists), then plays as ``fallback`` once it is over.
    A state the script has no answer for gets a ``pass``.  Named after the level it hands to."""

    seat: int
    script: Mapping[int, tuple[str, ...]]
    end: int
    fallback: Bot
    name: str = EASY
    seq: Callable[[], int] = lambda: 0
    _at: int = -1
    _steps: list[str] = field(default_factory=list)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        at = self.seq()
        if at >= self.end:
            return self.fallback.choose(view, legal, rng)
        if at != self._at:
            self._at, self._steps = at, list(self.script.get(at, ()))
        by_text = {str(action): action for action in legal}
        if self._steps and self._steps[0] in by_text:
            return by_text[self._steps.pop(0)]
        return by_text.get("pass") or self.fallback.choose(view, legal, rng)


def _after(game: Game[Any, Any, Any], state: Any, steps: Sequence[Action]) -> Any:
    for step in steps:
        state, _ = game.apply(state, LEARNER, step)
    return state


def attach(bots: Mapping[int, Bot], seq: Callable[[], int]) -> None:
    """Let the script's bots read the table's ``seq``."""
    for bot in bots.values():
        if isinstance(bot, ScriptBot):
            bot.seq = seq


def learnable() -> tuple[str, ...]:
    """The games with a guide."""
    return tuple(g for g in game_ids() if _resource(g).is_file())


def _resource(game_id: str) -> Traversable:
    """The guide's file: ``text/lesson.json`` in the game's folder (:func:`kakehiki.manifest.text_folder`)."""
    return text_folder(manifest(game_id)).joinpath("lesson.json")


@cache
def load_lesson(game_id: str) -> Lesson:
    """The guide of ``game_id`` (a :class:`KeyError` if it has none)."""
    resource = _resource(game_id)
    if not resource.is_file():
        raise KeyError(game_id)
    return lesson_from(json.loads(resource.read_text(encoding="utf-8")))


def lesson_from(data: Mapping[str, Any]) -> Lesson:
    """A :class:`Lesson` from its JSON form (``games/<package>/text/lesson.json``)."""
    asks = tuple(Ask(int(a["at"]), str(a["move"]), dict(a["why"])) for a in data["asks"])
    bot_moves = {(int(m["at"]), int(m["seat"])): tuple(str(s) for s in m["steps"]) for m in data["bots"]}
    return Lesson(str(data["game"]), int(data["seed"]), int(data["players"]), dict(data.get("options", {})),
                  asks, bot_moves, int(data["end"]), dict(data["words"]))
