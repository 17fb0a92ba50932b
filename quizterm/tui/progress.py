"""Read-only progress figures for the UI, tolerant of a missing or failing store."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable

log = logging.getLogger(__name__)

__all__ = ["LessonProgress", "ask", "due_count", "lesson_progress", "notebook_count"]


def ask(store: Any, call: Callable[[Any], Any], default: Any) -> Any:
    """``call(store)``, or ``default`` when there is no store or it fails (the UI must still draw)."""
    if store is None:
        return default
    try:
        return call(store)
    except Exception as exc:  # noqa: BLE001 - a figure on screen is never worth a crash
        log.warning("store read failed: %r", exc)
        return default


@dataclass
class LessonProgress:
    """What a learner has done in one lesson."""

    sections_total: int
    sections_read: set[str] = field(default_factory=set)
    answered: int = 0
    correct: int = 0
    position: str | None = None

    @property
    def accuracy(self) -> float | None:
        """Share of answers given that were right, or None before any answer."""
        return self.correct / self.answered if self.answered else None


def lesson_progress(store: Any, lesson: Any) -> LessonProgress:
    """Sections read, answers given and right answers for ``lesson``."""
    ids = {s.id for s in lesson.sections}
    prog = LessonProgress(sections_total=len(ids))
    reading = ask(store, lambda s: s.reading(lesson.id), None)
    if reading is not None:
        prog.sections_read = set(reading.sections_read) & ids
        prog.position = reading.position
    # The statistics' own figures (quizterm.stats.figures), so home and stats always agree:
    # answers given (a blank drill item is not one) and how many were right.
    from quizterm.stats.figures import AnswerTotals, answer_totals

    totals = ask(store, lambda s: answer_totals(s, lesson.id), AnswerTotals())
    prog.answered, prog.correct = totals.answered, totals.correct
    return prog


def due_count(store: Any, now: Any = None) -> Any:
    """Cards due by the end of the local day (``stats.figures.DueToday``: flashcards and question
    cards, as the statistics count them), or None without a store."""
    if store is None:  # the first frame, before the store opens: no need to import the statistics
        return None
    from quizterm.stats.figures import due_today
    from quizterm.stats.report import local_tz

    return ask(store, lambda s: due_today(s, now, local_tz()), None)


def notebook_count(store: Any) -> int | None:
    """How many entries the wrong-answer notebook holds, or None without a store."""
    return ask(store, lambda s: s.notebook_count(), None)
