"""The ``kakehiki`` command line (Typer).  Entry point: :func:`kakehiki.cli.main.main`.

Every module here is a thin adapter over the rules core: games, bots and records
are found through the registries, and every text a player reads comes from
:mod:`kakehiki.i18n`.  Only the view/event renderers are game-specific
(:mod:`kakehiki.cli.render`).
"""
