"""What opening a database file involves: the start-up check and reading the schema version."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from quizterm.store.db import classify, connect
from quizterm.store.integrity import header_problem, quick_check
from quizterm.store.schema import migrate, read_version

# Up to this size the whole file gets quick_check before use (well under a second). Above it,
# the small tables are checked at once and the two big ones (attempts, review_log) in the
# background, so start-up stays fast with a million answers.
FULL_CHECK_LIMIT = 64 * 2**20
BIG_TABLES = ("attempts", "review_log")


def startup_check(conn: sqlite3.Connection, path: Path) -> tuple[str | None, bool]:
    """``(problem or None, deferred)``; ``deferred`` means the big tables still need a full check."""
    if path.stat().st_size <= FULL_CHECK_LIMIT:
        return quick_check(conn), False
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    for table in tables:
        if table in BIG_TABLES or table.startswith("sqlite_"):
            continue
        rows = conn.execute(f'PRAGMA quick_check("{table}")').fetchall()
        if rows != [("ok",)]:
            return "; ".join(str(r[0]) for r in rows[:5]), True
    return None, True


def create_fresh(path: Path) -> None:
    """Create a new database with the full schema at a temporary name, then link it into place.

    A crash can then never leave a 0-byte or half-made file at ``path`` (which the start-up check
    would have to call damaged), and if another process created it first, theirs is kept.
    """
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    try:
        conn = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            migrate(conn, 0)
        finally:
            conn.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # never replaces an existing file, unlike rename
        except FileExistsError:
            pass
    finally:
        tmp.unlink(missing_ok=True)


def open_and_check(path: Path, *, busy_timeout: float, read_only: bool
                   ) -> tuple[sqlite3.Connection | None, int | None, str | None, bool]:
    """Connect and check. Returns ``(conn, version, problem, deferred)``; conn is None on a problem.

    Raises:
        sqlite3.Error: an error that is not damage (e.g. permission denied).
    """
    problem = header_problem(path) if path.exists() else None
    if problem is not None:
        return None, None, problem, False
    conn = None
    try:
        conn = connect(path, busy_timeout=busy_timeout, read_only=read_only)
        problem, deferred = startup_check(conn, path) if path.exists() else (None, False)
        version = read_version(conn) if problem is None else None
        if problem is None and version is None:
            problem = "not a quizterm database (no schema_version table)"
    except sqlite3.OperationalError as err:
        if classify(err) != "damaged":  # locked, I/O, cannot open: the file may be fine, leave it
            if conn is not None:
                conn.close()
            raise
        problem, version, deferred = str(err), None, False
    except (sqlite3.DatabaseError, UnicodeDecodeError) as err:
        # SQLITE_CORRUPT / NOTADB; damaged schema text even breaks decoding the error message.
        problem, version, deferred = str(err), None, False
    except sqlite3.Error:
        if conn is not None:
            conn.close()
        raise
    if problem is not None:
        if conn is not None:
            conn.close()
        return None, None, problem, False
    return conn, version, None, deferred
