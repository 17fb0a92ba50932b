"""The timed drill state machine: a monotonic countdown, navigation, flags and answers written as given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from quizterm.quiz.drill_result import build_result, grade_items

TICK_SAVE_S = 5.0  # how often the time used is saved while nothing else is written


def is_complete(response_json: Any) -> bool:
    """Whether a stored response counts as answered: given, and for a grid every cell filled."""
    if response_json is None:
        return False
    if isinstance(response_json, list) and response_json and all(isinstance(r, list) for r in response_json):
        return all(str(c).strip() for row in response_json for c in row)
    return True


def question_meta(question: Any, lesson_id: str | None) -> dict:
    """What a drill remembers about a question besides its instance (survives later bank edits)."""
    return {"objective": question.objective, "tags": list(question.tags), "lesson": lesson_id}


class DrillSession:
    """One sitting of a drill.

    Time is ``elapsed_before`` (saved by earlier sittings) plus monotonic time while running; the
    wall clock never enters, so clock jumps cannot add or remove time. Every answer and flag goes
    to the store before the call returns.
    """

    def __init__(self, store: Any, clock: Any, drill_id: int, items: list[dict], spec: dict,
                 duration_s: float, *, elapsed_s: float = 0.0, answers: dict[int, Any] | None = None,
                 flags: Sequence[int] = (), question_s: dict[int, float] | None = None):
        self.store, self.clock, self.drill_id = store, clock, drill_id
        self.items, self.spec, self.duration_s = items, spec, float(duration_s)
        self.answers: dict[int, Any] = dict(answers or {})
        self.flags: set[int] = set(flags)
        self.question_s: dict[int, float] = {i: 0.0 for i in range(len(items))}
        self.question_s.update(question_s or {})
        self.current = 0
        self.visited: set[int] = {0} | set(self.answers) | self.flags
        self.status = "running"
        self.result: dict | None = None
        self._base = max(0.0, float(elapsed_s))
        self._since: float | None = clock.monotonic()
        self._q_since = self._since
        self._saved_at = self._since

    # --- creation -------------------------------------------------------------------------
    @classmethod
    def start(cls, store: Any, clock: Any, questions: Sequence[Any], *, bank: Any = None,
              spec: dict | None = None, duration_s: float, seed: int | None = None) -> "DrillSession":
        """Make fresh instances of ``questions`` and open a drill in the store.

        Args:
            store: the progress store.
            clock: a Clock (its monotonic time runs the countdown).
            questions: the sampled questions, in drill order.
            bank: the bank, to note each question's lesson.
            spec: what was asked (lesson/tag/objective/count/minutes/pass/seed).
            duration_s: the time allowed.
            seed: derives each instance's seed (None: fresh numbers every time).
        """
        import random

        from quizterm.quiz import make_instance

        rng = random.Random(seed)
        items, meta = [], []
        for q in questions:
            inst = make_instance(q, None if seed is None else rng.randrange(2**31))
            items.append(inst.to_json())
            lesson = bank.lesson_of_question.get(q.id) if bank is not None else None
            meta.append(question_meta(q, lesson))
        spec = dict(spec or {})
        spec["meta"] = meta
        spec.setdefault("pass", 60)
        drill_id = store.start_drill(spec, items, duration_s)
        return cls(store, clock, drill_id, items, spec, duration_s)

    @classmethod
    def resume(cls, store: Any, clock: Any, record: Any) -> "DrillSession":
        """Continue an unfinished drill from its store record with the time it had left."""
        answered = list(record.answered)
        answers = {i: a for i, a in enumerate(record.answers)
                   if (answered[i] if i < len(answered) else a is not None) and a is not None}
        flags = [i for i, f in enumerate(record.flags) if f]
        qs = {i: float(s) for i, s in enumerate(record.question_s or []) if s is not None}
        return cls(store, clock, record.id, list(record.items), dict(record.spec), record.duration_s,
                   elapsed_s=record.elapsed_s, answers=answers, flags=flags, question_s=qs)

    # --- time -----------------------------------------------------------------------------
    def elapsed(self) -> float:
        """Seconds used so far (never negative, never more than the duration)."""
        run = 0.0 if self._since is None else max(0.0, self.clock.monotonic() - self._since)
        return min(self.duration_s, self._base + run)

    def remaining(self) -> float:
        return max(0.0, self.duration_s - self.elapsed())

    @property
    def paused(self) -> bool:
        return self.status == "paused"

    @property
    def finished(self) -> bool:
        return self.status == "submitted"

    def _book_question_time(self) -> None:
        if self._since is None:
            return
        now = self.clock.monotonic()
        ends = self._since + max(0.0, self.duration_s - self._base)  # no question time after the end
        spent = max(0.0, min(now, ends) - self._q_since)
        self.question_s[self.current] = self.question_s.get(self.current, 0.0) + spent
        self._q_since = max(self._q_since, min(now, ends))

    def tick(self) -> str:
        """Advance time: save it every few seconds, submit at zero. Returns the status."""
        if self.status != "running":
            return self.status
        if self.remaining() <= 0:
            self.submit(timed_out=True)
            return self.status
        now = self.clock.monotonic()
        if now - self._saved_at >= TICK_SAVE_S:
            self._saved_at = now
            self.store.drill_tick(self.drill_id, self.elapsed())
        return self.status

    def pause(self) -> None:
        """Stop the clock (the UI hides the questions) and save the time used."""
        if self.status != "running":
            return
        self._book_question_time()
        self._base = self.elapsed()
        self._since = None
        self.status = "paused"
        self.store.drill_tick(self.drill_id, self._base)

    def resume_clock(self) -> None:
        if self.status != "paused":
            return
        self._since = self._q_since = self._saved_at = self.clock.monotonic()
        self.status = "running"

    # --- navigation -----------------------------------------------------------------------
    def goto(self, index: int) -> None:
        """Show question ``index`` (clamped); time so far is booked to the one being left."""
        if self.status != "running":
            return
        index = max(0, min(len(self.items) - 1, index))
        self._book_question_time()
        self.current = index
        self.visited.add(index)

    def next(self) -> None:
        self.goto(self.current + 1)

    def prev(self) -> None:
        self.goto(self.current - 1)

    def next_flagged(self, step: int = 1) -> bool:
        """Jump to the next flagged question after the current one (wrapping); False if none."""
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.current + step * k) % n
            if i in self.flags:
                self.goto(i)
                return True
        return False

    # --- answers and flags ----------------------------------------------------------------
    def answer(self, response_json: Any) -> None:
        """Set (or with None clear) the current question's answer and write it to the store.

        Raises:
            StoreWriteError: not saved yet (it is kept in memory and saved again on submit).
        """
        if self.status != "running":
            return
        i = self.current
        self._book_question_time()
        # Kept in memory even if the write fails: submitting writes every answer again.
        if response_json is None:
            self.answers.pop(i, None)
        else:
            self.answers[i] = response_json
        self.store.drill_answer(self.drill_id, i, response_json, elapsed_s=self.elapsed(),
                                question_s=self.question_s[i])

    def toggle_flag(self, index: int | None = None) -> bool:
        """Flag or unflag a question (default: the current one); returns the new flag."""
        if self.status != "running":
            return False
        i = self.current if index is None else index
        flagged = i not in self.flags
        (self.flags.add if flagged else self.flags.discard)(i)
        self.store.drill_flag(self.drill_id, i, flagged)
        return flagged

    def palette(self) -> list[str]:
        """Per question: "unvisited", "seen", "answered", "flagged" or "answered-flagged"."""
        out = []
        for i in range(len(self.items)):
            answered, flagged = is_complete(self.answers.get(i)), i in self.flags
            if answered and flagged:
                out.append("answered-flagged")
            elif flagged:
                out.append("flagged")
            elif answered:
                out.append("answered")
            else:
                out.append("seen" if i in self.visited else "unvisited")
        return out

    def counts(self) -> dict[str, int]:
        """How many are answered, unanswered and flagged (for the submit confirmation)."""
        n = len(self.items)
        done = sum(1 for a in self.answers.values() if is_complete(a))
        return {"total": n, "answered": done, "unanswered": n - done,
                "flagged": len(self.flags)}

    # --- the end --------------------------------------------------------------------------
    def abandon(self) -> None:
        """Give the drill up: the answered questions are recorded as attempts, nothing else is graded."""
        if self.result is not None or self.status == "abandoned":
            return
        self._book_question_time()
        self._base, self._since = self.elapsed(), None
        answered = {i: a for i, a in self.answers.items() if a is not None}
        attempts, _ = grade_items(self.items, answered, self.spec, self.question_s, drill_id=self.drill_id)
        self.store.abandon_drill(self.drill_id, [attempts[i] for i in sorted(answered)])
        self.status = "abandoned"

    def submit(self, *, timed_out: bool = False) -> dict:
        """Grade every item and finish the drill in the store (one transaction); returns the result."""
        if self.result is not None:
            return self.result
        self._book_question_time()
        used = self.elapsed()
        self._base, self._since = used, None
        attempts, graded = grade_items(self.items, self.answers, self.spec, self.question_s,
                                       drill_id=self.drill_id)
        result = build_result(graded, self.spec, flags=self.flags, time_used_s=used,
                              duration_s=self.duration_s, timed_out=timed_out)
        self.store.finish_drill(self.drill_id, attempts, result)
        self.status = "submitted"
        self.result = result
        return result
