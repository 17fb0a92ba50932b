"""Errors inside a write (disk full, I/O error, locked) roll back, raise StoreWriteError, and the store keeps working."""

from __future__ import annotations

import sqlite3

import pytest

from quizterm.store import Store, StoreWriteError

from .conftest import att
from .invariants import check_store_file


def _snapshot(store: Store) -> tuple:
    c = store.connection
    return tuple(c.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                 for t in ("attempts", "cards", "review_log", "notebook", "question_totals", "daily_totals", "drills"))


@pytest.mark.parametrize("stage", ["begin", "attempt", "schedule", "notebook", "commit"])
def test_io_error_at_any_stage_of_an_answer_rolls_back(store, stage):
    store.record_answer(att("q1", False), schedule=True)
    before = _snapshot(store)

    def fault(at: str) -> None:
        if at == stage:
            raise sqlite3.OperationalError("disk I/O error")

    store.set_fault_hook(fault)
    with pytest.raises(StoreWriteError) as info:
        store.record_answer(att("q1", False), schedule=True)
    assert info.value.kind == "io"
    assert _snapshot(store) == before
    store.set_fault_hook(None)
    store.record_answer(att("q1", False), schedule=True)  # still usable
    assert store.notebook_entry("q1").wrong_count == 2 and store.card("q:q1").reps == 2
    check_store_file(store.connection)


def test_disk_full_rolls_back_and_recovers(store):
    store.record_answer(att("q0"), schedule=True)
    pages = store.connection.execute("PRAGMA page_count").fetchone()[0]
    store.connection.execute(f"PRAGMA max_page_count={pages}")  # no room to grow: SQLITE_FULL
    before = _snapshot(store)
    big = {"text": "字" * 200_000}
    with pytest.raises(StoreWriteError) as info:
        store.record_answer(att("q1", False, instance=big), schedule=True)
    assert info.value.kind == "full"
    assert _snapshot(store) == before
    store.connection.execute("PRAGMA max_page_count=1073741823")
    store.record_answer(att("q1", False, instance=big), schedule=True)
    assert store.attempt_count() == 2
    check_store_file(store.connection)


def test_lock_timeout_on_write_is_a_store_write_error_not_a_traceback(db_path, clock):
    store = Store.open(db_path, clock=clock, auto_backup=False, busy_timeout=0.05)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the database
    try:
        with pytest.raises(StoreWriteError) as info:
            store.record_answer(att("q1"), schedule=True)
        assert info.value.kind == "locked"
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record_answer(att("q1"), schedule=True)
    assert store.attempt_count() == 1
    store.close()


@pytest.mark.parametrize("call", [
    lambda s: s.review_card("cue:l1/x", 3),
    lambda s: s.save_reading("l1", "p", {"a"}),
    lambda s: s.set_setting("k", 1),
    lambda s: s.start_drill({}, [{"q": 1}], 30),
    lambda s: s.record_override(1),
])
def test_every_write_rolls_back_on_fault(store, call):
    store.record_answer(att("q1", False), schedule=True)
    before = _snapshot(store) + (store.all_settings(), store.reading("l1"))

    def fault(at: str) -> None:
        if at == "commit":
            raise sqlite3.OperationalError("database or disk is full")

    store.set_fault_hook(fault)
    with pytest.raises(StoreWriteError):
        call(store)
    assert _snapshot(store) + (store.all_settings(), store.reading("l1")) == before
    store.set_fault_hook(None)
    call(store)


def test_finish_drill_is_all_or_nothing(store):
    did = store.start_drill({}, [{"q": 1}, {"q": 2}], 30)
    graded = [att("q1", False, mode="drill"), att("q2", False, mode="drill")]
    calls = []

    def fault(at: str) -> None:
        calls.append(at)
        if at == "notebook" and calls.count("notebook") == 2:
            raise sqlite3.OperationalError("disk I/O error")

    store.set_fault_hook(fault)
    with pytest.raises(StoreWriteError):
        store.finish_drill(did, graded, {"score": 0})
    assert store.attempt_count() == 0 and store.notebook_count() == 0 and store.drill(did).status == "active"
    store.set_fault_hook(None)
    store.finish_drill(did, graded, {"score": 0})
    assert store.attempt_count() == 2 and store.drill(did).status == "done"


def test_non_sqlite_exception_inside_a_write_also_rolls_back(store):
    def fault(at: str) -> None:
        if at == "schedule":
            raise RuntimeError("boom")

    store.set_fault_hook(fault)
    with pytest.raises(RuntimeError):
        store.record_answer(att("q1"), schedule=True)
    store.set_fault_hook(None)
    assert store.attempt_count() == 0 and store.attempts() == []
