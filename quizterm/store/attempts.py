"""Recording answers (attempt + schedule + notebook in one transaction), overrides, and queries."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from quizterm.store.cards import review_in_tx
from quizterm.store.db import as_dict, as_list, from_iso, iso, loads, utc_day
from quizterm.store.notebook import apply_answer, apply_override
from quizterm.store.records import MODES, Attempt, AttemptRow, QuestionStat

UNSCHEDULED_MODES = ("drill", "cram")


def _dumps(value) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def validate(attempt: Attempt, schedule: bool) -> None:
    """Reject programming mistakes before any write (bad mode, unscheduled modes, not JSON-able)."""
    if attempt.mode not in MODES:
        raise ValueError(f"unknown mode {attempt.mode!r}; expected one of {MODES}")
    if schedule and attempt.mode in UNSCHEDULED_MODES:
        raise ValueError(f"{attempt.mode} answers never move schedules (schedule=False)")
    if not attempt.question_id or not attempt.lesson_id:
        raise ValueError("an attempt needs question_id and lesson_id")
    json.dumps(attempt.response)
    json.dumps(attempt.instance)


def insert_attempt(conn: sqlite3.Connection, a: Attempt, now: datetime, *, scheduled: bool) -> int:
    """Insert the attempt row and update the per-question and per-day totals; returns its id."""
    when = iso(now)
    cur = conn.execute(
        "INSERT INTO attempts (question_id, lesson_id, mode, response, correct, seed, option_order,"
        " instance, time_ms, misconception, drill_id, scheduled, answered_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (a.question_id, a.lesson_id, a.mode, json.dumps(a.response, ensure_ascii=False),
         int(bool(a.correct)), a.seed, _dumps(a.option_order), _dumps(a.instance),
         max(0, int(a.time_ms or 0)), a.misconception, a.drill_id, int(scheduled), when))
    ok = int(bool(a.correct))
    conn.execute(
        "INSERT INTO question_totals (question_id, lesson_id, answered, correct, last_correct, last_at)"
        " VALUES (?,?,1,?,?,?) ON CONFLICT(question_id) DO UPDATE SET lesson_id=excluded.lesson_id,"
        " answered=answered+1, correct=correct+excluded.correct, last_correct=excluded.last_correct,"
        " last_at=max(last_at, excluded.last_at)",
        (a.question_id, a.lesson_id, ok, ok, when))
    conn.execute(
        "INSERT INTO daily_totals (day, mode, answered, correct, time_ms) VALUES (?,?,1,?,?)"
        " ON CONFLICT(day, mode) DO UPDATE SET answered=answered+1, correct=correct+excluded.correct,"
        " time_ms=time_ms+excluded.time_ms",
        (utc_day(now), a.mode, ok, max(0, int(a.time_ms or 0))))
    return int(cur.lastrowid)


def record_in_tx(store, conn: sqlite3.Connection, a: Attempt, now: datetime, *, schedule: bool) -> int:
    """Everything one answer writes, inside the caller's transaction."""
    aid = insert_attempt(conn, a, now, scheduled=schedule)
    store._hook("attempt")
    if schedule:
        review_in_tx(conn, f"q:{a.question_id}", 3 if a.correct else 1, now, a.time_ms, aid)
        store._hook("schedule")
    apply_answer(conn, a, aid, now, store._clear_after_days(conn))
    store._hook("notebook")
    return aid


def override_in_tx(conn: sqlite3.Connection, attempt_id: int, now: datetime) -> int:
    """Record an override inside the caller's transaction (also for importers); returns its id.

    Keeps the totals and the notebook in step: the attempt counts as correct, and its miss leaves
    the notebook count. Pressing it twice returns the first override.

    Raises:
        KeyError: no such attempt.
    """
    row = conn.execute("SELECT question_id, correct FROM attempts WHERE id=?", (attempt_id,)).fetchone()
    if row is None:
        raise KeyError(f"no attempt {attempt_id}")
    old = conn.execute("SELECT id FROM overrides WHERE attempt_id=?", (attempt_id,)).fetchone()
    if old:
        return int(old[0])
    oid = conn.execute("INSERT INTO overrides (attempt_id, at) VALUES (?,?)", (attempt_id, iso(now))).lastrowid
    if not row[1]:
        last = conn.execute("SELECT max(id) FROM attempts WHERE question_id=?", (row[0],)).fetchone()[0]
        conn.execute("UPDATE question_totals SET correct=correct+1,"
                     " last_correct=CASE WHEN ? THEN 1 ELSE last_correct END WHERE question_id=?",
                     (int(last == attempt_id), row[0]))
        apply_override(conn, row[0], attempt_id)
    return int(oid)


_SELECT = ("SELECT a.id, a.question_id, a.lesson_id, a.mode, a.response, a.correct, a.seed,"
           " a.option_order, a.instance, a.time_ms, a.misconception, a.drill_id, a.scheduled,"
           " a.answered_at, o.id IS NOT NULL FROM attempts a LEFT JOIN overrides o ON o.attempt_id = a.id")


def _row(r) -> AttemptRow:
    return AttemptRow(
        id=r[0], question_id=r[1], lesson_id=r[2], mode=r[3], response=loads(r[4], r[4]),
        correct=bool(r[5]), seed=r[6], option_order=as_list(loads(r[7])),
        instance=as_dict(loads(r[8])), time_ms=r[9], misconception=r[10],
        drill_id=r[11], scheduled=bool(r[12]), answered_at=from_iso(r[13]), overridden=bool(r[14]))


class AttemptsMixin:
    """Store methods for answers."""

    def record_answer(self, attempt: Attempt, *, schedule: bool) -> int:
        """Record one answer in ONE transaction and return the attempt id.

        Writes the attempt row; if ``schedule``, the FSRS review of card ``q:<question_id>``
        (right -> Good, wrong -> Again); the notebook (a wrong answer files or refreshes the entry,
        4 misses make a leech; a right answer counts a distinct UTC day and the entry leaves after
        ``clear_after_days`` days). Drill and cram answers must pass ``schedule=False``.

        Raises:
            StoreWriteError: the write failed and was rolled back; nothing was recorded.
            ValueError: a bad attempt (unknown mode, scheduled drill/cram, not JSON-able).
        """
        validate(attempt, schedule)
        now = self._now()
        with self._tx() as conn:
            aid = record_in_tx(self, conn, attempt, now, schedule=schedule)
        self._after_answers(1)
        return aid

    def record_override(self, attempt_id: int) -> int:
        """Record "I was actually right" for an attempt: a separate row, never an edit.

        The attempt then counts as correct in the totals and its miss is taken out of the
        notebook count (the entry leaves if that was its only miss). Schedules are not rewound.
        Returns the override id (the existing one if pressed twice).

        Raises:
            KeyError: no such attempt.
        """
        now = self._now()
        with self._tx() as conn:
            oid = override_in_tx(conn, attempt_id, now)
            self._hook("override")
        return oid

    def attempts(self, *, question_id: str | None = None, lesson_id: str | None = None,
                 mode: str | None = None, since: datetime | None = None,
                 drill_id: int | None = None, limit: int | None = None) -> list[AttemptRow]:
        """Recorded attempts, oldest first, filtered by any of the arguments (``limit``: the newest n)."""
        where, args = [], []
        for col, val in (("question_id", question_id), ("lesson_id", lesson_id), ("mode", mode),
                         ("drill_id", drill_id)):
            if val is not None:
                where.append(f"a.{col} = ?")
                args.append(val)
        if since is not None:
            where.append("a.answered_at >= ?")
            args.append(iso(since))
        sql = _SELECT + (" WHERE " + " AND ".join(where) if where else "")
        if limit is None:
            return [_row(r) for r in self._conn.execute(sql + " ORDER BY a.id", args)]
        rows = self._conn.execute(sql + " ORDER BY a.id DESC LIMIT ?", [*args, int(limit)]).fetchall()
        return [_row(r) for r in reversed(rows)]

    def attempt(self, attempt_id: int) -> AttemptRow | None:
        """One attempt by id."""
        r = self._conn.execute(_SELECT + " WHERE a.id = ?", (attempt_id,)).fetchone()
        return _row(r) if r else None

    def attempt_count(self) -> int:
        """How many answers are recorded (from the totals, so it is instant)."""
        return int(self._conn.execute("SELECT coalesce(sum(answered), 0) FROM question_totals").fetchone()[0])

    def question_stats(self, lesson_id: str | None = None) -> dict[str, QuestionStat]:
        """Per-question totals (overrides count as correct), optionally for one lesson."""
        sql = "SELECT question_id, answered, correct, last_correct, lesson_id, last_at FROM question_totals"
        rows = (self._conn.execute(sql + " WHERE lesson_id = ?", (lesson_id,)) if lesson_id is not None
                else self._conn.execute(sql))
        return {r[0]: QuestionStat(r[1], r[2], bool(r[3]), r[4], from_iso(r[5])) for r in rows}

    def daily_stats(self, since_day: str | None = None) -> dict[str, dict[str, tuple[int, int, int]]]:
        """Per UTC day (YYYY-MM-DD) and mode: (answered, correct, total time_ms)."""
        sql = "SELECT day, mode, answered, correct, time_ms FROM daily_totals"
        rows = (self._conn.execute(sql + " WHERE day >= ? ORDER BY day", (since_day,)) if since_day
                else self._conn.execute(sql + " ORDER BY day"))
        out: dict[str, dict[str, tuple[int, int, int]]] = {}
        for day, mode, n, ok, ms in rows:
            out.setdefault(day, {})[mode] = (n, ok, ms)
        return out
