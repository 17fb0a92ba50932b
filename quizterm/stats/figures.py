"""The figures the home screen and the statistics both show, each from one shared query.

* **answered** — answers given: every recorded attempt except a drill question left blank
  (blanks are recorded only so they reach the notebook; they are not answers). **correct** —
  those answers that were right or marked right afterwards; accuracy is correct / answered.
* **due today** — reviewed cards whose next review falls before the end of the learner's local
  day (overdue ones included), split into flashcards (glossary terms and cues) and question cards.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta, timezone, tzinfo

QUESTION_CARD_PREFIX = "q:"


@dataclass(frozen=True)
class AnswerTotals:
    """Answers given and how many were right."""

    answered: int = 0
    correct: int = 0

    @property
    def accuracy(self) -> float | None:
        """correct / answered, or None before any answer."""
        return self.correct / self.answered if self.answered else None


@dataclass(frozen=True)
class DueToday:
    """Cards due by the end of the local day (overdue included)."""

    flashcards: int = 0
    questions: int = 0

    @property
    def total(self) -> int:
        return self.flashcards + self.questions

    def to_json(self) -> dict:
        return {"flashcards": self.flashcards, "questions": self.questions, "total": self.total}


def _blanks(conn: sqlite3.Connection) -> dict[str, tuple[int, int]]:
    """Per question: (drill items left blank, of those marked right). Drill rows only: the
    partial index on drill_id keeps this cheap however many answers there are."""
    rows = conn.execute(
        "SELECT a.question_id, count(*), sum(o.id IS NOT NULL) FROM attempts a"
        " LEFT JOIN overrides o ON o.attempt_id = a.id"
        " WHERE a.drill_id IS NOT NULL AND a.response = 'null' GROUP BY 1")
    return {str(q): (int(n), int(ok or 0)) for q, n, ok in rows}


def question_answer_stats(store, lesson_id: str | None = None) -> dict:
    """``store.question_stats(lesson_id)`` counting answers given only (blank drill items left out)."""
    stats = store.question_stats(lesson_id)
    blanks = _blanks(store.connection)
    out = {}
    for qid, st in stats.items():
        n, ok = blanks.get(qid, (0, 0))
        out[qid] = replace(st, answered=max(0, st.answered - n), correct=max(0, st.correct - ok)) if n else st
    return out


def answer_totals(store, lesson_id: str | None = None) -> AnswerTotals:
    """Answers given and right ones, for one lesson or (None) for everything."""
    stats = question_answer_stats(store, lesson_id)
    return AnswerTotals(sum(s.answered for s in stats.values()), sum(s.correct for s in stats.values()))


def end_of_day(now: datetime, tz: tzinfo) -> datetime:
    """The first instant of the learner's next local day, in UTC."""
    today = now.astimezone(tz).date()
    return datetime.combine(today + timedelta(days=1), time.min, tzinfo=tz).astimezone(timezone.utc)


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).isoformat(timespec="microseconds")


def due_times(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(key, due as UTC ISO text) of every reviewed card."""
    return [(str(k), str(d)) for k, d in conn.execute("SELECT key, due FROM cards")]


def due_today(store, now: datetime, tz: tzinfo) -> DueToday:
    """Cards due before the end of the local day of ``now`` in ``tz``."""
    row = store.connection.execute(
        "SELECT count(*), coalesce(sum(substr(key, 1, 2) = ?), 0) FROM cards WHERE due < ?",
        (QUESTION_CARD_PREFIX, _iso(end_of_day(now, tz)))).fetchone()
    total, questions = int(row[0]), int(row[1])
    return DueToday(flashcards=total - questions, questions=questions)
