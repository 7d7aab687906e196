"""``python -m kakehiki``: the command line, as the ``kakehiki`` script runs it."""

from kakehiki.cli.main import main

main()
