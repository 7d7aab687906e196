"""Loading the kernels compiled (numba) or as plain Python, side by side.

The kernel modules (the shared ``kakehiki.fast.prng``, each game's ``kakehiki.games.<g>.kernel.*``)
are written in the subset of Python that numba compiles.  :func:`kernels` loads a fresh copy of
them under a name that says its mode (``kakehiki.fast._jit.games.dobon.kernel.rules`` or
``kakehiki.fast._py.games.dobon.kernel.rules``: the module's name after ``kakehiki.``); a kernel
module reads its mode from its own name (:func:`njit_for`) and finds its siblings of the same
mode with :func:`sibling`.  So one process may hold both (the tests compare them), and the plain
copy needs neither numba nor a compiler.
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
PRNG = "kakehiki.fast.prng"
LOOPS = "kakehiki.fast.loops"  # the loops over a batch's games every game runs alike
KERNEL_MODULES = (PRNG, LOOPS)
"""The shared kernel modules (the generator; the loops over a batch's games); each game names its
own to :func:`kernels` (its batch module's ``KERNEL_MODULES``, in load order: a module's siblings
load before it)."""
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


def njit_for(module_name: str, counted: bool = True) -> Callable[[F], F]:
    """The decorator for the kernel module named ``module_name``: numba's ``njit`` for the
    compiled copy, the identity for the plain one.

    ``counted=False`` compiles without numba's reference counting (its ``_nrt=False``), for
    kernels that only borrow the arrays they are given and make none: numba would otherwise
    count a reference to each array argument in and out of every call, an atomic add each way,
    whenever its pruning cannot drop the pair (a function with a loop).  On Million Doubt's
    playout that was a third of the time.  A function that makes an array (``np.zeros``) does
    not compile this way, so nothing can be freed under a borrower; nor does one that calls such
    a function (numba types the callee in the caller's mode): those stay counted."""
    if not module_name.startswith(_PREFIX[True]):
        return lambda fn: fn
    import numba  # the fast extra

    njit: Any = numba.njit  # untyped: numba's own hints (0.68+) leave out its private ``_nrt``

    def compile_lazily(fn: F) -> F:
        if not counted:
            return cast(F, njit(cache=True, nogil=True, _nrt=False)(fn))
        return cast(F, njit(cache=True, nogil=True)(fn))

    return compile_lazily


def sibling(module_name: str, name: str) -> Any:
    """The kernel module ``name`` (its full name, ``kakehiki.games.dobon.kernel.rules``) of the
    same mode as ``module_name``.  A kernel imported under its own name (as doctest collection
    does) is plain Python, and so are the siblings it imports."""
    for prefix in _PREFIX.values():
        if module_name.startswith(prefix):
            return sys.modules[loaded_name(prefix, name)]
    return importlib.import_module(name)


def loaded_name(prefix: str, name: str) -> str:
    """The name the kernel module ``name`` is loaded under in the mode of ``prefix``."""
    return prefix + name.removeprefix("kakehiki.")


def source_of(name: str) -> Path:
    """The file of the kernel module ``name`` (its package is imported, never the module)."""
    package, _, stem = name.rpartition(".")
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations is not None, name
    return Path(next(iter(spec.submodule_search_locations))) / f"{stem}.py"


def drop_stale_caches(names: tuple[str, ...], source: Path | None = None) -> bool:
    """Delete numba's cached machine code of ``names`` when any of their sources changed.

    numba checks a cached function against its own file only; a kernel that calls a changed
    sibling would keep running the old code.  So a stamp (the SHA-256 of all the sources) is
    kept beside numba's cache in ``__pycache__``; on a mismatch the set's ``.nbi``/``.nbc``
    files go and the set is compiled anew.  Returns whether anything was dropped.  (A cache
    elsewhere, ``NUMBA_CACHE_DIR`` or numba's user-wide one for a read-only install, is not
    touched: an upgrade rewrites every file there anyway.)  ``names`` are full module names, or
    names of files in the folder ``source``; the stamp is kept beside the last one's cache."""
    files = [source / f"{name}.py" if source is not None else source_of(name) for name in names]
    digest = hashlib.sha256()
    for name, file in zip(names, files, strict=True):
        digest.update(name.encode() + b"\0" + file.read_bytes() + b"\0")
    label = hashlib.sha256("/".join(names).encode()).hexdigest()[:12]
    stamp = files[-1].parent / "__pycache__" / f"kakehiki-kernels-{label}.sha256"
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        for file in files:
            cache = file.parent / "__pycache__"
            for old in [*cache.glob(f"{file.stem}.*.nbi"), *cache.glob(f"{file.stem}.*.nbc")]:
                old.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:
        return False  # a read-only install: numba caches elsewhere
    return True


def kernels(jit: bool | None = None, names: tuple[str, ...] = KERNEL_MODULES) -> dict[str, ModuleType]:
    """The kernel modules ``names`` (full module names; default: the shared ``prng``), compiled
    (``jit=True``, needs numba) or plain; each loaded once per mode, in the order given (siblings
    first), and keyed by the last part of its name (``prng``, ``rules``, ``play``)."""
    mode = default_jit() if jit is None else jit
    if mode and not have_numba():
        raise ImportError("the compiled kernels need numba: pip install 'kakehiki[fast]'")
    prefix = _PREFIX[mode]
    if mode and not all(loaded_name(prefix, name) in sys.modules for name in names):
        drop_stale_caches(names)
    loaded: dict[str, ModuleType] = {}
    for name in names:
        full = loaded_name(prefix, name)
        module = sys.modules.get(full)
        if module is None:
            spec = importlib.util.spec_from_file_location(full, source_of(name))
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[full] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[full]
                raise
        loaded[name.rpartition(".")[2]] = module
    return loaded
