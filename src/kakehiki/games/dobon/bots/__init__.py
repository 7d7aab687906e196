"""Dobon's bots, declared in its manifest: ``rule`` (the heuristic), ``greedy``, ``expert`` and the styles."""
