"""Wall clock jumps and DST never produce negative intervals; times are stored in UTC."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from quizterm.store import Store

from .conftest import att


def test_wall_clock_jumping_back_never_moves_a_card_backwards(store, clock):
    first = store.review_card("cue:l1/a", 3)
    clock.jump_wall(-3 * 86400)
    second = store.review_card("cue:l1/a", 3)
    assert second.last_review >= first.last_review
    assert second.due >= second.last_review
    log = store.review_log("cue:l1/a")
    assert log[1]["reviewed_at"] >= log[0]["reviewed_at"]
    clock.jump_wall(10 * 86400)  # and forward
    third = store.review_card("cue:l1/a", 1)
    assert third.last_review == clock.now() and third.due >= third.last_review


def test_clock_jump_back_does_not_count_a_new_notebook_day(store, clock):
    store.record_answer(att("q1", False), schedule=True)
    clock.jump_wall(-86400)  # "yesterday"
    store.record_answer(att("q1", True), schedule=True)
    assert store.notebook_entry("q1").correct_days == 0
    clock.jump_wall(86400)
    store.record_answer(att("q1", True), schedule=True)
    assert store.notebook_entry("q1").correct_days == 1


def test_negative_durations_are_clamped(store):
    aid = store.record_answer(att("q1", time_ms=-500), schedule=True)
    assert store.attempt(aid).time_ms == 0
    did = store.start_drill({}, [{"q": 1}], -5)
    store.drill_tick(did, 30)
    store.drill_tick(did, -10)  # a monotonic difference gone wrong never gives time back
    assert store.drill(did).elapsed_s == 30 and store.drill(did).duration_s == 0


def test_local_times_are_stored_in_utc_across_dst(db_path, clock):
    tz = ZoneInfo("America/New_York")
    clock.wall = datetime(2026, 3, 8, 1, 59, tzinfo=tz)  # one minute before the DST jump
    with Store.open(db_path, clock=clock, auto_backup=False) as s:
        a1 = s.record_answer(att("q1", False), schedule=True)
        clock.advance(120)  # 03:01 local: an hour "vanished" but only 2 minutes passed
        a2 = s.record_answer(att("q1", False), schedule=True)
        t1, t2 = s.attempt(a1).answered_at, s.attempt(a2).answered_at
        assert t1.tzinfo == timezone.utc and t2 - t1 == timedelta(minutes=2)
        raw = s.connection.execute("SELECT answered_at FROM attempts ORDER BY id").fetchall()
        assert all(r[0].endswith("+00:00") for r in raw)
