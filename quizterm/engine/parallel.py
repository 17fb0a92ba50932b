"""Running independent attention tiles on a few threads, each with single-threaded BLAS.

NumPy's element-wise passes (exp, sum, divide) run on one core but release the GIL, and
OpenBLAS parallelizes each matmul on its own. Tiles that do matmul -> softmax -> matmul back to
back keep both cores busy only if each worker thread owns a core: OpenBLAS >= 0.3.27 offers
``openblas_set_num_threads_local`` to make one thread's BLAS calls single-threaded without
touching anyone else's. Without it (MKL, Accelerate, old OpenBLAS) tiles run serially.
"""

from __future__ import annotations

import ctypes
import glob
import itertools
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

# Below this many multiply-adds a thread hand-off costs more than it saves.
MIN_PARALLEL_WORK = 1 << 24

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_set_local: Callable[[int], int] | None | bool = False  # False = not looked up yet


def _find_set_local() -> Callable[[int], int] | None:
    import numpy as np

    here = os.path.dirname(np.__file__)
    # Where NumPy's wheels keep their OpenBLAS: numpy.libs (Linux, Windows), numpy/.dylibs (macOS).
    paths = [p for d in (os.path.join(here, os.pardir, "numpy.libs"), os.path.join(here, ".dylibs"))
             for p in sorted(glob.glob(os.path.join(d, "*openblas*")))]
    for path in paths:
        try:
            fn = ctypes.CDLL(path).openblas_set_num_threads_local
        except (OSError, AttributeError):
            continue
        fn.argtypes, fn.restype = [ctypes.c_int], ctypes.c_int
        return fn
    return None


def worker_count() -> int:
    """Cores this process may use (at most 8, or ``QUIZTERM_ENGINE_THREADS``), or 1 when BLAS
    threads cannot be made single-threaded per thread."""
    global _set_local
    cap = os.environ.get("QUIZTERM_ENGINE_THREADS", "")
    limit = int(cap) if cap.isdigit() and int(cap) >= 1 else 8
    if limit == 1:
        return 1
    with _lock:
        if _set_local is False:
            _set_local = _find_set_local()
    if _set_local is None:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, limit))


def _pool_for(workers: int) -> ThreadPoolExecutor:
    global _pool, _pool_pid
    with _lock:
        # A forked child inherits the pool object but not its threads: it needs its own.
        if _pool is None or _pool_pid != os.getpid():
            _pool = ThreadPoolExecutor(workers, thread_name_prefix="quizterm-engine",
                                       initializer=_set_local, initargs=(1,))
            _pool_pid = os.getpid()
        return _pool


def run_tiles(fn: Callable[[Any], None], jobs: Sequence[Any], *, work: int) -> None:
    """Call ``fn(job)`` for every job; on several threads when ``work`` (multiply-adds) is large.

    Jobs must write disjoint parts of the outputs. Threads take the next job as they finish one
    (list the costliest first, e.g. the late rows of a causal mask, to balance the end).
    """
    workers = min(worker_count(), len(jobs))
    if workers < 2 or work < MIN_PARALLEL_WORK:
        for job in jobs:
            fn(job)
        return
    pool = _pool_for(worker_count() - 1)
    ticket = itertools.count()  # next() on a count is atomic under the GIL
    failed = threading.Event()

    def drain() -> None:
        while (i := next(ticket)) < len(jobs):
            if failed.is_set():
                return
            try:
                fn(jobs[i])
            except BaseException:
                failed.set()  # the others stop taking jobs
                raise

    # The calling thread drains too (one thread fewer to wake), with its BLAS calls made
    # single-threaded for the while, then restored.
    futures = [pool.submit(drain) for _ in range(workers - 1)]
    previous = _set_local(1)
    try:
        drain()
    finally:
        _set_local(previous)
        for future in futures:
            future.result()  # waits for every thread; re-raises a worker's exception
