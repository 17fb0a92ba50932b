"""Progress moves between two homes: export from one, import into the other twice, nothing lost or doubled."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from quizterm.clock import FakeClock
from quizterm.interop.errors import InteropError
from quizterm.interop.progress_export import export_progress
from quizterm.interop.progress_import import import_progress
from quizterm.store import Attempt, Store


def _history(store: Store, clock: FakeClock, tag: str, days: int) -> None:
    """A few days of practice, card reviews, an override, a finished drill and reading."""
    for day in range(days):
        for i in range(3):
            qid = f"{tag}-q{i}" if i else "shared-q"
            aid = store.record_answer(Attempt(qid, "mini", "practice", i, correct=(day + i) % 2 == 0,
                                              seed=day * 10 + i, instance={"question_id": qid, "seed": i},
                                              time_ms=1500 + i, misconception="no-scale" if i == 2 else None),
                                      schedule=True)
            clock.advance(61)
        if day == 1:
            store.record_override(aid)
        store.review_card(f"term:mini/{tag}:fwd", 3, duration_ms=4000)
        store.review_card("cue:mini/sqrt", 2 + day % 2)
        clock.advance(86400)
    drill = store.start_drill({"lesson": "mini", "count": 2}, [{"question_id": "shared-q"}, {"question_id": f"{tag}-d"}], 600)
    store.drill_answer(drill, 0, 1, elapsed_s=10.0, question_s=10.0)
    clock.advance(30)
    store.finish_drill(drill, [Attempt("shared-q", "mini", "drill", 1, True, drill_id=drill),
                               Attempt(f"{tag}-d", "mini", "drill", None, False, drill_id=drill)],
                       {"correct": 1, "total": 2, "percent": 50.0, "passed": False})
    store.save_reading("mini", f"{tag}-pos", {f"{tag}-s1", "s0"})
    store.set_setting(f"{tag}.pref", {"on": True})


def _identities(store: Store) -> list[tuple]:
    return sorted((a.answered_at, a.question_id, a.mode, a.correct, a.overridden, json.dumps(a.response))
                  for a in store.attempts())


@pytest.fixture
def homes(tmp_path):
    clock_a = FakeClock(wall=datetime(2026, 3, 1, 8, 0, tzinfo=timezone.utc))
    clock_b = FakeClock(wall=datetime(2026, 3, 1, 20, 30, 7, tzinfo=timezone.utc))
    a = Store.open(tmp_path / "a" / "progress.sqlite3", clock=clock_a, auto_backup=False)
    b = Store.open(tmp_path / "b" / "progress.sqlite3", clock=clock_b, auto_backup=False)
    _history(a, clock_a, "a", 4)
    _history(b, clock_b, "b", 3)
    yield a, b, clock_a, clock_b
    a.close()
    b.close()


def test_import_twice_adds_everything_once(homes, tmp_path):
    a, b, clock_a, _ = homes
    before_a, before_b = _identities(a), _identities(b)
    out = tmp_path / "a.json"
    export_progress(a, out, now=clock_a.now())
    first = import_progress(b, out)
    assert first.attempts_added == len(before_a) and first.attempts_skipped == 0
    merged = _identities(b)
    second = import_progress(b, out)
    assert second.attempts_added == 0 and second.attempts_skipped == len(before_a)
    assert second.reviews_added == second.overrides_added == second.drills_added == 0
    assert _identities(b) == merged == sorted(before_a + before_b)
    # Totals agree with the rows: per question, answered and correct (overrides count).
    stats = b.question_stats()
    for qid in {i[1] for i in merged}:
        rows = b.attempts(question_id=qid)
        assert stats[qid].answered == len(rows)
        assert stats[qid].correct == sum(r.correct or r.overridden for r in rows)
        assert stats[qid].last_correct == max(rows, key=lambda r: r.answered_at).counted_correct
    # Cards from both, each review once; the shared cue card replayed from both histories.
    assert b.card_keys() == a.card_keys() | {k for k in b.card_keys()}
    assert {"term:mini/a:fwd", "term:mini/b:fwd", "cue:mini/sqrt"} <= b.card_keys()
    cue_log = b.review_log("cue:mini/sqrt")
    assert len(cue_log) == 4 + 3
    assert b.card("cue:mini/sqrt").reps == 7
    assert b.card("cue:mini/sqrt").last_review == max(r["reviewed_at"] for r in cue_log)
    assert b.card("term:mini/a:fwd") == a.card("term:mini/a:fwd")
    # The notebook, drills, reading and settings came along.
    assert {e.question_id for e in a.notebook()} <= {e.question_id for e in b.notebook()}
    assert len(b.drills()) == 2
    assert b.reading("mini").sections_read == {"a-s1", "b-s1", "s0"}
    assert b.get_setting("a.pref") == {"on": True} and b.get_setting("b.pref") == {"on": True}


def test_both_ways_converge(homes, tmp_path):
    a, b, clock_a, clock_b = homes
    export_progress(a, tmp_path / "a.json", now=clock_a.now())
    export_progress(b, tmp_path / "b.json", now=clock_b.now())
    import_progress(b, tmp_path / "a.json")
    import_progress(a, tmp_path / "b.json")
    assert _identities(a) == _identities(b)
    assert a.card("cue:mini/sqrt") == b.card("cue:mini/sqrt")
    assert a.question_stats() == b.question_stats()


def test_into_an_empty_home_everything_is_equal(homes, tmp_path):
    a, _b, clock_a, _ = homes
    export_progress(a, tmp_path / "a.json", now=clock_a.now())
    with Store.open(tmp_path / "c" / "progress.sqlite3", auto_backup=False) as c:
        import_progress(c, tmp_path / "a.json")
        assert _identities(c) == _identities(a)
        assert {k: c.card(k) for k in a.card_keys()} == {k: a.card(k) for k in a.card_keys()}
        assert [(e.question_id, e.wrong_count, e.leech) for e in c.notebook()] == \
               [(e.question_id, e.wrong_count, e.leech) for e in a.notebook()]
        assert [(d.spec, d.status, d.result) for d in c.drills()] == [(d.spec, d.status, d.result) for d in a.drills()]


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe", "not a JSON file"),
    (b"[1, 2]", "not a quizterm progress file"),
    (json.dumps({"format": "quizterm-progress", "version": 99}).encode(), "newer quizterm"),
    (json.dumps({"format": "quizterm-progress", "version": 1,
                 "attempts": [{"question_id": "q", "lesson_id": "l", "mode": "practice", "correct": "perhaps",
                               "answered_at": "2026-01-01T00:00:00+00:00"}]}).encode(), "attempts.0.correct"),
    (json.dumps({"format": "quizterm-progress", "version": 1,
                 "attempts": [{"question_id": "q", "lesson_id": "l", "mode": "practice", "correct": True,
                               "answered_at": "yesterday"}]}).encode(), "attempts.0.answered_at"),
    (b"[" * 100000, "JSON|nested"),
], ids=["not-utf8", "a-list", "newer", "bad-type", "bad-time", "deep"])
def test_bad_files_change_nothing(homes, tmp_path, content, message):
    _a, b, _, _ = homes
    before = _identities(b)
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(InteropError, match=message) as info:
        import_progress(b, path)
    assert "\n" not in str(info.value)
    assert _identities(b) == before
