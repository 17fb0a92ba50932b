"""1,000,000 answers stay fast because hot queries use indexes (timings live in benchmarks/store.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from .conftest import att

IDX = "USING INDEX", "USING COVERING INDEX", "USING INTEGER PRIMARY KEY", "USING PRIMARY KEY"


def _plan(store, sql: str, args=()) -> list[str]:
    return [r[3] for r in store.connection.execute("EXPLAIN QUERY PLAN " + sql, args)]


def _traced(store, fn) -> list[str]:
    """Every SQL statement ``fn`` runs on the store's connection."""
    seen: list[str] = []
    store.connection.set_trace_callback(seen.append)
    try:
        fn()
    finally:
        store.connection.set_trace_callback(None)
    return [s for s in seen if s.lstrip().upper().startswith("SELECT")]


HOT_PATHS = {
    "attempt_count": lambda s, c: s.attempt_count(),
    "due_count": lambda s, c: s.due_count(),
    "due_cards": lambda s, c: s.due_cards(),
    "notebook": lambda s, c: s.notebook(),
    "notebook_count": lambda s, c: s.notebook_count("l1"),
    "question_stats": lambda s, c: s.question_stats("l1"),
    "daily_stats": lambda s, c: s.daily_stats("2026-01-01"),
    "attempts_of_question": lambda s, c: s.attempts(question_id="q1"),
    "attempts_of_lesson": lambda s, c: s.attempts(lesson_id="l1"),
    "attempts_since": lambda s, c: s.attempts(since=c.now() - timedelta(days=1)),
    "latest_attempts": lambda s, c: s.attempts(limit=20),
    "review_log": lambda s, c: s.review_log("q:q1"),
    "unfinished_drill": lambda s, c: s.unfinished_drill(),
}


@pytest.mark.parametrize("name", HOT_PATHS)
def test_hot_queries_never_scan_the_attempts_table(store, clock, name):
    for i in range(30):
        store.record_answer(att(f"q{i % 5}", i % 3 == 0), schedule=True)
    store.connection.execute("ANALYZE")
    statements = _traced(store, lambda: HOT_PATHS[name](store, clock))
    assert statements
    for sql in statements:
        for step in _plan(store, sql.replace("\n", " ")):
            if "attempts" in step or "review_log" in step:
                assert any(k in step for k in IDX), (sql, step)


@pytest.mark.parametrize("sql", [
    "SELECT substr(answered_at, 1, 13), count(*), sum(min(time_ms, 600000)) FROM attempts"
    " WHERE answered_at >= '2026-01-01' GROUP BY 1",
    "SELECT a.lesson_id, a.misconception, count(*) FROM attempts a LEFT JOIN overrides o ON o.attempt_id = a.id"
    " WHERE a.misconception IS NOT NULL AND o.id IS NULL GROUP BY 1, 2",
    "SELECT min(answered_at) FROM attempts",
    "SELECT min(reviewed_at) FROM review_log",
    "SELECT substr(reviewed_at, 1, 13), count(*) FROM review_log WHERE attempt_id IS NULL AND reviewed_at >= '2026' GROUP BY 1",
])
def test_statistics_queries_have_covering_indexes(store, sql):
    for step in _plan(store, sql):
        if "attempts" in step or "review_log" in step:
            assert any(k in step for k in IDX), step
