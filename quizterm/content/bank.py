"""The bank: every loaded lesson and question, indexed by id, lesson, objective and tag."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from quizterm.model import Lesson, Question


@dataclass(frozen=True)
class Origin:
    """Where an item came from, for messages such as ``quizterm verify``'s."""

    path: Path
    line: int
    col: int = 1


@dataclass
class Bank:
    """All valid content. Lessons and questions keep the order in which they were loaded."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    questions: dict[str, Question] = field(default_factory=dict)
    lesson_of_question: dict[str, str] = field(default_factory=dict)
    origins: dict[str, Origin] = field(default_factory=dict)  # "lesson:<id>" / "question:<id>"

    def questions_for(self, lesson_id: str) -> list[Question]:
        """The questions of a lesson: those it links first, in its order, then the rest of its bank."""
        lesson = self.lessons.get(lesson_id)
        linked = list(lesson.questions) if lesson else []
        rest = [q for q, l in self.lesson_of_question.items() if l == lesson_id and q not in linked]
        return [self.questions[q] for q in linked + rest if q in self.questions]

    def by_objective(self, objective: str) -> list[Question]:
        return [q for q in self.questions.values() if q.objective == objective]

    def by_tag(self, tag: str) -> list[Question]:
        return [q for q in self.questions.values() if tag in q.tags]

    def tags(self) -> set[str]:
        return {t for q in self.questions.values() for t in q.tags}

    def origin(self, kind: str, item_id: str) -> Origin | None:
        return self.origins.get(f"{kind}:{item_id}")
