"""Backups with SQLite's backup API: written to a temporary name, verified, renamed, rotated."""

from __future__ import annotations

import os
import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from quizterm.store.integrity import free_name, header_problem, integrity_check, stamp
from quizterm.store.records import BackupInfo

NAME = re.compile(r"^progress-(\d{8}T\d{6}Z)(?:-([a-z0-9-]+?))?(?:-\d+)?\.sqlite3$")
KEEP_RECENT, KEEP_DAILY, KEEP_WEEKLY, KEEP_MONTHLY = 3, 7, 5, 12


def backup_dir(db_path: Path) -> Path:
    """Backups live in ``backups/`` beside the database."""
    return db_path.parent / "backups"


def verify(path: Path) -> str | None:
    """Open a backup read-only and run integrity_check; the problem, or None if it is sound."""
    problem = header_problem(path)
    if problem:
        return problem
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        try:
            problem = integrity_check(conn)
            if problem is None:
                conn.execute("SELECT max(version) FROM schema_version").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as err:
        return str(err)
    return problem


def write_backup(conn: sqlite3.Connection, directory: Path, now: datetime, tag: str = "auto") -> BackupInfo:
    """Copy the live database with the backup API, verify the copy, then give it its final name.

    Raises:
        sqlite3.Error or OSError if copying fails; ValueError if the copy does not verify
        (it is deleted, so an unverified file never looks like a backup).
    """
    directory.mkdir(parents=True, exist_ok=True)
    _remove_stale_tmp(directory)
    final = free_name(directory / f"progress-{stamp(now)}-{tag}.sqlite3")
    tmp = directory / f".{final.name}.tmp"
    tmp.unlink(missing_ok=True)
    try:
        dst = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            conn.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            dst.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        problem = verify(tmp)
        if problem:
            raise ValueError(f"backup did not verify: {problem}")
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)
    return BackupInfo(final, now.astimezone(timezone.utc).replace(microsecond=0), final.stat().st_size, tag)


def _remove_stale_tmp(directory: Path, age_s: float = 3600) -> None:
    """Delete half-written copies left by a process that died mid-backup (old enough to be dead)."""
    import time

    for p in directory.glob(".progress-*.tmp"):
        try:
            if time.time() - p.stat().st_mtime > age_s:
                p.unlink()
        except OSError:
            pass


def list_backups(directory: Path) -> list[BackupInfo]:
    """Backup files found (not re-verified), newest first."""
    found = []
    if not directory.is_dir():
        return found
    for p in directory.iterdir():
        m = NAME.match(p.name)
        if not m or not p.is_file():
            continue
        created = datetime.strptime(m.group(1), "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        found.append(BackupInfo(p, created, p.stat().st_size, m.group(2) or ""))
    found.sort(key=lambda b: (b.created, b.path.stat().st_mtime_ns, b.path.name), reverse=True)
    return found


def verified_backups(directory: Path) -> list[BackupInfo]:
    """Backups that pass ``verify`` now, newest first."""
    return [b for b in list_backups(directory) if verify(b.path) is None]


def rotate(directory: Path) -> list[Path]:
    """Keep the newest few, one per day (7 days), per week (5), per month (12); delete the rest.

    Returns the deleted paths.
    """
    backups = list_backups(directory)
    keep: set[Path] = {b.path for b in backups[:KEEP_RECENT]}
    for key, limit in ((lambda d: d.strftime("%Y-%m-%d"), KEEP_DAILY),
                       (lambda d: "%d-W%02d" % d.isocalendar()[:2], KEEP_WEEKLY),
                       (lambda d: d.strftime("%Y-%m"), KEEP_MONTHLY)):
        seen: set[str] = set()
        for b in backups:  # newest first: the first of each period is its newest
            k = key(b.created)
            if k not in seen and len(seen) < limit:
                seen.add(k)
                keep.add(b.path)
    deleted = []
    for b in backups:
        if b.path not in keep:
            b.path.unlink(missing_ok=True)
            deleted.append(b.path)
    return deleted
