"""Plain records the store takes and returns (dataclasses, JSON-able fields)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

MODES = ("practice", "drill", "notebook", "cram")


@dataclass
class Attempt:
    """One answer to record (see ``Store.record_answer``)."""

    question_id: str
    lesson_id: str
    mode: str
    response: Any
    correct: bool
    seed: int | None = None
    option_order: list[int] | None = None
    instance: dict | None = None
    time_ms: int = 0
    misconception: str | None = None
    drill_id: int | None = None


@dataclass(frozen=True)
class AttemptRow:
    """A recorded attempt as read back; ``overridden`` means "I was actually right" was pressed."""

    id: int
    question_id: str
    lesson_id: str
    mode: str
    response: Any
    correct: bool
    seed: int | None
    option_order: list[int] | None
    instance: dict | None
    time_ms: int
    misconception: str | None
    drill_id: int | None
    scheduled: bool
    answered_at: datetime
    overridden: bool = False

    @property
    def counted_correct(self) -> bool:
        """Correct, or marked right afterwards by the learner."""
        return self.correct or self.overridden


@dataclass(frozen=True)
class QuestionStat:
    """Totals for one question (overrides count as correct)."""

    answered: int
    correct: int
    last_correct: bool
    lesson_id: str = ""
    last_at: datetime | None = None


@dataclass(frozen=True)
class CardState:
    """An FSRS card's state. ``state`` is "learning", "review" or "relearning"."""

    key: str
    due: datetime
    state: str
    stability: float | None
    difficulty: float | None
    reps: int
    lapses: int = 0
    last_review: datetime | None = None


@dataclass(frozen=True)
class NotebookEntry:
    """A question waiting in the wrong-answer notebook, with the instance to replay."""

    question_id: str
    lesson_id: str
    response: Any
    instance: dict | None
    seed: int | None
    option_order: list[int] | None
    wrong_count: int
    correct_days: int
    leech: bool
    last_wrong_at: datetime
    first_wrong_at: datetime
    correct_on: tuple[str, ...] = ()
    since_attempt_id: int = 0


@dataclass(frozen=True)
class ReadingState:
    """Where the learner is in a lesson."""

    position: str | None = None
    sections_read: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class DrillRecord:
    """A timed drill: the frozen items, what was answered so far, and the outcome."""

    id: int
    spec: dict
    items: list[dict]
    answers: list[Any]
    answered: list[bool]
    flags: list[bool]
    question_s: list[float | None]
    elapsed_s: float
    duration_s: float
    status: str
    result: dict | None
    started_at: datetime
    finished_at: datetime | None

    @property
    def remaining_s(self) -> float:
        """Seconds left on the drill's clock (never negative)."""
        return max(0.0, self.duration_s - self.elapsed_s)


@dataclass(frozen=True)
class BackupInfo:
    """A backup file; ``created`` comes from its UTC timestamped name."""

    path: Path
    created: datetime
    size: int
    tag: str = ""
