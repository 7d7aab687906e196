"""Dobon-arith's bots, declared in its manifest: ``rule`` (the heuristic), ``expert`` and the styles."""
