"""Background upkeep on its own connection: the deferred full check of a big file, then backups.

A verified backup of a large store takes seconds, and so does ``quick_check`` of a file with a
million answers; neither may hold up start-up or an answer, so both run in a daemon thread. A
backup is only written after the check passed (never from a damaged file). If the process exits
mid-backup, only a ``.tmp`` file is left, which a later backup removes.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from quizterm.clock import Clock
from quizterm.store import backup as bk
from quizterm.store.db import connect
from quizterm.store.integrity import quick_check
from quizterm.store.records import BackupInfo


class Maintenance:
    """Runs at most one background job at a time; results are read from its attributes.

    Attributes:
        problem: what the deferred full check found (None while sound or not yet known).
        last_backup: the newest backup this process made.
        last_error: why the last backup failed, if it did.
    """

    def __init__(self, db_path: Path, clock: Clock, busy_timeout: float):
        self.db_path = db_path
        self.clock = clock
        self.busy_timeout = busy_timeout
        self.lock = threading.Lock()  # one backup at a time in this process
        self.problem: str | None = None
        self.last_backup: BackupInfo | None = None
        self.last_error: str | None = None
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, *, check: bool, backup_tag: str | None) -> bool:
        """Start a job (False if one is already running or there is nothing to do)."""
        if self.running or not (check or backup_tag):
            return False
        self._thread = threading.Thread(target=self._job, args=(check, backup_tag),
                                        name="quizterm-store-upkeep", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running job; True when none is running any more."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def backup_with(self, conn: sqlite3.Connection, tag: str) -> BackupInfo:
        """Write, verify and rotate one backup from ``conn`` (serialised with the thread's)."""
        with self.lock:
            info = bk.write_backup(conn, bk.backup_dir(self.db_path), self.clock.now(), tag)
            bk.rotate(bk.backup_dir(self.db_path))
        self.last_backup, self.last_error = info, None
        return info

    def _job(self, check: bool, backup_tag: str | None) -> None:
        try:
            conn = connect(self.db_path, busy_timeout=self.busy_timeout, read_only=True)
        except sqlite3.Error as err:
            self.last_error = f"backup failed: {err}"
            return
        try:
            if check:
                self.problem = quick_check(conn)
                if self.problem:
                    self.last_error = f"no backup made: the database is damaged ({self.problem})"
                    return
            if backup_tag:
                self.backup_with(conn, backup_tag)
        except Exception as err:  # noqa: BLE001 - a background job must never take the app down
            self.last_error = f"backup failed: {err}"
        finally:
            conn.close()
