"""Practice sessions: a queue of questions, one instance at a time, graded and recorded before moving on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MODES = ("practice", "notebook", "cram")
UNKNOWN_LESSON = "-"  # the store needs a lesson id; a question outside any bank file gets this


def response_to_json(kind: str, response: Any) -> Any:
    """A UI response as JSON (a multi's set becomes a sorted list)."""
    if response is None:
        return None
    if kind == "multi":
        return sorted(int(i) for i in response)
    if kind == "order":
        return [int(i) for i in response]
    if kind == "matrix":
        return [[str(c) for c in row] for row in response]
    return response


def response_from_json(kind: str, data: Any) -> Any:
    """The response ``grade`` expects from its stored JSON form."""
    if kind == "multi":
        return {int(i) for i in data}
    if kind == "single":
        return int(data)
    if kind == "true_false":
        return bool(data)
    if kind == "order":
        return [int(i) for i in data]
    if kind == "matrix":
        return [[str(c) for c in row] for row in data]
    return str(data)


def practice_pool(bank: Any, store: Any, *, lesson: str | None = None, objective: str | None = None,
                  tag: str | None = None, due: bool = False, now: Any = None) -> list[Any]:
    """The questions to practise, in order.

    With ``due``, the questions whose schedule (card ``q:<id>``) is due come first, then the ones
    never answered; otherwise the bank's questions filtered by lesson, objective and tag.
    """
    if lesson is not None:
        pool = list(bank.questions_for(lesson))
    else:
        pool = list(bank.questions.values())
    if objective is not None:
        pool = [q for q in pool if q.objective == objective]
    if tag is not None:
        pool = [q for q in pool if tag in q.tags]
    if not due:
        return pool
    due_keys = set(store.due_cards("q:", now=now))
    known = store.card_keys("q:")
    due_qs = [q for q in pool if f"q:{q.id}" in due_keys]
    new_qs = [q for q in pool if f"q:{q.id}" not in known]
    return due_qs + new_qs


@dataclass
class Answered:
    """The outcome of one answer: the grade and the store's attempt id (None if the write failed)."""

    grade: Any
    attempt_id: int | None
    error: Exception | None = None
    overridden: bool = False  # the learner said "I was actually right"


class PracticeSession:
    """A round of questions: think countdown, answer once, feedback, next.

    The state of the current question is "thinking" (options hidden until ``think_seconds`` have
    passed on the monotonic clock, or the learner skips), "answering", or "answered". ``answer``
    accepts exactly one response per question, so a held key cannot record twice.
    """

    def __init__(self, store: Any, clock: Any, questions: Sequence[Any] = (), *, mode: str = "practice",
                 lesson_of: dict[str, str] | None = None, instances: Sequence[Any] | None = None,
                 lang: str = "zh-TW"):
        """Args:
            store: the progress store (``record_answer``, ``record_override``).
            clock: a Clock.
            questions: questions to ask with fresh instances, or
            instances: prepared ``QuestionInstance``s to replay (the notebook).
            mode: "practice", "notebook" or "cram" (cram never moves a schedule).
            lesson_of: question id -> lesson id.
        """
        self.store, self.clock, self.mode, self.lang = store, clock, mode, lang
        self._questions = list(questions)
        self._instances = list(instances) if instances is not None else None
        self.lesson_of = lesson_of or {}
        self.index = -1
        self.instance: Any = None
        self.state = "done"
        self.last: Answered | None = None
        self.results: list[bool] = []
        self._shown_at = 0.0
        self._think_until = 0.0
        self.next()

    def __len__(self) -> int:
        return len(self._instances if self._instances is not None else self._questions)

    @property
    def done(self) -> bool:
        return self.state == "done"

    def next(self) -> bool:
        """Move to the next question; False when the round is over."""
        if self.state in ("thinking", "answering") and self.index >= 0:
            return False  # unanswered: "next" is not allowed yet
        self.index += 1
        self.last = None
        if self.index >= len(self):
            self.state, self.instance = "done", None
            return False
        if self._instances is not None:
            self.instance = self._instances[self.index]
        else:
            from quizterm.quiz import make_instance

            self.instance = make_instance(self._questions[self.index])
        now = self.clock.monotonic()
        think = self.instance.think_seconds or 0
        self._think_until = now + think
        self._shown_at = now
        self.state = "thinking" if think else "answering"
        return True

    def think_left(self) -> float:
        """Seconds until the options show; 0 once answering."""
        if self.state != "thinking":
            return 0.0
        left = self._think_until - self.clock.monotonic()
        if left <= 0:
            self.reveal()
            return 0.0
        return left

    def reveal(self) -> None:
        """End the think countdown now (it ran out, or the learner skipped)."""
        if self.state == "thinking":
            self.state = "answering"
            self._shown_at = self.clock.monotonic()

    def answer(self, response: Any) -> Answered | None:
        """Grade ``response`` and record it before returning; None if not accepting an answer.

        Raises:
            InvalidResponse: the input cannot be read (nothing is recorded; ask again).
        """
        if self.state == "thinking":
            self.think_left()
        if self.state != "answering":
            return None
        from quizterm.quiz import grade
        from quizterm.store import Attempt, StoreError

        g = grade(self.instance, response, lang=self.lang)
        inst = self.instance
        attempt = Attempt(
            question_id=inst.question_id, lesson_id=self.lesson_of.get(inst.question_id) or UNKNOWN_LESSON,
            mode=self.mode, response=g.response_json, correct=g.correct, seed=inst.seed,
            option_order=list(inst.option_order or []), instance=inst.to_json(),
            time_ms=int(max(0.0, self.clock.monotonic() - self._shown_at) * 1000),
            misconception=g.misconception)
        self.state = "answered"  # before the write: a second key press must not record again
        try:
            attempt_id = self.store.record_answer(attempt, schedule=self.mode != "cram")
        except StoreError as exc:  # StoreWriteError: the UI notifies and keeps running
            self.last = Answered(g, None, exc)
            self.results.append(g.correct)
            return self.last
        self.last = Answered(g, attempt_id)
        self.results.append(g.correct)
        return self.last

    def can_override(self) -> bool:
        """"I was actually right" is offered for a wrong, recorded ``short`` answer."""
        return (self.state == "answered" and self.last is not None and self.instance.type == "short"
                and not self.last.grade.correct and self.last.attempt_id is not None
                and not self.last.overridden)

    def override(self) -> bool:
        """Record the learner's "I was actually right" as its own row; True if recorded."""
        if not self.can_override():
            return False
        self.store.record_override(self.last.attempt_id)
        self.last.overridden = True
        self.results[-1] = True
        return True

    def score(self) -> tuple[int, int]:
        """(right, answered) so far."""
        return sum(self.results), len(self.results)
