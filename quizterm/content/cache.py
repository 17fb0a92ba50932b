"""A cache of validated files, keyed by each file's stat and the code that validated it.

The cache is only ever a shortcut: an entry is used when the file's path, size, mtime, inode and
ctime all match and the cache was written by the same quizterm, pydantic and model code. Anything
unreadable, foreign or stale is ignored and rebuilt; a failed write is silently skipped.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from pathlib import Path
from typing import Any

CACHE_FILE = "content-cache.pickle"
_MAGIC = "quizterm-content-cache-1"
_lock = threading.Lock()


def stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    """What must be unchanged for a cached file to be reused."""
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


def _code_key() -> tuple:
    """The versions and model source files whose change invalidates every entry."""
    import pydantic
    import yaml

    from quizterm import __version__

    pkg = Path(__file__).resolve().parent.parent
    sources = []
    for folder in ("model", "content"):
        for f in sorted((pkg / folder).glob("*.py")):
            st = f.stat()
            sources.append((f.name, st.st_size, st.st_mtime_ns))
    return (__version__, sys.version, pydantic.VERSION, yaml.__version__, tuple(sources))


def read_cache(cache_dir: Path | None) -> dict[str, tuple[tuple, Any]]:
    """The entries ``{path: (stamp, FileResult)}`` of a valid cache, or ``{}``."""
    if cache_dir is None:
        return {}
    try:
        with _lock, open(Path(cache_dir) / CACHE_FILE, "rb") as fh:
            payload = pickle.load(fh)
        if (isinstance(payload, dict) and payload.get("magic") == _MAGIC
                and payload.get("code") == _code_key() and isinstance(payload.get("entries"), dict)):
            return payload["entries"]
    except Exception:  # noqa: BLE001 - any damage at all means "no cache"
        pass
    return {}


def write_cache(cache_dir: Path | None, entries: dict[str, tuple[tuple, Any]]) -> None:
    """Write ``entries`` atomically (temp file + rename); errors are ignored."""
    if cache_dir is None:
        return
    target = Path(cache_dir) / CACHE_FILE
    tmp = target.with_name(f".{CACHE_FILE}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        payload = {"magic": _MAGIC, "code": _code_key(), "entries": entries}
        with open(tmp, "wb") as fh:
            pickle.dump(payload, fh, protocol=pickle.HIGHEST_PROTOCOL)
        with _lock:
            os.replace(tmp, target)
    except Exception:  # noqa: BLE001 - a cache that cannot be written is just not written
        try:
            tmp.unlink()
        except OSError:
            pass
