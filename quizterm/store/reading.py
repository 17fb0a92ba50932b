"""Where the learner is in each lesson: the position and the sections read."""

from __future__ import annotations

import json

from quizterm.store.db import as_list, iso, loads
from quizterm.store.records import ReadingState


class ReadingMixin:
    """Store methods for lesson reading state."""

    def reading(self, lesson_id: str) -> ReadingState:
        """The saved position and sections read (empty state if the lesson was never opened)."""
        row = self._conn.execute("SELECT position, sections FROM reading WHERE lesson_id=?", (lesson_id,)).fetchone()
        if row is None:
            return ReadingState()
        sections = {x for x in as_list(loads(row[1])) or [] if isinstance(x, str)}
        return ReadingState(position=row[0], sections_read=sections)

    def save_reading(self, lesson_id: str, position: str | None, sections_read) -> None:
        """Save the position and the set of sections read, in one transaction."""
        sections = json.dumps(sorted(set(sections_read)), ensure_ascii=False)
        now = self._now()
        with self._tx() as conn:
            conn.execute("INSERT INTO reading (lesson_id, position, sections, updated_at) VALUES (?,?,?,?)"
                         " ON CONFLICT(lesson_id) DO UPDATE SET position=excluded.position,"
                         " sections=excluded.sections, updated_at=excluded.updated_at",
                         (lesson_id, position, sections, iso(now)))
