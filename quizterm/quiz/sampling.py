"""Choosing questions: a pool by lesson/tag/objective, and a sample without repeats spread across objectives."""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class SelectionError(ValueError):
    """An impossible request (unknown tag, too many questions); ``str(err)`` is one line with a suggestion."""


@dataclass(frozen=True)
class Selection:
    """What the learner asked for: any of lesson, tag, objective (all optional, combined with AND)."""

    lesson: str | None = None
    tag: str | None = None
    objective: str | None = None

    def describe(self) -> str:
        parts = [f"{k} '{v}'" for k, v in (("lesson", self.lesson), ("tag", self.tag),
                                           ("objective", self.objective)) if v]
        return ", ".join(parts) or "the whole bank"


def _suggest(kind: str, value: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(value, list(known), n=1)
    if close:
        return f"unknown {kind} '{value}' — did you mean '{close[0]}'?"
    names = sorted(known)
    shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "") if names else "none"
    return f"unknown {kind} '{value}' (known: {shown})"


def _objectives(bank: Any) -> list[str]:
    return sorted({q.objective for q in bank.questions.values()})


def select_pool(bank: Any, selection: Selection) -> list[Any]:
    """The questions matching ``selection``, in bank order.

    Args:
        bank: a ``quizterm.content.Bank``.
        selection: lesson / tag / objective filters.

    Raises:
        SelectionError: an unknown lesson, tag or objective, or a combination that matches nothing.
    """
    if selection.lesson is not None and selection.lesson not in bank.lessons \
            and selection.lesson not in set(bank.lesson_of_question.values()):
        raise SelectionError(_suggest("lesson", selection.lesson, list(bank.lessons)))
    if selection.tag is not None and selection.tag not in bank.tags():
        raise SelectionError(_suggest("tag", selection.tag, sorted(bank.tags())))
    if selection.objective is not None and selection.objective not in _objectives(bank):
        raise SelectionError(_suggest("objective", selection.objective, _objectives(bank)))
    if selection.lesson is not None:
        pool = list(bank.questions_for(selection.lesson))
    else:
        pool = list(bank.questions.values())
    if selection.tag is not None:
        pool = [q for q in pool if selection.tag in q.tags]
    if selection.objective is not None:
        pool = [q for q in pool if q.objective == selection.objective]
    if not pool:
        raise SelectionError(f"no question matches {selection.describe()} — drop one of the filters")
    return pool


def check_count(available: int, count: int, selection: Selection | None = None) -> None:
    """Raise ``SelectionError`` unless ``1 <= count <= available``, suggesting a count that works."""
    where = f" for {selection.describe()}" if selection else ""
    if count < 1:
        raise SelectionError(f"--count must be at least 1 (got {count}); try --count {min(10, available) or 1}")
    if count > available:
        raise SelectionError(f"only {available} questions exist{where}, not {count} — "
                             f"try --count {available} or widen the selection")


def sample_questions(pool: Sequence[Any], count: int, *, seed: int | None = None) -> list[Any]:
    """Up to ``count`` distinct questions from ``pool``, spread evenly across objectives.

    Each objective contributes in turn (round robin, objectives and questions in a seeded random
    order), so two objectives' shares differ by at most one unless an objective runs out. The
    result never holds a question twice and never more than ``count`` items.

    Args:
        pool: questions (anything with ``id`` and ``objective``).
        count: how many to draw; more than the pool gives the whole pool.
        seed: the random seed (None draws a fresh one).
    """
    rng = random.Random(seed)
    groups: dict[str, list[Any]] = {}
    seen: set[str] = set()
    for q in pool:
        if q.id in seen:  # a pool with a question twice still samples it once
            continue
        seen.add(q.id)
        groups.setdefault(q.objective, []).append(q)
    order = sorted(groups)
    rng.shuffle(order)
    for name in order:
        rng.shuffle(groups[name])
    picked: list[Any] = []
    while len(picked) < count and any(groups.values()):
        for name in order:
            if groups[name] and len(picked) < count:
                picked.append(groups[name].pop())
    rng.shuffle(picked)
    return picked


@dataclass(frozen=True)
class DrillPlan:
    """A checked drill request: the sampled questions, the time allowed and the spec to store."""

    questions: list[Any]
    duration_s: float
    spec: dict


def plan_drill(bank: Any, *, lesson: str | None = None, tag: str | None = None, objective: str | None = None,
               count: int | None = None, minutes: float | None = None, pass_mark: float = 60,
               seed: int | None = None, question_ids: Sequence[str] | None = None) -> DrillPlan:
    """Check a drill request and sample its questions.

    Defaults: 10 questions (or all, when fewer match), one minute per question.

    Raises:
        SelectionError: an impossible request, as one line with a suggestion.
    """
    selection = Selection(lesson, tag, objective)
    if question_ids is not None:
        pool = [bank.questions[q] for q in question_ids if q in bank.questions]
        if not pool:
            raise SelectionError("none of those questions exists any more — pick a lesson instead")
    else:
        pool = select_pool(bank, selection)
    n = len({q.id for q in pool})
    if count is None:
        count = n if question_ids is not None else min(10, n)
    check_count(n, count, None if question_ids is not None else selection)
    if minutes is None:
        minutes = float(count)
    if not minutes > 0 or minutes != minutes:
        raise SelectionError(f"--minutes must be more than 0 (got {minutes:g}); try --minutes {max(1, count // 2)}")
    if minutes > 24 * 60:
        raise SelectionError(f"--minutes {minutes:g} is more than a day; try --minutes {count}")
    if not 0 <= pass_mark <= 100:
        raise SelectionError(f"--pass must be between 0 and 100 (got {pass_mark:g}); try --pass 60")
    picked = sample_questions(pool, count, seed=seed)
    spec = {"lesson": lesson, "tag": tag, "objective": objective, "count": count, "minutes": minutes,
            "pass": pass_mark, "seed": seed}
    if question_ids is not None:
        spec["from"] = "questions"
    return DrillPlan(picked, float(minutes) * 60.0, spec)
