"""Timed drills: frozen items, answers saved as they come, resumable, finished in one transaction."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from typing import Any

from quizterm.store.db import as_dict, as_list, from_iso, iso, loads
from quizterm.store.records import Attempt, DrillRecord


def _load(conn: sqlite3.Connection, drill_id: int) -> DrillRecord | None:
    row = conn.execute("SELECT id, spec, items, elapsed_s, duration_s, status, result, started_at, finished_at"
                       " FROM drills WHERE id=?", (drill_id,)).fetchone()
    if row is None:
        return None
    items = [i if isinstance(i, dict) else {} for i in as_list(loads(row[2])) or []]
    n = len(items)
    answers: list[Any] = [None] * n
    answered, flags = [False] * n, [False] * n
    question_s: list[float | None] = [None] * n
    for idx, resp, ans, flag, qs in conn.execute(
            "SELECT idx, response, answered, flagged, question_s FROM drill_answers WHERE drill_id=?", (drill_id,)):
        if 0 <= idx < n:
            answers[idx] = loads(resp, resp)
            answered[idx], flags[idx], question_s[idx] = bool(ans), bool(flag), qs
    return DrillRecord(id=row[0], spec=as_dict(loads(row[1])) or {}, items=items, answers=answers, answered=answered,
                       flags=flags, question_s=question_s, elapsed_s=row[3], duration_s=row[4], status=row[5],
                       result=as_dict(loads(row[6])), started_at=from_iso(row[7]),
                       finished_at=from_iso(row[8]))


class DrillsMixin:
    """Store methods for drills."""

    def start_drill(self, spec: dict, items: list[dict], duration_s: float) -> int:
        """Save a new drill (items = instance JSONs in order) and return its id."""
        now = self._now()
        with self._tx() as conn:
            cur = conn.execute("INSERT INTO drills (spec, items, duration_s, status, started_at)"
                               " VALUES (?,?,?,'active',?)",
                               (json.dumps(spec, ensure_ascii=False), json.dumps(items, ensure_ascii=False),
                                max(0.0, float(duration_s)), iso(now)))
        return int(cur.lastrowid)

    def _active(self, conn: sqlite3.Connection, drill_id: int, index: int | None = None) -> int:
        row = conn.execute("SELECT status, items FROM drills WHERE id=?", (drill_id,)).fetchone()
        if row is None:
            raise KeyError(f"no drill {drill_id}")
        if row[0] != "active":
            raise ValueError(f"drill {drill_id} is {row[0]}")
        n = len(as_list(loads(row[1])) or [])
        if index is not None and not 0 <= index < n:
            raise IndexError(f"drill {drill_id} has {n} items, no index {index}")
        return n

    def drill_answer(self, drill_id: int, index: int, response: Any, *, elapsed_s: float,
                     question_s: float | None = None) -> None:
        """Save the answer to item ``index`` and the time used so far (one transaction)."""
        text = json.dumps(response, ensure_ascii=False)
        with self._tx() as conn:
            self._active(conn, drill_id, index)
            conn.execute("INSERT INTO drill_answers (drill_id, idx, response, answered, question_s) VALUES (?,?,?,1,?)"
                         " ON CONFLICT(drill_id, idx) DO UPDATE SET response=excluded.response, answered=1,"
                         " question_s=excluded.question_s",
                         (drill_id, index, text, None if question_s is None else max(0.0, float(question_s))))
            self._hook("drill_answer")
            conn.execute("UPDATE drills SET elapsed_s=max(elapsed_s, ?) WHERE id=?", (max(0.0, float(elapsed_s)), drill_id))

    def drill_flag(self, drill_id: int, index: int, flagged: bool) -> None:
        """Flag or unflag item ``index`` for review."""
        with self._tx() as conn:
            self._active(conn, drill_id, index)
            conn.execute("INSERT INTO drill_answers (drill_id, idx, flagged) VALUES (?,?,?)"
                         " ON CONFLICT(drill_id, idx) DO UPDATE SET flagged=excluded.flagged",
                         (drill_id, index, int(bool(flagged))))

    def drill_tick(self, drill_id: int, elapsed_s: float) -> None:
        """Save the time used (it never goes down, so a resumed drill never gains time)."""
        with self._tx() as conn:
            self._active(conn, drill_id)
            conn.execute("UPDATE drills SET elapsed_s=max(elapsed_s, ?) WHERE id=?", (max(0.0, float(elapsed_s)), drill_id))

    def drill(self, drill_id: int) -> DrillRecord:
        """The drill. Raises KeyError if there is none with that id."""
        rec = _load(self._conn, drill_id)
        if rec is None:
            raise KeyError(f"no drill {drill_id}")
        return rec

    def unfinished_drill(self) -> DrillRecord | None:
        """The newest drill still active (to offer resuming it), if any."""
        row = self._conn.execute("SELECT max(id) FROM drills WHERE status='active'").fetchone()
        return _load(self._conn, row[0]) if row and row[0] is not None else None

    def finish_drill(self, drill_id: int, graded: list[Attempt], result: dict) -> list[int]:
        """Record the graded attempts (mode "drill", never scheduled), file misses, mark it done.

        ONE transaction. Finishing a drill already done changes nothing and returns its attempt ids.
        """
        from quizterm.store.attempts import record_in_tx, validate

        graded = [replace(a, drill_id=drill_id, mode="drill") for a in graded]  # the caller's stay as they were
        for a in graded:
            validate(a, False)
        now = self._now()
        with self._tx() as conn:
            row = conn.execute("SELECT status FROM drills WHERE id=?", (drill_id,)).fetchone()
            if row is None:
                raise KeyError(f"no drill {drill_id}")
            if row[0] == "done":
                return [r[0] for r in conn.execute("SELECT id FROM attempts WHERE drill_id=? ORDER BY id", (drill_id,))]
            ids = [record_in_tx(self, conn, a, now, schedule=False) for a in graded]
            conn.execute("UPDATE drills SET status='done', result=?, finished_at=? WHERE id=?",
                         (json.dumps(result, ensure_ascii=False), iso(now), drill_id))
        self._after_answers(len(ids))
        return ids

    def abandon_drill(self, drill_id: int, graded: list[Attempt] = ()) -> list[int]:
        """Give up an active drill: its answers stay saved, and ``graded`` (the answered items, graded
        by the caller) are recorded as attempts like a finished drill's, in the same transaction.

        Returns the new attempt ids (none when the drill was not active).
        """
        from quizterm.store.attempts import record_in_tx, validate

        graded = [replace(a, drill_id=drill_id, mode="drill") for a in graded]
        for a in graded:
            validate(a, False)
        now = self._now()
        with self._tx() as conn:
            cur = conn.execute("UPDATE drills SET status='abandoned', finished_at=? WHERE id=? AND status='active'",
                               (iso(now), drill_id))
            if cur.rowcount != 1:
                return []
            ids = [record_in_tx(self, conn, a, now, schedule=False) for a in graded]
        if ids:
            self._after_answers(len(ids))
        return ids

    def drills(self) -> list[DrillRecord]:
        """Every drill, newest first."""
        ids = [r[0] for r in self._conn.execute("SELECT id FROM drills ORDER BY id DESC")]
        return [_load(self._conn, i) for i in ids]
