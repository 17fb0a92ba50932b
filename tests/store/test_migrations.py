"""An older database is backed up, then migrated in one transaction; history is kept."""

from __future__ import annotations

import sqlite3

import pytest

from quizterm.store import Store, StoreError, StoreWriteError
from quizterm.store import schema
from quizterm.store.backup import verify

from .invariants import check_store_file


def _v1_database(path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, 0, 1)
    rows = [(f"q{i % 5}", "l1", "practice", "0", i % 2, "2026-01-0%dT10:00:00.000000+00:00" % (1 + i % 3))
            for i in range(30)]
    conn.executemany("INSERT INTO attempts (question_id, lesson_id, mode, response, correct, time_ms,"
                     " answered_at) VALUES (?,?,?,?,?,100,?)", [r[:5] + (r[5],) for r in rows])
    conn.execute("INSERT INTO overrides (attempt_id, at) VALUES (7, '2026-01-02T00:00:00+00:00')")
    conn.close()


def test_older_database_is_backed_up_then_migrated(db_path, clock):
    _v1_database(db_path)
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        assert s.schema_version == schema.CURRENT_VERSION and s.migrated_from == 1
        stats = s.question_stats()
        assert sum(st.answered for st in stats.values()) == 30
        right = sum(1 for i in range(30) if i % 5 == 1 and i % 2)
        assert stats["q1"].correct == right + 1  # plus the override of attempt 7 (i=6, q1, wrong)
        assert sum(n for d in s.daily_stats().values() for n, _, _ in d.values()) == 30
        check_store_file(s.connection, replay_notebook=False)
        (pre,) = [b for b in s.backups() if b.tag == "pre-migrate-v1"]
    assert verify(pre.path) is None
    old = sqlite3.connect(pre.path)
    assert old.execute("SELECT version FROM schema_version").fetchone() == (1,)


def test_failed_migration_leaves_the_old_version_intact(db_path, clock, monkeypatch):
    _v1_database(db_path)
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + [["CREATE TABLE broken (", ]])
    with pytest.raises(StoreError, match="could not upgrade"):
        Store.open(db_path, clock=clock, auto_backup=False)
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT version FROM schema_version").fetchone() == (1,)
    assert "question_totals" not in schema.user_tables(conn)  # step 2 rolled back with the bad step 3


def test_fresh_database_has_every_step(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        tables = schema.user_tables(s.connection)
    assert {"attempts", "cards", "review_log", "notebook", "question_totals", "daily_totals", "schema_version"} <= tables
    assert StoreWriteError  # imported API stays available
