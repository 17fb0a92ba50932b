"""Connections, pragmas, explicit write transactions, SQLite error mapping and UTC time text."""

from __future__ import annotations

import functools
import json
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from quizterm.store.errors import StoreReadError, StoreWriteError

# A fault hook (tests) is called with a stage name inside every write transaction.
FaultHook = Callable[[str], None]


def connect(path: Path | str, *, busy_timeout: float = 2.0, read_only: bool = False) -> sqlite3.Connection:
    """Open a connection in autocommit mode (we issue BEGIN IMMEDIATE / COMMIT ourselves).

    WAL lets readers (stats, export) run beside the app. synchronous=FULL makes every committed
    answer survive a power cut, not only a crash; one fsync per answer is cheap at human pace.
    """
    if read_only:
        conn = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True, timeout=busy_timeout,
                               isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None,
                               check_same_thread=False)
    # Bytes damaged inside a text value pass SQLite's checks; decode them leniently, never crash.
    conn.text_factory = _lenient_text
    try:
        conn.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        if not read_only:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def _lenient_text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def loads(text, default=None):
    """``json.loads`` that returns ``default`` for damaged or missing text instead of raising."""
    if text is None:
        return default
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return default


def as_dict(value) -> dict | None:
    """``value`` if it is a dict, else None (damaged JSON of the wrong shape)."""
    return value if isinstance(value, dict) else None


def as_list(value) -> list | None:
    """``value`` if it is a list, else None."""
    return value if isinstance(value, list) else None


def classify(err: sqlite3.Error) -> str:
    """Sort an SQLite error into full / io / locked / damaged / other."""
    msg = str(err).lower()
    if "malformed" in msg or "not a database" in msg or "corrupt" in msg:
        return "damaged"
    if "full" in msg:
        return "full"
    if "locked" in msg or "busy" in msg:
        return "locked"
    if "i/o" in msg or "disk" in msg:
        return "io"
    return "other"


def to_write_error(err: sqlite3.Error) -> StoreWriteError:
    """The StoreWriteError the UI shows for an SQLite error."""
    return StoreWriteError(classify(err), str(err))


@contextmanager
def write_tx(conn: sqlite3.Connection, fault: FaultHook | None = None) -> Iterator[sqlite3.Connection]:
    """One explicit write transaction: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK and re-raise.

    SQLite errors come out as StoreWriteError after the rollback, so no "database is locked"
    traceback ever reaches the learner and the connection stays usable.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as err:
        raise to_write_error(err) from err
    try:
        if fault:
            fault("begin")
        yield conn
        if fault:
            fault("commit")
        conn.execute("COMMIT")
    except BaseException as err:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled back (e.g. after SQLITE_FULL)
        if isinstance(err, sqlite3.Error):
            raise to_write_error(err) from err
        if isinstance(err, UnicodeDecodeError):  # SQLite's message quoted damaged bytes
            raise StoreWriteError("damaged", "the database is damaged") from err
        raise


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def guarded(fn):
    """Wrap a Store method so SQLite errors outside a write come out as StoreReadError."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except sqlite3.Error as err:
            raise StoreReadError(classify(err), str(err)) from err
        except UnicodeDecodeError as err:  # SQLite's message quoted damaged bytes
            raise StoreReadError("damaged", "the database is damaged") from err

    return wrapper


def iso(dt: datetime) -> str:
    """UTC ISO text with microseconds, so text order is time order."""
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).isoformat(timespec="microseconds")


def from_iso(text: str | None) -> datetime | None:
    """Parse what ``iso`` wrote (None stays None)."""
    if text is None:
        return None
    try:
        dt = datetime.fromisoformat(text)
    except (ValueError, TypeError):
        return EPOCH  # damaged text: an obviously old time rather than a crash
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def utc_day(dt: datetime) -> str:
    """The UTC calendar day, YYYY-MM-DD."""
    return iso(dt)[:10]
