"""A policy network answering inside the kernel (kakehiki.fast.mlp, packed by kakehiki.rl.packed)
picks what the policy-file bot picks: numpy's forward pass and a masked argmax."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from kakehiki.bots.policy import Network
from kakehiki.fast import kernels
from kakehiki.fast._loader import have_numba
from kakehiki.rl.compiled import masked_argmax
from kakehiki.rl.packed import pack

INPUTS, ACTIONS = 40, 12


def network(hidden: tuple[int, ...], activation: str, seed: int, shifted: bool = False) -> Network:
    rng = np.random.default_rng(seed)
    sizes = [INPUTS, *hidden, ACTIONS]
    weights = tuple(rng.normal(size=(a, b)).astype(np.float32) for a, b in pairwise(sizes))
    biases = tuple(rng.normal(size=b).astype(np.float32) for b in sizes[1:])
    shift = rng.normal(size=INPUTS).astype(np.float32) if shifted else None
    scale = rng.uniform(0.5, 2.0, size=INPUTS).astype(np.float32) if shifted else None
    meta = {"game": "test", "players": 2, "layers": len(weights), "activation": activation}
    return Network(meta, weights, biases, activation, shift, scale)


def observations(seed: int, n: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Sparse observations (counts and fractions, mostly zeros) and masks of 1 to 12 legal actions."""
    rng = np.random.default_rng(seed)
    obs = np.where(rng.random((n, INPUTS)) < 0.15, rng.integers(1, 4, (n, INPUTS)) / 3, 0).astype(np.float32)
    masks = (rng.random((n, ACTIONS)) < 0.4).astype(np.uint8)
    masks[np.arange(n), rng.integers(ACTIONS, size=n)] = 1
    return obs, masks


NETWORKS = [network((), "identity", 1), network((8,), "tanh", 2), network((8, 6), "relu", 3),
            network((10,), "tanh", 4, shifted=True), network((7, 5), "identity", 5, shifted=True)]


def kernel_choices(jit: bool, obs: np.ndarray, masks: np.ndarray, k: int) -> list[int]:
    mlp = kernels(jit, ("kakehiki.fast.mlp",))["mlp"]
    packed = pack(NETWORKS)
    hidden = np.zeros((2, packed.widest), dtype=np.float32)
    nonzero = np.zeros(INPUTS, dtype=np.int64)
    return [mlp.choose(packed.weights, packed.layers, packed.nets, k, x, m, hidden, nonzero)
            for x, m in zip(obs, masks, strict=True)]


@pytest.mark.parametrize("k", range(len(NETWORKS)))
def test_the_kernel_picks_the_policy_bots_action(k: int) -> None:
    """One-layer, tanh, relu and identity networks, with and without an observation shift and scale."""
    obs, masks = observations(seed=k)
    expected = masked_argmax(NETWORKS[k].scores(obs), masks).tolist()
    assert kernel_choices(False, obs, masks, k) == expected


def test_the_kernel_tanh_is_tanh_to_float32_precision() -> None:
    mlp = kernels(False, ("kakehiki.fast.mlp",))["mlp"]
    x = np.concatenate([np.linspace(-30, 30, 4001), np.geomspace(1e-9, 1e-2, 200)]).astype(np.float32)
    got = x.copy()
    mlp.tanh(got)
    assert np.abs(got.astype(np.float64) - np.tanh(x.astype(np.float64))).max() < 4e-7
    assert got[0] == -1.0 and got[4000] == 1.0


def test_a_network_without_a_legal_action_answers_minus_one() -> None:
    obs, masks = observations(seed=9, n=1)
    assert kernel_choices(False, obs, np.zeros_like(masks), 1) == [-1]


@pytest.mark.skipif(not have_numba(), reason="numba (the fast extra) is not installed")
@pytest.mark.parametrize("k", range(len(NETWORKS)))
def test_compiled_and_plain_kernels_pick_alike(k: int) -> None:
    obs, masks = observations(seed=20 + k, n=200)
    assert kernel_choices(True, obs, masks, k) == kernel_choices(False, obs, masks, k)


def test_a_network_with_an_unknown_activation_is_refused_by_name() -> None:
    odd = network((4,), "tanh", 6)
    odd = Network(odd.meta, odd.weights, odd.biases, "sigmoid", None, None)
    with pytest.raises(ValueError, match="'sigmoid'"):
        pack([odd])
