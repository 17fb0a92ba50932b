"""Backups: SQLite's backup API (a copy of an open WAL database is useless), verified, rotated."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import timedelta

import pytest

from quizterm.store import Store, StoreDamaged, StoreError
from quizterm.store import backup as bk

from .conftest import att


def _count(path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM attempts").fetchone()[0]
    finally:
        conn.close()


def test_backup_api_captures_answers_still_in_the_wal(db_path, clock, tmp_path):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        for i in range(20):
            s.record_answer(att(f"q{i}"), schedule=True)
        assert db_path.with_name(db_path.name + "-wal").stat().st_size > 0
        naive = tmp_path / "copy.sqlite3"
        shutil.copyfile(db_path, naive)  # what a file copy would save: the WAL is missing
        info = s.backup()
        assert _count(info.path) == 20
    try:
        copied = _count(naive)
    except sqlite3.Error:
        copied = None
    assert copied != 20  # the answers were still in the WAL: a file copy lost them
    assert bk.verify(info.path) is None
    assert not info.path.with_name(info.path.name + "-wal").exists()  # one self-contained file


def test_daily_backup_on_open_at_most_once_a_day(db_path, clock):
    for _ in range(3):
        Store.open(db_path, clock=clock).close()
    assert [b.tag for b in bk.list_backups(bk.backup_dir(db_path))] == ["auto"]
    clock.advance(86400)
    Store.open(db_path, clock=clock).close()
    assert len(bk.list_backups(bk.backup_dir(db_path))) == 2


def test_backup_every_n_answers(db_path, clock):
    with Store.open(db_path, clock=clock, backup_every=5) as s:
        s.wait_background()
        for i in range(12):
            clock.advance(1)
            s.record_answer(att(f"q{i}"), schedule=False)
            s.wait_background()  # the backup runs beside the app; wait so the count is exact
        tags = [b.tag for b in s.backups()]
    assert tags.count("answers") == 2 and tags.count("auto") == 1
    newest = [b for b in bk.list_backups(bk.backup_dir(db_path)) if b.tag == "answers"][0]
    assert _count(newest.path) == 10


def test_every_n_setting_is_configurable(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=True) as s:
        s.wait_background()
        s.set_setting("backup.every_answers", 2)
        s.record_answer(att("q1"), schedule=False)
        clock.advance(1)
        s.record_answer(att("q2"), schedule=False)
        s.wait_background()
        assert [b.tag for b in s.backups()][0] == "answers"


def test_backup_failure_never_loses_the_answer(db_path, clock):
    with Store.open(db_path, clock=clock, backup_every=1, auto_backup=True) as s:
        s.wait_background()
        shutil.rmtree(s.backup_dir)
        s.backup_dir.write_text("not a folder")
        aid = s.record_answer(att("q1"), schedule=True)
        s.wait_background()
        assert s.attempt(aid) is not None and "backup failed" in s.last_backup_error
        with pytest.raises(StoreError):
            s.backup()


def test_unverified_copy_is_deleted_not_kept(db_path, clock, monkeypatch):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att(), schedule=True)
        monkeypatch.setattr(bk, "verify", lambda p: "simulated bad copy")
        with pytest.raises(StoreError, match="did not verify"):
            s.backup()
        monkeypatch.undo()
        assert not s.backup_dir.exists() or list(s.backup_dir.iterdir()) == []


def test_never_backs_up_a_damaged_file(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att(), schedule=True)
    db_path.write_bytes(b"garbage" * 1000)
    clock.advance(86400 * 3)
    with pytest.raises(StoreDamaged) as info:
        Store.open(db_path, clock=clock)  # auto_backup would run after the checks only
    assert info.value.backups == [] and bk.list_backups(bk.backup_dir(db_path)) == []


def test_rotation_keeps_daily_weekly_monthly(tmp_path, clock):
    from quizterm.store.integrity import stamp

    when = clock.now()
    for _ in range(800):  # two a day for 400 days; rotation only reads the names
        when += timedelta(hours=12)
        (tmp_path / f"progress-{stamp(when)}-auto.sqlite3").write_bytes(b"")
    bk.rotate(tmp_path)
    kept = bk.list_backups(tmp_path)
    assert len(kept) <= bk.KEEP_RECENT + bk.KEEP_DAILY + bk.KEEP_WEEKLY + bk.KEEP_MONTHLY
    assert kept[0].created == when  # the newest is always kept
    days = {b.created.date() for b in kept}
    assert all(when.date() - timedelta(days=d) in days for d in range(bk.KEEP_DAILY))  # the last week, daily
    weeks = {b.created.isocalendar()[:2] for b in kept}
    assert len(weeks) >= bk.KEEP_WEEKLY
    assert len({(b.created.year, b.created.month) for b in kept}) == bk.KEEP_MONTHLY


def test_store_backups_rotate_as_they_are_made(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        for _ in range(8):
            clock.advance(60)
            s.backup()
        kept = s.backups()
    assert len(kept) == bk.KEEP_RECENT and all(bk.verify(b.path) is None for b in kept)


def test_restore_from_refuses_an_unverified_file(db_path, clock, tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 2000)
    with pytest.raises(StoreError, match="cannot restore"):
        Store.restore_from(db_path, bad, clock=clock)


def test_restore_moves_the_current_database_aside(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att("q1"), schedule=True)
        info = s.backup()
        s.record_answer(att("q2"), schedule=True)
    with Store.restore_from(db_path, info.path, clock=clock) as s:
        assert [a.question_id for a in s.attempts()] == ["q1"]
    aside = [p for p in db_path.parent.iterdir() if "before-restore" in p.name and p.suffix == ".sqlite3"]
    assert len(aside) == 1 and _count(aside[0]) == 2


def test_big_file_is_fully_checked_in_the_background_and_never_backed_up_if_damaged(db_path, clock, monkeypatch):
    from quizterm.store import opening

    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.connection.execute("PRAGMA synchronous=OFF")
        for i in range(400):
            s.record_answer(att(f"q{i % 7}", response={"t": "長" * 200}), schedule=False)
        s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        root = s.connection.execute("SELECT rootpage FROM sqlite_master WHERE name='attempts'").fetchone()[0]
        leaf = s.connection.execute("SELECT max(pageno) FROM dbstat WHERE name='attempts' AND pagetype='leaf'"
                                    ).fetchone()[0] if _has_dbstat(s.connection) else root + 5
    data = bytearray(db_path.read_bytes())
    data[(leaf - 1) * 4096 + 8:(leaf - 1) * 4096 + 40] = b"\xff" * 32  # wreck cell pointers of one leaf
    db_path.write_bytes(bytes(data))
    monkeypatch.setattr(opening, "FULL_CHECK_LIMIT", 0)  # treat it as a big file
    with Store.open(db_path, clock=clock) as s:  # start-up does not wait for the big tables
        assert s.wait_background(30)
        assert s.background_problem and "damaged" in s.last_backup_error
        assert s.backups() == []
        with pytest.raises(StoreError, match="damaged"):
            s.backup()
    monkeypatch.setattr(opening, "FULL_CHECK_LIMIT", 64 * 2**20)
    with pytest.raises(StoreDamaged):
        Store.open(db_path, clock=clock)  # the full check at the next start catches it too


def test_big_sound_file_gets_checked_then_backed_up_in_the_background(db_path, clock, monkeypatch):
    from quizterm.store import opening

    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att("q1"), schedule=True)
    monkeypatch.setattr(opening, "FULL_CHECK_LIMIT", 0)
    with Store.open(db_path, clock=clock) as s:
        assert s.wait_background(30)
        assert s.background_problem is None and [b.tag for b in s.backups()] == ["auto"]


def _has_dbstat(conn) -> bool:
    try:
        conn.execute("SELECT 1 FROM dbstat LIMIT 1").fetchall()
        return True
    except sqlite3.Error:
        return False
