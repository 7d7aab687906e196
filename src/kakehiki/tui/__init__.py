"""The full-screen table in a terminal (Textual, the ``tui`` extra): ``kakehiki play`` and
``kakehiki replay --show`` when a person sits at a terminal; ``--plain`` keeps the line mode.

Only :mod:`kakehiki.tui.app`, :mod:`~kakehiki.tui.widgets`, :mod:`~kakehiki.tui.play` and
:mod:`~kakehiki.tui.replay` import Textual; the command line imports them only once it has
chosen the table, so the core and the line mode run without Textual.  The controller
(:mod:`kakehiki.tui.controller`) is plain Python over :class:`~kakehiki.table.Table`.
"""
