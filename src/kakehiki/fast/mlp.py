"""A policy network's answer inside the kernel: the numpy MLP of a policy file, run on one seat's
observation where the game loop needs it (:mod:`kakehiki.fast.seatloop`), so a batch of games
against networks never leaves the kernel.

The networks are *packed* by :func:`kakehiki.rl.packed.pack` into three arrays:

``weights`` (float32)
    every layer's weights and biases, one after another; a hidden layer's ``W`` row by row
    (``in × out``: an input's weights to every unit are adjacent), the last layer's transposed
    (``out × in``: an action's weights are adjacent, so only legal actions are scored);
``layers`` (int64, ``L × 4``)
    per layer: where its weights start, its inputs, its outputs, where its biases start;
``nets`` (int64, ``K × 3``)
    per network: its first row of ``layers``, how many layers, its activation
    (:data:`IDENTITY`, :data:`TANH`, :data:`RELU`).

Observations are mostly zeros (a Doubt seat's 1,369 entries hold about 80 that are not), so the
first layer adds the weight rows of the nonzero entries only.  Sums run in float32, as numpy's
forward pass (:meth:`Network.scores`) does, but in another order, so a score may differ from
numpy's in its last bits: an argmax can differ only between actions scored equal to about 1e-6.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kakehiki.fast._loader import njit_for

njit = njit_for(__name__, counted=False)  # borrows its arrays, makes none

IDENTITY, TANH, RELU = 0, 1, 2
W_AT, INPUTS, OUTPUTS, B_AT = 0, 1, 2, 3  # the columns of ``layers``
FIRST_LAYER, LAYERS, ACTIVATION = 0, 1, 2  # the columns of ``nets``


@njit
def choose(weights: Any, layers: Any, nets: Any, k: int, x: Any, mask: Any, h: Any, nonzero: Any) -> int:
    """Network ``k``'s highest-scored action among those ``mask`` allows (ties: the lowest
    index; -1 if none) for the observation ``x``.  ``h`` (float32, ``2 × widest layer``) and
    ``nonzero`` (int64, ``len(x)``) are scratch."""
    n = 0
    for i in range(x.shape[0]):  # the nonzero entries' indices, without a branch to mispredict
        nonzero[n] = i
        n += x[i] != 0.0
    first, count, activation = nets[k, FIRST_LAYER], nets[k, LAYERS], nets[k, ACTIVATION]
    src = 0  # the row of h holding the current layer's input (after the first layer)
    for layer in range(first, first + count - 1):
        out = 1 - src if layer > first else 0
        w_at, inputs, outputs, b_at = layers[layer, W_AT], layers[layer, INPUTS], layers[layer, OUTPUTS], layers[
            layer, B_AT]
        if layer == first:
            first_layer(weights[w_at:b_at], weights[b_at:b_at + outputs], x, nonzero, n, h[out, :outputs])
        else:
            dense_layer(weights[w_at:b_at], weights[b_at:b_at + outputs], h[src, :inputs], h[out, :outputs])
        activate(h[out, :outputs], activation)
        src = out
    last = first + count - 1
    w_at, inputs, b_at = layers[last, W_AT], layers[last, INPUTS], layers[last, B_AT]
    return best_action(weights[w_at:b_at], weights[b_at:], inputs, x, nonzero, n, count == 1, h[src], mask)


@njit
def first_layer(w: Any, b: Any, x: Any, nonzero: Any, n: int, out: Any) -> None:
    """``out = x @ W + b`` over the ``n`` nonzero entries of ``x`` (``w``: ``W`` row by row)."""
    width = out.shape[0]
    for j in range(width):
        out[j] = b[j]
    for t in range(n):
        i = nonzero[t]
        value = x[i]
        row = w[i * width:(i + 1) * width]
        for j in range(width):
            out[j] += value * row[j]


@njit
def dense_layer(w: Any, b: Any, v: Any, out: Any) -> None:
    """``out = v @ W + b`` (``w``: ``W`` row by row)."""
    width = out.shape[0]
    for j in range(width):
        out[j] = b[j]
    for i in range(v.shape[0]):
        value = v[i]
        if value != 0.0:
            row = w[i * width:(i + 1) * width]
            for j in range(width):
                out[j] += value * row[j]


@njit
def activate(v: Any, activation: int) -> None:
    if activation == TANH:
        tanh(v)
    elif activation == RELU:
        for j in range(v.shape[0]):
            v[j] = max(v[j], 0.0)


# tanh as a ratio of odd and even polynomials on [-TANH_CLAMP, TANH_CLAMP], in float32 (the
# approximation Eigen and XLA use): within 3.5e-7 of tanh everywhere (6 float32 ulps near ±1,
# 3e-7 relative near 0).  No library call, so a layer's units are computed eight at a time; the
# library's tanh took two thirds of a 64-unit network's answer.
TANH_CLAMP = np.float32(7.90531110763549805)
P1, P3, P5, P7, P9, P11, P13 = (np.float32(c) for c in (
    4.89352455891786e-03, 6.37261928875436e-04, 1.48572235717979e-05, 5.12229709037114e-08,
    -8.60467152213735e-11, 2.00018790482477e-13, -2.76076847742355e-16))
Q0, Q2, Q4, Q6 = (np.float32(c) for c in (4.89352518554385e-03, 2.26843463243900e-03, 1.18534705686654e-04,
                                          1.19825839466702e-06))


@njit
def tanh(v: Any) -> None:
    """``v[:] = tanh(v)`` (float32)."""
    for j in range(v.shape[0]):
        c = v[j]
        if c > TANH_CLAMP:
            c = TANH_CLAMP
        if c < -TANH_CLAMP:
            c = -TANH_CLAMP
        x2 = c * c
        p = ((((((P13 * x2 + P11) * x2 + P9) * x2 + P7) * x2 + P5) * x2 + P3) * x2 + P1) * c
        q = ((Q6 * x2 + Q4) * x2 + Q2) * x2 + Q0
        v[j] = p / q


@njit
def best_action(w: Any, b: Any, inputs: int, x: Any, nonzero: Any, n: int, sparse: bool, v: Any, mask: Any) -> int:
    """The last layer (``w``: stored ``out × in``), scored for the legal actions only: the best one."""
    best, top = -1, 0.0
    for a in range(mask.shape[0]):
        if mask[a] == 0:
            continue
        row = w[a * inputs:(a + 1) * inputs]
        score = b[a]
        if sparse:
            for t in range(n):
                score += x[nonzero[t]] * row[nonzero[t]]
        else:
            score += dot(v, row, inputs)
        if best < 0 or score > top:
            best, top = a, score
    return best


@njit
def dot(v: Any, w: Any, size: int) -> Any:
    """``v[:size] @ w[:size]`` in float32, summed in eight lanes (so the products need not wait on
    one another's sums) joined pairwise: the same order compiled or not."""
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = np.float32(0.0)
    end = size - size % 8
    for i in range(0, end, 8):
        s0 += v[i] * w[i]
        s1 += v[i + 1] * w[i + 1]
        s2 += v[i + 2] * w[i + 2]
        s3 += v[i + 3] * w[i + 3]
        s4 += v[i + 4] * w[i + 4]
        s5 += v[i + 5] * w[i + 5]
        s6 += v[i + 6] * w[i + 6]
        s7 += v[i + 7] * w[i + 7]
    for i in range(end, size):
        s0 += v[i] * w[i]
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
