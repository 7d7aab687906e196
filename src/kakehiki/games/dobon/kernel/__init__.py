"""Dobon's compiled engine: ``batch`` (the batch class its manifest names), ``layout`` (a game as a
row of int32), and the kernel modules numba compiles (:func:`kakehiki.fast.kernels` loads them)."""
