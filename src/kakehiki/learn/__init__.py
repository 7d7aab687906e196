"""Learning a game: a guided first game on a scripted deal, then a real game against easy bots.

A guide (``games/<package>/text/lesson.json``, package data) is a fixed deal (the game, its seed, how many
seats, the learner at seat 0) and what happens on it: every answer the bots give, by the state
they answer (the table's :attr:`~kakehiki.table.Table.seq`), and every decision the learner is
asked for, with the move the guide points at and why, in English and Japanese.  The terminal
(``kakehiki learn``) and the browser table's learn rooms both play it on a
:class:`~kakehiki.table.Table` whose bots are :class:`~kakehiki.learn.lesson.ScriptBot`: they
answer as scripted, then, once the script is over, as the ``easy`` level.
"""

from kakehiki.learn.lesson import LEARNER, Ask, Lesson, ScriptBot, learnable, load_lesson

__all__ = ["LEARNER", "Ask", "Lesson", "ScriptBot", "learnable", "load_lesson"]
