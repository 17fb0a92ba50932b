"""Two instances: the second waits briefly, then says another quizterm runs (with its PID)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from quizterm.store import Store, StoreLocked, lock_path_for

from .conftest import att

HOLDER = textwrap.dedent("""
    import sys, time
    from quizterm.store import Store
    s = Store.open(sys.argv[1], exclusive=True, auto_backup=False)
    print("ready", flush=True)
    sys.stdin.readline()
""")


@pytest.fixture
def holder(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att("q1"), schedule=True)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(db_path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    yield proc
    proc.stdin.close()
    proc.wait(timeout=10)


def test_second_instance_gets_store_locked_with_pid(db_path, holder, clock):
    with pytest.raises(StoreLocked) as info:
        Store.open(db_path, clock=clock, exclusive=True, lock_wait=0.2)
    assert info.value.pid == holder.pid and str(holder.pid) in str(info.value)
    assert "another quizterm is running" in str(info.value)


def test_read_only_verbs_still_work_while_locked(db_path, holder, clock):
    with Store.open(db_path, clock=clock, read_only=True) as s:
        assert s.attempt_count() == 1 and s.card("q:q1").reps == 1


def test_lock_is_free_again_when_the_holder_exits(db_path, holder, clock):
    holder.stdin.close()
    holder.wait(timeout=10)
    with Store.open(db_path, clock=clock, exclusive=True, lock_wait=0.5, auto_backup=False) as s:
        assert s.attempt_count() == 1
    assert lock_path_for(db_path).exists()


def test_two_exclusive_opens_in_one_process_conflict_and_close_releases(db_path, clock):
    first = Store.open(db_path, clock=clock, exclusive=True, auto_backup=False)
    with pytest.raises(StoreLocked):
        Store.open(db_path, clock=clock, exclusive=True, lock_wait=0.05)
    first.close()
    Store.open(db_path, clock=clock, exclusive=True, lock_wait=0.05, auto_backup=False).close()


def test_read_only_store_refuses_writes_and_missing_db_reads_empty(db_path, clock):
    from quizterm.store import StoreError

    with Store.open(db_path, clock=clock, read_only=True) as s:
        assert s.attempt_count() == 0 and s.notebook() == []
        with pytest.raises(StoreError):
            s.record_answer(att(), schedule=False)
    assert not db_path.exists()  # reading never creates the file


def test_unusable_home_is_a_store_error_not_a_traceback(tmp_path, clock):
    from quizterm.store import StoreError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open"):
        Store.open(blocker / "home" / "progress.sqlite3", clock=clock)
    folder = tmp_path / "dir.sqlite3"
    folder.mkdir()
    with pytest.raises(StoreError, match="not a file"):
        Store.open(folder, clock=clock)
    assert folder.is_dir()  # left where it was


def test_writes_from_two_threads_are_serialised(store):
    import threading

    errors = []

    def worker(q):
        try:
            for _ in range(20):
                store.record_answer(att(q, False), schedule=True)
        except Exception as err:  # noqa: BLE001 - collected for the assertion
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(f"q{i}",)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and store.attempt_count() == 60
