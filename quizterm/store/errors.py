"""Errors the progress store raises; all derive from StoreError and read as one clear line."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base class: something about the progress store needs the learner's attention."""


class StoreLocked(StoreError):
    """Another quizterm holds the store (its PID is in the lock file)."""

    def __init__(self, pid: int | None, lock_path: Path | None = None):
        self.pid = pid
        self.lock_path = lock_path
        who = f" (PID {pid})" if pid else ""
        super().__init__(f"another quizterm is running{who}; close it first")


class StoreTooNew(StoreError):
    """The database was written by a newer quizterm; we refuse to touch it."""

    def __init__(self, found: int, supported: int, path: Path):
        self.found = found
        self.supported = supported
        self.path = path
        super().__init__(
            f"{path} was written by a newer quizterm (schema {found}, this version knows up to "
            f"{supported}); upgrade quizterm — the file was left untouched"
        )


class StoreDamaged(StoreError):
    """The database failed its start-up check; it was moved aside (never overwritten).

    Attributes:
        path: where the database was.
        moved_to: where the damaged file now is (None if it could not be moved, e.g. read-only).
        backups: verified backups available, newest first (``BackupInfo``).
        reason: what the check found.
    """

    def __init__(self, path: Path, moved_to: Path | None, backups: list, reason: str):
        self.path = path
        self.moved_to = moved_to
        self.backups = list(backups)
        self.reason = reason
        where = f"; moved to {moved_to}" if moved_to else ""
        offer = (f"; newest verified backup: {self.backups[0].path}" if self.backups
                 else "; no verified backup exists")
        super().__init__(f"progress database {path} is damaged ({reason}){where}{offer}")


class StoreReadError(StoreError):
    """Reading failed (the file was damaged after the start-up check passed, or I/O failed).

    Attributes:
        kind: "damaged", "io", "locked" or "other".
    """

    def __init__(self, kind: str, message: str):
        self.kind = kind
        super().__init__(f"could not read progress ({kind}): {message}; run 'quizterm doctor'")


class StoreWriteError(StoreError):
    """A write failed and was rolled back; the store is still usable.

    Attributes:
        kind: "full" (disk full), "io" (I/O error), "locked" (lock timeout), "damaged" or "other".
    """

    def __init__(self, kind: str, message: str):
        self.kind = kind
        super().__init__(f"could not save progress ({kind}): {message}; nothing was half-written")
