"""Reproducible review: recompute every ``check`` block and sample every generator (``quizterm verify``).

The check-block recomputation lives in ``quizterm.quiz.verify_checks`` and the sampling of
generated questions in ``quizterm.quiz.verify_generated``; this module gathers their findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from quizterm.quiz.verify_checks import check_question, show  # noqa: F401 (show: re-exported)
from quizterm.quiz.verify_generated import DEFAULT_SEEDS, _CheckCache, sample_generated


@dataclass(frozen=True)
class Finding:
    """One disagreement, printed as ``file:line: id: message``."""

    question_id: str
    message: str
    path: Path | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.path}:{self.line or 1}: " if self.path else ""
        return f"{where}{self.question_id}: {self.message}"


@dataclass
class VerifyReport:
    """What verify looked at and what it found."""

    checked: int = 0  # questions whose check block was recomputed
    generated: int = 0  # generated questions sampled
    instances: int = 0  # generated instances built and graded
    findings: list[Finding] = field(default_factory=list)
    verified: set[str] = field(default_factory=set)  # ids of checked/generated questions that passed

    @property
    def failed(self) -> int:
        """How many questions have at least one finding."""
        return len({f.question_id for f in self.findings})

    @property
    def ok(self) -> bool:
        return not self.findings


def verify_questions(questions: Iterable[Any], origin: Any = None, *, seeds: int = DEFAULT_SEEDS,
                     pitfalls: Any = None) -> VerifyReport:
    """Verify questions: recompute checks and sample generators.

    Args:
        questions: Question models.
        origin: ``id -> Origin | None`` giving each question's file and line (e.g. from a Bank).
        seeds: Random seeds sampled per generated question (two parameter corners are added).
        pitfalls: ``id -> set of pitfall ids | None`` of each question's lesson.

    Returns:
        The report.
    """
    report = VerifyReport()
    cache = _CheckCache()
    for q in questions:
        if q.type == "generated":
            built, msgs = sample_generated(q, seeds, cache, pitfalls(q.id) if pitfalls else None)
            report.generated += 1
            report.instances += built
        elif q.check is not None:
            msgs = check_question(q)
            report.checked += 1
        else:
            continue
        where = origin(q.id) if origin else None
        for m in msgs:
            report.findings.append(Finding(q.id, m, where.path if where else None, where.line if where else None))
        if not msgs:
            report.verified.add(q.id)
    return report


def verify_bank(bank: Any, *, seeds: int = DEFAULT_SEEDS) -> VerifyReport:
    """Verify every question of a ``Bank``, with file and line from ``bank.origin``."""
    return verify_questions(bank.questions.values(), lambda qid: bank.origin("question", qid), seeds=seeds,
                            pitfalls=lambda qid: _lesson_pitfalls(bank, qid))


def _lesson_pitfalls(bank: Any, qid: str) -> set[str] | None:
    lesson = bank.lessons.get(bank.lesson_of_question.get(qid, ""))
    return lesson.pitfall_ids() if lesson is not None else None


def verify_lesson(bank: Any, lesson_id: str, *, seeds: int = 5) -> VerifyReport:
    """Verify one lesson's questions with a few seeds: quick enough to back its "reviewed" badge."""
    return verify_questions(bank.questions_for(lesson_id), lambda qid: bank.origin("question", qid), seeds=seeds,
                            pitfalls=lambda qid: _lesson_pitfalls(bank, qid))


__all__ = ["Finding", "VerifyReport", "check_question", "sample_generated", "verify_bank",
           "verify_lesson", "verify_questions"]
