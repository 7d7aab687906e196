"""The ``kakehiki`` command line (Typer).  Entry point: :func:`kakehiki.cli.main.main`.

Every module here is a thin adapter over the rules core: games, bots and records
are found through the registries, and every text a player reads comes from
:mod:`kakehiki.i18n`.  Games are put into words by :mod:`kakehiki.narrate`, in the
language the command picked once (:mod:`kakehiki.cli.lang`) and passed down.
"""
