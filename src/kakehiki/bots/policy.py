"""A trained policy as a bot: ``policy:PATH`` names the ``.npz`` file of a small MLP.

``make_bot("dobon", "policy:dobon_policy.npz")`` (and so ``kakehiki arena``/``sim``, the server's
seats, anything that takes a bot name) loads the file once and plays it.  Play needs numpy and
the observation encoders of :mod:`kakehiki.rl.obs`, never torch: the bot encodes **the seat's
view** (all a bot is handed, the noninterference rule), runs the network forward in numpy and
takes the legal action with the highest score (ties: the first in the game's legal order).

The file (``numpy.savez``) holds:

* ``meta``: a JSON string with ``format`` (``kakehiki-mlp-policy/1``), ``game`` (its id),
  ``players`` (the table size the encoder is built for), ``options`` (those the action space
  is built from; ``{}`` for the defaults), ``activation`` (``tanh``, ``relu`` or ``identity``,
  between layers), ``layers`` (how many); anything else is kept as it is (e.g. how it was trained);
* ``W0`` … ``W{layers-1}`` (``in × out``) and ``b0`` … (``out``): ``x ← act(x @ Wi + bi)``, no
  activation after the last layer, whose outputs are the scores of the game's numbered actions;
* optionally ``obs_shift`` and ``obs_scale`` (one per observation entry): the network reads
  ``(obs - obs_shift) * obs_scale``.

A host that offers bots by name only (the server) offers a policy registered under a name:
:func:`register_policy`, or ``KAKEHIKI_POLICIES=NAME=PATH[,NAME=PATH…]`` in its environment.

A file that does not fit (missing arrays, shapes that do not chain, another game, non-finite
weights, unreadable) is refused with a :class:`~kakehiki.errors.KakehikiError` naming the file
and what is wrong.  ``examples/train_maskable_ppo.py`` trains one with MaskablePPO and writes it.
"""

from __future__ import annotations

import json
import os
import random
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kakehiki.bots import register_bot, register_loader
from kakehiki.core import Action
from kakehiki.errors import KakehikiError

if TYPE_CHECKING:  # numpy is the rl extra's: imported when a policy is loaded, never by the core
    import numpy as np
    import numpy.typing as npt

    from kakehiki.rl.obs import Encoder
    from kakehiki.spaces import ActionSpace

FORMAT = "kakehiki-mlp-policy/1"
PREFIX = "policy"
ACTIVATIONS = ("tanh", "relu", "identity")
ENV = "KAKEHIKI_POLICIES"


class PolicyFileError(KakehikiError):
    """A policy file that cannot be played, and why."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"policy file {path}: {problem}")
        self.path, self.problem = path, problem


@dataclass(frozen=True)
class Network:
    """An MLP read from a policy file, checked."""

    meta: dict[str, Any]
    weights: tuple[npt.NDArray[np.float32], ...]
    biases: tuple[npt.NDArray[np.float32], ...]
    activation: str
    shift: npt.NDArray[np.float32] | None
    scale: npt.NDArray[np.float32] | None

    @property
    def inputs(self) -> int:
        return int(self.weights[0].shape[0])

    @property
    def outputs(self) -> int:
        return int(self.weights[-1].shape[1])

    def scores(self, obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The network's score for every action index."""
        import numpy as np

        x = obs
        if self.shift is not None:
            x = x - self.shift
        if self.scale is not None:
            x = x * self.scale
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < last:
                if self.activation == "tanh":
                    x = np.tanh(x)
                elif self.activation == "relu":
                    x = np.maximum(x, 0.0)
        return x


def load_network(path: str) -> Network:
    """Read and check a policy file (cached while the file is unchanged)."""
    try:
        stat = os.stat(path)
    except OSError as exc:
        raise PolicyFileError(path, f"cannot be read ({exc.strerror or exc})") from None
    return _load(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _load(path: str, mtime_ns: int, size: int) -> Network:
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise PolicyFileError(path, f"not a readable .npz file ({exc})") from None
    if "meta" not in arrays:
        raise PolicyFileError(path, "no 'meta' entry (a JSON string: format, game, players, activation, layers)")
    try:
        meta = json.loads(str(arrays["meta"]))
    except json.JSONDecodeError as exc:
        raise PolicyFileError(path, f"'meta' is not JSON ({exc})") from None
    if not isinstance(meta, dict):
        raise PolicyFileError(path, "'meta' must be a JSON object")
    if meta.get("format") != FORMAT:
        raise PolicyFileError(path, f"format {meta.get('format')!r}, expected {FORMAT!r}")
    for key, kind in (("game", str), ("players", int), ("activation", str), ("layers", int), ("options", dict)):
        if not isinstance(meta.get(key), kind):
            raise PolicyFileError(path, f"meta {key!r} missing or not {kind.__name__}: {meta.get(key)!r}")
    if meta["activation"] not in ACTIVATIONS:
        raise PolicyFileError(path, f"activation {meta['activation']!r} unknown (known: {', '.join(ACTIVATIONS)})")
    layers = meta["layers"]
    if layers < 1:
        raise PolicyFileError(path, f"meta 'layers' must be at least 1, not {layers}")
    weights, biases = [], []
    width: int | None = None
    for i in range(layers):
        for name in (f"W{i}", f"b{i}"):
            if name not in arrays:
                raise PolicyFileError(path, f"layer {i}: array {name!r} missing")
        w, b = arrays[f"W{i}"], arrays[f"b{i}"]
        if w.ndim != 2 or b.shape != (w.shape[1],):
            raise PolicyFileError(path, f"layer {i}: W{i} {w.shape} and b{i} {b.shape} do not fit (in × out, out)")
        if width is not None and w.shape[0] != width:
            raise PolicyFileError(path, f"layer {i}: W{i} takes {w.shape[0]} inputs, the layer before gives {width}")
        if w.dtype.kind != "f" or b.dtype.kind != "f" or not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise PolicyFileError(path, f"layer {i}: weights must be finite floats")
        width = int(w.shape[1])
        weights.append(w.astype(np.float32))
        biases.append(b.astype(np.float32))
    shift, scale = (arrays.get(name) for name in ("obs_shift", "obs_scale"))
    for name, value in (("obs_shift", shift), ("obs_scale", scale)):
        if value is not None and (value.shape != (weights[0].shape[0],) or not np.isfinite(value).all()):
            raise PolicyFileError(path, f"{name} must hold {weights[0].shape[0]} finite numbers, not {value.shape}")
    return Network(meta, tuple(weights), tuple(biases), meta["activation"],
                   None if shift is None else shift.astype(np.float32),
                   None if scale is None else scale.astype(np.float32))


class PolicyBot:
    """Plays the network in a policy file: the legal action it scores highest."""

    def __init__(self, game_id: str, path: str) -> None:
        from kakehiki.registry import get_game
        from kakehiki.rl.obs import encoder

        self.name = f"{PREFIX}:{path}"
        self.network = network = load_network(path)
        meta = network.meta
        if meta["game"] != game_id:
            raise PolicyFileError(path, f"trained for {meta['game']}, not {game_id}")
        game = get_game(game_id)
        try:
            probe = game.new(players=meta["players"], options=meta["options"], seed=0)
        except KakehikiError as exc:
            raise PolicyFileError(path, f"players or options do not make a {game_id} game: {exc}") from None
        self.players: int = meta["players"]
        self.encoder: Encoder[Any] = encoder(game_id, self.players)
        self.space: ActionSpace[Any] = game.action_space(probe)
        if network.inputs != self.encoder.size:
            raise PolicyFileError(path, f"the network takes {network.inputs} inputs; {game_id}'s observation for "
                                        f"{self.players} players has {self.encoder.size}")
        if network.outputs != self.space.size:
            raise PolicyFileError(path, f"the network scores {network.outputs} actions; {game_id} has "
                                        f"{self.space.size}")

    def observe(self, view: Any) -> npt.NDArray[np.float32]:
        """The observation the network reads: the seat's view, encoded (nothing else)."""
        if len(view.hand_sizes) != self.players:
            raise KakehikiError(f"{self.name} was trained for {self.players} players, "
                                f"not {len(view.hand_sizes)}")
        return self.encoder.encode(view)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        scores = self.network.scores(self.observe(view))
        index = self.space.index
        best, best_score = 0, float("-inf")
        for k, action in enumerate(legal):
            score = float(scores[index(action)])
            if score > best_score:
                best, best_score = k, score
        return legal[best]


def register_policy(name: str, path: str) -> str:
    """Register the policy in ``path`` as the bot ``name`` of the game it was trained for (checked
    now): a name a host offers (the server takes registered names only, never a path from a
    client).  Returns the game's id."""
    if not name or ":" in name or "," in name:
        raise KakehikiError(f"a policy's bot name needs no ':' or ',' and may not be empty: {name!r}")
    game_id: str = load_network(path).meta["game"]
    PolicyBot(game_id, path)  # refuses a file that does not fit its game
    register_bot(game_id, name, lambda: PolicyBot(game_id, path))
    return game_id


def register_from_env(value: str | None = None) -> list[str]:
    """Register every ``NAME=PATH`` of ``KAKEHIKI_POLICIES`` (comma-separated), e.g.
    ``KAKEHIKI_POLICIES=ppo=/srv/dobon_policy.npz kakehiki serve``; the names registered."""
    spec = os.environ.get(ENV, "") if value is None else value
    names = []
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, equals, path = item.partition("=")
        if not equals:
            raise KakehikiError(f"{ENV}: {item!r} is not NAME=PATH")
        register_policy(name.strip(), path.strip())
        names.append(name.strip())
    return names


register_loader(PREFIX, PolicyBot)
register_from_env()
