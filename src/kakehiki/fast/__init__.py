"""The compiled batch engine (the ``fast`` extra: numba, numpy).

Kernels written in the subset of Python numba compiles play the same games as the reference
engine, many games per call, on plain arrays.  Without numba (or with ``KAKEHIKI_FAST_JIT=0``)
the same kernels run as plain Python: slowly, but the rules can be checked anywhere.
Each game's batch class lives in its own module (``kakehiki.fast.doubt.DoubtBatch``, ...);
:mod:`kakehiki.fast.engines` maps game ids to them.  Dobon's is exported here.
"""

from kakehiki.fast._loader import default_jit, have_numba, kernels
from kakehiki.fast.dobon import DobonBatch, playout

__all__ = ["DobonBatch", "default_jit", "have_numba", "kernels", "playout"]
