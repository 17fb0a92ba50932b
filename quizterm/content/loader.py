"""Load content files into a Bank, collecting every problem instead of stopping at the first."""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from quizterm.content import cache as _cache
from quizterm.content import yaml_reader
from quizterm.content.bank import Bank
from quizterm.content.crosscheck import ItemCheck, assemble
from quizterm.content.file_result import FileResult, content_files, load_file
from quizterm.content.problems import Problem

__all__ = ["LoadResult", "content_files", "load_content"]

INTERNAL = "internal error while loading this file; please report it"


@dataclass
class LoadResult:
    """Everything a load gave: the bank of valid content, every problem, every file tried."""

    bank: Bank
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


@contextmanager
def _no_cyclic_gc():
    # Parsing allocates millions of small containers and no cycles; the cyclic collector would
    # rescan them again and again (it doubles the time of a large file), so pause it meanwhile.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            # Hand what was allocated straight to the oldest generation: re-enabling would
            # otherwise scan every new object at the next allocation (a long pause on 10k items).
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def _load_one(path: Path, cached: dict, fresh: dict) -> FileResult:
    key = os.path.abspath(path)
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode):
        hit = cached.get(key)
        if hit is not None and hit[0] == _cache.stamp(st) and isinstance(hit[1], FileResult):
            fresh[key] = hit
            return hit[1]
    try:
        data, st = yaml_reader.read_bytes(path)
    except yaml_reader.ReadError as err:
        return FileResult(Path(path), problems=[Problem(Path(path), err.line, err.col, "", err.message)])
    try:
        result = load_file(path, data)
    except Exception as exc:  # noqa: BLE001 - a loader bug must not take the app down; fuzz tests look for this
        return FileResult(Path(path), problems=[Problem(Path(path), 1, 1, "", INTERNAL + f" ({type(exc).__name__})")])
    fresh[key] = (_cache.stamp(st), result)
    return result


def load_content(paths: Iterable[Path], *, cache_dir: Path | None = None,
                 item_checks: ItemCheck | None = None) -> LoadResult:
    """Load lessons and question banks from files and folders; never raises for bad content.

    Args:
        paths: files and folders (folders are searched for ``*.yaml`` / ``*.yml``).
        cache_dir: where to keep validated files between runs (``settings.cache_dir``);
            ``None`` disables the cache. Safe to call from any thread.
        item_checks: optional extra checks per question from a higher layer (``quizterm validate``
            passes ``commands.validate.question_checks``: generator and check blocks); a question
            they complain about is reported and left out.

    Returns:
        A :class:`LoadResult`. A file with any problem is left out of the bank; cross-file
        problems (duplicate ids, unknown references) are listed but the rest still loads.
    """
    files = content_files(paths)
    fresh: dict = {}
    with _no_cyclic_gc():
        cached = _cache.read_cache(cache_dir)
        results = [_load_one(p, cached, fresh) for p in files]
        bank, cross = assemble(results, item_checks)
    if cache_dir is not None and any(cached.get(k) is not v for k, v in fresh.items()):
        _cache.write_cache(cache_dir, {**{k: v for k, v in cached.items() if os.path.exists(k)}, **fresh})
    order = {p: i for i, p in enumerate(files)}
    problems = [p for r in results for p in r.problems] + cross
    problems.sort(key=lambda p: (order.get(p.path, len(order)), p.line, p.col))
    return LoadResult(bank=bank, problems=problems, files=files)
