"""Accuracy per lesson, objective and tag (weakest first), and the misconceptions picked most."""

from __future__ import annotations

from dataclasses import dataclass

from quizterm.content.bank import Bank


@dataclass(frozen=True)
class AccuracyRow:
    """Answers and correct answers for one lesson, objective or tag."""

    key: str
    label: str
    answered: int
    correct: int

    @property
    def accuracy(self) -> float:
        """Share of correct answers, 0..1 (0 when nothing was answered)."""
        return self.correct / self.answered if self.answered else 0.0

    def to_json(self) -> dict:
        return {"key": self.key, "label": self.label, "answered": self.answered, "correct": self.correct,
                "accuracy": round(self.accuracy, 4)}


@dataclass(frozen=True)
class MisconceptionRow:
    """A pitfall and how often a learner picked a choice that embodies it."""

    key: str
    lesson_id: str
    label: str
    count: int

    def to_json(self) -> dict:
        return {"key": self.key, "lesson": self.lesson_id, "label": self.label, "count": self.count}


def weakest_first(rows: list[AccuracyRow]) -> list[AccuracyRow]:
    """Lowest accuracy first; among equals, the most answered first (surest evidence)."""
    return sorted(rows, key=lambda r: (r.accuracy, -r.answered, r.key))


def accuracy_tables(bank: Bank, totals: dict) -> dict[str, list[AccuracyRow]]:
    """Accuracy per lesson, objective and tag from per-question totals (``Store.question_stats``).

    Questions no longer in the bank still count for their lesson; objectives and tags need the
    question's current definition.
    """
    lessons: dict[str, list[int]] = {}
    objectives: dict[str, list[int]] = {}
    tags: dict[str, list[int]] = {}
    for qid, stat in totals.items():
        if not stat.answered:
            continue
        lid = stat.lesson_id or bank.lesson_of_question.get(qid, "")
        _add(lessons, lid, stat)
        question = bank.questions.get(qid)
        if question is None:
            continue
        _add(objectives, f"{bank.lesson_of_question.get(qid, lid)}/{question.objective}", stat)
        for tag in question.tags:
            _add(tags, tag, stat)
    return {
        "lessons": weakest_first([AccuracyRow(k, _lesson_label(bank, k), *v) for k, v in lessons.items()]),
        "objectives": weakest_first([AccuracyRow(k, _objective_label(bank, k), *v) for k, v in objectives.items()]),
        "tags": weakest_first([AccuracyRow(k, k, *v) for k, v in tags.items()]),
    }


def _add(table: dict[str, list[int]], key: str, stat) -> None:
    cell = table.setdefault(key, [0, 0])
    cell[0] += stat.answered
    cell[1] += stat.correct


def _lesson_label(bank: Bank, lesson_id: str) -> str:
    lesson = bank.lessons.get(lesson_id)
    return lesson.title if lesson else lesson_id


def _objective_label(bank: Bank, key: str) -> str:
    lesson_id, _, objective = key.partition("/")
    lesson = bank.lessons.get(lesson_id)
    for o in (lesson.objectives if lesson else []):
        if o.id == objective:
            return o.text
    return objective


def misconception_rows(bank: Bank, counts: list[tuple[str, str, int]], limit: int = 10) -> list[MisconceptionRow]:
    """The pitfalls picked most, from (lesson id, pitfall id, count) rows; labels from the lessons."""
    rows = []
    for lesson_id, pitfall, count in counts:
        lesson = bank.lessons.get(lesson_id)
        label = next((p.text for p in (lesson.pitfalls if lesson else []) if p.id == pitfall), pitfall)
        rows.append(MisconceptionRow(pitfall, lesson_id, label, count))
    rows.sort(key=lambda r: (-r.count, r.key))
    return rows[:limit]
