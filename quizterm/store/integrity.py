"""Start-up checks of a database file and moving a damaged one aside (never overwriting it)."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

HEADER = b"SQLite format 3\x00"


def header_problem(path: Path) -> str | None:
    """What is wrong with the file's header and size, or None if it looks like a database.

    Catches what SQLite itself would accept or misread: a 0-byte file (SQLite would start an
    empty database in it), a foreign header, and a file cut short of the size its header claims.
    """
    try:
        size = path.stat().st_size
        with open(path, "rb") as fh:
            head = fh.read(100)
    except OSError as err:
        return f"cannot read: {err.strerror or err}"
    if size == 0:
        return "the file is empty (0 bytes)"
    if len(head) < 100 or not head.startswith(HEADER):
        return "not an SQLite database (bad header)"
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"bad page size {page_size} in the header"
    if size % page_size:
        return "the file is truncated (not a whole number of pages)"
    pages = int.from_bytes(head[28:32], "big")
    change = int.from_bytes(head[24:28], "big")
    valid_for = int.from_bytes(head[92:96], "big")
    # The header's page count is only trustworthy when "version-valid-for" matches, and only
    # without a WAL: a checkpoint cut short by a crash may have written the new header before
    # the pages, which SQLite completes from the WAL on the next open (found by the kill test).
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return None
    if change == valid_for and pages and size < pages * page_size:
        return f"the file is truncated ({size // page_size} of {pages} pages)"
    return None


def quick_check(conn: sqlite3.Connection) -> str | None:
    """Run ``PRAGMA quick_check``; the first problem it reports, or None when ok."""
    rows = conn.execute("PRAGMA quick_check(5)").fetchall()
    if rows and rows[0][0] == "ok":
        return None
    return "; ".join(str(r[0]) for r in rows) or "quick_check returned nothing"


def integrity_check(conn: sqlite3.Connection) -> str | None:
    """Run the full ``PRAGMA integrity_check``; the problems found, or None when ok."""
    rows = conn.execute("PRAGMA integrity_check(5)").fetchall()
    if rows and rows[0][0] == "ok":
        return None
    return "; ".join(str(r[0]) for r in rows) or "integrity_check returned nothing"


def free_name(path: Path) -> Path:
    """``path`` if nothing is there, else the same name with -1, -2, ... before the suffix."""
    if not path.exists():
        return path
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def stamp(now: datetime) -> str:
    """A UTC timestamp for file names: 20260105T090000Z."""
    return now.strftime("%Y%m%dT%H%M%SZ")


def move_aside(path: Path, label: str, now: datetime) -> Path:
    """Rename the database and its -wal/-shm to ``<stem>.<label>-<stamp><suffix>``; never overwrite.

    Returns the new path of the main file.
    """
    target = free_name(path.with_name(f"{path.stem}.{label}-{stamp(now)}{path.suffix}"))
    for extra in ("-wal", "-shm", "-journal"):
        side = Path(f"{path}{extra}")
        if side.exists():
            dest = Path(f"{target}{extra}")
            if not dest.exists():
                os.replace(side, dest)
    os.replace(path, target)
    return target
