"""Read-only SQL over the store's connection, grouped in the database so a million answers stay fast."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timezone

# One answer left open while the learner made tea should not add an hour to the day.
MAX_ANSWER_MS = 10 * 60 * 1000


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).isoformat(timespec="microseconds")


def misconception_counts(conn: sqlite3.Connection) -> list[tuple[str, str, int]]:
    """(lesson id, pitfall id, times picked), answers marked right afterwards left out."""
    rows = conn.execute(
        "SELECT a.lesson_id, a.misconception, count(*) FROM attempts a"
        " LEFT JOIN overrides o ON o.attempt_id = a.id"
        " WHERE a.misconception IS NOT NULL AND o.id IS NULL GROUP BY 1, 2")
    return [(str(r[0]), str(r[1]), int(r[2])) for r in rows]


def hourly_activity(conn: sqlite3.Connection, since: datetime) -> list[tuple[str, int, int, int, int]]:
    """Per UTC hour since ``since``: (hour 'YYYY-MM-DDTHH', answers, answer ms, card reviews, review ms).

    Hours, not days, so the caller can place them on the learner's local days. Card reviews made by
    an answer (question cards) are counted once, as the answer.
    """
    at = _iso(since)
    out: dict[str, list[int]] = {}
    for hour, n, ms in conn.execute(
        "SELECT substr(answered_at, 1, 13), count(*), sum(min(time_ms, ?)) FROM attempts"
        " WHERE answered_at >= ? GROUP BY 1", (MAX_ANSWER_MS, at)):
        out.setdefault(hour, [0, 0, 0, 0])[0:2] = [int(n), int(ms or 0)]
    for hour, n, ms in conn.execute(
        "SELECT substr(reviewed_at, 1, 13), count(*), sum(min(coalesce(duration_ms, 0), ?)) FROM review_log"
        " WHERE attempt_id IS NULL AND reviewed_at >= ? GROUP BY 1", (MAX_ANSWER_MS, at)):
        out.setdefault(hour, [0, 0, 0, 0])[2:4] = [int(n), int(ms or 0)]
    return sorted((h, *v) for h, v in out.items())


def first_activity(conn: sqlite3.Connection) -> datetime | None:
    """When the learner first answered or reviewed anything (None for a new learner)."""
    row = conn.execute("SELECT min(t) FROM (SELECT min(answered_at) AS t FROM attempts"
                       " UNION ALL SELECT min(reviewed_at) FROM review_log)").fetchone()
    return datetime.fromisoformat(row[0]) if row and row[0] else None


def active_utc_days_before(conn: sqlite3.Connection, before: datetime) -> set[date]:
    """UTC days with any answer or card review before ``before``: for streaks older than the calendar.

    Answers come from the store's per-day totals (one row per day and mode), so a streak years
    long costs a few thousand rows, not every answer.
    """
    day = _iso(before)[:10]
    try:
        rows = conn.execute("SELECT DISTINCT day FROM daily_totals WHERE day < ? AND answered > 0", (day,)).fetchall()
    except sqlite3.OperationalError:  # an older schema without the totals
        rows = conn.execute("SELECT DISTINCT substr(answered_at, 1, 10) FROM attempts WHERE answered_at < ?",
                            (day,)).fetchall()
    rows += conn.execute("SELECT DISTINCT substr(reviewed_at, 1, 10) FROM review_log"
                         " WHERE attempt_id IS NULL AND reviewed_at < ?", (day,)).fetchall()
    return {date.fromisoformat(r[0]) for r in rows if r[0]}


def cards(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(key, card JSON) of every reviewed card."""
    return [(str(k), str(c)) for k, c in conn.execute("SELECT key, card FROM cards ORDER BY key")]
