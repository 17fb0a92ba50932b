"""A damaged database is detected at start, moved aside (never overwritten), and a backup offered."""

from __future__ import annotations

import os
import random
import sqlite3

import pytest

from quizterm.store import Store, StoreDamaged, StoreTooNew
from quizterm.store.schema import CURRENT_VERSION

from .conftest import att


def _filled(db_path, clock, n: int = 300) -> None:
    """A database with enough pages for corruption to land in the middle, plus one verified backup."""
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.connection.execute("PRAGMA synchronous=OFF")  # only to fill the test file fast
        for i in range(n):
            s.record_answer(att(f"q{i % 40}", i % 3 == 0, response={"text": "答案" * 20}), schedule=True)
        s.backup()
        s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _zero_bytes(p):
    p.write_bytes(b"")


def _truncate(p):
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 2 + 100])


def _truncate_on_page(p):
    data = p.read_bytes()
    p.write_bytes(data[: 4096 * 3])


def _garbage_header(p):
    data = bytearray(p.read_bytes())
    data[:100] = random.Random(1).randbytes(100)
    p.write_bytes(bytes(data))


def _random_bytes_inside(p):
    data = bytearray(p.read_bytes())
    rng = random.Random(2)
    for page in range(2, len(data) // 4096, 3):  # scribble over many b-tree pages
        start = page * 4096
        data[start:start + 64] = rng.randbytes(64)
    p.write_bytes(bytes(data))


DAMAGES = {"zero_bytes": _zero_bytes, "truncated": _truncate, "truncated_on_a_page": _truncate_on_page,
           "garbage_header": _garbage_header, "random_bytes_inside": _random_bytes_inside}


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_damaged_file_is_moved_aside_and_backup_offered(db_path, clock, damage):
    _filled(db_path, clock)
    DAMAGES[damage](db_path)
    damaged_bytes = db_path.read_bytes()
    with pytest.raises(StoreDamaged) as info:
        Store.open(db_path, clock=clock, exclusive=True)
    err = info.value
    assert err.moved_to is not None and err.moved_to.read_bytes() == damaged_bytes  # kept as it was
    assert not db_path.exists() and "damaged" in err.moved_to.name
    assert len(err.backups) == 1 and err.reason
    # Restore the newest verified backup: every answer up to the backup is back.
    with Store.restore_from(db_path, err.backups[0].path, clock=clock) as s:
        assert s.attempt_count() == 300
        s.record_answer(att("q1"), schedule=True)


def test_fresh_start_after_damage_never_overwrites(db_path, clock):
    _filled(db_path, clock, 20)
    _zero_bytes(db_path)
    with pytest.raises(StoreDamaged) as first:
        Store.open(db_path, clock=clock)
    with Store.open(db_path, clock=clock, auto_backup=False) as s:  # fresh start
        assert s.attempt_count() == 0
    _garbage_header(db_path)
    with pytest.raises(StoreDamaged) as second:
        Store.open(db_path, clock=clock)  # same second: a different name, the first one kept
    assert first.value.moved_to != second.value.moved_to
    assert first.value.moved_to.exists() and second.value.moved_to.exists()


def test_damaged_wal_and_shm_move_with_the_database(db_path, clock):
    s = Store.open(db_path, clock=clock, auto_backup=False)
    s.record_answer(att(), schedule=True)
    with open(db_path, "r+b") as fh:
        fh.write(b"NOT A DATABASE!!")
    wal = db_path.with_name(db_path.name + "-wal")
    assert wal.exists()
    with pytest.raises(StoreDamaged) as info:
        Store.open(db_path, clock=clock)
    s.close()
    assert os.path.exists(f"{info.value.moved_to}-wal")


def test_read_only_open_reports_damage_without_moving(db_path, clock):
    _filled(db_path, clock, 10)
    _garbage_header(db_path)
    with pytest.raises(StoreDamaged) as info:
        Store.open(db_path, clock=clock, read_only=True)
    assert info.value.moved_to is None and db_path.exists()


def test_foreign_sqlite_file_is_not_taken_over(db_path, clock):
    db_path.parent.mkdir(parents=True)
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreDamaged) as info:
        Store.open(db_path, clock=clock)
    assert "not a quizterm database" in info.value.reason
    assert sqlite3.connect(info.value.moved_to).execute("SELECT count(*) FROM photos").fetchone() == (0,)


def test_newer_database_is_refused_and_left_untouched(db_path, clock):
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att(), schedule=True)
        s.connection.execute("UPDATE schema_version SET version = ?", (CURRENT_VERSION + 1,))
    before = db_path.read_bytes()
    with pytest.raises(StoreTooNew) as info:
        Store.open(db_path, clock=clock)
    assert info.value.found == CURRENT_VERSION + 1 and "newer quizterm" in str(info.value)
    assert db_path.read_bytes() == before
    with pytest.raises(StoreTooNew):
        Store.open(db_path, clock=clock, read_only=True)


def test_crash_mid_checkpoint_is_not_mistaken_for_truncation(db_path, clock):
    """A checkpoint cut short may leave the header's page count ahead of the file; the WAL has the rest."""
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        s.record_answer(att("q1"), schedule=True)
        s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        s.connection.execute("PRAGMA wal_autocheckpoint=0")
        for i in range(60):
            s.record_answer(att(f"q{i}", response={"t": "長" * 300}), schedule=True)
        wal = db_path.with_name(db_path.name + "-wal")
        saved_wal = wal.read_bytes()
        main = bytearray(db_path.read_bytes())
        # What a crash mid-checkpoint can leave: the new header, not all of the new pages yet.
        pages = int.from_bytes(main[28:32], "big") + 5
        main[28:32] = pages.to_bytes(4, "big")
        main[92:96] = main[24:28]
        os.close(os.open(db_path, os.O_RDONLY))
    db_path.write_bytes(bytes(main))
    wal.write_bytes(saved_wal)
    from quizterm.store.integrity import header_problem

    assert header_problem(db_path) is None
    wal.unlink()
    assert "truncated" in header_problem(db_path)  # without a WAL the same header is damage


def test_a_new_database_appears_whole_or_not_at_all(db_path, clock, monkeypatch):
    from quizterm.store import opening

    def crash(conn, start, target=None):
        raise KeyboardInterrupt  # dies while the schema is being written

    monkeypatch.setattr(opening, "migrate", crash)
    with pytest.raises(KeyboardInterrupt):
        Store.open(db_path, clock=clock, auto_backup=False)
    assert not db_path.exists() and list(db_path.parent.iterdir()) == []  # no 0-byte file, no leftovers
    monkeypatch.undo()
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        assert s.attempt_count() == 0
