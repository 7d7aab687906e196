"""The compiled batch engine (the ``fast`` extra: numba, numpy).

Kernels written in the subset of Python numba compiles play the same games as the reference
engine, many games per call, on plain arrays.  Without numba (or with ``KAKEHIKI_FAST_JIT=0``)
the same kernels run as plain Python: slowly, but the rules can be checked anywhere.
Done: ``dobon`` (:class:`DobonBatch`, :func:`playout`).
"""

from kakehiki.fast._loader import default_jit, have_numba, kernels
from kakehiki.fast.dobon import DobonBatch, playout

__all__ = ["DobonBatch", "default_jit", "have_numba", "kernels", "playout"]
