"""Many machines: ``kakehiki sim``, ``arena`` and RL rollouts on a Ray cluster (the ``cluster`` extra).

The work is cut exactly as for ``--workers`` on one machine (the same seeds in the same chunks,
folded in the same order), so a run on a cluster gives the same figures as one on a laptop; Ray
only decides where each chunk runs.  :func:`ray_pool` gives a standard
:class:`concurrent.futures.Executor`, so the callers keep one code path for processes and
clusters::

    with ray_pool("local") as pool:          # a Ray started for this command, stopped after it
        print(pool.submit(pow, 2, 10).result())
    with ray_pool("10.0.0.5:6379") as pool:  # an existing cluster (``ray start --head`` there)
        ...

Every machine of a cluster needs kakehiki (and the extras a chunk uses) installed.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from kakehiki.errors import KakehikiError

LOCAL = "local"
"""The ``--ray`` address that starts a Ray on this machine for the command's length."""

P = ParamSpec("P")
T = TypeVar("T")


class ClusterError(KakehikiError):
    """Ray is missing, or the cluster at the address cannot be joined."""


class RayExecutor(Executor):
    """Runs each submitted call as one Ray task; its result comes back as a standard future."""

    def __init__(self, cpus: int) -> None:
        self.cpus = cpus
        """The cluster's CPUs when it was joined: how many chunks to cut the work into."""
        self._task: Any = None

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        import ray

        if self._task is None:
            self._task = ray.remote(_call)
        future: Future[T] = self._task.remote(fn, *args, **kwargs).future()
        return future


def _call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """The one Ray task: any picklable callable (built-ins too, which Ray cannot wrap)."""
    return fn(*args, **kwargs)


@contextmanager
def ray_pool(address: str) -> Iterator[RayExecutor]:
    """Join the Ray cluster at ``address`` (``local``: start one here), and leave it after."""
    try:
        import ray
    except ImportError:
        raise ClusterError("--ray needs Ray: pip install 'kakehiki[cluster]'") from None
    if address != LOCAL:
        reachable(address)  # Ray itself waits a minute, then aborts the process, on a wrong address
    joined = not ray.is_initialized()
    if joined:
        _init(ray, address)
    try:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]  # Ray's own hints lack it
        yield RayExecutor(max(1, int(resources.get("CPU", 1))))
    finally:
        if joined:
            ray.shutdown()


@contextmanager
def maybe_ray_pool(address: str | None) -> Iterator[RayExecutor | None]:
    """:func:`ray_pool` when an address is given, else nothing (the command's own processes)."""
    if address is None:
        yield None
        return
    with ray_pool(address) as pool:
        yield pool


def reachable(address: str, timeout: float = 3.0) -> None:
    """Refuse an address that is not ``host:port`` or where nothing listens."""
    host, colon, port = address.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--ray takes HOST:PORT (the head's GCS address, port 6379 by default) or "
                           f"{LOCAL!r}, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ClusterError(f"no Ray cluster answers at {address} ({exc.strerror or exc}); "
                           f"start one there with `ray start --head`, or use --ray {LOCAL}") from None


def _init(ray: Any, address: str) -> None:
    quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    # the workers import kakehiki as this process does (PYTHONPATH) and run as it was told (KAKEHIKI_*)
    passed = {k: v for k, v in os.environ.items() if k == "PYTHONPATH" or k.startswith("KAKEHIKI_")}
    runtime = {"env_vars": passed} if passed else None
    try:
        if address == LOCAL:
            ray.init(runtime_env=runtime, **quiet)
        else:
            ray.init(address=address, runtime_env=runtime, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ClusterError(f"cannot join the Ray cluster at {address!r}: {exc}") from None
