"""The Store: opening with start-up checks, migrations, locking and lifecycle (writes and backups: plumbing.py)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from quizterm.clock import Clock, SystemClock
from quizterm.store import backup as bk
from quizterm.store.attempts import AttemptsMixin
from quizterm.store.cards import CardsMixin
from quizterm.store.db import FaultHook, classify, connect, guarded
from quizterm.store.drills import DrillsMixin
from quizterm.store.errors import StoreDamaged, StoreError, StoreLocked
from quizterm.store.integrity import move_aside
from quizterm.store.lock import InstanceLock, read_pid
from quizterm.store.maintenance import Maintenance
from quizterm.store.notebook import NotebookMixin
from quizterm.store.opening import create_fresh, open_and_check
from quizterm.store.plumbing import DEFAULT_BACKUP_EVERY, PlumbingMixin  # noqa: F401 (re-exported)
from quizterm.store.reading import ReadingMixin
from quizterm.store.schema import check_not_too_new, current_version, migrate, read_version
from quizterm.store.settings import SettingsMixin


def _guard_public_methods(cls):
    """Every public Store method: SQLite errors become StoreReadError/StoreWriteError, never raw."""
    for base in (AttemptsMixin, CardsMixin, NotebookMixin, ReadingMixin, DrillsMixin, SettingsMixin):
        for name, fn in vars(base).items():
            if callable(fn) and not name.startswith("_"):
                setattr(cls, name, guarded(fn))
    return cls


def lock_path_for(db_path: Path) -> Path:
    """The instance lock file beside the database: ``<home>/quizterm.lock``."""
    return db_path.parent / "quizterm.lock"


@_guard_public_methods
class Store(AttemptsMixin, CardsMixin, NotebookMixin, ReadingMixin, DrillsMixin, SettingsMixin, PlumbingMixin):
    """The learner's progress in one SQLite file. Open with ``Store.open``; use as a context manager.

    Attributes:
        path: the database file.
        read_only: opened for reading only.
        migrated_from: the schema version it was upgraded from on open, if it was.
        replaced_path: after ``restore_from``, where the replaced database was moved.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, clock: Clock, lock: InstanceLock | None,
                 *, read_only: bool, backup_every: int | None, busy_timeout: float):
        self._conn = conn
        self.path = path
        self._clock = clock
        self._lock = lock
        self.read_only = read_only
        self.busy_timeout = busy_timeout
        self._backup_every = backup_every
        self._answers_since_backup = 0
        self._fault: FaultHook | None = None
        self._write_lock = threading.RLock()  # one write transaction at a time on this connection
        self._upkeep = Maintenance(path, clock, busy_timeout)
        self.migrated_from: int | None = None
        self.replaced_path: Path | None = None

    # ----- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, clock: Clock | None = None, busy_timeout: float = 2.0,
             exclusive: bool = False, lock_wait: float = 1.0, read_only: bool = False,
             auto_backup: bool = True, backup_every: int | None = None, _lock: InstanceLock | None = None) -> Store:
        """Open (or create) the store, after checking it.

        Args:
            path: the database file; parent folders are created.
            clock: wall clock for records (SystemClock by default).
            busy_timeout: seconds SQLite waits on a locked database before a write fails.
            exclusive: take the instance lock (the TUI does), waiting ``lock_wait`` seconds.
            read_only: for verbs that only read (stats, export, doctor): no lock, no writes,
                no migration; a missing database reads as empty.
            auto_backup: the day's backup on open (in the background) and one every
                ``backup_every`` answers. False: no automatic backups at all.
            backup_every: answers between backups (default: setting ``backup.every_answers`` or 50).

        Raises:
            StoreLocked: another instance holds the lock.
            StoreTooNew: the file comes from a newer quizterm (left untouched).
            StoreDamaged: the file failed its check; it was moved aside when no other instance
                was using it.
            StoreError: it could not be opened or upgraded for another reason (one clear line).
        """
        path = Path(path)
        clock = clock or SystemClock()
        if path.exists() and not path.is_file():
            raise StoreError(f"cannot open {path}: it is not a file")
        if read_only:
            return cls._open_read_only(path, clock, busy_timeout)
        lock = _lock or InstanceLock(lock_path_for(path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if exclusive:
                lock.acquire(lock_wait)
        except OSError as err:
            raise StoreError(f"cannot open {path}: {err.strerror or err}") from err
        try:
            store, deferred = cls._open_checked(path, clock, busy_timeout, lock,
                                                backup_every if auto_backup else 0)
        except OSError as err:
            lock.release()
            raise StoreError(f"cannot open {path}: {err.strerror or err}") from err
        except BaseException:
            lock.release()
            raise
        if not exclusive:  # the lock was only needed while checking, moving aside and migrating
            lock.release()
            store._lock = None
        today = clock.now().strftime("%Y%m%d")
        backup_due = auto_backup and not any(b.created.strftime("%Y%m%d") == today for b in store.backups())
        store._upkeep.start(check=deferred, backup_tag="auto" if backup_due else None)
        return store

    @classmethod
    def _open_checked(cls, path: Path, clock: Clock, busy_timeout: float, lock: InstanceLock,
                      backup_every: int | None) -> tuple[Store, bool]:
        try:
            if not path.exists():
                create_fresh(path)
            conn, version, problem, deferred = open_and_check(path, busy_timeout=busy_timeout, read_only=False)
        except sqlite3.Error as err:
            if classify(err) == "locked":
                raise StoreLocked(read_pid(lock.path), lock.path) from err
            raise StoreError(f"cannot open {path}: {err}") from err
        if problem is not None:
            try:
                moved = move_aside(path, "damaged", clock.now()) if lock.try_acquire() else None
            except OSError:
                moved = None  # cannot rename here: report it in place, never overwrite it
            raise StoreDamaged(path, moved, bk.verified_backups(bk.backup_dir(path)), problem)
        try:
            check_not_too_new(version, path)
            store = cls(conn, path, clock, lock, read_only=False, backup_every=backup_every,
                        busy_timeout=busy_timeout)
            if version < current_version():
                if not lock.try_acquire():
                    raise StoreLocked(None, lock.path)
                if version > 0:
                    store.backup(tag=f"pre-migrate-v{version}")
                    store.migrated_from = version
                try:
                    migrate(conn, version)
                except sqlite3.Error as err:
                    raise StoreError(f"could not upgrade {path} from schema {version}: {err};"
                                     " the file was left as it was") from err
            return store, deferred
        except BaseException:
            conn.close()
            raise

    @classmethod
    def _open_read_only(cls, path: Path, clock: Clock, busy_timeout: float) -> Store:
        if not path.exists():
            conn = connect(":memory:", busy_timeout=busy_timeout)
            migrate(conn, 0)
            return cls(conn, path, clock, None, read_only=True, backup_every=0, busy_timeout=busy_timeout)
        try:
            conn, version, problem, _ = open_and_check(path, busy_timeout=busy_timeout, read_only=True)
        except sqlite3.Error as err:
            raise StoreError(f"cannot open {path}: {err}") from err
        if problem is not None:
            raise StoreDamaged(path, None, bk.verified_backups(bk.backup_dir(path)), problem)
        try:
            check_not_too_new(version, path)
        except BaseException:
            conn.close()
            raise
        if version < current_version():  # read an old file through an upgraded copy in memory
            mem = connect(":memory:", busy_timeout=busy_timeout)
            conn.backup(mem)
            conn.close()
            migrate(mem, version)
            conn = mem
        return cls(conn, path, clock, None, read_only=True, backup_every=0, busy_timeout=busy_timeout)

    @classmethod
    def restore_from(cls, path: Path, backup: Path, *, clock: Clock | None = None, lock_wait: float = 0.0,
                     **open_kwargs) -> Store:
        """Replace the database at ``path`` with a verified backup and open it (exclusively).

        A database still at ``path`` is moved aside first (``*.before-restore-<stamp>``), never
        overwritten; ``store.replaced_path`` tells where.

        Raises:
            StoreLocked: another instance runs. StoreError: the backup fails verification.
        """
        from quizterm.store.restore import put_back

        path = Path(path)
        clock = clock or SystemClock()
        lock = InstanceLock(lock_path_for(path))
        replaced = put_back(path, Path(backup), lock, clock.now(), lock_wait)
        try:
            open_kwargs.setdefault("exclusive", True)
            store = cls.open(path, clock=clock, _lock=lock, **open_kwargs)
        except BaseException:
            lock.release()
            raise
        store.replaced_path = replaced
        if not store._lock:
            lock.release()
        return store

    # ----- lifecycle ---------------------------------------------------------------------------

    def close(self, *, wait_s: float = 3.0) -> None:
        """Close the connection and release the instance lock.

        A background backup still running gets ``wait_s`` seconds; if the process then exits,
        the half-written copy is never mistaken for a backup.
        """
        self._upkeep.wait(wait_s)
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        """The raw connection (for read-only queries in stats/export; writes go through methods)."""
        return self._conn

    @property
    def schema_version(self) -> int:
        return int(read_version(self._conn) or 0)

    @property
    def background_problem(self) -> str | None:
        """Damage found by the deferred full check of a big file (None: sound or not known yet)."""
        return self._upkeep.problem

    @property
    def last_backup_error(self) -> str | None:
        """Why the last automatic backup failed (None if it worked or none was tried)."""
        return self._upkeep.last_error

    def wait_background(self, timeout: float | None = None) -> bool:
        """Wait for the background check/backup; True when it has finished."""
        return self._upkeep.wait(timeout)
