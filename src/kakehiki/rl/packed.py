"""Policy networks packed for the kernel (:mod:`kakehiki.fast.mlp`): every network's layers in
one float32 array, with the tables that say where each layer sits.

A network's ``obs_shift``/``obs_scale`` are folded into its first layer
(``((x - shift) * scale) @ W + b == x @ (scale · W) + (b - (shift · scale) @ W)``), so the kernel
still reads only the observation's nonzero entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from kakehiki.bots.policy import Network

ACTIVATIONS = {"identity": 0, "tanh": 1, "relu": 2}  # kakehiki.fast.mlp's IDENTITY, TANH, RELU


class Packed(NamedTuple):
    weights: npt.NDArray[np.float32]
    layers: npt.NDArray[np.int64]  # per layer: weights at, inputs, outputs, biases at
    nets: npt.NDArray[np.int64]  # per network: first layer, layers, activation
    widest: int  # the most units of any hidden layer (the kernel's scratch)


def folded(net: Network) -> tuple[list[npt.NDArray[np.float32]], list[npt.NDArray[np.float32]]]:
    """``net``'s weights and biases with its observation shift and scale taken into the first layer."""
    weights, biases = list(net.weights), list(net.biases)
    if net.shift is None and net.scale is None:
        return weights, biases
    first = weights[0].astype(np.float64)
    scale = np.ones(first.shape[0]) if net.scale is None else net.scale.astype(np.float64)
    shift = np.zeros(first.shape[0]) if net.shift is None else net.shift.astype(np.float64)
    weights[0] = (first * scale[:, None]).astype(np.float32)
    biases[0] = (biases[0] - (shift * scale) @ first).astype(np.float32)
    return weights, biases


def pack(networks: Sequence[Network]) -> Packed:
    """``networks`` (network ``k`` is row ``k`` of ``nets``) as the kernel reads them."""
    parts: list[npt.NDArray[np.float32]] = []
    layers: list[tuple[int, int, int, int]] = []
    nets: list[tuple[int, int, int]] = []
    at, widest = 0, 1
    for net in networks:
        if net.activation not in ACTIVATIONS:
            raise ValueError(f"a network's activation must be one of {', '.join(ACTIVATIONS)}, not "
                             f"{net.activation!r}")
        weights, biases = folded(net)
        nets.append((len(layers), len(weights), ACTIVATIONS[net.activation]))
        for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
            last = i == len(weights) - 1
            stored = np.ascontiguousarray(w.T if last else w, dtype=np.float32).ravel()
            layers.append((at, w.shape[0], w.shape[1], at + stored.size))
            parts += [stored, b.astype(np.float32)]
            at += stored.size + b.size
            if not last:
                widest = max(widest, w.shape[1])
    return Packed(np.concatenate(parts) if parts else np.zeros(1, dtype=np.float32),
                  np.array(layers, dtype=np.int64).reshape(-1, 4), np.array(nets, dtype=np.int64).reshape(-1, 3),
                  widest)
