"""Loading the kernels compiled (numba) or as plain Python, side by side.

The kernel modules (``prng``, ``dobon_kernel``) are written in the subset of Python that
numba compiles.  :func:`kernels` loads a fresh copy of them under a name that says its
mode (``kakehiki.fast._jit.dobon_kernel`` or ``kakehiki.fast._py.dobon_kernel``); a kernel
module reads its mode from its own name (:func:`njit_for`) and finds its siblings of the
same mode with :func:`sibling`.  So one process may hold both (the tests compare them), and
the plain copy needs neither numba nor a compiler.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])
HERE = Path(__file__).parent
# Dobon's kernel modules, in load order (a module's siblings load before it); every other
# game names its own to :func:`kernels`.
KERNEL_MODULES = ("prng", "dobon_kernel", "dobon_match", "dobon_play", "dobon_seat")
_PREFIX = {True: "kakehiki.fast._jit.", False: "kakehiki.fast._py."}


def have_numba() -> bool:
    """Whether numba can be imported (the ``fast`` extra)."""
    return importlib.util.find_spec("numba") is not None


def default_jit() -> bool:
    """Compiled unless numba is missing or ``KAKEHIKI_FAST_JIT=0`` (or numba's own
    ``NUMBA_DISABLE_JIT=1``) says otherwise."""
    if os.environ.get("KAKEHIKI_FAST_JIT", "1") == "0" or os.environ.get("NUMBA_DISABLE_JIT", "0") == "1":
        return False
    return have_numba()


def njit_for(module_name: str) -> Callable[[F], F]:
    """The decorator for the kernel module named ``module_name``: numba's ``njit`` for the
    compiled copy, the identity for the plain one."""
    if not module_name.startswith(_PREFIX[True]):
        return lambda fn: fn
    import numba  # the fast extra

    def compile_lazily(fn: F) -> F:
        return cast(F, numba.njit(cache=True, nogil=True)(fn))

    return compile_lazily


def sibling(module_name: str, name: str) -> Any:
    """The kernel module ``name`` of the same mode as ``module_name``.  A kernel imported
    under its own name (``kakehiki.fast.dobon_kernel``, as doctest collection does) is plain
    Python, and so are the siblings it imports."""
    package = module_name.rsplit(".", 1)[0]
    if package + "." not in _PREFIX.values():
        return importlib.import_module(f"{package}.{name}")
    return sys.modules[package + "." + name]


def drop_stale_caches(names: tuple[str, ...], source: Path = HERE) -> bool:
    """Delete numba's cached machine code of ``names`` when any of their sources changed.

    numba checks a cached function against its own file only; a kernel that calls a changed
    sibling would keep running the old code.  So a stamp (the SHA-256 of all the sources) is
    kept beside numba's cache in ``__pycache__``; on a mismatch the set's ``.nbi``/``.nbc``
    files go and the set is compiled anew.  Returns whether anything was dropped.  (A cache
    elsewhere, ``NUMBA_CACHE_DIR`` or numba's user-wide one for a read-only install, is not
    touched: an upgrade rewrites every file there anyway.)"""
    cache = source / "__pycache__"
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (source / f"{name}.py").read_bytes() + b"\0")
    label = hashlib.sha256("/".join(names).encode()).hexdigest()[:12]
    stamp = cache / f"kakehiki-kernels-{label}.sha256"
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        for name in names:
            for old in [*cache.glob(f"{name}.*.nbi"), *cache.glob(f"{name}.*.nbc")]:
                old.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:
        return False  # a read-only install: numba caches elsewhere
    return True


def kernels(jit: bool | None = None, names: tuple[str, ...] = KERNEL_MODULES) -> dict[str, ModuleType]:
    """The kernel modules ``names`` (default: Dobon's), compiled (``jit=True``, needs numba)
    or plain; each loaded once per mode, in the order given (siblings first)."""
    mode = default_jit() if jit is None else jit
    if mode and not have_numba():
        raise ImportError("the compiled kernels need numba: pip install 'kakehiki[fast]'")
    prefix = _PREFIX[mode]
    if mode and not all(prefix + name in sys.modules for name in names):
        drop_stale_caches(names)
    loaded: dict[str, ModuleType] = {}
    for name in names:
        full = prefix + name
        module = sys.modules.get(full)
        if module is None:
            spec = importlib.util.spec_from_file_location(full, HERE / f"{name}.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[full] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[full]
                raise
        loaded[name] = module
    return loaded
