"""The Store's write plumbing (one write transaction at a time, the tests' fault hook) and its backups."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator

from quizterm.store import backup as bk
from quizterm.store.db import FaultHook, write_tx
from quizterm.store.errors import StoreError
from quizterm.store.records import BackupInfo

DEFAULT_BACKUP_EVERY = 50


class PlumbingMixin:
    """Store methods for write transactions and backups (not wrapped by ``guarded``: they raise StoreError)."""

    # ----- write plumbing ----------------------------------------------------------------------

    def _now(self) -> datetime:
        return self._clock.now()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        if self.read_only:
            raise StoreError("this store was opened read-only")
        with self._write_lock, write_tx(self._conn, self._fault) as conn:
            yield conn

    def _hook(self, stage: str) -> None:
        if self._fault:
            self._fault(stage)

    def set_fault_hook(self, hook: FaultHook | None) -> None:
        """Tests: call ``hook(stage)`` inside every write transaction (raise to inject a fault)."""
        self._fault = hook

    # ----- backups -----------------------------------------------------------------------------

    @property
    def backup_dir(self) -> Path:
        return bk.backup_dir(self.path)

    def backups(self) -> list[BackupInfo]:
        """Backup files, newest first (not re-verified)."""
        return bk.list_backups(self.backup_dir)

    def backup(self, tag: str = "manual") -> BackupInfo:
        """Write a verified backup now (in this thread) and rotate old ones.

        Raises:
            StoreError: the backup could not be written or did not verify (nothing is left behind).
        """
        if self.read_only:
            raise StoreError("cannot back up from a read-only store")
        if self._upkeep.problem:
            raise StoreError(f"no backup made: the database is damaged ({self._upkeep.problem})")
        try:
            info = self._upkeep.backup_with(self._conn, tag)
        except (sqlite3.Error, OSError, ValueError) as err:
            raise StoreError(f"backup failed: {err}") from err
        self._answers_since_backup = 0
        return info

    def _after_answers(self, n: int) -> None:
        """Every N answers, a backup in the background (it never delays or endangers the answer)."""
        every = self._backup_every
        if every is None:
            every = self.get_setting("backup.every_answers", DEFAULT_BACKUP_EVERY)
        if not isinstance(every, int) or every <= 0:
            return
        self._answers_since_backup += n
        if self._answers_since_backup >= every and self._upkeep.start(check=False, backup_tag="answers"):
            self._answers_since_backup = 0
