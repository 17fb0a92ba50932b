"""Putting a verified backup back in place of the database, moving the old file aside first."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from quizterm.store import backup as bk
from quizterm.store.errors import StoreError
from quizterm.store.integrity import move_aside
from quizterm.store.lock import InstanceLock


def put_back(path: Path, backup: Path, lock: InstanceLock, now: datetime, lock_wait: float) -> Path | None:
    """Copy ``backup`` (verified first) to ``path`` with the backup API; returns where the old file went.

    Takes ``lock`` (raises StoreLocked if another instance runs) and leaves it held on success.
    The copy is written beside the database and renamed into place, so a crash never leaves half
    a database at ``path``.

    Raises:
        StoreError: the backup does not verify, or copying failed.
    """
    problem = bk.verify(backup) if backup.is_file() else "no such file"
    if problem:
        raise StoreError(f"cannot restore from {backup}: {problem}")
    lock.acquire(lock_wait)
    tmp = path.with_name(f".{path.name}.restoring")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        src = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
        dst = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=WAL")
        finally:
            src.close()
            dst.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        replaced = move_aside(path, "before-restore", now) if path.exists() else None
        os.replace(tmp, path)
        return replaced
    except (sqlite3.Error, OSError) as err:
        lock.release()
        raise StoreError(f"cannot restore from {backup}: {err}") from err
    except BaseException:
        lock.release()
        raise
    finally:
        tmp.unlink(missing_ok=True)
