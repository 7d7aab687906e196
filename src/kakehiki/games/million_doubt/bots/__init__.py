"""Million Doubt's bots, declared in its manifest: ``heuristic``, ``expert`` and the styles."""
