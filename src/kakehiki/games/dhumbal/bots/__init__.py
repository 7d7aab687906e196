"""Dhumbal's bots, declared in its manifest: ``threshold`` (the heuristic), ``expert`` and the styles."""
