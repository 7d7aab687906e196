"""The compiled batch engine (the ``fast`` extra: numba, numpy).

Kernels written in the subset of Python numba compiles play the same games as the reference
engine, many games per call, on plain arrays.  Without numba (or with ``KAKEHIKI_FAST_JIT=0``)
the same kernels run as plain Python: slowly, but the rules can be checked anywhere.
This package is the machinery every game's kernel shares (the loader, the generator, the batch
base class); each game's kernel lives in its folder (``kakehiki/games/<g>/kernel/``) and its
manifest names its batch class (:mod:`kakehiki.fast.engines` finds them).  Dobon's
``DobonBatch`` and ``playout`` are reachable here as well, through Dobon's manifest.
"""

from typing import Any

from kakehiki.fast._loader import default_jit, have_numba, kernels


def __getattr__(name: str) -> Any:
    if name in ("DobonBatch", "playout"):
        from kakehiki.manifest import manifest

        return manifest("dobon").load(f".kernel.batch:{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DobonBatch", "default_jit", "have_numba", "kernels", "playout"]
