"""Random bytes written into a store file: opening either works or says StoreDamaged; reads never crash."""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizterm.clock import FakeClock
from quizterm.store import Store, StoreDamaged, StoreError

from .conftest import att


@functools.lru_cache(maxsize=1)
def template() -> bytes:
    """A small but complete store file (built once; a plain function so failures print short)."""
    home = Path(tempfile.mkdtemp(prefix="qt-tpl-"))
    path = home / "progress.sqlite3"
    clock = FakeClock()
    with Store.open(path, clock=clock, auto_backup=False) as s:
        s.connection.execute("PRAGMA synchronous=OFF")
        for i in range(120):
            clock.advance(3600)
            s.record_answer(att(f"q{i % 9}", i % 4 == 0, response={"text": f"答案{i}"}), schedule=i % 3 != 0)
            if i % 10 == 0:
                s.review_card(f"term:l1/t{i}:fwd", 1 + i % 4)
        s.save_reading("l1", "sec-2", {"a", "b"})
        did = s.start_drill({"n": 2}, [{"q": 1}, {"q": 2}], 60)
        s.drill_answer(did, 0, "x", elapsed_s=5)
        s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    shutil.rmtree(home, ignore_errors=True)
    return data


def _read_everything(s: Store) -> None:
    s.attempts()
    s.notebook()
    s.question_stats()
    s.daily_stats()
    s.due_cards()
    for key in s.card_keys():
        s.card(key)
    s.reading("l1")
    s.all_settings()
    s.drills()
    s.unfinished_drill()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_file_is_damaged_or_readable(data):
    original = template()
    buf = bytearray(original)
    for _ in range(data.draw(st.integers(1, 6), label="writes")):
        at = data.draw(st.integers(0, len(buf) - 1), label="offset")
        chunk = data.draw(st.binary(min_size=1, max_size=64), label="bytes")
        buf[at:at + len(chunk)] = chunk
    buf = buf[:len(original)]
    home = Path(tempfile.mkdtemp(prefix="qt-fuzz-"))
    try:
        path = home / "progress.sqlite3"
        path.write_bytes(bytes(buf))
        try:
            s = Store.open(path, clock=FakeClock(), auto_backup=False)
        except StoreDamaged as err:
            assert err.moved_to is not None and err.moved_to.read_bytes() == bytes(buf)
            return
        except StoreError:
            return  # e.g. a schema version that now reads as "newer": a clear message, no traceback
        with s:
            try:
                _read_everything(s)
                s.record_answer(att("q1", False), schedule=True)
            except StoreError:
                pass  # a write into a damaged page is refused cleanly
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_every_public_store_method_maps_sqlite_errors():
    import sqlite3

    from quizterm.store import StoreReadError
    from quizterm.store.db import guarded

    public = [n for n in dir(Store) if not n.startswith("_") and callable(getattr(Store, n))
              and n not in ("open", "restore_from", "close", "backup", "backups", "set_fault_hook", "wait_background")]
    assert "record_answer" in public and "notebook" in public
    assert all(hasattr(getattr(Store, n), "__wrapped__") for n in public), [
        n for n in public if not hasattr(getattr(Store, n), "__wrapped__")]

    @guarded
    def broken():
        raise sqlite3.DatabaseError("database disk image is malformed")

    try:
        broken()
    except StoreReadError as err:
        assert err.kind == "damaged" and "quizterm doctor" in str(err)
    else:
        raise AssertionError("not mapped")
