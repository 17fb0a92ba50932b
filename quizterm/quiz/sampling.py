"""Choosing questions: a pool by lesson/tag/objective, and a sample without repeats spread across objectives."""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class SelectionError(ValueError):
    """An impossible request (unknown tag, too many questions): one line with a suggestion.

    ``str(err)`` is the English line; ``err.message(lang)`` the line in a UI language. The text
    lives in the i18n catalogs under ``key`` (``drill.err.*``).
    """

    def __init__(self, key: str, *, selection: "Selection | None" = None, **kw: Any):
        self.key, self.selection, self.kw = key, selection, kw
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        """The line in ``lang``."""
        from quizterm.i18n import t

        kw = dict(self.kw)
        if "kind" in kw:
            kw["kind"] = t(lang, f"drill.err.kind.{kw['kind']}")
        if self.selection is not None:
            kw["where"] = self.selection.describe(lang)
        return t(lang, self.key, **kw)


@dataclass(frozen=True)
class Selection:
    """What the learner asked for: any of lesson, tag, objective (all optional, combined with AND)."""

    lesson: str | None = None
    tag: str | None = None
    objective: str | None = None

    def describe(self, lang: str = "en") -> str:
        """"lesson 'x', tag 'y'" (or "the whole bank") in ``lang``."""
        from quizterm.i18n import t

        parts = [t(lang, f"drill.err.where.{k}", value=v) for k, v in
                 (("lesson", self.lesson), ("tag", self.tag), ("objective", self.objective)) if v]
        return t(lang, "drill.err.where.join").join(parts) or t(lang, "drill.err.where.all")


def _unknown(kind: str, value: str, known: Sequence[str]) -> SelectionError:
    close = difflib.get_close_matches(value, list(known), n=1)
    if close:
        return SelectionError("drill.err.unknown_close", kind=kind, value=value, close=close[0])
    names = sorted(known)
    shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "") if names else "—"
    return SelectionError("drill.err.unknown_list", kind=kind, value=value, known=shown)


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
        raise _unknown("lesson", selection.lesson, list(bank.lessons))
    if selection.tag is not None and selection.tag not in bank.tags():
        raise _unknown("tag", selection.tag, sorted(bank.tags()))
    if selection.objective is not None and selection.objective not in _objectives(bank):
        raise _unknown("objective", selection.objective, _objectives(bank))
    if selection.lesson is not None:
        pool = list(bank.questions_for(selection.lesson))
    else:
        pool = list(bank.questions.values())
    if selection.tag is not None:
        pool = [q for q in pool if selection.tag in q.tags]
    if selection.objective is not None:
        pool = [q for q in pool if q.objective == selection.objective]
    if not pool:
        raise SelectionError("drill.err.none_match", selection=selection)
    return pool


def check_count(available: int, count: int, selection: Selection | None = None) -> None:
    """Raise ``SelectionError`` unless ``1 <= count <= available``, suggesting a count that works."""
    if count < 1:
        raise SelectionError("drill.err.count_low", count=count, suggest=min(10, available) or 1)
    if count > available and selection is None:
        raise SelectionError("drill.err.count_high_chosen", available=available, count=count)
    if count > available:
        raise SelectionError("drill.err.count_high", selection=selection, available=available, count=count)


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
            raise SelectionError("drill.err.no_questions")
    else:
        pool = select_pool(bank, selection)
    n = len({q.id for q in pool})
    if count is None:
        count = n if question_ids is not None else min(10, n)
    check_count(n, count, None if question_ids is not None else selection)
    if minutes is None:
        minutes = float(count)
    if not minutes > 0 or minutes != minutes:
        raise SelectionError("drill.err.minutes_low", minutes=f"{minutes:g}", suggest=max(1, count // 2))
    if minutes > 24 * 60:
        raise SelectionError("drill.err.minutes_high", minutes=f"{minutes:g}", suggest=count)
    if not 0 <= pass_mark <= 100:
        raise SelectionError("drill.err.pass", value=f"{pass_mark:g}")
    picked = sample_questions(pool, count, seed=seed)
    spec = {"lesson": lesson, "tag": tag, "objective": objective, "count": count, "minutes": minutes,
            "pass": pass_mark, "seed": seed}
    if question_ids is not None:
        spec["from"] = "questions"
    return DrillPlan(picked, float(minutes) * 60.0, spec)
