"""Doubt's bots, declared in its manifest: ``count`` (the heuristic), ``honest``, ``expert`` and the styles."""
