"""The wrong-answer notebook: filing misses, counting right days, leeches, and reading entries."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from quizterm.store.db import as_dict, as_list, from_iso, iso, loads, utc_day
from quizterm.store.records import Attempt, NotebookEntry

LEECH_AT = 4
DEFAULT_CLEAR_AFTER_DAYS = 2


def _dumps(value) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def apply_answer(conn: sqlite3.Connection, a: Attempt, attempt_id: int, now: datetime, clear_after: int) -> None:
    """Update the notebook for one answer (inside the caller's transaction).

    A miss files the question (or refreshes its entry with this instance and response, counts
    the miss, and restarts the count of right days). A right answer on an entry counts its UTC
    day once; days before the last miss (a wall clock that jumped back) do not count. After
    ``clear_after`` different days the entry leaves.
    """
    when, day = iso(now), utc_day(now)
    row = conn.execute("SELECT wrong_count, correct_on, last_wrong_at FROM notebook WHERE question_id=?",
                       (a.question_id,)).fetchone()
    if not a.correct:
        if row is None:
            conn.execute(
                "INSERT INTO notebook (question_id, lesson_id, response, instance, seed, option_order,"
                " wrong_count, correct_on, leech, first_wrong_at, last_wrong_at, since_attempt_id)"
                " VALUES (?,?,?,?,?,?,1,'[]',0,?,?,?)",
                (a.question_id, a.lesson_id, _dumps(a.response), _dumps(a.instance), a.seed,
                 _dumps(a.option_order), when, when, attempt_id))
        else:
            count = row[0] + 1
            conn.execute(
                "UPDATE notebook SET lesson_id=?, response=?, instance=?, seed=?, option_order=?,"
                " wrong_count=?, correct_on='[]', leech=?, last_wrong_at=max(last_wrong_at, ?)"
                " WHERE question_id=?",
                (a.lesson_id, _dumps(a.response), _dumps(a.instance), a.seed, _dumps(a.option_order),
                 count, int(count >= LEECH_AT), when, a.question_id))
        return
    if row is None:
        return
    days = [d for d in as_list(loads(row[1])) or [] if isinstance(d, str)]
    if day in days or day < row[2][:10]:
        return
    days.append(day)
    if len(days) >= max(1, clear_after):
        conn.execute("DELETE FROM notebook WHERE question_id=?", (a.question_id,))
    else:
        conn.execute("UPDATE notebook SET correct_on=? WHERE question_id=?", (json.dumps(days), a.question_id))


def apply_override(conn: sqlite3.Connection, question_id: str, attempt_id: int) -> None:
    """Take an overridden miss out of the entry's count; the entry leaves if none remain."""
    row = conn.execute("SELECT wrong_count, since_attempt_id FROM notebook WHERE question_id=?",
                       (question_id,)).fetchone()
    if row is None or attempt_id < row[1]:
        return
    count = row[0] - 1
    if count <= 0:
        conn.execute("DELETE FROM notebook WHERE question_id=?", (question_id,))
    else:
        conn.execute("UPDATE notebook SET wrong_count=?, leech=? WHERE question_id=?",
                     (count, int(count >= LEECH_AT), question_id))


_COLUMNS = ("question_id, lesson_id, response, instance, seed, option_order, wrong_count, correct_on,"
            " leech, last_wrong_at, first_wrong_at, since_attempt_id")


def _entry(r) -> NotebookEntry:
    days = tuple(d for d in as_list(loads(r[7])) or [] if isinstance(d, str))
    return NotebookEntry(
        question_id=r[0], lesson_id=r[1], response=loads(r[2], r[2]),
        instance=as_dict(loads(r[3])), seed=r[4],
        option_order=as_list(loads(r[5])), wrong_count=r[6], correct_days=len(days),
        leech=bool(r[8]), last_wrong_at=from_iso(r[9]), first_wrong_at=from_iso(r[10]),
        correct_on=days, since_attempt_id=r[11])


class NotebookMixin:
    """Store methods for the wrong-answer notebook."""

    def notebook(self, lesson_id: str | None = None) -> list[NotebookEntry]:
        """Entries, leeches first, then the most recent miss first."""
        order = " ORDER BY leech DESC, last_wrong_at DESC, question_id"
        if lesson_id is None:
            rows = self._conn.execute(f"SELECT {_COLUMNS} FROM notebook" + order)
        else:
            rows = self._conn.execute(f"SELECT {_COLUMNS} FROM notebook WHERE lesson_id=?" + order, (lesson_id,))
        return [_entry(r) for r in rows]

    def notebook_entry(self, question_id: str) -> NotebookEntry | None:
        """The entry for one question, if it is in the notebook."""
        r = self._conn.execute(f"SELECT {_COLUMNS} FROM notebook WHERE question_id=?", (question_id,)).fetchone()
        return _entry(r) if r else None

    def notebook_count(self, lesson_id: str | None = None) -> int:
        """How many questions wait in the notebook."""
        if lesson_id is None:
            return int(self._conn.execute("SELECT count(*) FROM notebook").fetchone()[0])
        return int(self._conn.execute("SELECT count(*) FROM notebook WHERE lesson_id=?", (lesson_id,)).fetchone()[0])

    def _clear_after_days(self, conn: sqlite3.Connection) -> int:
        row = conn.execute("SELECT value FROM settings WHERE key='notebook.clear_after_days'").fetchone()
        try:
            return max(1, int(loads(row[0], DEFAULT_CLEAR_AFTER_DAYS))) if row else DEFAULT_CLEAR_AFTER_DAYS
        except (ValueError, TypeError):
            return DEFAULT_CLEAR_AFTER_DAYS
